"""The skills of the 魏 (wei) and 蜀 (shu) standard generals, settled as rules.

Each test names the skill (Chinese name and key of generals.toml) and
paraphrases the standard (标准版) skill text it follows. For the timing
skills the tests check that the window opens at the right moment for the
right seat, that declining (``pass SEAT``) lets the settlement go on as
before, that using it has its exact effect, and that it is not offered when
its condition fails; refusals leave the game exactly as it was.
"""

from __future__ import annotations

from engine.derived import check_target, distance, kind, sha_uses_left
from engine.frames import (
    Ask,
    CardUse,
    Expect,
    Judgement,
    Point,
    Window,
)
from engine.game import Game
from engine.state import Phase
from tests.engine.helpers import (
    asked,
    cid,
    end_turn,
    no_window,
    play,
    refused,
    table,
    to_play_phase,
    top,
)
from tests.engine.helpers import expecting as expect
from tests.engine.helpers import window_for as window

# ---------------------------------------------------------------- helpers


def hands(g: Game, *seats: int) -> tuple[int, ...]:
    return tuple(g.state.seat(s).hand_count for s in seats)


def hp(g: Game, seat: int) -> int:
    return g.state.seat(seat).hp


def to_turn_of(g: Game, seat: int) -> None:
    """End plain turns until ``seat``'s turn has begun."""
    for _ in range(12):
        if g.state.turn.seat == seat:
            return
        end_turn(g)
    raise AssertionError(f"seat {seat}'s turn never came")


SHA_S7 = cid("sha", "♠7")
SHA_S8 = cid("sha", "♠8")
SHA_S8B = cid("sha", "♠8", 1)
SHA_S9 = cid("sha", "♠9")
SHA_C2 = cid("sha", "♣2")
SHA_H10 = cid("sha", "♥10")
SHAN_H2 = cid("shan", "♥2")
SHAN_H2B = cid("shan", "♥2", 1)
SHAN_D2 = cid("shan", "♦2")
TAO_H3 = cid("tao", "♥3")
TAO_H4 = cid("tao", "♥4")
DUEL = cid("duel", "♠A")
SAVAGE = cid("savage_assault", "♠7")
INDULGENCE = cid("indulgence", "♠6")
EX_NIHILO = cid("ex_nihilo", "♥7")


# ================================================================ 魏 wei
# ---------------------------------------------------------------- 曹操 奸雄


def _caocao_hit_by_sha() -> Game:
    """曹操 (seat 2, not the lord) takes 1 damage from seat 1's Sha ♠7."""
    g = table(["xuchu", "caocao", "zhangliao", "ganning"])
    to_play_phase(g)
    play(g, f"use 1 #{SHA_S7} -> 2")
    assert asked(g.state).asked == 2
    no_window(g)  # not the lord: no 护驾
    play(g, "pass 2")
    return g


def test_jianxiong_gains_the_sha_that_hurt_him() -> None:
    """奸雄 jianxiong: after taking damage, 曹操 may gain the card that caused it."""
    g = _caocao_hit_by_sha()
    window(g, Point.AFTER_DAMAGE, 2)
    assert hp(g, 2) == 3
    before = g.state.seat(2).hand_count
    play(g, "skill 2 jianxiong")
    s = g.state
    assert s.where.get(SHA_S7) == "hand:2"
    assert s.seat(2).hand_count == before + 1
    assert SHA_S7 not in s.discard_pile and not s.stack


def test_jianxiong_declined_the_sha_is_discarded() -> None:
    """奸雄 jianxiong is optional: declined, the Sha goes to the discard pile as usual."""
    g = _caocao_hit_by_sha()
    before = g.state.seat(2).hand_count
    play(g, "pass 2")
    s = g.state
    assert s.where.get(SHA_S7) == "discard"
    assert s.seat(2).hand_count == before and not s.stack


def test_jianxiong_gains_the_duel_he_lost() -> None:
    """奸雄 jianxiong: the card that caused the damage is the 决斗, even when it was his own."""
    g = table(["caocao", "xiahoudun", "zhangliao", "xuchu"])
    to_play_phase(g)
    play(g, f"use 1 #{DUEL} -> 4", "pass", f"respond 4 #{SHA_S7}")
    assert asked(g.state).asked == 1
    play(g, "pass 1")  # no Sha (no 激将 for 曹操): 1 damage to 曹操
    window(g, Point.AFTER_DAMAGE, 1)
    play(g, "skill 1 jianxiong")
    assert g.state.where.get(DUEL) == "hand:1"
    assert g.state.where.get(SHA_S7) == "discard"  # the Sha played in the duel is not his


def test_jianxiong_gains_the_lightning_that_struck_him() -> None:
    """奸雄 jianxiong: 闪电 is the card that caused its damage; 曹操 may gain it."""
    g = table(["caocao", "xiahoudun", "zhangliao", "xuchu"])
    to_play_phase(g)
    lightning = cid("lightning", "♠A")
    play(g, f"use 1 #{lightning}")
    end_turn(g)
    to_turn_of(g, 1)
    play(g, "pass", f"judge 1 #{SHA_S7}")  # ♠7: it strikes
    assert hp(g, 1) == 1
    window(g, Point.AFTER_DAMAGE, 1)
    play(g, "skill 1 jianxiong")
    assert g.state.where.get(lightning) == "hand:1"


def test_jianxiong_not_offered_for_damage_without_a_card() -> None:
    """奸雄 jianxiong needs a card that caused the damage: none for damage dealt by a skill."""
    g = table(["xuchu", "caocao", "zhangliao", "ganning"])
    to_play_phase(g)
    play(g, "!damage 2 1 from 1")
    assert hp(g, 2) == 3
    assert not g.state.stack


def test_jianxiong_takes_no_cards_or_targets() -> None:
    """奸雄 jianxiong only gains the damaging card: no cards or targets of its own."""
    g = _caocao_hit_by_sha()
    refused(g, f"skill 2 jianxiong #{SHA_S8}", "奸雄 takes no cards or targets here")
    refused(g, "skill 2 jianxiong -> 1", "奸雄 takes no cards or targets here")


# ---------------------------------------------------------------- 曹操 护驾 (lord)


def _lord_caocao_asked_for_shan() -> Game:
    """Lord 曹操 (seat 1); seat 2 is 吴, seats 3 and 4 魏. Seat 2's Sha targets him."""
    g = table(["caocao", "ganning", "zhangliao", "xuchu"])
    to_turn_of(g, 2)
    to_play_phase(g)
    play(g, f"use 2 #{SHA_S7} -> 1")
    return g


def test_hujia_window_opens_when_the_lord_is_asked_for_shan() -> None:
    """护驾 hujia (主公技): when 曹操 needs a Shan, he may ask the other 魏 characters."""
    g = _lord_caocao_asked_for_shan()
    window(g, Point.SHAN_NEEDED, 1)
    ask = asked(g.state)
    assert ask.want == "shan" and ask.asked == 1


def test_hujia_helper_shan_answers_for_the_lord() -> None:
    """护驾 hujia: the other 魏 characters are asked in seat order (the 吴 seat is not);
    one Shan played by a helper is the lord's Shan: the Sha is dodged."""
    g = _lord_caocao_asked_for_shan()
    play(g, "skill 1 hujia")
    ask = top(g)
    assert isinstance(ask, Ask) and ask.want == "shan" and ask.helping
    assert ask.seats == (3, 4) and ask.asked == 3 and ask.for_seat == 1
    play(g, "pass 3")
    assert asked(g.state).asked == 4
    play(g, f"respond 4 #{SHAN_H2}")
    s = g.state
    assert s.seat(1).hp == 4
    assert s.where.get(SHAN_H2) == "discard" and s.where.get(SHA_S7) == "discard"
    assert not s.stack


def test_hujia_all_helpers_pass_the_lord_is_asked_himself() -> None:
    """护驾 hujia: when no 魏 character plays a Shan, the lord is still asked for his own."""
    g = _lord_caocao_asked_for_shan()
    play(g, "skill 1 hujia", "pass 3", "pass 4")
    ask = top(g)
    assert isinstance(ask, Ask) and ask.want == "shan" and ask.asked == 1
    assert not ask.helping
    play(g, f"respond 1 #{SHAN_H2}")
    assert hp(g, 1) == 4 and not g.state.stack


