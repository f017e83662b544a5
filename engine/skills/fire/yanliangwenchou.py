"""颜良文丑's skills (火): 双雄 (shuangxiong).

The judgement's colour lasts the turn as the turn flag ``N:shuangxiong_red`` (or
``_black``); the conversion below reads it.
"""

from __future__ import annotations

from engine.cards import Colour
from engine.context import Ctx
from engine.derived import card
from engine.frames import Expect, SkillUse
from engine.moves import Skill
from engine.registry import conversion, rule, rule_source
from engine.settlement import push
from engine.skills.common import judge_for, no_arguments
from engine.state import Phase
from engine.table import IllegalMove, Table
from engine.text import say


def _shuangxiong_step(ctx: Ctx, use: SkillUse) -> None:
    t = ctx.table
    if use.step == 0:
        judge_for(t, use)
        return
    t.stack.pop()
    if use.step == 1:
        return
    colour = card(use.value).colour
    t.move(use.value, f"hand:{use.seat}")
    if colour is not None:
        t.set_turn(flags=t.turn.flags | {f"{use.seat}:shuangxiong_{colour.value}"})


@rule("shuangxiong", phases=(Phase.DRAW,), step=_shuangxiong_step)
def shuangxiong(ctx: Ctx, m: Skill, event: object) -> None:
    """双雄: instead of drawing in his draw phase, judges and takes the judgement card;
    this turn he may use a hand card of the other colour as 决斗."""
    no_arguments(m)
    t = ctx.table
    if not (isinstance(event, Expect) and event.what == "draw" and event.seat == m.seat):
        raise IllegalMove(
            say(
                "{skill} replaces the draw of the draw phase: use it before drawing",
                skill=rule_source(m.skill),
            )
        )
    t.stack.pop()  # the draw
    push(t, SkillUse(m.seat, "shuangxiong"))


@conversion("shuangxiong", "duel")
def as_duel(t: Table, seat: int, cards: tuple[int, ...], as_kind: str) -> bool:
    """双雄 in force: a hand card of the colour other than the judgement's as 决斗."""
    flags = t.turn.flags
    if as_kind != "duel" or len(cards) != 1 or not flags:
        return False
    colour = card(cards[0]).colour
    if colour is None or t.where.get(cards[0], f"hand:{seat}") != f"hand:{seat}":
        return False
    other = Colour.BLACK if colour is Colour.RED else Colour.RED
    return f"{seat}:shuangxiong_{other.value}" in flags
