"""太史慈's skills (火): 天义 (tianyi).

Its outcome lasts the turn, as the turn flags ``N:tianyi_won`` or ``N:tianyi_lost``:
derived.sha_limit (one more Sha, none after a loss), derived.check_target (no
distance limit) and rules._targets_for (one more target) read them.
"""

from __future__ import annotations

from engine.context import Ctx
from engine.frames import SkillUse
from engine.moves import Skill
from engine.registry import rule, rule_source
from engine.settlement import push
from engine.skills.common import ask_compare, can_compare, living_other, need_targets
from engine.state import Phase, evolve
from engine.table import IllegalMove
from engine.text import say


def _tianyi_step(ctx: Ctx, use: SkillUse) -> None:
    t = ctx.table
    if use.step == 0:
        t.stack[-1] = evolve(use, step=1)
        ask_compare(t, use, use.targets[0])
        return
    t.stack.pop()
    outcome = "won" if use.value == use.seat else "lost"  # a tie: he did not win
    t.set_turn(flags=t.turn.flags | {f"{use.seat}:tianyi_{outcome}"})


@rule("tianyi", phases=(Phase.PLAY,), step=_tianyi_step, limit_per_phase=1, targets=(1, 1))
def tianyi(ctx: Ctx, m: Skill, event: object) -> None:
    """天义: once in the play phase, a point fight with another player. Won: this turn
    one more Sha, with no distance limit and one more target. Not won: no Sha this
    turn."""
    t = ctx.table
    if m.cards or m.unknown:
        raise IllegalMove(
            say("{skill}: name the other player only (-> N)", skill=rule_source(m.skill))
        )
    need_targets(m, 1, 1, say("{skill}: one other player", skill=rule_source(m.skill)))
    living_other(t, m, m.targets[0])
    if not can_compare(t, m.seat, m.targets[0]):
        raise IllegalMove(
            say(
                "{skill}: a point fight needs a hand card on both sides",
                skill=rule_source(m.skill),
            )
        )
    push(t, SkillUse(m.seat, "tianyi", targets=m.targets))
