"""The skills of 林 (forest)'s 孙坚, 鲁肃, 董卓, 贾诩 and 神吕布, settled as rules.

Each test follows the published 神话再临 · 林 card text of the skill (put in our
own words in its docstring, with the skill's Chinese name and key) and drives
the engine through move text only.
"""

from __future__ import annotations

import re

import pytest

from engine.frames import Ask, CardUse, Expect, Point, Window
from engine.game import Game
from engine.state import Phase
from engine.table import IllegalMove
from tests.engine.helpers import cid, expecting, hand, hp, play, top, window_for
from tests.engine.helpers import table as shared_table

PACKAGES = "standard,ex,maneuvering,forest"
# Generals with no window at the moments these tests look at.
QUIET = ["zhangliao", "xuchu", "zhangfei", "zhaoyun", "guanyu"]


def table(generals: list[str], *, lord: int = 1, start: bool = True) -> Game:
    """A dealt identity table with the forest generals; with ``start`` the first turn
    has begun (seat 1 at its draw phase)."""
    return shared_table(generals, lord=lord, start=start, pack="forest")


def refuses(g: Game, line: str, fragment: str) -> None:
    """``line`` is refused with a reason containing ``fragment``; nothing changes."""
    before, moves = g.state, len(g)
    with pytest.raises(IllegalMove, match=re.escape(fragment)):
        g.push_text(line)
    assert g.state is before and len(g) == moves


def end_turn(g: Game) -> None:
    """Finish the current turn plainly (draw if asked, discard down to the limit, move
    on); a choice (崩坏's) takes its first option, other requests are passed."""
    from engine.derived import hand_limit

    start = (g.state.turn.seat, g.state.turn.number)
    for _ in range(20):
        s = g.state
        if (s.turn.seat, s.turn.number) != start or s.over:
            return
        seat = s.turn.seat
        frame = s.stack[-1] if s.stack else None
        if isinstance(frame, Expect) and frame.what == "choose":
            g.push_text(f"choose {frame.seat} {frame.options[0]}")
        elif isinstance(frame, Expect) and frame.what == "draw":
            g.push_text(f"draw {seat} x{2 if 2 in frame.counts else frame.counts[0]}")
        elif frame is not None:
            g.push_text("pass")
        else:
            if s.turn.phase is Phase.DISCARD:
                excess = s.seat(seat).hand_count - hand_limit(s, seat).value
                if excess > 0:
                    g.push_text(f"discard {seat} x{excess}")
            g.push_text("next")
    raise AssertionError("the turn did not end")


def to_play(g: Game) -> None:
    seat = g.state.turn.seat
    g.push_text(f"draw {seat} x2")
    assert g.state.turn.phase is Phase.PLAY


# ================================================================ 孙坚


def _wounded_sunjian(lost: int) -> Game:
    """孙坚 at seat 2 has lost ``lost`` HP in seat 1's turn; his turn begins."""
    g = table(["caocao", "sunjian", *QUIET[:2]])
    to_play(g)
    play(g, f"!damage 2 {lost}")
    end_turn(g)
    return g


def test_yinghun_one_hp_lost_draw_one_discard_one() -> None:
    """英魂 yinghun: in his preparation phase, if wounded, he may choose another
    player, who draws X and discards one, or draws one and discards X (X: his lost
    HP); with X = 1 it is simply draw one, discard one."""
    g = _wounded_sunjian(1)
    window_for(g, Point.PREPARATION, 2)
    before = hand(g, 3)
    play(g, "skill 2 yinghun -> 3")
    assert hand(g, 3) == before + 1
    expecting(g, "discard_n", 3)
    play(g, "discard 3 x1")
    assert hand(g, 3) == before
    assert g.state.turn.seat == 2 and g.state.turn.phase is Phase.DRAW


