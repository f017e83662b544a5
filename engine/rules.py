"""Applying a move to a state: check it, change the table, settle what follows.

``apply(state, move)`` returns the new state or raises :class:`IllegalMove`
with a one-line reason, leaving the given state untouched (states are
immutable). ``Forced(move)`` skips the rule checks (not the bookkeeping:
a card still cannot be in two places) and is flagged in the log.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import engine.skills  # noqa: F401  (registers every rule)
from engine.cardops import lift_from, possess, take_unseen, transfer
from engine.cards import CardKind, CardType, Element, Package, Target
from engine.catalogue import standard_catalogue
from engine.context import Ctx
from engine.derived import (
    active_skills,
    card,
    check_target,
    effects_of,
    hand_limit_value,
    kind,
    owned_keys,
    sha_uses_left,
)
from engine.effects import AsCard, DrawPhase, ReplaceDraw, SkipCondition, SkipDiscard
from engine.frames import (
    Ask,
    CardUse,
    DamageEvent,
    Death,
    Dying,
    Expect,
    Judgement,
    Judging,
    Occasion,
    Point,
    SkillUse,
    Window,
)
from engine.modes import MODES, Mode, mode_named
from engine.moves import (
    Chain,
    Choose,
    Damage,
    Deal,
    Die,
    Discard,
    Draw,
    End,
    ExtraTurn,
    Flip,
    Forced,
    General,
    Give,
    Heal,
    Judge,
    LoseHp,
    Mark,
    MaxHp,
    Move,
    MoveCards,
    Next,
    Pass,
    Recast,
    Respond,
    Reveal,
    RoleReveal,
    Setup,
    Show,
    Shuffle,
    Skill,
    Skip,
    Take,
    Use,
)
from engine.registry import AT_POINT, RULES, rule_name
from engine.settlement import (
    SHA,
    armour_ignored,
    check_victory,
    close_ask,
    heal,
    helped,
    in_range_for_collateral,
    lose_hp,
    push,
    replace_top,
    settle,
    watch_hands,
)
from engine.state import TURN_PHASES, GameState, Phase, Role, Seat, evolve
from engine.table import GameOver, IllegalMove, Table, describe_zone
from engine.windows import decline, may_open, offers, owned_anywhere

Handler = Callable[[Ctx, Move], None]

PACKAGES = {p.value: p for p in Package}


def apply(state: GameState, move: Move) -> GameState:
    """The state after ``move``; raises IllegalMove (state unchanged) if it is refused."""
    # Exact type tests: moves are final classes, and isinstance on an ABC costs more.
    forced = type(move) is Forced
    inner = move.move if forced else move  # type: ignore[attr-defined]
    if type(inner) is Setup:
        if state.mode and not forced:
            raise IllegalMove("this game is set up already: setup is the first move only")
        return _setup(inner, forced)
    if not state.mode:
        raise IllegalMove("no game yet: the first move is setup")
    if state.over and type(inner) not in (End, RoleReveal):
        raise IllegalMove(f"the game is over ({describe_winner(state.winner)})")
    mode = mode_named(state.mode)
    assert mode is not None
    _check_card_ids(inner)
    table = Table(state)
    if state.variant:  # only a variant ends on reshuffles (国际版); most games skip the call
        table.shuffle_end = mode.shuffle_end(state)
    ctx = Ctx(table, mode, forced)
    handler = HANDLERS.get(type(inner))
    if handler is None:
        raise IllegalMove(f"{inner.verb} is not handled")
    if type(inner) in CLEARS_SKILL_CONTEXT:
        table.skill_context = ""
    try:
        if not _HAND_KEYS.isdisjoint(table.owned_union or owned_anywhere(table)):
            watch_hands(table)  # note hand sizes before the move (连营)
        if table.stack and type(table.stack[-1]) is Window and not _answers_window(ctx, inner):
            # The table moved on: the windows close unused, and the turn goes on by
            # itself past a phase that only waited for them (a new phase's window too).
            phase = table.turn.phase
            for _ in range(8):
                _close_windows(ctx, None if type(inner) is Next else inner)
                if not table.stack:
                    _after_settling(ctx)
                top = table.stack[-1] if table.stack else None
                if type(top) is not Window or _answers_window(ctx, inner):
                    break
            if type(inner) is Next and (table.stack or table.turn.phase is not phase):
                return table.freeze()  # "nobody uses anything" was all `next` meant
        handler(ctx, inner)
        settle(ctx)
        _after_settling(ctx)
    except GameOver:
        _game_over(table)
    return table.freeze()


def _answers_window(ctx: Ctx, move: Move) -> bool:
    """Whether ``move`` is an answer to the window on top: a skill it offers, a decline,
    or (青龙偃月刀) the Sha the window waits for."""
    t = ctx.table
    window = t.stack[-1]
    assert isinstance(window, Window)
    if type(move) is Pass:
        return move.seat is None or move.seat in window.seats
    if type(move) is Skill:
        return move.seat in window.seats and move.skill in offers(
            t, window.point, move.seat, t.stack[-2], window.declined
        )
    if type(move) is Use:
        return move.seat in window.seats and "blade" in offers(
            t, window.point, move.seat, t.stack[-2], window.declined
        )
    return False


def _close_windows(ctx: Ctx, move: Move | None) -> None:
    """Every window on top closes unused, until the settlement waits for something else
    (or for a window ``move`` answers)."""
    t = ctx.table
    while t.stack and isinstance(t.stack[-1], Window):
        if move is not None and _answers_window(ctx, move):
            return
        t.stack.pop()
        settle(ctx)


CLEARS_SKILL_CONTEXT = frozenset({Use, Respond, Pass, Next, End, Skip})
_HAND_KEYS = AT_POINT.get(Point.HAND_EMPTIED, frozenset())


def _free(ctx: Ctx, what: str) -> None:
    """A move nothing pending asks for: allowed while a skill's effects are entered."""
    if not ctx.table.skill_context:
        ctx.refuse(
            f"{what} now needs a skill that does it: record 'skill SEAT KEY' first, or force it"
        )


_CATALOGUE_SIZE = len(standard_catalogue().cards)


def _check_card_ids(move: Move) -> None:
    """Every card a move names exists (ids are 1..160)."""
    kind = type(move)
    fields = _CARD_FIELDS.get(kind)
    if fields is None:
        names = getattr(kind, "__dataclass_fields__", {})
        fields = _CARD_FIELDS[kind] = ("cards" in names, "card" in names)
    if not (fields[0] or fields[1]):
        return
    ids: tuple[int, ...] = move.cards if fields[0] else ()  # type: ignore[attr-defined]
    single = move.card if fields[1] else None  # type: ignore[attr-defined]
    if type(single) is int:
        ids = (*ids, single)
    if ids and not (min(ids) >= 1 and max(ids) <= _CATALOGUE_SIZE):
        bad = next(c for c in ids if not 1 <= c <= _CATALOGUE_SIZE)
        raise IllegalMove(f"there is no card #{bad} (cards are #1-#{_CATALOGUE_SIZE})")


# per move class: whether it has a ``cards`` and a ``card`` field
_CARD_FIELDS: dict[type, tuple[bool, bool]] = {}


