"""孟获's skills (林): 祸首 (huoshou), 再起 (zaiqi).

祸首's first half (南蛮入侵 has no effect on him) is the ``no_effect`` effect in
forest.toml; its second half (he is the source of the damage) is the compulsory
change below.
"""

from __future__ import annotations

from engine.cards import Suit
from engine.context import Ctx
from engine.derived import card, owned_keys
from engine.frames import DamageEvent, Expect, Point, SkillUse
from engine.moves import Skill
from engine.registry import compulsory, rule, rule_source
from engine.settlement import heal, push
from engine.skills.common import no_arguments
from engine.state import Phase, evolve
from engine.table import IllegalMove, Table
from engine.text import say
from engine.windows import owned_anywhere

# ---------------------------------------------------------------- 祸首


@compulsory(Point.CAUSING)
def huoshou_source(t: Table, f: DamageEvent) -> DamageEvent:
    """祸首: the damage of a 南蛮入侵 another player used is caused by 孟获."""
    if f.card_kind != "savage_assault" or "huoshou" not in owned_anywhere(t):
        return f
    for s in t.seats:
        if s.alive and s.seat != f.source and "huoshou" in owned_keys(s):
            return evolve(f, source=s.seat)
    return f


# ---------------------------------------------------------------- 再起


def _zaiqi_step(ctx: Ctx, use: SkillUse) -> None:
    # use.cards: what was in the processing area before; use.value: how many to turn over
    t = ctx.table
    if use.step == 0:
        t.stack[-1] = evolve(use, step=1)
        reason = say(
            "{skill}: turn over the top cards of the draw pile", skill=rule_source(use.key)
        )
        push(t, Expect("reveal", use.seat, reason, counts=(use.value,)))
        return
    t.stack.pop()
    turned = [c for c in t.processing if c not in use.cards]
    for c in turned:  # hearts heal him and are discarded; he gains the others
        if card(c).suit is Suit.HEART:
            heal(t, use.seat, 1)
            t.move(c, "discard")
    for c in turned:
        if card(c).suit is not Suit.HEART:
            t.move(c, f"hand:{use.seat}")


@rule("zaiqi", phases=(Phase.DRAW,), step=_zaiqi_step)
def zaiqi(ctx: Ctx, m: Skill, event: object) -> None:
    """再起: wounded, instead of drawing, turns over as many top cards of the draw pile
    as the HP he has lost: each heart heals him 1 and is discarded; he gains the rest."""
    no_arguments(m)
    t = ctx.table
    if not (isinstance(event, Expect) and event.what == "draw" and event.seat == m.seat):
        raise IllegalMove(
            say(
                "{skill} replaces the draw of the draw phase: use it before drawing",
                skill=rule_source(m.skill),
            )
        )
    s = t.seat(m.seat)
    if not s.wounded:
        raise IllegalMove(
            say(
                "{skill}: only when wounded (HP {hp}/{max_hp})",
                skill=rule_source(m.skill),
                hp=s.hp,
                max_hp=s.max_hp,
            )
        )
    t.stack.pop()  # the draw
    push(t, SkillUse(m.seat, "zaiqi", value=s.max_hp - s.hp, cards=tuple(t.processing)))
