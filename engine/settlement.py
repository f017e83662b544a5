"""Settling the stack: card effects, damage, dying and death, delayed tricks.

``settle`` advances everything that follows from the rules alone until a
player must act (an :class:`Ask` or :class:`Expect` on top) or the stack is
empty. Newest first: a frame pushed on top settles before the one under it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.cards import Colour, Element, Suit
from engine.catalogue import standard_catalogue
from engine.context import Ctx
from engine.derived import (
    attack_range,
    card,
    distance,
    effects_of,
    kind,
    no_effect_on,
    owned_keys,
    suit_for,
)
from engine.effects import DoubleResponse
from engine.frames import (
    BIT,
    Ask,
    CardUse,
    DamageEvent,
    Death,
    Dying,
    Expect,
    Judgement,
    Judging,
    Occasion,
    Point,
    SkillUse,
    Window,
)
from engine.modes import Mode, NeedRole, Split, Transform
from engine.registry import (
    AT_POINT,
    COMPULSORY,
    DAMAGED,
    ON_DEATH,
    RULES,
    SETTLED,
    TRIGGERS,
    fire,
)
from engine.state import Phase, evolve
from engine.table import GameOver, Table
from engine.text import Text, say
from engine.windows import at_point, may_open, owned_anywhere, step_window

SHA = frozenset({"sha", "fire_sha", "thunder_sha"})
TRICKS_ASKING_NULLIFICATION = frozenset(
    {
        "dismantlement",
        "snatch",
        "duel",
        "collateral",
        "ex_nihilo",
        "savage_assault",
        "archery_attack",
        "god_salvation",
        "amazing_grace",
        "iron_chain",
        "fire_attack",
        "flood",
    }
)


Effect = Callable[["Ctx", CardUse], None]

# ---------------------------------------------------------------- helpers


def needs(t: Table, user: int, card_kind: str, target: int = 0) -> int:
    """How many cards answer ``user``'s card: two against 无双 (and 无前's 无双 this
    turn; 肉林: a Sha between 董卓 and a woman, either way)."""
    for _, effect in effects_of(t.seat(user)):
        if isinstance(effect, DoubleResponse) and card_kind in effect.cards:
            return 2
    if f"{user}:wuqian" in t.turn.flags and card_kind in (*SHA, "duel"):
        return 2
    if target and card_kind in SHA and _roulin(t, user, target):
        return 2
    return 1


def _roulin(t: Table, user: int, target: int) -> bool:
    """肉林 (董卓, compulsory): his Sha on a woman, or a woman's Sha on him."""
    if "roulin" not in owned_anywhere(t):
        return False
    for owner, other in ((user, target), (target, user)):
        if "roulin" in owned_keys(t.seat(owner)):
            o = t.seat(other)
            shown = [g for g in o.generals if g not in o.hidden]
            if shown and standard_catalogue().general(shown[0]).gender.value == "female":
                return True
    return False


def armour_ignored(t: Table, user: int | None, card_kind: str | None) -> bool:
    """青釭剑: the user's Sha ignores the target's armour (无前: anything of his, this turn)."""
    if user is not None and f"{user}:wuqian" in t.turn.flags:
        return True
    if user is None or card_kind not in SHA:
        return False
    weapon = t.seat(user).weapon
    return weapon is not None and card(weapon).key == "qinggang_sword"


def armour_key(t: Table, seat: int) -> str | None:
    armour = t.seat(seat).armour
    return card(armour).key if armour is not None else None


def card_colour(cards: tuple[int, ...]) -> Colour | None:
    """A card's colour; several cards of one colour keep it; mixed or none: no colour."""
    colours = {card(c).colour for c in cards}
    return colours.pop() if len(colours) == 1 else None


def anyone_may_nullify(t: Table) -> bool:
    return any(s.alive and s.hand_count > 0 for s in t.seats)


def nullification_ask(t: Table, reason: Text) -> Ask:
    return Ask("nullification", t.order_from(t.turn.seat or 1), reason, anyone=True)


def push(t: Table, frame: object) -> None:
    t.stack.append(frame)


def replace_top(t: Table, frame: object) -> None:
    t.stack[-1] = frame


# ---------------------------------------------------------------- the loop


def settle(ctx: Ctx) -> None:
    """Advance the stack until a player must act (an Ask, Expect or Window on top)."""
    t = ctx.table
    guard = 0
    while True:
        if t.lost_equipment or t.hand_watch:
            watch_losses(ctx)
        if not t.stack:
            return
        guard += 1
        if guard > 10_000:
            raise AssertionError("settlement does not progress")
        top = t.stack[-1]
        kind_of = type(top)  # frames are final named tuples: an exact type test is enough
        if kind_of is Ask:
            assert isinstance(top, Ask)
            if top.want == "tao" and not t.seats[top.for_seat - 1].alive:
                t.stack.pop()  # the dying seat died some other way meanwhile
                continue
            if not top.anyone and top.want != "tao" and top.got >= top.need:
                # Answered by a judgement (八卦阵), for the seat itself or for the one
                # it helps (护驾): the judgement card itself went to the discard pile.
                if _shan_used(t, top):  # 雷击: 八卦阵's 闪 counts as one played
                    continue
                if top.helping:
                    t.stack.pop()
                    helped(ctx, top, (), top.want)
                else:
                    close_ask(ctx, top, True)
                continue
            if not top.anyone and _asked_window(t, top):
                continue
            return
        if kind_of is Expect:
            return
        if kind_of is Window:
            assert isinstance(top, Window)
            if step_window(t, top):
                return
            continue
        stepper = _STEPPERS.get(kind_of)
        if stepper is None:
            raise AssertionError(f"unknown frame {top!r}")
        stepper(ctx, top)


