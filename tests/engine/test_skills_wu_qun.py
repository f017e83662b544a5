"""The skills of the 吴 (wu) and 群 (qun) standard generals, settled as rules.

Each test follows the skill's published 标准版 text (paraphrased in its
docstring, with the skill's Chinese name and key) and drives the engine
through move text only: the window opens at the right moment for the right
seat, declining lets the settlement go on unchanged, using the skill has its
exact effect, and it is not offered when its condition fails. Refused moves
leave the game exactly as it was.
"""

from __future__ import annotations

from engine.derived import check_target, kind
from engine.frames import Ask, CardUse, Point, Window
from engine.game import Game
from engine.state import Phase
from tests.engine.helpers import (
    asked,
    cid,
    end_turn,
    expecting,
    play,
    refused,
    table,
    to_play_phase,
    top,
    window_for,
)

# Generals with no window of their own at the moments these tests look at
# (no 刚烈, 反馈, 奸雄, 遗计, 铁骑 ...): they only sit at the table.
QUIET = ["zhangliao", "xuchu", "zhangfei", "zhaoyun", "guanyu"]


def asked_nullification(g: Game) -> bool:
    frame = top(g)
    return isinstance(frame, Ask) and frame.want == "nullification" and frame.anyone


def no_window(g: Game) -> None:
    assert not any(isinstance(f, Window) for f in g.state.stack), g.state.stack


def hand(g: Game, seat: int) -> int:
    return g.state.seat(seat).hand_count


def hp(g: Game, seat: int) -> int:
    return g.state.seat(seat).hp


def to_turn_of(g: Game, seat: int) -> None:
    """Plain turns until ``seat``'s draw phase; then its draw (play phase)."""
    for _ in range(10):
        if g.state.turn.seat == seat:
            break
        end_turn(g)
    assert g.state.turn.seat == seat
    to_play_phase(g)
    assert g.state.turn.phase is Phase.PLAY


# ================================================================ 孙权


def test_zhiheng_discards_hand_and_equipment_then_draws_as_many() -> None:
    """制衡 zhiheng: once per play phase, discard any number of cards (hand or
    equipment), then draw as many."""
    g = table(["sunquan", *QUIET[:3]])
    to_play_phase(g)
    crossbow = cid("crossbow", "♣A")
    play(g, f"use 1 #{crossbow}")
    assert hand(g, 1) == 5
    pile = g.state.draw_pile
    play(g, f"skill 1 zhiheng #{crossbow} x2")
    s = g.state
    assert s.seat(1).weapon is None and s.where[crossbow] == "discard"
    assert s.discard_unknown == 2
    assert s.seat(1).hand_count == 5 - 2 + 3
    assert s.draw_pile == pile - 3
    assert not s.stack


def test_zhiheng_once_per_play_phase_and_needs_a_card() -> None:
    """制衡 zhiheng: 限一次 (once per play phase); it discards at least one card and
    names no target."""
    g = table(["sunquan", *QUIET[:3]])
    to_play_phase(g)
    refused(g, "skill 1 zhiheng", "制衡: discard at least one card")
    refused(g, "skill 1 zhiheng x1 -> 2", "制衡 has no targets")
    play(g, "skill 1 zhiheng x1")
    assert hand(g, 1) == 6
    refused(g, "skill 1 zhiheng x1", "制衡 once per play phase")


def test_zhiheng_only_in_his_own_play_phase() -> None:
    """制衡 zhiheng is an 出牌阶段 skill: not in the draw phase, not on another's turn."""
    g = table(["sunquan", *QUIET[:3]])
    refused(g, "skill 1 zhiheng x1", "制衡 is used in its owner's play phase")
    to_play_phase(g)
    end_turn(g)
    to_play_phase(g)
    refused(g, "skill 1 zhiheng x1", "制衡 is used in its owner's play phase")


def _dying_lord(generals: list[str], amount: int = 4) -> Game:
    """孙权 (seat 1, the lord) takes ``amount`` damage in his play phase and is dying."""
    g = table(generals)
    to_play_phase(g)
    play(g, f"!damage 1 {amount}")
    ask = top(g)
    assert isinstance(ask, Ask) and ask.want == "tao" and ask.for_seat == 1
    return g


def test_jiuyuan_another_wu_seats_peach_heals_two() -> None:
    """救援 jiuyuan (lord, compulsory): a 桃 another 吴 player uses on the dying lord
    孙权 recovers 1 more HP: he comes back to 2."""
    g = _dying_lord(["sunquan", "zhouyu", "zhangliao", "xuchu"])
    play(g, "pass 1", f"respond 2 #{cid('tao', '♥3')}")
    assert hp(g, 1) == 2
    assert not g.state.stack


def test_jiuyuan_a_wu_peach_saves_from_minus_one_alone() -> None:
    """救援 jiuyuan: at -1 HP two Peaches are needed, but one 吴 Peach heals 2 and
    saves him (HP 1); nobody is asked further."""
    g = _dying_lord(["sunquan", "zhouyu", "zhangliao", "xuchu"], amount=5)
    assert hp(g, 1) == -1
    play(g, "pass 1", f"respond 2 #{cid('tao', '♥3')}")
    assert hp(g, 1) == 1 and g.state.seat(1).alive
    assert not g.state.stack