def test_yinghun_two_lost_chooses_which_way() -> None:
    """英魂 yinghun with X = 2: draw two and discard one, or draw one and discard two;
    the discards may be equipment too."""
    g = _wounded_sunjian(2)
    play(g, "skill 2 yinghun -> 4")
    expecting(g, "choose", 2)
    before = hand(g, 4)
    play(g, "choose 2 draw_x")
    assert hand(g, 4) == before + 2
    refuses(g, "discard 4 x2", "discard 1 card")
    play(g, "discard 4 x1")
    assert hand(g, 4) == before + 1

    g = _wounded_sunjian(2)
    play(g, "skill 2 yinghun -> 4", "choose 2 discard_x")
    expecting(g, "discard_n", 4)
    before = hand(g, 4)
    play(g, "discard 4 x2")
    assert hand(g, 4) == before - 2


def test_yinghun_not_offered_at_full_hp_and_not_on_himself() -> None:
    """英魂 yinghun needs him wounded, and another player as its target."""
    g = table(["caocao", "sunjian", *QUIET[:2]])
    to_play(g)
    end_turn(g)
    assert g.state.turn.seat == 2 and g.state.turn.phase is Phase.DRAW
    assert not any(isinstance(f, Window) for f in g.state.stack)
    g = _wounded_sunjian(1)
    refuses(g, "skill 2 yinghun -> 2", "another player")


# ================================================================ 贾诩


def test_weimu_no_black_trick_targets_him() -> None:
    """帷幕 weimu (compulsory): he cannot be the target of black tricks; a red one may
    still name him."""
    g = table(["caocao", "jiaxu", *QUIET[:2]])
    to_play(g)
    refuses(g, f"use 1 #{cid('dismantlement', '♠3')} -> 2", "帷幕")
    refuses(g, f"use 1 #{cid('duel', '♠A')} -> 2", "帷幕")
    play(g, f"use 1 #{cid('dismantlement', '♥Q')} -> 2")
    assert isinstance(top(g), (Ask, Expect))


def test_weimu_a_black_savage_assault_passes_him_by() -> None:
    """帷幕 weimu: a black trick for everyone (南蛮入侵) leaves him out of its targets."""
    g = table(["caocao", "jiaxu", *QUIET[:2]])
    to_play(g)
    play(g, f"use 1 #{cid('savage_assault', '♠7')}")
    use = next(f for f in g.state.stack if isinstance(f, CardUse))
    assert use.targets == (3, 4)


def test_wansha_in_his_turn_only_he_and_the_dying_may_save() -> None:
    """完杀 wansha (compulsory): in his turn, only he and the dying player may use 桃."""
    g = table(["jiaxu", *QUIET[:3]])
    to_play(g)
    play(g, "!damage 3 4")
    ask = top(g)
    assert isinstance(ask, Ask) and ask.want == "tao"
    assert ask.seats == (1, 3)


def test_wansha_not_outside_his_turn() -> None:
    """完杀 wansha holds in his own turn only: in another's, everyone is asked."""
    g = table([QUIET[0], "jiaxu", *QUIET[1:3]])
    to_play(g)
    play(g, "!damage 3 4")
    ask = top(g)
    assert isinstance(ask, Ask) and ask.want == "tao"
    assert ask.seats == (1, 2, 3, 4)


def test_luanwu_each_other_player_uses_a_sha_on_the_nearest_or_loses_hp() -> None:
    """乱武 luanwu (limited): in his play phase, every other player in turn uses a Sha on
    the other player nearest to them, or loses 1 HP."""
    g = table(["jiaxu", *QUIET[:3]])
    to_play(g)
    play(g, "skill 1 luanwu")
    ask = expecting(g, "use_sha", 2)
    assert ask.counts == (3, 1)  # both at distance 1, in seat order from seat 2
    refuses(g, f"use 2 #{cid('sha')} -> 4", "乱武")
    play(g, f"use 2 #{cid('sha')} -> 3", "pass 3")
    assert hp(g, 3) == 3
    expecting(g, "use_sha", 3)
    play(g, "pass 3")
    assert hp(g, 3) == 2
    expecting(g, "use_sha", 4)
    play(g, "pass 4")
    assert hp(g, 4) == 3 and not g.state.stack
    assert g.state.seat(1).mark("used_luanwu") == 1
    refuses(g, "skill 1 luanwu", "乱武")


