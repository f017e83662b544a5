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

Labels are in the language in use; commands are the same in every language.

>>> from assistant.i18n import set_language
>>> from assistant.session import TableSession
>>> chosen = set_language("C")
>>> session = TableSession()
>>> [b.label for b in prompt_buttons(session)]
['Set up the table']
>>> reply = session.setup("identity", 4)
>>> [b.screen for b in prompt_buttons(session)]
['setup']
>>> reply = session.reveal_role(1, "lord")
>>> for seat, general in enumerate(["caocao", "liubei", "sunquan", "lvbu"], start=1):
...     reply = session.seat_general(seat, general)
>>> [(b.label, str(b.command)) for b in prompt_buttons(session)]
[('Deal the starting hands', '0.00 deal')]
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from assistant.i18n import _, card_name, card_text, general_name, ngettext, role_name
from assistant.session.names import rule_label
from assistant.session.replies import Reply
from assistant.session.script import Command, perform
from assistant.session.skill_input import PendingSkill, confirm_label
from assistant.session.table_session import TableSession
from assistant.views import seat_view
from engine.cards import CardKind, Suit
from engine.catalogue import standard_catalogue
from engine.derived import card, owned_keys
from engine.frames import DamageEvent, Expect
from engine.registry import LENT, RULES
from engine.skilltypes import spent
from engine.state import GameState, Phase, Role
from engine.table import Table

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


# The zones of a card to choose (the prompt's options): what the hint says.
_ZONES: dict[str, Callable[[], str]] = {
    "hand card": lambda: _("Scan the chosen hand card"),
    "equipment": lambda: _("Scan the chosen equipment"),
    "judgement zone": lambda: _("Scan the chosen judgement card"),
}


def _kind_named(name: str) -> CardKind | None:
    """The card kind a prompt's option names by its catalogue name (闪, 桃 ...)."""
    for k in standard_catalogue().kinds.values():
        if k.name == name:
            return k
    return None


def _show_hint(option: str) -> Button:
    """The hint for a card to show the camera, named by the prompt's option (闪, 桃 ...)."""
    k = _kind_named(option)
    return Button(_("Show {card}").format(card=card_name(k) if k is not None else option), "hint")


