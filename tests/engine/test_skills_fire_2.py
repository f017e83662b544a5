"""The skills of five 神话再临 · 火 (fire) generals, settled as rules: 太史慈 (天义),
袁绍 (乱击, 血裔), 颜良文丑 (双雄), 庞德 (马术, 猛进), 神诸葛亮 (七星, 狂风, 大雾).

Each test names the skill (Chinese name and key of fire.toml) and says in its
own words what the published card text says, the part the test follows.
"""

from __future__ import annotations

from engine.frames import CardUse, Point
from engine.game import Game
from tests.engine.helpers import (
    cid,
    end_turn,
    hp,
    no_window,
    play,
    refused,
    table,
    to_turn_of,
)
from tests.engine.helpers import expecting as expect
from tests.engine.helpers import window_for as window

PACKS = "packages=standard,ex,maneuvering,fire"


def fire_table(generals: list[str], *, lord: int = 1, start: bool = True) -> Game:
    """A dealt identity table with the fire pack (a 神 general as 蜀); ``start``: the
    lord's draw phase."""
    return table(generals, lord=lord, start=start, pack="fire", gods="shu")


def hands(g: Game, *seats: int) -> tuple[int, ...]:
    return tuple(g.state.seat(s).hand_count for s in seats)


SHA_S7 = cid("sha", "♠7")
SHA_S8 = cid("sha", "♠8")
SHA_C2 = cid("sha", "♣2")
SHA_H10 = cid("sha", "♥10")
SHAN_H2 = cid("shan", "♥2")
SHAN_D2 = cid("shan", "♦2")
TAO_H3 = cid("tao", "♥3")
DUEL = cid("duel", "♠A")


# ================================================================ 庞德 猛进 / 马术


def _pangde_sha_dodged(target: int = 2) -> Game:
    """庞德 (seat 1, lord) uses a Sha on ``target``, who answers with a Shan."""
    g = fire_table(["pangde", "taishici", "yanliangwenchou", "shenzhugeliang"])
    play(g, "draw 1 x2", f"use 1 #{SHA_S7} -> {target}", f"respond {target} #{SHAN_H2}")
    return g


def test_mashu_distance() -> None:
    """马术 mashu (火 庞德): his distance to every other player is 1 less."""
    from engine.derived import distance_value

    g = fire_table(["pangde", "taishici", "yanliangwenchou", "shenzhugeliang"])
    assert distance_value(g.state, 1, 3) == 1
    assert distance_value(g.state, 3, 1) == 2


def test_mengjin_window_when_dodged() -> None:
    """猛进 mengjin: when his Sha is dodged by a Shan, he may discard one of the
    target's cards; the target discards nothing until he says which."""
    g = _pangde_sha_dodged()
    window(g, Point.DODGED, 1)
    play(g, "skill 1 mengjin")
    expect(g, "discard_one", 1)
    before = hands(g, 2)[0]
    play(g, "discard 2 x1")
    assert hands(g, 2)[0] == before - 1
    assert not g.state.stack
    assert hp(g, 2) == 4


def test_mengjin_an_equipment_card() -> None:
    """猛进 mengjin: the card may be one of the target's equipment."""
    armour = cid("eight_diagram", "♠2")
    g = fire_table(["pangde", "taishici", "yanliangwenchou", "shenzhugeliang"])
    play(g, "draw 1 x2", "next")
    end_turn(g)
    play(g, "draw 2 x2", f"use 2 #{armour}")
    to_turn_of(g, 1)
    play(g, "draw 1 x2", f"use 1 #{SHA_S7} -> 2")
    play(g, f"respond 2 #{SHAN_H2}")
    window(g, Point.DODGED, 1)
    play(g, "skill 1 mengjin", f"discard 2 #{armour}")
    assert g.state.seat(2).armour is None
    assert g.state.where.get(armour) == "discard"


def test_mengjin_declined() -> None:
    """猛进 mengjin is optional: declined, the Sha is simply over."""
    g = _pangde_sha_dodged()
    before = hands(g, 2)
    play(g, "pass 1")
    assert not g.state.stack and hands(g, 2) == before