def _shan_used(t: Table, ask: Ask) -> bool:
    """雷击: a 闪 given by a judgement (八卦阵) opens the window after a 闪 played, once
    (the bit of Point.SHAN_USED in ``ask.opened``; a 闪 played by hand sets it too)."""
    bit = BIT[Point.SHAN_USED]
    if ask.want != "shan" or ask.opened & bit or not may_open(t, Point.SHAN_USED, ask.asked):
        return False
    t.stack[-1] = evolve(ask, opened=ask.opened | bit)
    push(t, Occasion(Point.SHAN_USED, ask.asked))
    return True


def _step_skill(ctx: Ctx, f: SkillUse) -> None:
    step = RULES[f.key].step
    assert step is not None, f.key
    step(ctx, f)


def _step_occasion(ctx: Ctx, f: Occasion) -> None:
    if not at_point(ctx.table, f, f.point):
        ctx.table.stack.pop()


_ASKED_POINTS = {"shan": Point.SHAN_NEEDED, "sha": Point.SHA_NEEDED}


def _asked_window(t: Table, ask: Ask) -> bool:
    """护驾 / 激将: a window for the seat asked, before it answers (once per seat asked)."""
    point = _ASKED_POINTS.get(ask.want)
    if point is None or ask.helping:
        return False
    return at_point(t, ask, point)


def _watching() -> frozenset[str]:
    return AT_POINT.get(Point.HAND_EMPTIED, frozenset()) | AT_POINT.get(
        Point.CARD_LOST, frozenset()
    )


def watch_hands(t: Table) -> None:
    """Note the hand sizes of the seats whose skills watch for their last hand card
    (连营), before a move changes them; `watch_losses` compares."""
    keys = _watching() & owned_anywhere(t)
    if not keys:  # nobody has 连营 or 屯田
        t.hand_watch = {}
        return
    t.hand_watch = {s.seat: s.hand_count for s in t.seats if s.alive and owned_keys(s) & keys}


def watch_losses(ctx: Ctx) -> None:
    """Seats that lost equipment or their last hand card: 白银狮子 heals, windows open
    for 枭姬 and 连营 (one Occasion each, over whatever is being settled)."""
    t = ctx.table
    if t.lost_equipment:
        lost, t.lost_equipment = t.lost_equipment, []
        for seat, card_id in lost:
            s = t.seat(seat)
            if not s.alive:
                continue
            if card(card_id).key == "silver_lion" and s.wounded:
                heal(t, seat, 1)
            if may_open(t, Point.EQUIPMENT_LOST, seat):
                push(t, Occasion(Point.EQUIPMENT_LOST, seat, (card_id,)))
            if may_open(t, Point.CARD_LOST, seat):  # 屯田
                push(t, Occasion(Point.CARD_LOST, seat, (card_id,)))
    watched = t.hand_watch
    if not watched:
        return
    for seat, before in watched.items():
        now = t.seats[seat - 1].hand_count
        if now != before:
            watched[seat] = now
            if now == 0 and t.seats[seat - 1].alive and may_open(t, Point.HAND_EMPTIED, seat):
                push(t, Occasion(Point.HAND_EMPTIED, seat))
            if now < before and t.seats[seat - 1].alive and may_open(t, Point.CARD_LOST, seat):
                push(t, Occasion(Point.CARD_LOST, seat))  # 屯田: a hand card lost


def helped(ctx: Ctx, ask: Ask, cards: tuple[int, ...], used: str) -> None:
    """A card played for ``ask.for_seat`` (护驾, 激将): it answers that seat's own need."""
    t = ctx.table
    top = t.stack[-1] if t.stack else None
    if isinstance(top, SkillUse):  # 激将 used to make a Sha: the step handler uses it
        replace_top(t, evolve(top, cards=cards, word=used, step=top.step + 1))
        return
    if isinstance(top, Window):
        t.stack.pop()
    own = t.stack[-1] if t.stack else None
    if isinstance(own, Ask) and own.want == "sha" and own.for_seat and not own.helping:
        # 借刀杀人: the wielder uses the Sha he was given on the named victim.
        t.stack.pop()
        sha_given(t)
        push(t, CardUse(ask.for_seat, used, cards, (own.for_seat,), counts_for_limit=False))
        return
    for c in cards:
        t.move(c, "discard")
    if isinstance(own, Ask) and own.asked == ask.for_seat:
        got = own.got + 1
        if got >= own.need:
            close_ask(ctx, evolve(own, got=got), True)
        else:
            replace_top(t, evolve(own, got=got))


def sha_given(t: Table) -> None:
    """The frame that asked for a Sha on a named seat (借刀杀人's card, 挑衅's skill) learns
    it was given: one step on."""
    below = t.stack[-1]
    if isinstance(below, SkillUse):  # 挑衅
        replace_top(t, evolve(below, step=below.step + 1))
        return
    assert isinstance(below, CardUse)
    replace_top(t, evolve(below, step=below.step + 1, answered=True))


def close_ask(ctx: Ctx, ask: Ask, success: bool) -> None:
    """The top Ask is over: pop it and tell the frame under it the outcome."""
    t = ctx.table
    t.stack.pop()
    below = t.stack[-1] if t.stack else None
    if isinstance(below, CardUse):
        if ask.want == "nullification":
            replace_top(t, evolve(below, nullified=ask.got % 2 == 1, step=below.step + 1))
        else:
            replace_top(t, evolve(below, step=below.step + 1, answered=success))
    elif isinstance(below, Judging):
        replace_top(t, evolve(below, nullified=ask.got % 2 == 1, step=1))
    elif isinstance(below, Dying):
        replace_top(t, evolve(below, at=len(below.order)))
    settle(ctx)


# ---------------------------------------------------------------- using a card


