"""Skills at the table through the session: sightings and taps only, never a typed move.

Each test plays table-script lines (the app's sightings and buttons) through
`perform`, and checks the moves the session made and what it asked.
"""

from __future__ import annotations

from assistant.session import TableSession, parse_script, perform, prompt_buttons
from assistant.session.replies import Reply
from assistant.store import Store
from engine.frames import Window
from tests.engine.helpers import cid

SHA_S7 = cid("sha", "♠7")
TAO_HQ = cid("tao", "♥Q")
SHAN_H2 = cid("shan", "♥2")


def table(generals: list[str], *lines: str) -> TableSession:
    """A 5-player (or as many as named) identity table, dealt, at seat 1's draw phase."""
    s = TableSession()
    head = [f"setup identity {len(generals)}", "role 1 lord"]
    head += [f"general {n} {g}" for n, g in enumerate(generals, start=1)]
    run(s, *head, "deal", "next", *lines)
    return s


def run(s: TableSession, *lines: str) -> list[Reply]:
    replies = [perform(s, c) for c in parse_script("\n".join(lines) + "\n")]
    return replies


def test_wusheng_heal_or_sha_is_a_question_never_a_guess() -> None:
    """A ♥桃 in wounded 关羽's play phase: heal, or 杀 by 武圣 — two big buttons."""
    s = table(["guanyu", "caocao", "zhaoyun", "lvbu", "zhouyu"], "draw 1 2", "force damage 1 1")
    [reply] = run(s, f"see #{TAO_HQ} seat1")
    assert reply.asks and s.prompt.question is not None
    assert s.prompt.question.options == ("桃", "杀 (武圣)")
    moves = len(s.moves)
    run(s, "answer '杀 (武圣)'", "target 2")
    assert s.moves[moves:] == (f"use 1 #{TAO_HQ} as sha -> 2",)


def test_a_black_card_is_a_shan_for_zhenji_without_a_question() -> None:
    """倾国: the only reading of a black card while 甄姬 is asked for a 闪 is the 闪."""
    s = table(["zhangfei", "zhenji", "zhaoyun", "lvbu", "zhouyu"], "draw 1 2")
    run(s, f"see #{SHA_S7} seat1", "target 2")
    club = cid("sha", "♣8")
    [reply] = run(s, f"see #{club} seat2")
    assert reply.ok and s.moves[-1] == f"respond 2 #{club} as shan"


def test_a_peach_laid_by_a_later_seat_answers_for_that_seat() -> None:
    """The seat that laid the card: a 桃 laid in front of seat 3 saves for seat 3,
    the seats asked before it passing."""
    s = table(["zhangfei", "caocao", "zhaoyun", "lvbu", "zhouyu"], "draw 1 2")
    run(s, "force damage 5 3 from 1")
    assert s.prompt.base.expects == "peach" and s.prompt.base.who == (1,)
    [reply] = run(s, f"see #{TAO_HQ} seat3")
    assert reply.ok
    assert s.moves[-3:] == ("pass 1", "pass 2", f"respond 3 #{TAO_HQ}")
    assert s.state.seat(5).hp == 1


def test_eight_diagram_or_shan_from_hand() -> None:
    """八卦阵 asked for a 闪: a 闪 laid is a question (judgement, or the 闪 from the hand);
    another card can only be the judgement card."""
    s = table(["zhangfei", "caocao", "zhaoyun", "lvbu", "zhouyu"], "draw 1 2")
    run(s, f"force move #{cid('eight_diagram', '♠2')} -> equip:2")
    run(s, f"see #{SHA_S7} seat1", "target 2")
    assert s.prompt.base.expects == "respond"
    [reply] = run(s, f"see #{SHAN_H2}")
    assert reply.asks and s.prompt.question is not None
    assert s.prompt.question.options == ("闪", "八卦阵判定")
    run(s, "cancel")
    [reply] = run(s, f"see #{cid('tao', '♥3')}")
    assert reply.ok and s.moves[-1] == f"judge 2 #{cid('tao', '♥3')}"


