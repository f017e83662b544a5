"""黄忠's skills (风): 烈弓 (liegong)."""

from __future__ import annotations

from engine.context import Ctx
from engine.derived import attack_range_value
from engine.frames import CardUse, Point
from engine.moves import Skill
from engine.registry import rule
from engine.settlement import SHA
from engine.skills.common import no_arguments
from engine.state import Phase, evolve
from engine.table import Table
from engine.windows import set_event


def _liegong_can(t: Table, owner: int, event: object) -> bool:
    """His own Sha in his play phase, on a target whose hand count is at least his HP
    or at most his attack range."""
    if not (
        isinstance(event, CardUse)
        and event.user == owner
        and event.kind in SHA
        and t.turn.seat == owner
        and t.turn.phase is Phase.PLAY
    ):
        return False
    held = t.seat(event.target).hand_count
    return held >= t.seat(owner).hp or held <= attack_range_value(t, owner)


@rule("liegong", point=Point.AFTER_TARGETING, can=_liegong_can, whose=("user",))
def liegong(ctx: Ctx, m: Skill, event: object) -> None:
    """烈弓: in his play phase, after his Sha targets a player holding at least as many
    hand cards as his HP, or at most as many as his attack range, that player cannot
    answer it with a Shan."""
    no_arguments(m)
    assert isinstance(event, CardUse)
    set_event(ctx.table, evolve(event, no_shan=(*event.no_shan, event.target)))
