"""Every equipment effect and the Maneuvering / trick card rules, settled as rules.

Each test follows the card's published 标准版 / 军争篇 text (paraphrased in
its docstring, with the card's Chinese name and key) and drives the engine
through move text only. The last part checks the known faults that are
meant to be fixed now, each against its rule.

Equipment on a seat that is not in its play phase is placed with a forced
``!move #id from hand:N -> equip:N`` (the table set up as the test needs).
"""

from __future__ import annotations

from engine.derived import attack_range, check_target, distance, kind, sha_uses_left
from engine.frames import Ask, CardUse, Point
from engine.game import Game
from tests.engine.helpers import (
    asked,
    cid,
    expecting,
    no_window,
    play,
    refused,
    table,
    to_play_phase,
    top,
    window_for,
)

# Generals with no window of their own at the moments these tests look at.
QUIET = ["zhangliao", "xuchu", "zhangfei", "zhaoyun", "guanyu"]


def nullification_asked(g: Game) -> Ask:
    frame = top(g)
    assert isinstance(frame, Ask) and frame.want == "nullification" and frame.anyone, frame
    return frame


def shan_asked_of(g: Game, seat: int) -> Ask:
    ask = asked(g.state)
    assert ask.want == "shan" and ask.asked == seat, ask
    return ask


def hand(g: Game, seat: int) -> int:
    return g.state.seat(seat).hand_count


def hp(g: Game, seat: int) -> int:
    return g.state.seat(seat).hp


def equip(g: Game, seat: int, card_id: int) -> None:
    """Put a card from the seat's hand into its equipment zone (table set-up)."""
    play(g, f"!move #{card_id} from hand:{seat} -> equip:{seat}")
    assert g.state.where[card_id] == f"equip:{seat}"


def quiet_table(n: int = 4, first: str = "zhangliao") -> Game:
    """Seat 1 (``first``, the lord) in its play phase; the others quiet generals."""
    others = [g for g in QUIET if g != first]
    g = table([first, *others[: n - 1]])
    to_play_phase(g)
    return g


# ================================================================ weapons


def test_crossbow_lifts_the_sha_limit() -> None:
    """诸葛连弩 crossbow: its wearer may use any number of Sha in the play phase."""
    g = quiet_table()
    second_sha = f"use 1 #{cid('sha', '♠8')} -> 2"
    play(g, f"use 1 #{cid('sha', '♠7')} -> 2", "pass 2")
    refused(g, second_sha, "one Sha per play phase")
    play(g, f"use 1 #{cid('crossbow', '♣A')}")
    assert sha_uses_left(g.state, 1) is None
    play(g, second_sha, "pass 2", f"use 1 #{cid('sha', '♠9')} -> 2", "pass 2")
    assert hp(g, 2) == 1


def test_qinggang_sword_ignores_nioh_shield() -> None:
    """青釭剑 qinggang_sword: its Sha ignores the target's armour (仁王盾 stops no black Sha)."""
    g = quiet_table()
    equip(g, 2, cid("nioh_shield"))
    play(g, f"use 1 #{cid('qinggang_sword')}", f"use 1 #{cid('sha', '♠7')} -> 2")
    shan_asked_of(g, 2)
    play(g, "pass 2")
    assert hp(g, 2) == 3


def test_qinggang_sword_ignores_vine_armour() -> None:
    """青釭剑 qinggang_sword: an ordinary Sha hits a 藤甲 wearer."""
    g = quiet_table()
    equip(g, 2, cid("vine_armour", "♠2"))
    play(g, f"use 1 #{cid('qinggang_sword')}", f"use 1 #{cid('sha', '♠7')} -> 2", "pass 2")
    assert hp(g, 2) == 3


def test_qinggang_sword_ignores_silver_lion() -> None:
    """青釭剑 qinggang_sword: 白银狮子 does not cap its drunk Sha's 2 damage."""
    g = quiet_table()
    equip(g, 2, cid("silver_lion"))
    play(g, f"use 1 #{cid('qinggang_sword')}", f"use 1 #{cid('jiu', '♠3')}")
    play(g, f"use 1 #{cid('sha', '♠7')} -> 2", "pass 2")
    assert hp(g, 2) == 2


def test_qinggang_sword_ignores_eight_diagram() -> None:
    """青釭剑 qinggang_sword: the target cannot judge with 八卦阵 against its Sha."""
    g = quiet_table()
    equip(g, 2, cid("eight_diagram", "♠2"))
    play(g, f"use 1 #{cid('qinggang_sword')}", f"use 1 #{cid('sha', '♠7')} -> 2")
    refused(g, f"judge 2 #{cid('tao', '♥3')}", "青釭剑 ignores 八卦阵")


def _swords_table(target: str = "diaochan") -> Game:
    g = table(["zhangliao", target, "xuchu", "zhangfei"])
    to_play_phase(g)
    play(g, f"use 1 #{cid('double_swords')}")
    return g


def test_double_swords_target_discards() -> None:
    """雌雄双股剑 double_swords: after its Sha targets a player of the other gender, that
    player discards a hand card ... (then the Sha goes on)."""
    g = _swords_table()
    play(g, f"use 1 #{cid('sha', '♠7')} -> 2")
    window_for(g, Point.AFTER_TARGETING, 1)
    play(g, "skill 1 double_swords")
    expecting(g, "discard_or_draw", 2)
    cards = hand(g, 1)
    play(g, "discard 2 x1")
    assert hand(g, 2) == 3 and hand(g, 1) == cards
    shan_asked_of(g, 2)


def test_double_swords_target_passes_user_draws() -> None:
    """雌雄双股剑 double_swords: ... or lets the user draw one card."""
    g = _swords_table()
    play(g, f"use 1 #{cid('sha', '♠7')} -> 2", "skill 1 double_swords")
    cards = hand(g, 1)
    play(g, "pass 2")
    assert hand(g, 1) == cards + 1 and hand(g, 2) == 4
    shan_asked_of(g, 2)


