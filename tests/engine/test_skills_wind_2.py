"""神话再临 · 风 (wind), second half: 小乔, 周泰, 张角, 于吉, 神吕蒙, settled as rules.

Each test names the skill (Chinese name and key of generals/wind.toml) and says
in its docstring, in our own words, what the published card says that it
checks. The timing skills: the window opens for the right seat at the right
moment, declining lets the settlement go on, using it has its exact effect;
where two seats may act, they are asked in seat order from the current player.
"""

from __future__ import annotations

from engine.frames import Point
from engine.game import Game
from engine.state import Phase
from tests.engine.helpers import (
    CATALOGUE,
    asked,
    cid,
    end_turn,
    hp,
    no_window,
    play,
    refused,
    table,
    to_play_phase,
)
from tests.engine.helpers import expecting as expect
from tests.engine.helpers import window_for as window

PACKS = "packages=standard,ex,maneuvering,wind"


def wtable(generals: list[str], lord: int = 1, *, start: bool = True) -> Game:
    """A dealt identity table with the wind generals available (a 神 general as 吴)."""
    return table(generals, lord=lord, start=start, pack="wind", gods="wu")


SHA_S7 = cid("sha", "♠7")
SHA_S8 = cid("sha", "♠8")
SHA_C2 = cid("sha", "♣2")
SHA_H10 = cid("sha", "♥10")
SHAN_H2 = cid("shan", "♥2")
SHAN_D2 = cid("shan", "♦2")
TAO_H3 = cid("tao", "♥3")
TAO_H4 = cid("tao", "♥4")
INDULGENCE = cid("indulgence", "♠6")
LIGHTNING = cid("lightning", "♠A")
DUEL = cid("duel", "♠A")


# ================================================================ 张角
# ---------------------------------------------------------------- 雷击 leiji


def _zhangjiao_dodges() -> Game:
    """Seat 1 (许褚) uses a Sha on 张角 (seat 2), who answers with a Shan."""
    g = wtable(["xuchu", "zhangjiao", "caocao", "liubei"])
    to_play_phase(g)
    play(g, f"use 1 #{SHA_S7} -> 2", f"respond 2 #{SHAN_D2}")
    return g


def test_leiji_window_after_his_shan() -> None:
    """雷击 leiji: after 张角 uses or plays a Shan, he may name a player to judge; a spade:
    that player takes 2 thunder damage from him."""
    g = _zhangjiao_dodges()
    window(g, Point.SHAN_USED, 2)
    play(g, "skill 2 leiji -> 1")
    expect(g, "judge", 1)
    play(g, f"judge 1 #{SHA_S8}")
    window(g, Point.JUDGE_BEFORE, 2)  # his own 鬼道 may change the card: he lets it be
    play(g, "pass 2")
    s = g.state
    assert hp(g, 1) == 2  # 4 players: the lord has 4; 2 thunder damage
    assert s.seat(2).hp == 3  # the Sha was dodged
    assert not s.stack and s.where.get(SHA_S8) == "discard"


def test_leiji_not_a_spade_no_damage() -> None:
    """雷击 leiji: the judgement is not a spade: nothing happens; the Sha stays dodged."""
    g = _zhangjiao_dodges()
    play(g, "skill 2 leiji -> 1", f"judge 1 #{SHA_C2}", "pass 2")
    assert hp(g, 1) == 4 and hp(g, 2) == 3 and not g.state.stack


def test_leiji_declined_the_sha_is_dodged() -> None:
    """雷击 leiji is optional: declined, the Sha settles as dodged."""
    g = _zhangjiao_dodges()
    play(g, "pass 2")
    assert hp(g, 1) == 4 and hp(g, 2) == 3 and not g.state.stack
    assert g.state.turn.phase is Phase.PLAY


def test_leiji_not_for_another_seats_shan() -> None:
    """雷击 leiji is his own: another seat's Shan opens no window."""
    g = wtable(["zhangjiao", "xuchu", "caocao", "liubei"])
    to_play_phase(g)
    play(g, f"use 1 #{SHA_S7} -> 2", f"respond 2 #{SHAN_D2}")
    no_window(g)
    assert not g.state.stack