def test_mengjin_not_when_hit_or_for_another_sha() -> None:
    """猛进 mengjin: only when his own Sha is dodged; not when it hits, nor for
    another seat's dodged Sha."""
    g = fire_table(["pangde", "taishici", "yanliangwenchou", "shenzhugeliang"])
    play(g, "draw 1 x2", f"use 1 #{SHA_S7} -> 2", "pass 2")
    no_window(g)
    assert hp(g, 2) == 3
    end_turn(g)
    play(g, "draw 2 x2", f"use 2 #{SHA_S8} -> 3", f"respond 3 #{SHAN_H2}")
    no_window(g)
    assert not g.state.stack


# ================================================================ 袁绍 乱击 / 血裔


def _yuanshao() -> Game:
    """袁绍 (seat 1, lord), 颜良文丑 and 庞德 (群), 太史慈 (吴); in his play phase."""
    g = fire_table(["yuanshao", "yanliangwenchou", "pangde", "taishici"])
    play(g, "draw 1 x2")
    return g


def test_luanji_two_cards_of_one_suit_as_archery() -> None:
    """乱击 luanji: he may use two hand cards of the same suit together as 万箭齐发."""
    g = _yuanshao()
    play(g, f"use 1 #{SHA_S7} #{SHA_S8} as archery_attack")
    use = next(f for f in g.state.stack if isinstance(f, CardUse))
    assert use.kind == "archery_attack" and use.cards == (SHA_S7, SHA_S8)
    assert use.targets == (2, 3, 4)
    assert g.state.where.get(SHA_S7) == "processing"
    assert g.state.where.get(SHA_S8) == "processing"
    assert g.state.seat(1).hand_count == 4 + 2 - 2


def test_luanji_not_two_suits_nor_one_card_nor_others() -> None:
    """乱击 luanji: the two cards must share their suit; nobody without it may."""
    g = _yuanshao()
    refused(g, f"use 1 #{SHA_S7} #{SHAN_H2} as archery_attack", "no skill")
    refused(g, f"use 1 #{SHA_S7} as archery_attack", "no skill")
    end_turn(g)
    play(g, "draw 2 x2")
    refused(g, f"use 2 #{SHA_S7} #{SHA_S8} as archery_attack", "no skill")


def test_xueyi_hand_limit_two_per_other_qun() -> None:
    """血裔 xueyi (lord skill): his hand limit is 2 more for each other living 群
    player."""
    from engine.derived import hand_limit, hand_limit_value

    g = _yuanshao()
    assert hand_limit_value(g.state, 1) == 4 + 2 * 2
    assert hand_limit(g.state, 1).value == 8
    assert hand_limit_value(g.state, 2) == 4  # not for the others
    play(g, "!die 3", "role 3 rebel")
    assert hand_limit_value(g.state, 1) == 4 + 2


def test_xueyi_only_for_the_lord() -> None:
    """血裔 xueyi is a lord skill: 袁绍 not the lord gets nothing from it."""
    from engine.derived import hand_limit_value

    g = fire_table(["yanliangwenchou", "yuanshao", "pangde", "taishici"])
    assert hand_limit_value(g.state, 2) == 4


# ================================================================ 太史慈 天义


def _taishici_fight(mine: int, theirs: int) -> Game:
    """太史慈 (seat 1, lord) point-fights seat 3 (distance 2) in his play phase."""
    g = fire_table(["taishici", "pangde", "yanliangwenchou", "yuanshao"])
    play(g, "draw 1 x2", "skill 1 tianyi -> 3")
    expect(g, "compare", 1)
    play(g, f"compare 1 #{mine}", f"compare 3 #{theirs}")
    return g


