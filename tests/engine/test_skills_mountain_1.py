"""The skills of 山 (mountain) part 1: 张郃, 邓艾, 姜维, 刘禅 and 神赵云, settled as rules.

Each test names the skill (Chinese name and key of mountain.toml) and says in
its own words what the published 神话再临 card says it does. Timing skills:
the window opens for the right seat at the right moment, declining lets the
settlement go on as before, using it has its exact effect.
"""

from __future__ import annotations

import random

import pytest

from bench import simulate
from engine.derived import distance, hand_limit
from engine.frames import Point, Window
from engine.game import Game
from engine.state import Phase
from engine.windows import window_offers
from tests.engine.helpers import asked, cid, end_turn, hp, no_window, play, refused, top
from tests.engine.helpers import expecting as expect
from tests.engine.helpers import table as shared_table
from tests.engine.helpers import window_for as window

PACKS = "standard,ex,maneuvering,mountain"


def table(generals: list[str], *, lord: int = 1, start: bool = True) -> Game:
    """A dealt table of mountain generals (a 神 general as 蜀); with ``start`` the lord's
    turn has begun."""
    return shared_table(generals, lord=lord, start=start, pack="mountain", gods="shu")


def pass_windows(g: Game) -> None:
    """Decline every window on top (a plain turn's skills nobody uses)."""
    while g.state.stack and isinstance(g.state.stack[-1], Window):
        g.push_text(f"pass {g.state.stack[-1].asked}")


def to_draw(g: Game) -> None:
    """From the start of a turn to its draw, windows declined."""
    for _ in range(8):
        pass_windows(g)
        f = g.state.stack[-1] if g.state.stack else None
        if getattr(f, "what", "") == "draw":
            return
        if not g.state.stack:
            g.push_text("next")
    raise AssertionError(g.state.stack)


def to_play(g: Game) -> None:
    to_draw(g)
    seat = g.state.turn.seat
    counts = getattr(top(g), "counts", (2,))
    g.push_text(f"draw {seat} x{max(counts)}")
    pass_windows(g)
    assert g.state.turn.phase is Phase.PLAY, g.state.turn


def to_turn_of(g: Game, seat: int) -> None:
    for _ in range(12):
        if g.state.turn.seat == seat:
            return
        pass_windows(g)
        end_turn(g)
    raise AssertionError(f"seat {seat}'s turn never came")


SHA_S7 = cid("sha", "♠7")
SHA_S8 = cid("sha", "♠8")
SHA_S9 = cid("sha", "♠9")
SHAN_H2 = cid("shan", "♥2")
SHAN_D2 = cid("shan", "♦2")
TAO_H3 = cid("tao", "♥3")
DUEL = cid("duel", "♠A")
EX_NIHILO = cid("ex_nihilo", "♥7")


# ================================================================ 刘禅
# ---------------------------------------------------------------- 享乐


def _sha_on_liushan() -> Game:
    g = table(["caocao", "liushan", "zhangliao", "ganning"])
    to_play(g)
    play(g, f"use 1 #{SHA_S7} -> 2")
    window(g, Point.AFTER_TARGETING, 2)
    play(g, "skill 2 xiangle")
    expect(g, "discard_or_pass", 1)
    return g


def test_xiangle_no_basic_card_the_sha_has_no_effect() -> None:
    """享乐 xiangle: a player whose Sha targets 刘禅 must discard a basic card, or the Sha
    has no effect on him."""
    g = _sha_on_liushan()
    play(g, "pass 1")
    assert hp(g, 2) == 3 and not g.state.stack
    assert g.state.where[SHA_S7] == "discard"


def test_xiangle_a_basic_card_discarded_the_sha_goes_on() -> None:
    """享乐 xiangle: discarding a basic card, the Sha settles as usual (a Shan is asked)."""
    g = _sha_on_liushan()
    refused(g, f"discard 1 #{EX_NIHILO}", "not")  # a trick is not a basic card
    play(g, f"discard 1 #{SHAN_H2}")
    assert asked(g.state).asked == 2 and asked(g.state).want == "shan"
    play(g, "pass 2")
    assert hp(g, 2) == 2