def test_double_swords_declined_and_not_against_the_same_gender() -> None:
    """雌雄双股剑 double_swords is optional, and only against the other gender."""
    g = _swords_table()
    play(g, f"use 1 #{cid('sha', '♠7')} -> 2", "pass 1")
    shan_asked_of(g, 2)
    assert hand(g, 2) == 4
    g = _swords_table(target="zhaoyun")
    play(g, f"use 1 #{cid('sha', '♠7')} -> 2")
    no_window(g)
    shan_asked_of(g, 2)


def test_double_swords_target_without_hand_cards_user_draws() -> None:
    """雌雄双股剑: a target with no hand card to discard: the user draws one at once."""
    g = _swords_table()
    play(g, "!discard 2 x4")
    cards = hand(g, 1)
    play(g, f"use 1 #{cid('sha', '♠7')} -> 2", "skill 1 double_swords")
    assert hand(g, 1) == cards  # the Sha used, one card drawn
    shan_asked_of(g, 2)


def test_double_swords_refused_in_a_wrong_answer() -> None:
    """雌雄双股剑: the target discards exactly one hand card; only the target decides."""
    g = _swords_table()
    play(g, f"use 1 #{cid('sha', '♠7')} -> 2", "skill 1 double_swords")
    refused(g, "discard 2 x2", "discard 1 hand card, or pass")
    refused(g, "pass 3", "seat 2 decides, not seat 3")


def _ice_table() -> Game:
    g = quiet_table()
    play(g, f"use 1 #{cid('ice_sword')}")
    return g


def test_ice_sword_prevents_damage_and_discards_two() -> None:
    """寒冰剑 ice_sword: when its Sha would cause damage, the user may prevent it and
    discard two of the target's cards instead, one after the other."""
    g = _ice_table()
    horse = cid("dilu")
    equip(g, 2, horse)
    play(g, f"use 1 #{cid('sha', '♠7')} -> 2", "pass 2")
    window_for(g, Point.CAUSING, 1)
    refused(g, "skill 1 ice_sword x1", "寒冰剑 takes no cards or targets")
    play(g, "skill 1 ice_sword")
    frame = expecting(g, "discard_one", 1)
    assert frame.other == 2
    play(g, "discard 2 x1")
    expecting(g, "discard_one", 1)
    play(g, f"discard 2 #{horse}")
    s = g.state
    assert s.seat(2).hp == 4 and s.seat(2).hand_count == 2
    assert s.where[horse] == "discard"
    assert not s.stack


def test_ice_sword_each_equipment_card_lost_opens_xiaoji() -> None:
    """寒冰剑 discarding two of 孙尚香's equipment cards: each loss is a 枭姬 window,
    between the two discards."""
    g = table(["zhangliao", "sunshangxiang", "xuchu", "zhangfei"])
    to_play_phase(g)
    minus, plus = cid("chitu"), cid("dilu")
    equip(g, 2, minus)
    equip(g, 2, plus)
    play(g, f"use 1 #{cid('ice_sword')}", f"use 1 #{cid('sha', '♠7')} -> 2", "pass 2")
    play(g, "skill 1 ice_sword", f"discard 2 #{minus}")
    window_for(g, Point.EQUIPMENT_LOST, 2)
    play(g, "skill 2 xiaoji")
    expecting(g, "discard_one", 1)
    play(g, f"discard 2 #{plus}")
    window_for(g, Point.EQUIPMENT_LOST, 2)
    play(g, "skill 2 xiaoji")
    assert hand(g, 2) == 2 + 2 + 2 and hp(g, 2) == 3
    assert not g.state.stack


def test_ice_sword_stops_when_the_target_runs_out_of_cards() -> None:
    """寒冰剑 ice_sword: a target with one card loses only that one."""
    g = _ice_table()
    play(g, "!discard 2 x3")
    play(g, f"use 1 #{cid('sha', '♠7')} -> 2", "pass 2", "skill 1 ice_sword", "discard 2 x1")
    assert hp(g, 2) == 4 and hand(g, 2) == 0
    assert not g.state.stack


def test_ice_sword_declined_the_damage_is_dealt() -> None:
    """寒冰剑 ice_sword is optional: passing, the Sha deals its damage."""
    g = _ice_table()
    play(g, f"use 1 #{cid('sha', '♠7')} -> 2", "pass 2")
    window_for(g, Point.CAUSING, 1)
    play(g, "pass 1")
    assert hp(g, 2) == 3 and hand(g, 2) == 4


def test_ice_sword_not_offered_when_the_target_has_no_cards() -> None:
    """寒冰剑 ice_sword: nothing to discard, no window: the damage is dealt."""
    g = _ice_table()
    play(g, "!discard 2 x4")
    play(g, f"use 1 #{cid('sha', '♠7')} -> 2", "pass 2")
    assert hp(g, 2) == 3
    no_window(g)


def _axe_table() -> Game:
    g = quiet_table()
    play(g, f"use 1 #{cid('axe')}")
    return g


def test_axe_discards_two_and_hits_anyway() -> None:
    """贯石斧 axe: when its Sha is dodged, the user may discard two cards (not the axe)
    to make it hit anyway."""
    g = _axe_table()
    play(g, f"use 1 #{cid('sha', '♠7')} -> 2", f"respond 2 #{cid('shan', '♥2')}")
    window_for(g, Point.DODGED, 1)
    refused(g, f"skill 1 axe #{cid('axe')} x1", "贯石斧: discard two cards other than the axe")
    refused(g, "skill 1 axe x1", "贯石斧: discard two cards")
    play(g, "skill 1 axe x2")
    assert hp(g, 2) == 3 and hand(g, 1) == 2
    assert g.state.seat(1).weapon == cid("axe")


