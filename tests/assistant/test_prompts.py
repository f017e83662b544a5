"""The prompt for each situation of a real game, and the targets of a scanned card."""

from __future__ import annotations

from assistant.session import current_prompt, targets_for
from engine.game import Game
from engine.state import Role
from tests.engine.helpers import cid, play, table

FIVE = ["caocao", "daqiao", "zhenji", "zhugeliang", "liubei"]


def test_setup_steps_in_order() -> None:
    g = Game()
    assert current_prompt(g.state).expects == "setup"
    assert current_prompt(g.state).options == ("setup",)
    g.push_text("setup identity 5")
    assert "lord" in current_prompt(g.state).text
    g.push_text("role 1 lord")
    p = current_prompt(g.state)
    assert p.who == (1, 2, 3, 4, 5) and "generals" in p.text
    for seat, general in enumerate(FIVE, start=1):
        g.push_text(f"general {seat} {general}")
    assert current_prompt(g.state).options == ("deal",)
    g.push_text("deal")
    assert current_prompt(g.state).options == ("next",)
    g.push_text("next")
    p = current_prompt(g.state)
    assert (p.who, p.expects, p.options) == ((1,), "draw", ("draw 2",))


def test_play_phase_and_sha_asks_for_shan() -> None:
    g = table(FIVE)
    sha = cid("sha", "♠7")
    play(g, f"draw 1 #{sha} x1")
    p = current_prompt(g.state)
    assert (p.who, p.expects, p.options) == ((1,), "play", ("next",))
    assert "use a card or end the phase" in p.text
    play(g, f"use 1 #{sha} -> 2")
    p = current_prompt(g.state)  # first 大乔 may move it with 流离 (成为目标时)
    assert (p.who, p.expects, p.options) == ((2,), "window", ("liuli", "pass"))
    assert p.text == "seat 2 (大乔): use 流离? (on becoming the target), or pass"
    play(g, "pass 2")
    p = current_prompt(g.state)
    assert (p.who, p.expects, p.options) == ((2,), "respond", ("闪", "pass"))
    assert p.text == "seat 2 (大乔): play 闪 to answer 杀 from seat 1, or pass"


def test_discard_count() -> None:
    g = table(FIVE)
    play(g, "draw 1 x2", "!draw 1 x3", "next")
    p = current_prompt(g.state)
    # lord 曹操: HP 5, hand 4 + 2 + 3 = 9
    assert (p.who, p.expects, p.options) == ((1,), "discard", ("discard 4",))
    assert "hand 9, limit 5" in p.text


def test_nullification_window_and_judgement() -> None:
    g = table(FIVE)
    indulgence = cid("indulgence")
    play(g, f"draw 1 #{indulgence} x1", f"use 1 #{indulgence} -> 2", "next")
    p = current_prompt(g.state)
    assert p.expects == "nullify"
    assert p.who == (2, 3, 4, 5, 1)
    assert p.options == ("无懈可击", "pass")
    play(g, "pass")
    p = current_prompt(g.state)
    assert (p.who, p.expects) == ((2,), "judge")
    assert "乐不思蜀" in p.text


def test_dying_asks_peach_from_the_current_player() -> None:
    g = table(FIVE)
    play(g, "draw 1 x2", "!losehp 3 3")
    p = current_prompt(g.state)
    assert (p.who, p.expects, p.options) == ((1,), "peach", ("桃", "pass"))
    assert "seat 3 (甄姬)" in p.text
    play(g, "pass 1", "pass 2")
    p = current_prompt(g.state)
    assert (p.who, p.options) == ((3,), ("桃", "酒", "pass"))
    assert "yourself" in p.text


def test_dismantlement_chooses_a_card() -> None:
    g = table(FIVE)
    d = cid("dismantlement")
    play(g, f"draw 1 #{d} x1", f"use 1 #{d} -> 3", "pass")
    p = current_prompt(g.state)
    assert (p.who, p.expects, p.options) == ((1,), "choose_card", ("hand card",))


def test_game_over_names_the_winner() -> None:
    g = table(FIVE)
    over = g.state._replace(turn=g.state.turn._replace(phase=g.state.turn.phase.OVER))
    p = current_prompt(over._replace(winner="rebel"))
    # The roles still face down are shown at the end, a seat at a time.
    assert (p.who, p.expects) == ((2,), "reveal_role")
    assert "the rebels win" in p.text and "主公" not in p.options
    shown = over._replace(
        winner="rebel", seats=tuple(s._replace(role=s.role or Role.REBEL) for s in over.seats)
    )
    p = current_prompt(shown)
    assert (p.who, p.expects) == ((), "over")
    assert "the rebels win" in p.text


def test_targets_for_sha_out_of_range_and_kongcheng() -> None:
    generals = ["caocao", "daqiao", "zhenji", "zhugeliang", "liubei", "guanyu", "zhangfei"]
    g = table(generals)
    sha = cid("sha", "♠7")
    play(g, f"draw 1 #{sha} x1")
    by_seat = {t.seat: t for t in targets_for(g.state, 1, sha)}
    assert by_seat[4].distance == 3 and not by_seat[4].in_range
    assert not by_seat[4].legal and by_seat[4].reason == "distance 3 > attack range 1"
    assert by_seat[2].legal and by_seat[2].in_range and by_seat[2].distance == 1
    assert not by_seat[1].legal  # not yourself
    # 诸葛亮 with no hand cards: 空城, even within range and for a kind named by key
    play(g, "!discard 4 x4")
    duel = {t.seat: t for t in targets_for(g.state, 1, "duel")}
    assert not duel[4].legal and "空城" in duel[4].reason
    assert duel[3].legal


def test_targets_for_as_kind() -> None:
    g = table(["caocao", "daqiao", "zhenji", "zhugeliang", "guanyu"])
    # a red card named as a Sha (武圣's conversion) counts as a Sha for targets
    by_seat = {t.seat: t for t in targets_for(g.state, 5, cid("tao"), as_kind="sha")}
    assert by_seat[1].legal and not by_seat[3].legal
