"""神吕蒙's skills (风): 涉猎 (shelie) 攻心 (gongxin).

涉猎 turns over five cards as 五谷丰登 does (``move #a #b #c #d #e -> processing``
while it waits for ``reveal``), then he takes one card of each suit among them,
one at a time (``move #id -> hand:N`` while it waits for ``pick``); the rest
go to the discard pile. 攻心 names the heart card shown in the hand he looked at
(the record knows only what is shown), then ``choose N discard`` or ``choose N top``.
"""

from __future__ import annotations

from engine.cardops import lift_from, possess
from engine.cards import Suit
from engine.context import Ctx
from engine.derived import card, suit_for
from engine.frames import Expect, SkillUse
from engine.moves import Skill
from engine.registry import rule, rule_source
from engine.settlement import push
from engine.skills.common import living_other, need_targets
from engine.state import Phase, evolve
from engine.table import IllegalMove
from engine.text import say

# ---------------------------------------------------------------- 涉猎

SHELIE_CARDS = 5


def _shelie_step(ctx: Ctx, use: SkillUse) -> None:
    t = ctx.table
    if use.step == 0:
        t.stack[-1] = evolve(use, step=1)
        reason = say(
            "{skill}: turn over the top five cards of the draw pile", skill=rule_source(use.key)
        )
        push(t, Expect("reveal", use.seat, reason, counts=(SHELIE_CARDS,)))
        return
    if use.step == 1:  # the five cards lie in the processing area
        use = evolve(use, step=2, cards=tuple(t.processing))
        t.stack[-1] = use
    hand = f"hand:{use.seat}"
    taken = [card(c).suit for c in use.cards if t.where.get(c) == hand]
    if len(set(taken)) != len(taken):
        raise IllegalMove(
            say("{skill}: one card of each suit, not two of one", skill=rule_source(use.key))
        )
    left = [c for c in use.cards if t.where.get(c) == "processing"]
    if any(card(c).suit not in taken for c in left):
        reason = say("{skill}: take one card of each suit turned over", skill=rule_source(use.key))
        push(t, Expect("pick", use.seat, reason))
        return
    t.stack.pop()
    for c in left:
        t.move(c, "discard")


@rule("shelie", phases=(Phase.DRAW,), step=_shelie_step)
def shelie(ctx: Ctx, m: Skill, event: object) -> None:
    """涉猎: instead of drawing in his draw phase, turns over the top five cards of the
    draw pile, takes one card of each suit among them and discards the rest."""
    t = ctx.table
    if not (isinstance(event, Expect) and event.what == "draw" and event.seat == m.seat):
        raise IllegalMove(
            say(
                "{skill} replaces the draw of the draw phase: use it before drawing",
                skill=rule_source(m.skill),
            )
        )
    if m.cards or m.unknown or m.targets:
        raise IllegalMove(say("{skill} takes no cards or targets here", skill=rule_source(m.skill)))
    t.stack.pop()  # the draw
    push(t, SkillUse(m.seat, "shelie"))


# ---------------------------------------------------------------- 攻心

GONGXIN_OPTIONS = ("discard", "top")


def _gongxin_step(ctx: Ctx, use: SkillUse) -> None:
    t = ctx.table
    if use.step == 0:
        t.stack[-1] = evolve(use, step=1)
        reason = say(
            "{skill}: discard the card shown, or put it on top of the draw pile",
            skill=rule_source(use.key),
        )
        push(t, Expect("choose", use.seat, reason, options=GONGXIN_OPTIONS))
        return
    t.stack.pop()
    shown = use.cards[0]
    target = use.targets[0]
    if t.where.get(shown) != f"hand:{target}":
        return
    t.move(shown, "discard" if use.word == "discard" else "pile")


@rule(
    "gongxin",
    phases=(Phase.PLAY,),
    limit_per_phase=1,
    step=_gongxin_step,
    cards=(0, 1),
    targets=(1, 1),
)
def gongxin(ctx: Ctx, m: Skill, event: object) -> None:
    """攻心: once in his play phase, looks at another player's hand and may show a heart
    card in it (``#id``), then discards it or puts it on top of the draw pile; no heart
    (or none he wants shown): the move names no card."""
    t = ctx.table
    need_targets(
        m, 1, 1, say("{skill}: one other player with hand cards (-> N)", skill=rule_source(m.skill))
    )
    target = m.targets[0]
    living_other(t, m, target)
    if t.seat(target).hand_count == 0:
        raise IllegalMove(
            say("{skill}: seat {seat} has no hand cards", skill=rule_source(m.skill), seat=target)
        )
    if m.unknown or len(m.cards) > 1:
        raise IllegalMove(
            say("{skill}: name the heart card shown (#id), or none", skill=rule_source(m.skill))
        )
    if not m.cards:
        return  # he looked; no heart was shown
    shown = m.cards[0]
    if suit_for(t, target, shown) is not Suit.HEART:
        raise IllegalMove(say("{skill}: the card must be a heart", skill=rule_source(m.skill)))
    source = possess(ctx, target, shown, ("hand",))
    if t.where.get(shown) is None:  # an unseen hand card, seen now
        lift_from(ctx, target, shown, source)
        t.put(shown, f"hand:{target}")
    push(t, SkillUse(m.seat, "gongxin", targets=m.targets, cards=m.cards))
