"""Windows: optional skills asked at their timing point, in seat order (003, 004 §8)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine.frames import DamageEvent, Point, Window
from engine.game import Game
from engine.registry import AT_POINT, RULES, rule
from engine.table import IllegalMove, Table
from engine.windows import window_offers
from tests.engine.helpers import cid, end_turn, play, table, to_play_phase

ARMOURS = ("eight_diagram", "nioh_shield")


@pytest.fixture
def armour_rule() -> Iterator[list[int]]:
    """A test rule: wearing 八卦阵 or 仁王盾, any seat may act after anyone takes damage.

    Two seats can own it at once, which no standard skill allows.
    """
    used: list[int] = []

    def can(t: Table, owner: int, event: object) -> bool:
        return isinstance(event, DamageEvent)

    def act(ctx: object, m: object, event: object) -> None:
        used.append(getattr(m, "seat", 0))

    for key in ARMOURS:
        rule(key, point=Point.AFTER_DAMAGE, can=can)(act)
    try:
        yield used
    finally:
        for key in ARMOURS:
            del RULES[key]
        AT_POINT[Point.AFTER_DAMAGE] = AT_POINT[Point.AFTER_DAMAGE] - set(ARMOURS)


def _window(g: object) -> Window:
    top = g.state.stack[-1]  # type: ignore[attr-defined]
    assert isinstance(top, Window), top
    return top


def test_owners_are_asked_in_seat_order_from_the_current_player(armour_rule: list[int]) -> None:
    """003 规矩冲突和优先级: the same priority settles in seat order (from the current
    player, 001); a seat that declined is not asked again (004 §8)."""
    g = table(["zhangfei", "xuchu", "zhangliao", "guanyu"])
    to_play_phase(g)
    # Seat 4 and seat 3 wear the armours; seat 1 (current) deals damage to seat 2.
    play(g, f"!move #{cid('eight_diagram', '♠2')} -> equip:4")
    play(g, f"!move #{cid('nioh_shield')} -> equip:3")
    play(g, f"use 1 #{cid('sha', '♠7')} -> 2", "pass 2")
    window = _window(g)
    assert window.point is Point.AFTER_DAMAGE and window.seats == (3, 4)
    assert window_offers(g.state, window) == ("nioh_shield",)
    with pytest.raises(IllegalMove):
        g.push_text("pass 2")  # seat 2 is not asked
    play(g, "pass 3")
    window = _window(g)
    assert window.seats == (4,) and window_offers(g.state, window) == ("eight_diagram",)
    play(g, "skill 4 eight_diagram")
    assert armour_rule == [4]
    assert not any(isinstance(f, Window) for f in g.state.stack)


def test_a_later_seat_using_its_skill_passes_over_those_before_it(armour_rule: list[int]) -> None:
    """Design: a window closes for the seats before when a later one acts (the table moved on)."""
    g = table(["zhangfei", "xuchu", "zhangliao", "guanyu"])
    to_play_phase(g)
    play(g, f"!move #{cid('eight_diagram', '♠2')} -> equip:4")
    play(g, f"!move #{cid('nioh_shield')} -> equip:3")
    play(g, f"use 1 #{cid('sha', '♠7')} -> 2", "pass 2", "skill 4 eight_diagram")
    assert armour_rule == [4]
    assert not g.state.stack


def test_an_owner_with_several_skills_chooses_their_order() -> None:
    """003: an owner with two skills at one point uses them in the order it chooses:
    马超 with 雌雄双股剑 has 铁骑 and the sword after targeting a woman with a Sha."""
    g = table(["machao", "zhenji", "zhangliao", "xuchu"])
    to_play_phase(g)
    play(g, f"!move #{cid('double_swords')} -> equip:1")
    play(g, f"use 1 #{cid('sha', '♠7')} -> 2")
    window = _window(g)
    assert window.point is Point.AFTER_TARGETING
    assert window_offers(g.state, window) == ("double_swords", "tieji")
    play(g, "skill 1 double_swords")  # the sword first
    assert g.state.stack[-1].what == "discard_or_draw"  # type: ignore[attr-defined]
    hand = g.state.seat(1).hand_count
    play(g, "pass 2")  # 甄姬 keeps her cards: 马超 draws 1
    assert g.state.seat(1).hand_count == hand + 1
    window = _window(g)
    assert window_offers(g.state, window) == ("tieji",)  # then 铁骑
    play(g, "skill 1 tieji", f"judge 1 #{cid('tao', '♥3')}")
    assert g.state.seat(2).hp == 2  # red: no Shan asked, the Sha hits


def test_a_window_nobody_can_use_is_never_opened() -> None:
    """Design: 奸雄 is not offered for damage no card caused (a skill's damage)."""
    g = table(["xiahoudun", "caocao", "zhangliao", "xuchu"])
    to_play_phase(g)
    play(g, "!damage 2 1 from 1")
    assert not any(isinstance(f, Window) for f in g.state.stack)


def test_any_other_move_closes_the_window_and_next_goes_on() -> None:
    """Design: a window closes by itself when the table moves on; `next` (结束出牌)
    closes it and ends the play phase in one tap; in a phase that only waited for
    the window (准备阶段), `next` closes it and the turn goes on by itself."""
    g = table(["zhangfei", "caocao", "zhangliao", "xuchu"])
    to_play_phase(g)
    play(g, f"use 1 #{cid('sha', '♠7')} -> 2", "pass 2")
    assert _window(g).asked == 2  # 奸雄
    hand = g.state.seat(2).hand_count
    play(g, f"use 1 #{cid('duel', '♠A')} -> 3")  # the table moved on: 奸雄 unused
    assert g.state.seat(2).hand_count == hand
    assert g.state.where.get(cid("sha", "♠7")) == "discard"
    g2 = table(["zhangfei", "caocao", "zhangliao", "xuchu"])
    to_play_phase(g2)
    play(g2, f"use 1 #{cid('sha', '♠7')} -> 2", "pass 2", "next")
    assert not any(isinstance(f, Window) for f in g2.state.stack)
    assert g2.state.turn.phase.value != "play"  # the play phase ended too
    g3 = table(["zhangfei", "zhenji", "zhangliao", "xuchu"])
    end_turn(g3)
    assert _window(g3).point is Point.PREPARATION  # 洛神
    play(g3, "next")
    assert g3.state.turn.phase.value == "draw"  # on to the draw, not past it
    play(g3, "draw 2 x2")


def test_a_declined_window_cannot_be_answered() -> None:
    """004 §8: a seat that declined cannot answer the same request again."""
    g = table(["zhangfei", "caocao", "zhangliao", "xuchu"])
    to_play_phase(g)
    play(g, f"use 1 #{cid('sha', '♠7')} -> 2", "pass 2", "pass 2")
    with pytest.raises(IllegalMove):
        g.push_text("skill 2 jianxiong")


def test_1v1_reserve_generals_have_no_skills_until_they_come_on() -> None:
    """001 1V1: the generals waiting their turn are face down: 孙权 in reserve has no 制衡."""
    g = Game()
    for line in (
        "setup 1v1 2",
        "general 1 zhugeliang,daqiao,simayi",
        "general 2 luxun,sunquan,huangyueying",
        "deal",
        "next",
        "draw 2 x1",
    ):
        g.push_text(line)
    assert g.state.seat(2).hidden == ("sunquan", "huangyueying")
    with pytest.raises(IllegalMove, match="no 制衡"):
        g.push_text("skill 2 zhiheng x2")


def test_luoyi_down_to_nothing_ends_the_draw_and_is_declared_once() -> None:
    """裸衣 on 1v1's first draw of one: nothing is left to draw, the draw phase ends."""
    g = Game()
    for line in (
        "setup 1v1 2",
        "general 1 zhugeliang,daqiao,simayi",
        "general 2 xuchu,luxun,huangyueying",
        "deal",
        "next",
        "skill 2 luoyi",
    ):
        g.push_text(line)
    assert g.state.turn.phase.value == "play" and not g.state.stack
    g2 = table(["xuchu", "zhangliao", "lvbu", "ganning"])
    play(g2, "skill 1 luoyi")
    with pytest.raises(IllegalMove, match="裸衣 is declared once a turn"):
        g2.push_text("skill 1 luoyi")


def test_a_hujia_helper_may_answer_with_eight_diagram() -> None:
    """护驾: a 魏 helper needing to play a 闪 for the lord may use his 八卦阵."""
    g = table(["caocao", "zhangliao", "lvbu", "ganning"])
    to_play_phase(g)
    play(g, f"!move #{cid('eight_diagram', '♠2')} -> equip:2")
    play(g, "next")
    for _ in range(3):  # to 甘宁's play phase
        while g.state.turn.seat != 4 or g.state.turn.phase.value != "play":
            top = g.state.stack[-1] if g.state.stack else None
            if getattr(top, "what", "") == "draw":
                play(g, f"draw {g.state.turn.seat} x2")
            elif g.state.turn.phase.value == "discard":
                seat = g.state.turn.seat
                extra = g.state.seat(seat).hand_count - g.state.seat(seat).hp
                play(g, *([f"discard {seat} x{extra}"] if extra > 0 else []), "next")
            else:
                play(g, "next")
    play(g, f"use 4 #{cid('sha', '♠7')} -> 1", "skill 1 hujia")
    play(g, f"judge 2 #{cid('tao', '♥3')}")  # red: the helper's 闪
    assert not g.state.stack and g.state.seat(1).hp == g.state.seat(1).max_hp


def test_a_draw_while_a_phase_window_is_open_closes_it_and_draws() -> None:
    """The table moved on: 甄姬 draws without using 洛神; the draw is taken as it is."""
    g = table(["zhangfei", "zhenji", "zhangliao", "xuchu"])
    end_turn(g)
    assert _window(g).point is Point.PREPARATION
    play(g, "draw 2 x2")
    assert g.state.turn.phase.value == "play" and g.state.seat(2).hand_count == 6


def test_a_card_taken_blind_leaves_the_givers_known_cards_unknown() -> None:
    """A hand card taken unseen (顺手牵羊 on a hand) may have been the giver's known card:
    the engine no longer says it is still there."""
    g = table(["zhangfei", "caocao", "zhangliao", "xuchu"])
    to_play_phase(g)
    sha = cid("sha", "♠7")
    play(g, f"use 1 #{sha} -> 2", "pass 2", "skill 2 jianxiong")  # 曹操 gains the 杀: known
    assert g.state.where[sha] == "hand:2"
    play(g, f"use 1 #{cid('snatch', '♠3')} -> 2", "pass", "take 1 <- 2 x1")
    assert sha not in g.state.where  # somewhere in seat 1's or seat 2's hand now
    assert g.state.seat(2).hand == () and g.state.seat(2).hand_count == 4
