"""Worked examples of the rules documents, each citing where it comes from.

004 = shared/rules/004 (Japanese basic rules), 001 = game rules and modes,
002 = official wording of card operations, 003 = timing orders.
"""

from __future__ import annotations

import pytest

from engine.derived import attack_range, check_target, distance, hand_limit, kind, sha_uses_left
from engine.frames import Ask, Point, Window
from engine.state import Role
from engine.table import IllegalMove
from tests.engine.helpers import (
    asked,
    cid,
    end_turn,
    play,
    table,
    to_play_phase,
    until_turn_of,
)

PLAIN = ["xiahoudun", "zhangliao", "xuchu", "guojia", "zhenji", "simayi"]


def test_004_six_player_distances() -> None:
    """004 §1: in a 6-player game, D is at 1 from C and E, 2 from B and F, 3 from A."""
    g = table(["caocao", *PLAIN[:5]])
    s = g.state
    a, b, c, d, e, f = range(1, 7)
    assert [distance(s, d, x).value for x in (c, e, b, f, a)] == [1, 1, 2, 2, 3]  # type: ignore[union-attr]
    assert distance(s, d, d).value == 0  # type: ignore[union-attr]


def test_004_blade_reaches_a_but_snatch_does_not() -> None:
    """004 §2: with 青龙偃月刀 (range 3) D can Sha A, but cannot use 顺手牵羊 (distance 1) on A."""
    g = table(["caocao", *PLAIN[:5]])
    # Let the turns come round to D (seat 4), with nothing played.
    for _ in range(3):
        to_play_phase(g)
        g.push_text("next")
        seat = g.state.turn.seat
        if g.state.turn.phase.value == "discard":
            g.push_text(f"discard {seat} x{g.state.seat(seat).hand_count - g.state.seat(seat).hp}")
            g.push_text("next")
    assert g.state.turn.seat == 4
    to_play_phase(g)
    play(g, f"use 4 #{cid('blade')}")
    s = g.state
    assert attack_range(s, 4).value == 3
    assert check_target(s, 4, kind("sha"), 1).legal
    snatch = check_target(s, 4, kind("snatch"), 1)
    assert not snatch.legal and str(snatch.reason) == "distance 3 > 1"
    with pytest.raises(IllegalMove, match="seat 1: distance 3 > 1"):
        g.push_text(f"use 4 #{cid('snatch')} -> 1")
    play(g, f"use 4 #{cid('sha', '♠7')} -> 1")
    assert asked(g.state).asked == 1


def test_004_death_brings_neighbours_closer() -> None:
    """004 §1: after a general dies, the two beside him are 1 closer."""
    g = table(["caocao", "xiahoudun", "zhangliao", "xuchu", "guojia"])
    assert distance(g.state, 1, 3).value == 2  # type: ignore[union-attr]
    to_play_phase(g)
    # Seat 2 takes lethal damage (forced, as a skill would deal it) and dies unsaved.
    play(g, "!damage 2 4 from 1", "pass", "role 2 rebel")
    assert not g.state.seat(2).alive
    assert distance(g.state, 1, 3).value == 1  # type: ignore[union-attr]
    assert distance(g.state, 1, 2) is None


def test_004_paoxiao_beats_the_one_sha_rule() -> None:
    """004 §12: 张飞's 咆哮 overrides 'one Sha per play phase'; others are held to it."""
    g = table(["caocao", "zhangfei", "xuchu", "guojia", "zhenji"], lord=1)
    to_play_phase(g)
    play(g, f"use 1 #{cid('sha', '♠7')} -> 2", "pass 2")
    assert sha_uses_left(g.state, 1) == 0
    with pytest.raises(IllegalMove, match="one Sha per play phase"):
        g.push_text(f"use 1 #{cid('sha', '♠8')} -> 2")
    play(g, "next")  # on to 张飞 (seat 2)
    if g.state.turn.phase.value == "discard":
        play(g, "next")
    assert g.state.turn.seat == 2
    to_play_phase(g)
    for n in range(3):
        play(g, f"use 2 #{cid('sha', '♠9', n % 2) if n < 2 else cid('sha', '♠10')} -> 3", "pass 3")
    assert sha_uses_left(g.state, 2) is None
    assert g.state.seat(3).hp == 4 - 3