def test_axe_may_discard_equipment() -> None:
    """贯石斧 axe: the two cards may come from the equipment zone (not the axe itself)."""
    g = _axe_table()
    horse = cid("chitu")
    play(g, f"use 1 #{horse}")
    play(g, f"use 1 #{cid('sha', '♠7')} -> 2", f"respond 2 #{cid('shan', '♥2')}")
    play(g, f"skill 1 axe #{horse} x1")
    assert hp(g, 2) == 3 and g.state.where[horse] == "discard"


def test_axe_after_an_eight_diagram_dodge() -> None:
    """贯石斧 axe: a Sha answered by 八卦阵's red judgement is dodged too: the window opens."""
    g = _axe_table()
    equip(g, 2, cid("eight_diagram", "♠2"))
    play(g, f"use 1 #{cid('sha', '♠7')} -> 2", f"judge 2 #{cid('tao', '♥3')}")
    window_for(g, Point.DODGED, 1)
    play(g, "skill 1 axe x2")
    assert hp(g, 2) == 3


def test_axe_declined_and_not_offered_without_two_cards() -> None:
    """贯石斧 axe is optional; with fewer than two cards besides the axe, no window."""
    g = _axe_table()
    play(g, f"use 1 #{cid('sha', '♠7')} -> 2", f"respond 2 #{cid('shan', '♥2')}", "pass 1")
    assert hp(g, 2) == 4 and not g.state.stack
    g = _axe_table()
    play(g, "!discard 1 x3")  # 2 hand cards: the Sha and one more
    play(g, f"use 1 #{cid('sha', '♠7')} -> 2", f"respond 2 #{cid('shan', '♥2')}")
    no_window(g)
    assert hp(g, 2) == 4 and not g.state.stack


def _blade_table() -> Game:
    g = quiet_table()
    play(g, f"use 1 #{cid('blade')}")
    return g


def test_blade_follows_up_with_another_sha() -> None:
    """青龙偃月刀 blade: when its Sha is dodged, the user may use another Sha on the same
    target; that Sha does not count toward the one-Sha limit."""
    g = _blade_table()
    play(g, f"use 1 #{cid('sha', '♠7')} -> 2", f"respond 2 #{cid('shan', '♥2')}")
    window_for(g, Point.DODGED, 1)
    refused(g, f"use 1 #{cid('sha', '♠8')} -> 3", "青龙偃月刀: the Sha goes to seat 2 again")
    play(g, f"use 1 #{cid('sha', '♠8')} -> 2")
    shan_asked_of(g, 2)
    play(g, "pass 2")
    assert hp(g, 2) == 3
    assert g.state.turn.sha_used == 1
    assert not g.state.stack


def test_blade_again_after_a_second_dodge_and_declined() -> None:
    """青龙偃月刀 blade: the follow-up Sha dodged opens the window again; passing ends it."""
    g = _blade_table()
    play(g, f"use 1 #{cid('sha', '♠7')} -> 2", f"respond 2 #{cid('shan', '♥2')}")
    play(g, f"use 1 #{cid('sha', '♠8')} -> 2", f"respond 2 #{cid('shan', '♦2')}")
    window_for(g, Point.DODGED, 1)
    play(g, "pass 1")
    assert hp(g, 2) == 4 and not g.state.stack


def test_blade_follow_up_must_be_a_sha() -> None:
    """青龙偃月刀 blade follows up with a Sha, nothing else."""
    g = _blade_table()
    play(g, f"use 1 #{cid('sha', '♠7')} -> 2", f"respond 2 #{cid('shan', '♥2')}")
    refused(g, f"use 1 #{cid('duel', '♠A')} -> 2", "青龙偃月刀 follows up with a Sha")


def test_spear_two_hand_cards_as_a_sha() -> None:
    """丈八蛇矛 spear: two hand cards may be used as a Sha."""
    g = quiet_table()
    spear = cid("spear")
    play(g, f"use 1 #{spear}")
    a, b = cid("tao", "♥3"), cid("duel", "♠A")
    play(g, f"use 1 #{a} #{b} as sha -> 2")
    use = g.state.stack[0]
    assert isinstance(use, CardUse) and use.kind == "sha" and use.cards == (a, b)
    shan_asked_of(g, 2)


def test_spear_refuses_equipment_cards_and_one_card() -> None:
    """丈八蛇矛 spear: the two cards are hand cards; one non-Sha card is no Sha."""
    g = quiet_table()
    spear = cid("spear")
    play(g, f"use 1 #{spear}")
    refused(g, f"use 1 #{spear} #{cid('tao', '♥3')} as sha -> 2", "seat 1 has no skill to use")
    refused(g, f"use 1 #{cid('tao', '♥3')} as sha -> 2", "seat 1 has no skill to use 桃 as 杀")


def test_spear_sha_colour_follows_its_two_cards() -> None:
    """丈八蛇矛 spear: two black cards make a black Sha (仁王盾 stops it); a red and a black
    card make a Sha of no colour, which 仁王盾 does not stop."""
    g = quiet_table()
    equip(g, 2, cid("nioh_shield"))
    play(g, f"use 1 #{cid('spear')}")
    play(g, f"use 1 #{cid('sha', '♠7')} #{cid('duel', '♠A')} as sha -> 2")
    assert not g.state.stack and hp(g, 2) == 4
    g = quiet_table()
    equip(g, 2, cid("nioh_shield"))
    play(g, f"use 1 #{cid('spear')}")
    play(g, f"use 1 #{cid('sha', '♠7')} #{cid('tao', '♥3')} as sha -> 2")
    shan_asked_of(g, 2)