# ================================================================ 鲁肃


def test_haoshi_draws_two_more_then_gives_half_to_the_fewest() -> None:
    """好施 haoshi: in his draw phase he may draw two more; then, holding more than five
    hand cards, he gives half (rounded down) to the other player with the fewest."""
    g = table(["lusu", *QUIET[:3]])
    play(g, "!discard 3 x1")  # seat 3 has the fewest hand cards now (3)
    play(g, "skill 1 haoshi")
    refuses(g, "draw 1 x2", "draws 4")
    refuses(g, "skill 1 haoshi", "好施")
    play(g, "draw 1 x4")
    give = expecting(g, "give", 1)
    assert give.counts == (4,) and give.options == ("3",)
    refuses(g, "give 1 -> 2 x4", "seat 3")
    refuses(g, "give 1 -> 3 x3", "give 4 hand cards")
    play(g, "give 1 -> 3 x4")
    assert hand(g, 1) == 4 and hand(g, 3) == 7
    assert g.state.turn.phase is Phase.PLAY


def test_haoshi_tied_fewest_he_chooses_and_five_cards_keep() -> None:
    """好施 haoshi: among players tied for the fewest he chooses; with five hand cards
    or fewer after drawing he keeps them all."""
    g = table(["lusu", *QUIET[:3]])
    play(g, "skill 1 haoshi", "draw 1 x4")
    assert expecting(g, "give", 1).options == ("2", "3", "4")
    play(g, "give 1 -> 4 x4")
    assert hand(g, 4) == 8
    g = table(["lusu", *QUIET[:3]])
    play(g, "!discard 1 x3", "skill 1 haoshi", "draw 1 x4")
    assert hand(g, 1) == 5 and g.state.turn.phase is Phase.PLAY


def test_dimeng_two_others_swap_hands_paying_the_difference() -> None:
    """缔盟 dimeng: once in his play phase, he discards as many cards as the hand counts
    of two other players differ by, and they swap hands."""
    g = table(["lusu", *QUIET[:3]])
    to_play(g)
    known = cid("sha", "♠7")
    play(g, f"!draw 2 #{known}", "!discard 3 x2")  # seat 2: 5 cards, seat 3: 2
    refuses(g, "skill 1 dimeng x2 -> 2,3", "discard 3 cards")
    refuses(g, "skill 1 dimeng x3 -> 1,3", "another player")
    play(g, "skill 1 dimeng x3 -> 2,3")
    s = g.state
    assert s.seat(2).hand_count == 2 and s.seat(3).hand_count == 5
    assert s.where[known] == "hand:3" and s.seat(1).hand_count == 6 - 3
    refuses(g, "skill 1 dimeng -> 2,4", "缔盟 once per")


# ================================================================ 董卓


def test_jiuchi_a_spade_hand_card_as_jiu() -> None:
    """酒池 jiuchi: he may use a spade hand card as 酒; not a card of another suit."""
    g = table(["dongzhuo", *QUIET[:3]])
    to_play(g)
    refuses(g, f"use 1 #{cid('sha', '♥10')} as jiu", "no skill")
    play(g, f"use 1 #{cid('sha', '♠7')} as jiu")
    assert g.state.turn.drunk


def test_roulin_two_shan_between_him_and_a_woman() -> None:
    """肉林 roulin (compulsory): his Sha on a woman, and a woman's Sha on him, each need
    two Shan to dodge; a man's Sha on him needs one."""
    g = table(["dongzhuo", "zhenji", QUIET[0], "diaochan"])
    to_play(g)
    play(g, f"use 1 #{cid('sha', '♠7')} -> 2")
    ask = top(g)
    assert isinstance(ask, Ask) and ask.want == "shan" and ask.need == 2
    play(g, "pass 2")
    end_turn(g)
    to_play(g)  # 甄姬 (seat 2): her Sha on him
    play(g, f"use 2 #{cid('sha', '♠8')} -> 1")
    ask = top(g)
    assert isinstance(ask, Ask) and ask.need == 2
    play(g, "pass 1")
    end_turn(g)
    to_play(g)  # a man (seat 3): one Shan
    play(g, f"use 3 #{cid('sha', '♠9')} -> 4")
    ask = top(g)
    assert isinstance(ask, Ask) and ask.need == 1


