"""The skills of 林 (forest) generals 徐晃, 曹丕, 孟获, 祝融 and 神曹操, settled as rules.

Each test names the skill (Chinese name and key of generals/forest.toml) and
says in its own words what the published 神话再临 · 林 card text says. The
timing skills: the window opens at the right moment for the right seat (in
seat order where two seats may act), declining lets the settlement go on,
using it has its exact effect.
"""

from __future__ import annotations

from engine.derived import distance
from engine.frames import Ask, DamageEvent, Point, Window
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