def _halberd_table(n: int) -> Game:
    g = quiet_table(n)
    play(g, f"use 1 #{cid('halberd')}")
    return g


def test_halberd_last_hand_card_sha_takes_three_targets() -> None:
    """方天画戟 halberd: a Sha that is the user's last hand card may take up to three
    targets; they settle in seat order."""
    g = _halberd_table(5)
    play(g, "!discard 1 x4")
    assert hand(g, 1) == 1
    refused(
        g,
        f"use 1 #{cid('sha', '♠7')} -> 2,3,4,5",
        "方天画戟: a Sha that is the last hand card takes up to three targets",
    )
    play(g, f"use 1 #{cid('sha', '♠7')} -> 4,2,3")
    use = g.state.stack[0]
    assert isinstance(use, CardUse) and use.targets == (2, 3, 4)
    shan_asked_of(g, 2)
    play(g, "pass 2")
    shan_asked_of(g, 3)
    play(g, "pass 3")
    shan_asked_of(g, 4)
    play(g, "pass 4")
    assert [hp(g, s) for s in (2, 3, 4, 5)] == [3, 3, 3, 4]


def test_halberd_one_target_when_not_the_last_card() -> None:
    """方天画戟 halberd: with other hand cards left, the Sha takes one target."""
    g = _halberd_table(5)
    refused(g, f"use 1 #{cid('sha', '♠7')} -> 2,3", "杀 takes one target, not 2")


def _bow_table() -> Game:
    g = quiet_table()
    play(g, f"use 1 #{cid('kylin_bow')}")
    return g


def test_kylin_bow_discards_a_horse() -> None:
    """麒麟弓 kylin_bow: when its Sha causes damage, the user may discard one of the
    target's horses; the damage is still dealt."""
    g = _bow_table()
    plus, minus = cid("dilu"), cid("dayuan")
    equip(g, 2, plus)
    equip(g, 2, minus)
    play(g, f"use 1 #{cid('sha', '♠7')} -> 2", "pass 2")
    window_for(g, Point.CAUSING, 1)
    refused(g, "skill 1 kylin_bow x1", "麒麟弓: name the horse of seat 2 to discard")
    refused(g, f"skill 1 kylin_bow #{cid('sha', '♠8')}", "麒麟弓: name the horse")
    play(g, f"skill 1 kylin_bow #{plus}")
    s = g.state
    assert s.seat(2).defensive_horse is None and s.seat(2).offensive_horse == minus
    assert s.where[plus] == "discard"
    assert s.seat(2).hp == 3


def test_kylin_bow_declined_and_not_offered_without_horses() -> None:
    """麒麟弓 kylin_bow is optional; a target with no horse opens no window."""
    g = _bow_table()
    horse = cid("dilu")
    equip(g, 2, horse)
    play(g, f"use 1 #{cid('sha', '♠7')} -> 2", "pass 2", "pass 1")
    assert g.state.seat(2).defensive_horse == horse and hp(g, 2) == 3
    assert not g.state.stack
    g = _bow_table()
    play(g, f"use 1 #{cid('sha', '♠7')} -> 2", "pass 2")
    no_window(g)
    assert hp(g, 2) == 3


def test_guding_blade_one_more_damage_without_hand_cards() -> None:
    """古锭刀 guding_blade (compulsory): its Sha deals 1 more damage to a target with no
    hand cards."""
    g = quiet_table()
    play(g, f"use 1 #{cid('guding_blade')}")
    play(g, "!discard 2 x4")
    play(g, f"use 1 #{cid('sha', '♠7')} -> 2", "pass 2")
    assert hp(g, 2) == 2


def test_guding_blade_no_bonus_with_hand_cards() -> None:
    """古锭刀 guding_blade: a target holding hand cards takes the ordinary 1."""
    g = quiet_table()
    play(g, f"use 1 #{cid('guding_blade')}", f"use 1 #{cid('sha', '♠7')} -> 2", "pass 2")
    assert hp(g, 2) == 3


def test_fan_ordinary_sha_as_fire_sha() -> None:
    """朱雀羽扇 fan: an ordinary Sha may be used as a fire Sha."""
    g = quiet_table()
    play(g, f"use 1 #{cid('fan')}")
    sha = cid("sha", "♠7")
    play(g, f"use 1 #{sha} as fire_sha -> 2")
    use = g.state.stack[0]
    assert isinstance(use, CardUse) and use.kind == "fire_sha" and use.cards == (sha,)
    play(g, "pass 2")
    assert hp(g, 2) == 3


def test_fan_against_vine_armour_burns_for_two() -> None:
    """朱雀羽扇 fan + 藤甲: the fire Sha is not stopped and deals 1 more (2)."""
    g = quiet_table()
    equip(g, 2, cid("vine_armour", "♠2"))
    play(g, f"use 1 #{cid('fan')}", f"use 1 #{cid('sha', '♠7')} as fire_sha -> 2", "pass 2")
    assert hp(g, 2) == 2


def test_fan_refusals() -> None:
    """朱雀羽扇 fan converts an *ordinary* Sha only; without the fan there is no conversion."""
    g = quiet_table()
    refused(
        g, f"use 1 #{cid('sha', '♠7')} as fire_sha -> 2", "seat 1 has no skill to use 杀 as 火杀"
    )
    play(g, f"use 1 #{cid('fan')}")
    refused(
        g,
        f"use 1 #{cid('thunder_sha', '♠4')} as fire_sha -> 2",
        "seat 1 has no skill to use 雷杀 as 火杀",
    )


# ================================================================ armour


