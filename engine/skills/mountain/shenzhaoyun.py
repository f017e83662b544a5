"""神赵云's skills (山): 绝境 (juejing) 龙魂 (longhun).

绝境's hand limit (+2) is an effect declared in mountain.toml; its draw and 龙魂's
conversions depend on his HP, so they are the registry's state-dependent hooks.
"""

from __future__ import annotations

from engine.cards import suit_word
from engine.derived import card
from engine.registry import CONVERSIONS, DRAW_BONUS
from engine.table import Table

# ---------------------------------------------------------------- 绝境


def juejing_draw(t: Table, seat: int) -> int:
    """绝境 (compulsory): in his draw phase he draws as many more cards as the HP he has lost."""
    s = t.seat(seat)
    return max(s.max_hp - s.hp, 0)


DRAW_BONUS["juejing"] = juejing_draw

# ---------------------------------------------------------------- 龙魂

LONGHUN = {"heart": "tao", "diamond": "fire_sha", "club": "shan", "spade": "nullification"}
"""龙魂: what each suit counts as."""


def longhun_cards(t: Table, seat: int) -> int:
    """How many cards 龙魂 spends: his HP, at least 1."""
    return max(t.seat(seat).hp, 1)


def longhun(t: Table, seat: int, cards: tuple[int, ...], as_kind: str) -> bool:
    """龙魂: X cards (hand or equipment) of one suit, X his HP (at least 1), used or played
    as the suit's card: heart 桃, diamond fire 杀, club 闪, spade 无懈可击."""
    if len(cards) != longhun_cards(t, seat):
        return False
    suits = {suit_word(card(c)) for c in cards}
    if len(suits) != 1:
        return False
    return LONGHUN.get(suits.pop()) == as_kind


CONVERSIONS["longhun"] = longhun
