"""The skills of 神话再临 · 火 (fire), part 1: 典韦, 荀彧, 庞统, 卧龙诸葛亮, 神周瑜.

Each test names the skill (Chinese name and key of fire.toml) and says, in our
own words, what the published card says that the test follows. The timing
skills are checked at their moment, for the seat the moment is about (the
other seats are not asked), declined and used; refusals leave the game as it
was.
"""

from __future__ import annotations

import random

import pytest

from bench.simulate import play as sim_play
from bench.simulate import random_setup
from engine.frames import Ask, Dying, Expect, Point
from engine.game import Game
from tests.engine.helpers import (
    asked,
    cid,
    end_turn,
    hand,
    hp,
    no_window,
    play,
    refused,
    table,
    to_play_phase,
    to_turn_of,
    top,
)
from tests.engine.helpers import window_for as window

PACKS = "packages=standard,ex,maneuvering,fire"


def fire_table(generals: list[str], lord: int = 1) -> Game:
    """A dealt identity table with the 火 pack (a 神 general as 吴); the lord's draw phase
    has begun."""
    return table(generals, lord=lord, pack="fire", gods="wu")


SHA_S7 = cid("sha", "♠7")
SHA_S9 = cid("sha", "♠9")
SHA_C2 = cid("sha", "♣2")
SHA_C3 = cid("sha", "♣3")
SHA_H10 = cid("sha", "♥10")
SHA_DK = cid("sha", "♦K")
SHAN_H2 = cid("shan", "♥2")
SHAN_D2 = cid("shan", "♦2")
TAO_H3 = cid("tao", "♥3")
CROSSBOW = cid("crossbow", "♣A")
SILVER_LION = cid("silver_lion")
CHAIN_C10 = cid("iron_chain", "♣10")
SNATCH = cid("snatch", "♠3")
EX_NIHILO = cid("ex_nihilo", "♥7")
DUEL = cid("duel", "♠A")

# ================================================================ 典韦 强袭


def _dianwei_plays() -> Game:
    """典韦 (seat 1, lord, 5 HP) in his play phase; seat 2 (许褚) sits beside him."""
    g = fire_table(["dianwei", "xuchu", "zhangliao", "ganning", "zhaoyun"])
    to_play_phase(g)
    return g


def test_qiangxi_losing_hp_deals_1_damage() -> None:
    """强袭 qiangxi: once in his play phase, 典韦 may lose 1 HP to deal 1 damage to a
    player within his attack range."""
    g = _dianwei_plays()
    play(g, "skill 1 qiangxi -> 2")
    assert (hp(g, 1), hp(g, 2)) == (4, 3)
    assert not g.state.stack


def test_qiangxi_discarding_a_weapon_instead() -> None:
    """强袭 qiangxi: instead of losing HP he may discard a weapon card (here the one he
    wears); a weapon spent so gives no range."""
    g = _dianwei_plays()
    play(g, f"!draw 1 #{CROSSBOW}", f"use 1 #{CROSSBOW}")
    play(g, f"skill 1 qiangxi #{CROSSBOW} -> 5")
    assert (hp(g, 1), hp(g, 5)) == (5, 3)
    assert g.state.where.get(CROSSBOW) == "discard"


def test_qiangxi_refusals() -> None:
    """强袭 qiangxi: the target must be within his attack range, the card a weapon, and
    the skill is used once in the play phase."""
    g = _dianwei_plays()
    refused(g, "skill 1 qiangxi -> 3", "seat 3 is not within his attack range")
    play(g, f"!draw 1 #{SHA_S7}")
    refused(g, f"skill 1 qiangxi #{SHA_S7} -> 2", "discard one weapon card")
    play(g, "skill 1 qiangxi -> 2")
    refused(g, "skill 1 qiangxi -> 5", "once per play phase")


# ================================================================ 荀彧 驱虎 节命


def _xunyu_plays() -> Game:
    """荀彧 (seat 2, 3 HP) in his play phase; seat 1 is the lord 许褚 (5 HP)."""
    g = fire_table(["xuchu", "xunyu", "zhangliao", "ganning", "zhaoyun"])
    to_turn_of(g, 2)
    to_play_phase(g)
    play(g, f"!draw 2 #{SHA_DK} #{SHA_C2}")
    return g