def test_xiangle_not_for_his_own_or_others_sha() -> None:
    """享乐 xiangle is about a Sha that targets him: another target opens no window."""
    g = table(["caocao", "zhangliao", "liushan", "ganning"])
    to_play(g)
    play(g, f"use 1 #{SHA_S7} -> 2")
    no_window(g)


# ---------------------------------------------------------------- 放权


def test_fangquan_skips_the_play_phase_and_gives_an_extra_turn() -> None:
    """放权 fangquan: 刘禅 may skip his play phase; if he does, at the end of his turn he may
    discard a hand card to have another player take an extra turn after his."""
    g = table(["liushan", "caocao", "zhangliao", "ganning"])
    to_draw(g)
    play(g, "draw 1 x2")
    window(g, Point.PLAY_START, 1)
    play(g, "skill 1 fangquan")
    s = g.state
    assert s.turn.phase is not Phase.PLAY and s.turn.seat == 1
    while g.state.turn.phase is not Phase.END:
        excess = g.state.seat(1).hand_count - g.state.seat(1).hp
        if excess > 0:
            play(g, f"discard 1 x{excess}")
        play(g, "next")
    window(g, Point.END_PHASE, 1)
    refused(g, "skill 1 fangquan x1 -> 1", "not yourself")
    play(g, "skill 1 fangquan x1 -> 3")
    pass_windows(g)
    if g.state.turn.seat == 1:
        play(g, "next")
    assert g.state.turn.seat == 3  # the extra turn, before seat 2's


def test_fangquan_declined_the_play_phase_goes_on() -> None:
    """放权 fangquan is optional: declined, the play phase is played, no end-phase window."""
    g = table(["liushan", "caocao", "zhangliao", "ganning"])
    to_draw(g)
    play(g, "draw 1 x2", "pass 1")
    assert g.state.turn.phase is Phase.PLAY
    play(g, "next")
    assert not any(isinstance(f, Window) and f.point is Point.END_PHASE for f in g.state.stack)


# ---------------------------------------------------------------- 若愚


def test_ruoyu_awakens_with_the_lowest_hp() -> None:
    """若愚 ruoyu (lord, awakening): in his preparation phase, his HP no higher than anyone's,
    刘禅 gains 1 max HP, recovers 1 HP and gains 激将; once a game."""
    g = table(["liushan", "caocao", "zhangliao", "ganning"], start=False)
    play(g, "!damage 1 1", "next")  # 3/3 (four players: no lord bonus) -> 2/3: the lowest
    window(g, Point.PREPARATION, 1)
    play(g, "skill 1 ruoyu")
    s = g.state.seat(1)
    assert (s.hp, s.max_hp) == (3, 4) and "jijiang" in s.extra_skills
    assert s.mark("used_ruoyu") == 1


def test_ruoyu_not_while_another_has_less_hp() -> None:
    """若愚 ruoyu: someone with less HP than him: no awakening."""
    g = table(["liushan", "caocao", "zhangliao", "ganning"], start=False)
    play(g, "!damage 3 2", "next")  # 2 < his 3
    assert not any(isinstance(f, Window) and f.point is Point.PREPARATION for f in g.state.stack)


def test_ruoyu_gives_jijiang() -> None:
    """若愚 ruoyu: after it, 激将 works for him: another 蜀 player may play a Sha for him."""
    g = table(["liushan", "jiangwei", "zhangliao", "ganning"], start=False)
    play(g, "!damage 1 1", "next", "skill 1 ruoyu")
    to_play(g)
    play(g, "skill 1 jijiang -> 4")
    assert asked(g.state).asked == 2 and asked(g.state).helping
    play(g, f"respond 2 #{SHA_S8}")  # 姜维's Sha, used by 刘禅 on seat 4
    assert asked(g.state).asked == 4 and asked(g.state).want == "shan"


# ================================================================ 姜维
# ---------------------------------------------------------------- 挑衅


def _tiaoxin() -> Game:
    g = table(["jiangwei", "caocao", "zhangliao", "ganning"])
    to_play(g)
    refused(g, "skill 1 tiaoxin -> 3", "attack range")  # distance 2, range 1
    play(g, "skill 1 tiaoxin -> 2")
    a = asked(g.state)
    assert (a.want, a.asked, a.for_seat) == ("sha", 2, 1)
    return g


