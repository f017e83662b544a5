"""The skills of 神话再临 · 山 (mountain), second half: 孙策, 张昭张纮, 左慈, 蔡文姬 and
神司马懿, settled as rules.

Each test names the skill (Chinese name and key of mountain.toml) and says, in our
own words, what the published 山 card says the skill does. The timing skills: the
window opens at the right moment for the right seat (in seat order from the
current player where two seats may act), declining lets the settlement go on, and
using it has its exact effect.
"""

from __future__ import annotations

from engine.frames import Point, Window
from engine.game import Game
from engine.skills.common import gender_of
from engine.table import Table
from engine.windows import window_offers
from tests.engine.helpers import cid, end_turn, hand, hp, play, refused, table
from tests.engine.helpers import expecting as expect
from tests.engine.helpers import window_for as window

PACKS = "packages=standard,ex,maneuvering,mountain"


def mtable(generals: list[str], *, lord: int = 1, start: bool = True) -> Game:
    """A dealt identity table where the 山 generals may sit (a 神 general as 魏)."""
    return table(generals, lord=lord, start=start, pack="mountain", gods="wei")


def to_discard_phase(g: Game) -> None:
    """From the play phase of the current seat to its discard phase."""
    play(g, "next")
    assert g.state.turn.phase.value == "discard", g.state.turn


SHA_S7 = cid("sha", "♠7")
SHA_H10 = cid("sha", "♥10")
SHA_D6 = cid("sha", "♦6")
SHAN_D2 = cid("shan", "♦2")
CROSSBOW = cid("crossbow", "♣A")
AXE = cid("axe", "♦5")
DUEL = cid("duel", "♠A")
TAO_H3 = cid("tao", "♥3")

# ================================================================ 张昭张纮


def test_zhijian_puts_equipment_into_another_zone_and_draws() -> None:
    """直谏 zhijian: in his play phase he may put an equipment card of his hand into
    another player's equipment zone (where that slot is empty), then draw a card."""
    g = mtable(["zhangzhaozhanghong", "caiwenji", "sunce", "huatuo"])
    play(g, f"draw 1 #{CROSSBOW} #{AXE}")
    before = hand(g, 1)
    play(g, f"skill 1 zhijian #{CROSSBOW} -> 3")
    s = g.state
    assert s.seat(3).weapon == CROSSBOW
    assert s.seat(1).hand_count == before - 1 + 1  # the card went, one was drawn
    refused(g, f"skill 1 zhijian #{AXE} -> 3", "already has a card in that slot")
    refused(g, f"skill 1 zhijian #{SHA_S7} -> 2", "is not")


def _guzheng_table(second: str = "huatuo") -> Game:
    """Seat 1 (甘宁, HP 4: four players) draws ♠7 Sha and ♥10 Sha and discards them."""
    g = mtable(["ganning", "zhangzhaozhanghong", second, "caiwenji"])
    play(g, f"draw 1 #{SHA_S7} #{SHA_H10}")
    to_discard_phase(g)
    play(g, f"discard 1 #{SHA_S7} #{SHA_H10}")
    play(g, "next")
    return g


def test_guzheng_returns_one_and_takes_the_rest() -> None:
    """固政 guzheng: at the end of another player's discard phase, he may return one of
    the cards that player discarded in it to their hand, and take the rest."""
    g = _guzheng_table()
    window(g, Point.DISCARD_END, 2)
    before1, before2 = hand(g, 1), hand(g, 2)
    refused(g, f"skill 2 guzheng #{TAO_H3}", "one of those discarded")
    play(g, f"skill 2 guzheng #{SHA_H10}")
    s = g.state
    assert s.where[SHA_H10] == "hand:1" and s.where[SHA_S7] == "hand:2"
    assert (hand(g, 1), hand(g, 2)) == (before1 + 1, before2 + 1)
    assert s.turn.seat == 2  # seat 1's turn went on to its end


def test_guzheng_declined_the_turn_goes_on() -> None:
    """固政 guzheng is optional: declined, the cards stay discarded and the turn ends."""
    g = _guzheng_table()
    play(g, "pass 2")
    s = g.state
    assert s.where[SHA_S7] == "discard" and s.where[SHA_H10] == "discard"
    assert s.turn.seat == 2


