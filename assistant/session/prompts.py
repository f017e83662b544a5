"""What the phone asks for now: one prompt per state, and the targets of a scanned card.

Pure functions of the public state (no Kivy, no I/O). :func:`current_prompt`
reads the top of the settlement stack, or the phase when nothing is being
settled, and says who acts, what kind of move is wanted (``expects``), one
line of text a player understands and the button labels. :func:`targets_for`
is what the phone highlights when a card is scanned in someone's play phase.

``expects`` codes: ``setup``, ``draw``, ``play``, ``discard``, ``phase``
(a phase that waits for a phase skill, then ``next``), ``respond`` (闪 or 杀),
``nullify`` (无懈可击, anyone), ``peach`` (桃 for a dying seat),
``judge``, ``choose_card`` (过河拆桥 / 顺手牵羊), ``show`` and
``fire_discard`` (火攻), ``reveal`` and ``pick`` (五谷丰登), ``reveal_role``,
``window`` (a skill or equipment effect may be used: its keys, or pass),
``choose`` (a word: 反间's suit), ``take_shown`` (反间: the card taken),
``discard_or_damage`` (刚烈) and ``discard_or_draw`` (雌雄双股剑),
``settling`` (a frame that needs no player), ``over``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from assistant.i18n import (
    _,
    card_name,
    join_list,
    ngettext,
    phase_name,
    point_name,
    role_name,
    tr,
)
from assistant.session.names import rule_label, shown_general
from engine.cards import CardKind
from engine.derived import (
    attack_range_value,
    card,
    check_target,
    distance_value,
    hand_limit_value,
    kind,
)
from engine.frames import Ask, CardUse, Expect, Point, Window
from engine.modes import mode_named
from engine.rules import describe_winner
from engine.state import GameState, Phase, Role
from engine.views import describe_frame
from engine.windows import window_offers

_RESPONSE_OPTIONS = {
    "shan": ("闪",),
    "sha": ("杀",),
    "nullification": ("无懈可击",),
    "tao": ("桃",),
}


@dataclass(frozen=True, slots=True)
class Prompt:
    """Who acts now, what is wanted, one line of text and the options.

    ``text`` is in the language in use when the prompt was made. ``options``
    are words for programs, the same in every language (``draw 2``, ``pass``,
    a skill key, a card's catalogue name; the role names of ``reveal_role``
    excepted): `assistant.session.buttons` words the buttons from them.
    """

    who: tuple[int, ...]
    expects: str
    text: str
    options: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class TargetOption:
    """One living seat as a possible target of a scanned card (``reason``: the engine's
    words, why not or the distance note, in the language in use)."""

    seat: int
    legal: bool
    reason: str
    distance: int | None
    in_range: bool


def seat_label(state: GameState, seat: int) -> str:
    """'seat 3 (甄姬)', or 'seat 3' when no general is shown."""
    name = shown_general(state, seat)
    if name:
        return _("seat {seat} ({general})").format(seat=seat, general=name)
    return _("seat {seat}").format(seat=seat)


def _want_name(want: str) -> str:
    """The catalogue name of the card kind asked for: an option's word."""
    try:
        return kind(want).name
    except KeyError:
        return want


def _want_text(want: str) -> str:
    """The card kind asked for, as a player reads it."""
    try:
        return card_name(kind(want))
    except KeyError:
        return want


def current_prompt(state: GameState) -> Prompt:
    """The prompt for the state: the frame on top of the stack, else the phase."""
    if not state.mode:
        text = _("choose the mode and the number of players")
        return Prompt((), "setup", text, ("setup",))
    if state.over:
        text = _("game over: {result}").format(result=tr(describe_winner(state.winner, state.mode)))
        rules = mode_named(state.mode)
        hidden = [s.seat for s in state.seats if s.alive and s.role is None]
        if rules is not None and rules.roles_hidden and hidden:
            # The roles still face down are shown at the end (国际版: a civilian alive
            # shares the win): one seat at a time, its role buttons.
            dealt = rules.role_table(state.players, state.variant)
            shown = Counter(s.role for s in state.seats if s.role is not None)
            roles = tuple(role_name(r, state.mode) for r in Role if dealt[r] > shown[r])
            text = _("{result}; seat {seat} shows the role").format(result=text, seat=hidden[0])
            return Prompt((hidden[0],), "reveal_role", text, roles)
        return Prompt((), "over", text)
    if state.stack:
        top = state.stack[-1]
        if isinstance(top, Ask):
            return _ask_prompt(state, top)
        if isinstance(top, Expect):
            return _expect_prompt(state, top)
        if isinstance(top, Window):
            return _window_prompt(state, top)
        return Prompt((), "settling", _("settling: {frame}").format(frame=tr(describe_frame(top))))
    if state.turn.phase is Phase.SETUP:
        return _setup_prompt(state)
    return _phase_prompt(state)


