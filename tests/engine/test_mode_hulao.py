"""虎牢关 (mode ``hulao``): 吕布 against three allies, in two forms.

Rules 001 line 166 names the mode (虎牢關(1V3)模式) without its rules; each test
cites the published source it follows, as engine/modes/hulao.py lists them:
[BK] the official rules as republished by nanmuxuan.com/zh-sg/science/vqufljbtlev
(and in Korean by bbgsm.com, dsknw.com), [TY] tydled.com/zx/373976.html,
[AM] ahmixiu.com/yxzx/cp/2020.html, [NN] 无名杀 mode/boss.js (boss_lvbu1/2).
"""

from __future__ import annotations

import pytest

from engine.derived import distance, hand_limit, owned_keys
from engine.frames import Point
from engine.game import Game
from engine.state import Role
from engine.table import IllegalMove
from engine.views import summary
from tests.engine.helpers import cid, end_turn, expecting, play, refused, table, window_for

L, R = Role.LORD, Role.REBEL

# No skill of the allies answers damage, death or a judgement.
FOUR = ["lvbu", "zhaoyun", "xuchu", "guanyu"]


def hulao(start: bool = True) -> Game:
    return table(FOUR, mode="hulao", lord=None, start=start)


def turns(g: Game, n: int) -> list[int]:
    """The seats of the next ``n`` turns, each played plainly."""
    seats = []
    for _ in range(n):
        end_turn(g)
        seats.append(g.state.turn.seat)
    return seats


def facts(g: Game) -> dict[str, object]:
    found = summary(g.state)["mode_facts"]
    assert isinstance(found, dict)
    return found


def to_play(g: Game) -> None:
    """Draw for the seat whose draw phase it is (as many as it draws)."""
    top = expecting(g, "draw", g.state.turn.seat)
    play(g, f"draw {top.seat} x{top.counts[-1]}")


def test_lubu_against_three_allies() -> None:
    """[BK], [TY], [AM]: four players, 神吕布 against three allies (先锋, 中坚, 大将):
    吕布 in seat 1 (the lord), the allies in seats 2-4 (rebels), roles public."""
    g = hulao(start=False)
    assert [s.role for s in g.state.seats] == [L, R, R, R]
    with pytest.raises(IllegalMove, match="played by 4 players, not 5"):
        Game().push_text("setup hulao 5")


def test_seat_one_takes_lubu_and_no_ally_may() -> None:
    """[TY]: the allies choose standard generals; 吕布's seat is 吕布 (no 神吕布 card in
    the catalogue: the mode gives the rest)."""
    g = Game()
    g.push_text("setup hulao 4")
    refused(g, "general 1 zhaoyun", "seat 1 takes")
    refused(g, "general 2 lvbu", "is seat 1's")


def test_first_form_max_hp_8_mashu_and_wushuang() -> None:
    """[BK], [AM], [NN] boss_lvbu1: 最强神話, 8 勾玉, 馬術 and 無雙; 马术 brings 中坚
    (seat 3, across the table) to distance 1 ([BK]: 可以直接攻擊到中堅位置)."""
    g = hulao(start=False)
    lubu = g.state.seat(1)
    assert (lubu.hp, lubu.max_hp) == (8, 8)
    assert {"wushuang", "hulao_mashu"} <= owned_keys(lubu)
    near, far = distance(g.state, 1, 3), distance(g.state, 3, 1)
    assert near is not None and far is not None and (near.value, far.value) == (1, 2)
    assert [s.max_hp for s in g.state.seats[1:]] == [4, 4, 4]


def test_starting_hands_3_4_5_and_8() -> None:
    """[BK], [TY], [AM]: 先鋒3張、中堅4張、大將5張,而神呂布則是8張手牌."""
    g = hulao(start=False)
    assert [s.hand_count for s in g.state.seats] == [8, 3, 4, 5]