def test_hujia_declined_the_lord_answers_himself() -> None:
    """护驾 hujia is optional: declined, the lord alone is asked; no Shan: 1 damage."""
    g = _lord_caocao_asked_for_shan()
    play(g, "pass 1")
    ask = top(g)
    assert isinstance(ask, Ask) and ask.asked == 1 and not ask.helping
    play(g, "pass 1")
    assert hp(g, 1) == 3


def test_hujia_a_helper_who_passed_cannot_answer_later() -> None:
    """004 §8: a seat that declined a request cannot answer it afterwards."""
    g = _lord_caocao_asked_for_shan()
    play(g, "skill 1 hujia", "pass 3")
    refused(g, f"respond 3 #{SHAN_H2}", "seat 4 is asked, not seat 3")


def test_hujia_helper_must_play_a_shan() -> None:
    """护驾 hujia: the helper asked now answers with a Shan; nothing else, nobody else."""
    g = _lord_caocao_asked_for_shan()
    play(g, "skill 1 hujia")
    refused(g, f"respond 3 #{SHA_S8}", "杀 does not answer a request for 闪")
    refused(g, f"respond 2 #{SHAN_H2}", "seat 3 is asked, not seat 2")


def test_hujia_helper_may_play_a_converted_shan() -> None:
    """护驾 hujia: the helper plays a Shan as he can, e.g. 甄姬's 倾国 black card."""
    g = table(["caocao", "ganning", "zhenji", "xuchu"])
    to_turn_of(g, 2)
    to_play_phase(g)
    play(g, f"use 2 #{SHA_S7} -> 1", "skill 1 hujia", f"respond 3 #{SHA_C2} as shan")
    assert hp(g, 1) == 4 and not g.state.stack


def test_hujia_against_archery_attack() -> None:
    """护驾 hujia: any request for a Shan, e.g. 万箭齐发's."""
    g = table(["caocao", "ganning", "zhangliao", "xuchu"])
    to_turn_of(g, 2)
    to_play_phase(g)
    play(g, f"use 2 #{cid('archery_attack')}")
    play(g, "pass", "pass 3", "pass", "pass 4", "pass")  # seats 3 and 4 take 1 each
    window(g, Point.SHAN_NEEDED, 1)
    play(g, "skill 1 hujia", "pass 3", f"respond 4 #{SHAN_H2}")
    assert hp(g, 1) == 4 and hp(g, 3) == 3 and hp(g, 4) == 3
    assert not g.state.stack


def test_hujia_not_offered_without_other_wei_characters() -> None:
    """护驾 hujia needs another living 魏 character."""
    g = table(["caocao", "ganning", "zhangfei", "lvmeng"])
    to_turn_of(g, 2)
    to_play_phase(g)
    play(g, f"use 2 #{SHA_S7} -> 1")
    no_window(g)
    assert isinstance(top(g), Ask) and asked(g.state).asked == 1


def test_hujia_is_the_lords_only() -> None:
    """护驾 is a lord skill (主公技): 曹操 who is not the lord has no 护驾."""
    g = table(["ganning", "caocao", "zhangliao", "xuchu"])
    to_play_phase(g)
    play(g, f"use 1 #{SHA_S7} -> 2")
    no_window(g)
    refused(g, "skill 2 hujia", "seat 2 has no 护驾 (hujia)")


# ---------------------------------------------------------------- 司马懿 反馈


def _simayi_hit_by(g: Game, sha: int = SHA_S7) -> None:
    """Seat 1 uses a Sha on 司马懿 (seat 2), who takes it."""
    play(g, f"use 1 #{sha} -> 2", "pass 2")


def test_fankui_takes_an_unseen_hand_card_at_once() -> None:
    """反馈 fankui: after taking damage, 司马懿 takes one card of the source. When the
    source has only unseen hand cards, any one of them is taken at once."""
    g = table(["xuchu", "simayi", "zhangliao", "ganning"])
    to_play_phase(g)
    _simayi_hit_by(g)
    window(g, Point.AFTER_DAMAGE, 2)
    before = hands(g, 1, 2)
    play(g, "skill 2 fankui")
    assert hands(g, 1, 2) == (before[0] - 1, before[1] + 1)
    assert not g.state.stack


def test_fankui_takes_an_equipment_card_or_a_hand_card() -> None:
    """反馈 fankui: the card may come from the source's equipment (the table says which)."""
    g = table(["xuchu", "simayi", "zhangliao", "ganning"])
    to_play_phase(g)
    crossbow = cid("crossbow", "♣A")
    play(g, f"use 1 #{crossbow}")
    _simayi_hit_by(g)
    play(g, "skill 2 fankui")
    e = expect(g, "take_one", 2)
    assert e.other == 1 and e.zones == "he"
    refused(g, "take 2 <- 1 x2", "exactly one card")
    refused(g, "take 3 <- 1 x1", "seat 2 takes the card, not seat 3")
    play(g, f"take 2 <- 1 #{crossbow}")
    s = g.state
    assert s.where.get(crossbow) == "hand:2" and s.seat(1).weapon is None
    assert not s.stack


def test_fankui_cannot_take_from_the_judgement_zone() -> None:
    """反馈 fankui takes a card of the hand or equipment, never of the judgement zone."""
    g = table(["xuchu", "simayi", "zhangliao", "ganning"])
    to_play_phase(g)
    play(g, f"!move #{INDULGENCE} from hand:1 -> judge:1 as indulgence")
    _simayi_hit_by(g)
    before = hands(g, 1, 2)
    play(g, "skill 2 fankui")  # only unseen hand cards to take: one is taken at once
    assert hands(g, 1, 2) == (before[0] - 1, before[1] + 1)
    assert g.state.where.get(INDULGENCE) == "judge:1" and not g.state.stack


def test_fankui_refuses_a_judgement_zone_card() -> None:
    """反馈 fankui: with equipment to choose from, a card of the judgement zone is refused."""
    g = table(["xuchu", "simayi", "zhangliao", "ganning"])
    to_play_phase(g)
    crossbow = cid("crossbow", "♣A")
    play(g, f"use 1 #{crossbow}")
    play(g, f"!move #{INDULGENCE} from hand:1 -> judge:1 as indulgence")
    _simayi_hit_by(g)
    play(g, "skill 2 fankui")
    expect(g, "take_one", 2)
    refused(g, f"take 2 <- 1 #{INDULGENCE}", "seat 1's judgement zone")
    play(g, "take 2 <- 1 x1")
    assert g.state.where.get(INDULGENCE) == "judge:1"
    assert g.state.where.get(crossbow) == "equip:1"


def test_fankui_declined_nothing_is_taken() -> None:
    """反馈 fankui is optional (可以): declined, no card changes hands."""
    g = table(["xuchu", "simayi", "zhangliao", "ganning"])
    to_play_phase(g)
    _simayi_hit_by(g)
    before = hands(g, 1, 2)
    play(g, "pass 2")
    assert hands(g, 1, 2) == before and not g.state.stack


def test_fankui_not_offered_when_the_source_has_no_cards() -> None:
    """反馈 fankui needs a card to take: the Sha was the source's last card."""
    g = table(["xuchu", "simayi", "zhangliao", "ganning"])
    to_play_phase(g)
    play(g, "!discard 1 x5")  # keeps one unseen card: the Sha
    _simayi_hit_by(g)
    assert g.state.seat(1).card_count == 0
    assert hp(g, 2) == 2
    assert not g.state.stack


def test_fankui_not_offered_without_a_source() -> None:
    """反馈 fankui takes from the damage source: damage without a source offers nothing."""
    g = table(["xuchu", "simayi", "zhangliao", "ganning"])
    to_play_phase(g)
    play(g, "!damage 2 1")
    assert hp(g, 2) == 2 and not g.state.stack


# ---------------------------------------------------------------- 司马懿 鬼才


