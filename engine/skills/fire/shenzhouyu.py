"""神周瑜's skills (火): 琴音 (qinyin) 业炎 (yeyan)."""

from __future__ import annotations

from collections import Counter

from engine.cardops import discard_cards
from engine.cards import Element
from engine.context import Ctx
from engine.derived import card
from engine.frames import DamageEvent, Expect, Point, SkillUse
from engine.moves import Skill
from engine.registry import rule, rule_source
from engine.settlement import heal, lose_hp, push
from engine.skills.common import no_arguments, own_occasion
from engine.state import Phase, evolve
from engine.table import IllegalMove
from engine.text import say

# ---------------------------------------------------------------- 琴音

QINYIN_OPTIONS = ("lose", "recover")


def _qinyin_step(ctx: Ctx, use: SkillUse) -> None:
    t = ctx.table
    if use.step == 0:
        t.stack[-1] = evolve(use, step=1)
        reason = say(
            "{skill}: every player loses 1 HP (lose) or recovers 1 HP (recover)",
            skill=rule_source(use.key),
        )
        push(t, Expect("choose", use.seat, reason, options=QINYIN_OPTIONS))
        return
    order = t.order_from(t.turn.seat or use.seat)
    if use.word == "recover":
        t.stack.pop()
        for seat in order:
            if t.seat(seat).alive:
                heal(t, seat, 1)
        return
    # lose: one player after the other, each one's dying settled before the next
    for at in range(use.value, len(order)):
        seat = order[at]
        if t.seat(seat).alive:
            t.stack[-1] = evolve(use, value=at + 1)
            lose_hp(ctx, seat, 1)
            return
    t.stack.pop()


@rule("qinyin", point=Point.DISCARDED, can=own_occasion, step=_qinyin_step, whose=("seat",))
def qinyin(ctx: Ctx, m: Skill, event: object) -> None:
    """琴音: having discarded two or more cards in his discard phase, every player
    loses 1 HP, or every player recovers 1 HP, as he chooses (``choose SEAT lose``)."""
    no_arguments(m)
    push(ctx.table, SkillUse(m.seat, "qinyin"))


# ---------------------------------------------------------------- 业炎


@rule("yeyan", phases=(Phase.PLAY,), cards=(0, 4), targets=(1, 3))
def yeyan(ctx: Ctx, m: Skill, event: object) -> None:
    """业炎 (限定技): up to 3 fire damage in all among one to three players (a seat
    named twice takes 2: ``-> 2,2,4``); to deal 2 or more to one player he first
    discards four hand cards of four suits and loses 3 HP."""
    t = ctx.table
    if not 1 <= len(m.targets) <= 3:
        raise IllegalMove(
            say(
                "{skill}: 3 damage at most: name each player once for each point (-> N,N,M)",
                skill=rule_source(m.skill),
            )
        )
    for seat in m.targets:
        if not t.seat(seat).alive:
            raise IllegalMove(
                say("{skill}: seat {seat} is dead", skill=rule_source(m.skill), seat=seat)
            )
    amounts = Counter(m.targets)
    heavy = max(amounts.values()) >= 2
    if heavy:
        suits = {card(c).suit for c in m.cards}
        if m.unknown or len(m.cards) != 4 or len(suits) != 4 or None in suits:
            raise IllegalMove(
                say(
                    "{skill}: 2 or more damage to one player needs four hand cards "
                    "of four suits (#a #b #c #d)",
                    skill=rule_source(m.skill),
                )
            )
    elif m.cards or m.unknown:
        raise IllegalMove(
            say(
                "{skill}: the four cards are discarded only to deal 2 or more to one player",
                skill=rule_source(m.skill),
            )
        )
    if heavy:
        discard_cards(ctx, m.seat, m.cards, 0, ("hand",))
    order = t.order_from(m.seat)
    for seat in sorted(amounts, key=order.index, reverse=True):
        push(t, DamageEvent(seat, amounts[seat], Element.FIRE, m.seat, None))
    if heavy:
        lose_hp(ctx, m.seat, 3)  # his dying, if it comes, settles first
