"""于吉's skill (风): 蛊惑 (guhuo).

At the table he lays a hand card face down and says what it is; the others,
in seat order from him, say whether they doubt it; then it is turned up. The
record:

- ``skill 4 guhuo -> 2`` (the targets of the card he declares, if it has any)
  then ``choose 4 sha`` (the kind he declares: a basic card or a non-delayed
  trick);
- each other living seat in seat order: ``choose N believe`` or
  ``choose N doubt``;
- ``show 4 #id``: the card turned up.

Nobody doubts: it is used as declared. Doubted and true (the card is of the
kind declared): each doubter loses 1 HP, and the card is used only when it is
a heart. Doubted and false: each doubter draws a card. A card not used goes to
the discard pile with no effect (the published 风 card).

In his play phase the card is used (any basic card or non-delayed trick but
借刀杀人); asked for a 闪, a 杀 or a 桃 for a dying seat (``skill 4 guhuo`` while
the request waits), it is played for it: declared as what is asked, and once it
stands it answers the request. Asked for a 无懈可击, the rule does not settle it.
"""

from __future__ import annotations

from engine.cards import CardKind, CardType, Suit, Target
from engine.catalogue import standard_catalogue
from engine.context import Ctx
from engine.derived import card, check_target, kind, sha_uses_left
from engine.frames import Ask, CardUse, Dying, Expect, SkillUse
from engine.moves import Skill
from engine.registry import rule, rule_source
from engine.settlement import heal, lose_hp, push
from engine.state import Phase, evolve
from engine.table import IllegalMove, Table
from engine.text import say

# What he may declare in his play phase: a basic card or a non-delayed trick that is
# used (not a Shan or 无懈可击, which only answer; 借刀杀人's two seats are not settled here).
DECLARED = tuple(
    sorted(
        k.key
        for k in standard_catalogue().kinds.values()
        if k.type in (CardType.BASIC, CardType.TRICK)
        and k.key not in ("shan", "nullification", "collateral")
    )
)
_ALL = (*DECLARED, "shan")  # the kinds a declaration names, by index (SkillUse.value)
ANSWERS = ("believe", "doubt")
# What he may declare when asked for a card (the kinds that answer it).
ANSWERING = {
    "shan": ("shan",),
    "sha": ("sha", "fire_sha", "thunder_sha"),
    "tao": ("tao", "jiu"),  # 酒 only for himself, dying
}
_ASKING = 10  # steps from here: how many seats answered
_SHOWN = 100  # the card is turned up


def _others(t: Table, seat: int) -> tuple[int, ...]:
    return tuple(s for s in t.order_from(seat) if s != seat and t.seat(s).alive)


def _declared_targets(
    t: Table, seat: int, card_kind: CardKind, given: tuple[int, ...]
) -> tuple[int, ...]:
    """The declared card's targets, checked as its own (the card itself unseen)."""
    mode = card_kind.target
    if mode is Target.SELF:
        if given not in ((), (seat,)):
            raise IllegalMove(say("{card} is used on yourself", card=card_kind))
        return (seat,)
    if mode in (Target.ALL_OTHERS, Target.ALL):
        everyone = tuple(
            s for s in t.order_from(seat) if t.seat(s).alive and (mode is Target.ALL or s != seat)
        )
        if given not in ((), everyone):
            raise IllegalMove(say("{card} targets everyone in order", card=card_kind))
        return everyone
    high = 2 if mode is Target.UP_TO_TWO else 1
    if not 1 <= len(given) <= high:
        raise IllegalMove(
            say("{skill}: name the target of {card}", skill=rule_source("guhuo"), card=card_kind)
        )
    for target in given:
        check = check_target(t, seat, card_kind, target)
        if not check.legal:
            raise IllegalMove(check.reason if check.reason else say("not a legal target"))
    return given


def _asked(t: Table, owner: int, event: object) -> bool:
    """He is asked for a 闪 or a 杀 for himself (not 借刀杀人's, not for another), or for
    a 桃 for a dying seat, with a hand card."""
    return (
        isinstance(event, Ask)
        and not event.anyone
        and not (event.for_seat and event.want != "tao")
        and not event.helping
        and event.want in ANSWERING
        and event.asked == owner
        and t.seat(owner).hand_count > 0
    )


def _answering(t: Table, use: SkillUse) -> Ask | None:
    """The request the face-down card answers (the frame under the skill), if any."""
    below = t.stack[-2] if len(t.stack) > 1 else None
    return below if isinstance(below, Ask) and below.asked == use.seat else None


def _declare(ctx: Ctx, use: SkillUse) -> SkillUse:
    """The kind is declared (``use.word``): check the targets as the card's own."""
    t = ctx.table
    declared = use.word
    ask = _answering(t, use)
    if ask is not None:  # played for what is asked: the kind must answer it
        kinds = ANSWERING[ask.want]
        if declared not in kinds or (declared == "jiu" and ask.for_seat != use.seat):
            raise IllegalMove(
                say(
                    "{card} does not answer a request for {wanted}",
                    card=kind(declared) if declared in DECLARED else declared,
                    wanted=kind(ask.want),
                )
            )
        return evolve(use, value=_ALL.index(declared), step=_ASKING, word="")
    if declared not in DECLARED:
        raise IllegalMove(
            say("{skill}: a basic card or a non-delayed trick", skill=rule_source(use.key))
        )
    card_kind = kind(declared)
    targets = _declared_targets(t, use.seat, card_kind, use.targets)
    if card_kind.is_sha:
        left = sha_uses_left(t, use.seat)
        if left is not None and left <= 0:
            raise IllegalMove(say("one Sha per play phase: already used"))
    if declared == "tao" and not t.seat(use.seat).wounded:
        raise IllegalMove(say("seat {seat} is not wounded", seat=use.seat))
    if declared == "jiu" and t.turn.jiu_used:
        raise IllegalMove(say("{card} once per turn", card=card_kind))
    return evolve(use, targets=targets, value=_ALL.index(declared), step=_ASKING, word="")


