"""A skill's seats at the table: a button only for the seats the engine allows next, and a
tap on another refused at once with the rule's reason, changing nothing.

The same as a card's targets (`TargetOption.legal`): the seats come from
`PendingSkill.options` (`engine.skill_targets`).
"""

from __future__ import annotations

import pytest

from assistant.session import TableSession, prompt_buttons
from assistant.session.replies import Reply
from tests.assistant.test_session_skills import run, table

pytestmark = pytest.mark.usefixtures("chinese")


def seat_buttons(s: TableSession) -> list[tuple[str, str]]:
    """The target buttons: their words and their command."""
    return [
        (b.label, " ".join(b.command.args))
        for b in prompt_buttons(s)
        if b.style == "target" and b.command is not None
    ]


def refused(s: TableSession, line: str) -> Reply:
    """``line`` is refused and changes nothing (moves, state, the skill being entered)."""
    moves, state, skill = s.moves, s.state, s.prompt.skill
    [reply] = run(s, line)
    assert not reply.ok and reply.move is None, reply
    assert s.moves == moves and s.state == state and s.prompt.skill == skill
    return reply


def test_lijian_offers_the_men_and_refuses_a_woman_with_the_rules_reason() -> None:
    s = table(["diaochan", "caocao", "zhenji", "lvbu", "daqiao"], "draw 1 2")
    run(s, "skill 1 lijian")
    assert seat_buttons(s) == [("→ 2号位 曹操", "2"), ("→ 4号位 吕布", "4")]
    reply = refused(s, "target 3")
    assert reply.message == "3号位不能成为目标：离间：3号位须是另一名存活的男性角色"
    refused(s, "target 1")  # 貂蝉 herself
    run(s, "target 2")
    assert seat_buttons(s) == [("→ 4号位 吕布", "4")]  # the second: another man
    reply = refused(s, "target 2")
    assert reply.message == "2号位不能成为目标：离间：须是两名不同的角色"
    run(s, "target 4", "unseen")
    assert s.moves[-1] == "skill 1 lijian x1 -> 2,4"


def test_tuxi_leaves_out_the_seat_without_a_hand_card_and_the_dead() -> None:
    s = table(["zhangliao", "caocao", "zhenji", "lvbu", "daqiao"], "force discard 3 x4")
    run(s, "force damage 4 4", "pass", "role 4 rebel")  # 吕布 dies
    run(s, "skill 1 tuxi")
    assert [seat for _label, seat in seat_buttons(s)] == ["2", "5"]
    reply = refused(s, "target 3")
    assert reply.message == "3号位不能成为目标：突袭：3号位没有手牌"
    reply = refused(s, "target 4")
    assert reply.message.startswith("4号位不能成为目标（没有存活的4号位）")
    assert "正在等待：1号位 突袭" in reply.message  # what still waits, named
    run(s, "target 2", "target 5")
    assert s.moves[-1] == "skill 1 tuxi -> 2,5"


def test_a_skill_out_of_its_time_is_refused_at_once() -> None:
    """突袭 entered after the draw: refused at the button, with the reason (it was
    accepted, and refused two inputs later at 确定)."""
    s = table(["zhangliao", "caocao", "zhenji", "lvbu", "daqiao"], "draw 1 2")
    reply = refused(s, "skill 1 tuxi")
    assert "突袭" in reply.message and "摸牌" in reply.message, reply.message
    assert s.prompt.skill is None
