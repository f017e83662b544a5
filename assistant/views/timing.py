"""The timing helper (时机): the settlement stack in words, the timing point, who may act.

Pure functions of the public state. :func:`timing_view` lists the stack
newest first (each entry says what it interrupted), names the current timing
point, and lists the seats that may act now with the working skills whose
``timing`` (engine/generals.py) fits the moment.

Which skills fit which moment (frame on top of the stack, else the phase):

==========================================  =========================================
moment                                      seats: Timing values listed
==========================================  =========================================
Ask for 闪 (Sha, 万箭齐发)                    asked seat: SHAN_NEEDED (倾国, 护驾),
                                            CARD_NEEDED that give 闪 (龙胆)
  ... and the Ask answers a 杀 aimed at it   asked seat also: SHA_TARGETED (流离);
                                            the Sha's user first: SHA_TARGETING (铁骑)
Ask for 杀 (决斗, 南蛮入侵, 借刀杀人)          asked seat: SHA_NEEDED (激将),
                                            CARD_NEEDED that give 杀 (武圣, 龙胆)
Ask for 无懈可击 (anyone)                     every seat not yet passed, in order from
                                            the current player: CARD_NEEDED that give
                                            无懈可击
Ask for 桃 (dying)                           the remaining peach order, the asked seat
                                            first: CARD_NEEDED that give 桃 (急救,
                                            outside the owner's turn); then the dying
                                            seat if it has PEACH_DYING (救援, lord only)
Dying (before the peach round)              the same, from the frame's own order
DamageEvent at AFTER_DAMAGE on top          damaged seat: AFTER_DAMAGED (奸雄, 反馈,
                                            刚烈, 遗计)
Expect judge / Judging                      judged seat: JUDGEMENT_BEFORE,
                                            JUDGEMENT_AFTER (天妒); then every other
                                            living seat with JUDGEMENT_BEFORE (鬼才),
                                            in order from the current player
Expect draw (draw phase)                    drawing seat: DRAW_PHASE (突袭, 裸衣, 英姿)
other Expect (choose a card, 火攻, 五谷, role)  the expected seat: no skills
no settlement, play phase                   current seat: PLAY_PHASE, and CARD_NEEDED
                                            that give a card used actively (武圣, 龙胆)
no settlement, preparation / draw /         current seat: PREPARATION_PHASE /
discard / end phase                         DRAW_PHASE / DISCARD_PHASE / END_PHASE
setup, game over                            nobody
==========================================  =========================================

A window on top (engine.windows) lists exactly the seats it asks, in order,
with what each may use. ALWAYS skills take effect by themselves and are not
listed. Only working skills count (face-up generals;
lord skills for the lord), as ``engine.derived.active_skills`` says.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from assistant.i18n import _, card_name, phase_name, point_name, skill_name, tr
from assistant.views.table import shown_general_name
from engine.catalogue import on_new_generals, standard_catalogue
from engine.derived import active_skills, kind
from engine.effects import AsCard
from engine.frames import Ask, CardUse, DamageEvent, Death, Dying, Expect, Judging, Point, Window
from engine.generals import Skill, Timing
from engine.registry import rule_name
from engine.state import GameState, Phase
from engine.views import describe_frame
from engine.windows import window_offers


@dataclass(frozen=True, slots=True)
class Actor:
    """A seat that may act now, with the skills that fit the moment."""

    seat: int
    general: str
    skills: tuple[str, ...]  # their names, as the language in use says them


@dataclass(frozen=True, slots=True)
class TimingView:
    stack: tuple[str, ...]  # newest first, in words (with what interrupted each)
    point: str  # the timing point's name
    acting: tuple[Actor, ...]
    # stack's entries apart: each one's own words, and what interrupted it ("" for the newest)
    entries: tuple[tuple[str, str], ...] = ()


_SHA_KINDS = ("sha", "fire_sha", "thunder_sha")
# The kinds an Ask accepts, for the conversion skills that fit it.
_ASK_KINDS = {
    "shan": ("shan",),
    "sha": _SHA_KINDS,
    "tao": ("tao",),
    "nullification": ("nullification",),
}
_PHASE_TIMINGS = {
    Phase.PREPARATION: Timing.PREPARATION_PHASE,
    Phase.DRAW: Timing.DRAW_PHASE,
    Phase.PLAY: Timing.PLAY_PHASE,
    Phase.DISCARD: Timing.DISCARD_PHASE,
    Phase.END: Timing.END_PHASE,
}


def timing_view(state: GameState) -> TimingView:
    """The settlement in progress: the stack in words, the timing point, who may act."""
    entries = _stack_entries(state)
    return TimingView(_stack_words(entries), _point(state), _acting(state), entries)


def _frame_word(frame: object) -> str:
    if isinstance(frame, CardUse):
        return _("{card} of seat {seat}").format(card=card_name(kind(frame.kind)), seat=frame.user)
    if isinstance(frame, Ask):
        if frame.want in _ASK_KINDS:
            return _("the ask for {card}").format(card=card_name(kind(frame.want)))
        return _("an ask")
    if isinstance(frame, DamageEvent):
        return _("the damage to seat {seat}").format(seat=frame.target)
    if isinstance(frame, Dying):
        return _("seat {seat}'s dying").format(seat=frame.seat)
    if isinstance(frame, Death):
        return _("seat {seat}'s death").format(seat=frame.seat)
    if isinstance(frame, Judging):
        return _("the judgement of {card}").format(card=card_name(kind(frame.kind)))
    if isinstance(frame, Expect):
        return _("waiting for seat {seat}").format(seat=frame.seat)
    return type(frame).__name__


def _stack_entries(state: GameState) -> tuple[tuple[str, str], ...]:
    """Newest first: each frame's words, and what interrupted it ("" for the newest)."""
    frames = list(reversed(state.stack))
    return tuple(
        (tr(describe_frame(frame)), _frame_word(frames[i - 1]) if i > 0 else "")
        for i, frame in enumerate(frames)
    )


