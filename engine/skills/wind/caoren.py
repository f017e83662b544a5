"""曹仁's skills (风): 据守 (jushou)."""

from __future__ import annotations

from engine.context import Ctx
from engine.frames import Point
from engine.moves import Skill
from engine.registry import rule
from engine.skills.common import no_arguments, own_occasion
from engine.state import evolve


@rule("jushou", point=Point.END_PHASE, can=own_occasion, whose=("seat",))
def jushou(ctx: Ctx, m: Skill, event: object) -> None:
    """据守: in his end phase, draws three cards and turns his general card over (his
    next turn is skipped, and he turns face up instead)."""
    no_arguments(m)
    t = ctx.table
    t.draw_unknown(m.seat, 3)
    s = t.seat(m.seat)
    t.set_seat(evolve(s, flipped=not s.flipped))