def _next_target(t: Table, f: CardUse) -> None:
    if f.at + 1 < len(f.targets):
        replace_top(
            t,
            evolve(
                f,
                at=f.at + 1,
                step=0,
                nullified=False,
                answered=False,
                point=Point.RESPOND,
                opened=0,
            ),
        )
    else:
        replace_top(t, evolve(f, point=Point.TO_DISCARD))


def _step_use(ctx: Ctx, f: CardUse) -> None:
    """003 卡牌使用顺序: declared (使用牌时), then target by target: becoming the
    target, after targeting, the responses, the effect; then to the discard pile."""
    t = ctx.table
    if f.point in (Point.DECLARE, Point.CHOOSE_TARGETS, Point.BECOME_TARGET):
        if f.kind == "amazing_grace" and f.step == 0:
            replace_top(t, evolve(f, step=1))
            push(t, Expect("reveal", f.user, _TURN_OVER, counts=(len(f.targets),)))
            return
        if at_point(t, f, Point.DECLARE):
            return
        f = evolve(f, point=Point.RESPOND, step=0, opened=0)
        t.stack[-1] = f  # and on to the first target at once
        if Point.DECLARE in TRIGGERS and fire(t, Point.DECLARE, f):  # 无谋 first
            return
    if f.point is Point.TO_DISCARD:
        for action in SETTLED.get(f.kind, ()):  # 巨象 takes the card first
            action(t, f)
        for c in f.cards:
            if t.where.get(c) == "processing":
                t.move(c, "discard")
        if f.kind == "amazing_grace":
            for c in list(t.processing):
                t.move(c, "discard")
        t.stack.pop()
        return
    if not f.targets:  # nobody it can affect (桃园结义 with everyone at full HP)
        replace_top(t, evolve(f, point=Point.TO_DISCARD))
        return
    target = f.target
    if not t.seats[target - 1].alive:
        _next_target(t, f)
        return
    if f.step == 0:
        if f.kind in _TARGETING_WATCHED and (
            at_point(t, f, Point.BECOME_TARGET) or at_point(t, t.stack[-1], Point.AFTER_TARGETING)
        ):
            return
        f = t.stack[-1]  # type: ignore[assignment]  # marked by at_point
        assert isinstance(f, CardUse)
        if f.kind in _VINE_PROOF and (
            (armour_key(t, target) == "vine_armour" and not armour_ignored(t, f.user, f.kind))
            or no_effect_on(t.seats[target - 1], f.kind)
        ):  # 藤甲 (unless 无前 ignores it); 祸首 and 巨象 for 南蛮入侵
            _next_target(t, f)  # no effect on it: nobody is asked to nullify it either
            return
        if f.kind in TRICKS_ASKING_NULLIFICATION and f.nullifiable and anyone_may_nullify(t):
            replace_top(t, evolve(f, step=1, point=Point.RESPOND))
            push(
                t,
                nullification_ask(t, say("{card} on seat {seat}", card=kind(f.kind), seat=target)),
            )
            return
        f = evolve(f, step=2, point=Point.TAKE_EFFECT)
        t.stack[-1] = f  # and on to its effect at once
    if f.nullified and f.step == 2:
        _next_target(t, f)
        return
    EFFECTS.get(f.kind, _no_effect)(ctx, f)


_VINE_PROOF = frozenset({"savage_assault", "archery_attack"})
# The cards whose targeting opens windows (becoming a target, after targeting): 杀,
# and 决斗 for 激昂.
_TARGETING_WATCHED = SHA | {"duel"}


def _no_effect(ctx: Ctx, f: CardUse) -> None:
    _next_target(ctx.table, f)


def _sha(ctx: Ctx, f: CardUse) -> None:
    t = ctx.table
    target = f.target
    if f.step == 2:
        colour = card_colour(f.cards)
        armour = None if armour_ignored(t, f.user, f.kind) else armour_key(t, target)
        if armour == "nioh_shield" and colour is Colour.BLACK:
            _next_target(t, f)
            return
        if armour == "vine_armour" and f.kind == "sha":
            _next_target(t, f)
            return
        if target in f.no_shan:  # 铁骑: no Shan can answer it
            replace_top(t, evolve(f, step=5, point=Point.TAKE_EFFECT))
            _sha_damage(t, f)
            return
        replace_top(t, evolve(f, step=3, point=Point.RESPOND))
        push(
            t,
            Ask(
                "shan",
                (target,),
                say("{card} from seat {seat}", card=kind(f.kind), seat=f.user),
                need=needs(t, f.user, f.kind, target),
            ),
        )
        return
    if f.step == 4:  # the Ask closed
        if f.answered:  # dodged: 贯石斧 and 青龙偃月刀 may act (牌被响应后)
            if at_point(t, f, Point.DODGED):
                return
            f = t.stack[-1]  # type: ignore[assignment]
            assert isinstance(f, CardUse)
        if f.answered:
            _next_target(t, f)
            return
        replace_top(t, evolve(f, step=5, point=Point.TAKE_EFFECT))
        _sha_damage(t, f)
        return
    _next_target(t, f)


def _sha_damage(t: Table, f: CardUse) -> None:
    element = kind(f.kind).element
    push(t, DamageEvent(f.target, 1 + f.bonus, element, f.user, f.kind, cards=f.cards))


