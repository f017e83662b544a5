"""The skills of 林 (forest) generals 徐晃, 曹丕, 孟获, 祝融 and 神曹操, settled as rules.

Each test names the skill (Chinese name and key of generals/forest.toml) and
says in its own words what the published 神话再临 · 林 card text says. The
timing skills: the window opens at the right moment for the right seat (in
seat order where two seats may act), declining lets the settlement go on,
using it has its exact effect.
"""

from __future__ import annotations

import random

import pytest

from bench.simulate import play as play_game
from engine.derived import distance
from engine.frames import Ask, DamageEvent, Expect, Point, Window
from engine.game import Game
from engine.moves import Forced
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


def test_guixin_once_for_each_point_of_damage() -> None:
    """归心 guixin: for each 1 damage taken: after 2 damage, once settled he may use it
    again (``choose 2 yes``): a second card from every other player, turned over again."""
    g = ftable(["caocao", "shencaocao:wei", "xuchu", "zhangliao"])
    to_play_phase(g)
    play(g, "!damage 2 2 from 1")
    window(g, Point.AFTER_DAMAGE, 2)
    before = hands(g, 1, 2, 3, 4)
    play(g, "skill 2 guixin")
    assert g.state.seat(2).flipped
    expecting(g, "choose", 2)
    play(g, "choose 2 yes")
    assert hands(g, 1, 2, 3, 4) == (before[0] - 2, before[1] + 6, before[2] - 2, before[3] - 2)
    assert not g.state.seat(2).flipped and not g.state.stack


def test_guixin_stops_when_he_says_no() -> None:
    """归心 guixin: each further point is his choice: ``no`` ends it."""
    g = ftable(["caocao", "shencaocao:wei", "xuchu", "zhangliao"])
    to_play_phase(g)
    play(g, "!damage 2 2 from 1", "skill 2 guixin", "choose 2 no")
    assert g.state.seat(2).flipped and not g.state.stack


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


# ---------------------------------------------------------------- 孟获 祸首 / 祝融 巨象

SAVAGE = cid("savage_assault", "♠7")


def _savage_from_seat_1() -> Game:
    """Seat 1 (曹操) uses 南蛮入侵 on 孟获 (2), 司马懿 (3), 祝融 (4), 许褚 (5)."""
    g = ftable(["caocao", "menghuo", "simayi", "zhurong", "xuchu"])
    to_play_phase(g)
    play(g, f"use 1 #{SAVAGE}")
    return g


def test_huoshou_and_juxiang_savage_assault_has_no_effect_on_them() -> None:
    """祸首 huoshou and 巨象 juxiang (锁定技): 南蛮入侵 has no effect on 孟获 nor on
    祝融: they are never asked for a Sha (nor anyone for a 无懈可击 for them)."""
    g = _savage_from_seat_1()
    asked_seats = []
    before = hp(g, 2), hp(g, 4)
    for _ in range(12):
        s = g.state
        if not s.stack:
            break
        frame = s.stack[-1]
        if isinstance(frame, Ask) and not frame.anyone:
            asked_seats.append(frame.asked)
            play(g, f"pass {frame.asked}")
        else:
            play(g, "pass")
    assert asked_seats == [3, 5]
    assert (hp(g, 2), hp(g, 4)) == before


def test_huoshou_he_is_the_source_of_its_damage() -> None:
    """祸首 huoshou: the damage of a 南蛮入侵 another player used is caused by 孟获, so
    司马懿's 反馈 takes a card of 孟获, not of the user."""
    g = _savage_from_seat_1()
    play(g, "pass", "pass 3")  # 无懈可击 for seat 3, then no Sha
    window(g, Point.AFTER_DAMAGE, 3)
    damage = g.state.stack[-2]
    assert isinstance(damage, DamageEvent) and damage.source == 2
    before = hands(g, 1, 2, 3)
    play(g, "skill 3 fankui")
    assert hands(g, 1, 2, 3) == (before[0], before[1] - 1, before[2] + 1)