def test_guzheng_not_in_his_own_turn() -> None:
    """固政 guzheng acts on another player's discard phase only."""
    g = mtable(["zhangzhaozhanghong", "caiwenji", "sunce", "huatuo"])
    play(g, f"draw 1 #{SHA_S7} #{SHA_H10}")
    to_discard_phase(g)
    play(g, f"discard 1 #{SHA_S7} #{SHA_H10} x1", "next")
    assert not isinstance(g.state.stack[-1] if g.state.stack else None, Window)
    assert g.state.turn.seat == 2
    end_turn(g)


# ================================================================ 蔡文姬

SPADE_8 = cid("sha", "♠8")
CLUB_2 = cid("sha", "♣2")
DIAMOND_6 = SHA_D6


def _beige_table() -> Game:
    """Seat 1 (甘宁) hits seat 4 (张昭张纮) with the Sha ♠7; 蔡文姬 sits at seat 2."""
    g = mtable(["ganning", "caiwenji", "xuchu", "zhangzhaozhanghong"])
    play(g, f"draw 1 #{SHA_S7} #{DUEL}", f"use 1 #{SHA_S7} -> 4", "pass 4")
    return g


def test_beige_heart_the_damaged_recovers() -> None:
    """悲歌 beige: when a player takes damage from a Sha, she may discard a card to make
    that player judge; a heart: they recover 1 HP."""
    g = _beige_table()
    assert hp(g, 4) == 2
    window(g, Point.AFTER_DAMAGE, 2)
    before = hand(g, 2)
    play(g, "skill 2 beige x1")
    assert hand(g, 2) == before - 1
    refused(g, f"judge 2 #{TAO_H3}", "needs a skill")
    play(g, f"judge 4 #{TAO_H3}")
    assert hp(g, 4) == 3 and not g.state.stack


def test_beige_diamond_the_damaged_draws_two() -> None:
    """悲歌 beige: a diamond: the damaged player draws two cards."""
    g = _beige_table()
    before = hand(g, 4)
    play(g, "skill 2 beige x1", f"judge 4 #{DIAMOND_6}")
    assert hand(g, 4) == before + 2


def test_beige_club_the_source_discards_two() -> None:
    """悲歌 beige: a club: the damage source discards two cards."""
    g = _beige_table()
    before = hand(g, 1)
    play(g, "skill 2 beige x1", f"judge 4 #{CLUB_2}")
    expect(g, "discard_one", 1)
    play(g, "discard 1 x1")
    expect(g, "discard_one", 1)
    play(g, "discard 1 x1")
    assert hand(g, 1) == before - 2 and not g.state.stack


def test_beige_spade_the_source_turns_over() -> None:
    """悲歌 beige: a spade: the damage source turns his general over."""
    g = _beige_table()
    play(g, "skill 2 beige x1", f"judge 4 #{SPADE_8}")
    assert g.state.seat(1).flipped


def test_beige_declined_and_not_for_other_damage() -> None:
    """悲歌 beige is optional, and only for damage caused by a Sha (not a 决斗)."""
    g = _beige_table()
    play(g, "pass 2")
    assert not g.state.stack and hp(g, 4) == 2
    play(g, f"use 1 #{DUEL} -> 3", "pass", "pass 3")
    assert hp(g, 3) == 3
    assert not any(isinstance(f, Window) for f in g.state.stack)


def test_duanchang_her_killer_loses_every_skill() -> None:
    """断肠 duanchang (compulsory): when she dies, the player who killed her loses all of
    his skills."""
    from engine.derived import owned_keys

    g = mtable(["ganning", "caiwenji", "xuchu", "zhangzhaozhanghong"])
    play(g, "!losehp 2 2", f"draw 1 #{SHA_S7} x1")
    assert "qixi" in owned_keys(g.state.seat(1))
    play(g, f"use 1 #{SHA_S7} -> 2", "pass 2", "pass", "role 2 rebel")
    s = g.state
    assert not s.seat(2).alive
    assert owned_keys(s.seat(1)) == frozenset()
    assert "qixi" not in owned_keys(s.seat(3)) and owned_keys(s.seat(3))  # only her killer


# ================================================================ 孙策


def test_jiang_draws_for_his_red_sha_not_a_black_one() -> None:
    """激昂 jiang: when he uses a red Sha (or a 决斗) he may draw a card; a black Sha
    does not count."""
    g = mtable(["sunce", "zhangzhaozhanghong", "caiwenji", "huatuo"])
    play(g, f"draw 1 #{SHA_H10} #{SHA_S7}")
    play(g, f"use 1 #{SHA_H10} -> 2")
    window(g, Point.AFTER_TARGETING, 1)
    before = hand(g, 1)
    play(g, "skill 1 jiang")
    assert hand(g, 1) == before + 1