def prompt_buttons(session: TableSession) -> tuple[Button, ...]:
    """The buttons for the session's prompt now, in the order they are shown."""
    prompt = session.prompt
    cancel = _button(session, _("Cancel"), "cancel", "cancel")
    if prompt.question is not None:
        question = prompt.question
        answers = tuple(
            _button(session, label, "go", "answer", option)
            for option, label in zip(question.options, question.shown, strict=True)
        )
        return (*answers, cancel)
    if prompt.skill is not None:
        return _skill_buttons(session, prompt.skill, cancel)
    if prompt.note:  # 丈八蛇矛's two cards: they are laid (seen), or it is cancelled
        return (Button(_("Show two hand cards"), "hint"), cancel)
    if prompt.pending is not None:
        state = session.state
        targets: list[Button] = []
        for option in prompt.pending.options:
            if not option.legal:
                continue
            label = seat_view(state, state.seat(option.seat)).label
            if option.distance is not None and option.seat != prompt.pending.seat:
                label = _("{seat} · distance {distance}").format(
                    seat=label, distance=option.distance
                )
            targets.append(
                _button(session, f"→ {label}", "target", "target", option.seat, seat=option.seat)
            )
        if prompt.pending.chosen:
            targets.append(_button(session, confirm_label(), "go", "ok"))
        if card(prompt.pending.card_id).kind.recastable and not prompt.pending.as_kind:
            targets.append(_button(session, _("Recast"), "go", "recast"))
        return (*targets, cancel)
    base = prompt.base
    who = base.who
    single = who[0] if len(who) == 1 else None
    pass_args = () if single is None else (single,)
    match base.expects:
        case "setup":
            if base.options == ("deal",):
                return (_button(session, _("Deal the starting hands"), "go", "deal"),)
            if base.options == ("next",):
                return (_button(session, _("Start the first turn"), "go", "next"),)
            return (Button(_("Set up the table"), "screen", screen="setup"),)
        case "draw" if single is not None:
            counts = (int(option.split()[-1]) for option in base.options)
            draws = tuple(_button(session, _draw_label(n), "go", "draw", single, n) for n in counts)
            return (*draws, *_active_skills(session, single))
        case "window" if single is not None:
            skills = tuple(
                _button(session, rule_label(key), "go", "skill", single, key)
                for key in base.options
                if key != "pass"
            )
            # TRANSLATORS: a button: the skill offered is not used (不发动)
            return (*skills, _button(session, _("Don't use"), "pass", "pass", single))
        case "choose" if single is not None:
            return tuple(
                _button(session, _word(o), "go", "choose", single, o) for o in base.options
            )
        case "take_shown":
            return (Button(_("Scan the card shown"), "hint"),)
        case "discard_or_damage" | "discard_or_draw" | "discard_or_pass" if single is not None:
            n = int(base.options[0].split()[-1])
            scan = ngettext(
                "Discard {n} hand card (scan it)", "Discard {n} hand cards (scan them)", n
            )
            return (
                Button(scan.format(n=n), "hint"),
                _button(session, _("Unseen card"), "go", "unseen"),
                _button(session, _("Don't discard"), "pass", "pass", single),
            )
        case "play" if single is not None:
            end = _button(session, _("End the play phase"), "go", "next")
            return (*_active_skills(session, single), end)
        case "phase":
            return (_button(session, _("Next phase"), "go", "next"),)
        case "discard" if single is not None:
            n = int(base.options[0].split()[-1])
            scan = ngettext("Discard {n} card (scan it)", "Discard {n} cards (scan them)", n)
            unseen = ngettext("Discard {n} unscanned card", "Discard {n} unscanned cards", n)
            return (
                Button(scan.format(n=n), "hint"),
                _button(session, unseen.format(n=n), "go", "discard", single, f"x{n}"),
            )
        case "respond" | "peach" | "nullify":
            hints = tuple(_show_hint(o) for o in base.options if o != "pass")
            spear = _spear(session, single) if "杀" in base.options else ()
            # TRANSLATORS: a button: the seat asked plays no card (不出)
            no = _button(session, _("Play no card"), "pass", "pass", *pass_args)
            return (*hints, *spear, no)
        case "reveal_role" if single is not None:
            # The roles this game deals (平民: 国际版 only).
            return tuple(
                _button(session, name, "go", "role", single, role.value)
                for role in Role
                if (name := role_name(role, session.state.mode)) in base.options
            )
        case "reveal_hidden":
            # 忠胆英杰: a button per seat that may be the hidden lord.
            state = session.state
            return tuple(
                _button(
                    session,
                    seat_view(state, state.seat(n)).label,
                    "go",
                    "role",
                    n,
                    base.options[0],
                    seat=n,
                )
                for n in who
            )
        case "fire_discard":
            hints = tuple(_hint(session, o) for o in base.options if o != "pass")
            no = _button(session, _("Play no card"), "pass", "pass", *pass_args)
            return (*hints, no)
        case "choose_card":
            hints = tuple(Button(_ZONES[o]() if o in _ZONES else o, "hint") for o in base.options)
            return (*hints, *_choice_buttons(session))
        case "judge":
            return (Button(_("Turn over the judgement card and scan it"), "hint"),)
        case "use_sha" if single is not None:  # 乱武: a 杀 laid, or none
            return (_show_hint("杀"), _button(session, _("Play no card"), "pass", "pass", single))
        case "give":  # 好施: the gift is entered on the log screen (记入)
            # TRANSLATORS: a button: opens the log screen, where the cards given are entered
            return (Button(_("Enter the cards given on the log screen"), "screen", screen="log"),)
        case "over":
            return ()
    return tuple(_hint(session, option) for option in base.options)