def test_juxiang_takes_the_savage_assault_once_settled() -> None:
    """巨象 juxiang: a 南蛮入侵 another player used goes to 祝融's hand once it has
    settled, not to the discard pile."""
    g = _savage_from_seat_1()
    play(g, "pass", "pass 3", "pass 3", "pass", "pass 5")
    assert not g.state.stack
    assert g.state.where[SAVAGE] == "hand:4"


def test_juxiang_not_her_own_savage_assault() -> None:
    """巨象 juxiang: her own 南蛮入侵 is discarded as usual."""
    g = ftable(["zhurong", "caocao", "simayi", "xuchu"])
    to_play_phase(g)
    play(g, f"use 1 #{SAVAGE}")
    for _ in range(12):
        if not g.state.stack:
            break
        play(g, "pass")
    assert g.state.where[SAVAGE] == "discard"


# ---------------------------------------------------------------- 孟获 再起

HEART = cid("tao", "♥3")
SPADE = cid("sha", "♠8")
CLUB = cid("sha", "♣2")


def _menghuo_wounded_at_draw(lost: int) -> Game:
    """孟获 (seat 2) took ``lost`` damage from seat 1's Sha in seat 1's turn; now it is his
    draw phase."""
    g = ftable(["zhangfei", "menghuo", "caocao", "xuchu"])
    to_play_phase(g)
    for sha in (SHA_S7, SHA_H10)[:lost]:
        play(g, f"use 1 #{sha} -> 2", "pass 2")
    end_turn(g)
    expecting(g, "draw", 2)
    assert hp(g, 2) == 4 - lost
    return g


def test_zaiqi_hearts_heal_and_are_discarded_the_rest_gained() -> None:
    """再起 zaiqi: wounded, instead of drawing 孟获 turns over as many top cards as the
    HP he has lost; each heart heals him 1 and goes to the discard pile; he gains the
    others."""
    g = _menghuo_wounded_at_draw(2)
    before = hands(g, 2)[0]
    play(g, "skill 2 zaiqi")
    assert expecting(g, "reveal", 2).counts == (2,)
    refused(g, f"move #{HEART} -> processing", "再起 turns over 2 cards")
    play(g, f"move #{HEART} #{CLUB} -> processing")
    s = g.state
    assert hp(g, 2) == 3
    assert s.where[HEART] == "discard" and s.where[CLUB] == "hand:2"
    assert s.seat(2).hand_count == before + 1 and not s.stack
    assert s.turn.phase.value == "play"


def test_zaiqi_only_when_wounded_and_before_drawing() -> None:
    """再起 zaiqi: only a wounded 孟获 may use it, in his draw phase instead of drawing."""
    g = ftable(["zhangfei", "menghuo", "caocao", "xuchu"])
    end_turn(g)
    refused(g, "skill 2 zaiqi", "only when wounded")
    g = _menghuo_wounded_at_draw(1)
    play(g, "draw 2 x2")
    refused(g, "skill 2 zaiqi", "再起")


# ---------------------------------------------------------------- 祝融 烈刃

SHAN = cid("shan", "♥2")
RANK_K = cid("sha", "♦K")
RANK_2 = cid("sha", "♣2")


def _zhurong_sha_hits() -> Game:
    """祝融 (seat 1) hits seat 2 (曹操) with a Sha."""
    g = ftable(["zhurong", "caocao", "simayi", "xuchu"])
    to_play_phase(g)
    play(g, f"use 1 #{SHA_S7} -> 2", "pass 2")
    return g


def test_lieren_wins_the_point_fight_and_takes_a_card() -> None:
    """烈刃 lieren: after her Sha deals damage to its target, 祝融 may fight a point with
    it; winning, she takes one of its cards."""
    g = _zhurong_sha_hits()
    window(g, Point.AFTER_DAMAGE, 1)  # 祝融's 烈刃 (曹操, not the lord, has no 奸雄 ...)
    play(g, "skill 1 lieren")
    expecting(g, "compare", 1)
    before = hands(g, 1, 2)
    play(g, f"compare 1 #{RANK_K}", f"compare 2 #{RANK_2}")
    # won: she takes one of his hand cards (all unseen: at once)
    assert hands(g, 1, 2) == (before[0] - 1 + 1, before[1] - 1 - 1)


