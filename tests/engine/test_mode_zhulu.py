"""逐鹿天下 (mode ``zhulu``): rules 003, lines 27, 130, 328 and 436-448.

Each test quotes the line of 003 it checks. Five quiet generals (no skill answers
damage or death), seat 1 first.
"""

from __future__ import annotations

import pytest

from engine.cards import Package, Subtype, parse_cards
from engine.catalogue import standard_catalogue
from engine.errors import CatalogueError
from engine.game import Game
from engine.modes import MODES
from engine.modes.zhulu import SEAL
from engine.rules import describe_winner
from engine.state import Phase
from engine.views import summary
from tests.engine.helpers import cid, end_turn, play, refused, table

CATALOGUE = standard_catalogue()
QUIET = ["zhangfei", "zhaoyun", "machao", "lvbu", "lvmeng"]


def zhulu(start: bool = True) -> Game:
    return table(QUIET, mode="zhulu", lord=None, start=start)


def kill(g: Game, seat: int, source: int | None = None) -> None:
    hp = g.state.seat(seat).hp
    play(g, f"!damage {seat} {hp}" + (f" from {source}" if source else ""), "pass")


def holder(g: Game) -> object:
    return summary(g.state)["mode_facts"]["seal_holder"]  # type: ignore[index]


# ---------------------------------------------------------------- the 玉玺 and the deck


def test_the_seal_is_a_treasure_without_suit_or_rank_after_the_1v1_deck() -> None:
    """003 line 130: 玉玺:逐鹿天下模式专属,一张无花色点数的牌; line 442: 宝物牌."""
    seal = CATALOGUE.card(SEAL)
    assert (seal.id, seal.name, seal.package) == (213, "玉玺", Package.ZHULU)
    assert seal.suit is None and seal.rank is None and seal.colour is None
    assert seal.face == "" and str(seal) == "#213 玉玺"
    assert seal.kind.subtype is Subtype.TREASURE
    assert seal.as_dict()["suit"] is None and seal.as_dict()["colour"] is None


def test_the_seal_is_shuffled_into_the_draw_pile_of_zhulu_alone() -> None:
    """003 line 130: 逐鹿天下模式专属 ... 随机置于牌堆中."""
    g = zhulu(start=False)
    assert str(g.moves[0]) == "setup zhulu 5 packages=standard,ex,maneuvering,zhulu"
    assert SEAL in g.state.deck and len(g.state.deck) == 161
    assert SEAL not in g.state.where  # unseen, somewhere in the pile
    refused(Game(), "setup zhulu 5 packages=standard,ex,maneuvering", "with the zhulu package")
    refused(Game(), "setup identity 5 packages=standard,zhulu", "played only in its own mode")


def test_five_players_or_more_each_a_side_of_their_own() -> None:
    """003 line 438: 人数:5人及以上; line 437: 每个存活玩家均为单独阵营."""
    refused(Game(), "setup zhulu 4", "played by 5-10 players, not 4")
    mode = MODES["zhulu"]
    g = zhulu()
    assert {mode.side(g.state, s.seat) for s in g.state.seats} == {
        "seat1",
        "seat2",
        "seat3",
        "seat4",
        "seat5",
    }
    assert all(s.role is None and s.hand_count == 4 for s in g.state.seats)
    assert g.state.turn.seat == 1 and g.state.seat(1).max_hp == 4  # no lord's extra HP


# ---------------------------------------------------------------- drawing and holding it


def test_whoever_draws_the_seal_uses_it_at_once_whatever_the_turn() -> None:
    """003 line 442: 摸到此牌的角色须立即展示并使用之: seat 3 shows it in seat 1's draw
    phase, and it goes to seat 3's treasure slot."""
    g = zhulu()
    assert g.state.turn.phase is Phase.DRAW and g.state.turn.seat == 1
    play(g, f"use 3 #{SEAL}")
    s = g.state.seat(3)
    assert s.treasure == SEAL and s.hand_count == 3 and holder(g) == 3
    assert g.state.turn.seat == 1 and g.state.turn.phase is Phase.DRAW


def test_the_holder_draws_two_more_in_the_draw_phase() -> None:
    """003 line 442: 摸牌阶段,你多摸两张牌."""
    g = zhulu()
    play(g, f"use 2 #{SEAL}", "draw 1 x2")
    end_turn(g)
    assert g.state.turn.seat == 2
    refused(g, "draw 2 x2", "draws 4 in the draw phase, not 2")
    play(g, "draw 2 x4")
    assert g.state.seat(2).hand_count == 3 + 4


# ---------------------------------------------------------------- kills


def test_the_holder_s_killer_takes_the_seal_into_his_treasure_slot() -> None:
    """003 line 442: 拥有此牌的角色被杀死后,该牌移动到杀死该角色的角色的宝物区."""
    g = zhulu()
    play(g, f"use 2 #{SEAL}", "draw 1 x2")
    kill(g, 2, 1)
    assert not g.state.seat(2).alive
    assert g.state.seat(1).treasure == SEAL and holder(g) == 1