def test_zhiheng_by_button_cards_and_unseen() -> None:
    """制衡 from its button: the cards discarded are seen, the hidden ones tapped, then 确定."""
    s = table(["sunquan", "caocao", "zhaoyun", "lvbu", "zhouyu"], "draw 1 2")
    labels = [b.label for b in prompt_buttons(s)]
    assert labels[0] == "制衡"
    run(s, "skill 1 zhiheng")
    assert s.prompt.skill is not None
    run(s, f"see #{SHA_S7} seat1", "unseen")
    assert "Confirm" in [b.label for b in prompt_buttons(s)]  # 确定
    run(s, "ok")
    assert s.moves[-1] == f"skill 1 zhiheng #{SHA_S7} x1"
    assert s.state.seat(1).hand_count == 6


def test_rende_gives_unseen_cards_to_a_tapped_seat() -> None:
    s = table(["liubei", "caocao", "zhaoyun", "lvbu", "zhouyu"], "draw 1 2")
    run(s, "skill 1 rende", "unseen", "unseen", "target 3")
    assert s.prompt.skill is not None  # more cards may be given: 确定 ends it
    run(s, "ok")
    assert s.moves[-1] == "skill 1 rende x2 -> 3"
    assert s.state.seat(3).hand_count == 6


def test_a_window_button_and_its_follow_up() -> None:
    """奸雄 is one tap in its window; 反馈's follow-up takes the unseen card by a tap."""
    s = table(["zhangfei", "caocao", "zhaoyun", "lvbu", "zhouyu"], "draw 1 2")
    run(s, f"see #{SHA_S7} seat1", "target 2", "pass 2")
    top = s.state.stack[-1]
    assert isinstance(top, Window)
    assert [b.label for b in prompt_buttons(s)] == ["奸雄", "Don't use"]  # 不发动
    run(s, "skill 2 jianxiong")
    assert s.state.where[SHA_S7] == "hand:2"


def test_the_table_moving_on_closes_a_window() -> None:
    """Nobody taps 不发动: the next card laid answers what comes next (奸雄 unused)."""
    s = table(["zhangfei", "caocao", "zhaoyun", "lvbu", "zhouyu"], "draw 1 2")
    run(s, f"see #{SHA_S7} seat1", "target 2", "pass 2")
    assert s.prompt.base.expects == "window"  # 奸雄
    duel = cid("duel", "♠A")
    [reply] = run(s, f"see #{duel} seat1")
    assert reply.ok and s.prompt.pending is not None  # the 决斗 waits for its target
    hand = s.state.seat(2).hand_count
    run(s, "target 3")
    assert s.moves[-1] == f"use 1 #{duel} -> 3"
    assert not any(isinstance(f, Window) for f in s.state.stack)
    assert s.state.seat(2).hand_count == hand and s.state.where[SHA_S7] == "discard"


def test_a_card_laid_in_a_window_that_spends_cards_is_a_question() -> None:
    """大乔 lays a 闪 while 流离 may be used: 流离's discard, or the 闪 itself?"""
    s = table(["zhangfei", "daqiao", "zhaoyun", "lvbu", "zhouyu"], "draw 1 2")
    run(s, f"see #{SHA_S7} seat1", "target 2")
    assert s.prompt.base.expects == "window"  # 流离
    [reply] = run(s, f"see #{SHAN_H2} seat2")
    assert reply.asks and s.prompt.question is not None
    assert s.prompt.question.options == ("流离", "闪")
    run(s, "answer 闪")
    assert s.moves[-1] == f"respond 2 #{SHAN_H2}"


def test_liuli_by_laying_the_card_and_tapping_the_seat() -> None:
    s = table(["zhangfei", "daqiao", "zhaoyun", "lvbu", "zhouyu"], "draw 1 2")
    run(s, f"see #{SHA_S7} seat1", "target 2")
    club = cid("sha", "♣8")
    run(s, f"see #{club} seat2", "answer 流离", "target 3")
    assert s.moves[-1] == f"skill 2 liuli #{club} -> 3"
    assert s.prompt.base.who == (3,)