def test_quhu_won_the_tiger_hurts_a_player_he_chooses() -> None:
    """驱虎 quhu: he fights a point against a player with more HP; winning, that player
    deals 1 damage to a player within its own attack range, chosen by 荀彧."""
    g = _xunyu_plays()
    play(g, "skill 2 quhu -> 1", f"compare 2 #{SHA_DK}", f"compare 1 #{SHA_S7}")
    choice = top(g)
    assert isinstance(choice, Expect) and choice.what == "choose" and choice.seat == 2
    assert choice.options == ("seat2", "seat5")  # seat 1's range 1: its two neighbours
    play(g, "choose 2 seat5")
    assert (hp(g, 5), hp(g, 2)) == (3, 3)
    assert not g.state.stack


def test_quhu_lost_the_tiger_hurts_him() -> None:
    """驱虎 quhu: not winning (a tie counts as not winning), the player fought deals 1
    damage to 荀彧; 节命 may then be used for that damage."""
    g = _xunyu_plays()
    seven = cid("sha", "♣7")
    play(g, f"!draw 2 #{seven}")
    play(g, "skill 2 quhu -> 1", f"compare 2 #{seven}", f"compare 1 #{SHA_S7}")
    assert hp(g, 2) == 2
    window(g, Point.AFTER_DAMAGE, 2)


def test_quhu_needs_a_player_with_more_hp() -> None:
    """驱虎 quhu: only a player whose HP is higher than his may be fought."""
    g = _xunyu_plays()
    play(g, "!damage 1 2 from 3")
    refused(g, "skill 2 quhu -> 1", "must have more HP than he has")
    refused(g, "skill 2 quhu -> 2", "not yourself")


def test_jieming_a_player_draws_up_to_max_hp() -> None:
    """节命 jieming: after 荀彧 takes damage, for each 1 damage he may have a player draw
    until that player's hand cards equal his max HP (five at most)."""
    g = fire_table(["xuchu", "xunyu", "zhangliao", "ganning", "zhaoyun"])
    to_play_phase(g)
    play(g, f"!draw 1 #{SHA_S7}", f"use 1 #{SHA_S7} -> 2", "pass 2")
    assert window(g, Point.AFTER_DAMAGE, 2).seats == (2,)  # only the damaged 荀彧 is asked
    before = hand(g, 2)
    play(g, "skill 2 jieming -> 2")
    assert hand(g, 2) == max(before, 3)
    assert not g.state.stack


def test_jieming_one_player_for_each_point() -> None:
    """节命 jieming: 2 damage lets two players draw (the lord's max HP 5: up to five)."""
    g = fire_table(["xuchu", "xunyu", "zhangliao", "ganning", "zhaoyun"])
    to_play_phase(g)
    play(g, "!discard 4 x3", "!damage 2 2 from 1")
    window(g, Point.AFTER_DAMAGE, 2)
    refused(g, "skill 2 jieming -> 1,3,4", "one player for each point of damage")
    play(g, "skill 2 jieming -> 1,4")
    assert hand(g, 1) == 6 and hand(g, 4) == 4  # the lord had six already


def test_jieming_declined() -> None:
    """节命 jieming is optional: declined, nobody draws."""
    g = fire_table(["xuchu", "xunyu", "zhangliao", "ganning", "zhaoyun"])
    to_play_phase(g)
    play(g, "!damage 2 1 from 1")
    before = hand(g, 2)
    play(g, "pass 2")
    assert hand(g, 2) == before and not g.state.stack


# ================================================================ 庞统 连环 涅槃


def _pangtong_plays() -> Game:
    g = fire_table(["xuchu", "zhangliao", "pangtong", "ganning", "zhaoyun"])
    to_turn_of(g, 3)
    to_play_phase(g)
    return g