def _to_end_phase(g: Game) -> None:
    from engine.derived import hand_limit

    to_play(g)
    play(g, "next")
    if g.state.turn.phase is Phase.DISCARD:
        seat = g.state.turn.seat
        excess = hand(g, seat) - hand_limit(g.state, seat).value
        if excess > 0:
            play(g, f"discard {seat} x{excess}")
        play(g, "next")


def test_benghuai_at_his_end_phase_loses_hp_or_max_hp() -> None:
    """崩坏 benghuai (compulsory): in his end phase, unless his HP is the lowest (or
    tied for it), he loses 1 HP or 1 max HP, as he chooses."""
    g = table(["dongzhuo", *QUIET[:3]])
    _to_end_phase(g)
    expecting(g, "choose", 1)
    refuses(g, "pass 1", "nothing to pass on")
    play(g, "choose 1 maxhp")
    s = g.state.seat(1)
    assert (s.hp, s.max_hp) == (7, 7)
    assert g.state.turn.seat == 2
    end_turn(g)
    end_turn(g)
    end_turn(g)
    _to_end_phase(g)
    play(g, "choose 1 hp")
    s = g.state.seat(1)
    assert (s.hp, s.max_hp) == (6, 7)


def test_benghuai_not_when_his_hp_is_the_lowest_or_tied() -> None:
    """崩坏 benghuai: nothing happens when his HP is the lowest or tied for it."""
    g = table(["caocao", "dongzhuo", *QUIET[:2]])
    to_play(g)
    play(g, "!damage 2 4")  # 4 HP, as low as seats 3 and 4
    end_turn(g)
    _to_end_phase(g)
    assert g.state.turn.seat == 3


def test_baonve_another_qun_players_damage_judges_a_spade_heals_him() -> None:
    """暴虐 baonve (lord): after another 群 player deals damage, that player may judge:
    on a spade he recovers 1 HP."""
    g = table(["dongzhuo", "huatuo", QUIET[0], "diaochan"])
    to_play(g)
    play(g, "!damage 1 2")
    end_turn(g)
    to_play(g)
    play(g, f"use 2 #{cid('sha', '♠7')} -> 3", "pass 3")
    window_for(g, Point.AFTER_DAMAGE, 1)
    before = hp(g, 1)
    play(g, "skill 1 baonve")
    expecting(g, "judge", 2)
    play(g, f"judge 2 #{cid('sha', '♠8')}")
    assert hp(g, 1) == before + 1


def test_baonve_a_red_judgement_heals_nothing_and_not_for_others() -> None:
    """暴虐 baonve: a judgement that is not a spade heals nothing; a non-群 player's
    damage asks nothing."""
    g = table(["dongzhuo", "huatuo", QUIET[0], "diaochan"])
    to_play(g)
    play(g, "!damage 1 2")
    end_turn(g)
    to_play(g)
    play(g, f"use 2 #{cid('sha', '♠7')} -> 3", "pass 3")
    before = hp(g, 1)
    play(g, "skill 1 baonve", f"judge 2 #{cid('tao', '♥3')}")
    assert hp(g, 1) == before
    end_turn(g)
    to_play(g)
    play(g, f"use 3 #{cid('sha', '♠8')} -> 2", "pass 2")
    assert not any(isinstance(f, Window) for f in g.state.stack)


# ================================================================ 神吕布

SHENLVBU = "shenlvbu kingdom=qun"


def marks(g: Game, seat: int) -> int:
    return g.state.seat(seat).mark("baonu")