def test_wusheng_weapon_spent_as_sha_gives_no_range() -> None:
    """Design/004: a weapon spent as another card gives no range (关羽's 麒麟弓 as Sha)."""
    g = table(["caocao", "xiahoudun", "guanyu", "xuchu", "guojia"])
    for _ in range(2):  # to 关羽's turn
        to_play_phase(g)
        play(g, "next")
        if g.state.turn.phase.value == "discard":
            seat = g.state.turn.seat
            play(
                g,
                f"discard {seat} x{g.state.seat(seat).hand_count - g.state.seat(seat).hp}",
                "next",
            )
    assert g.state.turn.seat == 3
    to_play_phase(g)
    bow = cid("kylin_bow")  # ♥5, red, range 5
    play(g, f"use 3 #{bow}")
    s = g.state
    assert attack_range(s, 3).value == 5
    assert attack_range(s, 3, spending=(bow,)).value == 1
    check = check_target(s, 3, kind("sha"), 1, spending=(bow,))
    assert not check.legal and str(check.reason) == "distance 2 > attack range 1"
    with pytest.raises(IllegalMove, match="distance 2 > attack range 1"):
        g.push_text(f"use 3 #{bow} as sha -> 1")
    # A red hand card as Sha keeps the bow's range.
    play(g, f"use 3 #{cid('shan', '♥2')} as sha -> 1")
    assert asked(g.state).asked == 1


def test_wusheng_needs_a_red_card() -> None:
    g = table(["guanyu", "xiahoudun", "zhangliao", "xuchu"], lord=1)
    to_play_phase(g)
    with pytest.raises(IllegalMove, match="seat 1 has no skill to use 过河拆桥 as 杀"):
        g.push_text(f"use 1 #{cid('dismantlement', '♠3')} as sha -> 2")
    play(g, f"use 1 #{cid('dismantlement', '♥Q')} as sha -> 2")  # red: 武圣 allows it
    top = g.state.stack[-1]
    assert isinstance(top, Ask) and top.asked == 2


def test_001_lord_who_kills_a_loyalist_discards_everything() -> None:
    """001 (identity, death): if the lord kills a loyalist, the lord discards all his cards."""
    g = table(["caocao", "xiahoudun", "zhangliao", "xuchu", "guojia"])
    to_play_phase(g)
    play(g, f"use 1 #{cid('crossbow')}")
    assert g.state.seat(1).hand_count == 5
    play(g, "!damage 2 4 from 1", "pass", "role 2 loyalist")
    s = g.state
    assert not s.seat(2).alive and s.seat(2).role is Role.LOYALIST
    assert s.seat(1).hand_count == 0 and s.seat(1).weapon is None
    assert cid("crossbow") in s.discard_pile


def test_001_killing_a_rebel_draws_three() -> None:
    """001 (identity, death): whoever kills a rebel draws three cards."""
    g = table(["caocao", "xiahoudun", "zhangliao", "xuchu", "guojia"])
    to_play_phase(g)
    before = g.state.seat(1).hand_count
    play(g, "!damage 3 4 from 1", "pass", "role 3 rebel")
    assert g.state.seat(1).hand_count == before + 3


def test_dying_asks_for_peaches_in_seat_order_from_the_current_player() -> None:
    """004 §11: every player is asked for a Peach in turn, starting from the current player."""
    g = table(["caocao", "xiahoudun", "zhangliao", "xuchu", "guojia"])
    to_play_phase(g)
    g.push_text("!damage 3 4 from 1")
    asked = []
    while isinstance(g.state.stack[-1], Ask) and g.state.stack[-1].want == "tao":
        ask = g.state.stack[-1]
        asked.append(ask.asked)
        if ask.asked == 4:
            play(g, f"respond 4 #{cid('tao', '♥3')}")
            break
        play(g, f"pass {ask.asked}")
    assert asked == [1, 2, 3, 4]
    assert g.state.seat(3).hp == 1 and g.state.seat(3).alive
    assert not g.state.stack


def test_lightning_moves_on_when_it_misses() -> None:
    """001/Design: 闪电 not on ♠2-9 moves to the next living seat that can take it."""
    g = table(["caocao", "xiahoudun", "zhangliao", "xuchu"])
    to_play_phase(g)
    lightning = cid("lightning", "♠A")
    play(g, f"use 1 #{lightning}")
    end_turn(g)
    until_turn_of(g, 1)
    stack = g.state.stack
    assert g.state.turn.phase.value == "judgement"
    assert isinstance(stack[-1], Ask) and stack[-1].want == "nullification"
    play(g, "pass", f"judge 1 #{cid('tao', '♥3')}")  # a heart: it misses
    assert g.state.seat(1).judgement == ()
    assert [d.card for d in g.state.seat(2).judgement] == [lightning]