def test_a_killer_takes_the_seal_from_the_pile_when_none_is_on_the_field() -> None:
    """003 line 442: 有角色杀死其他角色后,若场上没有玉玺,其将此牌置入其装备区."""
    g = zhulu()
    play(g, "draw 1 x2")
    pile = g.state.draw_pile
    kill(g, 4, 1)
    assert g.state.seat(1).treasure == SEAL and holder(g) == 1
    assert g.state.draw_pile == pile - 1


def test_a_death_without_killer_leaves_the_seal_to_the_discards_until_a_kill() -> None:
    """003 line 442: only a kill moves it: a holder dying without a killer discards it;
    the next killer takes it from there (若场上没有玉玺)."""
    g = zhulu()
    play(g, f"use 2 #{SEAL}", "draw 1 x2")
    kill(g, 2)
    assert g.state.where[SEAL] == "discard" and holder(g) is None
    kill(g, 3, 1)
    assert g.state.seat(1).treasure == SEAL and SEAL not in g.state.discard_pile


def test_a_kill_does_not_move_a_seal_another_seat_holds() -> None:
    """003 line 442: 若场上没有玉玺: a seal on the field stays where it is."""
    g = zhulu()
    play(g, f"use 5 #{SEAL}", "draw 1 x2")
    kill(g, 3, 1)
    assert holder(g) == 5 and g.state.seat(1).treasure is None


# ---------------------------------------------------------------- the end


def test_the_last_one_standing_holding_the_seal_wins() -> None:
    """003 line 448: 存活到最后并持有【玉玺】的角色胜利 (line 27 likewise)."""
    g = zhulu()
    play(g, "draw 1 x2")
    for seat in (2, 3, 4):
        kill(g, seat, 1)
        assert not g.state.over
    kill(g, 5, 1)
    s = g.state
    assert s.over and s.winner == "seat1" and s.seat(1).treasure == SEAL
    assert str(describe_winner(s.winner)) == "seat 1 wins"
    assert summary(s)["mode_facts"] == {"seal_holder": 1}


def test_a_last_death_without_killer_gives_the_seal_to_the_survivor() -> None:
    """003 is silent on a last death with no killer (闪电, a loss of HP): the survivor
    takes the seal as a killer would, and wins (engine/modes/zhulu.py)."""
    g = zhulu()
    play(g, f"use 5 #{SEAL}", "draw 1 x2")
    for seat in (2, 3, 4):
        kill(g, seat)
    assert holder(g) == 5 and not g.state.over
    kill(g, 5)
    assert g.state.over and g.state.winner == "seat1" and holder(g) == 1


# ---------------------------------------------------------------- a card without suit


def test_the_seal_as_a_judgement_matches_no_suit() -> None:
    """003 line 130: 无花色点数: judged for 乐不思蜀 it is not a heart, so the play
    phase is skipped."""
    g = zhulu()
    play(g, "draw 1 x2", f"use 1 #{cid('indulgence')} -> 2")
    end_turn(g)
    assert g.state.turn.seat == 2 and g.state.turn.phase is Phase.JUDGEMENT
    play(g, "pass", f"judge 2 #{SEAL}")  # nobody answers with 无懈可击
    assert Phase.PLAY in g.state.turn.skips and g.state.where[SEAL] == "discard"


def test_the_seal_as_a_judgement_is_not_red_for_the_eight_diagram() -> None:
    """003 line 130: no suit, so no colour: 八卦阵's judgement fails on it."""
    g = zhulu()
    play(g, "draw 1 x2", f"!move #{cid('eight_diagram')} -> equip:2")
    play(g, f"use 1 #{cid('sha', '♠7')} -> 2", f"judge 2 #{SEAL}")
    top = g.state.stack[-1]
    assert getattr(top, "want", "") == "shan" and getattr(top, "asked", 0) == 2


def test_the_catalogue_reads_a_card_without_suit_only_where_the_kind_says_so() -> None:
    """003 line 130 (无花色点数): ``suitless`` kinds leave suit and rank empty; every other
    card still needs both."""
    kinds = {k.key: k for k in (CATALOGUE.card(SEAL).kind, CATALOGUE.card(1).kind)}
    header = "id,kind,suit,rank,package\n"
    (seal,) = parse_cards(header + "1,yuxi,,,zhulu\n", "test", kinds)
    assert seal.suit is None and seal.rank is None
    with pytest.raises(CatalogueError, match="no suit or rank"):
        parse_cards(header + "1,yuxi,spade,1,zhulu\n", "test", kinds)
    with pytest.raises(CatalogueError, match="missing"):
        parse_cards(header + "1,sha,,,standard\n", "test", kinds)
