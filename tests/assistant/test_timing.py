"""The timing helper on real games: the stack in words, the point, who may act with what."""

from __future__ import annotations

import pytest

from assistant.views import timing_view
from engine.frames import DamageEvent, Point
from tests.engine.helpers import cid, end_turn, play, table


def test_sha_on_daqiao_lists_liuli() -> None:
    g = table(["caocao", "daqiao", "zhenji", "zhugeliang", "liubei"])
    sha = cid("sha", "♠7")
    play(g, f"draw 1 #{sha} x1", f"use 1 #{sha} -> 2")
    view = timing_view(g.state)  # 流离's window: 成为牌的目标时, before any 闪 is asked
    assert view.point == "become a target"
    assert view.stack[0] == "seat 2 may use a skill (become a target), or pass"
    assert [(a.seat, a.general, a.skills) for a in view.acting] == [(2, "大乔", ("流离",))]
    play(g, "pass 2")
    view = timing_view(g.state)
    assert view.point == "respond"
    assert view.stack[0] == "seat 2 asked for 闪: 杀 from seat 1"
    assert "interrupted by the ask for 闪" in view.stack[1]


def test_shan_needed_skills_and_lord_hujia() -> None:
    g = table(["caocao", "zhenji", "machao", "zhaoyun", "liubei"])
    end_turn(g)  # the lord's turn
    view = timing_view(g.state)  # 甄姬's preparation phase waits for 洛神
    assert view.point == "preparation phase"
    assert [(a.seat, a.skills) for a in view.acting] == [(2, ("洛神",))]
    sha = cid("sha", "♠7")
    play(g, "next", f"draw 2 #{sha} x1", f"use 2 #{sha} -> 1")
    assert [(a.seat, a.skills) for a in timing_view(g.state).acting] == [(1, ("护驾",))]


def test_archery_attack_lists_longdan_and_qingguo() -> None:
    g = table(["caocao", "zhaoyun", "machao", "zhenji", "liubei"])
    aoe = cid("archery_attack")
    play(g, f"draw 1 #{aoe} x1", f"use 1 #{aoe}", "pass")
    view = timing_view(g.state)
    assert [(a.seat, a.skills) for a in view.acting] == [(2, ("龙胆",))]
    play(g, "pass 2", "pass", "pass 3", "pass")
    assert [(a.seat, a.skills) for a in timing_view(g.state).acting] == [(4, ("倾国",))]


def test_liuli_then_tieji_in_the_order_of_003() -> None:
    """003 卡牌使用顺序: 成为牌的目标时 (流离) comes before 使用牌指定目标后 (铁骑)."""
    g = table(["machao", "daqiao", "zhenji", "zhugeliang", "liubei"])
    sha = cid("sha", "♠7")
    play(g, f"draw 1 #{sha} x1", f"use 1 #{sha} -> 2")
    view = timing_view(g.state)
    assert [(a.seat, a.skills) for a in view.acting] == [(2, ("流离",))]
    play(g, "pass 2")
    view = timing_view(g.state)
    assert view.point == "after targeting"
    assert [(a.seat, a.skills) for a in view.acting] == [(1, ("铁骑",))]


def test_play_phase_and_draw_phase_skills() -> None:
    g = table(["sunquan", "zhouyu", "guanyu", "zhenji", "liubei"])
    view = timing_view(g.state)
    assert view.point == "draw"
    play(g, "draw 1 x2")
    view = timing_view(g.state)
    assert view.point == "play phase"
    assert [(a.seat, a.skills) for a in view.acting] == [(1, ("制衡",))]


def test_dying_peach_order_from_the_current_player() -> None:
    g = table(["sunquan", "huatuo", "zhouyu", "zhenji", "liubei"])
    play(g, "draw 1 x2", "!losehp 1 5")
    view = timing_view(g.state)
    assert view.point == "dying: asking for 桃"
    assert [a.seat for a in view.acting] == [1, 2, 3, 4, 5]
    # 救援 for the dying lord; 急救 for 华佗 outside his turn
    assert "救援" in view.acting[0].skills
    assert view.acting[1].skills == ("急救",)
    play(g, "pass 1")
    assert [a.seat for a in timing_view(g.state).acting] == [2, 3, 4, 5, 1]


def test_judgement_lists_guicai_for_every_holder() -> None:
    g = table(["caocao", "guojia", "simayi", "zhenji", "liubei"])
    indulgence = cid("indulgence")
    play(g, f"draw 1 #{indulgence} x1", f"use 1 #{indulgence} -> 2", "next")
    view = timing_view(g.state)
    assert view.point == "respond: 无懈可击 window"
    assert [a.seat for a in view.acting] == [2, 3, 4, 5, 1]
    play(g, "pass")
    view = timing_view(g.state)
    assert view.point == "judgement"
    assert [(a.seat, a.skills) for a in view.acting] == [(2, ("天妒",)), (3, ("鬼才",))]


def test_after_damage_skills_of_the_damaged_seat() -> None:
    g = table(["liubei", "caocao", "simayi", "xiahoudun", "guojia"])
    play(g, "draw 1 x2")
    # The engine settles damage without stopping after it; the frame is built by hand.
    state = g.state._replace(stack=(DamageEvent(2, 1, None, 1, "sha", point=Point.AFTER_DAMAGE),))
    view = timing_view(state)
    assert view.point == "after damage"
    assert [(a.seat, a.general, a.skills) for a in view.acting] == [(2, "曹操", ("奸雄",))]


def test_setup_and_over_have_nobody_acting() -> None:
    g = table(["caocao", "daqiao", "zhenji", "zhugeliang", "liubei"], start=False)
    view = timing_view(g.state)
    assert view.acting == () and view.stack == () and view.point == "setup"


@pytest.mark.usefixtures("chinese")
def test_the_points_in_the_words_of_rules_003() -> None:
    """A Chinese table reads the timing points as rules 003 names them."""
    g = table(["caocao", "daqiao", "zhenji", "zhugeliang", "liubei"])
    sha = cid("sha", "♠7")
    play(g, f"draw 1 #{sha} x1", f"use 1 #{sha} -> 2")
    view = timing_view(g.state)
    assert view.point == "成为目标时"
    assert [(a.seat, a.general, a.skills) for a in view.acting] == [(2, "大乔", ("流离",))]
    play(g, "pass 2")
    assert timing_view(g.state).point == "响应牌时"
