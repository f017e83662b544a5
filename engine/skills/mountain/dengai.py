"""邓艾's skills (山): 屯田 (tuntian) 凿险 (zaoxian) 急袭 (jixi).

屯田's 田 are the cards on his general card (zone ``general:N``); the distance they
take off is the effect ``distance_per_general_card`` of mountain.toml.
"""

from __future__ import annotations

from engine.cards import suit_word
from engine.context import Ctx
from engine.derived import card
from engine.frames import Occasion, Point, SkillUse
from engine.moves import Skill
from engine.registry import CONVERSIONS, rule
from engine.skills.common import judge_for, no_arguments
from engine.skills.mountain.liushan import change_max_hp, gain_skill
from engine.table import Table

# ---------------------------------------------------------------- 屯田


def _lost_outside_his_turn(t: Table, owner: int, event: object) -> bool:
    return isinstance(event, Occasion) and event.seat == owner and t.turn.seat != owner


def _tuntian_step(ctx: Ctx, use: SkillUse) -> None:
    t = ctx.table
    if use.step == 0:
        judge_for(t, use)
        return
    t.stack.pop()
    if use.step == 1 or suit_word(card(use.value)) == "heart":
        return  # no judgement, or a heart: it stays in the discard pile
    if t.where.get(use.value) == "discard" and t.seat(use.seat).alive:
        t.move(use.value, f"general:{use.seat}")


@rule(
    "tuntian",
    point=Point.CARD_LOST,
    can=_lost_outside_his_turn,
    step=_tuntian_step,
    whose=("seat",),
)
def tuntian(ctx: Ctx, m: Skill, event: object) -> None:
    """屯田: each time he loses a card outside his turn, he may judge; unless it is a
    heart, the judgement card goes onto his general as a 田 (each 田: his distance to
    others -1)."""
    no_arguments(m)
    ctx.table.stack.append(SkillUse(m.seat, "tuntian"))


def fields(t: Table, seat: int) -> int:
    """His 田: the cards on his general card."""
    s = t.seat(seat)
    return len(s.on_general) + s.on_general_unknown


# ---------------------------------------------------------------- 凿险


def _three_fields(t: Table, owner: int, event: object) -> bool:
    return isinstance(event, Occasion) and event.seat == owner and fields(t, owner) >= 3


@rule("zaoxian", point=Point.PREPARATION, can=_three_fields, whose=("seat",))
def zaoxian(ctx: Ctx, m: Skill, event: object) -> None:
    """凿险 (awakening): in his preparation phase with three or more 田, he loses 1 max HP
    and gains 急袭."""
    no_arguments(m)
    t = ctx.table
    change_max_hp(t, m.seat, -1)
    gain_skill(t, m.seat, "jixi")


# ---------------------------------------------------------------- 急袭


def jixi(t: Table, seat: int, cards: tuple[int, ...], as_kind: str) -> bool:
    """急袭: a 田 (a card on his general) used as 顺手牵羊."""
    return as_kind == "snatch" and len(cards) == 1 and t.where.get(cards[0]) == f"general:{seat}"


CONVERSIONS["jixi"] = jixi