def test_tiaoxin_the_challenged_player_uses_a_sha_on_him() -> None:
    """挑衅 tiaoxin: once in his play phase 姜维 picks a player whose attack range includes
    him; that player uses a Sha on him ..."""
    g = _tiaoxin()
    play(g, f"use 2 #{SHA_S7} -> 1")
    assert asked(g.state).asked == 1 and asked(g.state).want == "shan"
    play(g, "pass 1")
    assert hp(g, 1) == 3 and not g.state.stack
    refused(g, "skill 1 tiaoxin -> 4", "once")


def test_tiaoxin_no_sha_he_discards_one_of_their_cards() -> None:
    """挑衅 tiaoxin: ... or, if they do not, 姜维 discards one of their cards."""
    g = _tiaoxin()
    play(g, "pass 2")
    expect(g, "discard_one", 1)
    before = g.state.seat(2).hand_count
    play(g, "discard 2 x1")
    assert g.state.seat(2).hand_count == before - 1 and not g.state.stack


# ---------------------------------------------------------------- 志继


def _jiangwei_emptied(damage: int = 0, keep: int = 0) -> Game:
    """姜维 (seat 2) loses his hand (and ``damage`` HP) in seat 1's turn; his turn begins."""
    g = table(["caocao", "jiangwei", "zhangliao", "ganning"])
    to_play(g)
    play(g, f"!discard 2 x{4 - keep}")
    if damage:
        play(g, f"!damage 2 {damage}")
    play(g, "next")
    end_turn(g)
    assert g.state.turn.seat == 2
    return g


def _zhiji(damage: int = 0) -> Game:
    g = _jiangwei_emptied(damage)
    window(g, Point.PREPARATION, 2)
    play(g, "skill 2 zhiji")
    expect(g, "choose", 2)
    return g


def test_zhiji_awakens_without_hand_cards_draws_two() -> None:
    """志继 zhiji (awakening): in his preparation phase with no hand cards, 姜维 recovers 1
    HP or draws two cards, then loses 1 max HP and gains 观星 (usable at once)."""
    g = _zhiji()
    play(g, "choose 2 draw")
    s = g.state.seat(2)
    assert (s.hand_count, s.hp, s.max_hp) == (2, 3, 3)
    assert "guanxing" in s.extra_skills and s.mark("used_zhiji") == 1
    w = window(g, Point.PREPARATION, 2)
    assert window_offers(g.state, w) == ("guanxing",)


def test_zhiji_recover_then_max_hp_falls() -> None:
    """志继 zhiji: recovering when wounded, then max HP 1 less (HP no higher than it)."""
    g = _zhiji(damage=2)
    play(g, "choose 2 recover")
    s = g.state.seat(2)
    assert (s.hp, s.max_hp, s.hand_count) == (3, 3, 0)


def test_zhiji_not_with_hand_cards() -> None:
    """志继 zhiji: with a hand card, no awakening."""
    g = _jiangwei_emptied(keep=1)
    assert not any(isinstance(f, Window) and f.point is Point.PREPARATION for f in g.state.stack)


# ================================================================ 神赵云
# ---------------------------------------------------------------- 绝境


def test_juejing_draws_as_many_more_as_hp_lost_and_keeps_two_more() -> None:
    """绝境 juejing (compulsory): in his draw phase 神赵云 draws as many more cards as the HP
    he has lost; his hand limit is 2 more than his HP."""
    g = table(["caocao", "shenzhaoyun", "zhangliao", "ganning"])
    to_play(g)
    play(g, "!damage 2 1", "next")
    end_turn(g)
    to_draw(g)
    assert top(g).counts == (3,)  # type: ignore[attr-defined]
    refused(g, "draw 2 x2", "3")
    play(g, "draw 2 x3")
    assert hand_limit(g.state, 2).value == 1 + 2


# ---------------------------------------------------------------- 龙魂

CLUB_2, CLUB_3 = cid("sha", "♣2"), cid("sha", "♣3")
DIAMOND_6, DIAMOND_7 = cid("sha", "♦6"), cid("sha", "♦7")
HEART_3, HEART_4 = cid("tao", "♥3"), cid("sha", "♥10")
SPADE_8, SPADE_9 = cid("sha", "♠8"), cid("sha", "♠9")