def test_jiang_when_he_becomes_the_target_of_a_duel() -> None:
    """激昂 jiang: becoming the target of a 决斗 he may draw a card too."""
    g = mtable(["caiwenji", "sunce", "zhangzhaozhanghong", "huatuo"])
    play(g, f"draw 1 #{DUEL} x1", f"use 1 #{DUEL} -> 2")
    window(g, Point.AFTER_TARGETING, 2)
    before = hand(g, 2)
    play(g, "skill 2 jiang")
    assert hand(g, 2) == before + 1


def test_jiang_not_for_a_black_sha_on_him() -> None:
    """激昂 jiang: a black Sha on him opens nothing."""
    g = mtable(["caiwenji", "sunce", "zhangzhaozhanghong", "huatuo"])
    play(g, f"draw 1 #{SHA_S7} x1", f"use 1 #{SHA_S7} -> 2")
    assert not any(isinstance(f, Window) for f in g.state.stack)


def test_hunzi_awakens_at_one_hp() -> None:
    """魂姿 hunzi (awakening): in his preparation phase with 1 HP he loses 1 max HP and
    gains 英姿 and 英魂 (once a game)."""
    g = mtable(["sunce", "zhangzhaozhanghong", "caiwenji", "huatuo"], start=False)
    play(g, "!losehp 1 3", "next")
    window(g, Point.PREPARATION, 1)
    play(g, "skill 1 hunzi")
    s = g.state.seat(1)
    assert (s.hp, s.max_hp) == (1, 3)
    assert s.extra_skills == ("yingzi", "yinghun")
    assert s.mark("used_hunzi") == 1
    # 英魂, gained now, acts in this same preparation phase: he is wounded
    top = g.state.stack[-1]
    assert isinstance(top, Window) and "yinghun" in window_offers(g.state, top, 1)
    play(g, "pass 1")
    assert 3 in expect(g, "draw", 1).counts  # 英姿: one card more


def test_hunzi_not_above_one_hp() -> None:
    """魂姿 hunzi: not while he has more than 1 HP."""
    g = mtable(["sunce", "zhangzhaozhanghong", "caiwenji", "huatuo"])
    assert g.state.turn.phase.value == "draw"


def _zhiba_table() -> Game:
    """孙策 is the lord at seat 1; 张昭张纮 (吴) at seat 2 is in his play phase."""
    g = mtable(["sunce", "zhangzhaozhanghong", "caiwenji", "huatuo"])
    end_turn(g)
    play(g, f"draw 2 #{SHA_S7} #{SHAN_D2}")
    return g


def test_zhiba_the_lord_wins_and_takes_both_cards() -> None:
    """制霸 zhiba (lord): once in his play phase another 吴 player may fight a point with
    孙策; if that player does not win, 孙策 may take both cards."""
    g = _zhiba_table()
    play(g, "skill 2 zhiba -> 1")
    expect(g, "compare", 2)
    play(g, f"compare 2 #{SHAN_D2}", f"compare 1 #{SHA_H10}")
    expect(g, "choose", 1)
    play(g, "choose 1 take")
    assert g.state.where[SHAN_D2] == "hand:1" and g.state.where[SHA_H10] == "hand:1"
    refused(g, "skill 2 zhiba -> 1", "used already")


def test_zhiba_the_challenger_wins_nothing_taken() -> None:
    """制霸 zhiba: when the 吴 player wins, nothing more happens."""
    g = _zhiba_table()
    play(g, "skill 2 zhiba -> 1", f"compare 2 #{SHA_S7}", f"compare 1 #{SHA_D6}")
    assert not g.state.stack and g.state.where[SHA_S7] == "discard"


def test_zhiba_not_for_others_and_refused_after_hunzi() -> None:
    """制霸 zhiba: only 吴 players start it; once 魂姿 has awakened, 孙策 may refuse."""
    g = mtable(["sunce", "caiwenji", "zhangzhaozhanghong", "huatuo"])
    end_turn(g)
    play(g, "draw 2 x2")
    refused(g, "skill 2 zhiba -> 1", "has no")
    g = _zhiba_table()
    play(g, "!mark 1 used_hunzi +1", "skill 2 zhiba -> 1")
    expect(g, "choose", 1)
    play(g, "choose 1 refuse")
    assert not g.state.stack