# The words a seat may choose (反间: a suit), as the buttons name them.
_WORDS: dict[str, Callable[[], str]] = {
    # TRANSLATORS: a button: 斗地主's surviving farmer recovers 1 HP (his reward)
    "recover": lambda: _("Recover 1 HP"),
    # TRANSLATORS: a button: 斗地主's surviving farmer draws two cards (his reward)
    "draw": lambda: _("Draw two cards"),
    # TRANSLATORS: a button: 逐鹿天下's 结盟: the seat asked agrees to be allies
    "yes": lambda: _("Agree to the alliance"),
    # TRANSLATORS: a button: 逐鹿天下's 结盟: the seat asked refuses the alliance
    "no": lambda: _("Refuse the alliance"),
    "spade": lambda: _("♠ Spades"),
    "heart": lambda: _("♥ Hearts"),
    "club": lambda: _("♣ Clubs"),
    "diamond": lambda: _("♦ Diamonds"),
    # TRANSLATORS: a button: 水淹七军's target discards all its equipment
    "equipment": lambda: _("Discard all equipment"),
    # TRANSLATORS: a button: 水淹七军's target takes 1 damage instead
    "damage": lambda: _("Take 1 damage"),
    # TRANSLATORS: a button: 制霸: the lord takes both cards of the point fight
    "take": lambda: _("Take both cards"),
    # TRANSLATORS: a button: 制霸: the lord leaves both cards of the point fight
    "leave": lambda: _("Leave both cards"),
    # TRANSLATORS: a button: 制霸 after 魂姿: the lord accepts the point fight
    "accept": lambda: _("Accept the point fight"),
    # TRANSLATORS: a button: 制霸 after 魂姿: the lord refuses the point fight
    "refuse": lambda: _("Refuse the point fight"),
    # TRANSLATORS: a button: 英魂: the player draws X cards, then discards one
    "draw_x": lambda: _("Draw X, discard 1"),
    # TRANSLATORS: a button: 英魂: the player draws one card, then discards X
    "discard_x": lambda: _("Draw 1, discard X"),
    # TRANSLATORS: a button: 崩坏 / 无谋: the seat loses 1 HP
    "hp": lambda: _("Lose 1 HP"),
    # TRANSLATORS: a button: 崩坏: the seat loses 1 max HP
    "maxhp": lambda: _("Lose 1 max HP"),
    # TRANSLATORS: a button: 无谋: the seat discards a 暴怒 mark
    "mark": lambda: _("Discard a 暴怒 mark"),
    # TRANSLATORS: a button: 琴音 makes every player lose 1 HP (its other button: recover)
    "lose": lambda: _("Every player loses 1 HP"),
    # TRANSLATORS: a button: 国战's 归附: the seat stays with its kingdom
    "stay": lambda: _("Stay with the kingdom"),
    # TRANSLATORS: a button: 3v3: the side taking the action sends its 主帅 (主帅行动)
    "leader": lambda: _("The marshal acts"),
    # TRANSLATORS: a button: 3v3: the side taking the action sends its 前锋s (前锋行动)
    "forwards": lambda: _("The vanguards act"),
}


def _draw_label(n: int) -> str:
    return ngettext("Draw {n} card", "Draw {n} cards", n).format(n=n)


def _word(option: str) -> str:
    """A choice's button: its words, a general's name (新1V1's next general, 化身's
    card), or a skill's (the skill 化身 declares)."""
    if option in _WORDS:
        return _WORDS[option]()
    if option.startswith("seat") and option[4:].isdigit():  # a seat chosen (驱虎's victim)
        return _("seat {seat}").format(seat=option[4:])
    if option.startswith("join") and option[4:].isdigit():  # 国战's 归附: a careerist's camp
        # TRANSLATORS: a button: 国战's 归附: the seat joins seat N's careerist camp
        return _("Join seat {seat}'s camp").format(seat=option[4:])
    try:
        return general_name(standard_catalogue().general(option))
    except KeyError:
        return rule_label(option)