def test_lianhuan_a_club_as_iron_chain() -> None:
    """连环 lianhuan: 庞统 may use a club hand card as 铁索连环."""
    g = _pangtong_plays()
    play(g, f"!draw 3 #{SHA_C2}", f"use 3 #{SHA_C2} as iron_chain -> 2,4", "pass", "pass")
    assert g.state.seat(2).chained and g.state.seat(4).chained


def test_lianhuan_recasts_a_club() -> None:
    """连环 lianhuan: he may recast a club hand card (to the discard pile, draw one)."""
    g = _pangtong_plays()
    play(g, f"!draw 3 #{SHA_C2} #{SHA_H10}")
    before = hand(g, 3)
    play(g, f"recast 3 #{SHA_C2}")
    assert g.state.where.get(SHA_C2) == "discard" and hand(g, 3) == before
    refused(g, f"recast 3 #{SHA_H10}", "cannot be recast")
    refused(g, f"use 3 #{SHA_H10} as iron_chain -> 2", "no skill to use")


def _pangtong_dying() -> Game:
    """庞统 (seat 3, 3 HP, chained, with a crossbow) takes 3 damage in seat 1's turn."""
    g = fire_table(["xuchu", "zhangliao", "pangtong", "ganning", "zhaoyun"])
    to_turn_of(g, 3)
    to_play_phase(g)
    play(g, f"!draw 3 #{CROSSBOW} #{CHAIN_C10}", f"use 3 #{CROSSBOW}")
    play(g, f"use 3 #{CHAIN_C10} -> 3", "pass")
    assert g.state.seat(3).chained
    play(g, "!damage 3 3 from 1")
    return g


def test_niepan_offered_when_dying() -> None:
    """涅槃 niepan (限定技): when 庞统 is dying, he is asked first (before any 桃)."""
    g = _pangtong_dying()
    window(g, Point.DYING, 3)
    assert isinstance(g.state.stack[-2], Dying)


def test_niepan_resets_him() -> None:
    """涅槃 niepan: he discards all his cards, his general card is reset (face up,
    unchained), he draws three cards and has 3 HP."""
    g = _pangtong_dying()
    play(g, "skill 3 niepan")
    s = g.state.seat(3)
    assert (s.hp, s.hand_count, s.chained, s.flipped) == (3, 3, False, False)
    assert s.weapon is None and g.state.where.get(CROSSBOW) == "discard"
    assert s.mark("used_niepan") == 1
    assert not g.state.stack


def test_niepan_once_a_game() -> None:
    """涅槃 niepan is a limited skill: dying again, only the 桃 are asked."""
    g = _pangtong_dying()
    play(g, "skill 3 niepan", "!damage 3 3 from 1")
    no_window(g)
    assert asked(g.state).want == "tao"


def test_niepan_declined_the_peaches_are_asked() -> None:
    """涅槃 niepan is optional: declined, the dying seat is asked for 桃 as usual."""
    g = _pangtong_dying()
    play(g, "pass 3")
    ask = asked(g.state)
    assert isinstance(ask, Ask) and ask.want == "tao" and ask.for_seat == 3


# ================================================================ 卧龙 八阵 火计 看破


def _wolong_shot(armour: int | None = None) -> Game:
    """Seat 1's Sha targets 卧龙诸葛亮 (seat 2)."""
    g = fire_table(["xuchu", "wolong", "zhangliao", "ganning", "zhaoyun"])
    to_play_phase(g)
    if armour is not None:
        end_turn(g)
        to_play_phase(g)
        play(g, f"!draw 2 #{armour}", f"use 2 #{armour}")
        to_turn_of(g, 1)
        to_play_phase(g)
    play(g, f"!draw 1 #{SHA_S7}", f"use 1 #{SHA_S7} -> 2")
    return g


def test_bazhen_counts_as_eight_diagram() -> None:
    """八阵 bazhen (锁定技): with no armour he counts as wearing 八卦阵: a red judgement
    card answers the Sha."""
    g = _wolong_shot()
    assert asked(g.state).asked == 2
    play(g, f"judge 2 #{SHAN_H2}")
    assert hp(g, 2) == 3 and not g.state.stack