def describe_winner(winner: str | None) -> str:
    return {
        None: "no winner yet",
        "draw": "a draw",
        "lord": "the lord and loyalists win",
        "loyalist": "the loyalists win",
        "rebel": "the rebels win",
        "renegade": "the renegade wins",
        "warm": "the warm side (暖色方) wins",
        "cold": "the cold side (冷色方) wins",
        "careerist": "the careerist (野心家) wins",
        "wei": "魏 (wei) wins",
        "shu": "蜀 (shu) wins",
        "wu": "吴 (wu) wins",
        "qun": "群 (qun) wins",
    }.get(winner, f"{winner} wins")


def _game_over(t: Table) -> None:
    t.stack.clear()
    t.set_turn(phase=Phase.OVER)


# ---------------------------------------------------------------- setup


def _setup(m: Setup, forced: bool) -> GameState:
    mode = mode_named(m.mode)
    if mode is None:
        raise IllegalMove(f"unknown mode {m.mode!r} (modes: {', '.join(sorted(_mode_names()))})")
    problem = mode.check_setup(m.players, m.variant)
    if problem:
        raise IllegalMove(problem)
    unknown = [p for p in m.packages if p not in PACKAGES]
    if unknown:
        raise IllegalMove(f"unknown card package {unknown[0]!r} (standard, ex, maneuvering)")
    if "standard" not in m.packages:
        raise IllegalMove("the standard package is always in the deck")
    packages = tuple(PACKAGES[p] for p in m.packages)
    deck = frozenset(c.id for c in standard_catalogue().cards if c.package in packages)
    seats = tuple(Seat(seat=n) for n in range(1, m.players + 1))
    fixed = mode.fixed_roles(m.players)
    seats = tuple(evolve(s, role=fixed.get(s.seat)) for s in seats)
    return GameState(
        mode=m.mode,
        players=m.players,
        variant=m.variant,
        packages=packages,
        deck=deck,
        seats=seats,
        draw_pile=len(deck),
    )


def _mode_names() -> list[str]:
    return list(MODES)


def _in_setup(ctx: Ctx, what: str) -> None:
    if ctx.table.turn.phase is not Phase.SETUP:
        raise IllegalMove(f"{what} only during setup, before the first turn")


def _general(ctx: Ctx, m: Move) -> None:
    assert isinstance(m, General)
    t = ctx.table
    _in_setup(ctx, "generals are chosen")
    s = t.seat(m.seat)
    catalogue = standard_catalogue()
    generals = []
    for key in m.generals:
        try:
            generals.append(catalogue.general(key))
        except KeyError:
            raise IllegalMove(f"unknown general {key!r}") from None
    want = ctx.mode.generals_per_seat
    if len(generals) != want:
        ctx.refuse(f"{ctx.mode.name}: each seat takes {want} general(s), not {len(generals)}")
    if ctx.mode.same_kingdom_generals:
        kingdoms = {g.kingdom for g in generals}
        ctx.require(len(kingdoms) == 1, "both generals must be of the same kingdom")
    taken = {g for other in t.seats if other.seat != m.seat for g in other.generals}
    for g in generals:
        if g.key in taken:
            ctx.refuse(f"{g.name} is already at the table")
    keys = tuple(g.key for g in generals)
    hidden = keys if m.hidden else keys[1:] if ctx.mode.reserves else ()
    s = evolve(s, generals=keys, hidden=hidden, kingdom=generals[0].kingdom.value)
    max_hp = ctx.mode.max_hp(t, s, tuple(generals))
    t.set_seat(evolve(s, max_hp=max_hp, hp=max_hp))


def _role(ctx: Ctx, m: Move) -> None:
    assert isinstance(m, RoleReveal)
    t = ctx.table
    try:
        role = Role(m.role)
    except ValueError:
        names = ", ".join(r.value for r in Role)
        raise IllegalMove(f"unknown role {m.role!r} ({names})") from None
    s = t.seat(m.seat)
    if s.role not in (None, role):
        ctx.refuse(f"seat {m.seat} is already known to be {s.role.value if s.role else ''}")
    table = ctx.mode.role_table(t.players, t.base.variant)
    if table:
        known = sum(1 for other in t.seats if other.role is role and other.seat != m.seat)
        if known >= table[role]:
            ctx.refuse(f"a {t.players}-player game has only {table[role]} {role.value}(s)")
    top = t.stack[-1] if t.stack else None
    waiting = isinstance(top, Expect) and top.what == "role" and top.seat == m.seat
    if role is not Role.LORD and t.turn.phase is not Phase.OVER and s.alive and not waiting:
        ctx.refuse(f"seat {m.seat}'s role stays hidden until death or the end of the game")
    became_lord = role is Role.LORD and s.role is not Role.LORD
    s = evolve(s, role=role)
    if became_lord and s.generals and t.players >= 5 and ctx.mode.name == "identity":
        s = evolve(s, max_hp=s.max_hp + 1, hp=s.hp + 1)
    t.set_seat(s)
    if waiting:
        t.stack.pop()
    if t.turn.phase is Phase.OVER:
        return


def _reveal(ctx: Ctx, m: Move) -> None:
    assert isinstance(m, Reveal)
    t = ctx.table
    s = t.seat(m.seat)
    if not s.alive:
        ctx.refuse(f"seat {m.seat} is dead")
    if m.general not in s.hidden:
        ctx.refuse(f"seat {m.seat} has no face-down general {m.general!r}")
    if len(s.hidden) == len(s.generals):
        side = ctx.mode.side_on_reveal(t, m.seat)
        s = evolve(s, kingdom=side)
    t.set_seat(evolve(s, hidden=tuple(g for g in s.hidden if g != m.general)))
    check_victory(ctx)


def _deal(ctx: Ctx, m: Move) -> None:
    t = ctx.table
    _in_setup(ctx, "the starting hands are dealt")
    missing = [s.seat for s in t.seats if not s.generals]
    if missing:
        ctx.refuse(f"seat {missing[0]} has no general yet")
    if ctx.mode.roles_hidden:
        ctx.require(
            any(s.role is Role.LORD for s in t.seats),
            "the lord reveals the role first (role N lord)",
        )
    ctx.require(all(s.hand_count == 0 for s in t.seats), "the starting hands were dealt already")
    for s in t.seats:
        t.draw_unknown(s.seat, ctx.mode.starting_hand_of(t, s.seat))


# ---------------------------------------------------------------- turns and phases


def _next(ctx: Ctx, m: Move) -> None:
    t = ctx.table
    _require_no_settlement(ctx, "move on")
    phase = t.turn.phase
    if phase is Phase.SETUP:
        ctx.require(all(s.hand_count > 0 for s in t.seats), "deal the starting hands first (deal)")
        _start_turn(ctx, ctx.mode.first_seat(t), 1)
    else:
        if phase is Phase.DISCARD:
            _check_discard_done(ctx)
        _advance(ctx)
    _auto_advance(ctx)


def _require_no_settlement(ctx: Ctx, what: str) -> None:
    t = ctx.table
    if t.stack:
        ctx.refuse(f"cannot {what}: {waiting_for(t.stack[-1])}")
        t.stack.clear()


def waiting_for(frame: object) -> str:
    if isinstance(frame, Window):
        return f"seat {frame.asked} may use a skill now ({frame.point.value}), or pass"
    if isinstance(frame, Ask):
        if frame.anyone:
            return f"anyone may use 无懈可击 against {frame.reason} (or pass)"
        want = kind(frame.want).name if frame.want in _KINDS else frame.want
        return f"seat {frame.asked} is asked for {want} ({frame.reason})"
    if isinstance(frame, Expect):
        return f"waiting for seat {frame.seat}: {frame.reason}"
    return "a settlement is in progress"


