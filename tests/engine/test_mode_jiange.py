"""守卫剑阁 (mode ``jiange``): eight seats, 魏 against 蜀, rules 001 lines 168-176.

001 (守衛劍閣模式): "遊戲為八人場,只能選魏或蜀,座次與傳統對局稍有不同。超過一小時雙方都
失敗。數字代表行動順序 1 魏机器人 2 蜀机器人 3 魏一号 桌子 4蜀一号 5 魏英魂 6蜀英魂
7 魏二号 8 蜀二号 【樂不思蜀】對所有機械人無效。"
"""

from __future__ import annotations

import pytest

from engine.derived import check_target, kind
from engine.game import Game
from engine.table import IllegalMove
from engine.views import summary
from tests.engine.helpers import cid, end_turn, play, refused, table

# Seats around the table: 魏 1-4, 蜀 5-8 (the module's docstring).
EIGHT = ["caocao", "xuchu", "zhangliao", "guojia", "zhaoyun", "guanyu", "zhangfei", "machao"]


def jiange() -> Game:
    return table(EIGHT, mode="jiange", lord=None)


def test_eight_players_only() -> None:
    """001 line 169: 遊戲為八人場."""
    with pytest.raises(IllegalMove, match="played by 8 players, not 6"):
        Game().push_text("setup jiange 6")


def test_only_wei_or_shu_generals_each_on_its_side() -> None:
    """001 line 169: 只能選魏或蜀: 魏 seats 1-4, 蜀 seats 5-8."""
    g = Game()
    g.push_text("setup jiange 8")
    refused(g, "general 1 liubei", "seat 1 takes a general of 魏")
    refused(g, "general 5 caocao", "seat 5 takes a general of 蜀")
    refused(g, "general 2 sunquan", "魏")
    play(g, "general 1 caocao", "general 5 liubei")


def test_the_turns_go_in_001s_numbers() -> None:
    """001 line 169-173: 數字代表行動順序: robots, heroes one, souls, heroes two, each
    side in turn (in seats: 1, 8, 2, 7, 3, 6, 4, 5)."""
    g = jiange()
    seen = [g.state.turn.seat]
    for _ in range(8):
        end_turn(g)
        seen.append(g.state.turn.seat)
    assert seen == [1, 8, 2, 7, 3, 6, 4, 5, 1]


def test_the_sides_face_each_other_across_the_table() -> None:
    """座次與傳統對局稍有不同: each side sits together: a robot's neighbours are his
    hero one and the other side's robot across the head of the table."""
    g = jiange()
    facts = summary(g.state)["mode_facts"]
    assert isinstance(facts, dict)
    assert facts["robots"] == [1, 8] and facts["action_order"] == [1, 8, 2, 7, 3, 6, 4, 5]
    matrix = summary(g.state)["distance"]
    assert isinstance(matrix, list)
    assert matrix[0][1] == 1 and matrix[0][7] == 1 and matrix[0][4] == 4


def test_indulgence_has_no_effect_on_robots() -> None:
    """001 line 174: 【樂不思蜀】對所有機械人無效: a robot cannot be its target."""
    g = jiange()
    for robot in (1, 8):
        check = check_target(g.state, 2, kind("indulgence"), robot)
        assert not check.legal
    assert check_target(g.state, 2, kind("indulgence"), 7).legal
    play(g, "draw 1 x2")
    refused(g, f"use 1 #{cid('indulgence', '♠6')} -> 8", "乐不思蜀")


def test_a_side_wins_when_the_other_is_dead() -> None:
    g = jiange()
    play(g, "draw 1 x2")
    for seat in (5, 6, 7):
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
            assert not set(m.targets) & {1, 8}