def test_jiuyuan_a_non_wu_peach_heals_one() -> None:
    """救援 jiuyuan only counts 吴 players' Peaches: a 魏 player's heals 1."""
    g = _dying_lord(["sunquan", "zhangliao", "zhouyu", "xuchu"])
    play(g, "pass 1", f"respond 2 #{cid('tao', '♥3')}")
    assert hp(g, 1) == 1
    assert not g.state.stack


def test_jiuyuan_his_own_peach_heals_one() -> None:
    """救援 jiuyuan: the Peach must come from *another* 吴 player; his own heals 1."""
    g = _dying_lord(["sunquan", "zhouyu", "zhangliao", "xuchu"])
    play(g, f"respond 1 #{cid('tao', '♥3')}")
    assert hp(g, 1) == 1
    assert not g.state.stack


def test_jiuyuan_is_a_lord_skill() -> None:
    """救援 jiuyuan is a 主公技: 孙权 who is not the lord gains nothing from it."""
    g = table(["zhangliao", "sunquan", "zhouyu", "xuchu"], lord=1)
    to_play_phase(g)
    play(g, "!damage 2 4")
    play(g, "pass 1", "pass 2", f"respond 3 #{cid('tao', '♥3')}")
    assert hp(g, 2) == 1


# ================================================================ 甘宁


def test_qixi_black_hand_card_as_dismantlement() -> None:
    """奇袭 qixi: any black card may be used as 过河拆桥."""
    g = table(["ganning", *QUIET[:3]])
    to_play_phase(g)
    sha = cid("sha", "♠7")
    play(g, f"use 1 #{sha} as dismantlement -> 2")
    use = g.state.stack[0]
    assert isinstance(use, CardUse) and use.kind == "dismantlement" and use.cards == (sha,)
    assert isinstance(top(g), Ask) and asked_nullification(g)
    play(g, "pass")
    expecting(g, "discard_one", 1)
    play(g, "discard 2 x1")
    assert hand(g, 2) == 3
    assert g.state.where[sha] == "discard"
    assert not g.state.stack


def test_qixi_black_equipment_card_as_dismantlement() -> None:
    """奇袭 qixi: the black card may come from the equipment zone too (青釭剑 ♠6)."""
    g = table(["ganning", *QUIET[:3]])
    to_play_phase(g)
    sword = cid("qinggang_sword")
    play(g, f"use 1 #{sword}", f"use 1 #{sword} as dismantlement -> 2", "pass")
    assert g.state.seat(1).weapon is None
    expecting(g, "discard_one", 1)
    play(g, "discard 2 x1")
    assert g.state.where[sword] == "discard"


def test_qixi_refuses_a_red_card_and_others_cannot() -> None:
    """奇袭 qixi: only black cards; a general without 奇袭 cannot do it at all."""
    g = table(["ganning", *QUIET[:3]])
    to_play_phase(g)
    refused(
        g,
        f"use 1 #{cid('tao', '♥3')} as dismantlement -> 2",
        "seat 1 has no skill to use 桃 as 过河拆桥",
    )
    g = table(["zhangliao", "ganning", "xuchu", "zhangfei"])
    to_play_phase(g)
    refused(
        g,
        f"use 1 #{cid('sha', '♠7')} as dismantlement -> 2",
        "seat 1 has no skill to use 杀 as 过河拆桥",
    )


# ================================================================ 吕蒙


def test_keji_skips_the_discard_phase_without_a_sha() -> None:
    """克己 keji: if he used or played no Sha this turn, he may skip his discard phase."""
    g = table(["lvmeng", *QUIET[:3]])
    to_play_phase(g)
    assert hand(g, 1) == 6
    play(g, "next")
    assert g.state.turn.seat == 2 and hand(g, 1) == 6


def test_keji_not_after_using_a_sha() -> None:
    """克己 keji's condition fails once he used a Sha: he discards down to his HP."""
    g = table(["lvmeng", *QUIET[:3]])
    to_play_phase(g)
    play(g, f"use 1 #{cid('sha', '♠7')} -> 2", "pass 2", "next")
    assert g.state.turn.seat == 1 and g.state.turn.phase is Phase.DISCARD
    refused(g, "next", "seat 1 must discard 1 more card")
    play(g, "discard 1 x1", "next")
    assert g.state.turn.seat == 2


def test_keji_not_after_playing_a_sha_in_a_duel() -> None:
    """克己 keji: a Sha *played* (打出) in his own Duel also counts."""
    g = table(["lvmeng", *QUIET[:3]])
    to_play_phase(g)
    play(g, f"use 1 #{cid('duel', '♠A')} -> 2", "pass")
    play(g, f"respond 2 #{cid('sha', '♠7')}", f"respond 1 #{cid('sha', '♠8')}", "pass 2")
    assert hp(g, 2) == 3 and hand(g, 1) == 4
    play(g, "!damage 1 1")  # now over the limit: 4 cards, 3 HP
    play(g, "next")
    assert g.state.turn.seat == 1 and g.state.turn.phase is Phase.DISCARD