_KINDS = standard_catalogue().kinds


def _check_discard_done(ctx: Ctx) -> None:
    t = ctx.table
    seat = t.turn.seat
    s = t.seat(seat)
    if not s.alive:
        return
    limit = hand_limit_value(t, seat)
    if s.hand_count <= limit:
        return
    if _may_skip_discard(t, s):
        return
    excess = s.hand_count - limit
    ctx.refuse(
        f"seat {seat} must discard {excess} more card{'s' if excess > 1 else ''} "
        f"(hand {s.hand_count}, limit {limit})"
    )


def _may_skip_discard(t: Table, s: Seat) -> bool:
    for _, effect in effects_of(s):
        if (
            isinstance(effect, SkipDiscard)
            and effect.condition is SkipCondition.NO_SHA_THIS_TURN
            and not t.turn.sha_this_turn
        ):
            return True
    return False


def _advance(ctx: Ctx) -> None:
    """From the current phase to the next one not skipped, or to the next turn."""
    t = ctx.table
    phase = t.turn.phase
    if not t.seats[t.turn.seat - 1].alive:
        _end_turn(ctx)
        return
    for following in _FOLLOWING[phase]:
        if following in t.turn.skips:
            continue
        _enter_phase(ctx, following)
        return
    _end_turn(ctx)


_FOLLOWING = {phase: TURN_PHASES[i + 1 :] for i, phase in enumerate(TURN_PHASES)}


def _end_turn(ctx: Ctx) -> None:
    """The next turn: an extra turn owed first; then the normal order resumes from
    the seat whose own turn came last (an extra turn does not move the order on)."""
    t = ctx.table
    normal = t.turn.resume or t.turn.seat
    if t.extra_turns:
        seat, t.extra_turns = t.extra_turns[0], t.extra_turns[1:]
        _start_turn(ctx, seat, t.turn.number + 1, resume=normal)
        return
    _start_turn(ctx, ctx.mode.next_seat(t, normal), t.turn.number + 1)


def _start_turn(ctx: Ctx, seat: int, number: int, resume: int = 0) -> None:
    t = ctx.table
    for _ in range(len(t.seats) * 2):
        s = t.seat(seat)
        if s.alive and s.flipped:
            t.set_seat(evolve(s, flipped=False))
            seat = ctx.mode.next_seat(t, seat)
            number += 1
            continue
        break
    t.reset_turn(seat, number)
    if resume:
        t.set_turn(resume=resume)
    _enter_phase(ctx, Phase.START)


_PHASE_POINTS = {
    Phase.START: Point.TURN_START,
    Phase.PREPARATION: Point.PREPARATION,
    Phase.JUDGEMENT: Point.JUDGEMENT_PHASE,
    Phase.DRAW: Point.DRAW_START,
    Phase.PLAY: Point.PLAY_START,
    Phase.DISCARD: Point.DISCARD_START,
    Phase.END: Point.END_PHASE,
}


def _enter_phase(ctx: Ctx, phase: Phase) -> None:
    t = ctx.table
    if phase is Phase.PLAY:
        t.set_turn(phase=phase, sha_used=0, skill_uses=())
    else:
        t.set_turn(phase=phase)
    seat = t.turn.seat
    if phase is Phase.JUDGEMENT:
        for delayed in t.seat(seat).judgement:  # the last placed ends on top: judged first
            push(t, Judging(seat, delayed.card, delayed.kind))
    elif phase is Phase.DRAW:
        counts = _draw_counts(ctx, seat)
        if counts and counts != (0,):
            push(t, Expect("draw", seat, "draw phase: draw your cards", counts=counts))
    point = _PHASE_POINTS[phase]
    if may_open(t, point, seat):  # the phase's own window goes first (洛神, 观星, 闭月 ...)
        push(t, Occasion(point, seat))


def _draw_counts(ctx: Ctx, seat: int) -> tuple[int, ...]:
    t = ctx.table
    base = ctx.mode.draw_count(t, seat)
    options = {base}
    for _, effect in effects_of(t.seat(seat)):
        if isinstance(effect, DrawPhase):
            if effect.optional:
                options |= {n + effect.delta for n in options}
            else:
                options = {n + effect.delta for n in options}
    return tuple(sorted(n for n in options if n >= 0))


def _auto_advance(ctx: Ctx) -> None:
    """Pass over phases where nothing can happen, stopping where a player acts."""
    t = ctx.table
    for _ in range(64):
        settle(ctx)
        if t.stack or t.turn.phase in (Phase.PLAY, Phase.OVER, Phase.SETUP):
            return
        phase = t.turn.phase
        s = t.seats[t.turn.seat - 1]
        if not s.alive:
            _end_turn(ctx)
            continue
        if phase is Phase.DISCARD:
            limit = hand_limit_value(t, s.seat)
            if s.hand_count > limit and not _may_skip_discard(t, s):
                return
        if _has_phase_skill(s, phase):
            return
        _advance(ctx)


_PHASE_TIMINGS = {
    Phase.PREPARATION: "preparation_phase",
    Phase.DISCARD: "discard_phase",
    Phase.END: "end_phase",
}


def _has_phase_skill(s: Seat, phase: Phase) -> bool:
    """Whether the seat has a skill the engine does not settle that is used in this
    phase: the phase then waits for it (skills with rules open their own window).

    The discard phase never waits for one: 克己 only matters when there is
    something to discard, and the discard check sees to that.
    """
    timing = _PHASE_TIMINGS.get(phase)
    if timing is None or phase is Phase.DISCARD:
        return False
    return timing in _timings(s.generals, s.hidden, s.role is Role.LORD)


@cache
def _timings(generals: tuple[str, ...], hidden: tuple[str, ...], lord: bool) -> frozenset[str]:
    catalogue = standard_catalogue()
    return frozenset(
        skill.timing.value
        for g in generals
        if g not in hidden
        for skill in catalogue.general(g).skills
        if (lord or not skill.lord) and skill.key not in RULES
    )


def _after_settling(ctx: Ctx) -> None:
    """When the stack empties: a dead current player's turn ends; a judgement or
    draw phase whose work is done moves on by itself."""
    t = ctx.table
    if t.stack:
        return
    phase = t.turn.phase
    if phase is Phase.SETUP or phase is Phase.OVER:
        return
    current = t.seats[t.turn.seat - 1]
    if not current.alive:
        _end_turn(ctx)
        _auto_advance(ctx)
    elif phase in _MOVING_ON or (phase in _PASSING_PHASES and not _has_phase_skill(current, phase)):
        _advance(ctx)
        _auto_advance(ctx)


# Phases where nobody acts but through windows: once settled, the turn goes on.
_PASSING_PHASES = frozenset({Phase.START, Phase.PREPARATION, Phase.END})
# Phases whose work is done once the stack is empty.
_MOVING_ON = frozenset({Phase.JUDGEMENT, Phase.DRAW})