def test_eight_diagram_red_judgement_is_a_shan() -> None:
    """八卦阵 eight_diagram: asked for a Shan, the wearer may judge; red counts as a Shan."""
    g = quiet_table()
    equip(g, 2, cid("eight_diagram", "♠2"))
    play(g, f"use 1 #{cid('sha', '♠7')} -> 2", f"judge 2 #{cid('tao', '♥3')}")
    assert hp(g, 2) == 4 and not g.state.stack
    assert g.state.where[cid("tao", "♥3")] == "discard"


def test_eight_diagram_black_judgement_then_a_shan_is_still_asked() -> None:
    """八卦阵 eight_diagram: a black judgement fails; the wearer is still asked, once."""
    g = quiet_table()
    equip(g, 2, cid("eight_diagram", "♠2"))
    play(g, f"use 1 #{cid('sha', '♠7')} -> 2", f"judge 2 #{cid('sha', '♠8')}")
    shan_asked_of(g, 2)
    refused(g, f"judge 2 #{cid('tao', '♥4')}", "八卦阵 is tried once for each 闪 needed")
    play(g, "pass 2")
    assert hp(g, 2) == 3


def test_eight_diagram_answers_archery_attack_too() -> None:
    """八卦阵 eight_diagram works whenever the wearer must use or play a Shan: 万箭齐发."""
    g = quiet_table()
    equip(g, 2, cid("eight_diagram", "♠2"))
    play(g, f"use 1 #{cid('archery_attack')}", "pass")
    shan_asked_of(g, 2)
    play(g, f"judge 2 #{cid('tao', '♥3')}")
    assert hp(g, 2) == 4
    assert "seat 3" in str(nullification_asked(g).reason)


def test_eight_diagram_counts_one_of_two_against_wushuang() -> None:
    """八卦阵 against 吕布's 无双 Sha: a red judgement is one Shan; a second is needed."""
    g = table(["lvbu", "zhangliao", "xuchu", "zhangfei"])
    to_play_phase(g)
    equip(g, 2, cid("eight_diagram", "♠2"))
    play(g, f"use 1 #{cid('sha', '♠7')} -> 2", f"judge 2 #{cid('tao', '♥3')}")
    ask = shan_asked_of(g, 2)
    assert ask.got == 1 and ask.need == 2
    play(g, f"respond 2 #{cid('shan', '♥2')}")
    assert hp(g, 2) == 4 and not g.state.stack


def test_eight_diagram_may_judge_for_each_shan_against_wushuang() -> None:
    """八卦阵's text: *each time* its wearer needs to use a Shan it may judge. Against
    无双 a Shan is needed twice, so it may judge a second time after a first red one."""
    g = table(["lvbu", "zhangliao", "xuchu", "zhangfei"])
    to_play_phase(g)
    equip(g, 2, cid("eight_diagram", "♠2"))
    play(g, f"use 1 #{cid('sha', '♠7')} -> 2", f"judge 2 #{cid('tao', '♥3')}")
    play(g, f"judge 2 #{cid('tao', '♥4')}")
    assert hp(g, 2) == 4 and not g.state.stack


def test_eight_diagram_needs_the_armour() -> None:
    """八卦阵: a seat without it cannot judge for a Shan."""
    g = quiet_table()
    play(g, f"use 1 #{cid('sha', '♠7')} -> 2")
    refused(g, f"judge 2 #{cid('tao', '♥3')}", "seat 2 has no 八卦阵")


def test_nioh_shield_stops_black_sha_only() -> None:
    """仁王盾 nioh_shield (compulsory): a black Sha has no effect on its wearer; a red
    one does."""
    g = quiet_table()
    equip(g, 2, cid("nioh_shield"))
    play(g, f"use 1 #{cid('sha', '♠7')} -> 2")
    assert not g.state.stack and hp(g, 2) == 4
    g = quiet_table()
    equip(g, 2, cid("nioh_shield"))
    play(g, f"use 1 #{cid('sha', '♥10')} -> 2")
    shan_asked_of(g, 2)
    play(g, "pass 2")
    assert hp(g, 2) == 3


def test_vine_armour_stops_ordinary_sha_and_mass_attacks() -> None:
    """藤甲 vine_armour (compulsory): ordinary Sha, 南蛮入侵 and 万箭齐发 have no effect."""
    g = quiet_table()
    equip(g, 2, cid("vine_armour", "♠2"))
    play(g, f"use 1 #{cid('sha', '♠7')} -> 2")
    assert not g.state.stack and hp(g, 2) == 4
    play(g, f"use 1 #{cid('savage_assault', '♠7')}")
    # No effect on seat 2, so nobody is asked to nullify it for seat 2 nor is it asked
    # for a Sha: the settlement is at the next target, seat 3
    assert "seat 3" in str(nullification_asked(g).reason)
    play(g, "pass", "pass 3", "pass", "pass 4")
    assert [hp(g, s) for s in (2, 3, 4)] == [4, 3, 3]
    assert not g.state.stack


def test_vine_armour_fire_plus_one_thunder_normal() -> None:
    """藤甲 vine_armour: fire damage to the wearer is 1 more; a thunder Sha is not stopped."""
    g = quiet_table()
    equip(g, 2, cid("vine_armour", "♠2"))
    play(g, f"use 1 #{cid('fire_sha', '♥4')} -> 2", "pass 2")
    assert hp(g, 2) == 2
    g = quiet_table()
    equip(g, 2, cid("vine_armour", "♠2"))
    play(g, f"use 1 #{cid('thunder_sha', '♠4')} -> 2", "pass 2")
    assert hp(g, 2) == 3


def test_silver_lion_caps_damage_at_one() -> None:
    """白银狮子 silver_lion (compulsory): damage of more than 1 to the wearer is 1."""
    g = quiet_table()
    equip(g, 2, cid("silver_lion"))
    play(g, f"use 1 #{cid('jiu', '♠3')}", f"use 1 #{cid('sha', '♠7')} -> 2", "pass 2")
    assert hp(g, 2) == 3