def test_first_form_order_lubu_after_each_ally() -> None:
    """[BK], [TY], [AM]: 先鋒→神呂→中堅→神呂→大將→神呂, again."""
    g = hulao()
    assert g.state.turn.seat == 2
    assert turns(g, 7) == [1, 3, 1, 4, 1, 2, 1]


def test_a_face_down_lubu_misses_his_turn_and_the_order_goes_on() -> None:
    """Decision (engine/modes/hulao.py): face down, 吕布 turns face up instead of his
    turn after 先锋's, and 中坚 plays next; a face-down ally's turn is skipped and
    吕布 does not play after it."""
    g = hulao()
    play(g, "draw 2 x2", "!flip 1")
    end_turn(g)
    assert g.state.turn.seat == 3 and not g.state.seat(1).flipped
    play(g, "!flip 4")
    assert turns(g, 3) == [1, 2, 1]


def _second_form(g: Game) -> None:
    """Seat 2's play phase: damage brings 吕布 from 8 to 4."""
    play(g, "draw 2 x2", "!damage 1 4 from 2")


def test_second_form_at_4_hp_or_less() -> None:
    """[BK], [TY], [AM], [NN] boss_baonu: when 吕布's HP falls to 4 or less he turns:
    max HP 4, HP 4, his hand kept, 修罗, 神威 and 神戟 besides 马术 and 无双; the
    current turn ends at once and his own starts."""
    g = hulao()
    hand = g.state.seat(1).hand_count
    _second_form(g)
    lubu = g.state.seat(1)
    assert (lubu.hp, lubu.max_hp, lubu.hand_count) == (4, 4, hand)
    assert {"hulao_mashu", "wushuang", "xiuluo", "shenwei", "shenji"} <= owned_keys(lubu)
    assert g.state.turn.seat == 1 and g.state.turn.number == 2
    assert facts(g)["boss"] == 1 and facts(g)["form"] == 2


def test_the_turn_to_4_stops_the_dying() -> None:
    """[BK]: 體力回復至4點: damage beyond his HP leaves him at 4, not dying."""
    g = hulao()
    play(g, "draw 2 x2", "!damage 1 3 from 2")
    assert g.state.seat(1).hp == 5 and facts(g)["form"] == 1
    play(g, "!damage 1 7 from 2")
    assert g.state.seat(1).hp == 4 and g.state.seat(1).alive
    assert not any(type(f).__name__ == "Dying" for f in g.state.stack)


def test_the_turn_stops_every_settlement() -> None:
    """[BK] (translated): the turn ends at once, all settlement ended; [TY]:
    立即停止任何结算: a Sha
    with 无双 waiting for a second Shan is dropped, its card discarded."""
    g = hulao()
    play(g, "!damage 1 3 from 2")  # 5 HP
    end_turn(g)
    assert g.state.turn.seat == 1
    to_play(g)
    sha = cid("sha", "♠7")
    play(g, f"use 1 #{sha} -> 2")
    play(g, f"respond 2 #{cid('shan', '♦2')}")  # the first of two Shan
    assert g.state.stack
    play(g, "!damage 1 1 from 3")  # 吕布 falls to 4 mid-settlement
    assert sha in g.state.discard_pile and not g.state.processing
    assert g.state.turn.seat == 1 and g.state.turn.number == 3  # a new turn of his
    expecting(g, "draw", 1)  # nothing of the Sha is left to settle
    assert len(g.state.stack) == 1


def test_the_turn_clears_his_judgement_zone_and_chains() -> None:
    """[BK] (translated): his judgement zone discarded, reset if chained; [NN]:
    link() and turnOver() undone."""
    g = hulao()
    indulgence, chain = cid("indulgence", "♠6"), cid("iron_chain", "♣10")
    play(g, "draw 2 x2", f"use 2 #{indulgence} -> 1", f"use 2 #{chain} -> 1", "pass")
    assert g.state.seat(1).chained and g.state.seat(1).judgement
    play(g, "!damage 1 4 from 2")
    lubu = g.state.seat(1)
    assert not lubu.chained and not lubu.flipped and lubu.judgement == ()
    assert indulgence in g.state.discard_pile