def _skip(ctx: Ctx, m: Move) -> None:
    assert isinstance(m, Skip)
    t = ctx.table
    try:
        phase = Phase(m.phase)
    except ValueError:
        raise IllegalMove(f"unknown phase {m.phase!r}") from None
    if phase not in TURN_PHASES:
        ctx.refuse(f"{m.phase} is not a phase of a turn")
    if not (
        TURN_PHASES.index(phase) > TURN_PHASES.index(t.turn.phase)
        if t.turn.phase in TURN_PHASES
        else False
    ):
        ctx.refuse(f"the {m.phase} phase is not still to come this turn")
    t.set_turn(skips=t.turn.skips | {phase})


def _extra_turn(ctx: Ctx, m: Move) -> None:
    assert isinstance(m, ExtraTurn)
    t = ctx.table
    if not t.seat(m.seat).alive:
        ctx.refuse(f"seat {m.seat} is dead")
    t.extra_turns = (*t.extra_turns, m.seat)


# ---------------------------------------------------------------- card helpers


def _conversion(ctx: Ctx, seat: int, cards: tuple[int, ...], as_kind: str) -> bool:
    """Whether a skill (or 丈八蛇矛) lets ``seat`` use ``cards`` as ``as_kind``."""
    t = ctx.table
    s = t.seat(seat)
    if (
        len(cards) == 2
        and as_kind == "sha"
        and s.weapon is not None
        and card(s.weapon).key == "spear"
    ):
        return all(t.where.get(c) != f"equip:{seat}" for c in cards)
    if len(cards) != 1:
        return False
    c = card(cards[0])
    if (
        as_kind == "fire_sha"
        and c.key == "sha"
        and s.weapon is not None
        and card(s.weapon).key == "fan"
    ):
        return True  # 朱雀羽扇: an ordinary Sha used as a fire Sha
    in_equipment = t.where.get(cards[0]) == f"equip:{seat}"
    for _, effect in effects_of(s):
        if (
            isinstance(effect, AsCard)
            and effect.card == as_kind
            and effect.fits(c, in_equipment, t.turn.seat == seat)
        ):
            return True
    return False


def _used_kind(ctx: Ctx, seat: int, cards: tuple[int, ...], as_kind: str | None) -> str:
    """The kind the cards count as; checks a conversion is allowed."""
    if as_kind is not None and as_kind not in _KINDS:
        raise IllegalMove(f"unknown card kind {as_kind!r}")
    if not cards:
        assert as_kind is not None
        ctx.refuse(f"a virtual {kind(as_kind).name} needs a skill (use 'skill' first, or force it)")
        return as_kind
    if as_kind is None or (len(cards) == 1 and card(cards[0]).key == as_kind):
        if len(cards) != 1:
            raise IllegalMove("several cards are used as one card only with 'as KIND'")
        return card(cards[0]).key
    if not _conversion(ctx, seat, cards, as_kind):
        ctx.refuse(
            f"seat {seat} has no skill to use {'+'.join(card(c).name for c in cards)} "
            f"as {kind(as_kind).name}"
        )
    return as_kind


def _sources(ctx: Ctx, seat: int, cards: tuple[int, ...]) -> list[str]:
    return [possess(ctx, seat, c, ("hand", "equipment")) for c in cards]


# ---------------------------------------------------------------- using cards


def _use(ctx: Ctx, m: Move) -> None:
    assert isinstance(m, Use)
    t = ctx.table
    seat = m.seat
    user = t.seat(seat)
    if not user.alive:
        ctx.refuse(f"seat {seat} is dead")
    top = t.stack[-1] if t.stack else None
    if isinstance(top, Window) and _answers_window(ctx, m):  # 青龙偃月刀: another Sha
        _blade_sha(ctx, m, top)
        return
    if (
        isinstance(top, Ask)
        and top.want == "sha"
        and top.for_seat
        and not top.helping
        and top.asked == seat
    ):
        # 借刀杀人: the wielder uses a Sha on the named victim.
        if m.targets not in ((), (top.for_seat,)):
            ctx.refuse(
                f"借刀杀人: the Sha goes to seat {top.for_seat}, "
                f"not {','.join(map(str, m.targets))}"
            )
        _respond(ctx, Respond(seat, m.cards, m.as_kind))
        return
    if t.turn.phase is Phase.SETUP:
        raise IllegalMove("the game has not started: 'deal' then 'next'")
    if t.turn.seat != seat:
        ctx.refuse(f"it is seat {t.turn.seat}'s turn, not seat {seat}'s")
    if t.turn.phase is not Phase.PLAY:
        ctx.refuse(f"cards are used in the play phase (now: {t.turn.phase.value})")
    _require_no_settlement(ctx, "use a card now")
    sources = _sources(ctx, seat, m.cards)
    used = _used_kind(ctx, seat, m.cards, m.as_kind)
    card_kind = kind(used)
    if card_kind.type is CardType.EQUIPMENT:
        for c in m.cards:
            if t.where.get(c) == f"equip:{seat}":
                ctx.refuse(f"{card(c)} is equipped already")
    targets = _targets_for(ctx, seat, card_kind, m.targets, m.cards)
    if card_kind.is_sha:
        left = sha_uses_left(t, seat, m.cards)
        ctx.require(
            left is None or left > 0,
            "one Sha per play phase: already used (咆哮 or 诸葛连弩 lift the limit)",
        )
    if used == "jiu":
        ctx.require(t.turn.jiu_used == 0, "酒 once per turn")
    if used == "tao" and not user.wounded:
        ctx.refuse(f"seat {seat} is not wounded (HP {user.hp}/{user.max_hp})")
    if used in ("shan", "nullification"):
        ctx.refuse(f"{card_kind.name} is only used in response")
    for c, source in zip(m.cards, sources, strict=True):
        lift_from(ctx, seat, c, source)
    # Where the cards go: equipment to its slot, a delayed trick to the judgement zone.
    if card_kind.type is CardType.EQUIPMENT:
        assert len(m.cards) == 1
        t.put(m.cards[0], f"equip:{seat}")
        return
    if card_kind.type is CardType.DELAYED_TRICK:
        assert len(m.cards) == 1
        t.put(m.cards[0], f"judge:{targets[0]}", as_kind=used)
        return
    for c in m.cards:
        t.put(c, "processing")
    bonus = 0
    if card_kind.is_sha:
        t.set_turn(sha_used=t.turn.sha_used + 1, sha_this_turn=True)
        if t.turn.drunk:
            bonus = 1
            t.set_turn(drunk=False)
    if used == "jiu":
        t.set_turn(jiu_used=t.turn.jiu_used + 1)
    push(t, CardUse(seat, used, m.cards, targets, bonus=bonus))


def _blade_sha(ctx: Ctx, m: Use, window: Window) -> None:
    t = ctx.table
    dodged = t.stack[-2]
    assert isinstance(dodged, CardUse)
    target = dodged.target
    if m.targets not in ((), (target,)):
        raise IllegalMove(f"青龙偃月刀: the Sha goes to seat {target} again")
    sources = _sources(ctx, m.seat, m.cards)
    used = _used_kind(ctx, m.seat, m.cards, m.as_kind)
    if used not in SHA:
        raise IllegalMove(f"青龙偃月刀 follows up with a Sha, not {kind(used).name}")
    for c, source in zip(m.cards, sources, strict=True):
        lift_from(ctx, m.seat, c, source)
        t.put(c, "processing")
    replace_top(t, evolve(window, declined=window.declined | {f"{m.seat}:blade"}))
    t.set_turn(sha_this_turn=True)
    push(t, CardUse(m.seat, used, m.cards, (target,), counts_for_limit=False))


