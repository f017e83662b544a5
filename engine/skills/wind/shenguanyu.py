"""神关羽's skills (风): 武神 (wushen), 武魂 (wuhun).

武神 is declared as effects in generals/wind.toml (a heart hand card counts as a Sha
only; a heart Sha has no distance limit): no rule here. 武魂 is compulsory: the
marks are settled by the engine after damage (nothing written); at his death the
player with the most 梦魇 marks (his choice among equals: ``choose SEAT N``) judges
(``judge N #id``) and, unless the card is a 桃 or a 桃园结义, dies.
"""

from __future__ import annotations

from engine.context import Ctx
from engine.derived import card, owned_keys
from engine.frames import DamageEvent, Death, Expect, Point, SkillUse
from engine.moves import Skill
from engine.registry import compulsory, rule, rule_source
from engine.settlement import check_victory, push, set_marks
from engine.state import evolve
from engine.table import IllegalMove, Table
from engine.text import say
from engine.windows import owned_anywhere

NIGHTMARE = "nightmare"
"""梦魇: the mark 武魂 gives the source of each point of damage he takes."""

_SPARED = frozenset({"tao", "god_salvation"})  # 桃, 桃园结义: the judged player lives


@compulsory(Point.AFTER_DAMAGE)
def wuhun_marks(t: Table, f: DamageEvent) -> DamageEvent:
    """武魂: after he takes damage (and lives), its source gains a 梦魇 mark for each point."""
    if "wuhun" not in owned_anywhere(t):
        return f
    target = t.seats[f.target - 1]
    if f.source and target.alive and "wuhun" in owned_keys(target):
        source = t.seats[f.source - 1]
        if source.alive:
            set_marks(t, ((f.source, NIGHTMARE, source.mark(NIGHTMARE) + f.amount),))
    return f


def _wuhun_step(ctx: Ctx, use: SkillUse) -> None:
    t = ctx.table
    if use.step == 0:
        s = t.seat(use.seat)
        if s.alive and not ctx.mode.replacement(t, use.seat):
            # He is dead from now on: if that ends the game, it ends before 武魂 acts
            # (001: 遊戲結束強制終止任何結算).
            t.set_seat(evolve(s, alive=False))
            check_victory(ctx)
        marks = {o.seat: o.mark(NIGHTMARE) for o in t.seats if o.alive and o.seat != use.seat}
        most = max(marks.values(), default=0)
        tied = tuple(n for n in sorted(marks) if most > 0 and marks[n] == most)
        if not tied:
            t.stack.pop()
            return
        if len(tied) > 1:
            t.stack[-1] = evolve(use, step=1)
            reason = say(
                "{skill}: seat {seat} chooses who judges among the most marked ({seats})",
                skill=rule_source(use.key),
                seat=use.seat,
                seats=", ".join(map(str, tied)),
            )
            push(t, Expect("choose", use.seat, reason, options=tuple(f"seat{n}" for n in tied)))
            return
        use = evolve(use, step=2, other=tied[0])
    if use.step == 2:  # the one who judges is known (chosen: ``word``)
        target = use.other or int(use.word.removeprefix("seat"))
        t.stack[-1] = evolve(use, step=3, other=target)
        reason = say(
            "{skill}: seat {seat} judges: unless a Peach or Peach Garden, seat {seat} dies",
            skill=rule_source(use.key),
            seat=target,
        )
        push(t, Expect("judge", target, reason))
        return
    t.stack.pop()
    if use.step == 4 and card(use.value).key not in _SPARED and t.seat(use.other).alive:
        push(t, Death(use.other, None))


@rule("wuhun", point=Point.DEATH, step=_wuhun_step, whose=("seat",))
def wuhun(ctx: Ctx, m: Skill, event: object) -> None:
    """武魂 settles itself when he dies (compulsory): nothing to write."""
    raise IllegalMove(
        say("{skill} is compulsory: the engine settles it", skill=rule_source(m.skill))
    )