# ================================================================ 神司马懿


def ren(g: Game, seat: int) -> int:
    return g.state.seat(seat).mark("ren")


def test_renjie_a_mark_per_damage_point() -> None:
    """忍戒 renjie (compulsory): each time he takes 1 damage he gains a 忍 mark."""
    g = mtable(["ganning", "shensimayi", "caiwenji", "huatuo"])
    play(g, f"draw 1 #{SHA_S7} x1", f"use 1 #{SHA_S7} -> 2", "pass 2")
    assert hp(g, 2) == 3 and ren(g, 2) == 1


def test_renjie_a_mark_per_card_discarded_in_his_discard_phase() -> None:
    """忍戒 renjie (compulsory): each card he discards in his discard phase gives a 忍."""
    g = mtable(["shensimayi", "ganning", "caiwenji", "huatuo"])
    play(g, "draw 1 x2", "!losehp 1 2")
    to_discard_phase(g)
    play(g, "discard 1 x4")
    assert ren(g, 1) == 4


def test_baiyin_awakens_with_four_ren() -> None:
    """拜印 baiyin (awakening): in his preparation phase with four or more 忍 he loses 1
    max HP and gains 极略."""
    g = mtable(["shensimayi", "ganning", "caiwenji", "huatuo"], start=False)
    play(g, "!mark 1 ren +4", "next")
    window(g, Point.PREPARATION, 1)
    play(g, "skill 1 baiyin")
    s = g.state.seat(1)
    assert s.max_hp == 3 and "jilve" in s.extra_skills and "zhiheng" in s.extra_skills
    assert s.mark("used_baiyin") == 1


def test_baiyin_not_below_four() -> None:
    """拜印 baiyin: not with fewer than four 忍."""
    g = mtable(["shensimayi", "ganning", "caiwenji", "huatuo"], start=False)
    play(g, "!mark 1 ren +3", "next")
    assert g.state.turn.phase.value == "draw"


def _awakened() -> Game:
    g = mtable(["shensimayi", "ganning", "caiwenji", "huatuo"], start=False)
    play(g, "!mark 1 ren +5", "next", "skill 1 baiyin")
    return g


def test_jilve_zhiheng_spends_a_ren() -> None:
    """极略 jilve: he may spend a 忍 to use 制衡 (once a phase)."""
    g = _awakened()
    play(g, "draw 1 x2", "skill 1 zhiheng x2")
    assert ren(g, 1) == 4
    refused(g, "skill 1 zhiheng x1", "once per")


def test_jilve_without_ren_nothing_to_spend() -> None:
    """极略 jilve: without a 忍 mark none of its skills can be used."""
    g = mtable(["shensimayi", "ganning", "caiwenji", "huatuo"], start=False)
    play(g, "!mark 1 ren +4", "next", "skill 1 baiyin", "!mark 1 ren -4", "draw 1 x2")
    refused(g, "skill 1 zhiheng x1", "no 忍 mark")
    refused(g, "skill 1 jilve", "no 忍 mark")


def test_jilve_wansha_until_the_end_of_the_turn() -> None:
    """极略 jilve: he may spend a 忍 to have 完杀 until the end of the turn."""
    g = _awakened()
    play(g, "draw 1 x2", "skill 1 jilve")
    assert "wansha" in g.state.seat(1).extra_skills and ren(g, 1) == 4
    end_turn(g)
    assert "wansha" not in g.state.seat(1).extra_skills


def _judged_by_beige(g: Game) -> None:
    """Seat 1 hits seat 2 with a Sha; 蔡文姬 (seat 3) has seat 2 judge ♥3 for 悲歌."""
    play(g, f"draw 1 #{SHA_S7} x1", f"use 1 #{SHA_S7} -> 2", "pass 2")
    play(g, "skill 3 beige x1", f"judge 2 #{TAO_H3}")


def test_jilve_guicai_offered_while_he_has_ren() -> None:
    """极略 jilve: he may spend a 忍 to use 鬼才 before a judgement card takes effect."""
    g = _awakened()
    _judged_by_beige(g)
    window(g, Point.JUDGE_BEFORE, 1)
    play(g, f"skill 1 guicai #{SHA_D6}")
    assert ren(g, 1) == 4
    assert hand(g, 2) == 6  # ♦6 replaced ♥3: seat 2 (4 dealt, 0 drawn) drew two