def _targets_for(
    ctx: Ctx, seat: int, card_kind: CardKind, given: tuple[int, ...], cards: tuple[int, ...]
) -> tuple[int, ...]:
    t = ctx.table
    mode = card_kind.target
    state = t  # derived quantities read the working table directly
    for target in given:
        t.seat(target)
    if mode is Target.SELF:
        if given not in ((), (seat,)):
            ctx.refuse(f"{card_kind.name} is used on yourself")
        return (seat,)
    if mode in (Target.ALL_OTHERS, Target.ALL):
        order = t.order_from(seat)
        everyone = tuple(s for s in order if mode is Target.ALL or s != seat)
        if given not in ((), everyone):
            ctx.refuse(f"{card_kind.name} targets everyone in order: {everyone}")
        # Untargetable seats (e.g. 空城 is not, but later skills are) drop out.
        return tuple(s for s in everyone if check_target(state, seat, card_kind, s, cards).legal)
    if card_kind.key == "collateral":
        ctx.require(len(given) == 2, "借刀杀人 names two seats: the wielder, then the Sha's target")
        if len(given) == 2:
            check = check_target(state, seat, card_kind, given[0], cards)
            if not check.legal:
                ctx.refuse(f"seat {given[0]}: {check.reason}")
            if not (in_range_for_collateral(t, given[0], given[1]) and given[1] != given[0]):
                ctx.refuse(f"seat {given[1]} is not in seat {given[0]}'s attack range")
        return given
    if mode is Target.UP_TO_TWO:
        if not (1 <= len(given) <= 2 and len(set(given)) == len(given)):
            ctx.refuse(f"{card_kind.name} takes one or two targets")
    elif not given:
        ctx.refuse(f"{card_kind.name} needs a target: add '-> N'")
    elif card_kind.is_sha and _halberd(t, seat, cards):
        ctx.require(
            len(given) <= 3 and len(set(given)) == len(given),
            "方天画戟: a Sha that is the last hand card takes up to three targets",
        )
    else:
        if len(given) != 1:
            ctx.refuse(f"{card_kind.name} takes one target, not {len(given)}")
    for target in given:
        check = check_target(state, seat, card_kind, target, cards)
        if not check.legal:
            ctx.refuse(f"seat {target}: {check.reason}")
    if len(given) < 2:
        return given
    # Several targets settle one by one in seat order from the user.
    order = t.order_from(seat)
    return tuple(sorted(given, key=lambda s: order.index(s) if s in order else len(order)))


def _halberd(t: Table, seat: int, cards: tuple[int, ...]) -> bool:
    """方天画戟: the Sha is made of every card left in the hand (the last hand cards)."""
    s = t.seat(seat)
    if s.weapon is None or card(s.weapon).key != "halberd":
        return False
    own_hand = f"hand:{seat}"
    from_hand = sum(1 for c in cards if t.where.get(c, own_hand) == own_hand)
    return from_hand > 0 and from_hand == s.hand_count


# ---------------------------------------------------------------- responding


_RESPONSE_KINDS = {
    "shan": ("shan",),
    "sha": ("sha", "fire_sha", "thunder_sha"),
    "nullification": ("nullification",),
    "tao": ("tao", "jiu"),
}


def _respond(ctx: Ctx, m: Move) -> None:
    assert isinstance(m, Respond)
    t = ctx.table
    top = t.stack[-1] if t.stack else None
    if not isinstance(top, Ask):
        ctx.require(False, "nobody is being asked to respond now")
        return
    seat = m.seat
    if top.anyone:
        if seat not in top.seats:
            ctx.refuse(f"seat {seat} cannot respond now")
        if seat in top.passed:
            ctx.refuse(f"seat {seat} passed on this already (004 §8)")
    else:
        if seat != top.asked:
            ctx.refuse(f"seat {top.asked} is asked, not seat {seat}")
    sources = _sources(ctx, seat, m.cards)
    used = _used_kind(ctx, seat, m.cards, m.as_kind)
    allowed = _RESPONSE_KINDS.get(top.want, (top.want,))
    if used not in allowed:
        ctx.refuse(f"{kind(used).name} does not answer a request for {kind(top.want).name}")
    if used == "jiu":
        ctx.require(seat == top.for_seat, "酒 saves only the dying drinker")
    for c, source in zip(m.cards, sources, strict=True):
        lift_from(ctx, seat, c, source)
        t.put(c, "processing")
    if top.helping:  # 护驾 / 激将: the card answers for another seat
        t.stack.pop()
        helped(ctx, top, m.cards, used)
        return
    if top.want == "sha" and top.for_seat:  # 借刀杀人: a Sha used on the victim
        t.stack.pop()
        below = t.stack[-1]
        assert isinstance(below, CardUse)
        replace_top(t, evolve(below, step=below.step + 1, answered=True))
        push(t, CardUse(seat, used, m.cards, (top.for_seat,), counts_for_limit=False))
        return
    for c in m.cards:
        t.move(c, "discard")
    if used in SHA and seat == t.turn.seat:
        t.set_turn(sha_this_turn=True)
    if top.want == "nullification":
        replace_top(t, evolve(top, got=top.got + 1, passed=frozenset()))
        if Point.DECLARE in AT_POINT:  # a trick used in response (集智)
            push(t, Occasion(Point.DECLARE, seat, m.cards))
        return
    if top.want == "tao":
        healed = heal(t, top.for_seat, 1 + _rescue_bonus(t, seat, top.for_seat, used))
        ctx.require(healed > 0 or ctx.forced, "nothing to heal")
        dying = t.seat(top.for_seat)
        if dying.hp > 0:
            close_ask(ctx, top, True)
        else:
            replace_top(t, evolve(top, got=top.got + 1))
        return
    got = top.got + 1
    if got >= top.need:
        close_ask(ctx, evolve(top, got=got), True)
    else:  # one more is needed (无双): 八卦阵 may be tried for it
        replace_top(t, evolve(top, got=got, judged=False))


def _rescue_bonus(t: Table, seat: int, dying: int, used: str) -> int:
    """救援 (孙权, lord skill, compulsory): another 吴 seat's 桃 on the dying lord heals 1 more."""
    lord = t.seat(dying)
    if used != "tao" or seat == dying or t.seat(seat).kingdom != "wu":
        return 0
    return 1 if "jiuyuan" in owned_keys(lord) else 0


def _pass(ctx: Ctx, m: Move) -> None:
    assert isinstance(m, Pass)
    t = ctx.table
    top = t.stack[-1] if t.stack else None
    if isinstance(top, Window):
        decline(t, top, m.seat)
        return
    if isinstance(top, Expect) and top.what in _PASSABLE_EXPECTS:
        if m.seat not in (None, top.seat):
            ctx.refuse(f"seat {top.seat} decides, not seat {m.seat}")
        t.stack.pop()
        _PASSABLE_EXPECTS[top.what](ctx, top)
        return
    if not isinstance(top, Ask):
        ctx.require(False, "nothing to pass on: nobody is being asked")
        return
    if m.seat is None:
        close_ask(ctx, top, top.got >= top.need)
        return
    if top.anyone:
        if m.seat not in top.seats:
            ctx.refuse(f"seat {m.seat} is not asked")
        passed = top.passed | {m.seat}
        if all(s in passed or not t.seat(s).alive for s in top.seats):
            close_ask(ctx, top, False)
        else:
            replace_top(t, evolve(top, passed=passed))
        return
    if m.seat != top.asked:
        ctx.refuse(f"seat {top.asked} is asked, not seat {m.seat}")
    if (top.want == "tao" or top.helping) and top.at + 1 < len(top.seats):
        replace_top(t, evolve(top, at=top.at + 1, opened=0))
        return
    close_ask(ctx, top, False)


