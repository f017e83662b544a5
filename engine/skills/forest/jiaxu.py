"""贾诩's skills (林): 完杀 (wansha), 乱武 (luanwu), 帷幕 (weimu).

完杀 is read where a dying player's Peach round is asked (engine.settlement
``_step_dying``: in his turn only he and the dying player are asked); 帷幕 where
a card's targets are checked (engine.derived ``check_target``: a black trick
cannot name him). 乱武 is the rule below.
"""

from __future__ import annotations

from engine.context import Ctx
from engine.derived import check_target, distance_value, kind
from engine.frames import Expect, SkillUse
from engine.moves import Skill
from engine.registry import rule, rule_source
from engine.settlement import lose_hp, push
from engine.skills.common import no_arguments
from engine.state import Phase, evolve
from engine.table import Table
from engine.text import say


def nearest_targets(t: Table, seat: int) -> tuple[int, ...]:
    """The other living players at the smallest distance from ``seat`` that its Sha
    may target now (乱武: 距离最近的另一名角色)."""
    others = [s.seat for s in t.seats if s.alive and s.seat != seat]
    if not others:
        return ()
    distances = {other: distance_value(t, seat, other) or 0 for other in others}
    least = min(distances.values())
    sha = kind("sha")
    return tuple(
        other
        for other in t.order_from(seat)
        if distances.get(other) == least and check_target(t, seat, sha, other).legal
    )


def _luanwu_step(ctx: Ctx, use: SkillUse) -> None:
    """Seat by seat (``targets``): step 2i asks the i-th, step 2i+1 reads whether a Sha
    was used (``value`` 1), else that seat loses 1 HP."""
    t = ctx.table
    i, asked = divmod(use.step, 2)
    if asked:
        t.stack[-1] = evolve(use, step=use.step + 1, value=0)
        if not use.value and t.seat(use.targets[i]).alive:
            lose_hp(ctx, use.targets[i], 1)
        return
    if i >= len(use.targets):
        t.stack.pop()
        return
    seat = use.targets[i]
    if not t.seat(seat).alive:
        t.stack[-1] = evolve(use, step=use.step + 2)
        return
    allowed = nearest_targets(t, seat)
    t.stack[-1] = evolve(use, step=use.step + 1, value=0)
    if not allowed:  # no Sha can reach the nearest player: he loses 1 HP
        return
    reason = say(
        "{skill}: seat {seat} uses a Sha on seat {targets}, or passes and loses 1 HP",
        skill=rule_source(use.key),
        seat=seat,
        targets=",".join(map(str, allowed)),
    )
    push(t, Expect("use_sha", seat, reason, other=use.seat, counts=allowed))


@rule("luanwu", phases=(Phase.PLAY,), step=_luanwu_step)
def luanwu(ctx: Ctx, m: Skill, event: object) -> None:
    """乱武 (limited): in his play phase, every other player in turn, from his next
    seat, uses a Sha on the other player nearest to them, or loses 1 HP."""
    no_arguments(m)
    t = ctx.table
    others = tuple(s for s in t.order_from(m.seat) if s != m.seat)
    push(t, SkillUse(m.seat, "luanwu", targets=others))
