"""孙坚's skills (林): 英魂 (yinghun).

英魂 is written for any seat that holds it: 孙策 gains it later by 魂姿
(``Seat.extra_skills``), and the rule reads only the owner's HP.
"""

from __future__ import annotations

from engine.context import Ctx
from engine.frames import Expect, Point, SkillUse
from engine.moves import Skill
from engine.registry import rule, rule_source
from engine.settlement import push
from engine.skills.common import count_cards, living_other, need_targets, own_occasion
from engine.state import evolve
from engine.table import IllegalMove, Table
from engine.text import say

# The two ways 英魂 settles when he has lost more than 1 HP (``choose SEAT WORD``).
DRAW_X = "draw_x"  # the player draws X cards, then discards one
DISCARD_X = "discard_x"  # the player draws one card, then discards X


def _lost(t: Table, seat: int) -> int:
    s = t.seat(seat)
    return s.max_hp - s.hp


def _yinghun_can(t: Table, owner: int, event: object) -> bool:
    return (
        own_occasion(t, owner, event)
        and _lost(t, owner) > 0
        and any(s.alive and s.seat != owner for s in t.seats)
    )


def _yinghun_step(ctx: Ctx, use: SkillUse) -> None:
    t = ctx.table
    target = use.targets[0]
    x = use.value
    if use.step == 0:
        if x == 1:  # both ways are the same: draw one, discard one
            t.stack[-1] = use = evolve(use, step=2, word=DRAW_X)
        else:
            t.stack[-1] = evolve(use, step=1)
            reason = say(
                "{skill}: seat {seat} draws {x} and discards 1 (draw_x), "
                "or draws 1 and discards {x} (discard_x)",
                skill=rule_source(use.key),
                seat=target,
                x=x,
            )
            push(t, Expect("choose", use.seat, reason, options=(DRAW_X, DISCARD_X)))
            return
    if use.step == 2:
        draws, discards = (x, 1) if use.word == DRAW_X else (1, x)
        if not t.seat(target).alive:
            t.stack.pop()
            return
        t.draw_unknown(target, draws)
        n = min(discards, t.seat(target).card_count)
        t.stack[-1] = evolve(use, step=3)
        if n:
            reason = say(
                "{skill}: seat {seat} discards {n} (hand or equipment)",
                skill=rule_source(use.key),
                seat=target,
                n=n,
            )
            push(t, Expect("discard_n", target, reason, other=use.seat, counts=(n,), zones="he"))
        return
    t.stack.pop()


@rule(
    "yinghun",
    point=Point.PREPARATION,
    can=_yinghun_can,
    step=_yinghun_step,
    targets=(1, 1),
    whose=("seat",),
)
def yinghun(ctx: Ctx, m: Skill, event: object) -> None:
    """英魂: in his preparation phase, if wounded, chooses another player: that player
    draws X cards and discards one, or draws one and discards X (X: the HP he has
    lost; when X is 1 the two are one)."""
    t = ctx.table
    if count_cards(m):
        raise IllegalMove(say("{skill} spends no cards", skill=rule_source(m.skill)))
    need_targets(m, 1, 1, say("{skill}: one other player (-> N)", skill=rule_source(m.skill)))
    living_other(t, m, m.targets[0])
    push(t, SkillUse(m.seat, "yinghun", targets=m.targets, value=_lost(t, m.seat)))