def test_kuangbao_two_marks_at_the_start_one_per_damage_dealt_or_taken() -> None:
    """狂暴 kuangbao (compulsory): the game starts with two 暴怒 marks on him; he gains
    one for each 1 damage he deals or takes."""
    g = table([SHENLVBU, *QUIET[:3]])
    assert marks(g, 1) == 2 and marks(g, 2) == 0
    to_play(g)
    play(g, f"use 1 #{cid('sha', '♠7')} -> 2", "pass 2")
    assert marks(g, 1) == 3
    play(g, "!damage 1 2 from 3")
    assert marks(g, 1) == 5 and marks(g, 3) == 0


def test_wumou_each_trick_costs_a_mark_or_an_hp() -> None:
    """无谋 wumou (compulsory): each time he uses a non-delayed trick, he loses 1 HP or
    discards a 暴怒 mark; with no mark he loses the HP."""
    g = table([SHENLVBU, *QUIET[:3]])
    to_play(g)
    play(g, f"use 1 #{cid('ex_nihilo', '♥7')}")
    expecting(g, "choose", 1)
    play(g, "choose 1 mark")
    assert marks(g, 1) == 1 and hp(g, 1) == 5
    nullify = top(g)
    assert isinstance(nullify, Ask) and nullify.want == "nullification"
    play(g, "pass")
    play(g, f"use 1 #{cid('ex_nihilo', '♥8')}", "choose 1 hp")
    assert marks(g, 1) == 1 and hp(g, 1) == 4
    play(g, "pass", f"use 1 #{cid('ex_nihilo', '♥9')}", "choose 1 mark", "pass")
    play(g, f"use 1 #{cid('ex_nihilo', '♥J')}")
    assert hp(g, 1) == 3 and marks(g, 1) == 0  # no mark left: the HP, at once


def test_wumou_not_for_a_delayed_trick_nor_a_basic_card() -> None:
    """无谋 wumou: only non-delayed tricks cost him."""
    g = table([SHENLVBU, *QUIET[:3]])
    to_play(g)
    play(g, f"use 1 #{cid('indulgence')} -> 2")
    play(g, f"use 1 #{cid('sha', '♠7')} -> 2", "pass 2")
    assert hp(g, 1) == 5 and marks(g, 1) == 3


def test_wuqian_two_marks_give_wushuang_and_ignore_armour_this_turn() -> None:
    """无前 wuqian: in his play phase he discards two 暴怒 marks: this turn he has 无双
    (two Shan to his Sha) and the other players' armour has no effect."""
    g = table([SHENLVBU, *QUIET[:3]])
    to_play(g)
    shield = cid("nioh_shield", "♣2")
    play(g, f"!use 2 #{shield}")
    refuses(g, "skill 1 wuqian x1", "no cards")
    play(g, "skill 1 wuqian")
    assert marks(g, 1) == 0 and "1:wuqian" in g.state.turn.flags
    refuses(g, "skill 1 wuqian", "暴怒")
    play(g, f"use 1 #{cid('sha', '♠7')} -> 2")  # black: the shield would stop it
    ask = top(g)
    assert isinstance(ask, Ask) and ask.want == "shan" and ask.need == 2
    play(g, "pass 2")
    assert hp(g, 2) == 3
    end_turn(g)
    assert "1:wuqian" not in g.state.turn.flags


def test_shenfen_six_marks_damage_equipment_four_cards_then_he_turns_over() -> None:
    """神愤 shenfen: once in his play phase, he discards six 暴怒 marks: every other
    player takes 1 damage from him, discards all their equipment, then four hand
    cards; then he turns his general card over."""
    g = table([SHENLVBU, *QUIET[:3]])
    to_play(g)
    refuses(g, "skill 1 shenfen", "6 暴怒 marks")
    play(g, "!mark 1 baonu +4", f"!use 3 #{cid('crossbow', '♣A')}")
    play(g, "skill 1 shenfen")
    s = g.state
    assert [s.seat(n).hp for n in (2, 3, 4)] == [3, 3, 3]
    assert s.seat(3).weapon is None
    assert marks(g, 1) == 3  # 0 after the cost, one per damage dealt
    expecting(g, "discard_n", 2)
    play(g, "discard 2 x4")
    expecting(g, "discard_n", 3)
    play(g, "discard 3 x3")  # three left after the crossbow
    play(g, "discard 4 x4")
    assert not g.state.stack and g.state.seat(1).flipped
    assert hand(g, 2) == 0
    refuses(g, "skill 1 shenfen", "神愤")