def test_hp_lost_to_4_turns_him_too() -> None:
    """[NN] boss_baonu: 当你的体力值降至4或更低时 (any fall of his HP, not only by
    damage; [BK]: when his HP falls to 4): HP lost (失去体力) turns him as damage does:
    max HP 4, HP 4 (not dying at 0), his turn at once."""
    g = hulao()
    play(g, "draw 2 x2", "!losehp 1 3")
    assert g.state.seat(1).hp == 5 and facts(g)["form"] == 1
    play(g, "!losehp 1 5")
    lubu = g.state.seat(1)
    assert (lubu.hp, lubu.max_hp, lubu.alive) == (4, 4, True) and facts(g)["form"] == 2
    assert not any(type(f).__name__ == "Dying" for f in g.state.stack)
    assert g.state.turn.seat == 1 and g.state.turn.number == 2


def test_luanwu_hp_lost_turns_him_mid_settlement() -> None:
    """[NN] boss_baonu (体力值降至4或更低); [TY]: 立即停止任何结算: an ally's 乱武
    (贾诩, forest) makes 吕布 at 5 HP pass and lose 1: he turns, the rest of 乱武 is
    not settled, and his turn starts."""
    g = table(["lvbu", "jiaxu", "xuchu", "guanyu"], mode="hulao", lord=None, pack="forest")
    play(g, "draw 2 x2", "!damage 1 3 from 2", "skill 2 luanwu", "pass 3", "pass 4")
    assert [s.hp for s in g.state.seats] == [5, 3, 3, 3]
    play(g, "pass 1")
    lubu = g.state.seat(1)
    assert (lubu.hp, lubu.max_hp) == (4, 4) and facts(g)["form"] == 2
    assert g.state.turn.seat == 1 and g.state.turn.number == 2
    assert not any(type(f).__name__ == "SkillUse" for f in g.state.stack)


def test_a_doubted_true_guhuo_turns_him_and_the_card_is_dropped() -> None:
    """[NN] boss_baonu (体力值降至4或更低); [TY]: 立即停止任何结算: 吕布 at 5 HP doubts
    an ally's true 蛊惑 (于吉, wind) and loses 1: he turns and the declared Sha on him is
    not settled (its card discarded); the other doubter loses his HP with him (the
    doubters' losses are one step of 蛊惑, a decision), and 吕布's turn starts."""
    g = table(["lvbu", "yuji", "xuchu", "guanyu"], mode="hulao", lord=None, pack="wind")
    sha = cid("sha", "♥10")
    play(g, "draw 2 x2", "!damage 1 3 from 2", "skill 2 guhuo -> 1", "choose 2 sha")
    play(g, "choose 3 doubt", "choose 4 believe", "choose 1 doubt", f"show 2 #{sha}")
    assert [(s.hp, s.max_hp) for s in g.state.seats] == [(4, 4), (3, 3), (3, 4), (4, 4)]
    assert facts(g)["form"] == 2 and g.state.where.get(sha) == "discard"
    assert g.state.turn.seat == 1 and g.state.turn.number == 2
    expecting(g, "draw", 1)


def test_max_hp_lost_below_5_turns_him_too() -> None:
    """[NN] boss_baonu, [BK]: a max-HP loss that brings his HP to 4 or less turns him
    (max HP 4, HP 4); one that leaves his HP above 4 does not; at max HP 0 he dies
    (a max HP of 0 kills at once: his HP never stood at 4 to turn him)."""
    g = hulao()
    play(g, "draw 2 x2", "!maxhp 1 -3")
    assert (g.state.seat(1).hp, g.state.seat(1).max_hp) == (5, 5) and facts(g)["form"] == 1
    play(g, "!maxhp 1 -2")
    lubu = g.state.seat(1)
    assert (lubu.hp, lubu.max_hp) == (4, 4) and facts(g)["form"] == 2
    assert g.state.turn.seat == 1 and g.state.turn.number == 2
    g = hulao()
    play(g, "draw 2 x2", "!maxhp 1 -8")
    assert g.state.over and g.state.winner == "allies"