def test_tianyi_won_one_more_sha_any_distance_two_targets() -> None:
    """天义 tianyi: once in the play phase he may point-fight another player; if he
    wins, this turn he may use one more Sha, his Sha have no distance limit and may
    take one more target."""
    from engine.derived import check_target, kind, sha_uses_left

    g = _taishici_fight(SHA_H10, SHA_C2)
    assert not g.state.stack
    assert g.state.where.get(SHA_H10) == "discard" and g.state.where.get(SHA_C2) == "discard"
    assert sha_uses_left(g.state, 1) == 2
    assert check_target(g.state, 1, kind("sha"), 3).legal  # distance 2, range 1
    play(g, f"use 1 #{SHA_S7} -> 3,2")
    use = next(f for f in g.state.stack if isinstance(f, CardUse))
    assert use.targets == (2, 3)
    play(g, "pass 2", "pass 3")
    assert (hp(g, 2), hp(g, 3)) == (3, 3)
    play(g, f"use 1 #{SHA_S8} -> 4", "pass 4")
    assert hp(g, 4) == 3
    refused(g, f"use 1 #{cid('sha', '♣3')} -> 2", "one Sha per play phase")


def test_tianyi_lost_no_sha_this_turn() -> None:
    """天义 tianyi: if he does not win, he may not use a Sha this turn."""
    from engine.derived import sha_uses_left

    g = _taishici_fight(SHA_C2, SHA_H10)
    assert sha_uses_left(g.state, 1) == 0
    refused(g, f"use 1 #{SHA_S7} -> 2", "no Sha this turn")


def test_tianyi_tie_is_not_a_win() -> None:
    """天义 tianyi: a tie is not a win: no Sha this turn."""
    g = _taishici_fight(SHA_S7, cid("sha", "♣7"))
    refused(g, f"use 1 #{SHA_S8} -> 2", "no Sha this turn")


def test_tianyi_once_a_phase_and_only_on_hand_cards() -> None:
    """天义 tianyi: once in the play phase; the other player must have a hand card;
    its effect ends with the turn."""
    from engine.derived import sha_uses_left

    g = _taishici_fight(SHA_H10, SHA_C2)
    refused(g, "skill 1 tianyi -> 2", "once per")
    end_turn(g)
    assert sha_uses_left(g.state, 1) == 1
    g = fire_table(["taishici", "pangde", "yanliangwenchou", "yuanshao"])
    play(g, "draw 1 x2")
    refused(g, "skill 1 tianyi -> 1", "not yourself")


# ================================================================ 颜良文丑 双雄


def _shuangxiong(judged: int) -> Game:
    """颜良文丑 (seat 1, lord) uses 双雄 in his draw phase; ``judged`` is turned over."""
    g = fire_table(["yanliangwenchou", "pangde", "taishici", "yuanshao"])
    expect(g, "draw", 1)
    play(g, "skill 1 shuangxiong")
    expect(g, "judge", 1)
    play(g, f"judge 1 #{judged}")
    return g


def test_shuangxiong_judges_instead_of_drawing_and_takes_the_card() -> None:
    """双雄 shuangxiong: in his draw phase he may judge instead of drawing, and the
    judgement card goes to his hand."""
    from engine.state import Phase

    g = _shuangxiong(SHA_H10)
    s = g.state
    assert s.turn.phase is Phase.PLAY and not s.stack
    assert s.where.get(SHA_H10) == "hand:1"
    assert s.seat(1).hand_count == 4 + 1


def test_shuangxiong_red_judgement_black_cards_as_duel() -> None:
    """双雄 shuangxiong: this turn he may use a hand card of the colour other than the
    judgement card's as 决斗 (red judged: a black card)."""
    g = _shuangxiong(SHA_H10)
    refused(g, f"use 1 #{TAO_H3} as duel -> 2", "no skill")
    play(g, f"use 1 #{SHA_S7} as duel -> 2")
    use = next(f for f in g.state.stack if isinstance(f, CardUse))
    assert use.kind == "duel" and use.cards == (SHA_S7,)