def _setup_prompt(state: GameState) -> Prompt:
    mode = mode_named(state.mode)
    if mode is not None and mode.roles_hidden and not any(s.role is Role.LORD for s in state.seats):
        text = _("the lord reveals the role")
        return Prompt((), "setup", text, ("role N lord",))
    missing = tuple(s.seat for s in state.seats if not s.generals)
    if missing:
        per = mode.generals_per_seat if mode is not None else 1
        seats = join_list(missing)
        if per > 1:
            # TRANSLATORS: choosing generals is 选将; {each} is 2 or more
            text = ngettext(
                "choose generals: seat {seats} ({each} generals each)",
                "choose generals: seats {seats} ({each} generals each)",
                len(missing),
            ).format(seats=seats, each=per)
        else:
            # TRANSLATORS: choosing generals is 选将
            text = ngettext(
                "choose generals: seat {seats} (a general each)",
                "choose generals: seats {seats} (a general each)",
                len(missing),
            ).format(seats=seats)
        return Prompt(missing, "setup", text, ("general",))
    if all(s.hand_count == 0 for s in state.seats):
        return Prompt((), "setup", _("deal the starting hands"), ("deal",))
    return Prompt((), "setup", _("everything is ready: start the first turn"), ("next",))


def _phase_prompt(state: GameState) -> Prompt:
    seat = state.turn.seat
    who = seat_label(state, seat)
    phase = state.turn.phase
    if phase is Phase.PLAY:
        # TRANSLATORS: the play phase (出牌阶段)
        text = _("{seat}: use a card or end the phase").format(seat=who)
        return Prompt((seat,), "play", text, ("next",))
    if phase is Phase.DISCARD:
        s = state.seat(seat)
        limit = hand_limit_value(state, seat)
        excess = s.hand_count - limit
        if excess > 0:
            text = ngettext(
                "{seat}: discard {n} card (hand {hand}, limit {limit})",
                "{seat}: discard {n} cards (hand {hand}, limit {limit})",
                excess,
            ).format(seat=who, n=excess, hand=s.hand_count, limit=limit)
            return Prompt((seat,), "discard", text, (f"discard {excess}",))
    text = _("{seat}: {phase}; skills may be used, then next").format(
        seat=who, phase=phase_name(phase)
    )
    return Prompt((seat,), "phase", text, ("next",))


def _ask_prompt(state: GameState, ask: Ask) -> Prompt:
    want = _want_name(ask.want)
    card_text = _want_text(ask.want)
    reason = tr(ask.reason)
    if ask.anyone:
        who = tuple(s for s in ask.seats if s not in ask.passed)
        text = _("anyone: {card} against {reason}, or pass").format(card=card_text, reason=reason)
        return Prompt(who, "nullify", text, (*_RESPONSE_OPTIONS.get(ask.want, (want,)), "pass"))
    seat = ask.asked
    label = seat_label(state, seat)
    if ask.want == "tao":
        dying = ask.for_seat
        need = 1 - state.seat(dying).hp  # the Ask's own need is not updated by a 桃
        options: tuple[str, ...] = ("桃", "酒", "pass") if seat == dying else ("桃", "pass")
        words = {"seat": label, "card": card_text, "reason": reason, "n": need}
        if seat == dying:
            if need > 1:
                text = _("{seat}: {card} to save yourself ({n} needed), or pass ({reason})")
            else:
                text = _("{seat}: {card} to save yourself, or pass ({reason})")
        else:
            words["dying"] = seat_label(state, dying)
            if need > 1:
                text = _("{seat}: {card} to save {dying} ({n} needed), or pass ({reason})")
            else:
                text = _("{seat}: {card} to save {dying}, or pass ({reason})")
        return Prompt((seat,), "peach", text.format_map(words), options)
    if ask.want == "sha" and ask.for_seat:
        text = _(
            "{seat}: use {card} on seat {target}, or pass and give your weapon ({reason})"
        ).format(seat=label, card=card_text, target=ask.for_seat, reason=reason)
        return Prompt((seat,), "respond", text, ("杀", "pass"))
    if ask.need > 1:
        text = _("{seat}: play {card} ({got} of {need}) to answer {reason}, or pass").format(
            seat=label, card=card_text, got=ask.got + 1, need=ask.need, reason=reason
        )
    else:
        text = _("{seat}: play {card} to answer {reason}, or pass").format(
            seat=label, card=card_text, reason=reason
        )
    return Prompt((seat,), "respond", text, (*_RESPONSE_OPTIONS.get(ask.want, (want,)), "pass"))