# ================================================================ 黄盖


def test_kurou_loses_one_hp_then_draws_two_any_number_of_times() -> None:
    """苦肉 kurou: in the play phase, any number of times, lose 1 HP then draw two."""
    g = table(["huanggai", *QUIET[:3]])
    to_play_phase(g)
    play(g, "skill 1 kurou")
    assert hp(g, 1) == 3 and hand(g, 1) == 8 and not g.state.stack
    play(g, "skill 1 kurou")
    assert hp(g, 1) == 2 and hand(g, 1) == 10


def test_kurou_takes_no_cards_and_only_in_his_play_phase() -> None:
    """苦肉 kurou spends no cards; it is used in his own play phase only."""
    g = table(["huanggai", *QUIET[:3]])
    refused(g, "skill 1 kurou", "苦肉 is used in its owner's play phase")
    to_play_phase(g)
    refused(g, "skill 1 kurou x1", "苦肉 takes no cards or targets")
    refused(g, "skill 1 kurou -> 2", "苦肉 takes no cards or targets")


def test_kurou_at_one_hp_dying_first_then_draws_when_saved() -> None:
    """苦肉 kurou at 1 HP: losing it makes him dying first; once saved by a Peach,
    he draws the two cards."""
    g = table(["huanggai", *QUIET[:3]])
    to_play_phase(g)
    play(g, "!losehp 1 3")
    assert hp(g, 1) == 1
    cards = hand(g, 1)
    play(g, "skill 1 kurou")
    ask = top(g)
    assert isinstance(ask, Ask) and ask.want == "tao" and ask.for_seat == 1
    assert hand(g, 1) == cards  # nothing drawn while dying
    play(g, "pass 1", f"respond 2 #{cid('tao', '♥3')}")
    assert hp(g, 1) == 1
    assert hand(g, 1) == cards + 2
    assert not g.state.stack


def test_kurou_unsaved_he_dies_and_draws_nothing() -> None:
    """苦肉 kurou: if nobody saves him he dies, and the draw never happens."""
    g = table(["caocao", "huanggai", "zhangliao", "xuchu"])
    end_turn(g)
    to_play_phase(g)
    assert g.state.turn.seat == 2
    play(g, "!losehp 2 3")
    pile = g.state.draw_pile
    play(g, "skill 2 kurou", "pass", "role 2 rebel")
    s = g.state
    assert not s.seat(2).alive and s.seat(2).hand_count == 0
    assert s.draw_pile == pile  # losing HP has no killer: no reward, no 苦肉 draw
    assert s.turn.seat == 3


# ================================================================ 周瑜


def test_yingzi_draws_three() -> None:
    """英姿 yingzi: in his draw phase he may draw one more card (3, or 2)."""
    g = table(["zhouyu", *QUIET[:3]])
    expecting(g, "draw", 1)
    refused(g, "draw 1 x4", "seat 1 draws 2 or 3 in the draw phase, not 4")
    play(g, "draw 1 x3")
    assert hand(g, 1) == 7 and g.state.turn.phase is Phase.PLAY
    g = table(["zhouyu", *QUIET[:3]])
    play(g, "draw 1 x2")
    assert hand(g, 1) == 6


def _fanjian_table() -> Game:
    g = table(["zhouyu", *QUIET[:3]])
    play(g, "draw 1 x3")
    return g


def test_fanjian_different_suit_deals_one_damage() -> None:
    """反间 fanjian: the other player names a suit, then takes one of his hand cards
    and shows it; not of the named suit, that player takes 1 damage from 周瑜."""
    g = _fanjian_table()
    play(g, "skill 1 fanjian -> 2")
    frame = expecting(g, "choose", 2)
    assert set(frame.options) == {"spade", "heart", "club", "diamond"}
    play(g, "choose 2 heart")
    expecting(g, "take_shown", 2)
    sha = cid("sha", "♠7")
    play(g, f"take 2 <- 1 #{sha}")
    s = g.state
    assert s.where[sha] == "hand:2"
    assert s.seat(2).hp == 3
    assert s.seat(1).hand_count == 6
    assert not s.stack


def test_fanjian_same_suit_deals_nothing() -> None:
    """反间 fanjian: a card of the named suit: no damage; the card stays taken."""
    g = _fanjian_table()
    play(g, "skill 1 fanjian -> 2", "choose 2 heart")
    tao = cid("tao", "♥3")
    play(g, f"take 2 <- 1 #{tao}")
    assert hp(g, 2) == 4 and g.state.where[tao] == "hand:2"
    assert not g.state.stack