def test_a_complete_skill_line_and_a_choice() -> None:
    """A typed skill line with its cards and seats; 反间's suit by its button."""
    s = table(["zhouyu", "caocao", "zhaoyun", "lvbu", "sunquan"], "draw 1 2")
    run(s, "skill 1 fanjian -> 2")
    assert [b.label for b in prompt_buttons(s)][:2] == ["♠ Spades", "♥ Hearts"]
    run(s, "choose 2 heart", f"see #{SHA_S7}")
    assert s.moves[-2:] == ("choose 2 heart", f"take 2 <- 1 #{SHA_S7}")
    assert s.state.seat(2).hp == 3  # a spade is not a heart: 1 damage


def test_a_judgement_card_turned_over_means_nobody_nullified() -> None:
    """乐不思蜀 asks for 无懈可击; the table just turns the judgement card over."""
    s = table(["zhangfei", "caocao", "zhaoyun", "lvbu", "zhouyu"], "draw 1 2")
    run(s, f"see #{cid('indulgence', '♠6')} seat1", "target 2", "next", "next")
    assert s.state.turn.seat == 2 and s.prompt.base.expects == "nullify"
    [reply] = run(s, f"see #{cid('tao', '♥3')}")
    assert reply.ok and s.moves[-2:] == ("pass", f"judge 2 #{cid('tao', '♥3')}")


def test_iron_chain_recast_by_its_button() -> None:
    """铁索连环 laid waits for its targets; the 重铸 button recasts it instead."""
    s = table(["zhangfei", "caocao", "zhaoyun", "lvbu", "zhouyu"], "draw 1 2")
    chain = cid("iron_chain", "♠J")
    [reply] = run(s, f"see #{chain} seat1")
    assert reply.ok and s.prompt.pending is not None
    assert "Recast" in [b.label for b in prompt_buttons(s)]  # 重铸
    run(s, "recast")
    assert s.moves[-1] == f"recast 1 #{chain}"


def test_next_keeps_an_open_question() -> None:
    s = table(["guanyu", "caocao", "zhaoyun", "lvbu", "zhouyu"], "draw 1 2", "force damage 1 1")
    run(s, f"see #{TAO_HQ} seat1")
    [reply] = run(s, "next")
    assert not reply.ok and "answer the question first" in reply.message
    assert s.prompt.question is not None


def test_spear_two_hand_cards_as_one_sha_in_play_and_in_a_duel() -> None:
    """丈八蛇矛: its button, then the two cards laid: one 杀 (its target tapped), or the
    杀 a 决斗 asks for."""
    s = table(["zhangfei", "caocao", "zhaoyun", "lvbu", "zhouyu"], "draw 1 2")
    run(s, f"see #{cid('spear')} seat1")
    assert "丈八蛇矛" in [b.label for b in prompt_buttons(s)]
    a, b = cid("shan", "♥2"), cid("tao", "♥3")
    run(s, "skill 1 spear", f"see #{a} seat1", f"see #{b} seat1", "target 2")
    assert s.moves[-1] == f"use 1 #{a} #{b} as sha -> 2"
    run(s, "pass 2", "pass 2")  # no 闪, no 奸雄
    duel = cid("duel", "♠A")
    run(s, f"see #{duel} seat1", "target 3", "pass")
    assert s.prompt.base.expects == "respond" and s.prompt.base.who == (3,)
    run(s, f"see #{cid('sha', '♠8')} seat3")  # 赵云 plays a 杀; seat 1 is asked
    c, d = cid("shan", "♦2"), cid("tao", "♥4")
    run(s, "skill 1 spear", f"see #{c} seat1", f"see #{d} seat1")
    assert s.moves[-1] == f"respond 1 #{c} #{d} as sha"


