"""新1V1模式 (mode ``new1v1``): rules 001 lines 109-131.

Each test quotes the line of 001 it checks. Seat 1 is the 先手 (内奸), seat 2 the
后手 (主公); each names six generals, the starting one first.
"""

from __future__ import annotations

import pytest

from engine.cards import Package, Subtype
from engine.catalogue import standard_catalogue
from engine.derived import distance
from engine.game import Game
from engine.modes import MODES
from engine.state import Phase, Role
from engine.views import summary
from tests.engine.helpers import expecting, play, refused

CATALOGUE = standard_catalogue()
# Generals whose skills answer no damage or death, so the deaths below settle plainly.
FIRST = "zhangfei,guanyu,zhaoyun,machao,liubei,huangyueying"
SECOND = "lvbu,ganning,lvmeng,huanggai,huatuo,xuchu"


def new1v1(first: str = FIRST, second: str = SECOND, start: bool = True) -> Game:
    g = Game()
    play(g, "setup new1v1 2", f"general 1 {first}", f"general 2 {second}", "deal")
    if start:
        play(g, "next")
    return g


def deck_ids(key: str) -> list[int]:
    return [c.id for c in CATALOGUE.cards if c.package is Package.NEW1V1 and c.key == key]


SHA = deck_ids("sha")
FLOOD = deck_ids("flood")[0]
QINGGANG = deck_ids("qinggang_sword")[0]
NIOH = deck_ids("nioh_shield")[0]


# ---------------------------------------------------------------- the deck


def test_the_new_1v1_deck_is_its_own_package_after_160() -> None:
    """001 line 113: 使用卡牌:《三國殺1V1》(專用卡牌); line 114: 可用擴展包:無."""
    cards = [c for c in CATALOGUE.cards if c.package is Package.NEW1V1]
    assert [c.id for c in cards] == list(range(161, 213))
    assert len(cards) == 52
    g = new1v1(start=False)
    assert g.state.packages == (Package.NEW1V1,)
    assert g.state.deck == frozenset(c.id for c in cards)
    assert str(g.moves[0]) == "setup new1v1 2 packages=new1v1"


def test_the_new_1v1_deck_is_played_alone_and_only_in_new_1v1() -> None:
    """001 line 114: 可用擴展包:無 (no other package joins it); and its cards are not
    the standard deck's: the other modes do not take it."""
    for line in (
        "setup new1v1 2 packages=standard,ex,maneuvering",
        "setup new1v1 2 packages=new1v1,ex",
    ):
        refused(Game(), line, "played with its own deck: packages=new1v1")
    refused(Game(), "setup identity 5 packages=standard,new1v1", "played only in its own mode")


def test_flood_is_in_the_deck_as_a_trick_on_one_other() -> None:
    """001 line 124: 添加了一張「水淹七軍」錦囊牌."""
    flood = CATALOGUE.card(FLOOD)
    assert (flood.name, flood.kind.type.value, flood.kind.target.value) == (
        "水淹七军",
        "trick",
        "one_other",
    )
    assert flood.face == "♣7"


def test_no_horse_and_every_distance_is_one() -> None:
    """001 line 126: 取消馬和距離的概念: the deck has no horse, and every other seat
    is at distance 1 (马术 does not bring it below)."""
    horses = {Subtype.DEFENSIVE_HORSE, Subtype.OFFENSIVE_HORSE}
    deck = [c for c in CATALOGUE.cards if c.package is Package.NEW1V1]
    assert not [c for c in deck if c.kind.subtype in horses]
    g = new1v1("machao," + FIRST.replace("machao,", ""))
    for a, b in ((1, 2), (2, 1)):
        d = distance(g.state, a, b)
        assert d is not None and d.value == 1


# ---------------------------------------------------------------- roles, generals, hands


def test_the_renegade_is_first_and_starts() -> None:
    """001 line 116: 獲得內奸身份的玩家為先手; line 120: 由先手玩家先開始自己的回合."""
    g = new1v1()
    s = g.state
    assert s.seat(1).role is Role.RENEGADE and s.seat(2).role is Role.LORD
    assert s.turn.seat == 1 and s.turn.phase is Phase.DRAW