def _indulgence_judged_on_seat_2(generals: list[str]) -> Game:
    """Seat 1 puts 乐不思蜀 on seat 2; in seat 2's judgement phase nobody nullifies it."""
    g = table(generals)
    to_play_phase(g)
    play(g, f"use 1 #{INDULGENCE} -> 2")
    end_turn(g)
    assert g.state.turn.seat == 2 and g.state.turn.phase is Phase.JUDGEMENT
    play(g, "pass")  # no 无懈可击
    expect(g, "judge", 2)
    return g


def test_guicai_replaces_another_seats_judgement_card() -> None:
    """鬼才 guicai: before any judgement card takes effect, 司马懿 may play a hand card
    to replace it; the new card decides: a heart, so 乐不思蜀 fails."""
    g = _indulgence_judged_on_seat_2(["xuchu", "zhangliao", "simayi", "ganning"])
    play(g, f"judge 2 #{SHA_S8}")
    window(g, Point.JUDGE_BEFORE, 3)
    j = g.state.stack[-2]
    assert isinstance(j, Judgement) and j.card == SHA_S8
    before = g.state.seat(3).hand_count
    play(g, f"skill 3 guicai #{TAO_H3}")
    s = g.state
    assert s.seat(3).hand_count == before - 1
    assert s.where.get(SHA_S8) == "discard"  # the replaced card
    assert s.where.get(TAO_H3) == "discard"  # the new card, once it took effect
    assert Phase.PLAY not in s.turn.skips  # ♥: 乐不思蜀 fails
    assert s.where.get(INDULGENCE) == "discard"
    expect(g, "draw", 2)


def test_guicai_declined_the_first_card_decides() -> None:
    """鬼才 guicai declined: the judgement card turned over decides (♠: 乐不思蜀 hits)."""
    g = _indulgence_judged_on_seat_2(["xuchu", "zhangliao", "simayi", "ganning"])
    play(g, f"judge 2 #{SHA_S8}")
    play(g, "pass 3")
    s = g.state
    assert Phase.PLAY in s.turn.skips  # ♠: 乐不思蜀 takes effect
    assert s.where.get(SHA_S8) == "discard"
    expect(g, "draw", 2)


def test_guicai_can_make_indulgence_hit() -> None:
    """鬼才 guicai works both ways: a ♥ judgement replaced by a ♠ makes 乐不思蜀 take effect."""
    g = _indulgence_judged_on_seat_2(["xuchu", "zhangliao", "simayi", "ganning"])
    play(g, f"judge 2 #{TAO_H3}", f"skill 3 guicai #{SHA_S8}")
    assert Phase.PLAY in g.state.turn.skips


def test_guicai_on_an_eight_diagram_judgement() -> None:
    """鬼才 guicai on 八卦阵: a black judgement replaced by a red card counts as a Shan."""
    g = table(["zhangfei", "ganning", "simayi", "lvmeng"])
    to_play_phase(g)
    play(g, f"use 1 #{cid('eight_diagram', '♠2')}")
    end_turn(g)
    to_play_phase(g)
    play(g, f"use 2 #{SHA_S7} -> 1", f"judge 1 #{SHA_C2}")
    window(g, Point.JUDGE_BEFORE, 3)
    play(g, f"skill 3 guicai #{SHAN_D2}")
    s = g.state
    assert hp(g, 1) == 4 and not s.stack  # dodged
    assert s.where.get(SHA_C2) == "discard" and s.where.get(SHAN_D2) == "discard"


def test_guicai_turning_eight_diagram_black_leaves_the_shan_asked() -> None:
    """鬼才 guicai replaces a red 八卦阵 judgement by a black card: no Shan from the armour;
    the wearer is still asked, and 八卦阵 is not tried again for the same request."""
    g = table(["zhangfei", "ganning", "simayi", "lvmeng"])
    to_play_phase(g)
    play(g, f"use 1 #{cid('eight_diagram', '♠2')}")
    end_turn(g)
    to_play_phase(g)
    play(g, f"use 2 #{SHA_S7} -> 1", f"judge 1 #{SHAN_D2}", f"skill 3 guicai #{SHA_C2}")
    ask = top(g)
    assert isinstance(ask, Ask) and ask.asked == 1 and ask.got == 0 and ask.judged
    refused(g, f"judge 1 #{SHAN_H2}", "八卦阵 is tried once for each 闪 needed")
    play(g, "pass 1")
    assert hp(g, 1) == 3


def test_guicai_not_offered_without_hand_cards() -> None:
    """鬼才 guicai plays a hand card: with none, no window."""
    g = _indulgence_judged_on_seat_2(["xuchu", "zhangliao", "simayi", "ganning"])
    play(g, "!discard 3 x4")
    play(g, f"judge 2 #{SHA_S8}")
    no_window(g)
    assert Phase.PLAY in g.state.turn.skips


def test_guicai_needs_one_of_his_hand_cards() -> None:
    """鬼才 guicai plays exactly one of 司马懿's own hand cards (打出一张手牌)."""
    g = _indulgence_judged_on_seat_2(["xuchu", "zhangliao", "simayi", "ganning"])
    play(g, f"judge 2 #{SHA_S8}")
    message = "鬼才: name the hand card played in place of the judgement card"
    refused(g, "skill 3 guicai", message)
    refused(g, f"skill 3 guicai #{TAO_H3} #{TAO_H4}", message)
    refused(g, f"skill 3 guicai #{INDULGENCE}", "seat 2's judgement zone")
    refused(g, f"skill 1 guicai #{TAO_H3}", "seat 1 has no 鬼才 (guicai)")


# ---------------------------------------------------------------- 夏侯惇 刚烈


def _xiahoudun_hit(discard_first: int = 0) -> Game:
    """Seat 1 (after discarding ``discard_first`` unseen cards) Shas 夏侯惇 (seat 2)."""
    g = table(["xuchu", "xiahoudun", "zhangliao", "ganning"])
    to_play_phase(g)
    if discard_first:
        play(g, f"!discard 1 x{discard_first}")
    play(g, f"use 1 #{SHA_S7} -> 2", "pass 2")
    window(g, Point.AFTER_DAMAGE, 2)
    return g


def test_ganglie_heart_nothing_happens() -> None:
    """刚烈 ganglie: after taking damage, 夏侯惇 judges; a heart: nothing happens."""
    g = _xiahoudun_hit()
    play(g, "skill 2 ganglie")
    expect(g, "judge", 2)
    before = hands(g, 1)
    play(g, f"judge 2 #{TAO_H3}")
    s = g.state
    assert hp(g, 1) == 4 and hands(g, 1) == before
    assert s.where.get(TAO_H3) == "discard" and not s.stack


def test_ganglie_source_discards_two_hand_cards() -> None:
    """刚烈 ganglie: not a heart: the source discards two hand cards (no damage)."""
    g = _xiahoudun_hit()
    play(g, "skill 2 ganglie", f"judge 2 #{SHA_S8}")
    e = expect(g, "discard_or_damage", 1)
    assert e.other == 2
    before = hands(g, 1)[0]
    refused(g, "discard 1 x1", "discard 2 hand cards, or pass")
    refused(g, "discard 3 x2", "discarding now needs a skill")  # seat 1 decides, not 3
    play(g, "discard 1 x2")
    assert hands(g, 1)[0] == before - 2
    assert hp(g, 1) == 4 and not g.state.stack


def test_ganglie_source_passes_and_takes_one_damage() -> None:
    """刚烈 ganglie: the source who does not discard takes 1 damage from 夏侯惇."""
    g = _xiahoudun_hit()
    play(g, "skill 2 ganglie", f"judge 2 #{SHA_S8}", "pass 1")
    assert hp(g, 1) == 3 and not g.state.stack


def test_ganglie_source_with_fewer_than_two_hand_cards_takes_damage_at_once() -> None:
    """刚烈 ganglie: a source that cannot discard two hand cards takes the damage."""
    g = _xiahoudun_hit(discard_first=4)
    assert hands(g, 1) == (1,)
    play(g, "skill 2 ganglie", f"judge 2 #{SHA_S8}")
    assert hp(g, 1) == 3
    assert not any(isinstance(f, Expect) for f in g.state.stack)