def test_lieren_lost_point_fight_takes_nothing() -> None:
    """烈刃 lieren: losing (or tying) the point fight, she takes nothing."""
    g = _zhurong_sha_hits()
    play(g, "skill 1 lieren")
    before = hands(g, 1, 2)
    play(g, f"compare 1 #{RANK_2}", f"compare 2 #{RANK_K}")
    assert hands(g, 1, 2) == (before[0] - 1, before[1] - 1)


def test_lieren_not_after_other_damage() -> None:
    """烈刃 lieren: only her Sha's damage: not a 决斗's."""
    g = ftable(["zhurong", "caocao", "simayi", "xuchu"])
    to_play_phase(g)
    play(g, f"use 1 #{DUEL} -> 3", "pass", "pass 3")
    assert not any(isinstance(f, Window) and f.asked == 1 for f in g.state.stack), g.state.stack


# ---------------------------------------------------------------- 曹丕 放逐


def _caopi_hit() -> Game:
    """曹丕 (seat 2, not the lord) takes 1 damage from seat 1's Sha."""
    g = ftable(["zhangfei", "caopi", "caocao", "xuchu"])
    to_play_phase(g)
    play(g, f"use 1 #{SHA_S7} -> 2", "pass 2")
    return g


def test_fangzhu_another_draws_the_lost_hp_and_turns_over() -> None:
    """放逐 fangzhu: after taking damage, 曹丕 may choose another player: they draw as
    many cards as the HP he has lost, then turn their general card over."""
    g = _caopi_hit()
    window(g, Point.AFTER_DAMAGE, 2)
    before = hands(g, 3)[0]
    play(g, "skill 2 fangzhu -> 3")
    s = g.state
    assert s.seat(3).hand_count == before + 1 and s.seat(3).flipped and not s.stack


def test_fangzhu_not_himself() -> None:
    """放逐 fangzhu: the player chosen is another player."""
    g = _caopi_hit()
    refused(g, "skill 2 fangzhu -> 2", "another player")


# ---------------------------------------------------------------- 曹丕 行殇


def _seat_2_dies() -> Game:
    """Seat 1 (张飞) kills seat 2 (郭嘉, HP 1 after 2 damage) with a Sha; nobody saves
    him; his role is revealed: then 曹丕 (seat 3) is asked about 行殇."""
    g = ftable(["zhangfei", "guojia", "caopi", "simayi"])
    to_play_phase(g)
    play(g, "!damage 2 2 from 4")
    while g.state.stack:
        play(g, "pass")
    play(g, f"use 1 #{SHA_S7} -> 2", "pass 2")
    for _ in range(10):
        frame = g.state.stack[-1]
        if isinstance(frame, Window) and frame.point is Point.DEATH:
            break
        play(g, "role 2 rebel" if isinstance(frame, Expect) else "pass")
    return g


def test_xingshang_gains_the_dead_players_cards() -> None:
    """行殇 xingshang: when another player dies, 曹丕 may gain all their cards (hand and
    equipment) before they would be discarded."""
    g = _seat_2_dies()
    window(g, Point.DEATH, 3)
    dead_cards = g.state.seat(2).card_count
    assert dead_cards > 0
    before = hands(g, 3)[0]
    play(g, "skill 3 xingshang")
    assert hands(g, 3)[0] == before + dead_cards
    assert not g.state.seat(2).alive and g.state.seat(2).card_count == 0


def test_xingshang_declined_the_cards_are_discarded() -> None:
    """行殇 xingshang is optional: declined, the dead player's cards are discarded."""
    g = _seat_2_dies()
    before = hands(g, 3)[0]
    play(g, "pass 3")
    assert hands(g, 3)[0] == before
    assert g.state.seat(2).card_count == 0 and not g.state.seat(2).alive