def test_leiji_after_an_eight_diagram_shan() -> None:
    """雷击 leiji: a 闪 given by 八卦阵's judgement counts as a 闪 he used or played: the
    window opens after it too."""
    g = wtable(["xuchu", "zhangjiao", "caocao", "liubei"])
    end_turn(g)
    to_play_phase(g)
    play(g, f"use 2 #{cid('eight_diagram', '♠2')}")
    for _ in range(3):
        end_turn(g)
    assert g.state.turn.seat == 1
    to_play_phase(g)
    play(g, f"use 1 #{SHA_S7} -> 2", f"judge 2 #{TAO_H3}")
    window(g, Point.JUDGE_BEFORE, 2)  # his 鬼道 first
    play(g, "pass 2")
    window(g, Point.SHAN_USED, 2)
    play(g, "skill 2 leiji -> 1", f"judge 1 #{SHA_S8}", "pass 2")
    assert hp(g, 1) == 2 and hp(g, 2) == 3 and not g.state.stack


# ---------------------------------------------------------------- 鬼道 guidao


def _indulgence_on_seat_2(generals: list[str]) -> Game:
    g = wtable(generals)
    to_play_phase(g)
    play(g, f"use 1 #{INDULGENCE} -> 2")
    end_turn(g)
    assert g.state.turn.seat == 2 and g.state.turn.phase is Phase.JUDGEMENT
    play(g, "pass")  # no 无懈可击
    expect(g, "judge", 2)
    return g


def test_guidao_replaces_the_card_and_takes_it() -> None:
    """鬼道 guidao: before any judgement card takes effect, 张角 may play a black card of
    his in its place and gain the card it replaced; the black card decides."""
    g = _indulgence_on_seat_2(["xuchu", "caocao", "zhangjiao", "liubei"])
    play(g, f"judge 2 #{TAO_H3}")
    window(g, Point.JUDGE_BEFORE, 3)
    before = g.state.seat(3).hand_count
    play(g, f"skill 3 guidao #{SHA_S8}")
    s = g.state
    assert s.where.get(TAO_H3) == "hand:3"  # he gains the replaced card
    assert s.seat(3).hand_count == before  # one black card out, the judged card in
    assert s.where.get(SHA_S8) == "discard"
    assert Phase.PLAY in s.turn.skips  # ♠: 乐不思蜀 takes effect


def test_guidao_needs_a_black_card() -> None:
    """鬼道 guidao: only a black card may replace the judgement card."""
    g = _indulgence_on_seat_2(["xuchu", "caocao", "zhangjiao", "liubei"])
    play(g, f"judge 2 #{SHA_S8}")
    refused(g, f"skill 3 guidao #{TAO_H3}", "is not black")


def test_guidao_and_guicai_asked_in_seat_order() -> None:
    """鬼道 and 鬼才 both act before a judgement takes effect: their owners are asked in
    seat order from the current player (seat 2's judgement: 张角 at 3, 司马懿 at 4)."""
    g = _indulgence_on_seat_2(["xuchu", "caocao", "zhangjiao", "simayi"])
    play(g, f"judge 2 #{TAO_H3}")
    w = window(g, Point.JUDGE_BEFORE, 3)
    assert w.seats == (3, 4)
    play(g, "pass 3")
    window(g, Point.JUDGE_BEFORE, 4)
    play(g, f"skill 4 guicai #{TAO_H4}")
    # every owner answered: the ♥ decides
    assert Phase.PLAY not in g.state.turn.skips


# ---------------------------------------------------------------- 黄天 huangtian


def _qun_play_phase() -> Game:
    """张角 is the lord (seat 1); 貂蝉 (seat 2, 群) reaches her play phase."""
    g = wtable(["zhangjiao", "diaochan", "caocao", "liubei"])
    end_turn(g)
    assert g.state.turn.seat == 2
    to_play_phase(g)
    return g


def test_huangtian_a_qun_player_gives_a_shan() -> None:
    """黄天 huangtian (lord): once in each of their play phases, another 群 player may give
    him a Shan or a 闪电 from the hand."""
    g = _qun_play_phase()
    before = g.state.seat(1).hand_count
    play(g, f"skill 2 huangtian #{SHAN_D2}")
    s = g.state
    assert s.where.get(SHAN_D2) == "hand:1" and s.seat(1).hand_count == before + 1
    refused(g, f"skill 2 huangtian #{SHAN_H2}", "once per")