def test_ganglie_declined() -> None:
    """刚烈 ganglie is optional: declined, the source is untouched."""
    g = _xiahoudun_hit()
    play(g, "pass 2")
    assert hp(g, 1) == 4 and hp(g, 2) == 3 and not g.state.stack


def test_ganglie_not_offered_without_a_source() -> None:
    """刚烈 ganglie targets the damage source: none, no window."""
    g = table(["xuchu", "xiahoudun", "zhangliao", "ganning"])
    to_play_phase(g)
    play(g, "!damage 2 1")
    assert hp(g, 2) == 3 and not g.state.stack


# ---------------------------------------------------------------- 张辽 突袭


def _zhangliao_draw_phase() -> Game:
    g = table(["zhangliao", "xuchu", "guanyu", "zhangfei"])
    expect(g, "draw", 1)
    return g


def test_tuxi_takes_a_hand_card_from_each_of_two_others() -> None:
    """突袭 tuxi: in the draw phase, instead of drawing, 张辽 takes one hand card from
    each of up to two other characters."""
    g = _zhangliao_draw_phase()
    pile = g.state.draw_pile
    play(g, "skill 1 tuxi -> 2,3")
    s = g.state
    assert hands(g, 1, 2, 3, 4) == (6, 3, 3, 4)
    assert s.draw_pile == pile  # nothing drawn
    assert s.turn.phase is Phase.PLAY and not s.stack


def test_tuxi_from_one_seat() -> None:
    """突袭 tuxi: "up to two" includes one character."""
    g = _zhangliao_draw_phase()
    play(g, "skill 1 tuxi -> 4")
    assert hands(g, 1, 2, 3, 4) == (5, 4, 4, 3)
    assert g.state.turn.phase is Phase.PLAY


def test_tuxi_a_known_hand_card_is_chosen_by_the_table() -> None:
    """突袭 tuxi: where the target's hand holds known cards, the table says which was taken;
    an all-unseen hand gives one at once. The turn goes on to the play phase after."""
    g = _zhangliao_draw_phase()
    play(g, f"!draw 2 #{TAO_H4}")
    play(g, "skill 1 tuxi -> 2,3")
    e = expect(g, "take_one", 1)
    assert e.other == 2 and e.zones == "h"
    assert hands(g, 3) == (3,)  # seat 3's unseen card is taken already
    refused(g, "take 1 <- 3 x1", "taking cards now needs a skill")
    play(g, f"take 1 <- 2 #{TAO_H4}")
    s = g.state
    assert s.where.get(TAO_H4) == "hand:1" and hands(g, 1, 2) == (6, 4)
    assert s.turn.phase is Phase.PLAY and not s.stack


def test_tuxi_refusals() -> None:
    """突袭 tuxi: at most two others, each with a hand card; not himself; not twice one seat."""
    g = _zhangliao_draw_phase()
    refused(g, "skill 1 tuxi -> 2,3,4", "突袭: one or two other players, not more")
    refused(g, "skill 1 tuxi", "突袭: one or two other players, not more")
    refused(g, "skill 1 tuxi -> 1", "突袭: choose another player, not yourself")
    refused(g, "skill 1 tuxi -> 2,2", "突袭: two different players")
    refused(g, "skill 1 tuxi x1 -> 2", "突袭 spends no cards")
    play(g, "!discard 2 x4")
    refused(g, "skill 1 tuxi -> 2,3", "突袭: seat 2 has no hand cards")
    play(g, "skill 1 tuxi -> 3")


def test_tuxi_declined_by_drawing_and_not_later() -> None:
    """突袭 tuxi replaces the draw: once he has drawn, it is too late."""
    g = _zhangliao_draw_phase()
    play(g, "draw 1 x2")
    assert g.state.turn.phase is Phase.PLAY
    refused(g, "skill 1 tuxi -> 2", "突袭 is used in its owner's draw phase")


# ---------------------------------------------------------------- 许褚 裸衣


def _xuchu_table() -> Game:
    g = table(["xuchu", "zhangfei", "zhaoyun", "ganning"])
    assert expect(g, "draw", 1).counts == (1, 2)  # two, or one fewer for 裸衣
    return g


def test_luoyi_declared_draws_one_fewer_and_sha_deals_two() -> None:
    """裸衣 luoyi: 许褚 draws one card fewer; this turn his Sha deals 1 more damage."""
    g = _xuchu_table()
    play(g, "skill 1 luoyi")
    assert expect(g, "draw", 1).counts == (1,)
    refused(g, "draw 1 x2", "seat 1 draws 1 in the draw phase, not 2")
    play(g, "draw 1 x1")
    assert hands(g, 1) == (5,)
    play(g, f"use 1 #{SHA_S7} -> 2", "pass 2")
    assert hp(g, 2) == 2


def test_luoyi_by_drawing_one_fewer_and_duel_deals_two() -> None:
    """裸衣 luoyi is also declared by drawing one card fewer; his 决斗 deals 1 more."""
    g = _xuchu_table()
    play(g, "draw 1 x1")
    assert "1:luoyi" in g.state.turn.flags
    play(g, f"use 1 #{DUEL} -> 2", "pass", "pass 2")
    assert hp(g, 2) == 2


def test_luoyi_not_for_damage_he_takes_in_his_duel() -> None:
    """裸衣 luoyi: only the damage 许褚 deals is increased, not the damage he takes."""
    g = _xuchu_table()
    play(g, "skill 1 luoyi", "draw 1 x1")
    play(g, f"use 1 #{DUEL} -> 2", "pass", f"respond 2 #{SHA_S8}", "pass 1")
    assert hp(g, 1) == 3 and hp(g, 2) == 4


def test_luoyi_not_for_other_cards() -> None:
    """裸衣 luoyi: only Sha and 决斗: 南蛮入侵 deals its usual 1 damage."""
    g = _xuchu_table()
    play(g, "skill 1 luoyi", "draw 1 x1")
    play(g, f"use 1 #{SAVAGE}", "pass", "pass 2")
    assert hp(g, 2) == 3


def test_luoyi_not_the_next_turn() -> None:
    """裸衣 luoyi lasts this turn only: in his next turn (drawing two) a Sha deals 1."""
    g = _xuchu_table()
    play(g, "skill 1 luoyi", "draw 1 x1")
    end_turn(g)
    to_turn_of(g, 1)
    play(g, "draw 1 x2")
    assert "1:luoyi" not in g.state.turn.flags
    play(g, f"use 1 #{SHA_S7} -> 2", "pass 2")
    assert hp(g, 2) == 3


def test_luoyi_without_it_a_sha_deals_one() -> None:
    """Without 裸衣 luoyi (drawing two), 许褚's Sha deals the usual 1 damage."""
    g = _xuchu_table()
    play(g, "draw 1 x2", f"use 1 #{SHA_S7} -> 2", "pass 2")
    assert hp(g, 2) == 3


def test_luoyi_only_in_the_draw_phase() -> None:
    """裸衣 luoyi is declared in 许褚's own draw phase, by 许褚 only."""
    g = _xuchu_table()
    play(g, "draw 1 x2")
    refused(g, "skill 1 luoyi", "裸衣 is used in its owner's draw phase")
    refused(g, "skill 2 luoyi", "seat 2 has no 裸衣 (luoyi)")


# ---------------------------------------------------------------- 郭嘉 天妒


def test_tiandu_gains_his_own_judgement_card() -> None:
    """天妒 tiandu: after his own judgement card takes effect, 郭嘉 may gain it."""
    g = _indulgence_judged_on_seat_2(["xuchu", "guojia", "zhangliao", "ganning"])
    play(g, f"judge 2 #{SHA_S8}")
    window(g, Point.JUDGE_AFTER, 2)
    before = hands(g, 2)[0]
    play(g, "skill 2 tiandu")
    s = g.state
    assert s.where.get(SHA_S8) == "hand:2" and hands(g, 2)[0] == before + 1
    assert s.where.get(INDULGENCE) == "discard"
    assert Phase.PLAY in s.turn.skips  # the ♠ judgement still decided: 乐不思蜀 hits
    expect(g, "draw", 2)