def _hint(session: TableSession, option: str) -> Button:
    """A hint for one of the prompt's options that is not a button of its own
    (a card to show, to turn over, to take), in words a player reads."""
    top = session.state.stack[-1] if session.state.stack else None
    words = option.split()
    if option == "show a hand card":
        text = _("Show a hand card")
    elif option == "lay a hand card":  # 拼点
        text = _("Both lay a hand card face down, then scan both")
    elif option == "take a card":
        text = _("Take a card")
    elif option == "the card shown":
        text = _("Scan the card shown")
    elif option == "judgement card":
        text = _("Turn over the judgement card and scan it")
    elif isinstance(top, Expect) and top.what == "fire_discard" and option.startswith("discard"):
        suit = Suit(top.suit).symbol if top.suit in {s.value for s in Suit} else top.suit
        text = _("Discard a {suit} card").format(suit=suit)
    elif words[:2] == ["turn", "over"] and words[-1].isdigit():
        n = int(words[-1])
        text = ngettext("Turn over {n} card", "Turn over {n} cards", n).format(n=n)
    else:
        text = option
    return Button(text, "hint")


def _active_skills(session: TableSession, seat: int) -> tuple[Button, ...]:
    """The seat's skills used in this phase of its own turn (制衡, 仁德, 突袭 ...)."""
    state = session.state
    phase = state.turn.phase
    uses = dict(state.turn.skill_uses)
    lent = {key for key, may in LENT.items() if may(Table(state), seat)}  # 制霸
    keys = sorted(
        key
        for key in owned_keys(state.seat(seat)) | lent
        if (rule := RULES.get(key)) is not None
        and phase in rule.phases
        and not (rule.limit_per_phase and uses.get(f"{seat}:{key}", 0) >= rule.limit_per_phase)
        and not spent(state.seat(seat), key)  # a limited skill used (业炎)
    )
    skills = tuple(_button(session, rule_label(key), "go", "skill", seat, key) for key in keys)
    return (
        *skills,
        *(_spear(session, seat) + _luanji(session, seat) if phase is Phase.PLAY else ()),
    )


def _luanji(session: TableSession, seat: int) -> tuple[Button, ...]:
    """乱击: two hand cards of one suit as 万箭齐发, when the seat has it and two cards."""
    s = session.state.seat(seat)
    if "luanji" not in owned_keys(s) or s.hand_count < 2:
        return ()
    return (_button(session, rule_label("luanji"), "go", "skill", seat, "luanji"),)


def _spear(session: TableSession, seat: int | None) -> tuple[Button, ...]:
    """丈八蛇矛: two hand cards as one 杀, when the seat wields it and holds two cards."""
    if seat is None:
        return ()
    s = session.state.seat(seat)
    if s.weapon is None or card(s.weapon).key != "spear" or s.hand_count < 2:
        return ()
    return (_button(session, rule_label("spear"), "go", "skill", seat, "spear"),)


def _skill_buttons(
    session: TableSession, skill: PendingSkill, cancel: Button
) -> tuple[Button, ...]:
    """A skill collecting its cards and seats: seats to tap, cards to pick, unseen, 确定.

    As for a card's targets, only the seats the engine allows next have a button
    (`PendingSkill.options`); a tap on another is refused with the rule's reason.
    """
    state = session.state
    out: list[Button] = []
    if skill.wants_targets:
        for option in skill.options(state):
            if not option.legal:
                continue
            label = seat_view(state, state.seat(option.seat)).label
            out.append(
                _button(session, f"→ {label}", "target", "target", option.seat, seat=option.seat)
            )
    if skill.wants_cards:
        for c in _pickable(state, skill):
            out.append(_button(session, card_text(card(c)), "go", "pick", f"#{c}"))
        if state.seat(skill.seat).hand_count:
            out.append(_button(session, _("Unseen hand card"), "go", "unseen"))
    if skill.ready:
        out.append(_button(session, confirm_label(), "go", "ok"))
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
    out = [_button(session, card_text(card(c)), "go", "pick", f"#{c}") for c in known]
    if "h" in zones and other.hand_unknown:
        out.append(_button(session, _("Unseen hand card"), "go", "unseen"))
    return tuple(out)