def test_bazhen_black_judgement_he_may_still_dodge() -> None:
    """八阵 bazhen: a black judgement card does not answer; he is still asked."""
    g = _wolong_shot()
    play(g, f"judge 2 #{SHA_S9}")
    assert asked(g.state).asked == 2
    refused(g, f"judge 2 #{SHA_C3}", "tried once")


def test_bazhen_not_with_armour() -> None:
    """八阵 bazhen: wearing an armour, he does not count as wearing 八卦阵."""
    g = _wolong_shot(SILVER_LION)
    refused(g, f"judge 2 #{SHAN_H2}", "has no")


def test_huoji_a_red_hand_card_as_fire_attack() -> None:
    """火计 huoji: a red hand card may be used as 火攻; a black one may not."""
    g = fire_table(["wolong", "xuchu", "zhangliao", "ganning", "zhaoyun"])
    to_play_phase(g)
    play(g, f"!draw 1 #{SHA_H10} #{SHA_S9}")
    refused(g, f"use 1 #{SHA_S9} as fire_attack -> 2", "no skill to use")
    play(g, f"use 1 #{SHA_H10} as fire_attack -> 2", "pass")
    frame = top(g)
    assert isinstance(frame, Expect) and frame.what == "show" and frame.seat == 2


def test_kanpo_a_black_hand_card_as_nullification() -> None:
    """看破 kanpo: a black hand card may be played as 无懈可击 (to a trick)."""
    g = fire_table(["xuchu", "wolong", "zhangliao", "ganning", "zhaoyun"])
    to_play_phase(g)
    play(g, f"!draw 1 #{EX_NIHILO}", f"!draw 2 #{SHA_S9} #{SHA_H10}", f"use 1 #{EX_NIHILO}")
    refused(g, f"respond 2 #{SHA_H10} as nullification", "no skill to use")
    before = hand(g, 1)
    play(g, f"respond 2 #{SHA_S9} as nullification", "pass")
    assert hand(g, 1) == before  # nullified: no cards drawn
    assert g.state.where.get(SHA_S9) == "discard"


# ================================================================ 神周瑜 琴音 业炎


def _shenzhouyu_discards() -> Game:
    """神周瑜 (seat 1, lord, 5 HP) at his discard phase with 3 HP and 6 hand cards."""
    g = fire_table(["shenzhouyu", "xuchu", "zhangliao", "ganning", "zhaoyun"])
    to_play_phase(g)
    play(g, "!damage 1 2 from 2", "pass 1" if g.state.stack else "next")
    return g


def test_qinyin_every_player_loses_1_hp() -> None:
    """琴音 qinyin: when he discards two or more cards in his discard phase, he may have
    every player lose 1 HP."""
    g = fire_table(["shenzhouyu", "xuchu", "zhangliao", "ganning", "zhaoyun"])
    to_play_phase(g)
    play(g, "!losehp 1 2", "next")
    assert g.state.turn.phase.value == "discard"
    excess = hand(g, 1) - hp(g, 1)
    assert excess == 3
    play(g, "discard 1 x3")
    window(g, Point.DISCARDED, 1)
    play(g, "skill 1 qinyin", "choose 1 lose")
    assert [hp(g, s) for s in range(1, 6)] == [2, 3, 3, 3, 3]


def test_qinyin_every_player_recovers() -> None:
    """琴音 qinyin: or every player recovers 1 HP."""
    g = fire_table(["shenzhouyu", "xuchu", "zhangliao", "ganning", "zhaoyun"])
    to_play_phase(g)
    play(g, "!losehp 1 2", "!losehp 2 1", "next", "discard 1 x3", "skill 1 qinyin")
    play(g, "choose 1 recover")
    assert [hp(g, s) for s in range(1, 6)] == [4, 4, 4, 4, 4]


def test_qinyin_not_for_one_card() -> None:
    """琴音 qinyin: one card discarded is not enough."""
    g = fire_table(["shenzhouyu", "xuchu", "zhangliao", "ganning", "zhaoyun"])
    to_play_phase(g)
    play(g, "next")
    assert hand(g, 1) - hp(g, 1) == 1
    play(g, "discard 1 x1")
    no_window(g)
    assert not g.state.stack