def test_fanjian_refusals() -> None:
    """反间 fanjian: one other player, once per play phase; only the chosen seat names
    a suit, and a real suit; the card taken is shown, so an unseen take is refused."""
    g = _fanjian_table()
    refused(g, "skill 1 fanjian", "反间: one other player")
    refused(g, "skill 1 fanjian -> 1", "反间: choose another player, not yourself")
    refused(g, "skill 1 fanjian x1 -> 2", "反间: the other player takes the card")
    play(g, "!discard 1 x7")
    refused(g, "skill 1 fanjian -> 2", "反间 needs a hand card to be taken")
    play(g, "!draw 1 x1")
    play(g, "skill 1 fanjian -> 2")
    refused(g, "choose 3 heart", "seat 2 chooses, not seat 3")
    refused(g, "choose 2 red", "choose one of spade, heart, club, diamond")
    play(g, "choose 2 club")
    refused(g, "take 2 <- 1 x1", "name the card shown (#id)")
    refused(g, "take 3 <- 1 #1", "seat 2 takes the card, not seat 3")
    play(g, f"take 2 <- 1 #{cid('sha', '♣2')}")
    assert hp(g, 2) == 4
    refused(g, "skill 1 fanjian -> 3", "反间 once per play phase")


# ================================================================ 大乔


def test_guose_diamond_as_indulgence() -> None:
    """国色 guose: any diamond card (hand or equipment) may be used as 乐不思蜀."""
    g = table(["daqiao", *QUIET[:3]])
    to_play_phase(g)
    sha = cid("sha", "♦6")
    play(g, f"use 1 #{sha} as indulgence -> 2")
    s = g.state
    assert s.where[sha] == "judge:2"
    assert [(d.card, d.kind) for d in s.seat(2).judgement] == [(sha, "indulgence")]
    axe = cid("axe")  # ♦5, from the equipment zone
    play(g, f"use 1 #{axe}", f"use 1 #{axe} as indulgence -> 3")
    assert g.state.where[axe] == "judge:3"


def test_guose_refuses_other_suits() -> None:
    """国色 guose: only diamonds."""
    g = table(["daqiao", *QUIET[:3]])
    to_play_phase(g)
    refused(
        g,
        f"use 1 #{cid('tao', '♥3')} as indulgence -> 2",
        "seat 1 has no skill to use 桃 as 乐不思蜀",
    )


def _liuli_table() -> Game:
    """大乔 at seat 2; seat 1 (the lord, 张辽) in its play phase; 4 seats in a ring."""
    g = table(["zhangliao", "daqiao", "xuchu", "zhangfei"])
    to_play_phase(g)
    return g


def test_liuli_window_when_targeted_by_a_sha() -> None:
    """流离 liuli: when she becomes the target of a Sha, she may discard a card to move
    it to another player in her attack range (not its user); that player is asked."""
    g = _liuli_table()
    play(g, f"use 1 #{cid('sha', '♠7')} -> 2")
    window_for(g, Point.BECOME_TARGET, 2)
    play(g, "skill 2 liuli x1 -> 3")
    ask = asked(g.state)
    assert ask.want == "shan" and ask.asked == 3
    assert hand(g, 2) == 3
    play(g, "pass 3")
    assert hp(g, 3) == 3 and hp(g, 2) == 3
    assert not g.state.stack


def test_liuli_declined_she_is_asked() -> None:
    """流离 liuli is optional: declining leaves the Sha on her."""
    g = _liuli_table()
    play(g, f"use 1 #{cid('sha', '♠7')} -> 2", "pass 2")
    ask = asked(g.state)
    assert ask.want == "shan" and ask.asked == 2
    assert hand(g, 2) == 4
    play(g, "pass 2")
    assert hp(g, 2) == 2


def test_liuli_refuses_the_user_and_seats_out_of_her_range() -> None:
    """流离 liuli: not to the Sha's user, not out of her attack range (seat 4 is 2 away)."""
    g = _liuli_table()
    play(g, f"use 1 #{cid('sha', '♠7')} -> 2")
    refused(g, "skill 2 liuli x1 -> 1", "流离: seat 1 must be another player in her attack range")
    refused(g, "skill 2 liuli x1 -> 4", "流离: seat 4 must be another player in her attack range")
    refused(g, "skill 2 liuli -> 3", "流离: discard one card")
    refused(g, "skill 2 liuli x2 -> 3", "流离: discard one card")
    refused(g, "skill 2 liuli x1", "流离: name the player the Sha moves to")


def test_liuli_discarded_weapon_no_longer_gives_range() -> None:
    """流离 liuli: the card discarded is gone before the new target is chosen: if it is
    her weapon, her range without it counts."""
    g = table(["daqiao", "zhangliao", "xuchu", "zhangfei"])
    to_play_phase(g)
    blade = cid("blade")
    play(g, f"use 1 #{blade}")
    end_turn(g)
    to_play_phase(g)  # seat 2's turn
    play(g, f"use 2 #{cid('sha', '♠7')} -> 1")
    window_for(g, Point.BECOME_TARGET, 1)
    refused(g, f"skill 1 liuli #{blade} -> 3", "seat 3 must be another player in her attack range")
    play(g, "skill 1 liuli x1 -> 3")  # keeps the blade (range 3): seat 3 is in range
    assert asked(g.state).asked == 3