def _fire_attack_declined(ctx: Ctx, expect: Expect) -> None:
    """火攻: the user discards nothing; no damage."""


def _ganglie_declined(ctx: Ctx, expect: Expect) -> None:
    """刚烈: the source does not discard two hand cards, so takes 1 damage from the owner."""
    push(ctx.table, DamageEvent(expect.seat, 1, None, expect.other, None))


def _cixiong_declined(ctx: Ctx, expect: Expect) -> None:
    """雌雄双股剑: the target does not discard, so the Sha's user draws 1."""
    ctx.table.draw_unknown(expect.other, 1)


_PASSABLE_EXPECTS: dict[str, Callable[[Ctx, Expect], None]] = {
    "fire_discard": _fire_attack_declined,
    "discard_or_damage": _ganglie_declined,
    "discard_or_draw": _cixiong_declined,
}


# ---------------------------------------------------------------- card movements


def _draw(ctx: Ctx, m: Move) -> None:
    assert isinstance(m, Draw)
    t = ctx.table
    if not t.seat(m.seat).alive:
        ctx.refuse(f"seat {m.seat} is dead")
    count = m.count + len(m.cards)
    top = t.stack[-1] if t.stack else None
    if isinstance(top, Expect) and top.what == "draw" and top.seat == m.seat:
        if count not in top.counts:
            ctx.refuse(
                f"seat {m.seat} draws {' or '.join(map(str, top.counts))} in the draw phase, "
                f"not {count}"
            )
        t.stack.pop()
        if count < max(top.counts) and "luoyi" in owned_keys(t.seat(m.seat)):
            t.set_turn(flags=t.turn.flags | {f"{m.seat}:luoyi"})  # 裸衣: drew one fewer
    else:
        _free(ctx, f"drawing {count} card{'s' if count > 1 else ''}")
    if m.count:
        t.draw_unknown(m.seat, m.count)
    if m.cards:
        t.draw_known(m.seat, m.cards)


def _discard(ctx: Ctx, m: Move) -> None:
    assert isinstance(m, Discard)
    t = ctx.table
    top = t.stack[-1] if t.stack else None
    zones: tuple[str, ...] = ("hand", "equipment")
    if isinstance(top, Expect) and top.what == "discard_one" and top.other == m.seat:
        zones = _zones(top.zones or "hej")
        if len(m.cards) + m.unknown != 1:
            ctx.refuse(f"{top.reason}: exactly one card")
        t.stack.pop()
    elif (
        isinstance(top, Expect)
        and top.what in ("discard_or_damage", "discard_or_draw")
        and top.seat == m.seat
    ):
        zones = ("hand",)
        need = top.counts[0] if top.counts else 1
        if len(m.cards) + m.unknown != need:
            ctx.refuse(f"{top.reason}: discard {need} hand card{'s' if need > 1 else ''}, or pass")
        t.stack.pop()
    elif isinstance(top, Expect) and top.what == "fire_discard" and top.seat == m.seat:
        ctx.require(
            len(m.cards) == 1 and not m.unknown, "火攻: discard one hand card of the shown suit"
        )
        if m.cards and card(m.cards[0]).suit.value != top.suit:
            ctx.refuse(f"火攻 needs a {top.suit} card")
        t.stack.pop()
        push(t, DamageEvent(top.other, 1, Element.FIRE, m.seat, "fire_attack"))
        zones = ("hand",)
    elif t.turn.phase is Phase.DISCARD and t.turn.seat == m.seat and not t.stack:
        zones = ("hand",)
    else:
        _free(ctx, "discarding")
    if t.turn.phase is Phase.DISCARD and zones == ("hand",) and t.turn.seat == m.seat:
        excess = t.seat(m.seat).hand_count - hand_limit_value(t, m.seat)
        if len(m.cards) + m.unknown > max(excess, 0):
            ctx.refuse(
                f"seat {m.seat} discards down to the hand limit: {max(excess, 0)} card(s), "
                f"not {len(m.cards) + m.unknown}"
            )
    sources = [possess(ctx, m.seat, c, zones) for c in m.cards]
    for c, source in zip(m.cards, sources, strict=True):
        lift_from(ctx, m.seat, c, source)
        t.put(c, "discard")
    if m.unknown:
        take_unseen(t, m.seat, m.unknown)
        t.discard_unknown += m.unknown


def _zones(letters: str) -> tuple[str, ...]:
    """'hej' -> the zone names of hand, equipment and judgement zone."""
    names = {"h": "hand", "e": "equipment", "j": "judge"}
    return tuple(names[letter] for letter in letters)


def _give(ctx: Ctx, m: Move) -> None:
    assert isinstance(m, Give)
    t = ctx.table
    ctx.require(m.seat != m.to, "giving to yourself changes nothing")
    _free(ctx, "giving cards")
    if not t.seat(m.to).alive:
        ctx.refuse(f"seat {m.to} is dead")
    transfer(ctx, m.seat, m.to, m.cards, m.unknown, ("hand", "equipment"))


def _take(ctx: Ctx, m: Move) -> None:
    assert isinstance(m, Take)
    t = ctx.table
    top = t.stack[-1] if t.stack else None
    zones: tuple[str, ...] = ("hand", "equipment")
    if isinstance(top, Expect) and top.what in ("take_one", "take_shown") and top.other == m.source:
        if top.what == "take_shown" and (len(m.cards) != 1 or m.unknown):
            raise IllegalMove(f"{top.reason}: name the card shown (#id)")
        if top.seat != m.seat:
            ctx.refuse(f"seat {top.seat} takes the card, not seat {m.seat}")
        if len(m.cards) + m.unknown != 1:
            ctx.refuse(f"{top.reason}: exactly one card")
        zones = _zones(top.zones or "hej")
        t.stack.pop()
        below = t.stack[-1] if t.stack else None
        if isinstance(below, SkillUse):  # 反间 reads the card taken
            replace_top(t, evolve(below, value=m.cards[0] if m.cards else 0))
    else:
        _free(ctx, "taking cards")
    ctx.require(m.seat != m.source, "taking from yourself changes nothing")
    transfer(ctx, m.source, m.seat, m.cards, m.unknown, zones)


