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

from assistant.i18n import role_name
from assistant.session.replies import Reply
from assistant.session.script import Command, perform
from assistant.session.skill_input import PendingSkill
from assistant.session.table_session import TableSession
from assistant.views import seat_view
from engine.derived import card, owned_keys
from engine.frames import DamageEvent, Expect
from engine.registry import RULES, rule_name
from engine.state import GameState, Phase, Role

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
    if prompt.skill is not None:
        return _skill_buttons(session, prompt.skill, cancel)
    if prompt.note:  # 丈八蛇矛's two cards: they are laid (seen), or it is cancelled
        return (Button("请出示两张手牌", "hint"), cancel)
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
        if prompt.pending.chosen:
            targets.append(_button(session, "确定", "go", "ok"))
        if card(prompt.pending.card_id).kind.recastable and not prompt.pending.as_kind:
            targets.append(_button(session, "重铸", "go", "recast"))
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
            draws = tuple(
                _button(session, f"摸{n}张", "go", "draw", single, n)
                for n in (int(option.split()[-1]) for option in base.options)
            )
            return (*draws, *_active_skills(session, single))
        case "window" if single is not None:
            skills = tuple(
                _button(session, rule_name(key), "go", "skill", single, key)
                for key in base.options
                if key != "pass"
            )
            return (*skills, _button(session, "不发动", "pass", "pass", single))
        case "choose" if single is not None:
            return tuple(
                _button(session, _WORDS.get(o, o), "go", "choose", single, o) for o in base.options
            )
        case "take_shown":
            return (Button("扫描展示的牌", "hint"),)
        case "discard_or_damage" | "discard_or_draw" if single is not None:
            n = int(base.options[0].split()[-1])
            return (
                Button(f"弃{n}张手牌 (请扫描)", "hint"),
                _button(session, "暗牌", "go", "unseen"),
                _button(session, "不弃", "pass", "pass", single),
            )
        case "play" if single is not None:
            return (*_active_skills(session, single), _button(session, "结束出牌", "go", "next"))
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
            spear = _spear(session, single) if "杀" in base.options else ()
            return (*hints, *spear, _button(session, "不出 (pass)", "pass", "pass", *pass_args))
        case "reveal_role" if single is not None:
            # The roles this game deals (平民: 国际版 only).
            return tuple(
                _button(session, name, "go", "role", single, role.value)
                for role in Role
                if (name := role_name(role, session.state.mode)) in base.options
            )
        case "fire_discard":
            hints = tuple(Button(o, "hint") for o in base.options if o != "pass")
            return (*hints, _button(session, "不出 (pass)", "pass", "pass", *pass_args))
        case "choose_card":
            hints = tuple(Button(_ZONES.get(o, o), "hint") for o in base.options)
            return (*hints, *_choice_buttons(session))
        case "judge":
            return (Button("翻开判定牌并扫描", "hint"),)
        case "over":
            return ()
    return tuple(Button(option, "hint") for option in base.options)


_WORDS = {"spade": "♠ 黑桃", "heart": "♥ 红桃", "club": "♣ 梅花", "diamond": "♦ 方块"}


def _active_skills(session: TableSession, seat: int) -> tuple[Button, ...]:
    """The seat's skills used in this phase of its own turn (制衡, 仁德, 突袭 ...)."""
    state = session.state
    phase = state.turn.phase
    uses = dict(state.turn.skill_uses)
    keys = sorted(
        key
        for key in owned_keys(state.seat(seat))
        if (rule := RULES.get(key)) is not None
        and phase in rule.phases
        and not (rule.limit_per_phase and uses.get(f"{seat}:{key}", 0) >= rule.limit_per_phase)
    )
    skills = tuple(_button(session, rule_name(key), "go", "skill", seat, key) for key in keys)
    return (*skills, *(_spear(session, seat) if phase is Phase.PLAY else ()))


def _spear(session: TableSession, seat: int | None) -> tuple[Button, ...]:
    """丈八蛇矛: two hand cards as one 杀, when the seat wields it and holds two cards."""
    if seat is None:
        return ()
    s = session.state.seat(seat)
    if s.weapon is None or card(s.weapon).key != "spear" or s.hand_count < 2:
        return ()
    return (_button(session, rule_name("spear"), "go", "skill", seat, "spear"),)


def _skill_buttons(
    session: TableSession, skill: PendingSkill, cancel: Button
) -> tuple[Button, ...]:
    """A skill collecting its cards and seats: seats to tap, cards to pick, unseen, 确定."""
    state = session.state
    out: list[Button] = []
    if skill.wants_targets:
        for s in state.living:
            label = seat_view(state, s).label
            out.append(_button(session, f"→ {label}", "target", "target", s.seat, seat=s.seat))
    if skill.wants_cards:
        for c in _pickable(state, skill):
            out.append(_button(session, str(card(c)), "go", "pick", f"#{c}"))
        if state.seat(skill.seat).hand_count:
            out.append(_button(session, "暗牌 (手牌)", "go", "unseen"))
    if skill.ready:
        out.append(_button(session, "确定", "go", "ok"))
    return (*out, cancel)


def _pickable(state: GameState, skill: PendingSkill) -> tuple[int, ...]:
    """Known cards a skill may spend that the camera does not need to see: the owner's
    equipment, and for 麒麟弓 the damaged seat's horses."""
    owner = state.seat(skill.seat)
    cards = [c for c in owner.equipment if c not in skill.cards]
    top = state.stack[-2] if len(state.stack) > 1 else None
    if skill.key == "kylin_bow" and isinstance(top, DamageEvent):
        target = state.seat(top.target)
        cards = [h for h in (target.defensive_horse, target.offensive_horse) if h is not None]
    return tuple(cards)


def _choice_buttons(session: TableSession) -> tuple[Button, ...]:
    """A card to choose from a seat's zones: its known cards to tap, or an unseen hand card."""
    state = session.state
    top = state.stack[-1]
    assert isinstance(top, Expect)
    other = state.seat(top.other)
    zones = top.zones or "hej"
    known = [
        *(other.hand if "h" in zones else ()),
        *(other.equipment if "e" in zones else ()),
        *((d.card for d in other.judgement) if "j" in zones else ()),
    ]
    out = [_button(session, str(card(c)), "go", "pick", f"#{c}") for c in known]
    if "h" in zones and other.hand_unknown:
        out.append(_button(session, "暗牌 (手牌)", "go", "unseen"))
    return tuple(out)