def test_jilve_guicai_not_offered_without_ren() -> None:
    """极略 jilve: without a 忍, 鬼才 through it is not offered."""
    g = mtable(["shensimayi", "ganning", "caiwenji", "huatuo"], start=False)
    play(g, "!mark 1 ren +4", "next", "skill 1 baiyin", "!mark 1 ren -4")
    _judged_by_beige(g)
    assert not any(isinstance(f, Window) for f in g.state.stack)
    assert hp(g, 2) == 4


def test_lianpo_an_extra_turn_after_a_kill() -> None:
    """连破 lianpo: at the end of a turn in which he killed a player, he may take an
    extra turn."""
    g = mtable(["shensimayi", "ganning", "caiwenji", "huatuo"])
    play(g, "!losehp 2 3", f"draw 1 #{SHA_S7} x1", f"use 1 #{SHA_S7} -> 2", "pass 2")
    play(g, "pass", "role 2 rebel")
    assert not g.state.seat(2).alive
    play(g, "next")  # to the discard phase
    while g.state.turn.phase.value == "discard":
        excess = hand(g, 1) - hp(g, 1)
        play(g, f"discard 1 x{excess}" if excess > 0 else "next")
    window(g, Point.TURN_END, 1)
    play(g, "skill 1 lianpo")
    assert g.state.turn.seat == 1 and g.state.turn.number == 2


# ================================================================ 左慈


def _zuoci_table() -> Game:
    """左慈 at seat 3; at the game's start (the lord's first turn starting) he takes
    张辽, 许褚 and 甄姬 as 化身 cards and declares 突袭."""
    g = mtable(["ganning", "caiwenji", "zuoci", "huatuo"])
    window(g, Point.TURN_START, 3)
    play(g, "skill 3 huashen")
    for general in ("zhangliao", "xuchu", "zhenji"):
        chosen = expect(g, "choose", 3)
        assert general in chosen.options and "ganning" not in chosen.options
        play(g, f"choose 3 {general}")
    chosen = expect(g, "choose", 3)
    assert chosen.options == ("tuxi", "luoyi", "qingguo", "luoshen")
    play(g, "choose 3 tuxi")
    return g


def test_huashen_three_cards_at_the_start_one_skill_declared() -> None:
    """化身 huashen: at the start of the game he takes three generals not in the game
    face down, shows one and declares one of its skills (not a lord, limited or
    awakening skill): he has it, and that general's kingdom and gender, while it is
    shown."""
    g = _zuoci_table()
    s = g.state.seat(3)
    assert s.extra_skills == ("tuxi",) and s.kingdom == "wei"
    assert gender_of(Table(g.state), 3) == "male"
    assert (s.mark("huashen_zhangliao"), s.mark("huashen_xuchu")) == (2, 1)
    assert g.state.turn.seat == 1


def test_huashen_shows_another_at_his_turn_start_and_end() -> None:
    """化身 huashen: at the start and at the end of his turn he may show another 化身 and
    declare another skill."""
    g = _zuoci_table()
    end_turn(g)
    end_turn(g)
    window(g, Point.TURN_START, 3)
    play(g, "skill 3 huashen", "choose 3 luoshen")
    s = g.state.seat(3)
    assert s.extra_skills == ("luoshen",) and s.mark("huashen_zhenji") == 2
    assert gender_of(Table(g.state), 3) == "female"  # 甄姬's, while she is shown
    window(g, Point.PREPARATION, 3)  # 洛神 is his now
    play(g, "pass 3", "draw 3 x2", "next")
    while g.state.turn.phase.value == "discard":
        play(g, "discard 3 x1" if hand(g, 3) > hp(g, 3) else "next")
    window(g, Point.TURN_END, 3)
    play(g, "skill 3 huashen", "choose 3 luoyi")
    assert g.state.seat(3).extra_skills == ("luoyi",)


def test_huashen_not_at_others_turns_once_he_has_cards() -> None:
    """化身 huashen: once he has his cards, only his own turn's start and end."""
    g = _zuoci_table()
    end_turn(g)
    assert g.state.turn.seat == 2
    assert not any(isinstance(f, Window) for f in g.state.stack)


def test_xinsheng_a_card_per_damage_point() -> None:
    """新生 xinsheng: for each 1 damage he takes he may take another 化身 card."""
    g = _zuoci_table()
    end_turn(g)
    play(g, f"draw 2 #{SHA_S7} x1", f"use 2 #{SHA_S7} -> 3", "pass 3")
    window(g, Point.AFTER_DAMAGE, 2)  # 悲歌 first: seat order from seat 2
    play(g, "pass 2")
    window(g, Point.AFTER_DAMAGE, 3)
    play(g, "skill 3 xinsheng", "choose 3 guojia")
    assert g.state.seat(3).mark("huashen_guojia") == 1 and not g.state.stack