def test_lightning_strikes_on_spade_two_to_nine() -> None:
    g = table(["caocao", "xiahoudun", "zhangliao", "xuchu"])
    to_play_phase(g)
    play(g, f"use 1 #{cid('lightning', '♠A')}")
    end_turn(g)
    until_turn_of(g, 1)
    play(g, "pass", f"judge 1 #{cid('sha', '♠7')}")
    assert g.state.seat(1).hp == 4 - 3  # 4 players: no lord bonus
    play(g, "pass 1")  # 曹操 does not gain the 闪电 with 奸雄
    assert cid("lightning", "♠A") in g.state.discard_pile


def test_game_ends_in_the_middle_of_a_settlement() -> None:
    """Design: victory ends the game at once and stops every settlement in progress.

    万箭齐发 kills the last rebel while other targets still wait: the game is over.
    """
    g = table(["caocao", "xiahoudun", "zhangliao", "xuchu"])  # 4 players: 1 rebel, 1 renegade
    to_play_phase(g)
    play(g, "!damage 4 4 from 1", "pass", "role 4 renegade")  # the renegade is out
    play(g, "!damage 3 3 from 1")  # the rebel at 1 HP
    assert g.state.seat(3).hp == 1 and not g.state.stack
    play(g, f"use 1 #{cid('archery_attack')}", "pass")  # nobody nullifies for seat 2
    play(g, "pass 2")  # seat 2 takes 1
    play(g, "pass 2")  # and does not use 刚烈
    play(g, "pass")  # no nullification for seat 3
    play(g, "pass 3", "pass", "role 3 rebel")  # seat 3 dies unsaved
    s = g.state
    assert s.over and s.winner == "lord"
    assert s.stack == ()
    with pytest.raises(IllegalMove, match="the game is over"):
        g.push_text("next")


def test_kongcheng_and_qianxun_targeting() -> None:
    """Catalogue skills: 空城 with no hand cards; 谦逊 against 顺手牵羊 and 乐不思蜀."""
    g = table(["caocao", "zhugeliang", "luxun", "xuchu"])
    to_play_phase(g)
    play(g, "!discard 2 x4")
    s = g.state
    assert str(check_target(s, 1, kind("sha"), 2).reason) == "空城: no hand cards"
    assert str(check_target(s, 1, kind("duel"), 2).reason) == "空城: no hand cards"
    assert str(check_target(s, 1, kind("dismantlement"), 2).reason) == "no cards"
    assert (
        str(check_target(s, 1, kind("indulgence"), 3).reason)
        == "谦逊: cannot be the target of 乐不思蜀"
    )
    assert not check_target(s, 1, kind("snatch"), 3).legal


def test_mashu_shortens_machao_distance_only() -> None:
    g = table(["caocao", "xiahoudun", "machao", "xuchu", "guojia"])
    s = g.state
    assert distance(s, 3, 1).value == 1  # type: ignore[union-attr]
    assert distance(s, 1, 3).value == 2  # type: ignore[union-attr]
    d = distance(s, 3, 1)
    assert d is not None and "马术: -1" in map(str, d.reasons)


def test_horses() -> None:
    g = table(["caocao", "xiahoudun", "zhangliao", "xuchu", "guojia"])
    to_play_phase(g)
    play(g, f"use 1 #{cid('chitu')}", f"use 1 #{cid('dilu')}")
    s = g.state
    values = {(a, b): distance(s, a, b) for a, b in ((1, 3), (3, 1), (1, 2))}
    assert {k: v.value for k, v in values.items() if v} == {(1, 3): 1, (3, 1): 3, (1, 2): 1}


def test_hand_limit_follows_hp() -> None:
    g = table(["caocao", "xiahoudun", "zhangliao", "xuchu", "guojia"])
    to_play_phase(g)
    play(g, "!damage 2 2 from 1")
    assert hand_limit(g.state, 2).value == 2


def test_nullification_of_a_nullification() -> None:
    """A 无懈可击 can be answered by another, and so on: odd counts cancel the trick."""
    g = table(["caocao", "xiahoudun", "zhangliao", "xuchu"])
    to_play_phase(g)
    play(g, f"use 1 #{cid('duel', '♠A')} -> 2")
    play(g, f"respond 2 #{cid('nullification', '♠J')}")
    play(g, f"respond 1 #{cid('nullification', '♣Q')}")
    play(g, "pass")
    # Two nullifications: the duel goes ahead, seat 2 must play a Sha.
    ask = g.state.stack[-1]
    assert isinstance(ask, Ask) and ask.want == "sha" and ask.asked == 2
    play(g, "pass 2")
    assert g.state.seat(2).hp == 3