# ---------------------------------------------------------------- 曹丕 颂威

INDULGENCE = cid("indulgence", "♠6")
BLACK_JUDGE = cid("sha", "♣3")
RED_JUDGE = cid("tao", "♥4")


def _judged_under_indulgence(second: str) -> Game:
    """曹丕 (the lord, seat 1) puts 乐不思蜀 on seat 2 (``second``); in seat 2's judgement
    phase nobody nullifies it and the judgement card is to be turned over."""
    g = ftable(["caopi", second, "zhangfei", "xuchu"])
    to_play_phase(g)
    play(g, f"use 1 #{INDULGENCE} -> 2")
    end_turn(g)
    play(g, "pass")  # nobody nullifies the 乐不思蜀
    expecting(g, "judge", 2)
    return g


def test_songwei_asked_in_seat_order_after_tiandu() -> None:
    """颂威 songwei (主公技): after another 魏 player's judgement card takes effect and is
    black, that player may let 曹丕 draw a card. Two seats may act at that moment: the
    judged 郭嘉's 天妒 is asked first (seat order from the current player), then 曹丕."""
    g = _judged_under_indulgence("guojia")
    play(g, f"judge 2 #{BLACK_JUDGE}")
    window(g, Point.JUDGE_AFTER, 2)
    play(g, "skill 2 tiandu")
    window(g, Point.JUDGE_AFTER, 1)
    before = hands(g, 1)[0]
    play(g, "skill 1 songwei")
    expecting(g, "choose", 2)
    play(g, "choose 2 yes")
    assert hands(g, 1)[0] == before + 1


def test_songwei_the_judged_player_may_refuse() -> None:
    """颂威 songwei: it is the judged player's choice: ``no``, 曹丕 draws nothing."""
    g = _judged_under_indulgence("xiahoudun")
    play(g, f"judge 2 #{BLACK_JUDGE}")
    window(g, Point.JUDGE_AFTER, 1)
    before = hands(g, 1)[0]
    play(g, "skill 1 songwei", "choose 2 no")
    assert hands(g, 1)[0] == before


def test_songwei_not_for_red_nor_for_other_kingdoms() -> None:
    """颂威 songwei: only a black judgement card, and only of a 魏 player."""
    g = _judged_under_indulgence("xiahoudun")
    play(g, f"judge 2 #{RED_JUDGE}")
    assert not any(isinstance(f, Window) for f in g.state.stack)
    g = _judged_under_indulgence("zhaoyun")
    play(g, f"judge 2 #{BLACK_JUDGE}")
    assert not any(isinstance(f, Window) for f in g.state.stack)


# ---------------------------------------------------------------- simulated games

FOREST_1 = ("xuhuang", "caopi", "menghuo", "zhurong", "shencaocao")


def _forest_setup(seed: int) -> list[str]:
    """An identity game for five with this pack's five generals in a seeded order (神曹操
    of a seeded kingdom), the lord a seeded seat."""
    rng = random.Random(f"forest-1/{seed}")
    generals = list(FOREST_1)
    rng.shuffle(generals)
    lines = [f"setup identity 5 packages={PACKS}", f"role {rng.randint(1, 5)} lord"]
    for seat, key in enumerate(generals, start=1):
        god = f" kingdom={rng.choice(('wei', 'shu', 'wu', 'qun'))}" if key == "shencaocao" else ""
        lines.append(f"general {seat} {key}{god}")
    return lines


@pytest.mark.parametrize("seed", range(10))
def test_simulated_identity_games_with_these_generals_end(seed: int) -> None:
    """Seeded simulated identity games with 徐晃, 曹丕, 孟获, 祝融 and 神曹操 seated run
    through their skills' windows to the end, every move legal (none forced)."""
    played = play_game(seed, _forest_setup(seed), 3000)
    assert played.state.over, played.state.turn
    assert not any(isinstance(m, Forced) for m in played.moves)