def test_second_form_order_lubu_then_the_allies() -> None:
    """[BK], [TY], [AM]: second form, 神呂布→先鋒→中堅→大將."""
    g = hulao()
    _second_form(g)
    assert turns(g, 6) == [2, 3, 4, 1, 2, 3]


def test_shenwei_two_more_cards_and_hand_limit() -> None:
    """[AM]: 【神威】:摸牌+2,手牌上限+2 (暴怒的战神)."""
    g = hulao()
    _second_form(g)
    assert expecting(g, "draw", 1).counts == (4,)
    assert hand_limit(g.state, 1).value == 4 + 2


def test_shenji_three_targets_with_no_weapon() -> None:
    """[AM]: 【神戟】:无武器时可指定3名目标: a Sha takes up to two more targets while
    his weapon slot is empty; in his first form, one."""
    g = hulao()
    play(g, "draw 2 x2")
    end_turn(g)
    to_play(g)
    refused(g, f"use 1 #{cid('sha', '♠7')} -> 2,4", "takes one target")
    g = hulao()
    _second_form(g)
    to_play(g)
    play(g, f"use 1 #{cid('sha', '♠7')} -> 2,3,4")
    assert g.state.stack  # the first target is asked for two Shan (无双)


def test_shenji_not_with_a_weapon() -> None:
    """[AM]: 无武器时: with a weapon the Sha takes one target again."""
    g = hulao()
    _second_form(g)
    to_play(g)
    play(g, f"use 1 #{cid('spear')}")
    refused(g, f"use 1 #{cid('sha', '♠7')} -> 2,3", "takes one target")


def _indulgence_on_lubu_in_second_form(g: Game) -> int:
    card = cid("indulgence", "♠6")
    _second_form(g)
    end_turn(g)  # 吕布's first turn in his second form
    play(g, "draw 2 x2", f"use 2 #{card} -> 1")
    end_turn(g)
    end_turn(g)
    end_turn(g)
    assert g.state.turn.seat == 1
    return card


def test_xiuluo_discards_a_delayed_trick_of_the_same_suit() -> None:
    """[AM]: 【修罗】:弃牌解除延时锦囊; [NN]: 弃置一张牌,然后弃置你判定区内一张同花色
    的牌: at the start of his turn, a hand card for a delayed trick of its suit."""
    g = hulao()
    card = _indulgence_on_lubu_in_second_form(g)
    window_for(g, Point.TURN_START, 1)
    refused(g, f"skill 1 xiuluo #{cid('shan', '♥2')}", "of one suit")
    hand = g.state.seat(1).hand_count
    play(g, f"skill 1 xiuluo #{cid('sha', '♠7')}")
    assert g.state.seat(1).judgement == () and card in g.state.discard_pile
    assert g.state.seat(1).hand_count == hand - 1


def test_no_xiuluo_in_the_first_form() -> None:
    g = hulao()
    play(g, "draw 2 x2", f"use 2 #{cid('indulgence', '♠6')} -> 1")
    end_turn(g)
    assert g.state.turn.seat == 1
    assert not any(getattr(f, "point", None) is Point.TURN_START for f in g.state.stack)


def test_an_ally_dies_regroups_and_the_others_draw() -> None:
    """[BK]: 當聯合軍有1人被殺死後,其餘聯合軍成員可選擇獲得1手牌,此人進入重整狀態,
    時限為6回合: each other ally draws one; the dead ally's countdown is 6."""
    g = hulao()
    hands = [g.state.seat(s).hand_count for s in (2, 4)]
    play(g, "draw 2 x2", "!damage 3 4 from 1", "pass")
    assert not g.state.seat(3).alive and not g.state.over
    assert [g.state.seat(s).hand_count for s in (2, 4)] == [hands[0] + 2 + 1, hands[1] + 1]
    assert facts(g)["regrouping"] == {"3": 6}