def test_huangtian_gives_lightning_not_other_cards() -> None:
    """黄天 huangtian: a 闪电 may be given; a Sha may not."""
    g = _qun_play_phase()
    refused(g, f"skill 2 huangtian #{SHA_S7}", "is not a Shan")
    play(g, f"skill 2 huangtian #{LIGHTNING}")
    assert g.state.where.get(LIGHTNING) == "hand:1"


def test_huangtian_not_for_other_kingdoms() -> None:
    """黄天 huangtian: only the other 群 players give; a 魏 player has no such skill."""
    g = wtable(["zhangjiao", "caocao", "diaochan", "liubei"])
    end_turn(g)
    to_play_phase(g)
    refused(g, f"skill 2 huangtian #{SHAN_D2}", "has no")


def test_huangtian_only_for_the_lord() -> None:
    """黄天 huangtian is a lord skill: 张角 not the lord, nobody gives him anything."""
    g = wtable(["caocao", "diaochan", "zhangjiao", "liubei"])
    end_turn(g)
    to_play_phase(g)
    refused(g, f"skill 2 huangtian #{SHAN_D2}", "has no")


# ================================================================ 小乔
# ---------------------------------------------------------------- 天香 tianxiang


def _xiaoqiao_hit() -> Game:
    """Seat 1 (许褚) uses a Sha on 小乔 (seat 2), who gives no Shan."""
    g = wtable(["xuchu", "xiaoqiao", "caocao", "liubei"])
    to_play_phase(g)
    play(g, f"use 1 #{SHA_S7} -> 2", "pass 2")
    return g


def test_tianxiang_moves_the_damage_and_the_target_draws() -> None:
    """天香 tianxiang: when 小乔 is about to take damage, she may discard a heart hand card
    and name another player: that player takes the damage instead, then draws as many
    cards as the HP he is missing."""
    g = _xiaoqiao_hit()
    window(g, Point.RECEIVING, 2)
    hand3 = g.state.seat(3).hand_count
    play(g, f"skill 2 tianxiang #{TAO_H3} -> 3")
    s = g.state
    assert hp(g, 2) == 3 and hp(g, 3) == 3  # she takes nothing; 曹操 takes the 1
    assert s.seat(3).hand_count == hand3 + 1  # he misses 1 HP: draws 1
    assert s.where.get(TAO_H3) == "discard" and not s.stack


def test_tianxiang_declined_she_takes_it() -> None:
    """天香 tianxiang is optional: declined, 小乔 takes the damage."""
    g = _xiaoqiao_hit()
    play(g, "pass 2")
    assert hp(g, 2) == 2 and hp(g, 3) == 4 and not g.state.stack


def test_tianxiang_needs_a_heart() -> None:
    """天香 tianxiang: the card discarded is a heart (a club is refused), and another
    player takes the damage, not she herself."""
    g = _xiaoqiao_hit()
    refused(g, f"skill 2 tianxiang #{SHA_C2} -> 3", "must be a heart")
    refused(g, f"skill 2 tianxiang #{TAO_H3} -> 2", "another player")


# ---------------------------------------------------------------- 红颜 hongyan


def test_hongyan_a_spade_is_a_heart_for_tianxiang() -> None:
    """红颜 hongyan (compulsory): her spades count as hearts: a ♠ card serves 天香."""
    g = _xiaoqiao_hit()
    play(g, f"skill 2 tianxiang #{SHA_S8} -> 4")
    assert hp(g, 2) == 3 and hp(g, 4) == 3


def test_hongyan_her_spade_judgement_is_a_heart() -> None:
    """红颜 hongyan: her judgement cards count too: a ♠ judgement of 乐不思蜀 on her is a
    heart, so it fails."""
    g = _indulgence_on_seat_2(["xuchu", "xiaoqiao", "caocao", "liubei"])
    play(g, f"judge 2 #{SHA_S8}")
    assert Phase.PLAY not in g.state.turn.skips


