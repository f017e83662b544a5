"""袁绍's skills (火): 乱击 (luanji) and 血裔 (xueyi, lord: a hand-limit effect declared
in fire.toml, ``hand_limit_per_kingdom``)."""

from __future__ import annotations

from engine.derived import card
from engine.registry import conversion
from engine.table import Table


@conversion("luanji", "archery_attack")
def luanji(t: Table, seat: int, cards: tuple[int, ...], as_kind: str) -> bool:
    """乱击: two hand cards of the same suit, used together as 万箭齐发
    (``use SEAT #a #b as archery_attack``)."""
    if as_kind != "archery_attack" or len(cards) != 2:
        return False
    a, b = card(cards[0]), card(cards[1])
    if a.suit is None or a.suit is not b.suit:
        return False
    return all(t.where.get(c, f"hand:{seat}") == f"hand:{seat}" for c in cards)