def test_qinyin_cards_discarded_one_by_one() -> None:
    """琴音 qinyin: cards laid one at a time count together; the window opens once his
    discarding is done, and only once in the phase."""
    g = fire_table(["shenzhouyu", "xuchu", "zhangliao", "ganning", "zhaoyun"])
    to_play_phase(g)
    play(g, "!losehp 1 2", "next", "discard 1 x1", "discard 1 x1")
    no_window(g)  # one more to discard
    play(g, "discard 1 x1")
    window(g, Point.DISCARDED, 1)
    play(g, "skill 1 qinyin", "choose 1 lose")
    assert hp(g, 1) == 2 and hand(g, 1) == 3
    play(g, "discard 1 x1")  # down to his new hand limit: no second window
    no_window(g)


def _yeyan_plays() -> Game:
    g = fire_table(["shenzhouyu", "xuchu", "zhangliao", "ganning", "zhaoyun"])
    to_play_phase(g)
    return g


def test_yeyan_one_fire_damage_to_each() -> None:
    """业炎 yeyan (限定技): in his play phase, up to 3 fire damage shared among one to
    three players, 1 each needing no cost."""
    g = _yeyan_plays()
    play(g, "skill 1 yeyan -> 2,3,4")
    assert [hp(g, s) for s in range(1, 6)] == [5, 3, 3, 3, 4]
    assert g.state.seat(1).mark("used_yeyan") == 1
    refused(g, "skill 1 yeyan -> 5", "once a game")


def test_yeyan_heavy_costs_four_suits_and_3_hp() -> None:
    """业炎 yeyan: to deal 2 or more to one player he first discards four hand cards of
    four suits and loses 3 HP."""
    g = _yeyan_plays()
    cards = (SHA_S7, SHA_C2, SHA_H10, SHA_DK)
    play(g, "!draw 1 " + " ".join(f"#{c}" for c in cards))
    refused(g, "skill 1 yeyan -> 2,2", "four hand cards of four suits")
    refused(g, f"skill 1 yeyan #{SHA_S7} -> 2,3", "only to deal 2 or more")
    play(g, "skill 1 yeyan " + " ".join(f"#{c}" for c in cards) + " -> 2,2,3")
    assert [hp(g, s) for s in range(1, 4)] == [2, 2, 3]
    assert all(g.state.where.get(c) == "discard" for c in cards)


# ================================================================ simulated games

MINE = ("dianwei", "xunyu", "pangtong", "wolong", "shenzhouyu")


def _mine_seated(seed: int) -> list[str]:
    """A 5-player identity table of the 火 pack where the five seats are these generals."""
    rng = random.Random(seed)
    generals = list(MINE)
    rng.shuffle(generals)
    lines = [f"setup identity 5 {PACKS}", f"role {rng.randint(1, 5)} lord"]
    for seat, key in enumerate(generals, start=1):
        god = " kingdom=" + rng.choice(("wei", "shu", "wu", "qun")) if key == "shenzhouyu" else ""
        lines.append(f"general {seat} {key}{god}")
    return lines


@pytest.mark.parametrize("seed", range(10))
def test_simulated_games_with_these_generals_end(seed: int) -> None:
    """Seeded simulated identity games with the five generals seated play to their end
    (or the move budget) without an exception, using their skills."""
    played = sim_play(seed, _mine_seated(seed), 1500)
    assert not played.stuck
    assert played.states[-1].over or len(played.moves) >= 1500


def test_random_setup_seats_the_fire_pack() -> None:
    """``random_setup`` with ``packages`` draws from the pack's generals too."""
    seated = set()
    for seed in range(10):
        lines = random_setup(seed, "identity", 5, packages="standard,ex,maneuvering,fire")
        assert "packages=standard,ex,maneuvering,fire" in lines[0]
        seated |= {line.split()[2] for line in lines if line.startswith("general")}
        assert not sim_play(seed, lines, 600).stuck
    assert seated & set(MINE)