# When a window opens, in words, worded when shown ({sha} and {shan}: the cards' names).
_WINDOW_WORDS: dict[Point, Callable[[], str]] = {
    Point.AFTER_DAMAGE: lambda: _("after the damage"),
    Point.CAUSING: lambda: _("as the damage is caused"),
    Point.BECOME_TARGET: lambda: _("on becoming the target"),
    Point.AFTER_TARGETING: lambda: _("after targeting"),
    Point.DODGED: lambda: _("the {sha} was dodged"),
    Point.DECLARE: lambda: _("on using the card"),
    Point.JUDGE_BEFORE: lambda: _("before the judgement takes effect"),
    Point.JUDGE_AFTER: lambda: _("after the judgement took effect"),
    Point.SHAN_NEEDED: lambda: _("asked for {shan}"),
    Point.SHA_NEEDED: lambda: _("asked for {sha}"),
    Point.PREPARATION: lambda: _("preparation phase"),
    Point.END_PHASE: lambda: _("end phase"),
    Point.HAND_EMPTIED: lambda: _("the last hand card is gone"),
    Point.EQUIPMENT_LOST: lambda: _("an equipment card is lost"),
    Point.DYING: lambda: _("dying"),  # 涅槃
    Point.DISCARDED: lambda: _("cards discarded in the discard phase"),  # 琴音
}


def _window_words(point: Point) -> str:
    words = _WINDOW_WORDS.get(point)
    if words is None:  # a phase's start (巧变, 放权), a card lost (屯田) ...: its name
        return point_name(point)
    return words().format(sha=card_name(kind("sha")), shan=card_name(kind("shan")))


def _window_prompt(state: GameState, window: Window) -> Prompt:
    """A skill or equipment effect may be used now: its owner's buttons, or pass.

    ``options`` are the offered keys (``skill SEAT KEY``) then ``pass``.
    """
    seat = window.asked
    offered = window_offers(state, window)
    names = " / ".join(rule_label(key) for key in offered)
    text = _("{seat}: use {skills}? ({when}), or pass").format(
        seat=seat_label(state, seat), skills=names, when=_window_words(window.point)
    )
    return Prompt((seat,), "window", text, (*offered, "pass"))