def test_liuli_discarded_horse_no_longer_shortens() -> None:
    """流离 liuli: discarding her -1 horse, the distance without it counts."""
    g = table(["daqiao", "zhangliao", "xuchu", "zhangfei", "guanyu"])
    to_play_phase(g)
    horse = cid("chitu")
    play(g, f"use 1 #{horse}")
    end_turn(g)
    to_play_phase(g)  # seat 2's turn
    play(g, f"use 2 #{cid('sha', '♠7')} -> 1")
    window_for(g, Point.BECOME_TARGET, 1)
    # seat 3 is 2 seats from her: in range only with the horse
    refused(g, f"skill 1 liuli #{horse} -> 3", "seat 3 must be another player in her attack range")
    play(g, f"skill 1 liuli #{horse} -> 5")  # seat 5 is beside her
    assert g.state.seat(1).offensive_horse is None
    assert asked(g.state).asked == 5


def test_liuli_not_offered_without_cards() -> None:
    """流离 liuli needs a card to discard: with none, no window."""
    g = _liuli_table()
    play(g, "!discard 2 x4")
    play(g, f"use 1 #{cid('sha', '♠7')} -> 2")
    no_window(g)
    assert asked(g.state).asked == 2


def test_liuli_not_offered_for_other_cards() -> None:
    """流离 liuli answers a Sha only: a Duel on her opens no window."""
    g = _liuli_table()
    play(g, f"use 1 #{cid('duel', '♠A')} -> 2")
    no_window(g)


# ================================================================ 陆逊


def test_qianxun_not_the_target_of_snatch_or_indulgence() -> None:
    """谦逊 qianxun (compulsory): he cannot be the target of 顺手牵羊 or 乐不思蜀."""
    g = table(["zhangliao", "luxun", "xuchu", "zhangfei"])
    to_play_phase(g)
    refused(
        g, f"use 1 #{cid('snatch', '♠3')} -> 2", "seat 2: 谦逊: cannot be the target of 顺手牵羊"
    )
    refused(
        g,
        f"use 1 #{cid('indulgence', '♠6')} -> 2",
        "seat 2: 谦逊: cannot be the target of 乐不思蜀",
    )
    assert check_target(g.state, 1, kind("dismantlement"), 2).legal


def test_qianxun_also_against_guose() -> None:
    """谦逊 qianxun: a diamond used as 乐不思蜀 through 国色 is a 乐不思蜀 all the same."""
    g = table(["daqiao", "luxun", "xuchu", "zhangfei"])
    to_play_phase(g)
    refused(
        g,
        f"use 1 #{cid('sha', '♦6')} as indulgence -> 2",
        "seat 2: 谦逊: cannot be the target of 乐不思蜀",
    )


def test_lianying_window_when_his_last_hand_card_is_used() -> None:
    """连营 lianying: when he loses his last hand card (here used as a Sha), he may draw
    one card; then the Sha goes on."""
    g = table(["luxun", *QUIET[:3]])
    to_play_phase(g)
    play(g, "!discard 1 x5")
    assert hand(g, 1) == 1
    play(g, f"use 1 #{cid('sha', '♠7')} -> 2")
    window_for(g, Point.HAND_EMPTIED, 1)
    play(g, "skill 1 lianying")
    assert hand(g, 1) == 1
    assert asked(g.state).asked == 2


def test_lianying_declined_the_sha_goes_on() -> None:
    """连营 lianying is optional: declining, the hand stays empty and the Sha settles."""
    g = table(["luxun", *QUIET[:3]])
    to_play_phase(g)
    play(g, "!discard 1 x5", f"use 1 #{cid('sha', '♠7')} -> 2", "pass 1")
    assert hand(g, 1) == 0
    assert asked(g.state).asked == 2


def test_lianying_when_his_last_card_is_discarded_by_another() -> None:
    """连营 lianying works outside his turn: 过河拆桥 takes his last hand card."""
    g = table(["zhangliao", "luxun", "xuchu", "zhangfei"])
    to_play_phase(g)
    play(g, "!discard 2 x3")
    play(g, f"use 1 #{cid('dismantlement', '♠3')} -> 2", "pass", "discard 2 x1")
    window_for(g, Point.HAND_EMPTIED, 2)
    play(g, "skill 2 lianying")
    assert hand(g, 2) == 1 and not g.state.stack


def test_lianying_when_his_last_card_is_a_nullification() -> None:
    """连营 lianying: his last hand card used as 无懈可击 on another's turn: the window
    opens at once, then the 无懈可击 request goes on."""
    g = table(["zhangliao", "luxun", "xuchu", "zhangfei"])
    to_play_phase(g)
    play(g, "!discard 2 x3")
    play(g, f"use 1 #{cid('duel', '♠A')} -> 3", f"respond 2 #{cid('nullification', '♠J')}")
    window_for(g, Point.HAND_EMPTIED, 2)
    play(g, "skill 2 lianying")
    ask = top(g)
    assert isinstance(ask, Ask) and ask.want == "nullification" and ask.got == 1
    assert hand(g, 2) == 1