def test_hongyan_is_hers_alone() -> None:
    """红颜 hongyan changes her cards only: another seat's ♠ judgement stays a spade."""
    g = _indulgence_on_seat_2(["xuchu", "caocao", "xiaoqiao", "liubei"])
    play(g, f"judge 2 #{SHA_S8}")
    assert Phase.PLAY in g.state.turn.skips


# ================================================================ 神吕蒙


def _shenlvmeng_draw_phase() -> Game:
    """神吕蒙 (seat 2, 吴) reaches his draw phase."""
    g = wtable(["xuchu", "shenlvmeng", "caocao", "liubei"])
    end_turn(g)
    expect(g, "draw", 2)
    return g


# ---------------------------------------------------------------- 涉猎 shelie


def test_shelie_one_card_of_each_suit() -> None:
    """涉猎 shelie: instead of drawing, 神吕蒙 turns over the top five cards of the draw pile,
    takes one card of each suit among them and discards the rest."""
    g = _shenlvmeng_draw_phase()
    before = g.state.seat(2).hand_count
    play(g, "skill 2 shelie")
    expect(g, "reveal", 2)
    five = (SHA_S7, SHA_C2, TAO_H3, SHAN_D2, SHA_S8)
    play(g, "move " + " ".join(f"#{c}" for c in five) + " -> processing")
    expect(g, "pick", 2)
    play(g, f"move #{SHA_S7} -> hand:2")
    refused(g, f"move #{SHA_S8} -> hand:2", "one card of each suit")
    play(g, f"move #{SHA_C2} -> hand:2", f"move #{TAO_H3} -> hand:2", f"move #{SHAN_D2} -> hand:2")
    s = g.state
    assert s.seat(2).hand_count == before + 4
    assert s.where.get(SHA_S8) == "discard" and not s.stack
    assert s.turn.phase is Phase.PLAY  # no draw after it


def test_shelie_fewer_suits_fewer_cards() -> None:
    """涉猎 shelie: only the suits among the five: two suits, two cards."""
    g = _shenlvmeng_draw_phase()
    before = g.state.seat(2).hand_count
    five = (SHA_S7, SHA_S8, cid("sha", "♠9"), TAO_H3, TAO_H4)
    play(g, "skill 2 shelie", "move " + " ".join(f"#{c}" for c in five) + " -> processing")
    play(g, f"move #{TAO_H4} -> hand:2", f"move #{SHA_S8} -> hand:2")
    s = g.state
    assert s.seat(2).hand_count == before + 2 and not s.stack
    assert all(s.where.get(c) == "discard" for c in (SHA_S7, TAO_H3))


def test_shelie_replaces_the_draw_only() -> None:
    """涉猎 shelie is used instead of drawing: not after the draw."""
    g = _shenlvmeng_draw_phase()
    play(g, "draw 2 x2")
    refused(g, "skill 2 shelie", "draw phase")


# ---------------------------------------------------------------- 攻心 gongxin


def _shenlvmeng_play_phase() -> Game:
    g = _shenlvmeng_draw_phase()
    play(g, "draw 2 x2")
    return g


def test_gongxin_discards_the_heart_shown() -> None:
    """攻心 gongxin: once in his play phase, 神吕蒙 looks at another player's hand and may
    show a heart card in it, then discard it or put it on top of the draw pile."""
    g = _shenlvmeng_play_phase()
    hand3 = g.state.seat(3).hand_count
    play(g, f"skill 2 gongxin #{TAO_H3} -> 3")
    expect(g, "choose", 2)
    play(g, "choose 2 discard")
    s = g.state
    assert s.where.get(TAO_H3) == "discard" and s.seat(3).hand_count == hand3 - 1
    refused(g, f"skill 2 gongxin #{TAO_H4} -> 4", "once per")


def test_gongxin_puts_it_on_top_of_the_pile() -> None:
    """攻心 gongxin: the heart shown may go on top of the draw pile instead."""
    g = _shenlvmeng_play_phase()
    pile, hand3 = g.state.draw_pile, g.state.seat(3).hand_count
    play(g, f"skill 2 gongxin #{TAO_H3} -> 3", "choose 2 top")
    s = g.state
    assert TAO_H3 not in s.where and s.draw_pile == pile + 1
    assert s.seat(3).hand_count == hand3 - 1 and not s.stack


