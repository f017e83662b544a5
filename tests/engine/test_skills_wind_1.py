"""The skills of 神话再临 · 风 (wind), first half: 夏侯渊, 曹仁, 黄忠, 魏延, 神关羽.

Each test names the skill (Chinese name and key of generals/wind.toml) and
paraphrases, in our own words, the published 风 card text it follows. The
timing skills are checked as the standard ones are: the window opens at its
moment for its owner, declining lets the settlement go on, using it has its
exact effect, and it is not offered when its condition fails.
"""

from __future__ import annotations

from engine.frames import Ask, CardUse, Expect, Point
from engine.game import Game
from engine.state import Phase
from tests.engine.helpers import (
    asked,
    cid,
    end_turn,
    hand,
    hp,
    no_window,
    play,
    refused,
    table,
    top,
)
from tests.engine.helpers import window_for as window

PACKS = "standard,ex,maneuvering,wind"


def wind_table(generals: list[str], lord: int = 1, kingdoms: dict[int, str] | None = None) -> Game:
    """A dealt table of wind generals; the lord's first turn has begun (its draw phase)."""
    return table(generals, lord=lord, pack="wind", kingdoms=kingdoms)


SHA_S7 = cid("sha", "♠7")
SHA_S8 = cid("sha", "♠8")
SHA_H10 = cid("sha", "♥10")
SHAN_H2 = cid("shan", "♥2")
SHAN_D2 = cid("shan", "♦2")
TAO_H3 = cid("tao", "♥3")
DUEL = cid("duel", "♠A")


# ---------------------------------------------------------------- 曹仁 据守


def _caoren_end_phase() -> Game:
    """曹仁 (seat 1, the lord) reaches his end phase with nothing to discard."""
    g = wind_table(["caoren", "huangzhong", "weiyan", "xiahouyuan"])
    play(g, "draw 1 x2", "next")  # to the discard phase: 6 cards, limit 4
    play(g, "discard 1 x2", "next")
    return g


def test_jushou_window_in_his_end_phase() -> None:
    """据守 jushou: in his end phase 曹仁 may draw three cards and turn over."""
    g = _caoren_end_phase()
    assert g.state.turn.phase is Phase.END
    window(g, Point.END_PHASE, 1)


def test_jushou_draws_three_and_flips_and_his_next_turn_is_skipped() -> None:
    """据守 jushou: draws three cards, then his general card is turned over; a turned
    over general misses his next turn and turns face up instead (000 翻面)."""
    g = _caoren_end_phase()
    before = hand(g, 1)
    play(g, "skill 1 jushou")
    assert hand(g, 1) == before + 3
    assert g.state.seat(1).flipped
    assert g.state.turn.seat == 2  # the turn went on by itself
    for seat in (2, 3, 4):
        assert g.state.turn.seat == seat
        end_turn(g)
    assert g.state.turn.seat == 2  # seat 1 was skipped ...
    assert not g.state.seat(1).flipped  # ... and is face up again


def test_jushou_declined() -> None:
    """据守 jushou is optional: passed, nothing changes and the turn goes on."""
    g = _caoren_end_phase()
    before = hand(g, 1)
    play(g, "pass 1")
    assert hand(g, 1) == before and not g.state.seat(1).flipped
    assert g.state.turn.seat == 2


def test_jushou_takes_no_cards_or_targets() -> None:
    """据守 jushou names nothing: three cards from the pile, the general card turned."""
    g = _caoren_end_phase()
    refused(g, "skill 1 jushou -> 2", "takes no cards or targets")


# ---------------------------------------------------------------- 黄忠 烈弓


def _huangzhong_sha(discard: int = 0) -> Game:
    """黄忠 (seat 1, 4 HP, attack range 1) uses a Sha on seat 2 (4 hand cards, fewer
    after ``discard``)."""
    g = wind_table(["huangzhong", "caoren", "weiyan", "xiahouyuan"])
    play(g, "draw 1 x2")
    if discard:
        play(g, f"!discard 2 x{discard}")
    play(g, f"use 1 #{SHA_S7} -> 2")
    return g


