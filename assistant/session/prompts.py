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

from dataclasses import dataclass

from assistant.i18n import phase_name, role_name
from assistant.views import shown_general_name
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
from engine.registry import rule_name
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
    """Who acts now, what is wanted, one line of text and the buttons."""

    who: tuple[int, ...]
    expects: str
    text: str
    options: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class TargetOption:
    """One living seat as a possible target of a scanned card."""

    seat: int
    legal: bool
    reason: str
    distance: int | None
    in_range: bool


def seat_label(state: GameState, seat: int) -> str:
    """'seat 3 (甄姬)', or 'seat 3' when no general is shown."""
    name = shown_general_name(state, seat)
    return f"seat {seat} ({name})" if name else f"seat {seat}"


def _want_name(want: str) -> str:
    try:
        return kind(want).name
    except KeyError:
        return want


def current_prompt(state: GameState) -> Prompt:
    """The prompt for the state: the frame on top of the stack, else the phase."""
    if not state.mode:
        return Prompt((), "setup", "choose the mode and the number of players", ("setup",))
    if state.over:
        return Prompt((), "over", f"game over: {describe_winner(state.winner)}")
    if state.stack:
        top = state.stack[-1]
        if isinstance(top, Ask):
            return _ask_prompt(state, top)
        if isinstance(top, Expect):
            return _expect_prompt(state, top)
        if isinstance(top, Window):
            return _window_prompt(state, top)
        return Prompt((), "settling", f"settling: {describe_frame(top)}")
    if state.turn.phase is Phase.SETUP:
        return _setup_prompt(state)
    return _phase_prompt(state)


def _setup_prompt(state: GameState) -> Prompt:
    mode = mode_named(state.mode)
    if mode is not None and mode.roles_hidden and not any(s.role is Role.LORD for s in state.seats):
        return Prompt((), "setup", "the lord reveals the role (主公亮明身份)", ("role N lord",))
    missing = tuple(s.seat for s in state.seats if not s.generals)
    if missing:
        per = mode.generals_per_seat if mode is not None else 1
        each = f"{per} generals each" if per > 1 else "a general each"
        seats = ", ".join(map(str, missing))
        return Prompt(
            missing,
            "setup",
            f"choose generals (选将): seat{'s' if len(missing) > 1 else ''} {seats} ({each})",
            ("general",),
        )
    if all(s.hand_count == 0 for s in state.seats):
        return Prompt((), "setup", "deal the starting hands (发起始手牌)", ("deal",))
    return Prompt((), "setup", "everything is ready: start the first turn", ("next",))


def _phase_prompt(state: GameState) -> Prompt:
    seat = state.turn.seat
    who = seat_label(state, seat)
    phase = state.turn.phase
    if phase is Phase.PLAY:
        return Prompt((seat,), "play", f"{who}: use a card or end the phase (出牌阶段)", ("next",))
    if phase is Phase.DISCARD:
        s = state.seat(seat)
        limit = hand_limit_value(state, seat)
        excess = s.hand_count - limit
        if excess > 0:
            plural = "s" if excess > 1 else ""
            return Prompt(
                (seat,),
                "discard",
                f"{who}: discard {excess} card{plural} (hand {s.hand_count}, limit {limit})",
                (f"discard {excess}",),
            )
    return Prompt(
        (seat,), "phase", f"{who}: {phase_name(phase)}; skills may be used, then next", ("next",)
    )


def _ask_prompt(state: GameState, ask: Ask) -> Prompt:
    want = _want_name(ask.want)
    if ask.anyone:
        who = tuple(s for s in ask.seats if s not in ask.passed)
        text = f"anyone: {want} against {ask.reason}, or pass"
        return Prompt(who, "nullify", text, (*_RESPONSE_OPTIONS.get(ask.want, (want,)), "pass"))
    seat = ask.asked
    label = seat_label(state, seat)
    if ask.want == "tao":
        dying = ask.for_seat
        need = 1 - state.seat(dying).hp  # the Ask's own need is not updated by a 桃
        options: tuple[str, ...] = ("桃", "酒", "pass") if seat == dying else ("桃", "pass")
        whom = "yourself" if seat == dying else seat_label(state, dying)
        more = f" ({need} needed)" if need > 1 else ""
        return Prompt(
            (seat,),
            "peach",
            f"{label}: 桃 to save {whom}{more}, or pass ({ask.reason})",
            options,
        )
    if ask.want == "sha" and ask.for_seat:
        return Prompt(
            (seat,),
            "respond",
            f"{label}: use 杀 on seat {ask.for_seat}, or pass and give your weapon ({ask.reason})",
            ("杀", "pass"),
        )
    count = f" ({ask.got + 1} of {ask.need})" if ask.need > 1 else ""
    return Prompt(
        (seat,),
        "respond",
        f"{label}: play {want}{count} to answer {ask.reason}, or pass",
        (*_RESPONSE_OPTIONS.get(ask.want, (want,)), "pass"),
    )