def test_gongxin_only_a_heart_and_nothing_shown() -> None:
    """攻心 gongxin: only a heart may be shown; with none, he has looked and nothing moves."""
    g = _shenlvmeng_play_phase()
    refused(g, f"skill 2 gongxin #{SHA_S7} -> 3", "must be a heart")
    hand3 = g.state.seat(3).hand_count
    play(g, "skill 2 gongxin -> 3")
    assert g.state.seat(3).hand_count == hand3 and not g.state.stack


# ================================================================ 周泰
# ---------------------------------------------------------------- 不屈 buqu


def _zhoutai_falls_to_0() -> Game:
    """周泰 (seat 2) at 1 HP takes 1 damage from seat 1's Sha: he is dying at 0."""
    g = wtable(["xuchu", "zhoutai", "caocao", "liubei"])
    to_play_phase(g)
    play(g, "!losehp 2 3")
    assert hp(g, 2) == 1 and not g.state.stack
    play(g, f"use 1 #{SHA_S7} -> 2", "pass 2")
    assert hp(g, 2) == 0
    return g


def test_buqu_a_wound_keeps_him_alive() -> None:
    """不屈 buqu: when 周泰 is dying he may put the top card of the draw pile on his
    general as a 创; while no two 创 share a number he does not die."""
    g = _zhoutai_falls_to_0()
    window(g, Point.DYING, 2)
    play(g, "skill 2 buqu")
    expect(g, "reveal", 2)
    play(g, f"move #{TAO_H3} -> processing")
    s = g.state
    assert s.seat(2).on_general == (TAO_H3,) and s.seat(2).alive and hp(g, 2) == 0
    assert not s.stack and s.where.get(SHA_S7) == "discard"  # no Peach asked


def test_buqu_a_second_wound_of_another_number() -> None:
    """不屈 buqu: each HP below 1 calls for one more 创; different numbers: still alive."""
    g = _zhoutai_falls_to_0()
    play(g, "skill 2 buqu", f"move #{TAO_H3} -> processing")
    play(g, "!losehp 2 1")
    window(g, Point.DYING, 2)
    play(g, "skill 2 buqu", f"move #{SHA_C2} -> processing")
    s = g.state
    assert s.seat(2).on_general == (TAO_H3, SHA_C2) and s.seat(2).alive and not s.stack


def test_buqu_same_number_asks_for_peaches() -> None:
    """不屈 buqu: ♥3 then ♠3: two 创 of the number 3: the Peaches are asked for him."""
    g = _zhoutai_falls_to_0()
    play(g, "skill 2 buqu", f"move #{TAO_H3} -> processing")
    three = next(c.id for c in CATALOGUE.cards if c.rank == 3 and c.id != TAO_H3)
    play(g, "!losehp 2 1", "skill 2 buqu", f"move #{three} -> processing")
    ask = asked(g.state)
    assert ask.want == "tao" and ask.for_seat == 2 and ask.need == 2


def test_buqu_declined_he_is_dying() -> None:
    """不屈 buqu is optional: declined, the Peaches are asked for him."""
    g = _zhoutai_falls_to_0()
    play(g, "pass 2")
    assert asked(g.state).want == "tao"


def test_buqu_wounds_go_as_he_recovers() -> None:
    """不屈 buqu: when he recovers HP, the 创 his HP no longer calls for are discarded."""
    g = _zhoutai_falls_to_0()
    play(g, "skill 2 buqu", f"move #{TAO_H3} -> processing")
    play(g, "!heal 2 1")
    s = g.state
    assert hp(g, 2) == 1 and s.seat(2).on_general == () and s.where.get(TAO_H3) == "discard"


# ================================================================ 于吉
# ---------------------------------------------------------------- 蛊惑 guhuo


def _yuji_play_phase() -> Game:
    """于吉 (seat 1) in his play phase, 3 others."""
    g = wtable(["yuji", "caocao", "liubei", "sunquan"])
    to_play_phase(g)
    return g