def _duel(ctx: Ctx, f: CardUse) -> None:
    """决斗: target and user take turns playing Sha; the first who does not takes 1 damage.

    Odd steps wait for an Ask; an even step after one reads its answer.
    """
    t = ctx.table
    target = f.target
    if f.step >= 1000:  # the damage has been dealt
        _next_target(t, f)
        return
    if f.step == 2 or f.answered:
        turn = (f.step - 2) // 2  # 0: the target plays, 1: the user, 2: the target ...
        who, other = (target, f.user) if turn % 2 == 0 else (f.user, target)
        replace_top(t, evolve(f, step=f.step + 1, answered=False, point=Point.RESPOND))
        push(
            t,
            Ask(
                "sha",
                (who,),
                say("{card} with seat {seat}", card=kind(f.kind), seat=other),
                need=needs(t, other, "duel"),
            ),
        )
        return
    turn = (f.step - 4) // 2
    who, other = (target, f.user) if turn % 2 == 0 else (f.user, target)
    replace_top(t, evolve(f, step=1000))
    push(t, DamageEvent(who, 1 + f.bonus, None, other, "duel", cards=f.cards))


def _mass_attack(want: str) -> Effect:
    def effect(ctx: Ctx, f: CardUse) -> None:
        t = ctx.table
        target = f.target
        if f.step == 2:
            armour = None if armour_ignored(t, f.user, f.kind) else armour_key(t, target)
            if armour == "vine_armour":
                _next_target(t, f)
                return
            replace_top(t, evolve(f, step=3, point=Point.RESPOND))
            push(
                t,
                Ask(
                    want, (target,), say("{card} from seat {seat}", card=kind(f.kind), seat=f.user)
                ),
            )
            return
        if f.step == 4:
            if f.answered:
                _next_target(t, f)
                return
            replace_top(t, evolve(f, step=5, point=Point.TAKE_EFFECT))
            push(t, DamageEvent(target, 1, None, f.user, f.kind, cards=f.cards))
            return
        _next_target(t, f)

    return effect


def _heal_effect(ctx: Ctx, f: CardUse) -> None:
    t = ctx.table
    heal(t, f.target, 1)
    _next_target(t, f)


def _ex_nihilo(ctx: Ctx, f: CardUse) -> None:
    t = ctx.table
    t.draw_unknown(f.target, 2)
    _next_target(t, f)


def _iron_chain(ctx: Ctx, f: CardUse) -> None:
    t = ctx.table
    s = t.seat(f.target)
    t.set_seat(evolve(s, chained=not s.chained))
    _next_target(t, f)


def _expecting(what: str, reason: Text, seat_of: str) -> Effect:
    """Effects that wait for the players to say which card (过河拆桥, 顺手牵羊, 五谷丰登)."""

    def effect(ctx: Ctx, f: CardUse) -> None:
        t = ctx.table
        if f.step == 2:
            target = f.target
            if what in ("discard_one", "take_one"):
                s = t.seat(target)
                if s.card_count + len(s.judgement) == 0:
                    _next_target(t, f)
                    return
            seat = f.user if seat_of == "user" else target
            replace_top(t, evolve(f, step=3))
            push(t, Expect(what, seat, reason, other=target))
            return
        _next_target(t, f)

    return effect


def _collateral(ctx: Ctx, f: CardUse) -> None:
    """借刀杀人: targets (A, B): A uses a Sha on B, or gives A's weapon to the user."""
    t = ctx.table
    if f.at > 0:  # B is the Sha's victim, not a target of its own
        replace_top(t, evolve(f, point=Point.TO_DISCARD))
        return
    wielder, victim = f.targets[0], f.targets[1]
    if f.step == 2:
        if t.seat(wielder).weapon is None:
            replace_top(t, evolve(f, point=Point.TO_DISCARD))
            return
        replace_top(t, evolve(f, step=3, point=Point.RESPOND))
        push(
            t,
            Ask(
                "sha",
                (wielder,),
                say(
                    "{card}: use a Sha on seat {seat} or give your weapon",
                    card=kind("collateral"),
                    seat=victim,
                ),
                for_seat=victim,
            ),
        )
        return
    if f.step == 4:
        if not f.answered:
            weapon = t.seat(wielder).weapon
            if weapon is not None:
                t.move(weapon, f"hand:{f.user}")
        replace_top(t, evolve(f, point=Point.TO_DISCARD))
        return
    replace_top(t, evolve(f, point=Point.TO_DISCARD))


def _fire_attack(ctx: Ctx, f: CardUse) -> None:
    t = ctx.table
    target = f.target
    if f.step == 2:
        if t.seat(target).hand_count == 0:
            _next_target(t, f)
            return
        replace_top(t, evolve(f, step=3))
        push(
            t,
            Expect(
                "show",
                target,
                say("{card} from seat {seat}: show a hand card", card=kind(f.kind), seat=f.user),
                other=f.user,
            ),
        )
        return
    if f.step == 4:  # the shown card's suit is in the Expect that follows
        _next_target(t, f)
        return
    _next_target(t, f)


# 水淹七军's two choices, the words of ``choose SEAT WORD``
FLOOD_EQUIPMENT, FLOOD_DAMAGE = "equipment", "damage"


def _flood(ctx: Ctx, f: CardUse) -> None:
    """水淹七军 (新1V1, rules 001 line 124): "對方選擇棄置所有裝備或受到一點傷害".

    A target with no equipment has nothing to choose: it takes the damage. The
    choice is ``choose SEAT equipment`` or ``choose SEAT damage`` (rules._choose
    moves this frame on, ``answered`` when the equipment goes).
    """
    t = ctx.table
    target = f.target
    if f.step >= 1000:  # the damage has been dealt
        _next_target(t, f)
        return
    if f.step == 2:
        if not t.seat(target).equipment:
            replace_top(t, evolve(f, step=1000, point=Point.TAKE_EFFECT))
            push(t, DamageEvent(target, 1, None, f.user, f.kind, cards=f.cards))
            return
        replace_top(t, evolve(f, step=3, point=Point.WAIT))
        push(
            t,
            Expect(
                "choose",
                target,
                say(
                    "{card} from seat {seat}: discard all your equipment or take 1 damage",
                    card=kind(f.kind),
                    seat=f.user,
                ),
                options=(FLOOD_EQUIPMENT, FLOOD_DAMAGE),
            ),
        )
        return
    if f.step == 4:
        if f.answered:
            for c in t.seat(target).equipment:
                t.move(c, "discard")
            _next_target(t, f)
            return
        replace_top(t, evolve(f, step=1000, point=Point.TAKE_EFFECT))
        push(t, DamageEvent(target, 1, None, f.user, f.kind, cards=f.cards))
        return
    _next_target(t, f)