_WINDOW_WORDS = {
    Point.AFTER_DAMAGE: "after the damage",
    Point.CAUSING: "as the damage is caused",
    Point.BECOME_TARGET: "on becoming the target",
    Point.AFTER_TARGETING: "after targeting",
    Point.DODGED: "the Sha was dodged",
    Point.DECLARE: "on using the card",
    Point.JUDGE_BEFORE: "before the judgement takes effect",
    Point.JUDGE_AFTER: "after the judgement took effect",
    Point.SHAN_NEEDED: "asked for 闪",
    Point.SHA_NEEDED: "asked for 杀",
    Point.PREPARATION: "preparation phase",
    Point.END_PHASE: "end phase",
    Point.HAND_EMPTIED: "the last hand card is gone",
    Point.EQUIPMENT_LOST: "an equipment card is lost",
}


def _window_prompt(state: GameState, window: Window) -> Prompt:
    """A skill or equipment effect may be used now: its owner's buttons, or pass.

    ``options`` are the offered keys (``skill SEAT KEY``) then ``pass``.
    """
    seat = window.asked
    offered = window_offers(state, window)
    names = " / ".join(rule_name(key) for key in offered)
    when = _WINDOW_WORDS.get(window.point, window.point.value.replace("_", " "))
    return Prompt(
        (seat,),
        "window",
        f"{seat_label(state, seat)}: use {names}? ({when}), or pass",
        (*offered, "pass"),
    )


def _expect_prompt(state: GameState, e: Expect) -> Prompt:
    label = seat_label(state, e.seat)
    who = (e.seat,)
    if e.what == "draw":
        counts = e.counts or (2,)
        text = f"{label}: draw {' or '.join(map(str, counts))} (摸牌阶段)"
        return Prompt(who, "draw", text, tuple(f"draw {n}" for n in counts))
    if e.what in ("discard_one", "take_one"):
        # The user of the card chooses; the engine's Expect names the owner for a discard.
        below = state.stack[-2] if len(state.stack) > 1 else None
        chooser = below.user if isinstance(below, CardUse) else e.seat
        label, who = seat_label(state, chooser), (chooser,)
        verb = "discard" if e.what == "discard_one" else "take"
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
        text = f"{label}: choose a card of {seat_label(state, e.other)} to {verb} ({e.reason})"
        return Prompt(who, "choose_card", text, zones)
    if e.what == "judge":
        return Prompt(who, "judge", f"{label}: {e.reason}", ("judgement card",))
    if e.what == "role":
        rules = mode_named(state.mode)
        dealt = rules.role_table(state.players, state.variant) if rules else None
        # 平民: 国际版 only
        roles = tuple(role_name(r, state.mode) for r in Role if not dealt or dealt[r])
        return Prompt(who, "reveal_role", f"{label}: {e.reason} (亮明身份)", roles)
    if e.what == "show":
        return Prompt(who, "show", f"{label}: {e.reason}", ("show a hand card",))
    if e.what == "fire_discard":
        return Prompt(
            who, "fire_discard", f"{label}: {e.reason}", (f"discard a {e.suit} card", "pass")
        )
    if e.what == "reveal":
        n = e.counts[0] if e.counts else 0
        return Prompt(who, "reveal", f"{label}: {e.reason} ({n})", (f"turn over {n}",))
    if e.what == "pick":
        return Prompt(who, "pick", f"{label}: {e.reason}", ("take a card",))
    if e.what == "choose":
        return Prompt(who, "choose", f"{label}: {e.reason}", e.options)
    if e.what == "take_shown":
        return Prompt(who, "take_shown", f"{label}: {e.reason}", ("the card shown",))
    if e.what in ("discard_or_damage", "discard_or_draw"):
        n = e.counts[0] if e.counts else 1
        return Prompt(who, e.what, f"{label}: {e.reason}", (f"discard {n}", "pass"))
    return Prompt(who, e.what, f"{label}: {e.reason}")


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
        out.append(TargetOption(s.seat, check.legal, str(check.reason), d, in_range))
    return tuple(out)