def test_silver_lion_leaving_heals_the_wounded_wearer() -> None:
    """白银狮子 silver_lion: when it leaves the equipment zone, a wounded wearer recovers
    1 HP (here 过河拆桥 discards it)."""
    g = quiet_table()
    lion = cid("silver_lion")
    equip(g, 2, lion)
    play(g, "!losehp 2 2")
    play(g, f"use 1 #{cid('dismantlement', '♠3')} -> 2", "pass", f"discard 2 #{lion}")
    assert hp(g, 2) == 3 and g.state.where[lion] == "discard"


def test_silver_lion_replaced_heals_and_full_hp_gains_nothing() -> None:
    """白银狮子 silver_lion: replaced by another armour it leaves too; a wearer at full HP
    recovers nothing."""
    g = quiet_table()
    lion = cid("silver_lion")
    play(g, f"use 1 #{lion}", "!damage 1 1", f"use 1 #{cid('nioh_shield')}")
    assert hp(g, 1) == 4 and g.state.where[lion] == "discard"
    g = quiet_table()
    play(g, f"use 1 #{lion}", f"use 1 #{cid('nioh_shield')}")
    assert hp(g, 1) == 4 and g.state.seat(1).max_hp == 4


# ================================================================ horses


def test_horses_change_distances() -> None:
    """+1 马 (防御马): others are 1 farther from its wearer; -1 马 (进攻马): its wearer is
    1 closer to others (never below 1)."""
    g = quiet_table(5)
    s = g.state
    assert [distance(s, 1, x).value for x in (2, 3, 4, 5)] == [1, 2, 2, 1]  # type: ignore[union-attr]
    play(g, f"use 1 #{cid('chitu')}")
    equip(g, 3, cid("dilu"))
    s = g.state
    assert [distance(s, 1, x).value for x in (2, 3, 4, 5)] == [1, 2, 1, 1]  # type: ignore[union-attr]
    assert distance(s, 2, 3).value == 2  # type: ignore[union-attr]
    assert distance(s, 3, 1).value == 2  # type: ignore[union-attr]
    assert check_target(s, 1, kind("snatch"), 4).legal
    assert not check_target(s, 1, kind("snatch"), 3).legal


# ================================================================ trick cards


def test_collateral_wielder_uses_a_sha_on_the_victim() -> None:
    """借刀杀人 collateral: names two seats: a wielder (with a weapon), who uses a Sha on
    the second (in the wielder's range) or gives his weapon to the user."""
    g = quiet_table()
    equip(g, 2, cid("blade"))
    play(g, f"use 1 #{cid('collateral', '♣Q')} -> 2,4")
    nullification_asked(g)
    play(g, "pass")
    ask = asked(g.state)
    assert ask.want == "sha" and ask.asked == 2
    refused(g, f"use 2 #{cid('sha', '♠7')} -> 3", "借刀杀人: the Sha goes to seat 4")
    play(g, f"use 2 #{cid('sha', '♠7')} -> 4")
    shan_asked_of(g, 4)
    play(g, "pass 4")
    assert hp(g, 4) == 3 and g.state.seat(2).weapon == cid("blade")


def test_collateral_no_sha_the_weapon_goes_to_the_user() -> None:
    """借刀杀人 collateral: if the wielder does not, the user gains his weapon."""
    g = quiet_table()
    blade = cid("blade")
    equip(g, 2, blade)
    play(g, f"use 1 #{cid('collateral', '♣Q')} -> 2,4", "pass", "pass 2")
    assert g.state.where[blade] == "hand:1" and g.state.seat(2).weapon is None
    assert not g.state.stack


def test_collateral_refusals() -> None:
    """借刀杀人 collateral: two seats; the victim in the wielder's attack range."""
    g = quiet_table()
    equip(g, 2, cid("crossbow", "♣A"))  # range 1: seat 4 is 2 away from seat 2
    refused(g, f"use 1 #{cid('collateral', '♣Q')} -> 2", "借刀杀人 names two seats")
    refused(g, f"use 1 #{cid('collateral', '♣Q')} -> 2,4", "seat 4 is not in seat 2's attack range")
    refused(g, f"use 1 #{cid('collateral', '♣Q')} -> 3,4", "seat 3: no weapon")


def test_iron_chain_one_or_two_targets() -> None:
    """铁索连环 iron_chain: one or two targets, each chained or unchained in turn (each
    may be 无懈可击'd)."""
    g = quiet_table()
    play(g, f"use 1 #{cid('iron_chain', '♠J')} -> 2")
    nullification_asked(g)
    play(g, "pass")
    assert g.state.seat(2).chained and not g.state.stack
    play(g, f"use 1 #{cid('iron_chain', '♠Q')} -> 2,3", "pass")
    nullification_asked(g)
    play(g, "pass")
    s = g.state
    assert not s.seat(2).chained and s.seat(3).chained
    refused(g, f"use 1 #{cid('iron_chain', '♣10')} -> 2,3,4", "铁索连环 takes one or two targets")


def test_iron_chain_recast_draws_one() -> None:
    """铁索连环 iron_chain may be recast (重铸): put into the discard pile, draw one."""
    g = quiet_table()
    chain = cid("iron_chain", "♠J")
    pile = g.state.draw_pile
    play(g, f"recast 1 #{chain}")
    s = g.state
    assert s.where[chain] == "discard" and s.seat(1).hand_count == 6
    assert s.draw_pile == pile - 1