_TURN_OVER = say("{card}: turn over cards", card=kind("amazing_grace"))
_TAKE_ONE_TURNED_OVER = say("{card}: take one of the cards turned over", card=kind("amazing_grace"))


def _amazing_grace(ctx: Ctx, f: CardUse) -> None:
    t = ctx.table
    if f.step == 2:
        if not t.processing:
            _next_target(t, f)
            return
        replace_top(t, evolve(f, step=3))
        push(t, Expect("pick", f.target, _TAKE_ONE_TURNED_OVER))
        return
    _next_target(t, f)


def _jiu(ctx: Ctx, f: CardUse) -> None:
    t = ctx.table
    s = t.seat(f.user)
    if s.hp <= 0:
        heal(t, f.user, 1)
    else:
        t.set_turn(drunk=True)
    _next_target(t, f)


EFFECTS: dict[str, Effect] = {
    "sha": _sha,
    "fire_sha": _sha,
    "thunder_sha": _sha,
    "duel": _duel,
    "savage_assault": _mass_attack("sha"),
    "archery_attack": _mass_attack("shan"),
    "tao": _heal_effect,
    "god_salvation": _heal_effect,
    "jiu": _jiu,
    "ex_nihilo": _ex_nihilo,
    "iron_chain": _iron_chain,
    "dismantlement": _expecting(
        "discard_one",
        say("{card}: choose one card of the target to discard", card=kind("dismantlement")),
        "user",
    ),
    "snatch": _expecting(
        "take_one", say("{card}: take one card of the target", card=kind("snatch")), "user"
    ),
    "collateral": _collateral,
    "fire_attack": _fire_attack,
    "flood": _flood,
    "amazing_grace": _amazing_grace,
}


# ---------------------------------------------------------------- HP


HEALED: list[Callable[[Table, int], None]] = []
"""Called after a seat with cards on its general recovers HP (不屈's 创 go)."""


def heal(t: Table, seat: int, amount: int) -> int:
    s = t.seat(seat)
    gained = max(0, min(amount, s.max_hp - s.hp))
    if gained:
        t.set_seat(evolve(s, hp=s.hp + gained))
        if s.on_general:
            for hook in HEALED:
                hook(t, seat)
    return gained


def lose_hp(ctx: Ctx, seat: int, amount: int) -> None:
    t = ctx.table
    s = t.seat(seat)
    t.set_seat(evolve(s, hp=s.hp - amount))
    if turns(ctx, seat):  # 虎牢关: HP lost turns 吕布 as damage does, before any dying
        return
    if s.hp - amount <= 0:
        push(t, Dying(seat, None, t.order_from(t.turn.seat or seat)))


def _step_damage(ctx: Ctx, f: DamageEvent) -> None:
    """003 伤害结算: about to cause, causing, taking (with compulsory changes and
    windows at each), the HP loss, then after causing / taking."""
    t = ctx.table
    s = t.seats[f.target - 1]
    # The points follow one another in one step while no window opens at them.
    if f.point is Point.BEFORE_CAUSING:
        if not s.alive:
            t.stack.pop()
            return
        if at_point(t, f, Point.BEFORE_CAUSING):
            return
        f = evolve(_compulsory(ctx, t.stack[-1], Point.CAUSING), point=Point.CAUSING)
        t.stack[-1] = f
    if f.point is Point.CAUSING:
        if at_point(t, f, Point.CAUSING):
            return
        f = t.stack[-1]  # type: ignore[assignment]  # a window may have changed it
        if f.amount <= 0:  # prevented (寒冰剑)
            t.stack.pop()
            return
        f = evolve(_compulsory(ctx, f, Point.RECEIVING), point=Point.RECEIVING)
        t.stack[-1] = f
    if f.point is Point.RECEIVING:
        if at_point(t, f, Point.RECEIVING):
            return
        f = t.stack[-1]  # type: ignore[assignment]
        if f.amount <= 0:
            t.stack.pop()
            return
        f = evolve(f, point=Point.HP_CHANGE)
    if f.point is Point.HP_CHANGE:
        f = _compulsory(ctx, f, Point.HP_CHANGE)  # 狂骨 notes the distance as the HP falls
        chained = s.chained and f.element is not None
        s = evolve(s, hp=s.hp - f.amount, chained=False if chained else s.chained)
        t.set_seat(s)
        replace_top(t, evolve(f, point=Point.AFTER_DAMAGE, chained_at_start=chained))
        if Point.HP_CHANGE in TRIGGERS:  # 狂暴's marks for the damage dealt and taken
            fire(t, Point.HP_CHANGE, f)
        for damaged in DAMAGED:  # 忍戒
            damaged(t, f)
        if turns(ctx, f.target):  # 虎牢关: 吕布 turns into his second form at once
            return
        if s.hp <= 0:
            push(t, Dying(f.target, f.source, t.order_from(t.turn.seat or f.target)))
        return
    # AFTER_DAMAGE: the windows of 造成伤害后 / 受到伤害后, then the iron chain passes
    # elemental damage on (铁索连环)
    if not f.opened & BIT[Point.AFTER_DAMAGE]:  # once: compulsory after damage (狂骨, 武魂)
        _compulsory(ctx, f, Point.AFTER_DAMAGE)
    if at_point(t, f, Point.AFTER_DAMAGE):
        return
    t.stack.pop()
    scored = ctx.mode.damage_marks(t, f.target, f.amount, f.source)
    if scored:  # 血战到底: a point to the source (造成傷害後,該武將得一分)
        set_marks(t, scored)
        check_victory(ctx)
    if f.card_kind == "lightning":  # a delayed trick's card has no use to settle it
        for c in f.cards:
            if t.where.get(c) == "processing":
                t.move(c, "discard")
    if f.chained_at_start and f.element is not None and not f.spread:
        others = [
            seat
            for seat in t.order_from(t.turn.seat or f.target)
            if seat != f.target and t.seat(seat).chained
        ]
        for seat in reversed(others):
            push(t, DamageEvent(seat, f.amount, f.element, f.source, f.card_kind, spread=True))


