"""The skills of 林 (forest) generals 徐晃, 曹丕, 孟获, 祝融 and 神曹操, settled as rules.

Each test names the skill (Chinese name and key of generals/forest.toml) and
says in its own words what the published 神话再临 · 林 card text says. The
timing skills: the window opens at the right moment for the right seat (in
seat order where two seats may act), declining lets the settlement go on,
using it has its exact effect.
"""

from __future__ import annotations

from engine.derived import distance
from engine.frames import Point
from engine.game import Game
from tests.engine.helpers import cid, end_turn, expecting, play, refused, to_play_phase
from tests.engine.helpers import window_for as window

PACKS = "standard,ex,maneuvering,forest"


def ftable(generals: list[str], *, start: bool = True) -> Game:
    """A dealt identity table with the forest generals seated (seat 1 the lord);
    a general written ``key:kingdom`` names a 神 general's kingdom."""
    g = Game()
    g.push_text(f"setup identity {len(generals)} packages={PACKS}")
    g.push_text("role 1 lord")
    for seat, general in enumerate(generals, start=1):
        key, _, kingdom = general.partition(":")
        g.push_text(f"general {seat} {key}" + (f" kingdom={kingdom}" if kingdom else ""))
    g.push_text("deal")
    if start:
        g.push_text("next")
    return g


def hands(g: Game, *seats: int) -> tuple[int, ...]:
    return tuple(g.state.seat(s).hand_count for s in seats)


def hp(g: Game, seat: int) -> int:
    return g.state.seat(seat).hp


DUEL = cid("duel", "♠A")
CHITU = cid("chitu", "♥5")


# ---------------------------------------------------------------- 神曹操 飞影


def test_feiying_others_distance_to_him_is_one_more() -> None:
    """飞影 feiying (锁定技): the other players count their distance to 神曹操 1 more,
    as if he rode a +1 horse; his own distance to them does not change."""
    g = ftable(["caocao", "shencaocao:wei", "xuchu", "zhangliao"])
    d = distance(g.state, 1, 2)
    assert d is not None and d.value == 2
    back = distance(g.state, 2, 1)
    assert back is not None and back.value == 1


# ---------------------------------------------------------------- 神曹操 归心


def _shencaocao_hurt(horse: bool = False) -> Game:
    """神曹操 (seat 2) loses seat 1's 决斗 and takes 1 damage (seat 1 may ride 赤兔)."""
    g = ftable(["caocao", "shencaocao:wei", "xuchu", "zhangliao"])
    to_play_phase(g)
    if horse:
        play(g, f"use 1 #{CHITU}")
    play(g, f"use 1 #{DUEL} -> 2", "pass", "pass 2")
    assert hp(g, 2) == 2
    return g


def test_guixin_takes_a_card_from_every_other_player_then_flips() -> None:
    """归心 guixin: after taking 1 damage, 神曹操 may take one card from the area of every
    other player in turn, then turns his general card over."""
    g = _shencaocao_hurt()
    window(g, Point.AFTER_DAMAGE, 2)
    before = hands(g, 1, 2, 3, 4)
    play(g, "skill 2 guixin")
    assert hands(g, 1, 2, 3, 4) == (before[0] - 1, before[1] + 3, before[2] - 1, before[3] - 1)
    assert g.state.seat(2).flipped and not g.state.stack


def test_guixin_asks_which_card_when_the_area_has_seen_cards() -> None:
    """归心 guixin: a card in a player's equipment may be the one taken: the table says
    which (``take``), after the players before in seat order; then he turns over."""
    g = _shencaocao_hurt(horse=True)
    play(g, "skill 2 guixin")
    expecting(g, "take_one", 2)
    assert not g.state.seat(2).flipped
    play(g, f"take 2 <- 1 #{CHITU}")
    assert g.state.where[CHITU] == "hand:2"
    assert g.state.seat(2).flipped and not g.state.stack


def test_guixin_declined_nothing_happens() -> None:
    """归心 guixin is optional: declined, nobody loses a card and he stays face up."""
    g = _shencaocao_hurt()
    before = hands(g, 1, 2, 3, 4)
    play(g, "pass 2")
    assert hands(g, 1, 2, 3, 4) == before
    assert not g.state.seat(2).flipped and not g.state.stack


def test_guixin_flipped_general_skips_his_next_turn() -> None:
    """归心 guixin: turned face down, 神曹操's next turn is skipped (翻面), and he turns
    face up again."""
    g = _shencaocao_hurt()
    play(g, "skill 2 guixin")
    end_turn(g)
    assert g.state.turn.seat == 3
    assert not g.state.seat(2).flipped


# ---------------------------------------------------------------- 徐晃 断粮

SHA_S7 = cid("sha", "♠7")
SHA_H10 = cid("sha", "♥10")
JUEYING = cid("jueying", "♠5")
SUPPLY_S10 = cid("supply_shortage", "♠10")


def _xuhuang_play(n: int = 5) -> Game:
    """徐晃 is the lord at seat 1, in his play phase."""
    g = ftable(["xuhuang", "caocao", "xuchu", "zhangliao", "simayi", "guojia", "zhenji"][:n])
    to_play_phase(g)
    return g


def test_duanliang_black_basic_card_as_supply_shortage() -> None:
    """断粮 duanliang: in his play phase 徐晃 may use a black basic card as 兵粮寸断,
    and it may go to a player at distance 2."""
    g = _xuhuang_play()
    play(g, f"use 1 #{SHA_S7} as supply_shortage -> 3")
    s = g.state
    assert s.where[SHA_S7] == "judge:3"
    assert [j.kind for j in s.seat(3).judgement] == ["supply_shortage"]


def test_duanliang_black_equipment_card_as_supply_shortage() -> None:
    """断粮 duanliang: a black equipment card (even one he has equipped) may be the
    兵粮寸断 too."""
    g = _xuhuang_play()
    play(g, f"use 1 #{JUEYING}", f"use 1 #{JUEYING} as supply_shortage -> 4")
    assert g.state.where[JUEYING] == "judge:4"


def test_duanliang_not_red_cards_nor_tricks() -> None:
    """断粮 duanliang: only black basic or black equipment cards: not a red card, not a
    black trick."""
    g = _xuhuang_play()
    refused(g, f"use 1 #{SHA_H10} as supply_shortage -> 2", "no skill")
    refused(g, f"use 1 #{DUEL} as supply_shortage -> 2", "no skill")


def test_duanliang_his_real_supply_shortage_reaches_distance_2_not_3() -> None:
    """断粮 duanliang: any 兵粮寸断 he uses reaches a player at distance 2, but not 3."""
    g = _xuhuang_play(7)
    refused(g, f"use 1 #{SUPPLY_S10} -> 4", "distance 3 > 2")
    play(g, f"use 1 #{SUPPLY_S10} -> 3")
    assert g.state.where[SUPPLY_S10] == "judge:3"


def test_supply_shortage_of_others_still_reaches_distance_1() -> None:
    """断粮 is 徐晃's own: another player's 兵粮寸断 keeps its distance limit 1."""
    g = ftable(["caocao", "xuhuang", "xuchu", "zhangliao", "simayi"])
    to_play_phase(g)
    refused(g, f"use 1 #{SUPPLY_S10} -> 3", "distance 2 > 1")