# ================================================================ simulated games

MINE = ["sunjian", "lusu", "dongzhuo", "jiaxu", "shenlvbu"]


def test_simulated_games_with_the_five_seated_run_to_their_end() -> None:
    """Seeded simulated identity games (bench/simulate.py) with these five generals
    seated (the lord drawn, 神吕布 with a kingdom) end with a winner, never stuck."""
    import random

    from bench.simulate import play as simulate

    used: set[str] = set()
    for seed in range(10):
        rng = random.Random(seed)
        generals = MINE[:]
        rng.shuffle(generals)
        setup = [f"setup identity 5 packages={PACKAGES}", f"role {rng.randint(1, 5)} lord"]
        for seat, key in enumerate(generals, start=1):
            kingdom = (
                f" kingdom={rng.choice(['wei', 'shu', 'wu', 'qun'])}" if key == "shenlvbu" else ""
            )
            setup.append(f"general {seat} {key}{kingdom}")
        result = simulate(seed, setup, max_moves=3000)
        assert not result.stuck and result.states[-1].over, (seed, result.states[-1].stack)
        used |= {str(m).split()[2] for m in result.moves if str(m).startswith("skill ")}
    assert {"yinghun", "haoshi", "dimeng", "luanwu", "wuqian"} <= used


def test_random_setup_takes_the_forest_pack() -> None:
    """random_setup's ``packages`` puts the pack on the setup line: its generals sit."""
    from bench.simulate import random_setup

    lines = random_setup(3, "identity", 5, packages=PACKAGES)
    assert lines[0] == f"setup identity 5 packages={PACKAGES}"


# ================================================================ more of the cases


def test_baonve_and_another_window_after_damage_are_asked_in_seat_order() -> None:
    """暴虐 baonve and 奸雄 open at the same moment (after the damage): the owners are
    asked in seat order from the current player (seat 2): 曹操 (3), then 董卓 (1)."""
    g = table(["dongzhuo", "huatuo", "caocao", "diaochan"])
    to_play(g)
    end_turn(g)
    to_play(g)
    play(g, f"use 2 #{cid('sha', '♠7')} -> 3", "pass 3")
    window_for(g, Point.AFTER_DAMAGE, 3)
    play(g, "pass 3")
    window_for(g, Point.AFTER_DAMAGE, 1)
    play(g, "skill 1 baonve")
    expecting(g, "judge", 2)


def test_wumou_a_nullification_he_uses_is_a_trick_too() -> None:
    """无谋 wumou: 无懈可击 is a non-delayed trick: using it costs him too."""
    g = table([QUIET[0], SHENLVBU, *QUIET[1:3]])
    to_play(g)
    play(g, f"use 1 #{cid('ex_nihilo', '♥7')}")
    play(g, f"respond 2 #{cid('nullification', '♠J')}")
    expecting(g, "choose", 2)
    play(g, "choose 2 mark")
    assert marks(g, 2) == 1


def test_weimu_lightning_passes_him_by() -> None:
    """帷幕 weimu: 闪电 (a black trick) moving on from its judgement skips him."""
    g = table([QUIET[0], "jiaxu", *QUIET[1:3]])
    to_play(g)
    lightning = cid("lightning", "♠A")
    play(g, f"use 1 #{lightning} -> 1")
    for _ in range(4):
        end_turn(g)
    assert g.state.turn.seat == 1
    play(g, "pass")  # nobody nullifies 闪电
    play(g, f"judge 1 #{cid('tao', '♥3')}")  # not a spade 2-9: it moves on
    assert g.state.where[lightning] == "judge:3"
