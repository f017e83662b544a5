"""庞统's skills (火): 连环 (lianhuan) 涅槃 (niepan).

连环 is a conversion declared in fire.toml (a club hand card as 铁索连环); its
recasting is the ``recast`` move, which takes a card he may use as 铁索连环
(``engine.rules._recast``).
"""

from __future__ import annotations

from engine.context import Ctx
from engine.frames import Dying, Point
from engine.moves import Skill
from engine.registry import rule
from engine.skills.common import no_arguments
from engine.state import evolve
from engine.table import Table


def _dying_himself(t: Table, owner: int, event: object) -> bool:
    return isinstance(event, Dying) and event.seat == owner and t.seat(owner).hp <= 0


@rule("niepan", point=Point.DYING, can=_dying_himself, whose=("seat",))
def niepan(ctx: Ctx, m: Skill, event: object) -> None:
    """涅槃 (限定技): dying, discards all his cards, turns face up and unchained, draws
    three cards and goes back to 3 HP (no more than his max HP)."""
    no_arguments(m)
    t = ctx.table
    t.discard_everything(m.seat)
    s = t.seat(m.seat)
    t.set_seat(evolve(s, flipped=False, chained=False, hp=min(3, s.max_hp)))
    t.draw_unknown(m.seat, 3)