def _sha_on_zhaoyun() -> Game:
    g = table(["caocao", "shenzhaoyun", "zhangliao", "ganning"])
    to_play(g)
    play(g, f"use 1 #{SHA_S7} -> 2")
    assert asked(g.state).asked == 2
    return g


def test_longhun_two_clubs_as_shan_at_two_hp() -> None:
    """龙魂 longhun: 神赵云 may use or play X cards of one suit (X his HP, at least 1): clubs
    as 闪 ..."""
    g = _sha_on_zhaoyun()
    refused(g, f"respond 2 #{CLUB_2} as shan", "no skill")  # HP 2: two cards
    refused(g, f"respond 2 #{CLUB_2} #{DIAMOND_6} as shan", "no skill")  # one suit
    play(g, f"respond 2 #{CLUB_2} #{CLUB_3} as shan")
    assert hp(g, 2) == 2 and g.state.where[CLUB_3] == "discard"


def test_longhun_one_card_at_one_hp_diamond_as_fire_sha() -> None:
    """龙魂 longhun: ... diamonds as a fire 杀; at 1 HP one card is enough."""
    g = table(["shenzhaoyun", "caocao", "zhangliao", "ganning"], start=False)
    play(g, "!damage 1 1", "next")
    to_play(g)
    play(g, f"use 1 #{DIAMOND_6} as fire_sha -> 2")
    assert asked(g.state).asked == 2
    play(g, "pass 2")
    assert hp(g, 2) == 3


def test_longhun_hearts_as_tao_and_spades_as_nullification() -> None:
    """龙魂 longhun: ... hearts as 桃, spades as 无懈可击."""
    g = table(["shenzhaoyun", "caocao", "zhangliao", "ganning"], start=False)
    play(g, "!damage 1 1", "next")  # 2 -> 1 HP (four players: no lord bonus)
    to_play(g)
    play(g, f"use 1 #{HEART_3} as tao")
    assert hp(g, 1) == 2
    play(g, f"use 1 #{DUEL} -> 2")
    assert asked(g.state).want == "nullification"
    refused(g, f"respond 1 #{SPADE_8} as nullification", "no skill")  # HP 2: two spades
    play(g, f"respond 1 #{SPADE_8} #{SPADE_9} as nullification")


# ================================================================ 张郃
# ---------------------------------------------------------------- 巧变

INDULGENCE = cid("indulgence", "♠6")
DILU = cid("dilu", "♣5")


def _zhanghe_turn(*before: str) -> Game:
    """张郃 sits at seat 2; seat 1 plays ``before`` in its play phase, then his turn begins."""
    g = table(["caocao", "zhanghe", "zhangliao", "ganning"])
    to_play(g)
    play(g, *before)
    play(g, "next")
    end_turn(g)
    assert g.state.turn.seat == 2
    return g


def test_qiaobian_skips_the_judgement_phase() -> None:
    """巧变 qiaobian: 张郃 may discard a hand card to skip one of his phases (not the
    preparation or end phase): skipping the judgement phase, 乐不思蜀 is not judged."""
    g = _zhanghe_turn(f"use 1 #{INDULGENCE} -> 2")
    window(g, Point.JUDGEMENT_PHASE, 2)
    hand = g.state.seat(2).hand_count
    refused(g, "skill 2 qiaobian x1 -> 1", "all it does")
    play(g, "skill 2 qiaobian x1")
    s = g.state
    assert s.turn.phase is Phase.DRAW and s.where[INDULGENCE] == "judge:2"
    assert s.seat(2).hand_count == hand - 1
    assert [f for f in s.stack if getattr(f, "what", "") == "draw"]


def test_qiaobian_skips_the_draw_phase_and_takes_two_hand_cards() -> None:
    """巧变 qiaobian: skipping the draw phase, he may take a hand card from each of one or
    two other players."""
    g = _zhanghe_turn()
    window(g, Point.DRAW_START, 2)
    before = [g.state.seat(n).hand_count for n in (1, 2, 3)]
    play(g, "skill 2 qiaobian x1 -> 1,3")
    after = [g.state.seat(n).hand_count for n in (1, 2, 3)]
    assert after == [before[0] - 1, before[1] - 1 + 2, before[2] - 1]
    window(g, Point.PLAY_START, 2)  # the play phase comes: he may skip it too
    assert g.state.turn.phase is Phase.PLAY


