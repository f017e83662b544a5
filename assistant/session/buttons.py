"""The buttons of the prompt bar: what each one says and the table script command it stands for.

The phone's prompt bar shows the session's prompt and, under it, one button
per thing a player can tap now. This module decides those buttons from the
session (its question, its scanned card waiting for a target, or the
engine's prompt), so the app only draws them. Each button that does
something carries its `~assistant.session.script.Command`; pressing it is
`~assistant.session.script.perform` of that command, so the session's
journal shows exactly the button pressed. A button without a command is a
hint (the answer is a card to scan: 闪, 桃, a judgement card) or, with
``screen`` set, opens that screen (the setup screen while generals are
still to be chosen).

>>> from assistant.session import TableSession
>>> session = TableSession()
>>> [b.label for b in prompt_buttons(session)]
['开局设置']
>>> _ = session.setup("identity", 4)
>>> [b.screen for b in prompt_buttons(session)]
['setup']
>>> _ = session.reveal_role(1, "lord")
>>> for seat, general in enumerate(["caocao", "liubei", "sunquan", "lvbu"], start=1):
...     _ = session.seat_general(seat, general)
>>> [(b.label, str(b.command)) for b in prompt_buttons(session)]
[('发起始手牌', '0.00 deal')]
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from assistant.session.replies import Reply
from assistant.session.script import Command, perform
from assistant.session.table_session import TableSession
from assistant.terms import ROLE_NAMES
from assistant.views import seat_view

__all__ = ["Button", "prompt_buttons"]


@dataclass(frozen=True, slots=True)
class Button:
    """One button: its label, its style and the command it stands for (None: a hint or a screen).

    ``press`` performs the command on the session at the session's time now
    (the app stamps the command with its own clock and performs it itself).
    """

    label: str
    style: str  # "go" (moves the game on), "pass", "target", "hint", "cancel", "screen"
    command: Command | None = None
    screen: str | None = None
    seat: int | None = None  # the seat a target button names
    press: Callable[[], Reply] | None = field(default=None, compare=False, repr=False)


def _button(
    session: TableSession, label: str, style: str, verb: str, *args: object, seat: int | None = None
) -> Button:
    command = Command(verb, tuple(str(a) for a in args))
    return Button(label, style, command, seat=seat, press=lambda: perform(session, command))


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
    cancel = _button(session, "取消", "cancel", "cancel")
    if prompt.question is not None:
        answers = tuple(
            _button(session, option, "go", "answer", option) for option in prompt.question.options
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
                _button(session, f"→ {label}", "target", "target", option.seat, seat=option.seat)
            )
        return (*targets, cancel)
    base = prompt.base
    who = base.who
    single = who[0] if len(who) == 1 else None
    pass_args = () if single is None else (single,)
    match base.expects:
        case "setup":
            if base.options == ("deal",):
                return (_button(session, "发起始手牌", "go", "deal"),)
            if base.options == ("next",):
                return (_button(session, "开始第一回合", "go", "next"),)
            return (Button("开局设置", "screen", screen="setup"),)
        case "draw" if single is not None:
            return tuple(
                _button(session, f"摸{n}张", "go", "draw", single, n)
                for n in (int(option.split()[-1]) for option in base.options)
            )
        case "play":
            return (_button(session, "结束出牌", "go", "next"),)
        case "phase":
            return (_button(session, "下一阶段", "go", "next"),)
        case "discard" if single is not None:
            n = int(base.options[0].split()[-1])
            return (
                Button(f"弃{n}张 (请扫描)", "hint"),
                _button(session, f"弃{n}张未扫描的牌", "go", "discard", single, f"x{n}"),
            )
        case "respond" | "peach" | "nullify":
            hints = tuple(Button(_HINTS.get(o, o), "hint") for o in base.options if o != "pass")
            return (*hints, _button(session, "不出 (pass)", "pass", "pass", *pass_args))
        case "reveal_role" if single is not None:
            return tuple(
                _button(session, name, "go", "role", single, role.value)
                for role, name in ROLE_NAMES.items()
            )
        case "fire_discard":
            hints = tuple(Button(o, "hint") for o in base.options if o != "pass")
            return (*hints, _button(session, "不出 (pass)", "pass", "pass", *pass_args))
        case "choose_card":
            return tuple(Button(_ZONES.get(o, o), "hint") for o in base.options)
        case "judge":
            return (Button("翻开判定牌并扫描", "hint"),)
        case "over":
            return ()
    return tuple(Button(option, "hint") for option in base.options)