def test_liegong_hand_at_least_his_hp_no_shan() -> None:
    """烈弓 liegong: in his play phase, after his Sha targets a player whose hand count is
    at least his HP, 黄忠 may have it answered by no Shan: the damage lands at once."""
    g = _huangzhong_sha()
    window(g, Point.AFTER_TARGETING, 1)
    play(g, "skill 1 liegong")
    assert hp(g, 2) == 3
    refused(g, f"respond 2 #{SHAN_D2}", "nobody is being asked")


def test_liegong_hand_at_most_his_attack_range() -> None:
    """烈弓 liegong: a target holding no more hand cards than his attack range (1) also
    cannot dodge."""
    g = _huangzhong_sha(discard=3)
    window(g, Point.AFTER_TARGETING, 1)
    play(g, "skill 1 liegong")
    assert hp(g, 2) == 3


def test_liegong_not_offered_between_the_two() -> None:
    """烈弓 liegong: 2 hand cards, fewer than his 4 HP and more than his range 1: no window,
    the target is asked for a Shan as usual."""
    g = _huangzhong_sha(discard=2)
    no_window(g)
    assert asked(g.state).asked == 2 and asked(g.state).want == "shan"


def test_liegong_declined_the_shan_is_asked() -> None:
    """烈弓 liegong is optional: passed, the target may answer with a Shan."""
    g = _huangzhong_sha()
    play(g, "pass 1")
    play(g, f"respond 2 #{SHAN_D2}")
    assert hp(g, 2) == 4 and not g.state.stack


def test_liegong_only_in_his_play_phase() -> None:
    """烈弓 liegong is for his play phase: a Sha he uses outside it (a 借刀杀人's) opens
    no window."""
    g = wind_table(["caoren", "huangzhong", "weiyan", "xiahouyuan"])
    play(g, "draw 1 x2", f"!move #{cid('blade')} from hand:2 -> equip:2")
    play(g, f"use 1 #{cid('collateral', '♣Q')} -> 2,3", "pass", f"use 2 #{SHA_S7} -> 3")
    no_window(g)
    assert asked(g.state).asked == 3


# ---------------------------------------------------------------- 魏延 狂骨


def _weiyan_table() -> Game:
    """魏延 (seat 1, the lord, 5 HP) wounded to 2 HP, in his play phase."""
    g = wind_table(
        ["weiyan", "caoren", "huangzhong", "xiahouyuan", "shenguanyu"], kingdoms={5: "wei"}
    )
    play(g, "draw 1 x2", "!losehp 1 3")
    assert hp(g, 1) == 2  # 5 players: the lord has 5 HP
    return g


def test_kuanggu_heals_after_damage_at_distance_1() -> None:
    """狂骨 kuanggu (compulsory): after 魏延 deals damage to a player at distance 1 or less,
    he recovers 1 HP for each point of it; nothing is written."""
    g = _weiyan_table()
    play(g, f"use 1 #{SHA_S7} -> 2", "pass 2")
    assert hp(g, 2) == 3 and hp(g, 1) == 3
    assert not g.state.stack


def test_kuanggu_each_point_of_damage() -> None:
    """狂骨 kuanggu: 2 damage (a Sha with 酒) heals him 2."""
    g = _weiyan_table()
    play(g, f"use 1 #{cid('jiu')}", f"use 1 #{SHA_S7} -> 2", "pass 2")
    assert hp(g, 2) == 2 and hp(g, 1) == 4


def test_kuanggu_not_beyond_distance_1() -> None:
    """狂骨 kuanggu: a player at distance 2 (seat 3 of 5) hurt by his 决斗: no recovery."""
    g = _weiyan_table()
    play(g, f"use 1 #{DUEL} -> 3", "pass", "pass 3")
    assert hp(g, 3) == 3 and hp(g, 1) == 2