def test_guhuo_nobody_doubts_it_settles_as_declared() -> None:
    """蛊惑 guhuo: 于吉 lays a hand card face down and declares a basic card or a
    non-delayed trick; the others, in seat order, say whether they doubt it; nobody
    doubts: it is used as declared (here a 决斗 declared a Sha: a Sha on seat 2)."""
    g = _yuji_play_phase()
    play(g, "skill 1 guhuo -> 2")
    expect(g, "choose", 1)
    play(g, "choose 1 sha")
    for seat in (2, 3, 4):  # asked in seat order from him
        expect(g, "choose", seat)
        play(g, f"choose {seat} believe")
    expect(g, "shown", 1)
    play(g, f"show 1 #{DUEL}")
    assert asked(g.state).want == "shan" and asked(g.state).asked == 2  # a Sha on seat 2
    play(g, "pass 2")
    window(g, Point.AFTER_DAMAGE, 2)  # 曹操's 奸雄 could take it
    play(g, "pass 2")
    assert hp(g, 2) == 3 and g.state.where.get(DUEL) == "discard"
    assert g.state.turn.sha_used == 1


def test_guhuo_doubted_and_false_doubters_draw() -> None:
    """蛊惑 guhuo: doubted and false: each doubter draws a card; the card is discarded
    with no effect."""
    g = _yuji_play_phase()
    play(g, "skill 1 guhuo -> 2", "choose 1 sha", "choose 2 doubt", "choose 3 believe")
    play(g, "choose 4 doubt")
    hands = (g.state.seat(2).hand_count, g.state.seat(4).hand_count)
    play(g, f"show 1 #{DUEL}")
    s = g.state
    assert (s.seat(2).hand_count, s.seat(4).hand_count) == (hands[0] + 1, hands[1] + 1)
    assert s.where.get(DUEL) == "discard" and hp(g, 2) == 4 and not s.stack


def test_guhuo_doubted_true_not_heart_doubters_lose_hp() -> None:
    """蛊惑 guhuo: doubted and true: each doubter loses 1 HP; a card not a heart is still
    discarded with no effect."""
    g = _yuji_play_phase()
    play(g, "skill 1 guhuo -> 2", "choose 1 sha", "choose 2 believe", "choose 3 doubt")
    play(g, "choose 4 believe", f"show 1 #{SHA_S7}")
    s = g.state
    assert hp(g, 3) == 3 and hp(g, 2) == 4 and s.where.get(SHA_S7) == "discard"
    assert not s.stack


def test_guhuo_doubted_true_heart_still_settles() -> None:
    """蛊惑 guhuo: doubted, true and a heart: the doubter loses 1 HP and the card settles."""
    g = _yuji_play_phase()
    play(g, "skill 1 guhuo -> 2", "choose 1 sha", "choose 2 doubt", "choose 3 believe")
    play(g, "choose 4 believe", f"show 1 #{SHA_H10}")
    assert hp(g, 2) == 3
    assert asked(g.state).want == "shan"
    play(g, "pass 2")
    assert hp(g, 2) == 2


def test_guhuo_declared_card_checks_its_targets() -> None:
    """蛊惑 guhuo: the declared card follows its own rules: a 桃 at full HP is refused,
    a Shan cannot be declared to be used."""
    g = _yuji_play_phase()
    play(g, "skill 1 guhuo")
    refused(g, "choose 1 tao", "not wounded")
    refused(g, "choose 1 shan", "choose one of")


def _yuji_asked_for_shan() -> Game:
    """Seat 1 (许褚) uses a Sha on 于吉 (seat 2): he is asked for a 闪."""
    g = wtable(["xuchu", "yuji", "caocao", "liubei"])
    to_play_phase(g)
    play(g, f"use 1 #{SHA_S7} -> 2")
    assert asked(g.state).asked == 2
    return g


def test_guhuo_played_for_a_shan() -> None:
    """蛊惑 guhuo: he may also play the face-down card when asked for a card: declared a
    闪, believed by all (asked in seat order from him), it answers the Sha."""
    g = _yuji_asked_for_shan()
    play(g, "skill 2 guhuo")
    expect(g, "choose", 2)
    play(g, "choose 2 shan")
    for seat in (3, 4, 1):
        expect(g, "choose", seat)
        play(g, f"choose {seat} believe")
    play(g, f"show 2 #{SHA_C2}")  # false, but nobody doubted
    s = g.state
    assert hp(g, 2) == 3 and not s.stack and s.where.get(SHA_C2) == "discard"