def _compulsory(ctx: Ctx, f: object, point: Point) -> DamageEvent:
    """Compulsory changes to damage at ``point`` (古锭刀, 裸衣, 藤甲, 白银狮子 ...)."""
    assert isinstance(f, DamageEvent)
    for change in COMPULSORY.get(point, ()):
        f = change(ctx.table, f)
    return f


def _step_dying(ctx: Ctx, f: Dying) -> None:
    t = ctx.table
    s = t.seat(f.seat)
    if not s.alive or s.hp > 0:
        t.stack.pop()
        return
    if f.at == 0 and at_point(t, f, Point.DYING):  # 不屈, 涅槃: before the Peaches are asked
        return
    if f.at < len(f.order):
        replace_top(t, evolve(f, at=len(f.order)))
        living = tuple(seat for seat in f.order if t.seat(seat).alive)
        current = t.turn.seat
        holder = t.seats[current - 1] if current else None
        if holder is not None and holder.alive and "wansha" in owned_keys(holder):  # 完杀
            living = tuple(seat for seat in living if seat in (current, f.seat))
        push(
            t,
            Ask(
                "tao",
                living,
                say("seat {seat} is dying (HP {hp})", seat=f.seat, hp=s.hp),
                for_seat=f.seat,
                need=1 - s.hp,
            ),
        )
        return
    t.stack[-1] = Death(f.seat, f.killer)


def _step_death(ctx: Ctx, f: Death) -> None:
    t = ctx.table
    mode = ctx.mode
    s = t.seat(f.seat)
    if f.step == 0:
        replace_top(t, evolve(f, step=1))
        hidden = mode.reveal_after_death(t, f.seat)
        if hidden is not None:
            reason = say("seat {seat} dies: the {role} reveals the role", seat=f.seat, role=hidden)
            push(t, Expect("reveal_hidden", f.seat, reason, options=(hidden.value,)))
        if mode.roles_hidden and s.role is None:
            push(t, Expect("role", f.seat, say("seat {seat} dies: reveal the role", seat=f.seat)))
        return
    if f.step == 1:
        if not f.skills and _death_skills(t, f):  # his own death skills first (武魂)
            return
        if at_point(t, f, Point.DEATH):  # 行殇: before the cards are discarded
            return
        if s.hidden:  # death turns every general face up (国战)
            reveal_side(ctx, f.seat)
            s = t.seat(f.seat)
        for died in ON_DEATH:  # 断肠, 连破
            died(t, f.seat, f.killer)
        t.discard_everything(f.seat)
        successor: Expect | None = None
        if mode.replacement(t, f.seat):
            if mode.chooses_successor:
                successor = _await_successor(t, f.seat)
            else:
                _replace_general(t, f.seat)
        else:
            t.set_seat(evolve(t.seat(f.seat), alive=False, hp=min(s.hp, 0), chained=False))
        if mode.death_ends_turn and f.seat == t.turn.seat:
            t.set_turn(flags=t.turn.flags | {TURN_ENDS})
        decided = None if mode.death_effects_decide else mode.winner(t)
        if isinstance(decided, str) and mode.split(t, decided) is None:
            # The death ends the game: no reward or penalty follows (001 line 16:
            # 遊戲結束強制終止任何結算; 003 line 89: the end is judged first, 否则...).
            t.winner = decided
            raise GameOver
        effects = mode.death_effects(t, f.seat, f.killer)
        for seat, count in effects.draws:
            t.draw_unknown(seat, count)
        for seat in effects.discard_all:
            t.discard_hand_and_equipment(seat)
        for seat in effects.discard_hand:
            t.discard_hand(seat)
        for card_id, seat in effects.to_equipment:
            _to_equipment(t, card_id, seat)
        set_marks(t, effects.marks)
        replace_top(t, evolve(f, step=2))
        for seat, key in reversed(effects.rewards):  # the first listed settles first
            push(t, SkillUse(seat, key))
        if successor is not None:
            push(t, successor)
        return
    winner = mode.winner(t)
    if isinstance(winner, NeedRole):
        if not any(isinstance(x, Expect) and x.what == "role" for x in t.stack):
            push(
                t,
                Expect(
                    "role",
                    winner.seat,
                    say("the game may be over: reveal seat {seat}'s role", seat=winner.seat),
                ),
            )
            return
    elif winner is not None:
        t.stack.pop()
        end_or_split(t, mode, winner)
        return
    t.stack.pop()


def _death_skills(t: Table, f: Death) -> bool:
    """The dying general's compulsory death skills (rules at Point.DEATH, each settled by
    its ``step``) go first, before his cards are discarded and the rewards (001:
    死亡技能結算先於身份獎懲). True when one was pushed."""
    keys = AT_POINT.get(Point.DEATH)
    mine = keys and {
        k for k in owned_keys(t.seats[f.seat - 1]) & keys if RULES[k].step is not None
    }  # (行殇 also acts at a death, but through a window, for another's death)
    if not mine:
        return False
    replace_top(t, evolve(f, skills=True))
    for key in sorted(mine, reverse=True):
        push(t, SkillUse(f.seat, key))
    return True