def test_tiandu_declined_the_card_is_discarded() -> None:
    """天妒 tiandu is optional: declined, the judgement card is discarded."""
    g = _indulgence_judged_on_seat_2(["xuchu", "guojia", "zhangliao", "ganning"])
    play(g, f"judge 2 #{SHA_S8}", "pass 2")
    assert g.state.where.get(SHA_S8) == "discard"
    expect(g, "draw", 2)


def test_tiandu_not_for_another_seats_judgement() -> None:
    """天妒 tiandu: only 郭嘉's own judgement cards (你的判定牌)."""
    g = _indulgence_judged_on_seat_2(["xuchu", "zhangliao", "guojia", "ganning"])
    play(g, f"judge 2 #{SHA_S8}")
    no_window(g)
    assert g.state.where.get(SHA_S8) == "discard"


def test_tiandu_gains_the_card_put_in_by_guicai() -> None:
    """天妒 after 鬼才: the judgement card that took effect is 司马懿's: 郭嘉 gains that one."""
    g = _indulgence_judged_on_seat_2(["xuchu", "guojia", "simayi", "ganning"])
    play(g, f"judge 2 #{SHA_S8}", f"skill 3 guicai #{TAO_H3}")
    window(g, Point.JUDGE_AFTER, 2)
    play(g, "skill 2 tiandu")
    s = g.state
    assert s.where.get(TAO_H3) == "hand:2" and s.where.get(SHA_S8) == "discard"
    assert Phase.PLAY not in s.turn.skips


# ---------------------------------------------------------------- 郭嘉 遗计


def _guojia_hit() -> Game:
    g = table(["xuchu", "guojia", "zhangliao", "ganning"])
    to_play_phase(g)
    return g


def test_yiji_two_cards_for_one_damage() -> None:
    """遗计 yiji: for each 1 damage taken, 郭嘉 hands out the top two cards of the draw pile
    to the characters he chooses."""
    g = _guojia_hit()
    play(g, f"use 1 #{SHA_S7} -> 2", "pass 2")
    window(g, Point.AFTER_DAMAGE, 2)
    pile = g.state.draw_pile
    before = hands(g, 1, 2, 3, 4)
    play(g, "skill 2 yiji -> 3,4")
    assert hands(g, 1, 2, 3, 4) == (before[0], before[1], before[2] + 1, before[3] + 1)
    assert g.state.draw_pile == pile - 2 and not g.state.stack


def test_yiji_one_receiver_takes_both() -> None:
    """遗计 yiji: 郭嘉 may give both cards to one character, himself included."""
    g = _guojia_hit()
    play(g, f"use 1 #{SHA_S7} -> 2", "pass 2", "skill 2 yiji")
    assert hands(g, 2) == (4 + 2,)  # his four cards and both from the pile


def test_yiji_four_cards_for_two_damage() -> None:
    """遗计 yiji: for each 1 damage, two cards: 2 damage hands out four."""
    g = _guojia_hit()
    play(g, "!damage 2 2 from 1")
    window(g, Point.AFTER_DAMAGE, 2)
    before = hands(g, 1, 2, 3, 4)
    refused(g, "skill 2 yiji -> 3,4", "遗计: 4 cards to hand out, one receiver each")
    play(g, "skill 2 yiji -> 1,3,3,2")
    assert hands(g, 1, 2, 3, 4) == (before[0] + 1, before[1] + 1, before[2] + 2, before[3])


def test_yiji_refusals_and_decline() -> None:
    """遗计 yiji: the receivers match the cards; declined, the pile is untouched."""
    g = _guojia_hit()
    play(g, f"use 1 #{SHA_S7} -> 2", "pass 2")
    refused(g, "skill 2 yiji -> 1,3,4", "遗计: 2 cards to hand out, one receiver each")
    refused(g, "skill 2 yiji x1", "遗计 hands out cards from the draw pile")
    pile, before = g.state.draw_pile, hands(g, 1, 2, 3, 4)
    play(g, "pass 2")
    assert g.state.draw_pile == pile and hands(g, 1, 2, 3, 4) == before


# ---------------------------------------------------------------- 甄姬 倾国


def test_qingguo_black_hand_card_as_shan() -> None:
    """倾国 qingguo: 甄姬 may use or play a black hand card as a Shan."""
    g = table(["xuchu", "zhenji", "zhangliao", "ganning"])
    to_play_phase(g)
    play(g, f"use 1 #{SHA_S7} -> 2")
    refused(g, f"respond 2 #{SHA_H10} as shan", "seat 2 has no skill to use 杀 as 闪")
    refused(g, f"respond 2 #{TAO_H3} as shan", "seat 2 has no skill to use 桃 as 闪")
    play(g, f"respond 2 #{cid('dismantlement', '♠3')} as shan")
    assert hp(g, 2) == 3 and not g.state.stack


def test_qingguo_not_for_other_seats() -> None:
    """倾国 qingguo is 甄姬's own: other seats cannot turn a card into a Shan."""
    g = table(["xuchu", "zhangliao", "zhenji", "ganning"])
    to_play_phase(g)
    play(g, f"use 1 #{SHA_S7} -> 2")
    refused(g, f"respond 2 #{SHA_S8} as shan", "seat 2 has no skill to use 杀 as 闪")


# ---------------------------------------------------------------- 甄姬 洛神


def test_luoshen_window_in_her_preparation_phase() -> None:
    """洛神 luoshen: in her preparation phase 甄姬 may judge; a black card is gained and she
    may judge again; a red one ends it (and goes to the discard pile)."""
    g = table(["zhenji", "xuchu", "zhangliao", "ganning"])
    assert g.state.turn.phase is Phase.PREPARATION
    window(g, Point.PREPARATION, 1)
    play(g, "skill 1 luoshen")
    expect(g, "judge", 1)
    play(g, f"judge 1 #{SHA_S7}")
    assert g.state.where.get(SHA_S7) == "hand:1"
    window(g, Point.PREPARATION, 1)  # open again
    play(g, "skill 1 luoshen", f"judge 1 #{SHA_C2}")
    assert g.state.where.get(SHA_C2) == "hand:1"
    window(g, Point.PREPARATION, 1)
    play(g, "skill 1 luoshen", f"judge 1 #{TAO_H3}")
    s = g.state
    assert s.where.get(TAO_H3) == "discard"
    assert hands(g, 1) == (6,)
    assert s.turn.phase is Phase.DRAW
    expect(g, "draw", 1)


def test_luoshen_may_stop_after_a_black_card() -> None:
    """洛神 luoshen: after each black card she may judge again, or stop (可以重复)."""
    g = table(["zhenji", "xuchu", "zhangliao", "ganning"])
    play(g, "skill 1 luoshen", f"judge 1 #{SHA_S7}", "pass 1")
    assert g.state.where.get(SHA_S7) == "hand:1"
    expect(g, "draw", 1)


def test_luoshen_declined() -> None:
    """洛神 luoshen is optional: declined, the turn goes on to the draw phase."""
    g = table(["zhenji", "xuchu", "zhangliao", "ganning"])
    pile = g.state.draw_pile
    play(g, "pass 1")
    assert g.state.draw_pile == pile and hands(g, 1) == (4,)
    expect(g, "draw", 1)


def test_luoshen_not_in_another_seats_preparation_phase() -> None:
    """洛神 luoshen: in 甄姬's own preparation phase only."""
    g = table(["xuchu", "zhenji", "zhangliao", "ganning"])
    expect(g, "draw", 1)
    refused(g, "skill 2 luoshen", "洛神 is not used now")


# ================================================================ 蜀 shu
# ---------------------------------------------------------------- 刘备 仁德


def _liubei_play_phase(generals: list[str] | None = None) -> Game:
    g = table(generals or ["liubei", "zhangliao", "xuchu", "ganning"])
    to_play_phase(g)
    return g