def test_shuangxiong_black_judgement_red_cards_as_duel() -> None:
    """双雄 shuangxiong: black judged: a red hand card as 决斗; not after the turn."""
    g = _shuangxiong(SHA_C2)
    refused(g, f"use 1 #{SHA_S7} as duel -> 2", "no skill")
    play(g, f"use 1 #{TAO_H3} as duel -> 2")
    play(g, "pass", "pass 2")
    assert hp(g, 2) == 3
    end_turn(g)
    end_turn(g)
    end_turn(g)
    end_turn(g)
    play(g, "draw 1 x2")
    refused(g, f"use 1 #{SHAN_H2} as duel -> 2", "no skill")


def test_shuangxiong_only_before_drawing() -> None:
    """双雄 shuangxiong replaces the draw: not after drawing, not in the play phase."""
    g = fire_table(["yanliangwenchou", "pangde", "taishici", "yuanshao"])
    play(g, "draw 1 x2")
    refused(g, "skill 1 shuangxiong", "draw phase")


# ================================================================ 神诸葛亮 七星 狂风 大雾


FIRE_SHA = cid("fire_sha", "♥4")
THUNDER_SHA = cid("thunder_sha", "♠4")
STAR_A, STAR_B, STAR_C = cid("tao", "♥4"), cid("jiu", "♠3"), cid("shan", "♦7")


def _zhuge(start: bool = True) -> Game:
    """神诸葛亮 (seat 1, lord, 蜀) with 庞德, 太史慈, 袁绍 (not the lord)."""
    return fire_table(["shenzhugeliang", "pangde", "taishici", "yuanshao"], start=start)


def _zhuge_end_phase() -> Game:
    """神诸葛亮 draws, swaps nothing, discards down to his limit: his end phase."""
    g = _zhuge()
    play(g, "draw 1 x2", "pass 1", "next", f"discard 1 #{SHA_C2} x2", "next")
    window(g, Point.END_PHASE, 1)
    return g


def test_qixing_seven_stars_at_the_deal() -> None:
    """七星 qixing: at the start of the game he takes 11 cards and puts 7 of them face
    down on his general card as 星: his hand is 4, and 7 more cards left the pile."""
    g = _zhuge(start=False)
    s = g.state
    assert s.seat(1).hand_count == 4 and s.seat(1).on_general_unknown == 7
    assert s.seat(2).on_general_unknown == 0
    plain = fire_table(["pangde", "shenzhugeliang", "taishici", "yuanshao"], start=False)
    assert plain.state.draw_pile == s.draw_pile  # each deck: 7 more with 神诸葛亮
    g2 = fire_table(["pangde", "taishici", "yuanshao", "yanliangwenchou"], start=False)
    assert g2.state.draw_pile - s.draw_pile == 7


def test_qixing_swap_after_the_draw_phase() -> None:
    """七星 qixing: after his draw phase he may swap any number of hand cards with as
    many 星; the counts stay, what the table knew of them does not."""
    from engine.state import Phase

    g = _zhuge()
    play(g, f"draw 1 #{SHA_S7} x1")
    window(g, Point.DRAW_END, 1)
    play(g, "skill 1 qixing x2")
    s = g.state
    assert s.turn.phase is Phase.PLAY and not s.stack
    assert s.seat(1).hand_count == 6 and s.seat(1).on_general_unknown == 7
    assert SHA_S7 not in s.seat(1).hand and s.where.get(SHA_S7) is None


def test_qixing_declined_and_bounded() -> None:
    """七星 qixing is optional, and swaps no more cards than either side holds."""
    from engine.state import Phase

    g = _zhuge()
    play(g, "draw 1 x2")
    refused(g, "skill 1 qixing x8", "at most 6")
    play(g, "pass 1")
    assert g.state.turn.phase is Phase.PLAY


def test_qixing_not_for_others() -> None:
    """七星 qixing: only his own draw phase opens it."""
    g = _zhuge()
    play(g, "draw 1 x2", "pass 1")
    end_turn(g)
    play(g, "draw 2 x2")
    no_window(g)