def test_lianying_not_offered_while_cards_remain() -> None:
    """连营 lianying: only the *last* hand card counts."""
    g = table(["luxun", *QUIET[:3]])
    to_play_phase(g)
    play(g, f"use 1 #{cid('sha', '♠7')} -> 2")
    no_window(g)
    assert asked(g.state).asked == 2
    refused(g, "skill 1 lianying", "连营 is not used now")


# ================================================================ 孙尚香


def test_jieyin_she_and_a_wounded_male_recover() -> None:
    """结姻 jieyin: once per play phase, discard two hand cards; she and a wounded male
    general each recover 1 HP."""
    g = table(["sunshangxiang", *QUIET[:3]])
    to_play_phase(g)
    play(g, "!damage 1 1", "!damage 2 2")
    play(g, "skill 1 jieyin x2 -> 2")
    assert hp(g, 1) == 3 and hp(g, 2) == 3
    assert hand(g, 1) == 4
    refused(g, "skill 1 jieyin x2 -> 2", "结姻 once per play phase")


def test_jieyin_refuses_a_female_or_unwounded_target() -> None:
    """结姻 jieyin: the target is a *wounded male* general; two hand cards exactly."""
    g = table(["sunshangxiang", "daqiao", "zhangliao", "xuchu"])
    to_play_phase(g)
    play(g, "!damage 2 1")
    refused(g, "skill 1 jieyin x2 -> 2", "结姻: seat 2 must be a wounded male general")
    refused(g, "skill 1 jieyin x2 -> 3", "结姻: seat 3 must be a wounded male general")
    play(g, "!damage 3 1")
    refused(g, "skill 1 jieyin x1 -> 3", "结姻: discard two hand cards")
    refused(g, "skill 1 jieyin x2 -> 1", "结姻: choose another player, not yourself")
    play(g, "skill 1 jieyin x2 -> 3")
    assert hp(g, 3) == 4 and hp(g, 1) == 3  # she was at full HP: nothing to recover


def test_xiaoji_when_her_equipment_is_replaced() -> None:
    """枭姬 xiaoji: when she loses a card from her equipment zone (here replaced by a
    new weapon), she may draw two cards."""
    g = table(["sunshangxiang", *QUIET[:3]])
    to_play_phase(g)
    play(g, f"use 1 #{cid('crossbow', '♣A')}")
    no_window(g)  # equipping into an empty slot loses nothing
    play(g, f"use 1 #{cid('qinggang_sword')}")
    window_for(g, Point.EQUIPMENT_LOST, 1)
    play(g, "skill 1 xiaoji")
    assert hand(g, 1) == 6 and not g.state.stack


def test_xiaoji_when_snatch_takes_her_equipment() -> None:
    """枭姬 xiaoji: also outside her turn, when 顺手牵羊 takes her equipment."""
    g = table(["zhangliao", "sunshangxiang", "xuchu", "zhangfei"])
    end_turn(g)
    to_play_phase(g)
    horse = cid("chitu")  # a -1 horse: seat 1 can still reach her
    play(g, f"use 2 #{horse}")
    end_turn(g)
    end_turn(g)
    end_turn(g)
    to_play_phase(g)
    assert g.state.turn.seat == 1
    cards = hand(g, 2)
    play(g, f"use 1 #{cid('snatch', '♠3')} -> 2", "pass", f"take 1 <- 2 #{horse}")
    window_for(g, Point.EQUIPMENT_LOST, 2)
    play(g, "skill 2 xiaoji")
    assert hand(g, 2) == cards + 2 and g.state.where[horse] == "hand:1"


def test_xiaoji_with_silver_lion_heals_then_draws() -> None:
    """枭姬 xiaoji + 白银狮子: the lion leaving heals her 1, and 枭姬 draws two."""
    g = table(["sunshangxiang", *QUIET[:3]])
    to_play_phase(g)
    play(g, f"use 1 #{cid('silver_lion')}", "!losehp 1 1", f"use 1 #{cid('nioh_shield')}")
    assert hp(g, 1) == 3
    window_for(g, Point.EQUIPMENT_LOST, 1)
    play(g, "skill 1 xiaoji")
    assert hand(g, 1) == 6


def test_xiaoji_declined_and_not_for_hand_cards() -> None:
    """枭姬 xiaoji is optional; losing a hand card opens no window."""
    g = table(["sunshangxiang", *QUIET[:3]])
    to_play_phase(g)
    play(g, f"use 1 #{cid('sha', '♠7')} -> 2")
    no_window(g)
    play(g, "pass 2", f"use 1 #{cid('crossbow', '♣A')}", f"use 1 #{cid('qinggang_sword')}")
    window_for(g, Point.EQUIPMENT_LOST, 1)
    play(g, "pass 1")
    assert hand(g, 1) == 3 and not g.state.stack


# ================================================================ 华佗


def test_jijiu_red_card_as_peach_outside_his_turn() -> None:
    """急救 jijiu: outside his own turn, a red hand card of 华佗 answers a dying seat's
    request for a Peach."""
    g = table(["zhangliao", "huatuo", "xuchu", "zhangfei"])
    to_play_phase(g)
    play(g, "!damage 3 4", "pass 1")
    assert asked(g.state).asked == 2
    play(g, f"respond 2 #{cid('shan', '♥2')} as tao")
    assert hp(g, 3) == 1 and not g.state.stack


