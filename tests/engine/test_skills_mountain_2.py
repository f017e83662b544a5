"""The skills of 神话再临 · 山 (mountain), second half: 孙策, 张昭张纮, 左慈, 蔡文姬 and
神司马懿, settled as rules.

Each test names the skill (Chinese name and key of mountain.toml) and says, in our
own words, what the published 山 card says the skill does. The timing skills: the
window opens at the right moment for the right seat (in seat order from the
current player where two seats may act), declining lets the settlement go on, and
using it has its exact effect.
"""

from __future__ import annotations

from engine.frames import Point, Window
from engine.game import Game
from tests.engine.helpers import cid, end_turn, play, refused
from tests.engine.helpers import expecting as expect
from tests.engine.helpers import window_for as window

PACKS = "packages=standard,ex,maneuvering,mountain"


def mtable(generals: list[str], *, lord: int = 1, start: bool = True) -> Game:
    """A dealt identity table where the 山 generals may sit (a 神 general as 魏)."""
    g = Game()
    g.push_text(f"setup identity {len(generals)} {PACKS}")
    g.push_text(f"role {lord} lord")
    for seat, general in enumerate(generals, start=1):
        extra = " kingdom=wei" if general.startswith("shen") else ""
        g.push_text(f"general {seat} {general}{extra}")
    g.push_text("deal")
    if start:
        g.push_text("next")
    return g


def hp(g: Game, seat: int) -> int:
    return g.state.seat(seat).hp


def hand(g: Game, seat: int) -> int:
    return g.state.seat(seat).hand_count


def to_discard_phase(g: Game) -> None:
    """From the play phase of the current seat to its discard phase."""
    play(g, "next")
    assert g.state.turn.phase.value == "discard", g.state.turn


SHA_S7 = cid("sha", "♠7")
SHA_H10 = cid("sha", "♥10")
SHA_D6 = cid("sha", "♦6")
SHAN_D2 = cid("shan", "♦2")
CROSSBOW = cid("crossbow", "♣A")
AXE = cid("axe", "♦5")
DUEL = cid("duel", "♠A")
TAO_H3 = cid("tao", "♥3")

# ================================================================ 张昭张纮


def test_zhijian_puts_equipment_into_another_zone_and_draws() -> None:
    """直谏 zhijian: in his play phase he may put an equipment card of his hand into
    another player's equipment zone (where that slot is empty), then draw a card."""
    g = mtable(["zhangzhaozhanghong", "caiwenji", "sunce", "zuoci"])
    play(g, f"draw 1 #{CROSSBOW} #{AXE}")
    before = hand(g, 1)
    play(g, f"skill 1 zhijian #{CROSSBOW} -> 3")
    s = g.state
    assert s.seat(3).weapon == CROSSBOW
    assert s.seat(1).hand_count == before - 1 + 1  # the card went, one was drawn
    refused(g, f"skill 1 zhijian #{AXE} -> 3", "already has a card in that slot")
    refused(g, f"skill 1 zhijian #{SHA_S7} -> 2", "is not")


def _guzheng_table(second: str = "zuoci") -> Game:
    """Seat 1 (甘宁, HP 4: four players) draws ♠7 Sha and ♥10 Sha and discards them."""
    g = mtable(["ganning", "zhangzhaozhanghong", second, "caiwenji"])
    play(g, f"draw 1 #{SHA_S7} #{SHA_H10}")
    to_discard_phase(g)
    play(g, f"discard 1 #{SHA_S7} #{SHA_H10}")
    play(g, "next")
    return g


def test_guzheng_returns_one_and_takes_the_rest() -> None:
    """固政 guzheng: at the end of another player's discard phase, he may return one of
    the cards that player discarded in it to their hand, and take the rest."""
    g = _guzheng_table()
    window(g, Point.DISCARD_END, 2)
    before1, before2 = hand(g, 1), hand(g, 2)
    refused(g, f"skill 2 guzheng #{TAO_H3}", "one of those discarded")
    play(g, f"skill 2 guzheng #{SHA_H10}")
    s = g.state
    assert s.where[SHA_H10] == "hand:1" and s.where[SHA_S7] == "hand:2"
    assert (hand(g, 1), hand(g, 2)) == (before1 + 1, before2 + 1)
    assert s.turn.seat == 2  # seat 1's turn went on to its end


