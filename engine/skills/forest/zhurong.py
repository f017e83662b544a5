"""祝融's skills (林): 巨象 (juxiang), 烈刃 (lieren).

巨象's first half (南蛮入侵 has no effect on her) is the ``no_effect`` effect in
forest.toml; its second half (she takes the card) is the compulsory action below.
"""

from __future__ import annotations

from engine.cards import SHA_KEYS
from engine.context import Ctx
from engine.derived import owned_keys
from engine.frames import CardUse, DamageEvent, Point, SkillUse
from engine.moves import Skill
from engine.registry import on_settled, rule, rule_source
from engine.settlement import push
from engine.skills.common import ask_compare, can_compare, no_arguments, take_from
from engine.state import evolve
from engine.table import Table
from engine.text import say
from engine.windows import owned_anywhere

# ---------------------------------------------------------------- 巨象


@on_settled("savage_assault")
def juxiang_takes(t: Table, f: CardUse) -> None:
    """巨象: a 南蛮入侵 another player used goes to her hand once it has settled."""
    if "juxiang" not in owned_anywhere(t):
        return
    for s in t.seats:
        if s.alive and s.seat != f.user and "juxiang" in owned_keys(s):
            for c in f.cards:
                if t.where.get(c) == "processing":
                    t.move(c, f"hand:{s.seat}")
            return


# ---------------------------------------------------------------- 烈刃


def _her_sha_hurt(t: Table, owner: int, event: object) -> bool:
    return (
        isinstance(event, DamageEvent)
        and event.source == owner
        and event.card_kind in SHA_KEYS
        and not event.spread
        and can_compare(t, owner, event.target)
    )


def _lieren_step(ctx: Ctx, use: SkillUse) -> None:
    t = ctx.table
    if use.step == 0:
        t.stack[-1] = evolve(use, step=1)
        ask_compare(t, use, use.other)
        return
    t.stack.pop()
    target = t.seat(use.other)
    if use.value == use.seat and target.alive and target.card_count > 0:
        reason = say(
            "{skill}: take a card of seat {seat}", skill=rule_source(use.key), seat=use.other
        )
        take_from(ctx, use.seat, use.other, "he", reason)


@rule("lieren", point=Point.AFTER_DAMAGE, can=_her_sha_hurt, step=_lieren_step, whose=("source",))
def lieren(ctx: Ctx, m: Skill, event: object) -> None:
    """烈刃: after her Sha deals damage to its target, may fight a point with it (拼点);
    winning, she takes one of its cards (hand or equipment)."""
    no_arguments(m)
    assert isinstance(event, DamageEvent)
    push(ctx.table, SkillUse(m.seat, "lieren", other=event.target))