def test_kuanggu_counts_the_distance_before_the_target_dies() -> None:
    """狂骨 kuanggu: the distance is that of the moment he deals the damage, so killing
    the neighbour still heals him."""
    g = _weiyan_table()
    play(g, "!losehp 2 3")
    play(g, f"use 1 #{SHA_S7} -> 2", "pass 2")
    for _ in range(5):  # nobody saves seat 2
        if not g.state.stack or not isinstance(g.state.stack[-1], Ask):
            break
        play(g, f"pass {asked(g.state).asked}")
    if g.state.stack and isinstance(top(g), Expect):
        play(g, "role 2 rebel")
    assert not g.state.seat(2).alive
    assert hp(g, 1) == 3


def test_kuanggu_not_for_damage_he_takes() -> None:
    """狂骨 kuanggu is about damage he deals: damage dealt to him heals nobody."""
    g = _weiyan_table()
    play(g, "!damage 1 1 from 2")
    assert hp(g, 1) == 1 and hp(g, 2) == 4


# ---------------------------------------------------------------- 夏侯渊 神速

CROSSBOW = cid("crossbow")


def _xiahouyuan_table() -> Game:
    """夏侯渊 (seat 1, the lord) at his first preparation phase; 4 players."""
    return wind_table(["xiahouyuan", "caoren", "huangzhong", "weiyan"])


def test_shensu_first_choice_skips_judgement_and_draw() -> None:
    """神速 shensu: at his preparation phase 夏侯渊 may skip his judgement and draw phases
    and use a Sha with no distance limit on another player (seat 3 is 2 away)."""
    g = _xiahouyuan_table()
    window(g, Point.PREPARATION, 1)
    play(g, "skill 1 shensu -> 3")
    assert asked(g.state).asked == 3 and asked(g.state).want == "shan"
    play(g, "pass 3")
    assert hp(g, 3) == 3
    assert g.state.turn.phase is Phase.PLAY and hand(g, 1) == 4  # no draw
    window(g, Point.PLAY_START, 1)  # the second choice is still his
    play(g, "pass 1")
    assert g.state.turn.phase is Phase.PLAY and not g.state.stack
    assert g.state.turn.sha_used == 0  # the 神速 Sha is not the phase's one Sha


def test_shensu_second_choice_skips_the_play_phase() -> None:
    """神速 shensu: at the start of his play phase he may skip it and discard an equipment
    card (hand or equipment) for another Sha with no distance limit."""
    g = _xiahouyuan_table()
    play(g, "pass 1", "draw 1 x2")
    window(g, Point.PLAY_START, 1)
    play(g, f"skill 1 shensu #{CROSSBOW} -> 3")
    assert g.state.where[CROSSBOW] == "discard"
    play(g, f"respond 3 #{SHAN_D2}")
    assert hp(g, 3) == 4
    assert g.state.turn.phase is Phase.DISCARD  # the play phase is over at once
    refused(g, f"use 1 #{SHA_S8} -> 2", "cards are used in the play phase")


def test_shensu_both_choices_in_one_turn() -> None:
    """神速 shensu: he may make one or both choices; two Sha, and straight to discarding."""
    g = _xiahouyuan_table()
    play(g, "skill 1 shensu -> 2", "pass 2")
    play(g, f"skill 1 shensu #{CROSSBOW} -> 4", "pass 4")
    assert hp(g, 2) == 3 and hp(g, 4) == 3
    assert g.state.turn.seat == 2  # 3 cards: nothing to discard, the turn is over


def test_shensu_refusals() -> None:
    """神速 shensu: the first choice costs no card; the second an equipment card; the
    target is another player who may be a Sha's target."""
    g = _xiahouyuan_table()
    refused(g, f"skill 1 shensu #{CROSSBOW} -> 3", "costs no card")
    refused(g, "skill 1 shensu -> 1", "not yourself")
    refused(g, "skill 1 shensu", "name the target")
    play(g, "pass 1", "draw 1 x2")
    refused(g, f"skill 1 shensu #{SHA_S8} -> 3", "discards an equipment card")
    refused(g, "skill 1 shensu -> 3", "discards an equipment card")