def test_six_generals_each_the_first_comes_on_and_five_wait_face_down() -> None:
    """001 line 117: 3張暗將 and picks from 6 shown generals (1221) make six each; line
    118: 雙方各從自己所擁有的6張武將牌中選擇首發武將,同時正面朝上亮出."""
    g = new1v1(start=False)
    s = g.state.seat(1)
    assert s.generals[0] == "zhangfei" and len(s.generals) == 6
    assert s.hidden == tuple(FIRST.split(",")[1:])
    assert s.lives == 3
    g2 = Game()
    play(g2, "setup new1v1 2")
    refused(g2, "general 1 zhangfei,guanyu,zhaoyun", "each seat takes 6 generals, not 3")


def test_the_starting_hand_is_the_max_hp() -> None:
    """001 line 119: 雙方各自從牌堆隨機抽取起始手牌,數量為各自的體力上限 (the lord card
    gives no extra HP here)."""
    g = new1v1("huangyueying,guanyu,zhaoyun,machao,liubei,zhangfei", start=False)
    s = g.state
    assert (s.seat(1).max_hp, s.seat(1).hand_count) == (3, 3)
    assert (s.seat(2).max_hp, s.seat(2).hand_count) == (4, 4)
    assert s.draw_pile == 52 - 7


def test_the_first_turn_draws_one_fewer_and_the_second_player_two() -> None:
    """001 line 120: 首回合摸牌階段摸牌數-1. 後手玩家回合結束後,先手玩家回合開始."""
    g = new1v1()
    refused(g, "draw 1 x2", "draws 1 in the draw phase, not 2")
    play(g, "draw 1 x1", "next", "discard 1 x1", "next")
    assert g.state.turn.seat == 2
    expecting(g, "draw", 2)
    play(g, "draw 2 x2")
    assert g.state.seat(2).hand_count == 6


# ---------------------------------------------------------------- deaths


def kill(g: Game, seat: int, source: int | None = None) -> None:
    hp = g.state.seat(seat).hp
    play(g, f"!damage {seat} {hp}" + (f" from {source}" if source else ""), "pass")


def test_a_dead_general_s_player_chooses_the_next_who_comes_on_with_four_cards() -> None:
    """001 line 121: 立即棄置其裝備區、判定區內的牌和手牌,由該玩家選擇下一名登場武將,然後
    補滿體力值並摸四張牌."""
    g = new1v1()
    play(g, "draw 1 x1", f"use 1 #{QINGGANG}")
    kill(g, 2, 1)
    e = expecting(g, "successor", 2)
    assert set(e.options) == set(SECOND.split(",")[1:])
    s = g.state.seat(2)
    assert s.hand_count == 0 and not s.equipment and s.alive
    refused(g, "choose 2 zhangfei", "choose one of")
    refused(g, "choose 1 huatuo", "seat 2 chooses, not seat 1")
    play(g, "choose 2 huatuo")
    s = g.state.seat(2)
    assert s.generals[0] == "huatuo" and "huatuo" not in s.hidden and len(s.hidden) == 4
    assert (s.hp, s.max_hp, s.hand_count, s.lives) == (3, 3, 4, 2)
    assert g.state.turn.seat == 1 and g.state.turn.phase is Phase.PLAY
    assert summary(g.state)["mode_facts"] == {
        "generals_left": {"1": 3, "2": 2},
        "generals_fallen": {"1": 0, "2": 1},
        "reserves": {"1": 5, "2": 4},
    }


def test_the_choice_names_a_move_that_round_trips() -> None:
    g = new1v1()
    play(g, "draw 1 x1")
    kill(g, 2, 1)
    play(g, "choose 2 lvmeng")
    assert str(g.moves[-1]) == "choose 2 lvmeng"


def test_a_general_who_dies_in_his_own_turn_ends_it() -> None:
    """001 line 121: 特別地,如果玩家在自己的回合內武將死亡,則其回合立即結束."""
    g = new1v1()
    play(g, "draw 1 x1")
    assert g.state.turn.seat == 1 and g.state.turn.phase is Phase.PLAY
    kill(g, 1, 2)
    play(g, "choose 1 guanyu")
    s = g.state
    assert s.turn.seat == 2 and s.turn.number == 2
    assert s.seat(1).generals[0] == "guanyu" and s.seat(1).hand_count == 4


def test_a_general_who_dies_in_the_other_s_turn_does_not_end_it() -> None:
    g = new1v1()
    play(g, "draw 1 x1")
    kill(g, 2, 1)
    play(g, "choose 2 lvmeng")
    assert g.state.turn.seat == 1 and g.state.turn.phase is Phase.PLAY


