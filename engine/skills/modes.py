"""The skills a mode gives a seat (``engine/data/mode_skills.toml``), as rules.

斗地主 (rules 001 lines 183-186): the landlord's 〖飞扬〗 (a window at the start
of his judgement phase) and 〖跋扈〗 (its draw at the start of the turn and its
second Sha are declared effects: ``draw_on turn_start`` and ``sha_limit``,
settled by the engine); the surviving farmer's reward (``farmer_reward``, a
choice settled after the other farmer's death).
"""

from __future__ import annotations

from engine.cardops import discard_cards, lift_from, possess
from engine.context import Ctx
from engine.frames import Expect, Point, SkillUse
from engine.moves import Skill
from engine.registry import rule, rule_source
from engine.settlement import heal, push
from engine.skills.common import own_occasion
from engine.state import evolve
from engine.table import IllegalMove, Table
from engine.text import say

# ---------------------------------------------------------------- 斗地主: 飞扬


def _feiyang_can(t: Table, owner: int, event: object) -> bool:
    s = t.seat(owner)
    return (
        own_occasion(t, owner, event) and bool(s.judgement) and s.hand_count + len(s.equipment) >= 2
    )


@rule(
    "feiyang",
    point=Point.JUDGEMENT_PHASE,
    can=_feiyang_can,
    whose=("seat",),
    cards=(2, 3),
)
def feiyang(ctx: Ctx, m: Skill, event: object) -> None:
    """飞扬 (001: 你可以棄置兩張牌來棄置你判定區的一張牌): at the start of his judgement
    phase (the document gives no time: the last moment it can matter, before the
    delayed tricks are judged), the landlord discards two of his cards (hand or
    equipment) and a card of his judgement zone. The move names the two cards and,
    when the zone holds more than one, the judgement card (``skill 1 feiyang #a #b #j``).
    """
    t = ctx.table
    zone = f"judge:{m.seat}"
    judged = [c for c in m.cards if t.where.get(c) == zone]
    cost = tuple(c for c in m.cards if c not in judged)
    skill = rule_source(m.skill)
    if m.targets:
        raise IllegalMove(say("{skill} has no targets", skill=skill))
    if len(cost) + m.unknown != 2:
        raise IllegalMove(
            say("{skill}: discard exactly two cards (#id, or xN unseen hand cards)", skill=skill)
        )
    zone_cards = [d.card for d in t.seat(m.seat).judgement]
    if len(judged) > 1:
        raise IllegalMove(say("{skill}: one card of the judgement zone, not more", skill=skill))
    if not judged:
        if len(zone_cards) != 1:
            raise IllegalMove(
                say("{skill}: name the card of the judgement zone to discard", skill=skill)
            )
        judged = zone_cards
    discard_cards(ctx, m.seat, cost, m.unknown, ("hand", "equipment"))
    target = judged[0]
    lift_from(ctx, m.seat, target, possess(ctx, m.seat, target, ("judge",)))
    t.put(target, "discard")


# ---------------------------------------------------------------- 斗地主: the farmers' reward

RECOVER, DRAW = "recover", "draw"


def _reward_step(ctx: Ctx, use: SkillUse) -> None:
    t = ctx.table
    s = t.seat(use.seat)
    if not s.alive:
        t.stack.pop()
        return
    if use.step == 0:
        if not s.wounded:  # recovering at full HP recovers nothing: the draw it is
            t.stack.pop()
            t.draw_unknown(use.seat, 2)
            return
        t.stack[-1] = evolve(use, step=1)
        reason = say("{skill}: recover 1 HP or draw two cards", skill=rule_source(use.key))
        push(t, Expect("choose", use.seat, reason, options=(RECOVER, DRAW)))
        return
    t.stack.pop()
    if use.word == RECOVER:
        heal(t, use.seat, 1)
    else:
        t.draw_unknown(use.seat, 2)


@rule("farmer_reward", step=_reward_step)
def farmer_reward(ctx: Ctx, m: Skill, event: object) -> None:
    """The surviving farmer's reward (001: 當有一名反賊陣亡時另一名反賊可以回復一點體力或
    摸兩張牌): the engine offers it after the death; it is never used by a move."""
    raise IllegalMove(say("{skill} comes by itself after a death", skill=rule_source(m.skill)))