def _expect_prompt(state: GameState, e: Expect) -> Prompt:
    label = seat_label(state, e.seat)
    reason = tr(e.reason)
    who = (e.seat,)
    if e.what == "draw":
        counts = e.counts or (2,)
        if len(counts) == 1:
            # TRANSLATORS: the draw phase (摸牌阶段): the seat draws {n} cards
            text = _("{seat}: draw {n}").format(seat=label, n=counts[0])
        elif len(counts) == 2:
            text = _("{seat}: draw {n} or {m}").format(seat=label, n=counts[0], m=counts[1])
        else:
            text = _("{seat}: draw one of {counts}").format(seat=label, counts=join_list(counts))
        return Prompt(who, "draw", text, tuple(f"draw {n}" for n in counts))
    if e.what in ("discard_one", "take_one"):
        # The user of the card chooses; the engine's Expect names the owner for a discard.
        below = state.stack[-2] if len(state.stack) > 1 else None
        chooser = below.user if isinstance(below, CardUse) else e.seat
        label, who = seat_label(state, chooser), (chooser,)
        other = state.seat(e.other)
        zones = tuple(
            name
            for name, present in (
                ("hand card", other.hand_count > 0),
                ("equipment", bool(other.equipment)),
                ("judgement zone", bool(other.judgement)),
            )
            if present
        )
        words = {"seat": label, "owner": seat_label(state, e.other), "reason": reason}
        if e.what == "discard_one":
            text = _("{seat}: choose a card of {owner} to discard ({reason})")
        else:
            text = _("{seat}: choose a card of {owner} to take ({reason})")
        return Prompt(who, "choose_card", text.format_map(words), zones)
    if e.what == "compare":  # 拼点: the two seats that have not laid their card yet
        waiting = tuple(seat for seat in (e.seat, e.other) if seat not in e.counts)
        return Prompt(waiting, "compare", reason, ("lay a hand card",))
    said = _("{seat}: {reason}").format(seat=label, reason=reason)
    if e.what == "judge":
        return Prompt(who, "judge", said, ("judgement card",))
    if e.what == "role":
        rules = mode_named(state.mode)
        dealt = rules.role_table(state.players, state.variant) if rules else None
        # 平民: 国际版 only
        roles = tuple(role_name(r, state.mode) for r in Role if not dealt or dealt[r])
        text = _("{seat}: {reason} (reveal the role)").format(seat=label, reason=reason)
        return Prompt(who, "reveal_role", text, roles)
    if e.what == "reveal_hidden":
        # 忠胆英杰: the hidden lord shows himself; any living seat whose role is hidden.
        hidden = tuple(s.seat for s in state.seats if s.alive and s.role is None)
        role = Role(e.options[0])
        # TRANSLATORS: {reason} says who died; {role}: the role to show (主公)
        text = _("{reason}: which seat is the {role}?").format(
            reason=reason, role=role_name(role, state.mode)
        )
        return Prompt(hidden, "reveal_hidden", text, e.options)
    if e.what in ("show", "shown"):  # 蛊惑: the face-down card turned up
        return Prompt(who, e.what, said, ("show a hand card",))
    if e.what == "fire_discard":
        return Prompt(who, "fire_discard", said, (f"discard a {e.suit} card", "pass"))
    if e.what == "reveal":
        n = e.counts[0] if e.counts else 0
        text = _("{seat}: {reason} ({n})").format(seat=label, reason=reason, n=n)
        return Prompt(who, "reveal", text, (f"turn over {n}",))
    if e.what == "pick":
        return Prompt(who, "pick", said, ("take a card",))
    if e.what in ("choose", "successor"):  # 新1V1's next general is a choice by its key
        return Prompt(who, "choose", said, e.options)
    if e.what == "take_shown":
        return Prompt(who, "take_shown", said, ("the card shown",))
    if e.what in ("discard_or_damage", "discard_or_draw", "discard_or_pass"):  # 享乐: or_pass
        n = e.counts[0] if e.counts else 1
        return Prompt(who, e.what, said, (f"discard {n}", "pass"))
    if e.what == "discard_n":  # a skill's discard of N cards (英魂, 神愤)
        return Prompt(who, "discard", said, (f"discard {e.counts[0]}",))
    if e.what == "use_sha":  # 乱武: a 杀 on a nearest player, or none (1 HP lost)
        return Prompt(who, "use_sha", said, ("杀", "pass"))
    if e.what == "give":  # 好施: hand cards given to one of the seats named
        return Prompt(who, "give", said, (f"give {e.counts[0]}",))
    return Prompt(who, e.what, said)


def targets_for(
    state: GameState, seat: int, card_id_or_kind: int | str, as_kind: str | None = None
) -> tuple[TargetOption, ...]:
    """Each living seat as a target of the card ``seat`` scanned (an id) or names (a kind).

    ``as_kind``: the card is used as another kind (a conversion skill). The
    reason is the engine's (why not, or the distance note); ``in_range`` is
    whether the seat is within the user's attack range.
    """
    spending: tuple[int, ...] = ()
    card_kind: CardKind
    if isinstance(card_id_or_kind, int):
        spending = (card_id_or_kind,)
        card_kind = kind(as_kind) if as_kind else card(card_id_or_kind).kind
    else:
        card_kind = kind(as_kind or card_id_or_kind)
    user_alive = state.seat(seat).alive
    reach = attack_range_value(state, seat, spending) if user_alive else 0
    out: list[TargetOption] = []
    for s in state.living:
        check = check_target(state, seat, card_kind, s.seat, spending)
        d = distance_value(state, seat, s.seat) if user_alive else None
        in_range = d is not None and s.seat != seat and d <= reach
        out.append(TargetOption(s.seat, check.legal, tr(check.reason), d, in_range))
    return tuple(out)