def _stack_words(entries: tuple[tuple[str, str], ...]) -> tuple[str, ...]:
    return tuple(
        _("{frame} — interrupted by {other}").format(frame=text, other=by) if by else text
        for text, by in entries
    )


def _point(state: GameState) -> str:
    if state.over:
        return phase_name(Phase.OVER)
    for frame in reversed(state.stack):
        if isinstance(frame, Ask):
            if frame.want == "tao":
                return _("{point}: asking for {card}").format(
                    point=point_name(Point.DYING), card=card_name(kind("tao"))
                )
            if frame.want == "nullification":
                return _("{point}: {card} window").format(
                    point=point_name(Point.RESPOND), card=card_name(kind("nullification"))
                )
            return point_name(Point.RESPOND)
        if isinstance(frame, Expect):
            if frame.what == "draw":
                return point_name(Point.DRAW)
            if frame.what == "judge":
                return point_name(Point.JUDGEMENT)
            if frame.what == "role":
                return _("{point}: reveal the role").format(point=point_name(Point.DEATH))
            return _("{point}: {reason}").format(
                point=point_name(Point.WAIT), reason=tr(frame.reason)
            )
        if isinstance(frame, Dying):
            return point_name(Point.DYING)
        if isinstance(frame, Death):
            return point_name(Point.DEATH)
        point = getattr(frame, "point", None)
        if isinstance(point, Point):
            return point_name(point)
    return phase_name(state.turn.phase)


@cache
def _skills_by_key() -> dict[str, Skill]:
    return {s.key: s for g in standard_catalogue().generals for s in g.skills}


on_new_generals(lambda _new: _skills_by_key.cache_clear())


def _rule_name(key: str) -> str:
    """A rule's name (a skill's, or an equipment card's) in the language in use."""
    skill = _skills_by_key().get(key)
    if skill is not None:
        return skill_name(skill)
    try:
        return card_name(kind(key))
    except KeyError:
        return tr(rule_name(key))


def _gives(skill: Skill, kinds: tuple[str, ...], own_turn: bool) -> bool:
    """Whether a CARD_NEEDED skill can make one of ``kinds`` now (no effects: it may)."""
    made = [e for e in skill.effects if isinstance(e, AsCard)]
    if not made:
        return True
    return any(e.card in kinds and not (e.outside_own_turn and own_turn) for e in made)


def _skills(
    state: GameState, seat: int, timings: tuple[Timing, ...], needed: tuple[str, ...] = ()
) -> tuple[str, ...]:
    own_turn = state.turn.seat == seat
    out: list[str] = []
    for skill in active_skills(state.seat(seat)):
        fits = skill.timing in timings or (
            skill.timing is Timing.CARD_NEEDED and bool(needed) and _gives(skill, needed, own_turn)
        )
        if fits and (name := skill_name(skill)) not in out:
            out.append(name)
    return tuple(out)