def test_kuangfeng_fire_damage_one_more() -> None:
    """狂风 kuangfeng: in his end phase he may discard a 星 to mark a player: until his
    next turn, fire damage to that player is 1 more."""
    g = _zhuge_end_phase()
    play(g, f"skill 1 kuangfeng #{STAR_A} -> 2")
    s = g.state
    assert s.seat(2).mark("kuangfeng") == 1 and s.seat(1).on_general_unknown == 6
    assert s.where.get(STAR_A) == "discard"
    play(g, "pass 1")  # 大雾 not used
    play(g, "draw 2 x2", f"use 2 #{SHA_S7} -> 3", "pass 3")
    assert hp(g, 3) == 3  # no mark: 1
    play(g, "next")
    play(g, "!damage 2 1 fire from 3")
    assert hp(g, 2) == 4 - 2
    play(g, "!damage 2 1 from 3")
    assert hp(g, 2) == 1


def test_dawu_prevents_all_but_thunder() -> None:
    """大雾 dawu: in his end phase he may discard X 星 to mark X players: until his
    next turn, damage to them other than thunder damage is prevented."""
    g = _zhuge_end_phase()
    play(g, f"skill 1 dawu #{STAR_A} #{STAR_B} -> 2,3")
    s = g.state
    assert s.seat(2).mark("dawu") == 1 and s.seat(3).mark("dawu") == 1
    assert s.seat(1).on_general_unknown == 5
    window(g, Point.END_PHASE, 1)  # 狂风 may still be used
    play(g, "pass 1")
    play(g, "draw 2 x2", f"use 2 #{SHA_S7} -> 3", "pass 3")
    assert hp(g, 3) == 4
    play(g, "!damage 3 1 fire from 2")
    assert hp(g, 3) == 4
    play(g, "!damage 3 1 thunder from 2")
    assert hp(g, 3) == 3


def test_marks_end_at_his_next_turn() -> None:
    """狂风 kuangfeng, 大雾 dawu: the marks last until his next turn starts."""
    g = _zhuge_end_phase()
    play(g, f"skill 1 kuangfeng #{STAR_A} -> 2", f"skill 1 dawu #{STAR_B} -> 3")
    assert g.state.seat(2).mark("kuangfeng") and g.state.seat(3).mark("dawu")
    to_turn_of(g, 2)
    for seat in (2, 3, 4):
        to_turn_of(g, seat)
        end_turn(g)
    assert g.state.turn.seat == 1
    assert not g.state.seat(2).marks and not g.state.seat(3).marks


def test_kuangfeng_dawu_name_stars_from_his_general() -> None:
    """狂风 kuangfeng, 大雾 dawu: each 星 discarded is named as it is turned face up; as
    many 星 as players for 大雾; a card known elsewhere is no 星."""
    g = _zhuge_end_phase()
    refused(g, "skill 1 kuangfeng -> 2", "name the")
    refused(g, f"skill 1 dawu #{STAR_A} -> 2,3", "name the")
    refused(g, f"skill 1 kuangfeng #{SHA_C2} -> 2", "not a 星")


# ================================================================ simulated games


def test_simulated_games_with_these_five_generals() -> None:
    """Seeded simulated identity games with the five generals seated (神诸葛亮 with a
    kingdom) and with random tables of the fire pack run to their end, no exception."""
    import random

    from bench.simulate import play as simulate_play
    from bench.simulate import random_setup

    generals = ["taishici", "yuanshao", "yanliangwenchou", "pangde", "shenzhugeliang"]
    ended = 0
    for seed in range(10):
        rng = random.Random(seed)
        seated = generals[:]
        rng.shuffle(seated)
        lord = rng.randint(1, 5)
        setup = [f"setup identity 5 {PACKS}", f"role {lord} lord"]
        for seat, key in enumerate(seated, start=1):
            kingdom = " kingdom=shu" if key == "shenzhugeliang" else ""
            setup.append(f"general {seat} {key}{kingdom}")
        played = simulate_play(seed, setup, 3000)
        assert not played.stuck, (seed, played.moves[-5:])
        ended += played.states[-1].over
        lines = random_setup(seed, "identity", 5, packages="standard,ex,maneuvering,fire")
        played = simulate_play(seed, lines, 1500)
        assert not played.stuck, (seed, played.moves[-5:])
    assert ended >= 8