def test_shensu_declined_both_times_the_turn_is_plain() -> None:
    """神速 shensu is optional: passed twice, he draws and plays as usual."""
    g = _xiahouyuan_table()
    play(g, "pass 1", "draw 1 x2", "pass 1")
    assert g.state.turn.phase is Phase.PLAY and not g.state.stack and hand(g, 1) == 6


# ---------------------------------------------------------------- 神关羽 武神

SHA_H = cid("sha", "♥10")
SHAN_H = SHAN_H2
TAO_H = TAO_H3


def _shenguanyu_lord() -> Game:
    """神关羽 (seat 1, the lord, for 蜀) in his play phase; 4 players."""
    g = wind_table(["shenguanyu", "caoren", "huangzhong", "weiyan"], kingdoms={1: "shu"})
    play(g, "draw 1 x2")
    return g


def test_wushen_a_heart_hand_card_is_a_sha() -> None:
    """武神 wushen (compulsory): his heart hand cards count as Sha: a ♥ 桃 used is a Sha."""
    g = _shenguanyu_lord()
    play(g, f"use 1 #{TAO_H} -> 2")
    ask = asked(g.state)
    assert ask.want == "shan" and ask.asked == 2
    use = next(f for f in g.state.stack if isinstance(f, CardUse))
    assert use.kind == "sha"


def test_wushen_a_heart_hand_card_counts_as_nothing_else() -> None:
    """武神 wushen: a heart hand card cannot be used or played as itself (桃, 闪)."""
    g = _shenguanyu_lord()
    play(g, "!losehp 1 1")
    refused(g, f"use 1 #{TAO_H}", "杀 needs a target")  # a Sha, not a 桃
    refused(g, f"use 1 #{TAO_H} as tao", "counts as")
    play(g, f"use 1 #{SHA_S7} -> 2", f"respond 2 #{SHAN_D2}")
    end_turn(g)
    play(g, "draw 2 x2", f"use 2 #{SHA_S8} -> 1")
    refused(g, f"respond 1 #{SHAN_H}", "does not answer")


def test_wushen_heart_card_played_as_sha_in_a_duel() -> None:
    """武神 wushen: asked for a Sha (决斗), a heart hand card answers it."""
    g = _shenguanyu_lord()
    end_turn(g)
    play(g, "draw 2 x2", f"use 2 #{DUEL} -> 1", "pass", f"respond 1 #{SHAN_H}")
    assert asked(g.state).asked == 2  # now seat 2 owes a Sha


def test_wushen_heart_sha_has_no_distance_limit() -> None:
    """武神 wushen: his heart Sha reaches a player beyond his attack range; another Sha
    does not."""
    g = _shenguanyu_lord()
    refused(g, f"use 1 #{SHA_S7} -> 3", "distance 2")
    play(g, f"use 1 #{SHA_H} -> 3")
    assert asked(g.state).asked == 3


def test_wushen_heart_sha_from_a_converted_card_no_distance_limit() -> None:
    """武神 wushen: a heart card counted as a Sha is a heart Sha: no distance limit."""
    g = _shenguanyu_lord()
    play(g, f"use 1 #{SHAN_H} -> 3")
    assert asked(g.state).asked == 3 and asked(g.state).want == "shan"


# ---------------------------------------------------------------- 神关羽 武魂


def marks(g: Game, seat: int) -> int:
    return g.state.seat(seat).mark("nightmare")