def _to_equipment(t: Table, card_id: int, seat: int) -> None:
    """A card goes into a seat's equipment zone from wherever it is (逐鹿天下's 玉玺); an
    unseen card from the draw pile, else from the unseen discards."""
    source = None
    if t.where.get(card_id) is None:
        source = "pile" if t.draw_pile > 0 else "discard"
    t.move(card_id, f"equip:{seat}", source)


# Turn.flags: the current general died in his own turn, which ends when the stack
# empties (新1V1: 如果玩家在自己的回合內武將死亡,則其回合立即結束).
TURN_ENDS = "turn_ends"


def turns(ctx: Ctx, seat: int) -> bool:
    """Whether the seat turned into another form now that its HP went down
    (Mode.transform: 虎牢关's 吕布), turning it if so."""
    form = ctx.mode.transform(ctx.table, seat)
    if form is not None:
        transform(ctx, form)
    return form is not None


def transform(ctx: Ctx, form: Transform) -> None:
    """A general turns into another form (Mode.transform): every settlement stops (the
    cards being settled go to the discard pile), his judgement zone is discarded, he is
    face up and unchained with his new max HP, HP and skills; the current turn ends,
    his new turn comes next and the order goes on from him."""
    t = ctx.table
    t.stack.clear()
    for c in tuple(t.processing):
        t.move(c, "discard")
    change_form(t, form)
    # the turn ends; his turn comes next, and the order resumes from him
    t.set_turn(flags=t.turn.flags | {TURN_ENDS}, resume=form.seat)
    t.extra_turns = (form.seat, *t.extra_turns)


def shuffle_form(mode: Mode, t: Table) -> None:
    """A reshuffle turns a general into another form (Mode.shuffle_form: 虎牢关's
    ``reshuffle`` variant): the change alone; the draw that needed the reshuffle, the
    settlement and the turn go on, and a delayed trick being judged stays to settle."""
    form = mode.shuffle_form(t)
    if form is not None:
        change_form(t, form, frozenset(f.card for f in t.stack if type(f) is Judging))


def change_form(t: Table, form: Transform, judged: frozenset[int] = frozenset()) -> None:
    """The new form: the judgement zone discarded (but the ``judged`` tricks) and the
    equipment if the form says so, face up and unchained, the new max HP, HP, skills
    and marks."""
    for delayed in t.seat(form.seat).judgement:
        if delayed.card not in judged:
            t.move(delayed.card, "discard")
    for c in t.seat(form.seat).equipment if form.equipment else ():
        t.move(c, "discard")
    s = t.seat(form.seat)
    t.set_seat(
        evolve(
            s,
            max_hp=form.max_hp,
            hp=form.hp,
            extra_skills=form.skills,
            flipped=False,
            chained=False,
        )
    )
    set_marks(t, form.marks)


def set_marks(t: Table, marks: tuple[tuple[int, str, int], ...]) -> None:
    """Set each (seat, mark, value) a mode asks for (0 removes the mark)."""
    for seat, name, value in marks:
        s = t.seat(seat)
        kept = tuple((k, v) for k, v in s.marks if k != name)
        t.set_seat(evolve(s, marks=(*kept, (name, value)) if value else kept))


def _replace_general(t: Table, seat: int) -> None:
    """1v1: the next general comes on at full HP with four new cards."""
    rest = t.seat(seat).generals[1:]
    _come_on(t, seat, rest[0], rest[1:])


def _come_on(t: Table, seat: int, key: str, reserves: tuple[str, ...]) -> None:
    s = t.seat(seat)
    general = standard_catalogue().general(key)
    t.set_seat(
        evolve(
            s,
            generals=(key, *reserves),
            hidden=reserves,  # the other reserves still wait face down
            kingdom=general.kingdom.value,
            hp=general.max_hp,
            max_hp=general.max_hp,
            chained=False,
            flipped=False,
            marks=(),
            lives=max(s.lives - 1, 1),
        )
    )
    t.draw_unknown(seat, 4)


def _await_successor(t: Table, seat: int) -> Expect:
    """新1V1: the dead general leaves; his player is asked which reserve comes on."""
    s = t.seat(seat)
    rest = s.generals[1:]
    t.set_seat(evolve(s, generals=rest, hidden=rest, chained=False, flipped=False, marks=()))
    return Expect(
        "successor",
        seat,
        say("choose the next general to come on"),
        options=rest,
    )


def bring_on(t: Table, seat: int, key: str) -> None:
    """新1V1: the reserve ``key`` chosen by its player comes on (``choose SEAT GENERAL``)."""
    reserves = t.seat(seat).generals
    _come_on(t, seat, key, tuple(g for g in reserves if g != key))


def reveal_side(ctx: Ctx, seat: int) -> None:
    """Turn all of a seat's generals face up, taking its side (国战: maybe careerist)."""
    t = ctx.table
    s = t.seat(seat)
    first_reveal = len(s.hidden) == len(s.generals)
    side = ctx.mode.side_on_reveal(t, seat) if first_reveal else s.kingdom
    t.set_seat(evolve(s, hidden=(), kingdom=side))


def check_victory(ctx: Ctx) -> None:
    winner = ctx.mode.winner(ctx.table)
    if isinstance(winner, str):
        end_or_split(ctx.table, ctx.mode, winner)


def end_or_split(t: Table, mode: Mode, winner: str) -> None:
    """``winner`` wins and the game ends, or its side splits instead (群雄演义's 国战)."""
    split = mode.split(t, winner)
    if split is None:
        t.winner = winner
        raise GameOver
    _split(t, split)


# The mode skill a seat answers a Split with (群雄演义's 国战: 归附).
SPLIT_CHOICE = "guifu"


