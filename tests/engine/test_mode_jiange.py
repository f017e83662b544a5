"""守卫剑阁 (mode ``jiange``): eight seats, 魏 against 蜀, rules 001 lines 168-176.

001 (守衛劍閣模式): "遊戲為八人場,只能選魏或蜀,座次與傳統對局稍有不同。超過一小時雙方都
失敗。數字代表行動順序 1 魏机器人 2 蜀机器人 3 魏一号 桌子 4蜀一号 5 魏英魂 6蜀英魂
7 魏二号 8 蜀二号 【樂不思蜀】對所有機械人無效。"
"""

from __future__ import annotations

import pytest

from engine.derived import check_target, kind, ring_distance
from engine.game import Game
from engine.table import IllegalMove
from engine.views import summary
from tests.engine.helpers import cid, end_turn, play, refused, table

# 001's numbers are the seats: 魏 in the odd seats, 蜀 in the even ones.
EIGHT = ["caocao", "zhaoyun", "xuchu", "guanyu", "zhangliao", "zhangfei", "guojia", "machao"]


def jiange() -> Game:
    return table(EIGHT, mode="jiange", lord=None)


def test_eight_players_only() -> None:
    """001 line 169: 遊戲為八人場."""
    with pytest.raises(IllegalMove, match="played by 8 players, not 6"):
        Game().push_text("setup jiange 6")


def test_only_wei_or_shu_generals_each_on_its_side() -> None:
    """001 lines 169-173: 只能選魏或蜀: 1 魏机器人 2 蜀机器人 3 魏一号 4蜀一号 ...: 魏 in
    the odd seats, 蜀 in the even ones."""
    g = Game()
    g.push_text("setup jiange 8")
    refused(g, "general 1 liubei", "seat 1 takes a general of 魏")
    refused(g, "general 2 caocao", "seat 2 takes a general of 蜀")
    refused(g, "general 3 guanyu", "seat 3 takes a general of 魏")
    refused(g, "general 4 sunquan", "蜀")
    play(g, "general 1 caocao", "general 2 liubei", "general 3 xuchu", "general 4 guanyu")
    play(g, "general 5 zhangliao", "general 6 zhangfei", "general 7 guojia", "general 8 machao")


def test_the_turns_go_in_the_seat_numbers() -> None:
    """001 lines 169-173: 數字代表行動順序: the seats play in their numbers, 1 to 8."""
    g = jiange()
    seen = [g.state.turn.seat]
    for _ in range(8):
        end_turn(g)
        seen.append(g.state.turn.seat)
    assert seen == [1, 2, 3, 4, 5, 6, 7, 8, 1]


def test_a_dead_seat_is_passed_over() -> None:
    """001 line 169: 數字代表行動順序: seat 3 dead, seat 2's turn is followed by 4's."""
    g = jiange()
    play(g, "draw 1 x2", "!damage 3 4 from 4", "pass")
    assert not g.state.seat(3).alive
    end_turn(g)
    assert g.state.turn.seat == 2
    end_turn(g)
    assert g.state.turn.seat == 4


def test_the_state_tells_sides_titles_robots_and_order() -> None:
    """001 lines 169-173: the sides, titles and order in the seat numbers."""
    facts = summary(jiange().state)["mode_facts"]
    assert isinstance(facts, dict)
    assert facts["robots"] == [1, 2]
    assert facts["action_order"] == [1, 2, 3, 4, 5, 6, 7, 8]
    assert facts["sides"] == {str(n): "wei" if n % 2 else "shu" for n in range(1, 9)}
    assert facts["titles"] == {
        "1": "robot",
        "2": "robot",
        "3": "hero one",
        "4": "hero one",
        "5": "soul",
        "6": "soul",
        "7": "hero two",
        "8": "hero two",
    }
    assert facts["ring"] == [1, 2, 4, 6, 8, 7, 5, 3]


def _distances(g: Game) -> list[list[int | None]]:
    matrix = summary(g.state)["distance"]
    assert isinstance(matrix, list)
    return matrix