def test_a_regrouped_ally_comes_back_after_six_rounds() -> None:
    """[BK]: 時限為6回合,每回合回一血,血回滿後,補一手牌,即4血武將回滿4血補2手牌: a
    round begins at 先锋's turn; after the sixth has begun he plays at his place,
    at full HP with two cards (a 4-HP general)."""
    g = hulao()
    play(g, "draw 2 x2", "!damage 3 4 from 1", "pass")
    seen = []
    for _ in range(40):
        end_turn(g)
        seen.append(g.state.turn.seat)
        if g.state.seat(3).alive:
            break
    assert seen.count(2) == 6  # six rounds began at 先锋's turns
    back = g.state.seat(3)
    assert g.state.turn.seat == 3 and (back.hp, back.max_hp) == (4, 4)
    assert back.hand_count == 6 - 4  # six less his max HP, before his draw phase
    assert 3 not in seen[:-1]


def test_the_allies_win_when_lubu_dies() -> None:
    """[BK], [AM]: 联合军: 击败吕布."""
    g = hulao()
    _second_form(g)
    play(g, "!damage 1 4 from 2", "pass")
    assert g.state.over and g.state.winner == "allies"


def test_lubu_wins_when_the_three_allies_are_dead_at_once() -> None:
    """[BK]: 需要殺死三名角色的時間不能相差六回合; [AM]: 击败所有联合军成员."""
    g = hulao()
    play(g, "draw 2 x2", "!damage 2 4 from 1", "pass", "!damage 3 4 from 1", "pass")
    assert not g.state.over
    play(g, "!damage 4 4 from 1", "pass")
    assert g.state.over and g.state.winner == "lubu"


def test_state_json_facts() -> None:
    g = hulao(start=False)
    assert facts(g) == {
        "boss": 1,
        "form": 1,
        "allies": {"2": "vanguard", "3": "centre", "4": "general"},
        "regrouping": {},
        "variant": "",
        "shuffles": 0,
        "shuffle_limit": None,
    }


# ---------------------------------------------------------------- [AM]'s reshuffles


def reshuffles() -> Game:
    """The variant ``reshuffle``, seat 2's play phase: his Sha took 1 HP from 吕布 (7),
    the discard pile holds it."""
    g = table(FOUR, mode="hulao", lord=None, variant="reshuffle")
    play(g, "draw 2 x2", f"use 2 #{cid('sha', '♠7')} -> 1", "pass 1")
    assert g.state.seat(1).hp == 7 and g.state.discard_pile
    return g


def test_the_reshuffle_variant_and_its_facts() -> None:
    """[AM] (the only source with reshuffles): a setup variant, ``reshuffle``; its facts
    in state --json: the variant, the reshuffles and the one that ends the game."""
    g = reshuffles()
    assert g.state.variant == "reshuffle"
    assert (facts(g)["variant"], facts(g)["shuffles"], facts(g)["shuffle_limit"]) == (
        "reshuffle",
        0,
        3,
    )
    play(g, "shuffle")
    assert facts(g)["shuffles"] == 1
    with pytest.raises(IllegalMove, match="no variant 'international'"):
        Game().push_text("setup hulao 4 variant=international")


def test_the_first_reshuffle_turns_lubu_and_play_goes_on() -> None:
    """[AM]: the first reshuffle turns 吕布: max HP 4, HP 4, the second form's skills,
    his judgement zone discarded, unchained; nothing stops (a decision: the sources
    stop the settlement and end the turn for the HP's fall alone), the turn goes on."""
    g = reshuffles()
    indulgence, chain = cid("indulgence", "♠6"), cid("iron_chain", "♣10")
    play(g, f"use 2 #{indulgence} -> 1", f"use 2 #{chain} -> 1", "pass")
    turn = g.state.turn
    play(g, "shuffle")
    lubu = g.state.seat(1)
    assert (lubu.hp, lubu.max_hp, lubu.judgement, lubu.chained) == (4, 4, (), False)
    assert {"xiuluo", "shenwei", "shenji"} <= owned_keys(lubu) and facts(g)["form"] == 2
    assert indulgence in g.state.discard_pile
    assert g.state.turn == turn  # seat 2's play phase goes on
    assert turns(g, 4) == [3, 4, 1, 2]  # then the second form's order, from seat 2