def test_wuhun_the_source_gains_a_mark_per_damage_point() -> None:
    """武魂 wuhun (compulsory): after 神关羽 takes damage, its source gains a 梦魇 mark
    for each point; nothing is written."""
    g = wind_table(["caoren", "shenguanyu", "huangzhong", "weiyan"], kingdoms={2: "shu"})
    play(g, "draw 1 x2", f"use 1 #{SHA_S7} -> 2", "pass 2")
    assert hp(g, 2) == 4 and marks(g, 1) == 1 and not g.state.stack
    end_turn(g)
    play(g, "draw 2 x2")
    end_turn(g)
    play(g, "draw 3 x2", f"use 3 #{cid('jiu')}", f"use 3 #{SHA_S8} -> 2", "pass 2")
    assert hp(g, 2) == 2 and marks(g, 3) == 2 and marks(g, 1) == 1


def _shenguanyu_dies(nightmares: dict[int, int], roles: str = "rebel") -> Game:
    """神关羽 (seat 2, 5 players) with the given 梦魇 marks on others loses all his HP in
    seat 1's play phase and nobody saves him; his role is shown."""
    g = wind_table(
        ["caoren", "shenguanyu", "huangzhong", "weiyan", "xiahouyuan"], kingdoms={2: "shu"}
    )
    play(g, "draw 1 x2")
    for seat, n in nightmares.items():
        play(g, f"!mark {seat} nightmare +{n}")
    play(g, "!losehp 2 5", "pass")
    play(g, f"role 2 {roles}")
    return g


def test_wuhun_at_his_death_the_most_marked_judges_and_dies() -> None:
    """武魂 wuhun: when he dies, the other player with the most 梦魇 marks judges: not a
    桃 nor a 桃园结义, that player dies (before 神关羽's own cards are discarded)."""
    g = _shenguanyu_dies({3: 2, 1: 1})
    expect = top(g)
    assert isinstance(expect, Expect) and expect.what == "judge" and expect.seat == 3
    assert not g.state.seat(2).alive and g.state.seat(2).hand_count > 0
    play(g, f"judge 3 #{SHA_S7}", "role 3 loyalist")
    assert not g.state.seat(3).alive
    assert g.state.seat(2).hand_count == 0 and not g.state.stack
    assert g.state.turn.seat == 1 and g.state.seat(1).hand_count > 0  # no reward, no penalty


def test_wuhun_a_peach_judged_spares_him() -> None:
    """武魂 wuhun: a 桃 (or 桃园结义) judged, the player lives."""
    g = _shenguanyu_dies({3: 2})
    play(g, f"judge 3 #{TAO_H}")
    assert g.state.seat(3).alive and not g.state.stack


def test_wuhun_he_chooses_among_the_most_marked() -> None:
    """武魂 wuhun: several players have the most marks: he chooses which one judges."""
    g = _shenguanyu_dies({3: 1, 4: 1, 1: 1})
    expect = top(g)
    assert isinstance(expect, Expect) and expect.what == "choose" and expect.seat == 2
    assert expect.options == ("seat1", "seat3", "seat4")
    refused(g, "choose 2 seat5", "choose one of")
    play(g, "choose 2 seat4")
    expect = top(g)
    assert isinstance(expect, Expect) and expect.what == "judge" and expect.seat == 4


def test_wuhun_nobody_marked_nothing_happens() -> None:
    """武魂 wuhun: with no 梦魇 mark on anyone, his death is plain."""
    g = _shenguanyu_dies({})
    assert not g.state.stack and not g.state.seat(2).alive


def test_wuhun_the_game_over_at_his_death_comes_first() -> None:
    """武魂 wuhun: when his death ends the game (the last rebel; the renegade dead), the
    game is over at once and the lord does not judge (001: 遊戲結束強制終止任何結算)."""
    g = wind_table(["caoren", "shenguanyu", "huangzhong", "weiyan"], kingdoms={2: "shu"})
    play(g, "draw 1 x2", "!mark 1 nightmare +3", "!die 4", "role 4 renegade")
    play(g, "!losehp 2 5", "pass", "role 2 rebel")
    assert g.state.over and g.state.winner == "lord"