def _split(t: Table, split: Split) -> None:
    """The winning side splits (群雄演义's 国战): new sides, generals face up, and each
    asked seat's choice (归附), the first asked on top."""
    for seat, side in split.sides:
        t.set_seat(evolve(t.seat(seat), kingdom=side, hidden=()))
    camps = tuple(seat for seat, _ in split.sides)
    for seat in reversed(split.asked):
        push(t, SkillUse(seat, SPLIT_CHOICE, targets=camps))


# ---------------------------------------------------------------- delayed tricks


def _step_judging(ctx: Ctx, f: Judging) -> None:
    t = ctx.table
    if f.result:  # the judgement card took effect (the Judgement frame is over)
        judge_delayed(ctx, f, f.result)
        return
    if t.where.get(f.card) != f"judge:{f.seat}":
        t.stack.pop()  # the trick left the zone meanwhile
        return
    if f.step == 0:
        replace_top(t, evolve(f, step=1))
        if anyone_may_nullify(t):
            push(
                t,
                nullification_ask(
                    t,
                    say(
                        "{card} in seat {seat}'s judgement zone",
                        card=kind(f.kind),
                        seat=f.seat,
                    ),
                ),
            )
        return
    if f.step == 1:
        if f.nullified:
            t.stack.pop()
            if f.kind == "lightning":
                _pass_lightning(t, f.seat, f.card)
            else:
                t.move(f.card, "discard")
            return
        replace_top(t, evolve(f, step=2))
        push(
            t,
            Expect(
                "judge",
                f.seat,
                # TRANSLATORS: {what} is a delayed trick, a skill or 八卦阵
                say("{what}: turn over the judgement card", what=kind(f.kind)),
                card=f.card,
            ),
        )
        return
    t.stack.pop()


def _step_judgement(ctx: Ctx, f: Judgement) -> None:
    """判定: 鬼才 may replace the card before it takes effect; the frame under it
    learns the result; 天妒 may gain the card after; then it is discarded."""
    t = ctx.table
    if at_point(t, f, Point.JUDGE_BEFORE):
        return
    f = t.stack[-1]  # type: ignore[assignment]
    assert isinstance(f, Judgement)
    if not f.delivered:
        replace_top(t, evolve(f, delivered=True))
        _deliver(ctx, f)
        return
    if at_point(t, f, Point.JUDGE_AFTER):
        return
    t.stack.pop()
    if t.where.get(f.card) == "processing":
        t.move(f.card, "discard")


def _deliver(ctx: Ctx, f: Judgement) -> None:
    """The judgement takes effect (生效): tell the frame that asked for it."""
    t = ctx.table
    below = t.stack[-2]
    if isinstance(below, Judging):
        t.stack[-2] = evolve(below, result=f.card)
    elif isinstance(below, Ask):  # 八卦阵: a red card counts as a Shan
        suit = suit_for(t, f.seat, f.card)  # 红颜: the judging seat's suit
        red = suit is not None and suit.colour is Colour.RED
        # A red card is one 闪: the next one needed (无双) may be judged for again.
        t.stack[-2] = evolve(below, got=below.got + (1 if red else 0), judged=not red)
    elif isinstance(below, SkillUse):
        t.stack[-2] = evolve(below, value=f.card, step=below.step + 1)


# Delayed tricks that skip a phase unless the judgement card is of one suit:
# 乐不思蜀 skips the play phase unless a heart, 兵粮寸断 the draw phase unless a club.
_SKIPPING_TRICKS = {
    "indulgence": (Suit.HEART, Phase.PLAY),
    "supply_shortage": (Suit.CLUB, Phase.DRAW),
}


def judge_delayed(ctx: Ctx, f: Judging, judged: int) -> None:
    """The judgement card of a delayed trick took effect: apply the result."""
    t = ctx.table
    c = card(judged)
    suit = suit_for(t, f.seat, judged)  # 红颜: the judging seat's suit
    t.stack.pop()  # the Judging frame
    skipping = _SKIPPING_TRICKS.get(f.kind)
    if skipping is not None:
        escape, phase = skipping
        if suit is not escape:
            t.set_turn(skips=t.turn.skips | {phase})
        t.move(f.card, "discard")
    elif f.kind == "lightning":
        if suit is Suit.SPADE and c.rank is not None and 2 <= c.rank <= 9:
            # The card stays in the processing area while its damage settles (奸雄 gains it).
            t.move(f.card, "processing")
            push(t, DamageEvent(f.seat, 3, Element.THUNDER, None, "lightning", cards=(f.card,)))
        else:
            _pass_lightning(t, f.seat, f.card)
    else:
        t.move(f.card, "discard")


def _pass_lightning(t: Table, seat: int, lightning: int) -> None:
    """闪电 moves on to the next living seat that can take it (one without a 闪电)."""
    current = seat
    for _ in range(len(t.seats)):
        current = t.next_living(current)
        if current == seat:
            break
        if not any(d.kind == "lightning" for d in t.seat(current).judgement) and (
            "weimu" not in owned_keys(t.seat(current))  # 帷幕: a black trick never reaches him
        ):
            t.move(lightning, f"judge:{current}", as_kind="lightning")
            return


def in_range_for_collateral(t: Table, wielder: int, victim: int) -> bool:
    d = distance(t, wielder, victim)
    return d is not None and d.value <= attack_range(t, wielder).value


# What advances each kind of frame when it is on top (Ask, Expect and Window wait
# for the players; see settle).
_STEPPERS: dict[type, Callable[[Ctx, Any], None]] = {
    CardUse: _step_use,
    DamageEvent: _step_damage,
    Dying: _step_dying,
    Death: _step_death,
    Judging: _step_judging,
    Judgement: _step_judgement,
    SkillUse: _step_skill,
    Occasion: _step_occasion,
}