def test_rende_recovers_on_the_second_card_given() -> None:
    """仁德 rende: 刘备 gives hand cards to others; when the cards given this phase reach
    two, he recovers 1 HP, once per phase."""
    g = _liubei_play_phase()
    play(g, "!damage 1 2")
    assert hp(g, 1) == 2
    play(g, "skill 1 rende x1 -> 2")
    assert hands(g, 1, 2) == (5, 5) and hp(g, 1) == 2
    play(g, f"skill 1 rende #{SHA_S7} -> 3")
    assert hands(g, 1, 3) == (4, 5) and hp(g, 1) == 3
    assert g.state.where.get(SHA_S7) == "hand:3"
    play(g, "skill 1 rende x2 -> 2")
    assert hands(g, 1, 2) == (2, 7) and hp(g, 1) == 3  # once per phase


def test_rende_recovery_again_in_his_next_play_phase() -> None:
    """仁德 rende: the count of cards given is per play phase; a new phase starts again."""
    g = _liubei_play_phase()
    play(g, "!damage 1 3", "skill 1 rende x2 -> 2")
    assert hp(g, 1) == 2
    end_turn(g)
    to_turn_of(g, 1)
    to_play_phase(g)
    play(g, "skill 1 rende x1 -> 3")
    assert hp(g, 1) == 2
    play(g, "skill 1 rende x1 -> 3")
    assert hp(g, 1) == 3


def test_rende_two_cards_at_once() -> None:
    """仁德 rende: two cards given at once reach two: 刘备 recovers 1."""
    g = _liubei_play_phase()
    play(g, "!damage 1 1", "skill 1 rende x2 -> 4")
    assert hands(g, 1, 4) == (4, 6) and hp(g, 1) == 4


def test_rende_at_full_hp_gives_without_recovering() -> None:
    """仁德 rende at full HP: the cards are given; nothing to recover."""
    g = _liubei_play_phase()
    play(g, "skill 1 rende x2 -> 2")
    assert hands(g, 1, 2) == (4, 6) and hp(g, 1) == 4


def test_rende_refusals() -> None:
    """仁德 rende gives his own hand cards (any number) to one other character."""
    g = _liubei_play_phase()
    crossbow = cid("crossbow", "♣A")
    play(g, f"use 1 #{crossbow}")
    refused(g, "skill 1 rende -> 2", "仁德: give at least one hand card")
    refused(g, "skill 1 rende x1", "仁德: give to one other player (-> N)")
    refused(g, "skill 1 rende x1 -> 2,3", "仁德: give to one other player (-> N)")
    refused(g, "skill 1 rende x1 -> 1", "仁德: choose another player, not yourself")
    refused(g, f"skill 1 rende #{crossbow} -> 2", "is in seat 1's equipment, not seat 1's hand")
    refused(g, "skill 1 rende x9 -> 2", "seat 1 has only 5 unseen hand cards, not 9")
    refused(g, "skill 2 rende x1 -> 1", "seat 2 has no 仁德 (rende)")


def test_rende_only_in_his_play_phase() -> None:
    """仁德 rende is used in 刘备's play phase (出牌阶段)."""
    g = table(["liubei", "zhangliao", "xuchu", "ganning"])
    refused(g, "skill 1 rende x1 -> 2", "仁德 is used in its owner's play phase")


# ---------------------------------------------------------------- 刘备 激将 (lord)

JIJIANG = ["liubei", "zhangliao", "guanyu", "zhangfei"]  # 蜀 helpers: seats 3 and 4


def _liubei_asked_in_a_duel() -> Game:
    g = _liubei_play_phase(JIJIANG)
    play(g, f"use 1 #{DUEL} -> 2", "pass", f"respond 2 #{SHA_S7}")
    return g


def test_jijiang_window_when_asked_for_sha_in_a_duel() -> None:
    """激将 jijiang (主公技): when 刘备 needs a Sha, he may ask the other 蜀 characters."""
    g = _liubei_asked_in_a_duel()
    window(g, Point.SHA_NEEDED, 1)
    ask = asked(g.state)
    assert ask.want == "sha" and ask.asked == 1


def test_jijiang_helper_plays_the_sha_in_the_duel() -> None:
    """激将 jijiang: the 蜀 characters are asked in seat order; a Sha played by one is the
    lord's: the duel goes on, and the other side is asked next."""
    g = _liubei_asked_in_a_duel()
    play(g, "skill 1 jijiang")
    ask = top(g)
    assert isinstance(ask, Ask) and ask.helping and ask.seats == (3, 4) and ask.asked == 3
    play(g, "pass 3", f"respond 4 #{SHA_S8}")
    ask = top(g)
    assert isinstance(ask, Ask) and ask.want == "sha" and ask.asked == 2
    play(g, "pass 2")
    assert hp(g, 2) == 3 and hp(g, 1) == 4 and not g.state.stack
    assert g.state.where.get(SHA_S8) == "discard"


def test_jijiang_helper_may_play_a_converted_sha() -> None:
    """激将 jijiang: 关羽 helps with a red card as a Sha (武圣)."""
    g = _liubei_asked_in_a_duel()
    play(g, "skill 1 jijiang", f"respond 3 #{TAO_H3} as sha")
    assert asked(g.state).asked == 2
    assert g.state.where.get(TAO_H3) == "discard"


def test_jijiang_all_pass_the_lord_is_asked_himself() -> None:
    """激将 jijiang: when no 蜀 character plays a Sha, 刘备 is still asked himself."""
    g = _liubei_asked_in_a_duel()
    play(g, "skill 1 jijiang", "pass 3", "pass 4")
    ask = top(g)
    assert isinstance(ask, Ask) and ask.asked == 1 and not ask.helping
    play(g, "pass 1")
    assert hp(g, 1) == 3


def test_jijiang_declined() -> None:
    """激将 jijiang is optional: declined, 刘备 answers with his own Sha."""
    g = _liubei_asked_in_a_duel()
    play(g, "pass 1")
    ask = top(g)
    assert isinstance(ask, Ask) and ask.asked == 1 and not ask.helping
    play(g, f"respond 1 #{SHA_S8}")
    assert asked(g.state).asked == 2


def test_jijiang_against_savage_assault() -> None:
    """激将 jijiang also answers 南蛮入侵's request for a Sha."""
    g = table(JIJIANG)
    to_turn_of(g, 2)
    to_play_phase(g)
    play(g, f"use 2 #{SAVAGE}")
    play(g, "pass", "pass 3", "pass", "pass 4", "pass")  # seats 3 and 4 take 1 each
    window(g, Point.SHA_NEEDED, 1)
    play(g, "skill 1 jijiang", f"respond 3 #{SHA_S8}")
    s = g.state
    assert hp(g, 1) == 4 and hp(g, 3) == 3 and hp(g, 4) == 3
    assert not s.stack


def test_jijiang_when_collateral_makes_him_use_a_sha() -> None:
    """激将 jijiang: "whenever he needs to use or play a Sha" includes the Sha 借刀杀人 asks
    the wielder to use (standard text; the helper's Sha counts as used by 刘备)."""
    g = table(JIJIANG)
    to_play_phase(g)
    play(g, f"use 1 #{cid('crossbow', '♣A')}")
    end_turn(g)
    to_play_phase(g)
    play(g, f"use 2 #{cid('collateral', '♣Q')} -> 1,4", "pass")
    ask = asked(g.state)
    assert ask.want == "sha" and ask.asked == 1 and ask.for_seat == 4
    window(g, Point.SHA_NEEDED, 1)


def test_jijiang_in_his_play_phase_uses_a_helpers_sha() -> None:
    """激将 jijiang in the play phase: a 蜀 character's Sha is used by 刘备 on his target;
    it counts as his one Sha of the phase."""
    g = _liubei_play_phase(JIJIANG)
    play(g, "skill 1 jijiang -> 2")
    ask = top(g)
    assert isinstance(ask, Ask) and ask.helping and ask.want == "sha" and ask.asked == 3
    play(g, f"respond 3 #{SHA_S8}")
    use = g.state.stack[-2]
    assert isinstance(use, CardUse) and use.user == 1 and use.targets == (2,)
    assert asked(g.state).asked == 2
    play(g, "pass 2")
    assert hp(g, 2) == 3
    assert sha_uses_left(g.state, 1) == 0
    refused(g, f"use 1 #{SHA_S7} -> 2", "one Sha per play phase")
    refused(g, "skill 1 jijiang -> 2", "one Sha per play phase: already used")