def test_wuhun_cannot_be_used_by_hand() -> None:
    """武魂 wuhun is compulsory: there is nothing to declare."""
    g = _shenguanyu_lord()
    refused(g, "skill 1 wuhun", "is not used now")


def test_wushen_a_heart_equipment_card_in_hand_is_a_sha_too() -> None:
    """武神 wushen: every heart hand card counts as a Sha, equipment too (爪黄飞电 ♥K is
    not equipped but used as a Sha)."""
    g = _shenguanyu_lord()
    zhuahuang = cid("zhuahuang")
    refused(g, f"use 1 #{zhuahuang}", "杀 needs a target")
    play(g, f"use 1 #{zhuahuang} -> 3")
    assert asked(g.state).asked == 3 and g.state.seat(1).defensive_horse is None


def test_kuanggu_and_wuhun_after_one_damage() -> None:
    """狂骨 kuanggu and 武魂 wuhun, both compulsory, after the same damage: 魏延 hurts his
    neighbour 神关羽: he recovers 1 HP and gains a 梦魇 mark."""
    g = wind_table(["weiyan", "shenguanyu", "caoren", "huangzhong"], kingdoms={2: "shu"})
    play(g, "draw 1 x2", "!losehp 1 1", f"use 1 #{SHA_S7} -> 2", "pass 2")
    assert hp(g, 2) == 4 and hp(g, 1) == 4 and marks(g, 1) == 1 and not g.state.stack


def test_wuhun_settles_before_the_killers_reward() -> None:
    """武魂 wuhun: his death skill comes before the rewards (001: 死亡技能結算先於身份獎懲):
    the judgement is asked while his killer has not drawn the rebel's three cards."""
    g = wind_table(
        ["caoren", "shenguanyu", "huangzhong", "weiyan", "xiahouyuan"], kingdoms={2: "shu"}
    )
    play(g, "draw 1 x2", "!mark 3 nightmare +1", "!losehp 2 4")
    play(g, f"use 1 #{SHA_S7} -> 2", "pass 2", "pass", "role 2 rebel")
    before = hand(g, 1)
    expect = top(g)
    assert isinstance(expect, Expect) and expect.what == "judge" and expect.seat == 3
    play(g, f"judge 3 #{TAO_H}")  # a 桃: seat 3 lives
    assert g.state.seat(3).alive and hand(g, 1) == before + 3  # then the reward


def test_wuhun_kills_the_lord_and_the_game_ends() -> None:
    """武魂 wuhun: the lord, most marked, judged to death: the rebels win."""
    g = _shenguanyu_dies({1: 2, 3: 1})
    play(g, f"judge 1 #{SHA_S8}")
    assert g.state.over and g.state.winner == "rebel"


# ---------------------------------------------------------------- simulated games


def test_simulated_identity_games_with_the_wind_pack() -> None:
    """Seeded identity games with the 风 pack seated (random tables, and tables of these
    five generals) are played to their end without an exception or a stuck settlement."""
    from bench.simulate import play as simulate_play
    from bench.simulate import random_setup

    ours = ["xiahouyuan", "caoren", "huangzhong", "weiyan", "shenguanyu"]
    for seed in range(10):
        setup = random_setup(seed, "identity", 5, packages=PACKS)
        if seed % 2:  # every other game: our five generals, 神关羽 for a kingdom
            lord = setup[1].split()[1]
            setup = [setup[0], setup[1]] + [
                f"general {n} {key}" + (" kingdom=shu" if key == "shenguanyu" else "")
                for n, key in enumerate(ours[seed % 5 :] + ours[: seed % 5], start=1)
            ]
            assert lord
        played = simulate_play(seed, setup, max_moves=4000)
        assert not played.stuck, (seed, setup, played.moves[-5:])
        assert played.states[-1].over, (seed, setup)


def test_kuanggu_cannot_be_used_by_hand() -> None:
    """狂骨 kuanggu is compulsory: there is nothing to declare."""
    g = _weiyan_table()
    refused(g, "skill 1 kuanggu", "is not used now")