def test_duel_alternates_and_wushuang_asks_two() -> None:
    g = table(["lvbu", "xiahoudun", "zhangliao", "xuchu"], lord=1)
    to_play_phase(g)
    play(g, f"use 1 #{cid('duel', '♠A')} -> 2", "pass")
    ask = g.state.stack[-1]
    assert isinstance(ask, Ask) and ask.asked == 2 and ask.need == 2
    play(g, f"respond 2 #{cid('sha', '♠7')}", f"respond 2 #{cid('sha', '♠8')}")
    ask = g.state.stack[-1]
    assert isinstance(ask, Ask) and ask.asked == 1 and ask.need == 1
    play(g, "pass 1")
    assert g.state.seat(1).hp == 4 - 1
    assert not g.state.stack


def test_chained_fire_damage_passes_the_original_amount() -> None:
    """Design/003: chained elemental damage passes the original amount and element on."""
    g = table(["caocao", "xiahoudun", "zhangliao", "xuchu"])
    to_play_phase(g)
    play(g, f"use 1 #{cid('iron_chain', '♠J')} -> 2,3", "pass", "pass")
    assert g.state.seat(2).chained and g.state.seat(3).chained
    play(g, f"use 1 #{cid('fire_sha', '♥4')} -> 2", "pass 2")
    play(g, "pass 2")  # 夏侯惇 does not use 刚烈; the damage then passes along the chain
    s = g.state
    assert s.seat(2).hp == 3 and s.seat(3).hp == 3
    assert not s.seat(2).chained and not s.seat(3).chained


def test_vine_armour_and_nioh_shield() -> None:
    g = table(["caocao", "xiahoudun", "zhangliao", "xuchu"])
    end_turn(g)
    to_play_phase(g)
    play(g, f"use 2 #{cid('nioh_shield')}")
    end_turn(g)
    to_play_phase(g)
    play(g, f"use 3 #{cid('sha', '♠7')} -> 2")  # black Sha vs 仁王盾: no effect
    assert not g.state.stack and g.state.seat(2).hp == 4


def test_indulgence_skips_the_play_phase() -> None:
    g = table(["caocao", "xiahoudun", "zhangliao", "xuchu"])
    to_play_phase(g)
    play(g, f"use 1 #{cid('indulgence', '♠6')} -> 2")
    end_turn(g)
    assert g.state.turn.seat == 2 and g.state.turn.phase.value == "judgement"
    play(g, "pass", f"judge 2 #{cid('sha', '♠7')}")  # not a heart: it takes effect
    play(g, "draw 2 x2")
    # The play phase is skipped: straight to discarding (6 cards, 4 HP).
    assert g.state.turn.seat == 2 and g.state.turn.phase.value == "discard"


def test_supply_shortage_skips_the_draw_phase() -> None:
    g = table(["caocao", "xiahoudun", "zhangliao", "xuchu"])
    to_play_phase(g)
    play(g, f"use 1 #{cid('supply_shortage', '♠10')} -> 2")
    end_turn(g)
    play(g, "pass", f"judge 2 #{cid('sha', '♠7')}")
    assert g.state.turn.seat == 2 and g.state.turn.phase.value == "play"
    assert g.state.seat(2).hand_count == 4


def test_keji_skips_discard_without_sha() -> None:
    g = table(["lvmeng", "xiahoudun", "zhangliao", "xuchu"], lord=1)
    to_play_phase(g)
    play(g, "draw 1 x5" if False else "next")
    # 6 cards, HP 4: the discard phase is skipped because no Sha was used.
    assert g.state.turn.seat == 2


def test_flipped_general_skips_a_turn_and_turns_back() -> None:
    g = table(["caocao", "xiahoudun", "zhangliao", "xuchu"])
    to_play_phase(g)
    play(g, "!flip 2")  # as a skill the engine does not know would
    end_turn(g)
    assert g.state.turn.seat == 3
    assert not g.state.seat(2).flipped


def test_deck_runs_out_reshuffles_then_draws_the_game() -> None:
    """001 (game end): when the draw pile and discard pile together cannot cover a draw, a draw."""
    g = table(["caocao", "xiahoudun", "zhangliao", "xuchu"])
    to_play_phase(g)
    pile = g.state.draw_pile
    play(g, f"!draw 1 x{pile}")  # as skills the engine does not know would
    assert g.state.draw_pile == 0
    play(g, f"!discard 1 #{cid('sha', '♠7')}")
    play(g, "!draw 1 x1")  # the discard pile is shuffled in
    assert g.state.shuffles == 1
    play(g, "!draw 2 x1")
    assert g.state.over and g.state.winner == "draw"