def test_jijiang_in_play_phase_nobody_helps_no_sha_spent() -> None:
    """激将 jijiang in the play phase: with no Sha given, none was used; his own Sha is left."""
    g = _liubei_play_phase(JIJIANG)
    play(g, "skill 1 jijiang -> 2", "pass 3", "pass 4")
    assert not g.state.stack and sha_uses_left(g.state, 1) == 1
    play(g, f"use 1 #{SHA_S7} -> 2")
    assert asked(g.state).asked == 2


def test_jijiang_refusals() -> None:
    """激将 jijiang's Sha follows the rules of a Sha: a target in range, no own cards spent."""
    g = _liubei_play_phase(JIJIANG)
    refused(g, "skill 1 jijiang -> 3", "激将: seat 3: distance 2 > attack range 1")
    refused(g, "skill 1 jijiang", "激将: name the target of the Sha (-> N)")
    refused(g, "skill 1 jijiang x1 -> 2", "激将 spends none of his own cards")


def test_jijiang_not_offered_without_other_shu_characters() -> None:
    """激将 jijiang needs another living 蜀 character."""
    g = _liubei_play_phase(["liubei", "zhangliao", "xuchu", "ganning"])
    refused(g, "skill 1 jijiang -> 2", "激将: no other 蜀 player is alive")
    play(g, f"use 1 #{DUEL} -> 2", "pass", f"respond 2 #{SHA_S7}")
    no_window(g)
    assert asked(g.state).asked == 1


def test_jijiang_is_the_lords_only() -> None:
    """激将 is a lord skill (主公技): 刘备 who is not the lord has none."""
    g = table(["zhangliao", "liubei", "guanyu", "zhangfei"])
    to_play_phase(g)
    play(g, f"use 1 #{DUEL} -> 2", "pass")
    no_window(g)
    assert asked(g.state).asked == 2
    refused(g, "skill 2 jijiang", "seat 2 has no 激将 (jijiang)")


# ---------------------------------------------------------------- 关羽 武圣


def test_wusheng_red_cards_as_sha() -> None:
    """武圣 wusheng: 关羽 may use or play any red card, of his hand or equipment, as a Sha."""
    g = table(["guanyu", "zhangliao", "xuchu", "ganning"])
    to_play_phase(g)
    chitu = cid("chitu")  # ♥5
    play(g, f"use 1 #{chitu}", f"use 1 #{chitu} as sha -> 2")
    assert asked(g.state).asked == 2
    play(g, "pass 2")
    assert hp(g, 2) == 3 and g.state.where.get(chitu) == "discard"
    # played in a duel: a red hand card answers the request for a Sha
    play(g, f"use 1 #{DUEL} -> 3", "pass", f"respond 3 #{SHA_S7}")
    refused(g, f"respond 1 #{SHA_C2} as shan", "seat 1 has no skill to use 杀 as 闪")
    refused(
        g,
        f"respond 1 #{cid('dismantlement', '♠3')} as sha",
        "seat 1 has no skill to use 过河拆桥 as 杀",
    )
    play(g, f"respond 1 #{TAO_H3} as sha")
    assert asked(g.state).asked == 3


def test_wusheng_is_his_only() -> None:
    """武圣 wusheng is 关羽's: other seats cannot turn a red card into a Sha."""
    g = table(["zhangliao", "guanyu", "xuchu", "ganning"])
    to_play_phase(g)
    refused(g, f"use 1 #{TAO_H3} as sha -> 2", "seat 1 has no skill to use 桃 as 杀")


# ---------------------------------------------------------------- 张飞 咆哮


def test_paoxiao_any_number_of_sha() -> None:
    """咆哮 paoxiao: in his play phase 张飞 may use any number of Sha."""
    g = table(["zhangfei", "zhangliao", "xuchu", "ganning"])
    to_play_phase(g)
    for sha in (SHA_S7, SHA_S8, SHA_S9):
        play(g, f"use 1 #{sha} -> 2", "pass 2")
    assert hp(g, 2) == 1 and sha_uses_left(g.state, 1) is None


def test_without_paoxiao_one_sha() -> None:
    """Without 咆哮 paoxiao the play phase allows one Sha."""
    g = table(["zhangliao", "zhangfei", "xuchu", "ganning"])
    to_play_phase(g)
    play(g, f"use 1 #{SHA_S7} -> 2", "pass 2")
    refused(g, f"use 1 #{SHA_S8} -> 2", "one Sha per play phase: already used")


# ---------------------------------------------------------------- 诸葛亮 观星


def test_guanxing_window_and_nothing_public_changes() -> None:
    """观星 guanxing: in his preparation phase 诸葛亮 looks at the top cards of the draw pile
    and puts them back in any order: nothing the table can see changes."""
    used = table(["zhugeliang", "zhangliao", "xuchu", "ganning"])
    declined = table(["zhugeliang", "zhangliao", "xuchu", "ganning"])
    window(used, Point.PREPARATION, 1)
    refused(used, "skill 1 guanxing x1", "观星 takes no cards or targets here")
    refused(used, "skill 1 guanxing -> 2", "观星 takes no cards or targets here")
    play(used, "skill 1 guanxing")
    play(declined, "pass 1")
    assert used.state == declined.state
    expect(used, "draw", 1)


def test_guanxing_not_in_another_seats_turn() -> None:
    """观星 guanxing: in 诸葛亮's own preparation phase only."""
    g = table(["zhangliao", "zhugeliang", "xuchu", "ganning"])
    expect(g, "draw", 1)
    refused(g, "skill 2 guanxing", "观星 is not used now")


# ---------------------------------------------------------------- 诸葛亮 空城


def test_kongcheng_no_sha_or_duel_without_hand_cards() -> None:
    """空城 kongcheng (锁定技): with no hand cards 诸葛亮 cannot be the target of Sha or
    决斗; other cards still reach him."""
    g = table(["zhangliao", "zhugeliang", "xuchu", "ganning"])
    to_play_phase(g)
    play(g, "!discard 2 x4")
    refused(g, f"use 1 #{SHA_S7} -> 2", "seat 2: 空城: no hand cards")
    refused(g, f"use 1 #{DUEL} -> 2", "seat 2: 空城: no hand cards")
    assert check_target(g.state, 1, kind("savage_assault"), 2).legal
    play(g, "!draw 2 x1")
    play(g, f"use 1 #{SHA_S7} -> 2")
    assert asked(g.state).asked == 2


# ---------------------------------------------------------------- 赵云 龙胆


def test_longdan_shan_as_sha_and_sha_as_shan() -> None:
    """龙胆 longdan: 赵云 may use or play a Sha as a Shan, and a Shan as a Sha."""
    g = table(["zhaoyun", "zhangliao", "xuchu", "ganning"])
    to_play_phase(g)
    refused(g, f"use 1 #{TAO_H3} as sha -> 2", "seat 1 has no skill to use 桃 as 杀")
    play(g, f"use 1 #{SHAN_H2} as sha -> 2", "pass 2")
    assert hp(g, 2) == 3
    # a Shan played as a Sha in a duel
    play(g, f"use 1 #{DUEL} -> 3", "pass", f"respond 3 #{SHA_S7}")
    play(g, f"respond 1 #{SHAN_D2} as sha", "pass 3")
    assert hp(g, 3) == 3
    end_turn(g)
    to_play_phase(g)
    play(g, f"use 2 #{SHA_S8} -> 1")
    refused(g, f"respond 1 #{TAO_H4} as shan", "seat 1 has no skill to use 桃 as 闪")
    play(g, f"respond 1 #{SHA_S9} as shan")
    assert hp(g, 1) == 4 and not g.state.stack


# ---------------------------------------------------------------- 马超 马术