def test_beige_and_xinsheng_asked_in_seat_order() -> None:
    """悲歌 and 新生 at the same moment: asked in seat order from the current player (seat
    4's turn: 左慈 at seat 3 is asked after 蔡文姬 at seat 2)."""
    g = _zuoci_table()
    for _ in range(3):
        end_turn(g)
    assert g.state.turn.seat == 4
    play(g, f"draw 4 #{SHA_S7} x1", f"use 4 #{SHA_S7} -> 3", "pass 3")
    window(g, Point.AFTER_DAMAGE, 2)
    play(g, "pass 2")
    window(g, Point.AFTER_DAMAGE, 3)


def test_jiang_and_tieji_asked_in_seat_order_from_the_current_player() -> None:
    """激昂 jiang with 铁骑 at the same moment (after targeting): in seat order from the
    current player: 马超 at seat 4 in his turn first, then 孙策 at seat 1."""
    g = mtable(["sunce", "caiwenji", "huatuo", "machao"])
    for _ in range(3):
        end_turn(g)
    assert g.state.turn.seat == 4
    play(g, f"draw 4 #{SHA_H10} x1", f"use 4 #{SHA_H10} -> 1")
    window(g, Point.AFTER_TARGETING, 4)
    play(g, "pass 4")
    window(g, Point.AFTER_TARGETING, 1)
    play(g, "skill 1 jiang")


# ================================================================ simulated games

MINE = ("sunce", "zhangzhaozhanghong", "zuoci", "caiwenji", "shensimayi")


def _mountain_setup(seed: int) -> list[str]:
    """A 5-player identity table of the five generals, seated and lorded by the seed."""
    import random

    rng = random.Random(f"mountain-2/{seed}")
    generals = list(MINE)
    rng.shuffle(generals)
    lord = rng.randint(1, 5)
    lines = [f"setup identity 5 {PACKS}", f"role {lord} lord"]
    for seat, general in enumerate(generals, start=1):
        extra = (
            " kingdom=" + rng.choice(("wei", "shu", "wu", "qun")) if general == "shensimayi" else ""
        )
        lines.append(f"general {seat} {general}{extra}")
    return lines


def test_simulated_games_with_the_five_run_to_their_end() -> None:
    """Seeded random identity games with the five generals seated end without an
    exception (or reach the cap), never stuck."""
    from bench.simulate import play as simulate_play

    ended = 0
    for seed in range(10):
        played = simulate_play(seed, _mountain_setup(seed), max_moves=3000)
        assert not played.stuck, (seed, played.state.stack[-1:] if played.state.stack else None)
        ended += played.state.over
    assert ended >= 8


def test_lianpo_and_huashen_asked_in_seat_order_at_the_turn_end() -> None:
    """连破 lianpo and 化身 huashen at the end of 左慈's turn (神司马懿 killed in it, with
    借刀杀人's Sha): in seat order from the current player, 左慈 (seat 2) first, then
    神司马懿 (seat 1)."""
    g = mtable(["shensimayi", "zuoci", "huatuo", "caiwenji"])
    play(g, "skill 2 huashen", "choose 2 zhangliao", "choose 2 xuchu", "choose 2 zhenji")
    play(g, "choose 2 luoyi", "!losehp 3 2")
    sword = cid("qinggang_sword")
    play(g, f"draw 1 #{sword} x1", f"use 1 #{sword}")
    end_turn(g)
    window(g, Point.TURN_START, 2)
    collateral = cid("collateral", "♣Q")
    play(g, "pass 2", f"draw 2 #{collateral} x1", f"use 2 #{collateral} -> 1,3", "pass")
    play(g, f"use 1 #{SHA_S7} -> 3", "pass 3", "pass", "role 3 rebel")
    assert not g.state.seat(3).alive
    play(g, "next")
    while g.state.turn.phase.value == "discard":
        play(g, "discard 2 x1" if hand(g, 2) > hp(g, 2) else "next")
    window(g, Point.TURN_END, 2)
    play(g, "pass 2")
    window(g, Point.TURN_END, 1)
    play(g, "skill 1 lianpo")
    assert g.state.turn.seat == 1