def _move_cards(ctx: Ctx, m: Move) -> None:
    assert isinstance(m, MoveCards)
    t = ctx.table
    top = t.stack[-1] if t.stack else None
    if isinstance(top, Expect) and top.what == "reveal" and m.to == "processing":
        if len(m.cards) not in top.counts:
            ctx.refuse(f"五谷丰登 turns over {top.counts[0]} cards")
        t.stack.pop()
        if m.source in (None, "pile"):
            t.ensure_pile(len(m.cards))
        for c in m.cards:
            t.move(c, "processing", source=m.source or "pile")
        return
    if isinstance(top, Expect) and top.what == "pick" and m.to == f"hand:{top.seat}":
        use = next((f for f in reversed(t.stack) if isinstance(f, CardUse)), None)
        own = use.cards if use is not None else ()
        ctx.require(
            len(m.cards) == 1
            and all(t.where.get(c) == "processing" and c not in own for c in m.cards),
            "五谷丰登: take one of the cards turned over",
        )
        t.stack.pop()
    else:
        _free(ctx, "moving cards")
    for c in m.cards:
        source = m.source
        if source is None and c not in t.where:
            ctx.refuse(f"{card(c)} is not known to be anywhere: say 'from ZONE'")
            source = "pile"
        t.move(c, m.to, source=source, as_kind=m.as_kind)


def _show(ctx: Ctx, m: Move) -> None:
    assert isinstance(m, Show)
    t = ctx.table
    sources = [possess(ctx, m.seat, c, ("hand",)) for c in m.cards]
    for c, source in zip(m.cards, sources, strict=True):
        if source != f"hand:{m.seat}" or t.where.get(c) is None:
            lift_from(ctx, m.seat, c, source)
            t.put(c, f"hand:{m.seat}")
    top = t.stack[-1] if t.stack else None
    if not (isinstance(top, Expect) and top.what == "show" and top.seat == m.seat):
        _free(ctx, "showing cards")
    if isinstance(top, Expect) and top.what == "show" and top.seat == m.seat:
        t.stack.pop()
        suit = card(m.cards[0]).suit
        push(
            t,
            Expect(
                "fire_discard",
                top.other,
                f"火攻: discard a {suit.value} hand card to deal 1 fire damage, or pass",
                other=m.seat,
                suit=suit.value,
            ),
        )


def _recast(ctx: Ctx, m: Move) -> None:
    assert isinstance(m, Recast)
    t = ctx.table
    if not card(m.card).kind.recastable:
        ctx.refuse(f"{card(m.card).name} cannot be recast")
    ctx.require(
        t.turn.seat == m.seat and t.turn.phase is Phase.PLAY, "recast in your own play phase"
    )
    source = possess(ctx, m.seat, m.card, ("hand",))
    lift_from(ctx, m.seat, m.card, source)
    t.put(m.card, "discard")
    t.draw_unknown(m.seat, 1)


def _judge(ctx: Ctx, m: Move) -> None:
    """A judgement card is turned over: for what is pending (a delayed trick, a
    skill's judgement), for 八卦阵 while a Shan is asked, or as a skill's own move."""
    assert isinstance(m, Judge)
    t = ctx.table
    t.check_in_deck(m.card)
    if m.card in t.where:
        ctx.refuse(
            f"{card(m.card)} cannot be the judgement card: "
            f"it is in {describe_zone(t.where.get(m.card, ''))}"
        )
    top = t.stack[-1] if t.stack else None
    expected = isinstance(top, Expect) and top.what == "judge" and top.seat == m.seat
    eight = (
        not expected
        and isinstance(top, Ask)
        and top.want == "shan"
        and not top.anyone
        and top.asked == m.seat
        and m.reason in (None, "eight_diagram")
    )
    if eight:
        assert isinstance(top, Ask)
        if not _eight_diagram_works(t, m.seat):
            ctx.refuse(f"seat {m.seat} has no 八卦阵")
        ctx.require(not _armour_ignored_by_asker(t), "青釭剑 ignores 八卦阵: answer with a Shan")
        ctx.require(not top.judged, "八卦阵 is tried once for each 闪 needed")
    elif not expected:
        _free(ctx, "a judgement")
    t.ensure_pile(1)
    if m.card in t.where:  # forced
        t.lift(m.card)
    else:
        t.lift(m.card, "pile")
    t.put(m.card, "processing")
    if expected:
        assert isinstance(top, Expect)
        t.stack.pop()
        push(t, Judgement(m.seat, m.card, top.reason))
    elif eight:
        assert isinstance(top, Ask)
        replace_top(t, evolve(top, judged=True))
        push(t, Judgement(m.seat, m.card, "eight_diagram"))
    elif t.where.get(m.card) == "processing":
        t.move(m.card, "discard")


def _eight_diagram_works(t: Table, seat: int) -> bool:
    armour = t.seat(seat).armour
    return armour is not None and card(armour).key == "eight_diagram"


def _armour_ignored_by_asker(t: Table) -> bool:
    """The Shan is asked for a Sha whose user's 青釭剑 ignores armour."""
    below = t.stack[-2] if len(t.stack) > 1 else None
    return isinstance(below, CardUse) and armour_ignored(t, below.user, below.kind)


# ---------------------------------------------------------------- HP and states


def _damage(ctx: Ctx, m: Move) -> None:
    assert isinstance(m, Damage)
    t = ctx.table
    if not t.seat(m.seat).alive:
        ctx.refuse(f"seat {m.seat} is dead")
    ctx.require(m.amount > 0, "damage is at least 1")
    _free(ctx, "damage")
    if m.source is not None:
        t.seat(m.source)
    push(t, DamageEvent(m.seat, m.amount, m.element, m.source, None))


def _heal(ctx: Ctx, m: Move) -> None:
    assert isinstance(m, Heal)
    t = ctx.table
    s = t.seat(m.seat)
    if not s.alive:
        ctx.refuse(f"seat {m.seat} is dead")
    ctx.require(m.amount > 0, "heal at least 1")
    if not s.wounded:
        ctx.refuse(f"seat {m.seat} is not wounded (HP {s.hp}/{s.max_hp})")
    _free(ctx, "healing")
    heal(t, m.seat, m.amount)


def _lose_hp(ctx: Ctx, m: Move) -> None:
    assert isinstance(m, LoseHp)
    if not ctx.table.seat(m.seat).alive:
        ctx.refuse(f"seat {m.seat} is dead")
    ctx.require(m.amount > 0, "lose at least 1 HP")
    _free(ctx, "losing HP")
    lose_hp(ctx, m.seat, m.amount)


def _max_hp(ctx: Ctx, m: Move) -> None:
    assert isinstance(m, MaxHp)
    t = ctx.table
    s = t.seat(m.seat)
    if not s.alive:
        ctx.refuse(f"seat {m.seat} is dead")
    ctx.require(m.delta != 0, "a change of 0 changes nothing")
    _free(ctx, "changing max HP")
    max_hp = s.max_hp + m.delta
    s = evolve(s, max_hp=max_hp, hp=min(s.hp, max_hp))
    t.set_seat(s)
    if max_hp <= 0:
        push(t, Death(m.seat, None))


def _chain(ctx: Ctx, m: Move) -> None:
    assert isinstance(m, Chain)
    t = ctx.table
    s = t.seat(m.seat)
    if not s.alive:
        ctx.refuse(f"seat {m.seat} is dead")
    if s.chained == m.chained:
        ctx.refuse(f"seat {m.seat} is already {'chained' if s.chained else 'unchained'}")
    _free(ctx, "chaining")
    t.set_seat(evolve(s, chained=m.chained))


def _flip(ctx: Ctx, m: Move) -> None:
    assert isinstance(m, Flip)
    t = ctx.table
    s = t.seat(m.seat)
    if not s.alive:
        ctx.refuse(f"seat {m.seat} is dead")
    _free(ctx, "flipping")
    t.set_seat(evolve(s, flipped=not s.flipped))


