"""神曹操's skills (林): 归心 (guixin); 飞影 (feiying) is an effect in forest.toml
(``distance_to_self``: the others' distance to him +1)."""

from __future__ import annotations

from engine.context import Ctx
from engine.frames import DamageEvent, Expect, Point, SkillUse
from engine.moves import Skill
from engine.registry import rule, rule_source
from engine.settlement import push
from engine.skills.common import no_arguments, take_from
from engine.state import evolve
from engine.table import Table
from engine.text import say

YES, NO = "yes", "no"


def _others_with_cards(t: Table, owner: int) -> list[int]:
    """The other living seats with a card in their area (hand, equipment, judgement),
    in seat order from ``owner``."""
    return [
        s
        for s in t.order_from(owner)
        if s != owner
        and t.seats[s - 1].alive
        and (t.seats[s - 1].card_count > 0 or t.seats[s - 1].judgement)
    ]


def _hurt_and_others_have_cards(t: Table, owner: int, event: object) -> bool:
    return (
        isinstance(event, DamageEvent)
        and event.target == owner
        and bool(_others_with_cards(t, owner))
    )


def _guixin_step(ctx: Ctx, use: SkillUse) -> None:
    # use.other: the damage points still to settle (a take's card lands in ``value``).
    t = ctx.table
    if use.step == 0:  # one card from each other player's area, in seat order
        t.stack[-1] = evolve(use, step=1)
        for other in reversed(_others_with_cards(t, use.seat)):
            reason = say(
                "{skill}: take a card from seat {seat}'s area",
                skill=rule_source(use.key),
                seat=other,
            )
            take_from(ctx, use.seat, other, "hej", reason)
        return
    if use.step == 1:  # then he turns his general card over
        s = t.seat(use.seat)
        t.set_seat(evolve(s, flipped=not s.flipped))
        if use.other > 1 and s.alive and _others_with_cards(t, use.seat):
            t.stack[-1] = evolve(use, step=2)
            reason = say(
                "{skill}: use it again for the next point of damage?", skill=rule_source(use.key)
            )
            push(t, Expect("choose", use.seat, reason, options=(YES, NO)))
            return
        t.stack.pop()
        return
    # step 3: the choice for the next point of damage
    if use.word == YES:
        t.stack[-1] = evolve(use, step=0, other=use.other - 1, word="")
        return
    t.stack.pop()


@rule(
    "guixin",
    point=Point.AFTER_DAMAGE,
    can=_hurt_and_others_have_cards,
    step=_guixin_step,
    whose=("target",),
)
def guixin(ctx: Ctx, m: Skill, event: object) -> None:
    """归心: for each 1 damage taken, takes one card from each other player's area in
    seat order, then turns his general card over (each further point: ``choose N yes``)."""
    no_arguments(m)
    assert isinstance(event, DamageEvent)
    push(ctx.table, SkillUse(m.seat, "guixin", other=event.amount))