def test_004_sha_played_in_a_duel_is_not_used() -> None:
    """004 §7 example 2: the Sha played in a Duel are played, not used: the one-Sha
    limit of the play phase is untouched."""
    g = table(["caocao", "xiahoudun", "zhangliao", "xuchu"])
    to_play_phase(g)
    play(g, f"use 1 #{cid('duel', '♠A')} -> 2", "pass")
    play(g, f"respond 2 #{cid('sha', '♠7')}", f"respond 1 #{cid('sha', '♠8')}", "pass 2")
    assert g.state.seat(2).hp == 3
    assert sha_uses_left(g.state, 1) == 1
    play(g, f"use 1 #{cid('sha', '♠9')} -> 2")


def test_004_losing_hp_is_not_damage() -> None:
    """004 §10: losing HP (苦肉) has no source and is not damage."""
    g = table(["huanggai", "xiahoudun", "zhangliao", "xuchu"], lord=1)
    to_play_phase(g)
    play(g, "skill 1 kurou")  # loses 1 HP, then draws two
    s = g.state
    assert s.seat(1).hp == 3 and s.seat(1).hand_count == 8
    assert not s.stack


def test_004_saved_from_dying_then_after_damage_skills() -> None:
    """004 §11: 夏侯惇 at 1 HP takes damage; the Peach comes first, then 刚烈 may be used."""
    g = table(["caocao", "xiahoudun", "zhangliao", "xuchu"])
    to_play_phase(g)
    play(g, "!damage 2 3 from 1")
    play(g, f"use 1 #{cid('sha', '♠7')} -> 2", "pass 2")
    ask = g.state.stack[-1]
    assert isinstance(ask, Ask) and ask.want == "tao" and ask.for_seat == 2
    play(g, "pass 1", f"respond 2 #{cid('tao', '♥3')}")
    window = g.state.stack[-1]
    assert g.state.seat(2).hp == 1
    assert isinstance(window, Window) and window.point is Point.AFTER_DAMAGE and window.asked == 2
    play(g, "skill 2 ganglie", f"judge 2 #{cid('sha', '♠8')}")  # a spade: 刚烈 works
    play(g, "pass 1")  # seat 1 does not discard two hand cards: 1 damage
    assert g.state.seat(1).hp == 3 and not g.state.stack


def test_extra_turn_comes_right_after_the_current_one() -> None:
    g = table(["caocao", "xiahoudun", "zhangliao", "xuchu"])
    to_play_phase(g)
    play(g, "!extraturn 3")  # as a skill the engine does not know would
    end_turn(g)
    assert g.state.turn.seat == 3
    end_turn(g)
    assert g.state.turn.seat == 2


def test_chained_fire_kills_both_in_seat_order() -> None:
    """Chained damage: the first seat's dying settles before the damage passes on."""
    g = table(["caocao", "xiahoudun", "zhangliao", "xuchu", "guojia"])
    to_play_phase(g)
    play(g, "!damage 2 3 from 1", "!damage 3 3 from 1")
    play(g, f"use 1 #{cid('iron_chain', '♠J')} -> 3,2", "pass", "pass")
    play(g, f"use 1 #{cid('fire_sha', '♥4')} -> 2", "pass 2")
    ask = g.state.stack[-1]
    assert isinstance(ask, Ask) and ask.for_seat == 2  # seat 2 dies first
    play(g, "pass", "role 2 rebel")
    ask = g.state.stack[-1]
    assert isinstance(ask, Ask) and ask.for_seat == 3  # then the fire reaches seat 3
    play(g, "pass", "role 3 rebel")
    assert not g.state.seat(2).alive and not g.state.seat(3).alive
    assert g.state.seat(1).hand_count >= 6  # two rebels killed: 3 + 3 cards


def test_chained_fire_damage_passes_what_the_first_seat_received() -> None:
    """Rules 000 (以受到…的傷害值為基數) and 003 (传导过程中受到的加减会被继续传导): the
    chain passes on the damage as the first seat received it, 藤甲's +1 included."""
    g = table(["caocao", "zhangliao", "xuchu", "ganning"])
    end_turn(g)
    to_play_phase(g)
    play(g, f"use 2 #{cid('vine_armour')}")
    for _ in range(3):
        end_turn(g)
    assert g.state.turn.seat == 1
    to_play_phase(g)
    play(g, f"use 1 #{cid('iron_chain', '♠J')} -> 2,3", "pass", "pass")
    assert g.state.seat(2).chained and g.state.seat(3).chained
    play(g, f"use 1 #{cid('fire_sha', '♥4')} -> 2", "pass 2")
    s = g.state
    assert s.seat(2).hp == 4 - 2 and s.seat(3).hp == 4 - 2
    assert not s.seat(2).chained and not s.seat(3).chained