def test_a_typed_move_is_flagged_only_when_the_engine_refuses_it() -> None:
    """The log screen's last resort: a legal typed move is a plain move; one the engine
    refuses is forced, flagged with the engine's reason."""
    s = table(["zhangfei", "caocao", "zhaoyun", "lvbu", "zhouyu"], "draw 1 2")
    [reply] = run(s, f"enter use 1 #{SHA_S7} -> 2")
    assert reply.ok and s.moves[-1] == f"use 1 #{SHA_S7} -> 2"
    run(s, "pass 2", "pass 2")
    [reply] = run(s, "enter heal 3 1")  # seat 3 is not wounded: refused, so forced
    assert reply.ok and s.moves[-1] == "!heal 3 1" and "not wounded" in reply.message
    assert [str(m) for _, m in s.game.flagged()] == ["!heal 3 1"]


def test_completions_of_a_typed_move() -> None:
    from assistant.session import completions

    s = table(["liubei", "caocao", "zhaoyun", "lvbu", "zhouyu"], "draw 1 2")
    assert completions(s.state, "sk") == ["skill ", "skip "]
    assert completions(s.state, "skill 1 ") == ["skill 1 jijiang ", "skill 1 rende "]
    assert completions(s.state, "discard 1 #1")[0] == "discard 1 #1 "


def test_a_card_laid_in_the_draw_phase_means_the_draw_was_made() -> None:
    """No 摸2张 tap needed: the first card played shows the seat drew its two."""
    s = table(["zhangfei", "caocao", "zhaoyun", "lvbu", "zhouyu"])
    assert s.prompt.base.expects == "draw"
    [reply] = run(s, f"see #{SHA_S7} seat1")
    assert reply.ok and s.moves[-1] == "draw 1 x2" and s.prompt.pending is not None
    run(s, "target 2")
    assert s.moves[-1] == f"use 1 #{SHA_S7} -> 2"


def test_a_pick_after_the_cards_are_turned_over_means_nobody_nullified() -> None:
    """五谷丰登: each seat's pick asks for 无懈可击 first; the table just picks, and
    the session passes for everyone before the pick, stored in that order."""
    with Store.open("sqlite://") as store:
        s = TableSession(store)
        generals = ["zhangfei", "caocao", "zhaoyun", "lvbu", "zhouyu"]
        run(s, "setup identity 5", "role 1 lord")
        run(s, *(f"general {n} {g}" for n, g in enumerate(generals, start=1)), "deal", "next")
        run(s, "draw 1 2", f"see #{cid('amazing_grace')} seat1")
        shown = [cid("sha", "♠7"), cid("shan", "♥2"), cid("tao", "♥Q"), cid("sha", "♠8")]
        run(s, *(f"see #{c}" for c in [*shown, cid("sha", "♠9")]))
        assert s.prompt.base.expects == "nullify"
        [reply] = run(s, f"pick #{shown[0]}")
        assert reply.ok and s.moves[-2:] == ("pass", f"move #{shown[0]} -> hand:1")
        assert s.prompt.base.expects == "nullify"  # seat 2's pick asks again
        [reply] = run(s, f"pick #{shown[1]}")
        assert s.moves[-2:] == ("pass", f"move #{shown[1]} -> hand:2")
        assert s.game_id is not None
        reopened = TableSession.resume(store, s.game_id)
        assert reopened.moves == s.moves


def test_a_tap_refused_after_the_silence_too_changes_nothing() -> None:
    """Only a tap the silence makes legal implies it: otherwise it is refused as it is."""
    s = table(["zhangfei", "caocao", "zhaoyun", "lvbu", "zhouyu"], "draw 1 2")
    run(s, f"see #{cid('dismantlement')} seat1", "target 2")
    assert s.prompt.base.expects == "nullify"
    moves = s.moves
    [reply] = run(s, "discard 4 x1")
    assert not reply.ok and s.moves == moves and s.prompt.base.expects == "nullify"


