"""诸侯伐董 (mode ``zhuhou``): two players against 董卓's side, rules 001 lines 187-195.

001 (諸侯伐董): "遊戲人數:2 玩家 vs 3 AI(電腦) 特殊關卡為6名AI,其中1名AI(孫堅)為玩家
隊友 … 禁將:…大喬… 勝利條件:擊敗關卡將領即可(可不擊殺士兵) 投降規則:遊戲進行5分鐘後,
若本方角色只剩1個,則可發起投降 特殊規則:(1)該模式下玩家起始手牌數+1;(2)一名玩家死亡
後,若傷害來源不是隊友,則隊友摸三張牌。"
"""

from __future__ import annotations

import pytest

from engine.game import Game
from engine.state import Role
from engine.table import IllegalMove
from engine.views import summary
from tests.engine.helpers import play, refused, table, to_play_phase

L, Y, R = Role.LORD, Role.LOYALIST, Role.REBEL

# No skill of these answers damage or death.
EIGHT = ["zhaoyun", "guanyu", "zhangfei", "machao", "huangyueying", "xuchu", "lvbu", "zhenji"]


def zhuhou(players: int = 5) -> Game:
    variant = "special" if players == 8 else ""
    return table(EIGHT[:players], mode="zhuhou", lord=None, variant=variant)


def test_two_players_against_three() -> None:
    """001 line 188: 2 玩家 vs 3 AI: seats 1-2 the coalition, 3-5 董卓's side with the
    level's leader (关卡将领, the lord) in the middle."""
    g = zhuhou()
    assert [s.role for s in g.state.seats] == [R, R, Y, L, Y]
    assert summary(g.state)["mode_facts"] == {
        "leader": 4,
        "players": [1, 2],
        "ally": None,
        "coalition": [1, 2],
        "dongzhuo": [3, 4, 5],
    }


def test_the_special_level_has_six_ai_one_an_ally() -> None:
    """001 line 188: 特殊關卡為6名AI,其中1名AI(孫堅)為玩家隊友: eight seats, seat 3 the
    players' ally."""
    g = zhuhou(8)
    assert [s.role for s in g.state.seats] == [R, R, R, Y, Y, L, Y, Y]
    with pytest.raises(IllegalMove, match="special"):
        Game().push_text("setup zhuhou 8")
    with pytest.raises(IllegalMove, match="special"):
        Game().push_text("setup zhuhou 5 variant=special")


def test_the_players_start_with_one_more_card() -> None:
    """001 line 195: (1)該模式下玩家起始手牌數+1 (the AI ally is no player)."""
    assert [s.hand_count for s in zhuhou().state.seats] == [5, 5, 4, 4, 4]
    assert [s.hand_count for s in zhuhou(8).state.seats] == [5, 5, 4, 4, 4, 4, 4, 4]


def test_daqiao_is_banned() -> None:
    """001 line 192: 禁將:…大喬…"""
    g = Game()
    g.push_text("setup zhuhou 5")
    refused(g, "general 1 daqiao", "bans 大乔")


def test_a_player_killed_by_the_enemy_lets_the_teammates_draw_three() -> None:
    """001 line 195: (2)一名玩家死亡後,若傷害來源不是隊友,則隊友摸三張牌."""
    g = zhuhou(8)
    to_play_phase(g)
    hands = [g.state.seat(n).hand_count for n in (2, 3)]
    play(g, "!damage 2 4 from 6", "pass")
    assert not g.state.seat(2).alive
    assert g.state.seat(1).hand_count == 7 + 3  # 5 dealt, 2 drawn
    assert g.state.seat(3).hand_count == hands[1] + 3


def test_a_player_killed_by_a_teammate_gives_nothing() -> None:
    g = zhuhou()
    to_play_phase(g)
    play(g, "!damage 2 4 from 1", "pass")
    assert g.state.seat(1).hand_count == 7


def test_a_player_dying_with_no_source_gives_three() -> None:
    """No source is not a teammate (若傷害來源不是隊友)."""
    g = zhuhou()
    to_play_phase(g)
    play(g, "!damage 2 4", "pass")
    assert g.state.seat(1).hand_count == 10


def test_the_allys_death_is_no_players() -> None:
    g = zhuhou(8)
    to_play_phase(g)
    play(g, "!damage 3 4 from 6", "pass")
    assert g.state.seat(1).hand_count == 7 and g.state.seat(2).hand_count == 5


def test_killing_a_soldier_rewards_nobody() -> None:
    g = zhuhou()
    to_play_phase(g)
    play(g, "!damage 3 4 from 1", "pass")
    assert g.state.seat(1).hand_count == 7 and not g.state.over


def test_the_coalition_wins_when_the_leader_falls() -> None:
    """001 line 193: 勝利條件:擊敗關卡將領即可(可不擊殺士兵)."""
    g = zhuhou()
    to_play_phase(g)
    play(g, "!damage 4 4 from 1", "pass")
    assert g.state.over and g.state.winner == "coalition"


def test_dongzhuos_side_wins_when_the_coalition_is_dead() -> None:
    g = zhuhou()
    to_play_phase(g)
    play(g, "!damage 2 4 from 4", "pass", "!damage 1 4 from 4", "pass")
    assert g.state.over and g.state.winner == "dongzhuo"


def test_a_side_with_one_seat_left_may_concede() -> None:
    """001 line 194: 投降規則:…若本方角色只剩1個,則可發起投降."""
    g = zhuhou()
    to_play_phase(g)
    refused(g, "end dongzhuo", "not over by the rules")
    play(g, "!damage 2 4 from 4", "pass")
    play(g, "end dongzhuo")
    assert g.state.over and g.state.winner == "dongzhuo"