def _mark(ctx: Ctx, m: Move) -> None:
    assert isinstance(m, Mark)
    t = ctx.table
    s = t.seat(m.seat)
    marks = dict(s.marks)
    value = marks.get(m.name, 0) + m.delta
    if value < 0:
        ctx.refuse(f"seat {m.seat} has only {marks.get(m.name, 0)} {m.name} marks")
    _free(ctx, "marks")
    if value:
        marks[m.name] = value
    else:
        marks.pop(m.name, None)
    t.set_seat(evolve(s, marks=tuple(sorted(marks.items()))))


def _skill(ctx: Ctx, m: Move) -> None:
    assert isinstance(m, Skill)
    t = ctx.table
    s = t.seat(m.seat)
    if not s.alive:
        ctx.refuse(f"seat {m.seat} is dead")
    rule = RULES.get(m.skill)
    if rule is None or (ctx.forced and not _rule_applies(ctx, m)):
        _skill_by_hand(ctx, m)
        return
    name = rule_name(m.skill)
    if m.skill not in owned_keys(s):
        raise IllegalMove(f"seat {m.seat} has no {name} ({m.skill})")
    top = t.stack[-1] if t.stack else None
    if isinstance(top, Window):
        # Seats asked before this one let it pass: the table moved on to this seat.
        seats = top.seats[top.seats.index(m.seat) :]
        used = top.declined | {f"{m.seat}:{m.skill}"}
        replace_top(t, evolve(top, seats=seats, declined=used))
        rule.use(ctx, m, t.stack[-2])
        return
    if not rule.phases:
        ctx.refuse(f"{name} is not used now: {waiting_for(top) if top else 'nothing calls for it'}")
        return
    phases = " or ".join(p.value for p in sorted(rule.phases, key=TURN_PHASES.index))
    if t.turn.seat != m.seat or t.turn.phase not in rule.phases:
        raise IllegalMove(f"{name} is used in its owner's {phases} phase")
    if t.turn.phase is Phase.PLAY:
        _require_no_settlement(ctx, f"use {name} now")
    if rule.limit_per_phase:
        key = f"{m.seat}:{m.skill}"
        uses = dict(t.turn.skill_uses)
        if uses.get(key, 0) >= rule.limit_per_phase:
            ctx.refuse(f"{name} once per {t.turn.phase.value} phase: used already")
        uses[key] = uses.get(key, 0) + 1
        t.set_turn(skill_uses=tuple(sorted(uses.items())))
    rule.use(ctx, m, top)


def _rule_applies(ctx: Ctx, m: Skill) -> bool:
    """A forced skill still settles by its rule when the rule accepts it as it is."""
    t = ctx.table
    top = t.stack[-1] if t.stack else None
    if isinstance(top, Window):
        return m.seat in top.seats
    rule = RULES[m.skill]
    return t.turn.seat == m.seat and t.turn.phase in rule.phases


def _skill_by_hand(ctx: Ctx, m: Skill) -> None:
    """A skill the engine does not settle (or a forced one): recorded, and the moves
    that follow enter its effects (draws, discards, gifts ...) as the skill's own."""
    t = ctx.table
    s = t.seat(m.seat)
    skills = {sk.key: sk for sk in active_skills(s)}
    if m.skill not in skills:
        ctx.refuse(f"seat {m.seat} has no skill {m.skill!r}")
    skill = skills.get(m.skill)
    if skill is not None and skill.limit is not None:
        key = f"{m.seat}:{m.skill}"
        uses = dict(t.turn.skill_uses)
        if uses.get(key, 0) != 0:
            ctx.refuse(f"{skill.name} once per play phase")
        uses[key] = uses.get(key, 0) + 1
        t.set_turn(skill_uses=tuple(sorted(uses.items())))
    top = t.stack[-1] if t.stack else None
    if (
        isinstance(top, Expect)
        and top.what == "draw"
        and top.seat == m.seat
        and skill is not None
        and any(isinstance(e, ReplaceDraw) for e in skill.effects)
    ):
        t.stack.pop()
    for target in m.targets:
        t.seat(target)
    t.skill_context = f"{m.seat}:{m.skill}"


def _choose(ctx: Ctx, m: Move) -> None:
    assert isinstance(m, Choose)
    t = ctx.table
    top = t.stack[-1] if t.stack else None
    if not (isinstance(top, Expect) and top.what == "choose"):
        raise IllegalMove("nothing asks for a choice now")
    if top.seat != m.seat:
        raise IllegalMove(f"seat {top.seat} chooses, not seat {m.seat}")
    if m.option not in top.options:
        raise IllegalMove(f"{top.reason}: choose one of {', '.join(top.options)}")
    t.stack.pop()
    below = t.stack[-1] if t.stack else None
    if isinstance(below, SkillUse):
        replace_top(t, evolve(below, word=m.option, step=below.step + 1))


def _die(ctx: Ctx, m: Move) -> None:
    assert isinstance(m, Die)
    t = ctx.table
    if not t.seat(m.seat).alive:
        ctx.refuse(f"seat {m.seat} is already dead")
    _require_no_settlement(ctx, "record a death now")
    if not (ctx.forced or t.seat(m.seat).hp <= 0):
        ctx.refuse(f"seat {m.seat} has {t.seat(m.seat).hp} HP; force it if a skill kills")
    push(t, Death(m.seat, m.killer))


def _end(ctx: Ctx, m: Move) -> None:
    assert isinstance(m, End)
    t = ctx.table
    sides = ctx.mode.sides()
    if sides and m.winner not in sides:
        ctx.refuse(f"{ctx.mode.name} ends with one of: {', '.join(sides)}")
    decided = ctx.mode.winner(t)
    if t.turn.phase is Phase.OVER:
        if t.winner != m.winner:
            ctx.refuse(f"the game already ended: {describe_winner(t.winner)}")
    else:
        ctx.require(
            isinstance(decided, str) and decided == m.winner,
            "the game is not over by the rules yet; force the end if the table agrees",
        )
    t.winner = m.winner
    raise GameOver


def _shuffle(ctx: Ctx, m: Move) -> None:
    t = ctx.table
    ctx.require(bool(t.discard_pile) or t.discard_unknown > 0, "the discard pile is empty")
    t.reshuffle()


HANDLERS: dict[type, Handler] = {
    General: _general,
    RoleReveal: _role,
    Reveal: _reveal,
    Deal: _deal,
    Shuffle: _shuffle,
    Draw: _draw,
    Use: _use,
    Respond: _respond,
    Pass: _pass,
    Discard: _discard,
    Give: _give,
    Take: _take,
    MoveCards: _move_cards,
    Show: _show,
    Recast: _recast,
    Judge: _judge,
    Damage: _damage,
    Heal: _heal,
    LoseHp: _lose_hp,
    MaxHp: _max_hp,
    Chain: _chain,
    Flip: _flip,
    Skill: _skill,
    Next: _next,
    Skip: _skip,
    ExtraTurn: _extra_turn,
    Die: _die,
    End: _end,
    Mark: _mark,
    Choose: _choose,
}

__all__ = ["IllegalMove", "apply", "describe_winner", "waiting_for"]

# Keep the frame types importable from here for callers that inspect the stack.
_FRAMES = (Ask, CardUse, DamageEvent, Death, Dying, Expect, Judging, Mode)