def test_mashu_reaches_one_further() -> None:
    """马术 mashu (锁定技): 马超's distance to others is 1 less; others' to him is not."""
    g = table(["machao", "zhangliao", "xuchu", "ganning"])
    to_play_phase(g)
    assert distance(g.state, 1, 3).value == 1  # type: ignore[union-attr]
    assert distance(g.state, 3, 1).value == 2  # type: ignore[union-attr]
    assert check_target(g.state, 1, kind("sha"), 3).legal
    assert not check_target(g.state, 3, kind("sha"), 1).legal


# ---------------------------------------------------------------- 马超 铁骑


def _machao_sha(target: int = 2) -> Game:
    g = table(["machao", "zhangliao", "zhenji", "ganning"])
    to_play_phase(g)
    play(g, f"use 1 #{SHA_S7} -> {target}")
    return g


def test_tieji_window_after_targeting() -> None:
    """铁骑 tieji: after 马超 targets a character with a Sha, he may judge."""
    g = _machao_sha()
    window(g, Point.AFTER_TARGETING, 1)
    assert not any(isinstance(f, Ask) for f in g.state.stack)  # no Shan asked yet
    play(g, "skill 1 tieji")
    expect(g, "judge", 1)


def test_tieji_red_no_shan_is_asked() -> None:
    """铁骑 tieji: red: the Sha cannot be answered by a Shan; nobody is asked for one."""
    g = _machao_sha(target=3)  # 甄姬: 倾国 would otherwise turn a black card into a Shan
    play(g, "skill 1 tieji", f"judge 1 #{TAO_H3}")
    s = g.state
    assert hp(g, 3) == 2
    assert not s.stack
    assert s.where.get(TAO_H3) == "discard" and s.where.get(SHA_S7) == "discard"


def test_tieji_black_asked_as_usual() -> None:
    """铁骑 tieji: black: the Sha is answered as usual."""
    g = _machao_sha()
    play(g, "skill 1 tieji", f"judge 1 #{SHA_C2}")
    ask = top(g)
    assert isinstance(ask, Ask) and ask.want == "shan" and ask.asked == 2
    play(g, f"respond 2 #{SHAN_H2}")
    assert hp(g, 2) == 4


def test_tieji_declined_asked_as_usual() -> None:
    """铁骑 tieji is optional: declined, the target is asked for a Shan."""
    g = _machao_sha()
    play(g, "pass 1")
    ask = top(g)
    assert isinstance(ask, Ask) and ask.want == "shan" and ask.asked == 2


def test_tieji_not_for_a_duel_or_another_seats_sha() -> None:
    """铁骑 tieji: only after 马超 himself targets with a Sha (not a 决斗)."""
    g = table(["machao", "zhangliao", "zhenji", "ganning"])
    to_play_phase(g)
    play(g, f"use 1 #{DUEL} -> 2")
    no_window(g)
    ask = top(g)
    assert isinstance(ask, Ask) and ask.want == "nullification"
    play(g, "pass", "pass 2")
    end_turn(g)
    to_play_phase(g)
    play(g, f"use 2 #{SHA_S7} -> 1")
    no_window(g)
    assert asked(g.state).asked == 1


# ---------------------------------------------------------------- 黄月英 集智


def _huangyueying() -> Game:
    g = table(["huangyueying", "zhangliao", "xuchu", "ganning"])
    to_play_phase(g)
    return g


def test_jizhi_draws_one_when_she_uses_a_trick() -> None:
    """集智 jizhi: when 黄月英 uses a non-delayed trick, she may draw one card."""
    g = _huangyueying()
    pile = g.state.draw_pile
    play(g, f"use 1 #{EX_NIHILO}")
    window(g, Point.DECLARE, 1)
    refused(g, "skill 1 jizhi x1", "集智 takes no cards or targets here")
    play(g, "skill 1 jizhi")
    assert hands(g, 1) == (6,) and g.state.draw_pile == pile - 1
    ask = top(g)
    assert isinstance(ask, Ask) and ask.want == "nullification"
    play(g, "pass")
    assert hands(g, 1) == (8,)


def test_jizhi_declined() -> None:
    """集智 jizhi is optional: declined, the trick goes on with no extra card."""
    g = _huangyueying()
    play(g, f"use 1 #{EX_NIHILO}", "pass 1")
    assert hands(g, 1) == (5,)
    assert isinstance(top(g), Ask)
    play(g, "pass")
    assert hands(g, 1) == (7,)


def test_jizhi_not_for_a_delayed_trick_or_a_basic_card() -> None:
    """集智 jizhi: non-delayed tricks only (not 乐不思蜀, not a Sha)."""
    g = _huangyueying()
    play(g, f"use 1 #{INDULGENCE} -> 2")
    assert not g.state.stack and hands(g, 1) == (5,)
    play(g, f"use 1 #{SHA_S7} -> 2")
    no_window(g)
    assert asked(g.state).asked == 2


def test_jizhi_not_for_another_seats_trick() -> None:
    """集智 jizhi: only the tricks 黄月英 uses herself."""
    g = table(["zhangliao", "huangyueying", "xuchu", "ganning"])
    to_play_phase(g)
    play(g, f"use 1 #{EX_NIHILO}")
    no_window(g)


def test_jizhi_when_she_uses_nullification() -> None:
    """集智 jizhi: 无懈可击 is a non-delayed trick too; using it lets her draw one."""
    g = table(["zhangliao", "huangyueying", "xuchu", "ganning"])
    to_play_phase(g)
    play(g, f"use 1 #{EX_NIHILO}", f"respond 2 #{cid('nullification', '♠J')}")
    w = top(g)
    assert isinstance(w, Window) and w.asked == 2, w  # 集智 offered to 黄月英
    before = hands(g, 2)[0]
    play(g, "skill 2 jizhi")
    assert hands(g, 2)[0] == before + 1


# ---------------------------------------------------------------- 黄月英 奇才


def test_qicai_tricks_without_distance_limit() -> None:
    """奇才 qicai (锁定技): 黄月英's tricks have no distance limit (顺手牵羊 at distance 2)."""
    g = _huangyueying()
    assert distance(g.state, 1, 3).value == 2  # type: ignore[union-attr]
    assert check_target(g.state, 1, kind("snatch"), 3).legal
    assert not check_target(g.state, 2, kind("snatch"), 4).legal
    play(g, f"use 1 #{cid('snatch', '♠3')} -> 3")
    window(g, Point.DECLARE, 1)  # 集智 first


# ---------------------------------------------------------------- 八卦阵 and 青釭剑


def _sha_at_eight_diagram(with_sword: bool) -> Game:
    """Seat 1 wears 八卦阵; seat 2 (maybe with 青釭剑) uses a Sha on seat 1."""
    g = table(["zhangfei", "zhaoyun", "ganning", "lvmeng"])
    to_play_phase(g)
    play(g, f"use 1 #{cid('eight_diagram', '♠2')}")
    end_turn(g)
    to_play_phase(g)
    if with_sword:
        play(g, f"use 2 #{cid('qinggang_sword')}")
    play(g, f"use 2 #{SHA_S7} -> 1")
    assert asked(g.state).asked == 1
    return g


def test_eight_diagram_judgement_against_a_plain_sha() -> None:
    """八卦阵: asked for a Shan, the wearer may judge; red counts as a Shan."""
    g = _sha_at_eight_diagram(with_sword=False)
    play(g, f"judge 1 #{SHAN_D2}")
    assert hp(g, 1) == 4 and not g.state.stack


def test_eight_diagram_refused_against_qinggang_sword() -> None:
    """青釭剑: its wielder's Sha ignores the target's armour: no 八卦阵 judgement."""
    g = _sha_at_eight_diagram(with_sword=True)
    refused(g, f"judge 1 #{SHAN_D2}", "青釭剑 ignores 八卦阵: answer with a Shan")
    refused(g, f"judge 1 #{SHAN_D2} for eight_diagram", "青釭剑 ignores 八卦阵")
    play(g, f"respond 1 #{SHAN_H2}")
    assert hp(g, 1) == 4 and not g.state.stack