def test_distances_follow_where_they_sit() -> None:
    """001 lines 169-173 (座次與傳統對局稍有不同 and the picture): 魏 down one side of
    the 桌子, 蜀 down the other, the robots 1 and 2 side by side at one end, 7 and 8
    at the other: around the table 1, 2, 4, 6, 8, 7, 5, 3."""
    d = _distances(jiange())
    assert d[0][1] == 1 and d[0][2] == 1  # seat 1's neighbours: 2 and 3
    assert d[0][3] == 2 and d[0][4] == 2  # 4 beyond 2, 5 beyond 3
    assert d[0][6] == 3  # 7 at the far end of the 魏 side
    assert d[0][7] == 4  # 8: halfway around, either way (1-2-4-6-8, 1-3-5-7-8)
    assert d[0][5] == 3  # 6: past 2 and 4 down the 蜀 side
    assert d[1][3] == 1 and d[3][5] == 1 and d[5][7] == 1  # 蜀 down its side: 2, 4, 6, 8
    assert d[2][4] == 1 and d[4][6] == 1  # 魏 down its side: 3, 5, 7
    assert d[6][7] == 1  # 7 and 8 side by side at the far end
    assert d[2][3] == 3  # 3 and 4 face each other across the table: 3-1-2-4
    assert d[4][5] == 3  # 5 and 6 face each other: 5-7-8-6
    state = jiange().state
    ring = [[ring_distance(state, a, b) for b in range(1, 9)] for a in range(1, 9)]
    assert ring[0] == [0, 1, 1, 2, 2, 3, 3, 4]
    assert ring[7] == [4, 3, 3, 2, 2, 1, 1, 0]  # 8 (马超's 马术 aside)
    assert all(ring[a][b] == ring[b][a] for a in range(8) for b in range(8))


def test_distances_close_up_around_the_dead() -> None:
    """The ring of 001's picture counts the living only: with 2 dead, 1 and 4 sit
    side by side."""
    g = jiange()
    play(g, "draw 1 x2", "!damage 2 4 from 1", "pass")
    d = _distances(g)
    assert d[0][3] == 1 and d[0][1] is None and d[0][7] == 3  # 1-4-6-8


def test_the_sha_reaches_by_the_ring() -> None:
    """A Sha (range 1 unarmed) from seat 1 reaches 2 and 3, not 4 (two seats
    away round the end of the table though next in the order of action)."""
    g = jiange()
    sha = kind("sha")
    assert check_target(g.state, 1, sha, 2).legal
    assert check_target(g.state, 1, sha, 3).legal
    assert not check_target(g.state, 1, sha, 4).legal
    assert check_target(g.state, 4, sha, 6).legal
    assert not check_target(g.state, 4, sha, 3).legal


def test_indulgence_has_no_effect_on_robots() -> None:
    """001 line 174: 【樂不思蜀】對所有機械人無效: a robot cannot be its target."""
    g = jiange()
    for robot in (1, 2):
        check = check_target(g.state, 3, kind("indulgence"), robot)
        assert not check.legal
    assert check_target(g.state, 3, kind("indulgence"), 8).legal
    play(g, "draw 1 x2")
    refused(g, f"use 1 #{cid('indulgence', '♠6')} -> 2", "乐不思蜀")


def test_a_side_wins_when_the_other_is_dead() -> None:
    """001 names no victory but the hour: a side wins when every seat of the other
    side (蜀: 2, 4, 6, 8) is dead."""
    g = jiange()
    play(g, "draw 1 x2")
    for seat in (2, 4, 6):
        play(g, f"!damage {seat} 4 from 1", "pass")
    assert not g.state.over
    play(g, "!damage 8 4 from 1", "pass")
    assert g.state.over and g.state.winner == "wei"


def test_over_an_hour_both_sides_lose() -> None:
    """001 line 169: 超過一小時雙方都失敗: the table enters the draw when its hour is up."""
    g = jiange()
    refused(g, "end wei", "not over by the rules")
    play(g, "end draw")
    assert g.state.over and g.state.winner == "draw"


def test_the_sample_ends_with_a_side_dead() -> None:
    """samples/jiange.sgs: played to its end, 乐不思蜀 never on a robot."""
    from pathlib import Path

    from engine.moves import Use
    from engine.record import parse_record, replay

    path = Path(__file__).resolve().parents[2] / "samples" / "jiange.sgs"
    record = parse_record(path.read_text(encoding="utf-8"))
    game = replay(record)
    assert game.flagged() == [] and game.state.winner in ("wei", "shu")
    indulgences = set(cid("indulgence", n=n) for n in range(3))
    for m in record.moves:
        if isinstance(m, Use) and set(m.cards) & indulgences and not m.as_kind:
            assert not set(m.targets) & {1, 2}