def test_guzheng_declined_the_turn_goes_on() -> None:
    """固政 guzheng is optional: declined, the cards stay discarded and the turn ends."""
    g = _guzheng_table()
    play(g, "pass 2")
    s = g.state
    assert s.where[SHA_S7] == "discard" and s.where[SHA_H10] == "discard"
    assert s.turn.seat == 2


def test_guzheng_not_in_his_own_turn() -> None:
    """固政 guzheng acts on another player's discard phase only."""
    g = mtable(["zhangzhaozhanghong", "caiwenji", "sunce", "zuoci"])
    play(g, f"draw 1 #{SHA_S7} #{SHA_H10}")
    to_discard_phase(g)
    play(g, f"discard 1 #{SHA_S7} #{SHA_H10} x1", "next")
    assert not isinstance(g.state.stack[-1] if g.state.stack else None, Window)
    assert g.state.turn.seat == 2
    end_turn(g)


# ================================================================ 蔡文姬

SPADE_8 = cid("sha", "♠8")
CLUB_2 = cid("sha", "♣2")
DIAMOND_6 = SHA_D6


def _beige_table() -> Game:
    """Seat 1 (甘宁) hits seat 4 (张昭张纮) with the Sha ♠7; 蔡文姬 sits at seat 2."""
    g = mtable(["ganning", "caiwenji", "xuchu", "zhangzhaozhanghong"])
    play(g, f"draw 1 #{SHA_S7} #{DUEL}", f"use 1 #{SHA_S7} -> 4", "pass 4")
    return g


def test_beige_heart_the_damaged_recovers() -> None:
    """悲歌 beige: when a player takes damage from a Sha, she may discard a card to make
    that player judge; a heart: they recover 1 HP."""
    g = _beige_table()
    assert hp(g, 4) == 2
    window(g, Point.AFTER_DAMAGE, 2)
    before = hand(g, 2)
    play(g, "skill 2 beige x1")
    assert hand(g, 2) == before - 1
    refused(g, f"judge 2 #{TAO_H3}", "needs a skill")
    play(g, f"judge 4 #{TAO_H3}")
    assert hp(g, 4) == 3 and not g.state.stack


def test_beige_diamond_the_damaged_draws_two() -> None:
    """悲歌 beige: a diamond: the damaged player draws two cards."""
    g = _beige_table()
    before = hand(g, 4)
    play(g, "skill 2 beige x1", f"judge 4 #{DIAMOND_6}")
    assert hand(g, 4) == before + 2


def test_beige_club_the_source_discards_two() -> None:
    """悲歌 beige: a club: the damage source discards two cards."""
    g = _beige_table()
    before = hand(g, 1)
    play(g, "skill 2 beige x1", f"judge 4 #{CLUB_2}")
    expect(g, "discard_one", 1)
    play(g, "discard 1 x1")
    expect(g, "discard_one", 1)
    play(g, "discard 1 x1")
    assert hand(g, 1) == before - 2 and not g.state.stack


def test_beige_spade_the_source_turns_over() -> None:
    """悲歌 beige: a spade: the damage source turns his general over."""
    g = _beige_table()
    play(g, "skill 2 beige x1", f"judge 4 #{SPADE_8}")
    assert g.state.seat(1).flipped


def test_beige_declined_and_not_for_other_damage() -> None:
    """悲歌 beige is optional, and only for damage caused by a Sha (not a 决斗)."""
    g = _beige_table()
    play(g, "pass 2")
    assert not g.state.stack and hp(g, 4) == 2
    play(g, f"use 1 #{DUEL} -> 3", "pass", "pass 3")
    assert hp(g, 3) == 3
    assert not any(isinstance(f, Window) for f in g.state.stack)


def test_duanchang_her_killer_loses_every_skill() -> None:
    """断肠 duanchang (compulsory): when she dies, the player who killed her loses all of
    his skills."""
    from engine.derived import owned_keys

    g = mtable(["ganning", "caiwenji", "xuchu", "zhangzhaozhanghong"])
    play(g, "!losehp 2 2", f"draw 1 #{SHA_S7} x1")
    assert "qixi" in owned_keys(g.state.seat(1))
    play(g, f"use 1 #{SHA_S7} -> 2", "pass 2", "pass", "role 2 rebel")
    s = g.state
    assert not s.seat(2).alive
    assert owned_keys(s.seat(1)) == frozenset()
    assert "qixi" not in owned_keys(s.seat(3)) and owned_keys(s.seat(3))  # only her killer