def test_qiaobian_skips_the_play_phase_and_moves_a_horse() -> None:
    """巧变 qiaobian: skipping the play phase, he may move a card of an equipment or
    judgement zone to the same zone of another player."""
    g = _zhanghe_turn(f"use 1 #{DILU}")
    to_draw(g)
    play(g, "draw 2 x2")
    window(g, Point.PLAY_START, 2)
    refused(g, f"skill 2 qiaobian #{DILU} x1 -> 1", "another")
    play(g, f"skill 2 qiaobian #{DILU} x1 -> 3")
    s = g.state
    assert s.where[DILU] == "equip:3" and s.turn.phase is not Phase.PLAY


def test_qiaobian_declined_the_phase_is_played() -> None:
    """巧变 qiaobian is optional: declined, the draw phase draws as usual."""
    g = _zhanghe_turn()
    window(g, Point.DRAW_START, 2)
    play(g, "pass 2", "draw 2 x2")
    assert g.state.turn.phase is Phase.PLAY


# ================================================================ 邓艾
# ---------------------------------------------------------------- 屯田


def _dengai_loses_a_shan() -> Game:
    """邓艾 (seat 2) plays a 闪 against seat 1's Sha: a card lost outside his turn."""
    g = table(["caocao", "dengai", "zhangliao", "ganning"])
    to_play(g)
    play(g, f"use 1 #{SHA_S7} -> 2", f"respond 2 #{SHAN_H2}")
    window(g, Point.CARD_LOST, 2)
    return g


def test_tuntian_a_card_lost_outside_his_turn_judges_for_a_field() -> None:
    """屯田 tuntian: each time 邓艾 loses a card outside his turn he may judge; unless a
    heart, the judgement card goes onto his general as a 田, and each 田 takes 1 off his
    distance to the others."""
    g = _dengai_loses_a_shan()
    assert distance(g.state, 2, 4).value == 2  # type: ignore[union-attr]
    play(g, "skill 2 tuntian")
    expect(g, "judge", 2)
    play(g, f"judge 2 #{SHA_S9}")
    s = g.state
    assert s.seat(2).on_general == (SHA_S9,) and s.where[SHA_S9] == "general:2"
    assert distance(s, 2, 4).value == 1  # type: ignore[union-attr]
    assert distance(s, 4, 2).value == 2  # type: ignore[union-attr]  # his own distance only


def test_tuntian_a_heart_is_discarded() -> None:
    """屯田 tuntian: a heart judgement card is no 田."""
    g = _dengai_loses_a_shan()
    play(g, "skill 2 tuntian", f"judge 2 #{TAO_H3}")
    assert g.state.seat(2).on_general == () and g.state.where[TAO_H3] == "discard"


def test_tuntian_not_in_his_own_turn() -> None:
    """屯田 tuntian: a card he loses in his own turn (a card he uses) opens no window."""
    g = table(["dengai", "caocao", "zhangliao", "ganning"])
    to_play(g)
    play(g, f"use 1 #{SHA_S7} -> 2")
    assert not any(isinstance(f, Window) and f.point is Point.CARD_LOST for f in g.state.stack)


# ---------------------------------------------------------------- 凿险 / 急袭

FIELDS = (cid("sha", "♠10"), cid("sha", "♣4"), cid("shan", "♦2"))


def _dengai_with_three_fields() -> Game:
    g = table(["caocao", "dengai", "zhangliao", "ganning"])
    to_play(g)
    play(g, f"!move {' '.join(f'#{c}' for c in FIELDS)} from pile -> general:2", "next")
    end_turn(g)
    assert g.state.turn.seat == 2
    return g


def test_zaoxian_awakens_with_three_fields_and_gives_jixi() -> None:
    """凿险 zaoxian (awakening): in his preparation phase with three or more 田, 邓艾 loses
    1 max HP and gains 急袭."""
    g = _dengai_with_three_fields()
    window(g, Point.PREPARATION, 2)
    play(g, "skill 2 zaoxian")
    s = g.state.seat(2)
    assert (s.hp, s.max_hp) == (3, 3) and "jixi" in s.extra_skills


