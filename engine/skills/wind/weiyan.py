"""魏延's skills (风): 狂骨 (kuanggu), compulsory: settled by the engine, nothing written."""

from __future__ import annotations

from engine.context import Ctx
from engine.derived import distance_value, owned_keys
from engine.frames import DamageEvent, Point
from engine.moves import Skill
from engine.registry import compulsory, rule, rule_source
from engine.settlement import heal
from engine.state import evolve
from engine.table import IllegalMove, Table
from engine.text import say
from engine.windows import owned_anywhere


@compulsory(Point.HP_CHANGE)
def kuanggu_distance(t: Table, f: DamageEvent) -> DamageEvent:
    """狂骨: the distance counts as the damage is dealt (a target that dies of it no
    longer has one)."""
    source = f.source
    if not source or "kuanggu" not in owned_anywhere(t):
        return f
    if "kuanggu" not in owned_keys(t.seats[source - 1]):
        return f
    d = distance_value(t, source, f.target)
    return evolve(f, near=True) if d is not None and d <= 1 else f


@compulsory(Point.AFTER_DAMAGE)
def kuanggu(t: Table, f: DamageEvent) -> DamageEvent:
    """狂骨: after 魏延 deals damage to a player at distance 1 or less, he recovers 1 HP
    for each point of it."""
    if f.near and f.source and t.seats[f.source - 1].alive:
        heal(t, f.source, f.amount)
    return f


@rule("kuanggu")
def kuanggu_declared(ctx: Ctx, m: Skill, event: object) -> None:
    """狂骨 settles itself (compulsory): nothing to write."""
    raise IllegalMove(
        say("{skill} is compulsory: the engine settles it", skill=rule_source(m.skill))
    )