def test_a_draw_that_needs_the_reshuffle_turns_him_and_is_drawn() -> None:
    """[AM]: the reshuffle a draw needs turns 吕布, and the draw goes on: his own draw
    phase, with one card left in the pile."""
    g = reshuffles()
    play(g, "!draw 3 x137")
    assert g.state.draw_pile == 1
    end_turn(g)
    assert g.state.turn.seat == 1 and facts(g)["form"] == 1
    hand = g.state.seat(1).hand_count
    to_play(g)
    assert facts(g)["form"] == 2 and g.state.shuffles == 1
    assert g.state.seat(1).hand_count == hand + 2 and g.state.turn.seat == 1


def test_no_turn_on_a_reshuffle_without_the_variant() -> None:
    """[BK], [TY], [NN] give no rule on reshuffles: the standard game plays on."""
    g = hulao()
    play(g, "draw 2 x2", f"use 2 #{cid('sha', '♠7')} -> 1", "pass 1", "shuffle")
    assert g.state.seat(1).hp == 7 and facts(g)["form"] == 1
    for _ in range(2):
        play(g, "!discard 3 x1", "shuffle")
    assert g.state.shuffles == 3 and not g.state.over


def test_a_reshuffle_after_the_turn_changes_nothing() -> None:
    """[AM]: the reshuffle turns him only if he has not turned: at 3 HP he stays at 3."""
    g = reshuffles()
    play(g, "!damage 1 4 from 2")
    end_turn(g)
    to_play(g)
    play(g, "!damage 1 1 from 2", "shuffle")
    assert (g.state.seat(1).hp, g.state.seat(1).max_hp) == (3, 4) and g.state.shuffles == 1


def test_the_third_reshuffle_ends_the_game_drawn() -> None:
    """[AM]: a draw after two or three reshuffles: the game ends drawn (平局) at the
    third reshuffle, the one the pile would need after two (both counts meet there)."""
    g = reshuffles()
    play(g, "shuffle")
    for k in (2, 3):
        play(g, "!discard 3 x1", "shuffle")  # a card in the discard pile to shuffle in
        assert g.state.shuffles == k
        assert g.state.over == (k == 3)
    assert g.state.winner == "draw" and facts(g)["shuffles"] == 3
    play(g, "end draw")


# ---------------------------------------------------------------- [NN]'s form change


def test_the_turn_keeps_his_equipment() -> None:
    """[BK] (translated): he keeps his hand and discards his judgement zone: nothing
    is said of his equipment, which stays."""
    g = hulao()
    end_turn(g)
    to_play(g)
    spear = cid("spear")
    play(g, f"use 1 #{spear}", "!damage 1 4 from 2")
    assert facts(g)["form"] == 2 and g.state.seat(1).weapon == spear


def test_noname_the_turn_discards_his_equipment() -> None:
    """[NN] boss_baonu: the form change discards his equipment and judgement zones
    (variant ``noname``), by damage or by HP lost alike."""
    for hit in ("!damage 1 4 from 2", "!losehp 1 4"):
        g = table(FOUR, mode="hulao", lord=None, variant="noname")
        end_turn(g)
        to_play(g)
        spear = cid("spear")
        play(g, f"use 1 #{spear}")
        assert g.state.seat(1).weapon == spear
        play(g, hit)
        lubu = g.state.seat(1)
        assert facts(g)["form"] == 2 and (lubu.hp, lubu.max_hp) == (4, 4)
        assert lubu.equipment == () and spear in g.state.discard_pile
        assert facts(g)["variant"] == "noname" and facts(g)["shuffle_limit"] is None