def test_zaoxian_not_with_two_fields() -> None:
    """凿险 zaoxian: two 田 are not enough."""
    g = table(["caocao", "dengai", "zhangliao", "ganning"])
    to_play(g)
    play(g, f"!move #{FIELDS[0]} #{FIELDS[1]} from pile -> general:2", "next")
    end_turn(g)
    assert not any(isinstance(f, Window) and f.point is Point.PREPARATION for f in g.state.stack)


def test_jixi_a_field_used_as_snatch() -> None:
    """急袭 jixi: 邓艾 may use a 田 as 顺手牵羊 (its distance counts his 田)."""
    g = _dengai_with_three_fields()
    refused(g, "skill 2 zaoxian x1", "takes no cards")
    play(g, "skill 2 zaoxian")
    to_play(g)
    play(g, f"use 2 #{FIELDS[0]} as snatch -> 4")  # distance 2 - 3 田: 1
    assert g.state.where[FIELDS[0]] == "processing"
    assert len(g.state.seat(2).on_general) == 2


def test_jixi_not_before_zaoxian() -> None:
    """急袭 jixi is not in force before 凿险 gives it."""
    g = _dengai_with_three_fields()
    play(g, "pass 2")
    to_play(g)
    refused(g, f"use 2 #{FIELDS[0]} as snatch -> 3", "no skill")


# ================================================================ simulated games

MOUNTAIN_1 = ["zhanghe", "dengai", "jiangwei", "liushan", "shenzhaoyun"]


def _seated(seed: int) -> list[str]:
    """A 5-player identity table of the five generals in a seed's order, 刘禅 the lord on
    odd seeds (his lord skill 若愚 in force), seat 1 on even ones."""
    rng = random.Random(seed)
    generals = MOUNTAIN_1[:]
    rng.shuffle(generals)
    lord = generals.index("liushan") + 1 if seed % 2 else 1
    lines = [f"setup identity 5 packages={PACKS}", f"role {lord} lord"]
    for seat, general in enumerate(generals, start=1):
        lines.append(
            f"general {seat} {general}" + (" kingdom=shu" if general == "shenzhaoyun" else "")
        )
    return lines


@pytest.mark.parametrize("seed", range(1, 11))
def test_simulated_games_with_the_five_generals_end(seed: int) -> None:
    """bench/simulate.py plays identity games of 张郃, 邓艾, 姜维, 刘禅 and 神赵云 to their end."""
    played = simulate.play(seed, _seated(seed), max_moves=3000)
    assert not played.stuck and played.states[-1].over


def test_jixi_a_field_is_no_card_of_its_own() -> None:
    """急袭 jixi: a 田 is used as 顺手牵羊 only, never as the card it is (nor as a response)."""
    g = _dengai_with_three_fields()
    play(g, "skill 2 zaoxian")
    to_play(g)
    refused(g, f"use 2 #{FIELDS[0]} -> 3", "only as a skill allows")


def test_xiangle_and_tieji_are_asked_in_seat_order() -> None:
    """享乐 xiangle and 马超's 铁骑 both act after a Sha targets 刘禅: the window asks the
    current player (马超, seat 1) first, then 刘禅."""
    g = table(["machao", "liushan", "zhangliao", "ganning"])
    to_play(g)
    play(g, f"use 1 #{SHA_S7} -> 2")
    w = window(g, Point.AFTER_TARGETING, 1)
    assert w.seats == (1, 2)
    play(g, "pass 1")
    window(g, Point.AFTER_TARGETING, 2)
    play(g, "skill 2 xiangle")
    expect(g, "discard_or_pass", 1)


def test_qiaobian_skips_the_discard_phase_over_the_hand_limit() -> None:
    """巧变 qiaobian: skipping the discard phase, he keeps the cards over his hand limit; the
    judgement and discard phases are asked about only when skipping them changes something
    (a card to judge; more cards than the limit)."""
    g = _zhanghe_turn("!damage 2 2")  # 4 -> 2 HP: a hand limit of 2
    assert not any(
        isinstance(f, Window) and f.point is Point.JUDGEMENT_PHASE for f in g.state.stack
    )
    to_play(g)
    play(g, "next")
    window(g, Point.DISCARD_START, 2)
    hand = g.state.seat(2).hand_count
    play(g, "skill 2 qiaobian x1")
    s = g.state
    assert s.turn.phase is Phase.END or s.turn.seat != 2
    assert s.seat(2).hand_count == hand - 1 > 2