def test_the_third_general_to_die_loses_the_game() -> None:
    """001 line 122: 當某一角色的第三名登場武將死亡時,遊戲立即結束,對方獲勝."""
    g = new1v1()
    play(g, "draw 1 x1")
    kill(g, 2, 1)
    play(g, "choose 2 lvmeng")
    kill(g, 2, 1)
    play(g, "choose 2 huatuo")
    assert not g.state.over
    kill(g, 2, 1)
    s = g.state
    assert s.over and s.winner == "renegade" and not s.seat(2).alive
    assert summary(s)["mode_facts"] == {
        "generals_left": {"1": 3, "2": 0},
        "generals_fallen": {"1": 0, "2": 3},
        "reserves": {"1": 5, "2": 0},
    }


def test_the_second_player_wins_when_the_first_loses_three() -> None:
    g = new1v1()
    play(g, "draw 1 x1")
    for successor in ("guanyu", "zhaoyun"):
        kill(g, 1, 2)
        play(g, f"choose 1 {successor}")
        while g.state.turn.seat != 1 or g.state.turn.phase is not Phase.PLAY:
            top = g.state.stack[-1] if g.state.stack else None
            if top is not None and getattr(top, "what", "") == "draw":
                play(g, f"draw {g.state.turn.seat} x2")
            elif g.state.turn.phase is Phase.DISCARD:
                s = g.state.seat(g.state.turn.seat)
                play(g, f"discard {s.seat} x{max(s.hand_count - s.hp, 0)}", "next")
            else:
                play(g, "next")
    kill(g, 1, 2)
    assert g.state.over and g.state.winner == "lord"


# ---------------------------------------------------------------- 水淹七军


def flood_on_2(choice: str | None, equip: bool = True) -> Game:
    g = new1v1()
    play(g, "draw 1 x1")
    if equip:
        # Seat 2 wears a 仁王盾 and a 青釭剑 (put there by a forced move: a table may).
        play(g, f"!move #{NIOH} -> equip:2", f"!move #{QINGGANG} -> equip:2")
    play(g, f"use 1 #{FLOOD} -> 2", "pass")
    if choice is not None:
        e = expecting(g, "choose", 2)
        assert e.options == ("equipment", "damage")
        play(g, f"choose 2 {choice}")
    return g


def test_flood_target_discards_all_its_equipment() -> None:
    """001 line 124: 水淹七軍(對方選擇棄置所有裝備或受到一點傷害): equipment."""
    g = flood_on_2("equipment")
    s = g.state
    assert not s.seat(2).equipment and s.seat(2).hp == 4
    assert {NIOH, QINGGANG, FLOOD} <= set(s.discard_pile)


def test_flood_target_takes_one_damage_from_the_user() -> None:
    """001 line 124: ... 或受到一點傷害: the damage, from the card's user."""
    g = flood_on_2("damage")
    s = g.state
    assert s.seat(2).hp == 3 and set(s.seat(2).equipment) == {NIOH, QINGGANG}


def test_flood_on_a_target_without_equipment_deals_the_damage() -> None:
    """Nothing to discard, nothing to choose: the damage (a demanding reading of 001 line
    124, as a choice of discarding nothing would make the card void)."""
    g = flood_on_2(None, equip=False)
    assert g.state.seat(2).hp == 3 and not g.state.stack


def test_flood_can_be_nullified() -> None:
    """A trick like any other (000 錦囊牌): 无懈可击 answers it."""
    g = new1v1()
    nullification = deck_ids("nullification")[0]
    play(g, "draw 1 x1", f"use 1 #{FLOOD} -> 2", f"respond 2 #{nullification}", "pass")
    assert g.state.seat(2).hp == 4 and not g.state.stack


def test_new_1v1_is_a_mode_with_its_sides() -> None:
    mode = MODES["new1v1"]
    assert mode.title == "新1V1模式" and mode.sides() == ("lord", "renegade", "draw")
    assert (mode.min_players, mode.max_players, mode.generals_per_seat) == (2, 2, 6)


@pytest.mark.parametrize("line", ["choose 2 lvmeng", "choose 1 zhangfei"])
def test_a_choice_nobody_asks_for_is_refused(line: str) -> None:
    g = new1v1()
    refused(g, line, "nothing asks for a choice now")


def test_a_reserve_is_not_turned_face_up_before_it_comes_on() -> None:
    """001 line 118 (the starting general alone is shown) and line 121 (the next comes on
    only after a death): no reserve is revealed at will, so none lends its skills."""
    g = new1v1()
    refused(g, "reveal 1 guanyu", "a reserve comes on only when the general before it dies")