def test_fire_attack_matching_suit_deals_fire_damage() -> None:
    """火攻 fire_attack: the target shows a hand card; the user may discard a hand card
    of the same suit to deal 1 fire damage."""
    g = quiet_table()
    play(g, f"use 1 #{cid('fire_attack', '♥2')} -> 2", "pass")
    expecting(g, "show", 2)
    play(g, f"show 2 #{cid('tao', '♥3')}")
    frame = expecting(g, "fire_discard", 1)
    assert frame.suit == "heart"
    refused(g, f"discard 1 #{cid('sha', '♠7')}", "火攻 needs a heart card")
    play(g, f"discard 1 #{cid('sha', '♥10')}")
    assert hp(g, 2) == 3
    assert g.state.where[cid("tao", "♥3")] == "hand:2"
    assert not g.state.stack


def test_fire_attack_on_vine_armour_burns_for_two() -> None:
    """火攻 + 藤甲: 火攻's fire damage to a 藤甲 wearer is 1 more."""
    g = quiet_table()
    equip(g, 2, cid("vine_armour", "♠2"))
    play(g, f"use 1 #{cid('fire_attack', '♥2')} -> 2", "pass", f"show 2 #{cid('tao', '♥3')}")
    play(g, f"discard 1 #{cid('sha', '♥10')}")
    assert hp(g, 2) == 2


def test_fire_attack_user_passes() -> None:
    """火攻 fire_attack: the user may discard nothing: no damage."""
    g = quiet_table()
    play(g, f"use 1 #{cid('fire_attack', '♥2')} -> 2", "pass", f"show 2 #{cid('tao', '♥3')}")
    play(g, "pass 1")
    assert hp(g, 2) == 4 and not g.state.stack


def test_fire_attack_needs_a_target_with_hand_cards() -> None:
    """火攻 fire_attack: the target must have a hand card."""
    g = quiet_table()
    play(g, "!discard 2 x4")
    refused(g, f"use 1 #{cid('fire_attack', '♥2')} -> 2", "seat 2: no hand cards")


def test_amazing_grace_each_living_seat_picks_in_order() -> None:
    """五谷丰登 amazing_grace: turn over as many cards as living players; each, from the
    user in seat order, takes one."""
    g = quiet_table()
    play(g, f"use 1 #{cid('amazing_grace', '♥3')}")
    frame = expecting(g, "reveal", 1)
    assert frame.counts == (4,)
    refused(g, "move #1 #2 #3 -> processing", "五谷丰登 turns over 4 cards")
    play(g, "move #1 #2 #3 #4 -> processing")
    for seat, picked in zip((1, 2, 3, 4), (3, 1, 4, 2), strict=True):
        nullification_asked(g)
        play(g, "pass")
        expecting(g, "pick", seat)
        play(g, f"move #{picked} -> hand:{seat}")
        assert g.state.where[picked] == f"hand:{seat}"
    s = g.state
    assert not s.stack and not s.processing
    assert s.where[cid("amazing_grace", "♥3")] == "discard"


def test_amazing_grace_counts_living_seats_only() -> None:
    """五谷丰登 amazing_grace: as many cards as *living* players; the dead pick nothing."""
    g = quiet_table(5)
    play(g, "!damage 3 4", "pass", "role 3 rebel")
    play(g, f"use 1 #{cid('amazing_grace', '♥3')}")
    assert expecting(g, "reveal", 1).counts == (4,)
    play(g, "move #1 #2 #3 #4 -> processing")
    for seat, picked in zip((1, 2, 4, 5), (1, 2, 3, 4), strict=True):
        play(g, "pass")
        expecting(g, "pick", seat)
        play(g, f"move #{picked} -> hand:{seat}")
    assert not g.state.stack and not g.state.processing


def test_amazing_grace_nullified_for_one_seat_leftover_discarded() -> None:
    """五谷丰登: a seat whose share is 无懈可击'd takes nothing; the card left over at the
    end goes to the discard pile."""
    g = quiet_table()
    play(g, f"use 1 #{cid('amazing_grace', '♥3')}", "move #1 #2 #3 #4 -> processing")
    play(g, "pass", "move #1 -> hand:1")
    assert "seat 2" in str(nullification_asked(g).reason)
    play(g, f"respond 3 #{cid('nullification', '♠J')}", "pass")
    assert "seat 3" in str(nullification_asked(g).reason)
    play(g, "pass", "move #2 -> hand:3", "pass", "move #3 -> hand:4")
    s = g.state
    assert not s.stack and not s.processing
    assert s.where[4] == "discard" and s.seat(2).hand_count == 4


def test_amazing_grace_pick_refusals() -> None:
    """五谷丰登: a seat takes one of the cards turned over, nothing else."""
    g = quiet_table()
    play(g, f"use 1 #{cid('amazing_grace', '♥3')}", "move #1 #2 #3 #4 -> processing", "pass")
    refused(g, "move #5 -> hand:1", "五谷丰登: take one of the cards turned over")
    refused(g, "move #1 #2 -> hand:1", "五谷丰登: take one of the cards turned over")


def test_jiu_next_sha_deals_one_more_once_per_turn() -> None:
    """酒 jiu: once per turn; the next Sha this turn deals 1 more damage."""
    g = quiet_table()
    play(g, f"use 1 #{cid('jiu', '♠3')}")
    assert g.state.turn.drunk
    refused(g, f"use 1 #{cid('jiu', '♠9')}", "酒 once per turn")
    play(g, f"use 1 #{cid('sha', '♠7')} -> 2", "pass 2")
    assert hp(g, 2) == 2 and not g.state.turn.drunk


def test_jiu_saves_the_dying_drinker_only() -> None:
    """酒 jiu: while dying, one's own 酒 recovers 1 HP; it saves no one else."""
    g = quiet_table()
    play(g, "!damage 2 4")
    refused(g, f"respond 1 #{cid('jiu', '♠3')}", "酒 saves only the dying drinker")
    play(g, "pass 1", f"respond 2 #{cid('jiu', '♠3')}")
    assert hp(g, 2) == 1 and not g.state.stack


# ================================================================ known faults, now fixed


