"""血战到底 (mode ``xuezhan``): 2v2 with points and revivals, rules 001 lines 177-179.

001 (血戰到底模式): "該模式特點是武將不會真正意義上死亡,與2V2模式相同,但修改與增加了一些
規則。當本方武將對敵方武將造成傷害後,該武將得一分。武將死亡時,隊友將得到該武將一半分數
(向下取整),若該傷害來源是對方武將,則該武將得到另一半分數,同時武將在一定回合後可以復活
繼續戰鬥。率先得到12分的一方獲勝。"
"""

from __future__ import annotations

from engine.game import Game
from engine.state import Role
from engine.views import summary
from tests.engine.helpers import end_turn, play, table

Y, R = Role.LOYALIST, Role.REBEL

# No skill of these answers damage or death.
FOUR = ["zhaoyun", "guanyu", "zhangfei", "machao"]


def xuezhan() -> Game:
    g = table(FOUR, mode="xuezhan", lord=None)
    return g


def scores(g: Game) -> list[int]:
    return [s.mark("score") for s in g.state.seats]


def test_the_2v2_seating_and_start() -> None:
    """001 line 178: 與2V2模式相同: loyalists 1 and 4 against rebels 2 and 3; seat 4
    starts with five cards, seat 1 draws one fewer in its first draw phase."""
    g = xuezhan()
    assert [s.role for s in g.state.seats] == [Y, R, R, Y]
    assert [s.hand_count for s in g.state.seats] == [4, 4, 4, 5]
    play(g, "draw 1 x1")
    assert g.state.turn.phase.value == "play"


def test_a_point_for_each_damage_to_an_enemy() -> None:
    """001 line 179: 當本方武將對敵方武將造成傷害後,該武將得一分: per damage, whatever
    its amount (the docstring)."""
    g = xuezhan()
    play(g, "draw 1 x1", "!damage 2 2 from 1")
    assert scores(g) == [1, 0, 0, 0]
    play(g, "!damage 3 1 from 1")
    assert scores(g) == [2, 0, 0, 0]


def test_no_point_for_a_teammate_oneself_or_no_source() -> None:
    g = xuezhan()
    play(g, "draw 1 x1", "!damage 4 1 from 1", "!damage 1 1 from 1", "!damage 2 1")
    assert scores(g) == [0, 0, 0, 0]


def test_a_death_splits_the_points() -> None:
    """001 line 179: 武將死亡時,隊友將得到該武將一半分數(向下取整),若該傷害來源是對方
    武將,則該武將得到另一半分數."""
    g = xuezhan()
    play(g, "draw 1 x1")
    play(g, "!damage 1 1 from 2", "!damage 1 1 from 2", "!damage 4 1 from 2")
    play(g, "!damage 4 1 from 2", "!damage 1 1 from 2")
    assert scores(g) == [0, 5, 0, 0]
    play(g, "!damage 2 4 from 1", "pass")
    assert not g.state.seat(2).alive
    # seat 3 (teammate): 5 // 2 = 2; seat 1 (the enemy source): the other 3, and the
    # point for the damage itself.
    assert scores(g) == [4, 0, 2, 0]


def test_a_death_with_no_enemy_source_loses_the_other_half() -> None:
    g = xuezhan()
    play(g, "draw 1 x1", "!mark 2 score +5", "!damage 2 4", "pass")
    assert scores(g) == [0, 0, 2, 0]


def test_the_dead_general_comes_back_after_missing_a_turn() -> None:
    """001 line 179: 武將在一定回合後可以復活繼續戰鬥: it misses its next turn and plays
    the one after, at full HP with four new cards (the docstring)."""
    g = xuezhan()
    play(g, "draw 1 x1", "!damage 2 4 from 1", "pass")
    died = g.state.turn.number
    seen: list[int] = []
    for _ in range(7):
        end_turn(g)
        seen.append(g.state.turn.seat)
    assert seen == [3, 4, 1, 3, 4, 1, 2]  # seat 2's turn after seat 1's is passed over once
    s = g.state.seat(2)
    assert s.alive and s.hp == s.max_hp == 4 and s.hand_count == 4
    assert g.state.turn.number > died + 4
    facts = summary(g.state)["mode_facts"]
    assert isinstance(facts, dict) and facts["returning"] == {}


def test_the_side_to_twelve_points_wins() -> None:
    """001 line 179: 率先得到12分的一方獲勝 (the two generals' points together)."""
    g = xuezhan()
    play(g, "draw 1 x1", "!mark 2 score +6", "!mark 3 score +5")
    assert not g.state.over
    play(g, "!damage 1 1 from 3")
    assert g.state.over and g.state.winner == "rebel"
    facts = summary(g.state)["mode_facts"]
    assert isinstance(facts, dict)
    assert facts["side_scores"] == {"loyalist": 0, "rebel": 12}
    assert facts["scores"] == {"1": 0, "2": 6, "3": 6, "4": 0}


def test_no_victory_by_deaths() -> None:
    """001 line 178: 武將不會真正意義上死亡: both rebels dead is no win for the loyalists."""
    g = xuezhan()
    play(g, "draw 1 x1", "!damage 2 4 from 1", "pass", "!damage 3 4 from 1", "pass")
    assert not g.state.over


def test_the_sample_ends_at_twelve_points_after_a_revival() -> None:
    """samples/xuezhan.sgs: played to its end, a general revived on the way."""
    from pathlib import Path

    from engine.record import parse_record, replay

    path = Path(__file__).resolve().parents[2] / "samples" / "xuezhan.sgs"
    record = parse_record(path.read_text(encoding="utf-8"))
    game = replay(record)
    assert game.flagged() == [] and game.state.over
    facts = summary(game.state)["mode_facts"]
    assert isinstance(facts, dict)
    sides = facts["side_scores"]
    assert isinstance(sides, dict) and sides[game.state.winner] >= 12
    revived = any(
        not game.state_at(k).seat(s).alive and game.state_at(k + 1).seat(s).alive
        for k in range(6, len(game))  # after the setup's seats exist
        for s in (1, 2, 3, 4)
    )
    assert revived