def _guhuo_step(ctx: Ctx, use: SkillUse) -> None:
    t = ctx.table
    seat = use.seat
    if use.step == 0:
        t.stack[-1] = evolve(use, step=1)
        reason = say("{skill}: say what the face-down card is", skill=rule_source(use.key))
        ask = _answering(t, use)
        options = ANSWERING[ask.want] if ask is not None else DECLARED
        push(t, Expect("choose", seat, reason, options=options))
        return
    if use.step == 2:  # the kind chosen (the choice moved the step on)
        use = _declare(ctx, use)
        t.stack[-1] = use
    if _ASKING <= use.step < _SHOWN:
        others = _others(t, seat)
        answered = use.step - _ASKING
        if answered and use.word:
            doubter = others[answered - 1]
            if use.word == "doubt":
                use = evolve(use, other=use.other | (1 << doubter))
            use = evolve(use, word="")
            t.stack[-1] = use
        if answered < len(others):
            declared = _ALL[use.value]
            reason = say(
                "{skill}: seat {seat} says the card is {card}: believe or doubt",
                skill=rule_source(use.key),
                seat=seat,
                card=kind(declared),
            )
            push(t, Expect("choose", others[answered], reason, options=ANSWERS))
            return
        t.stack[-1] = evolve(use, step=_SHOWN)
        reason = say("{skill}: turn the card up (show)", skill=rule_source(use.key))
        push(t, Expect("shown", seat, reason))
        return
    _settle_guhuo(ctx, use)


def _settle_guhuo(ctx: Ctx, use: SkillUse) -> None:
    t = ctx.table
    ask = _answering(t, use)
    t.stack.pop()
    seat = use.seat
    shown = use.cards[0]
    declared = _ALL[use.value]
    doubters = [s for s in t.order_from(seat) if use.other & (1 << s)]
    t.move(shown, "processing")
    true = card(shown).key == declared
    settles = not doubters or (true and card(shown).suit is Suit.HEART)
    if settles and ask is not None and ask.want == "tao":  # a 桃 (酒) for the dying seat
        t.move(shown, "discard")
        heal(t, ask.for_seat, 1)
        if t.seat(ask.for_seat).hp > 0:  # saved: the Peach round is over
            t.stack.pop()
            dying = t.stack[-1]
            if isinstance(dying, Dying):
                t.stack[-1] = evolve(dying, at=len(dying.order))
        else:
            t.stack[-1] = evolve(ask, got=ask.got + 1)
    elif settles and ask is not None:  # it answers the request, as if played
        t.move(shown, "discard")
        t.stack[-1] = evolve(ask, got=ask.got + 1)  # closed once enough were given
    elif settles:
        card_kind = kind(declared)
        if card_kind.is_sha:
            t.set_turn(sha_used=t.turn.sha_used + 1, sha_this_turn=True)
        if declared == "jiu":
            t.set_turn(jiu_used=t.turn.jiu_used + 1)
        push(t, CardUse(seat, declared, (shown,), use.targets))
    else:
        t.move(shown, "discard")
    for doubter in reversed(doubters):
        if not t.seat(doubter).alive:
            continue
        if true:
            lose_hp(ctx, doubter, 1)
        else:
            t.draw_unknown(doubter, 1)


@rule("guhuo", phases=(Phase.PLAY,), step=_guhuo_step, targets=(0, None), answers=_asked)
def guhuo(ctx: Ctx, m: Skill, event: object) -> None:
    """蛊惑: lays a hand card face down and declares it a basic card or a non-delayed
    trick; the others may doubt it; then it is turned up and settles (see above)."""
    t = ctx.table
    if m.cards or m.unknown:
        raise IllegalMove(
            say(
                "{skill}: the card lies face down: name the targets only, show it later",
                skill=rule_source(m.skill),
            )
        )
    if t.seat(m.seat).hand_count == 0:
        raise IllegalMove(say("{skill} needs a hand card", skill=rule_source(m.skill)))
    if isinstance(event, Ask):  # asked for a card: the face-down card answers it
        if m.targets:
            raise IllegalMove(
                say("{skill}: played for what is asked: no targets", skill=rule_source(m.skill))
            )
        push(t, SkillUse(m.seat, "guhuo"))
        return
    if not any(_fits(ctx, SkillUse(m.seat, "guhuo", targets=m.targets, word=k)) for k in DECLARED):
        raise IllegalMove(
            say("{skill}: no card he may declare fits these targets", skill=rule_source(m.skill))
        )
    push(t, SkillUse(m.seat, "guhuo", targets=m.targets))


def _fits(ctx: Ctx, use: SkillUse) -> bool:
    try:
        _declare(ctx, use)
    except IllegalMove:
        return False
    return True
