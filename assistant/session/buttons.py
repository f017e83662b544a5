"""The buttons of the prompt bar: what each one says and what pressing it does.

The phone's prompt bar shows the session's prompt and, under it, one button
per thing a player can tap now. This module decides those buttons from the
session (its question, its scanned card waiting for a target, or the
engine's prompt), so the app only draws them and calls :meth:`Button.press`.
A button with ``press`` None is a hint: the answer is a card to scan (闪, 桃,
a judgement card), not a tap. A button with ``screen`` set opens that screen
(the setup screen while generals are still to be chosen).

>>> from assistant.session import TableSession
>>> session = TableSession()
>>> [b.label for b in prompt_buttons(session)]
['开局设置']
>>> _ = session.setup("identity", 4)
>>> [b.screen for b in prompt_buttons(session)]
['setup']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from assistant.session.replies import Reply
from assistant.session.table_session import TableSession
from assistant.terms import ROLE_NAMES
from assistant.views import seat_view

__all__ = ["Button", "prompt_buttons"]


@dataclass(frozen=True, slots=True)
class Button:
    """One button: its label, its style and what it does."""

    label: str
    style: str  # "go" (moves the game on), "pass", "target", "hint", "cancel", "screen"
    press: Callable[[], Reply] | None = None
    screen: str | None = None
    seat: int | None = None  # the seat a target button names


_HINTS = {
    "闪": "请出示 闪",
    "杀": "请出示 杀",
    "桃": "请出示 桃",
    "酒": "请出示 酒",
    "无懈可击": "请出示 无懈可击",
}
_ZONES = {
    "hand card": "扫描所选的手牌",
    "equipment": "扫描所选的装备",
    "judgement zone": "扫描所选的判定牌",
}


def prompt_buttons(session: TableSession) -> tuple[Button, ...]:
    """The buttons for the session's prompt now, in the order they are shown."""
    prompt = session.prompt
    cancel = Button("取消", "cancel", _cancel(session))
    if prompt.question is not None:
        answers = tuple(
            Button(option, "go", _answer(session, option)) for option in prompt.question.options
        )
        return (*answers, cancel)
    if prompt.pending is not None:
        state = session.state
        targets: list[Button] = []
        for option in prompt.pending.options:
            if not option.legal:
                continue
            label = seat_view(state, state.seat(option.seat)).label
            if option.distance is not None and option.seat != prompt.pending.seat:
                label += f" · 距离{option.distance}"
            targets.append(
                Button(f"→ {label}", "target", _target(session, option.seat), seat=option.seat)
            )
        return (*targets, cancel)
    base = prompt.base
    who = base.who
    single = who[0] if len(who) == 1 else None
    match base.expects:
        case "setup":
            if base.options == ("deal",):
                return (Button("发起始手牌", "go", session.deal),)
            if base.options == ("next",):
                return (Button("开始第一回合", "go", session.next_phase),)
            return (Button("开局设置", "screen", screen="setup"),)
        case "draw" if single is not None:
            return tuple(
                Button(f"摸{n}张", "go", _draw(session, single, n))
                for n in (int(option.split()[-1]) for option in base.options)
            )
        case "play":
            return (Button("结束出牌", "go", session.next_phase),)
        case "phase":
            return (Button("下一阶段", "go", session.next_phase),)
        case "discard" if single is not None:
            n = int(base.options[0].split()[-1])
            return (
                Button(f"弃{n}张 (请扫描)", "hint"),
                Button(f"弃{n}张未扫描的牌", "go", _discard_unseen(session, single, n)),
            )
        case "respond" | "peach" | "nullify":
            hints = tuple(Button(_HINTS.get(o, o), "hint") for o in base.options if o != "pass")
            return (*hints, Button("不出 (pass)", "pass", _pass(session, single)))
        case "reveal_role" if single is not None:
            return tuple(
                Button(name, "go", _reveal(session, single, role.value))
                for role, name in ROLE_NAMES.items()
            )
        case "fire_discard":
            hints = tuple(Button(o, "hint") for o in base.options if o != "pass")
            return (*hints, Button("不出 (pass)", "pass", _pass(session, single)))
        case "choose_card":
            return tuple(Button(_ZONES.get(o, o), "hint") for o in base.options)
        case "judge":
            return (Button("翻开判定牌并扫描", "hint"),)
        case "over":
            return ()
    return tuple(Button(option, "hint") for option in base.options)


def _cancel(session: TableSession) -> Callable[[], Reply]:
    """Drop the scanned card or the question; never a move (a second tap does nothing)."""

    def cancel() -> Reply:
        if session.prompt.pending is None and session.prompt.question is None:
            return Reply(False, "nothing to cancel")
        return session.undo()

    return cancel


def _answer(session: TableSession, option: str) -> Callable[[], Reply]:
    return lambda: session.answer(option)


def _target(session: TableSession, seat: int) -> Callable[[], Reply]:
    return lambda: session.choose_target(seat)


def _draw(session: TableSession, seat: int, n: int) -> Callable[[], Reply]:
    return lambda: session.draw(seat, n)


def _discard_unseen(session: TableSession, seat: int, n: int) -> Callable[[], Reply]:
    return lambda: session.discard(seat, unknown=n)


def _pass(session: TableSession, seat: int | None) -> Callable[[], Reply]:
    return lambda: session.pass_turn(seat)


def _reveal(session: TableSession, seat: int, role: str) -> Callable[[], Reply]:
    return lambda: session.reveal_role(seat, role)
