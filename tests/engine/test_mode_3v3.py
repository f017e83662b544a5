"""3V3 (mode ``3v3``): warm side (seats 4-6) against cold (1-3), rules 001 lines
133-150, the 3V3模式 section.

001 line 146: "遊戲結束。每局正式比賽時間為40分鐘,加時5分鐘,以暖色方或冷色方一方主帥陣亡
判定勝負。"; line 148: "勝負判定順序:…當雙方身份牌都橫置,則需先經過雙方武將存活數量定勝負。
當雙方存活的武將數量持平,則按照雙方已損失的體力值判定勝負。"
"""

from __future__ import annotations

import pytest

from engine.game import Game
from tests.engine.helpers import play, refused

# No skill of these answers damage or death.
SIX = ["zhaoyun", "zhangfei", "guanyu", "machao", "liubei", "xuchu"]


def three_v_three() -> Game:
    g = Game()
    play(g, "setup 3v3 6", *(f"general {n} {k}" for n, k in enumerate(SIX, start=1)))
    play(g, "deal", "next", "draw 5 x2")
    return g


def accepted_forced(g: Game) -> bool:
    """Whether the last move (the ``end``) was only accepted forced."""
    return any(n == len(g) for n, _ in g.flagged())


@pytest.mark.parametrize(
    ("damage", "refused_end", "counts", "result"),
    [
        # more generals alive wins
        (
            ["!damage 1 4 from 5", "pass"],
            "cold",
            "warm: 3 alive, 0 HP lost; cold: 2 alive, 4",
            "warm",
        ),
        # as many alive: the side that lost less HP wins
        (["!damage 1 1 from 5", "!damage 4 2 from 2"], "warm", "warm: 3 alive, 2 HP lost", "cold"),
        (["!damage 1 1 from 5", "!damage 4 2 from 2"], "draw", "cold: 3 alive, 1 HP lost", "cold"),
        # level on both: 001 line 148 decides nothing, the table's draw
        ([], "warm", "warm: 3 alive, 0 HP lost; cold: 3 alive, 0 HP lost", "draw"),
    ],
)
def test_at_the_time_limit_more_alive_then_less_hp_lost(
    damage: list[str], refused_end: str, counts: str, result: str
) -> None:
    """001 line 148 at the time limit: more generals alive, then less HP lost; the table's
    ``end`` with that result is accepted, not forced; another is refused with the counts."""
    g = three_v_three()
    play(g, *damage)
    assert not g.state.over
    refused(g, f"end {refused_end}", counts)
    play(g, f"end {result}")
    assert g.state.over and g.state.winner == result
    assert not any(n == len(g) for n, _ in g.flagged())  # the end, not forced
