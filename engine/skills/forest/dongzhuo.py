"""董卓's skills (林): 酒池 (jiuchi), 肉林 (roulin), 崩坏 (benghuai), 暴虐 (baonve).

酒池 is a conversion declared in forest.toml (a spade hand card as 酒); 肉林 is
read where a Sha asks for Shan (engine.settlement ``needs``). 崩坏 is compulsory:
the engine settles it by itself at his end phase (a trigger, not a window); 暴虐
is his lord skill's window after another 群 player deals damage.
"""

from __future__ import annotations

from engine.cards import Suit
from engine.context import Ctx
from engine.derived import card, owned_keys
from engine.frames import DamageEvent, Death, Expect, Occasion, Point, SkillUse
from engine.moves import Skill
from engine.registry import rule, rule_source, trigger
from engine.settlement import heal, lose_hp, push
from engine.skills.common import no_arguments
from engine.state import evolve
from engine.table import IllegalMove, Table
from engine.text import say

# ---------------------------------------------------------------- 崩坏

LOSE_HP = "hp"  # 崩坏: lose 1 HP
LOSE_MAX_HP = "maxhp"  # 崩坏: lose 1 max HP


def _not_lowest(t: Table, seat: int) -> bool:
    """His HP is not the lowest (nor tied for it) among the living."""
    mine = t.seat(seat).hp
    return any(s.alive and s.hp < mine for s in t.seats)


@trigger(Point.END_PHASE)
def _benghuai_trigger(t: Table, event: object) -> bool:
    assert isinstance(event, Occasion)
    s = t.seat(event.seat)
    if not (s.alive and "benghuai" in owned_keys(s) and _not_lowest(t, event.seat)):
        return False
    push(t, SkillUse(event.seat, "benghuai"))
    return True


def _benghuai_step(ctx: Ctx, use: SkillUse) -> None:
    t = ctx.table
    if use.step == 0:
        t.stack[-1] = evolve(use, step=1)
        reason = say("{skill}: lose 1 HP (hp) or 1 max HP (maxhp)", skill=rule_source(use.key))
        push(t, Expect("choose", use.seat, reason, options=(LOSE_HP, LOSE_MAX_HP)))
        return
    t.stack.pop()
    if use.word == LOSE_HP:
        lose_hp(ctx, use.seat, 1)
        return
    s = t.seat(use.seat)
    t.set_seat(evolve(s, max_hp=s.max_hp - 1, hp=min(s.hp, s.max_hp - 1)))
    if s.max_hp - 1 <= 0:
        push(t, Death(use.seat, None))


@rule("benghuai", step=_benghuai_step)
def benghuai(ctx: Ctx, m: Skill, event: object) -> None:
    """崩坏 (compulsory): in his end phase, unless his HP is the lowest (or tied for it),
    he loses 1 HP or 1 max HP, as he chooses. The engine starts it by itself."""
    raise IllegalMove(say("{skill} applies by itself", skill=rule_source(m.skill)))


# ---------------------------------------------------------------- 暴虐


def _baonve_can(t: Table, owner: int, event: object) -> bool:
    if not (isinstance(event, DamageEvent) and event.source and event.source != owner):
        return False
    source = t.seat(event.source)
    return source.alive and source.kingdom == "qun"


def _baonve_step(ctx: Ctx, use: SkillUse) -> None:
    t = ctx.table
    if use.step == 0:
        t.stack[-1] = evolve(use, step=1)
        reason = say(
            "{skill} of seat {seat}: turn over the judgement card",
            skill=rule_source(use.key),
            seat=use.seat,
        )
        push(t, Expect("judge", use.other, reason, other=use.seat))
        return
    t.stack.pop()
    if use.step == 2 and card(use.value).suit is Suit.SPADE and t.seat(use.seat).alive:
        heal(t, use.seat, 1)


@rule("baonve", point=Point.AFTER_DAMAGE, can=_baonve_can, step=_baonve_step)
def baonve(ctx: Ctx, m: Skill, event: object) -> None:
    """暴虐 (lord): after another 群 player deals damage, that player may judge; a spade
    and he recovers 1 HP. The table enters the damage source's yes as his skill
    (``skill LORD baonve``); the source turns over the judgement card."""
    no_arguments(m)
    assert isinstance(event, DamageEvent) and event.source
    push(ctx.table, SkillUse(m.seat, "baonve", other=event.source))