def test_guhuo_for_a_shan_doubted_and_false() -> None:
    """蛊惑 guhuo: played for a 闪, doubted and false: the doubter draws, the card is
    discarded, and he is still asked for a 闪."""
    g = _yuji_asked_for_shan()
    play(g, "skill 2 guhuo", "choose 2 shan", "choose 3 believe", "choose 4 believe")
    hand1 = g.state.seat(1).hand_count
    play(g, "choose 1 doubt", f"show 2 #{SHA_C2}")
    s = g.state
    assert s.seat(1).hand_count == hand1 + 1 and s.where.get(SHA_C2) == "discard"
    assert asked(s).asked == 2 and asked(s).want == "shan"
    play(g, "pass 2")
    assert hp(g, 2) == 2


def test_guhuo_for_a_shan_declares_a_shan() -> None:
    """蛊惑 guhuo: asked for a 闪, the card declared must answer it (not a 桃)."""
    g = _yuji_asked_for_shan()
    play(g, "skill 2 guhuo")
    refused(g, "choose 2 tao", "choose one of")


def test_guhuo_played_as_a_peach_saves_him() -> None:
    """蛊惑 guhuo: asked for a 桃 while dying, he may play the face-down card as one;
    nobody doubts: it heals him and the Peach round is over."""
    g = wtable(["xuchu", "yuji", "caocao", "liubei"])
    to_play_phase(g)
    play(g, "!losehp 2 2", f"use 1 #{SHA_S7} -> 2", "pass 2")
    ask = asked(g.state)
    assert ask.want == "tao" and ask.asked == 1
    play(g, "pass 1")
    assert asked(g.state).asked == 2
    play(g, "skill 2 guhuo", "choose 2 tao")
    for seat in (3, 4, 1):
        play(g, f"choose {seat} believe")
    play(g, f"show 2 #{SHA_C2}")
    s = g.state
    assert hp(g, 2) == 1 and s.seat(2).alive and not s.stack


def test_guhuo_as_a_peach_doubted_true_the_doubter_loses_hp() -> None:
    """蛊惑 guhuo: as a 桃, doubted and true (a ♥ 桃): the doubter loses 1 HP, and the
    card still saves him."""
    g = wtable(["xuchu", "yuji", "caocao", "liubei"])
    to_play_phase(g)
    play(g, "!losehp 2 2", f"use 1 #{SHA_S7} -> 2", "pass 2", "pass 1")
    play(g, "skill 2 guhuo", "choose 2 tao", "choose 3 doubt", "choose 4 believe")
    play(g, "choose 1 believe", f"show 2 #{TAO_H3}")
    s = g.state
    assert hp(g, 2) == 1 and hp(g, 3) == 3 and not s.stack


# ================================================================ simulated games


WIND_2_TABLE = [
    f"setup identity 5 {PACKS}",
    "role 1 lord",
    "general 1 zhangjiao",
    "general 2 xiaoqiao",
    "general 3 zhoutai",
    "general 4 yuji",
    "general 5 shenlvmeng kingdom=wu",
]


def test_simulated_games_with_the_five_generals_end() -> None:
    """Seeded simulated identity games with 张角 (lord), 小乔, 周泰, 于吉 and 神吕蒙 play to
    their end with no exception, and use every skill with a rule between them."""
    from bench.simulate import play as simulate
    from engine.moves import Skill

    used: set[str] = set()
    for seed in range(10):
        played = simulate(seed, WIND_2_TABLE)
        assert played.states[-1].over and not played.stuck, seed
        used |= {m.skill for m in played.moves if isinstance(m, Skill)}
    wanted = {"tianxiang", "buqu", "leiji", "guidao", "huangtian", "guhuo", "shelie", "gongxin"}
    assert wanted <= used


def test_random_identity_tables_with_the_wind_pack_end() -> None:
    """random_setup with the wind pack seats its generals among the standard ones; the
    games end."""
    from bench.simulate import play as simulate
    from bench.simulate import random_setup

    for seed in range(4):
        lines = random_setup(seed, "identity", 5, packages="standard,ex,maneuvering,wind")
        assert PACKS in lines[0]
        played = simulate(seed, lines)
        assert played.states[-1].over and not played.stuck, (seed, lines)