def test_jijiu_red_equipment_card_as_peach() -> None:
    """急救 jijiu: the red card may come from his equipment zone (赤兔 ♥5)."""
    g = table(["zhangliao", "huatuo", "xuchu", "zhangfei"])
    to_play_phase(g)
    horse = cid("chitu")
    play(g, f"!move #{horse} from hand:2 -> equip:2")
    play(g, "!damage 3 4", "pass 1", f"respond 2 #{horse} as tao")
    assert hp(g, 3) == 1 and g.state.seat(2).offensive_horse is None


def test_jijiu_refused_on_his_own_turn_and_for_black_cards() -> None:
    """急救 jijiu works only outside his own turn, and only with red cards."""
    g = table(["huatuo", *QUIET[:3]])
    to_play_phase(g)
    play(g, "!damage 2 4")
    refused(g, f"respond 1 #{cid('shan', '♥2')} as tao", "seat 1 has no skill to use 闪 as 桃")
    play(g, "pass 1")
    refused(g, f"respond 2 #{cid('sha', '♠7')} as tao", "seat 2 has no skill to use 杀 as 桃")
    g = table(["zhangliao", "huatuo", "xuchu", "zhangfei"])
    to_play_phase(g)
    play(g, "!damage 3 4", "pass 1")
    refused(g, f"respond 2 #{cid('sha', '♠7')} as tao", "seat 2 has no skill to use 杀 as 桃")


def test_qingnang_discards_a_hand_card_to_heal() -> None:
    """青囊 qingnang: once per play phase, discard a hand card; a wounded player of his
    choice (himself too) recovers 1 HP."""
    g = table(["huatuo", *QUIET[:3]])
    to_play_phase(g)
    play(g, "!damage 3 2")
    refused(g, "skill 1 qingnang x1 -> 2", "青囊: seat 2 is not wounded")
    refused(g, "skill 1 qingnang x2 -> 3", "青囊: discard one hand card")
    refused(g, "skill 1 qingnang x1", "青囊: one wounded player")
    play(g, "skill 1 qingnang x1 -> 3")
    assert hp(g, 3) == 3 and hand(g, 1) == 5
    refused(g, "skill 1 qingnang x1 -> 3", "青囊 once per play phase")


def test_jieyin_and_qingnang_spend_hand_cards_only() -> None:
    """结姻 and 青囊 discard *hand* cards: an equipment card is refused."""
    g = table(["sunshangxiang", *QUIET[:3]])
    to_play_phase(g)
    horse = cid("chitu")
    play(g, f"use 1 #{horse}", "!damage 2 1")
    refused(g, f"skill 1 jieyin #{horse} x1 -> 2", "is in seat 1's equipment, not seat 1's hand")
    g = table(["huatuo", *QUIET[:3]])
    to_play_phase(g)
    play(g, f"use 1 #{horse}", "!damage 2 1")
    refused(g, f"skill 1 qingnang #{horse} -> 2", "is in seat 1's equipment, not seat 1's hand")


def test_qingnang_on_himself() -> None:
    """青囊 qingnang: he may choose himself."""
    g = table(["huatuo", *QUIET[:3]])
    to_play_phase(g)
    play(g, "!damage 1 1", "skill 1 qingnang x1 -> 1")
    assert hp(g, 1) == 3


# ================================================================ 吕布


def test_wushuang_sha_needs_two_shan() -> None:
    """无双 wushuang (compulsory): his Sha needs two Shan to be dodged."""
    g = table(["lvbu", *QUIET[:3]])
    to_play_phase(g)
    play(g, f"use 1 #{cid('sha', '♠7')} -> 2")
    ask = asked(g.state)
    assert ask.asked == 2 and ask.need == 2
    play(g, f"respond 2 #{cid('shan', '♥2')}")
    ask = asked(g.state)
    assert ask.asked == 2 and ask.got == 1
    play(g, f"respond 2 #{cid('shan', '♦2')}")
    assert hp(g, 2) == 4 and not g.state.stack


def test_wushuang_one_shan_is_not_enough() -> None:
    """无双 wushuang: one Shan, then nothing: the Sha hits."""
    g = table(["lvbu", *QUIET[:3]])
    to_play_phase(g)
    play(g, f"use 1 #{cid('sha', '♠7')} -> 2", f"respond 2 #{cid('shan', '♥2')}", "pass 2")
    assert hp(g, 2) == 3


def test_wushuang_duel_two_sha_each_time() -> None:
    """无双 wushuang: in his Duel the other side plays two Sha each time; he one."""
    g = table(["lvbu", *QUIET[:3]])
    to_play_phase(g)
    play(g, f"use 1 #{cid('duel', '♠A')} -> 2", "pass")
    ask = asked(g.state)
    assert ask.asked == 2 and ask.need == 2
    play(g, f"respond 2 #{cid('sha', '♠7')}")
    assert asked(g.state).asked == 2
    play(g, f"respond 2 #{cid('sha', '♠8')}")
    ask = asked(g.state)
    assert ask.asked == 1 and ask.need == 1
    play(g, f"respond 1 #{cid('sha', '♠9')}")
    ask = asked(g.state)
    assert ask.asked == 2 and ask.need == 2
    play(g, f"respond 2 #{cid('sha', '♠10')}", "pass 2")  # one of two: he loses
    assert hp(g, 2) == 3 and hp(g, 1) == 4