def _actor(
    state: GameState, seat: int, timings: tuple[Timing, ...], needed: tuple[str, ...] = ()
) -> Actor:
    return Actor(seat, shown_general_name(state, seat), _skills(state, seat, timings, needed))


def _acting(state: GameState) -> tuple[Actor, ...]:
    if state.over or not state.mode or (state.turn.phase is Phase.SETUP and not state.stack):
        return ()
    if not state.stack:
        seat = state.turn.seat
        if not seat or not state.seat(seat).alive:
            return ()
        timing = _PHASE_TIMINGS.get(state.turn.phase)
        if timing is None:
            return (_actor(state, seat, ()),)
        active = _SHA_KINDS if timing is Timing.PLAY_PHASE else ()
        return (_actor(state, seat, (timing,), active),)
    top = state.stack[-1]
    below = state.stack[-2] if len(state.stack) > 1 else None
    if isinstance(top, Window):  # the owners the window asks, in order, with what it offers
        return tuple(
            Actor(s, shown_general_name(state, s), tuple(_rule_name(k) for k in keys))
            for s in top.seats
            if (keys := window_offers(state, top, s))
        )
    if isinstance(top, Ask):
        return _ask_actors(state, top, below)
    if isinstance(top, Dying):
        return _peach_round(state, top.order[top.at :], top.seat)
    if isinstance(top, DamageEvent):
        if top.point is Point.AFTER_DAMAGE and state.seat(top.target).alive:
            return (_actor(state, top.target, (Timing.AFTER_DAMAGED,)),)
        return ()
    if isinstance(top, Judging) or (isinstance(top, Expect) and top.what == "judge"):
        return _judgement_actors(state, top.seat)
    if isinstance(top, Expect):
        if top.what == "draw":
            return (_actor(state, top.seat, (Timing.DRAW_PHASE,)),)
        return (_actor(state, top.seat, ()),)
    return ()


def _ask_actors(state: GameState, ask: Ask, below: object) -> tuple[Actor, ...]:
    needed = _ASK_KINDS.get(ask.want, (ask.want,))
    if ask.anyone:
        return tuple(
            _actor(state, s, (), needed)
            for s in ask.seats
            if s not in ask.passed and state.seat(s).alive
        )
    if ask.want == "tao":
        return _peach_round(state, ask.seats[ask.at :], ask.for_seat)
    seat = ask.asked
    need = Timing.SHAN_NEEDED if ask.want == "shan" else Timing.SHA_NEEDED
    timings: tuple[Timing, ...] = (need,)
    actors: list[Actor] = []
    if (
        ask.want == "shan"
        and isinstance(below, CardUse)
        and below.kind in _SHA_KINDS
        and below.target == seat
    ):
        timings += (Timing.SHA_TARGETED,)
        user = below.user
        if state.seat(user).alive:
            tieji = _skills(state, user, (Timing.SHA_TARGETING,))
            if tieji:
                actors.append(Actor(user, shown_general_name(state, user), tieji))
    actors.append(_actor(state, seat, timings, needed))
    return tuple(actors)


def _peach_round(state: GameState, order: tuple[int, ...], dying: int) -> tuple[Actor, ...]:
    actors = [_actor(state, s, (), ("tao",)) for s in order if state.seat(s).alive]
    saved_by = _skills(state, dying, (Timing.PEACH_DYING,))
    if saved_by and state.seat(dying).alive:
        if any(a.seat == dying for a in actors):
            actors = [
                Actor(a.seat, a.general, (*a.skills, *saved_by)) if a.seat == dying else a
                for a in actors
            ]
        else:
            actors.append(Actor(dying, shown_general_name(state, dying), saved_by))
    return tuple(actors)


def _judgement_actors(state: GameState, judged: int) -> tuple[Actor, ...]:
    actors = [_actor(state, judged, (Timing.JUDGEMENT_BEFORE, Timing.JUDGEMENT_AFTER))]
    first = state.turn.seat if state.turn.seat and state.seat(state.turn.seat).alive else judged
    for s in state.order_from(first):
        if s == judged:
            continue
        skills = _skills(state, s, (Timing.JUDGEMENT_BEFORE,))
        if skills:
            actors.append(Actor(s, shown_general_name(state, s), skills))
    return tuple(actors)