def test_the_dying_seats_role_card_means_nobody_saved_it() -> None:
    """Nobody has a 桃: the table turns the dying seat's role card over; the session
    closes the request for 桃 (one pass for everyone) before the reveal. Another
    seat's role card is not taken that way."""
    s = table(["zhangfei", "caocao", "zhaoyun", "lvbu", "zhouyu"], "draw 1 2")
    run(s, "force damage 5 3 from 1")
    assert s.prompt.base.expects == "peach"
    moves = s.moves
    [reply] = run(s, "role 4 rebel")  # seat 5 (3 damage, HP 0) is dying, not seat 4
    assert not reply.ok and s.moves == moves
    [reply] = run(s, "role 5 rebel")
    assert reply.ok and s.moves[len(moves) :][:2] == ("pass", "role 5 rebel")
    assert not s.state.seat(5).alive


# A table written independently from the docs (the held-out way): 刘备 (lord), 关羽,
# 周瑜, 司马懿, 大乔; 关羽 lays 南蛮入侵 in turn 2 and 周瑜 answers with a 杀.
SAVAGE = """\
0 setup identity 5
role 1 主公
general 1 刘备
general 2 关羽
general 3 周瑜
general 4 司马懿
general 5 大乔
deal
next
1 draw 1 2
2 see #91 seat1
3 skill 1 rende x2 -> 2
4 see #1 seat1
5 target 5
6 skill 1 double_swords
7 pass 5
8 see #31 seat5
9 next
10 draw 2 2
11 see #40 seat2
12 target 3
13 pass 3
14 see #77 seat2
16 see #8 seat3
"""


def scripted(text: str) -> TableSession:
    s = TableSession()
    replies = run(s, *text.splitlines())
    assert all(r.ok for r in replies), [r.message for r in replies if not r.ok]
    return s


def test_a_target_saying_no_to_an_area_trick_is_not_a_no_to_nullification() -> None:
    """`pass 4` while anyone may still lay a 无懈可击 for seat 4: nobody does (the table
    moved on), and seat 4 gives no 杀: it takes the damage, and 反馈 follows."""
    s = scripted(SAVAGE)
    hp = s.state.seat(4).hp
    [reply] = run(s, "17 pass 4")
    assert reply.ok and s.moves[-2:] == ("pass", "pass 4")
    assert s.state.seat(4).hp == hp - 1
    [reply] = run(s, "18 skill 4 fankui")
    assert reply.ok, reply.message


def test_a_card_laid_by_a_later_target_answers_for_that_seat() -> None:
    """A 杀 laid in front of seat 5 while seat 4 is asked: seat 4 had none, and the card is
    seat 5's answer in its turn, never seat 4's."""
    s = scripted(SAVAGE)
    [reply] = run(s, "17 see #9 seat5")
    assert reply.ok and s.moves[-1] == "respond 5 #9"
    assert "pass 4" in s.moves[-5:] and not any(m.startswith("respond 4") for m in s.moves)


def test_jijiang_asked_while_nullification_may_still_be_laid() -> None:
    """激将 tapped while a 无懈可击 may still be laid for 刘备: nobody lays one, and 激将
    answers the 杀 南蛮入侵 asks of him (not the play-phase 激将)."""
    s = scripted(SAVAGE)
    run(s, "17 pass 4", "18 skill 4 fankui", "19 see #9 seat5")
    [reply] = run(s, "20 skill 1 jijiang")
    assert reply.ok and s.moves[-1] == "skill 1 jijiang", reply.message
    [reply] = run(s, "21 see #22 seat2")
    assert reply.ok, reply.message


def test_peach_garden_asks_each_target_for_nullification_and_the_table_moves_on() -> None:
    """桃园结义 opens a request for 无懈可击 for every wounded seat; the next card laid
    passes them all."""
    s = table(["zhangfei", "caocao", "zhaoyun", "lvbu", "zhouyu"], "draw 1 2")
    run(s, "force damage 2 1", "force damage 3 1", "force damage 4 1")
    [reply] = run(s, f"see #{cid('god_salvation')} seat1")
    assert reply.ok, reply.message
    [reply] = run(s, f"see #{SHA_S7} seat1")
    assert reply.ok and s.prompt.pending is not None, reply.message
    assert [s.state.seat(n).hp for n in (2, 3, 4)] == [s.state.seat(n).max_hp for n in (2, 3, 4)]
