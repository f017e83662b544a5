"""曹丕's skills (林): 行殇 (xingshang), 放逐 (fangzhu), 颂威 (songwei, lord)."""

from __future__ import annotations

from engine.cards import Colour
from engine.context import Ctx
from engine.derived import card
from engine.frames import DamageEvent, Death, Expect, Judgement, Point, SkillUse
from engine.moves import Skill
from engine.registry import rule, rule_source
from engine.settlement import push
from engine.skills.common import living_other, need_targets, no_arguments
from engine.state import evolve
from engine.table import IllegalMove, Table
from engine.text import say

# ---------------------------------------------------------------- 行殇


def _other_died_with_cards(t: Table, owner: int, event: object) -> bool:
    return isinstance(event, Death) and event.seat != owner and t.seat(event.seat).card_count > 0


@rule("xingshang", point=Point.DEATH, can=_other_died_with_cards)
def xingshang(ctx: Ctx, m: Skill, event: object) -> None:
    """行殇: when another player dies, gains all their cards (hand and equipment),
    before they would be discarded."""
    no_arguments(m)
    assert isinstance(event, Death)
    t = ctx.table
    dead = t.seat(event.seat)
    for c in (*dead.hand, *dead.equipment):
        t.move(c, f"hand:{m.seat}")
    dead = t.seat(event.seat)
    unseen = dead.hand_unknown
    if unseen:
        t.set_seat(evolve(dead, hand_unknown=0))
        t.hand_to_unknown(m.seat, unseen)


# ---------------------------------------------------------------- 放逐


def _took_damage(t: Table, owner: int, event: object) -> bool:
    return isinstance(event, DamageEvent) and event.target == owner


@rule("fangzhu", point=Point.AFTER_DAMAGE, can=_took_damage, targets=(1, 1), whose=("target",))
def fangzhu(ctx: Ctx, m: Skill, event: object) -> None:
    """放逐: after taking damage, has another player draw as many cards as the HP he has
    lost, then turn their general card over (``-> N``)."""
    t = ctx.table
    if m.cards or m.unknown:
        raise IllegalMove(
            say("{skill} spends no cards: name the player (-> N)", skill=rule_source(m.skill))
        )
    need_targets(m, 1, 1, say("{skill}: one other player", skill=rule_source(m.skill)))
    target = m.targets[0]
    living_other(t, m, target)
    me = t.seat(m.seat)
    t.draw_unknown(target, me.max_hp - me.hp)
    s = t.seat(target)
    t.set_seat(evolve(s, flipped=not s.flipped))


# ---------------------------------------------------------------- 颂威

YES, NO = "yes", "no"


def _wei_black_judgement(t: Table, owner: int, event: object) -> bool:
    if not (isinstance(event, Judgement) and event.seat != owner):
        return False
    judged = t.seat(event.seat)
    return judged.alive and judged.kingdom == "wei" and card(event.card).colour is Colour.BLACK


def _songwei_step(ctx: Ctx, use: SkillUse) -> None:
    t = ctx.table
    if use.step == 0:
        t.stack[-1] = evolve(use, step=1)
        reason = say(
            "{skill}: let seat {seat} draw a card?", skill=rule_source(use.key), seat=use.seat
        )
        push(t, Expect("choose", use.other, reason, options=(YES, NO)))
        return
    t.stack.pop()
    if use.word == YES and t.seat(use.seat).alive:
        t.draw_unknown(use.seat, 1)


@rule("songwei", point=Point.JUDGE_AFTER, can=_wei_black_judgement, step=_songwei_step)
def songwei(ctx: Ctx, m: Skill, event: object) -> None:
    """颂威 (lord): after another 魏 player's judgement card takes effect and is black,
    that player may let him draw a card: the lord calls on it, the player answers
    ``choose N yes`` (or ``no``)."""
    no_arguments(m)
    assert isinstance(event, Judgement)
    push(ctx.table, SkillUse(m.seat, "songwei", other=event.seat))