def test_fault_minus_horse_spent_as_sha_no_longer_shortens() -> None:
    """001 基本原则: a card being used is no longer equipment. 关羽's red -1 horse (赤兔)
    used as a Sha with 武圣 does not shorten the distance for that Sha's target."""
    g = table(["guanyu", "zhangliao", "xuchu", "zhangfei"])
    to_play_phase(g)
    chitu = cid("chitu")
    play(g, f"use 1 #{chitu}")
    assert distance(g.state, 1, 3).value == 1  # type: ignore[union-attr]
    assert attack_range(g.state, 1).value == 1
    refused(g, f"use 1 #{chitu} as sha -> 3", "seat 3: distance 2 > attack range 1")
    play(g, f"use 1 #{chitu} as sha -> 2")  # seat 2 is beside him anyway
    assert g.state.seat(1).offensive_horse is None
    shan_asked_of(g, 2)


def test_fault_minus_horse_kept_while_another_card_is_the_sha() -> None:
    """The horse still counts when another red card is the Sha (武圣 from the hand)."""
    g = table(["guanyu", "zhangliao", "xuchu", "zhangfei"])
    to_play_phase(g)
    play(g, f"use 1 #{cid('chitu')}", f"use 1 #{cid('tao', '♥3')} as sha -> 3")
    shan_asked_of(g, 3)


def test_fault_luoyi_extra_damage() -> None:
    """裸衣 luoyi: drawing one card fewer, his Sha and Duel deal 1 more damage this turn."""
    g = table(["xuchu", "zhangliao", "zhangfei", "zhaoyun"])
    play(g, "skill 1 luoyi")
    refused(g, "draw 1 x2", "seat 1 draws 1 in the draw phase, not 2")
    play(g, "draw 1 x1")
    assert hand(g, 1) == 5
    play(g, f"use 1 #{cid('sha', '♠7')} -> 2", "pass 2")
    assert hp(g, 2) == 2
    play(g, f"use 1 #{cid('duel', '♠A')} -> 3", "pass", "pass 3")
    assert hp(g, 3) == 2


def test_fault_luoyi_not_when_he_loses_the_duel() -> None:
    """裸衣 luoyi adds to the damage *he* deals; losing his Duel he takes the usual 1."""
    g = table(["xuchu", "zhangliao", "zhangfei", "zhaoyun"])
    play(g, "skill 1 luoyi", "draw 1 x1")
    play(g, f"use 1 #{cid('duel', '♠A')} -> 2", "pass", f"respond 2 #{cid('sha', '♠7')}")
    play(g, "pass 1")
    assert hp(g, 1) == 3


def test_fault_tuxi_refuses_a_third_player() -> None:
    """突袭 tuxi: instead of drawing, take a hand card from each of *up to two* others."""
    g = table(["zhangliao", "xuchu", "zhangfei", "zhaoyun"])
    refused(g, "skill 1 tuxi -> 2,3,4", "突袭: one or two other players, not more")
    play(g, "skill 1 tuxi -> 2,3")
    assert hand(g, 1) == 6 and hand(g, 2) == 3 and hand(g, 3) == 3


def test_fault_eight_diagram_refused_against_qinggang_sword() -> None:
    """青釭剑 ignores armour: 八卦阵 cannot be tried against its Sha; the Shan is asked."""
    g = quiet_table()
    equip(g, 2, cid("eight_diagram", "♣2"))
    play(g, f"use 1 #{cid('qinggang_sword')}", f"use 1 #{cid('sha', '♠7')} -> 2")
    refused(g, f"judge 2 #{cid('tao', '♥3')}", "青釭剑 ignores 八卦阵")
    shan_asked_of(g, 2)
    play(g, "pass 2")
    assert hp(g, 2) == 3


def test_fault_god_salvation_skips_full_hp_seats() -> None:
    """桃园结义 god_salvation: every *wounded* player recovers 1; seats at full HP are not
    targets, so nobody is asked about 无懈可击 for them."""
    g = quiet_table()
    play(g, "!damage 3 1")
    play(g, f"use 1 #{cid('god_salvation')}")
    use = g.state.stack[0]
    assert isinstance(use, CardUse) and use.targets == (3,)
    ask = nullification_asked(g)
    assert "seat 3" in str(ask.reason)
    play(g, "pass")
    assert not g.state.stack
    assert [hp(g, s) for s in (1, 2, 3, 4)] == [4, 4, 4, 4]


def test_fault_a_seat_that_passed_cannot_answer_the_same_request() -> None:
    """004 §8: a player who declined to respond cannot respond to the same request."""
    g = quiet_table()
    play(g, f"use 1 #{cid('duel', '♠A')} -> 2")
    nullification_asked(g)
    play(g, "pass 2")
    refused(g, f"respond 2 #{cid('nullification', '♠J')}", "seat 2 passed on this already (004 §8)")
    play(g, f"respond 3 #{cid('nullification', '♠J')}")
    # a new 无懈可击 is a new request: seat 2 may answer it
    play(g, f"respond 2 #{cid('nullification', '♣Q')}")
    play(g, "pass")
    ask = asked(g.state)
    assert ask.want == "sha" and ask.asked == 2


def test_fault_jiuyuan_applied() -> None:
    """救援 jiuyuan (孙权, lord, compulsory): another 吴 player's Peach on the dying lord
    recovers 2; a non-吴 player's 1."""
    g = table(["sunquan", "zhangliao", "zhouyu", "xuchu"])
    to_play_phase(g)
    play(g, "!damage 1 4", "pass 1", "pass 2", f"respond 3 #{cid('tao', '♥3')}")
    assert hp(g, 1) == 2
    play(g, "!damage 1 2", "pass 1", f"respond 2 #{cid('tao', '♥4')}")
    assert hp(g, 1) == 1
