"""1V1 (mode ``1v1``, the old rules): three generals each in a secret order, the third
death loses (rules 001 lines 91-107, the 1V1模式 section).

001: "決定順序。兩名玩家各自從所選擇的武將中選擇三張作為出場武將,並決定其出場順序(開始
遊戲後不可改變)。玩家的出場武將和出場順序對對方保密。" (line 100); "武將死亡。當一名玩家的
武將死亡時,若遊戲未結束,則立即棄置其裝備區、判定區的牌和手牌,換上下一個出場武將,補滿
體力值並摸4張牌。" (line 103); "遊戲結束。當某一角色的第三名登場武將死亡時,遊戲立即結束,
對方玩家獲勝。" (line 104).
"""

from __future__ import annotations

from engine.derived import owned_keys
from engine.game import Game
from engine.state import Role
from engine.views import summary
from tests.engine.helpers import play, refused


def one_v_one(first_draw: bool = True) -> Game:
    g = Game()
    play(
        g,
        "setup 1v1 2",
        "general 1 caocao,simayi,xiahoudun",
        "general 2 zhangfei,guanyu,zhaoyun",
        "deal",
        "next",
    )
    if first_draw:
        play(g, "draw 2 x1")
    return g


def test_one_v_one_three_generals_and_replacement() -> None:
    """001 1V1: the 后手 player starts and draws one fewer; a dead general is replaced
    at full HP with four cards; the third death loses."""
    g = one_v_one(first_draw=False)
    s = g.state
    assert s.turn.seat == 2 and s.seat(1).role is Role.LORD and s.seat(2).role is Role.RENEGADE
    refused(g, "draw 2 x2", "draws 1 in the draw phase, not 2")
    play(g, "draw 2 x1", "!damage 1 4 from 2", "pass")
    s = g.state
    assert s.seat(1).alive and s.seat(1).generals == ("simayi", "xiahoudun")
    assert (s.seat(1).hp, s.seat(1).max_hp, s.seat(1).hand_count) == (3, 3, 4)
    play(g, "!damage 1 3 from 2", "pass", "!damage 1 4 from 2", "pass")
    assert g.state.over and g.state.winner == "renegade"


def test_the_state_counts_each_seats_generals_left_and_fallen() -> None:
    """001 lines 103-104: the next general comes on at a death, the third death ends the
    game: the state says how many are left (this one included) and fallen, as 新1V1's."""
    g = one_v_one()
    assert summary(g.state)["mode_facts"] == {
        "generals_left": {"1": 3, "2": 3},
        "generals_fallen": {"1": 0, "2": 0},
        "reserves": {"1": 2, "2": 2},
    }
    play(g, "!damage 1 4 from 2", "pass")
    assert summary(g.state)["mode_facts"] == {
        "generals_left": {"1": 2, "2": 3},
        "generals_fallen": {"1": 1, "2": 0},
        "reserves": {"1": 1, "2": 2},
    }
    play(g, "!damage 1 3 from 2", "pass", "!damage 1 4 from 2", "pass")
    assert g.state.over
    assert summary(g.state)["mode_facts"] == {
        "generals_left": {"1": 0, "2": 3},
        "generals_fallen": {"1": 3, "2": 0},
        "reserves": {"1": 0, "2": 2},
    }


def test_a_reserve_stays_face_down_until_it_comes_on() -> None:
    """001 line 100 (出場武將和出場順序對對方保密) and line 103 (a death: 換上下一個出場武將):
    a reserve is not turned up at will (its skills would work beside the general on);
    it comes on when the one before it dies."""
    g = one_v_one()
    refused(g, "reveal 1 simayi", "a reserve comes on only when the general before it dies")
    assert "fankui" not in owned_keys(g.state.seat(1))
    play(g, "!damage 1 4 from 2", "pass")
    assert "fankui" in owned_keys(g.state.seat(1)) and "jianxiong" not in owned_keys(
        g.state.seat(1)
    )