def test_wushuang_when_he_is_the_duel_target() -> None:
    """无双 wushuang: also in a Duel used on him, its user must play two Sha each time."""
    g = table(["zhangliao", "lvbu", "xuchu", "zhangfei"])
    to_play_phase(g)
    play(g, f"use 1 #{cid('duel', '♠A')} -> 2", "pass")
    ask = asked(g.state)
    assert ask.asked == 2 and ask.need == 1
    play(g, f"respond 2 #{cid('sha', '♠7')}")
    ask = asked(g.state)
    assert ask.asked == 1 and ask.need == 2


# ================================================================ 貂蝉


def test_lijian_makes_a_male_duel_another_without_nullification() -> None:
    """离间 lijian: once per play phase, discard a card; the first male general uses a
    Duel on the second; it cannot be 无懈可击'd, so nobody is asked for one."""
    g = table(["diaochan", *QUIET[:3]])
    to_play_phase(g)
    card = cid("sha", "♠7")
    play(g, f"skill 1 lijian #{card} -> 2,3")
    assert g.state.where[card] == "discard"
    use = next(f for f in g.state.stack if isinstance(f, CardUse))
    assert use.user == 2 and use.kind == "duel" and use.targets == (3,)
    ask = top(g)
    assert isinstance(ask, Ask) and ask.want == "sha" and ask.asked == 3
    assert not any(isinstance(f, Ask) and f.want == "nullification" for f in g.state.stack)
    play(g, "pass 3")
    assert hp(g, 3) == 3 and hp(g, 2) == 4 and not g.state.stack


def test_lijian_the_first_loses_and_takes_damage_from_the_second() -> None:
    """离间 lijian: the Duel is the first general's: if the second plays a Sha and the
    first does not, the first takes 1 damage from the second."""
    g = table(["diaochan", *QUIET[:3]])
    to_play_phase(g)
    play(g, "skill 1 lijian x1 -> 2,3", f"respond 3 #{cid('sha', '♠7')}")
    ask = asked(g.state)
    assert ask.want == "sha" and ask.asked == 2
    play(g, "pass 2")
    assert hp(g, 2) == 3 and hp(g, 3) == 4 and not g.state.stack


def test_lijian_refusals() -> None:
    """离间 lijian: two different other male generals, one card discarded, once per phase."""
    g = table(["diaochan", "zhangliao", "daqiao", "xuchu"])
    to_play_phase(g)
    refused(g, "skill 1 lijian x1 -> 2,3", "离间: seat 3 must be another living male general")
    refused(g, "skill 1 lijian x1 -> 1,2", "离间: seat 1 must be another living male general")
    refused(g, "skill 1 lijian x1 -> 2", "离间: two male generals")
    refused(g, "skill 1 lijian -> 2,4", "离间: discard one card")
    refused(g, "skill 1 lijian x2 -> 2,4", "离间: discard one card")
    refused(g, "skill 1 lijian x1 -> 2,2", "离间: two different generals")
    play(g, "skill 1 lijian x1 -> 4,2", "pass 2")
    assert hp(g, 2) == 3
    refused(g, "skill 1 lijian x1 -> 2,4", "离间 once per play phase")


def test_biyue_window_in_her_end_phase() -> None:
    """闭月 biyue: in her end phase she may draw one card."""
    g = table(["diaochan", *QUIET[:3]])
    to_play_phase(g)
    play(g, "next")  # 6 cards, 3 HP: discard 3
    play(g, "discard 1 x3", "next")
    window_for(g, Point.END_PHASE, 1)
    play(g, "skill 1 biyue")
    assert hand(g, 1) == 4
    assert g.state.turn.seat == 2


def test_biyue_declined_and_not_on_another_turn() -> None:
    """闭月 biyue is optional, and only in her own end phase."""
    g = table(["diaochan", *QUIET[:3]])
    to_play_phase(g)
    play(g, "next", "discard 1 x3", "next")
    window_for(g, Point.END_PHASE, 1)
    play(g, "pass 1")
    assert hand(g, 1) == 3 and g.state.turn.seat == 2
    to_play_phase(g)
    play(g, "next", "discard 2 x2", "next")  # seat 2: 6 cards, 4 HP
    assert g.state.turn.seat == 3
    no_window(g)


def test_biyue_window_closed_by_moving_on() -> None:
    """Windows: any other move closes an open window by itself (``next`` = nobody uses
    闭月); the turn goes on."""
    g = table(["diaochan", *QUIET[:3]])
    to_play_phase(g)
    play(g, "next", "discard 1 x3", "next")
    window_for(g, Point.END_PHASE, 1)
    play(g, "next")
    assert hand(g, 1) == 3 and g.state.turn.seat == 2
