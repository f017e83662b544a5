"""Applying a move to a state: check it, change the table, settle what follows.

``apply(state, move)`` returns the new state or raises :class:`IllegalMove`
with a one-line reason, leaving the given state untouched (states are
immutable). ``Forced(move)`` skips the rule checks (not the bookkeeping:
a card still cannot be in two places) and is flagged in the log.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, partial

import engine.skills  # noqa: F401  (registers every rule)
from engine.cardops import lift_from, possess, take_unseen, transfer
from engine.cards import CardKind, CardType, Element, Package, Suit, Target, suit_word
from engine.catalogue import on_new_generals, standard_catalogue
from engine.context import Ctx
from engine.derived import (
    NO_LORD_SKILLS,
    active_skills,
    card,
    check_target,
    effects_of,
    hand_limit_value,
    kind,
    lord_skills_work,
    owned_keys,
    sha_uses_left,
)
from engine.effects import (
    AsCard,
    DrawEvent,
    DrawOn,
    DrawPhase,
    ReplaceDraw,
    SkipCondition,
    SkipDiscard,
)
from engine.frames import (
    BIT,
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
from engine.generals import General as GeneralCard
from engine.generals import Kingdom
from engine.modes import MODES, Mode, mode_named
from engine.moves import (
    Chain,
    Choose,
    Compare,
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
    Name,
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
    name_problem,
)
from engine.registry import (
    AT_DEAL,
    AT_POINT,
    CONVERSIONS,
    DISCARD_PHASE,
    DRAW_BONUS,
    LENT,
    RULES,
    TRIGGERS,
    TURN_END,
    TURN_STARTS,
    fire,
    rule_source,
)
from engine.settlement import (
    FLOOD_EQUIPMENT,
    SHA,
    TURN_ENDS,
    armour_ignored,
    bring_on,
    check_victory,
    close_ask,
    heal,
    helped,
    in_range_for_collateral,
    lose_hp,
    push,
    replace_top,
    set_marks,
    settle,
    sha_given,
    shuffle_form,
    turns,
    watch_hands,
)
from engine.skilltypes import on_use as skill_used
from engine.state import TURN_PHASES, GameState, Phase, Role, Seat, evolve
from engine.table import GameOver, IllegalMove, Table, describe_zone
from engine.text import Text, either, listing, say, say_n
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
            raise IllegalMove(say("this game is set up already: setup is the first move only"))
        return _setup(inner, forced)
    if not state.mode:
        raise IllegalMove(say("no game yet: the first move is setup"))
    if type(inner) is Name:
        return _name(state, inner)  # not a rule: nothing is settled, at any time
    if state.over and type(inner) not in (End, RoleReveal):
        raise IllegalMove(
            say("the game is over ({result})", result=describe_winner(state.winner, state.mode))
        )
    mode = mode_named(state.mode)
    assert mode is not None
    _check_card_ids(inner)
    table = Table(state)
    if state.variant:  # only a variant ends on reshuffles (国际版); most games skip the call
        table.shuffle_end = mode.shuffle_end(state)
        if mode.shuffle_form(state) is not None:  # 虎牢关's: the first turns 吕布
            table.on_shuffle = partial(shuffle_form, mode)
    ctx = Ctx(table, mode, forced)
    handler = HANDLERS.get(type(inner))
    if handler is None:
        raise IllegalMove(say("{verb} is not handled", verb=inner.verb))
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
_HAND_KEYS = AT_POINT.get(Point.HAND_EMPTIED, frozenset()) | AT_POINT.get(
    Point.CARD_LOST, frozenset()
)  # 连营, 屯田


def _free(ctx: Ctx, what: Text) -> None:
    """A move nothing pending asks for: allowed while a skill's effects are entered."""
    if not ctx.table.skill_context:
        _refuse_free(ctx, what)


def _refuse_free(ctx: Ctx, what: Text) -> None:
    # TRANSLATORS: {what} is one of the moves below ("discarding", "giving cards" ...)
    reason = say(
        "{what} now needs a skill that does it: record 'skill SEAT KEY' first, or force it",
        what=what,
    )
    ctx.refuse(reason)


# What a move does, for the refusal of one nothing asks for (_free).
_DISCARDING = say("discarding")
_GIVING = say("giving cards")
_TAKING = say("taking cards")
_MOVING = say("moving cards")
_SHOWING = say("showing cards")
_JUDGING = say("a judgement")
_DAMAGE = say("damage")
_HEALING = say("healing")
_LOSING_HP = say("losing HP")
_CHANGING_MAX_HP = say("changing max HP")
_CHAINING = say("chaining")
_FLIPPING = say("flipping")
_MARKS = say("marks")


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
        raise IllegalMove(
            say("there is no card #{id} (cards are #1-#{last})", id=bad, last=_CATALOGUE_SIZE)
        )


# per move class: whether it has a ``cards`` and a ``card`` field
_CARD_FIELDS: dict[type, tuple[bool, bool]] = {}


def describe_winner(winner: str | None, mode: str = "") -> Text:
    """The result of a game in words (``winner``: a side key, ``draw``, or None); in
    ``mode``, where it names its two players by who starts (1v1: 先手, 后手)."""
    named = mode_named(mode) if mode else None
    if named is not None and named.first_and_second is not None and winner is not None:
        first, second = named.first_and_second
        if winner == first:
            return say("the first player wins")
        if winner == second:
            return say("the second player wins")
    found = _RESULTS.get(winner)
    if found is not None:
        return found
    if (
        winner is not None and winner.startswith("seat") and winner[4:].isdigit()
    ):  # 逐鹿天下: one seat wins
        return say("seat {seat} wins", seat=int(winner[4:]))
    try:
        kingdom = Kingdom(winner)
    except ValueError:
        return say("{side} wins", side=winner)
    return say("{kingdom} wins", kingdom=kingdom)


_RESULTS = {
    None: say("no winner yet"),
    "draw": say("a draw"),
    "lord": say("the lord and loyalists win"),
    "loyalist": say("the loyalists win"),
    "rebel": say("the rebels win"),
    "renegade": say("the renegade wins"),
    "warm": say("the warm side wins"),
    "cold": say("the cold side wins"),
    "careerist": say("the careerist wins"),
    "landlord": say("the landlord wins"),
    "farmers": say("the farmers win"),
    "coalition": say("the coalition wins"),
    "dongzhuo": say("Dong Zhuo's side wins"),
    "lubu": say("Lü Bu wins"),
    "allies": say("the allies win"),
}


def _game_over(t: Table) -> None:
    t.stack.clear()
    t.set_turn(phase=Phase.OVER)


# ---------------------------------------------------------------- setup


def _setup(m: Setup, forced: bool) -> GameState:
    mode = mode_named(m.mode)
    if mode is None:
        raise IllegalMove(
            say(
                "unknown mode {mode} (modes: {modes})",
                mode=repr(m.mode),
                modes=", ".join(sorted(_mode_names())),
            )
        )
    problem = mode.check_setup(m.players, m.variant)
    if problem:
        raise IllegalMove(problem)
    general_packages = tuple(p for p in m.packages if p in _general_packages())
    card_packages = [p for p in m.packages if p not in general_packages]
    unknown = [p for p in card_packages if p not in PACKAGES]
    if unknown:
        raise IllegalMove(
            say(
                "unknown package {package} (cards: {cards}; generals: {generals}); "
                "a table's own generals need their file loaded ({file}: --generals FILE, "
                "or the generals folder of the configuration)",
                package=repr(unknown[0]),
                cards="standard, ex, maneuvering",
                generals=", ".join(_general_packages()),
                file=f"{unknown[0]}.toml",
            )
        )
    if mode.general_packages is not None and (
        other := [p for p in general_packages if p not in mode.general_packages]
    ):
        raise IllegalMove(
            say(
                "{mode} is played with these generals only: standard, {packages} (not {package})",
                mode=mode,
                packages=", ".join(mode.general_packages),
                package=other[0],
            )
        )
    if mode.own_deck:
        if set(card_packages) != set(mode.default_packages):
            raise IllegalMove(
                say(
                    "{mode} is played with its own deck: packages={packages}",
                    mode=mode,
                    packages=",".join(mode.default_packages),
                )
            )
    elif "standard" not in card_packages:
        raise IllegalMove(say("the standard package is always in the deck"))
    elif missing := [p for p in mode.exclusive_packages if p not in card_packages]:
        raise IllegalMove(
            say("{mode} is played with the {package} package", mode=mode, package=missing[0])
        )
    elif others := sorted(_OWN_DECKS.difference(mode.exclusive_packages).intersection(m.packages)):
        raise IllegalMove(
            say("the {package} deck is played only in its own mode", package=others[0])
        )
    packages = tuple(PACKAGES[p] for p in card_packages)
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
        general_packages=general_packages,
    )


@cache
def _general_packages() -> tuple[str, ...]:
    """The packages of generals a setup may name (the standard box always sits)."""
    return tuple(p for p in standard_catalogue().packages() if p != "standard")


on_new_generals(lambda _new: _general_packages.cache_clear())


# Packages that are a mode's own (its deck, its cards), played in that mode alone.
_OWN_DECKS = frozenset(p for mode in MODES.values() for p in mode.exclusive_packages)


def _mode_names() -> list[str]:
    return list(MODES)


def _general(ctx: Ctx, m: Move) -> None:
    assert isinstance(m, General)
    t = ctx.table
    if t.turn.phase is not Phase.SETUP:
        raise IllegalMove(say("generals are chosen only during setup, before the first turn"))
    s = t.seat(m.seat)
    catalogue = standard_catalogue()
    generals = []
    for key in m.generals:
        try:
            generals.append(catalogue.general(key))
        except KeyError:
            raise IllegalMove(say("unknown general {key}", key=repr(key))) from None
    for g in generals:
        if g.package != "standard" and g.package not in t.base.general_packages:
            ctx.refuse(
                say(
                    "{general} is of the {package} package, not in this game (setup ... packages=)",
                    general=g,
                    package=g.package,
                )
            )
    want = ctx.mode.generals_per_seat
    if len(generals) != want:
        ctx.refuse(
            say_n(
                "{mode}: each seat takes {n} general, not {given}",
                "{mode}: each seat takes {n} generals, not {given}",
                want,
                mode=ctx.mode,
                given=len(generals),
            )
        )
    if (
        ctx.mode.same_kingdom_generals
        and not ctx.mode.mixed_kingdoms_careerist
        and len({g.kingdom for g in generals}) != 1
    ):
        ctx.refuse(say("both generals must be of the same kingdom"))
    bans = ctx.mode.bans(t.base.variant)
    for g in generals:
        if g.key in bans or (ctx.mode.gods_banned and g.kingdom is Kingdom.GOD):
            ctx.refuse(say("{mode} bans {general}", mode=ctx.mode, general=g))
    problem = ctx.mode.check_general(t, m.seat, tuple(generals))
    if problem is not None:
        ctx.refuse(problem)
    taken = {g for other in t.seats if other.seat != m.seat for g in other.generals}
    for g in generals:
        if g.key in taken:
            ctx.refuse(say("{general} is already at the table", general=g))
    keys = tuple(g.key for g in generals)
    hidden = keys if m.hidden else keys[1:] if ctx.mode.reserves else ()
    s = evolve(
        s,
        generals=keys,
        hidden=hidden,
        kingdom=_kingdom_taken(ctx, m, generals[0]),
        lives=ctx.mode.lives,
    )
    max_hp = ctx.mode.max_hp(t, s, tuple(generals))
    extra = ctx.mode.mode_skills(t, s)
    t.set_seat(evolve(s, max_hp=max_hp, hp=max_hp, extra_skills=extra))


def _kingdom_taken(ctx: Ctx, m: General, general: GeneralCard) -> str:
    """The seat's kingdom: its general's, or the one a 神 general chooses (identity)."""
    god = general.kingdom is Kingdom.GOD
    if not m.kingdom:
        if god and ctx.mode.gods_choose_kingdom:
            ctx.refuse(
                say(
                    "{general} is a 神 general: he chooses a kingdom "
                    "(general {seat} {key} kingdom=wei|shu|wu|qun)",
                    general=general,
                    seat=m.seat,
                    key=general.key,
                )
            )
        return general.kingdom.value
    if not (god and ctx.mode.gods_choose_kingdom):
        ctx.refuse(say("only a 神 general chooses a kingdom, and only in identity (kingdom=)"))
    if m.kingdom not in ("wei", "shu", "wu", "qun"):
        ctx.refuse(say("unknown kingdom {kingdom} (wei, shu, wu, qun)", kingdom=repr(m.kingdom)))
    return m.kingdom


def _role(ctx: Ctx, m: Move) -> None:
    assert isinstance(m, RoleReveal)
    t = ctx.table
    try:
        role = Role(m.role)
    except ValueError:
        names = ", ".join(r.value for r in Role)
        raise IllegalMove(
            say("unknown role {role} ({roles})", role=repr(m.role), roles=names)
        ) from None
    s = t.seat(m.seat)
    if s.role is not None and s.role is not role:
        ctx.refuse(say("seat {seat} is already known to be {role}", seat=m.seat, role=s.role))
    if s.role is role and t.turn.phase is not Phase.SETUP:  # nothing to show: a slip
        if any(isinstance(f, Dying) and f.seat == m.seat for f in t.stack):
            ctx.refuse(
                say(
                    "seat {seat}'s role ({role}) is shown already; if nobody saves the seat: pass",
                    seat=m.seat,
                    role=role,
                )
            )
        ctx.refuse(say("seat {seat}'s role ({role}) is shown already", seat=m.seat, role=role))
    table = ctx.mode.role_table(t.players, t.base.variant)
    if table:
        known = sum(1 for other in t.seats if other.role is role and other.seat != m.seat)
        if known >= table[role]:
            # TRANSLATORS: {role} is a role's name (主公, 反贼 ...); "(s)" is English only
            reason = say(
                "a {players}-player game has only {n} {role}(s)",
                players=t.players,
                n=table[role],
                role=role,
            )
            ctx.refuse(reason)
    top = t.stack[-1] if t.stack else None
    waiting = isinstance(top, Expect) and (
        (top.what == "role" and top.seat == m.seat)
        or (top.what == "reveal_hidden" and role.value in top.options)
    )
    # 忠胆英杰: the loyalist who takes the lord's place is shown at setup.
    shown = role is ctx.mode.shown_role is not Role.LORD and t.turn.phase is Phase.SETUP
    if (
        role is not Role.LORD
        and not shown
        and t.turn.phase is not Phase.OVER
        and s.alive
        and not waiting
    ):
        ctx.refuse(
            say("seat {seat}'s role stays hidden until death or the end of the game", seat=m.seat)
        )
    became_lord = role is Role.LORD and s.role is not Role.LORD
    hidden_lord = ctx.mode.shown_role is not Role.LORD  # 忠胆英杰
    if became_lord and hidden_lord and not waiting and t.turn.phase is not Phase.OVER and s.alive:
        # TRANSLATORS: {mode} is the mode's name (忠胆英杰); {role} is 忠臣
        reason = say(
            "{mode}: the lord shows himself when the shown {role} dies",
            mode=ctx.mode,
            role=ctx.mode.shown_role,
        )
        ctx.refuse(reason)
    s = evolve(s, role=role)
    if became_lord and not ctx.mode.lord_skills:  # 忠胆英杰: 主公不能使用主公技
        s = evolve(s, marks=(*s.marks, (NO_LORD_SKILLS, 1)))
    if became_lord and s.generals and t.players >= 5 and ctx.mode.name == "identity":
        s = evolve(s, max_hp=s.max_hp + 1, hp=s.hp + 1)
    if shown and s.mark(SHOWN) == 0:
        s = evolve(s, marks=(*s.marks, (SHOWN, 1)))
        if s.generals:  # the generals came first: the shown role's bonus now
            generals = tuple(standard_catalogue().general(g) for g in s.generals)
            max_hp = ctx.mode.max_hp(t, s, generals)
            s = evolve(s, max_hp=max_hp, hp=max_hp)
    t.set_seat(s)
    if waiting:
        t.stack.pop()
    if t.turn.phase is Phase.OVER:
        return


# Seat.marks: the seat whose role was shown at setup in the lord's place (忠胆英杰).
SHOWN = "shown"


def _reveal(ctx: Ctx, m: Move) -> None:
    assert isinstance(m, Reveal)
    t = ctx.table
    s = t.seat(m.seat)
    if not s.alive:
        ctx.refuse(say("seat {seat} is dead", seat=m.seat))
    if not ctx.mode.reveal_at_will:
        ctx.refuse(
            say(
                "{mode}: a reserve comes on only when the general before it dies",
                mode=ctx.mode,
            )
        )
    if m.general not in s.hidden:
        ctx.refuse(
            say("seat {seat} has no face-down general {key}", seat=m.seat, key=repr(m.general))
        )
    if len(s.hidden) == len(s.generals):
        side = ctx.mode.side_on_reveal(t, m.seat)
        s = evolve(s, kingdom=side)
    t.set_seat(evolve(s, hidden=tuple(g for g in s.hidden if g != m.general)))
    follows = ctx.mode.revealed(t, m.seat, m.general)  # 国战's 君主
    set_marks(t, follows.marks)
    for seat, gain in follows.max_hp:
        t.set_seat(evolve(t.seat(seat), max_hp=t.seat(seat).max_hp + gain))
    check_victory(ctx)


def _deal(ctx: Ctx, m: Move) -> None:
    t = ctx.table
    if t.turn.phase is not Phase.SETUP:
        raise IllegalMove(
            say("the starting hands are dealt only during setup, before the first turn")
        )
    missing = [s.seat for s in t.seats if not s.generals]
    if missing:
        ctx.refuse(say("seat {seat} has no general yet", seat=missing[0]))
    shown = ctx.mode.shown_role
    if ctx.mode.roles_hidden and not any(s.role is shown for s in t.seats):
        if shown is Role.LORD:
            ctx.refuse(say("the lord reveals the role first (role N lord)"))
        else:
            ctx.refuse(
                say("the {role} reveals the role first (role N {key})", role=shown, key=shown.value)
            )
    if not all(s.hand_count == 0 for s in t.seats):
        ctx.refuse(say("the starting hands were dealt already"))
    for s in t.seats:
        t.draw_unknown(s.seat, ctx.mode.starting_hand_of(t, s.seat))
    for s in t.seats:  # skills acting at the deal (七星: the 星 from an 11-card hand)
        for key in AT_DEAL.keys() & owned_keys(s):
            AT_DEAL[key](t, s.seat)


# ---------------------------------------------------------------- turns and phases


def _next(ctx: Ctx, m: Move) -> None:
    t = ctx.table
    if t.stack:
        _refuse_settling(ctx, _MOVE_ON)
    phase = t.turn.phase
    if phase is Phase.SETUP:
        if not all(s.hand_count > 0 for s in t.seats if s.alive):  # a death may come first
            ctx.refuse(say("deal the starting hands first (deal)"))
        _start_turn(ctx, ctx.mode.first_seat(t), 1)
    else:
        if phase is Phase.DISCARD:
            _check_discard_done(ctx)
            if _discard_end(ctx):  # 固政's window at the end of the discard phase
                return
        _advance(ctx)
    _auto_advance(ctx)


# Turn.flags: the window at the end of the discard phase (固政) was opened this turn.
DISCARD_ENDED = "discard_ended"


def _discard_end(ctx: Ctx) -> bool:
    """Open the window of the end of the discard phase (固政), once a turn; True when
    it waits for the table (the turn goes on when it closes)."""
    t = ctx.table
    seat = t.turn.seat
    if DISCARD_ENDED in t.turn.flags or not may_open(t, Point.DISCARD_END, seat):
        return False
    t.set_turn(flags=t.turn.flags | {DISCARD_ENDED})
    push(t, Occasion(Point.DISCARD_END, seat))
    settle(ctx)
    return bool(t.stack)


def _refuse_settling(ctx: Ctx, what: Text) -> None:
    """A move that waits for an empty stack, made while something is being settled:
    refused, or (forced) the settlement is dropped."""
    t = ctx.table
    # TRANSLATORS: {what} is one of the moves below ("move on", "use a card now" ...)
    ctx.refuse(say("cannot {what}: {waiting}", what=what, waiting=waiting_for(t.stack[-1])))
    t.stack.clear()


# What a move waits for an empty stack to do, for _refuse_settling.
_MOVE_ON = say("move on")
_USE_A_CARD = say("use a card now")
_RECORD_A_DEATH = say("record a death now")


def waiting_for(frame: object) -> Text:
    """What the settlement waits for while ``frame`` is on top, in words."""
    if isinstance(frame, Window):
        return say(
            "seat {seat} may use a skill now ({point}), or pass",
            seat=frame.asked,
            point=frame.point,
        )
    if isinstance(frame, Ask):
        if frame.anyone:
            return say(
                "anyone may use {card} against {reason} (or pass)",
                card=kind("nullification"),
                reason=frame.reason,
            )
        want = kind(frame.want) if frame.want in _KINDS else frame.want
        return say(
            "seat {seat} is asked for {card} ({reason})",
            seat=frame.asked,
            card=want,
            reason=frame.reason,
        )
    if isinstance(frame, Expect):
        return say("waiting for seat {seat}: {reason}", seat=frame.seat, reason=frame.reason)
    return say("a settlement is in progress")


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
        say_n(
            "seat {seat} must discard {n} more card (hand {hand}, limit {limit})",
            "seat {seat} must discard {n} more cards (hand {hand}, limit {limit})",
            excess,
            seat=seat,
            hand=s.hand_count,
            limit=limit,
        )
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
    if not t.seats[t.turn.seat - 1].alive or TURN_ENDS in t.turn.flags:
        _end_turn(ctx)
        return
    if phase is Phase.DRAW and _draw_end(t):  # 七星's window after the draw phase
        return
    for following in _FOLLOWING[phase]:
        if following in t.turn.skips:
            continue
        _enter_phase(ctx, following)
        return
    _end_turn(ctx)


# Turn.flags: the window at the end of the draw phase (七星) was opened this turn.
DRAW_ENDED = "draw_ended"


def _draw_end(t: Table) -> bool:
    """Open the window of the end of the draw phase (七星), once a turn: True when its
    occasion waits on the stack (the turn goes on once it is settled)."""
    seat = t.turn.seat
    if DRAW_ENDED in t.turn.flags or not may_open(t, Point.DRAW_END, seat):
        return False
    t.set_turn(flags=t.turn.flags | {DRAW_ENDED})
    push(t, Occasion(Point.DRAW_END, seat))
    return True


_FOLLOWING = {phase: TURN_PHASES[i + 1 :] for i, phase in enumerate(TURN_PHASES)}


def _end_turn(ctx: Ctx) -> None:
    """The next turn: an extra turn owed first; then the normal order resumes from
    the seat whose own turn came last (an extra turn does not move the order on)."""
    t = ctx.table
    if _turn_end(ctx):  # 回合结束时: 连破's window
        return
    normal = t.turn.resume or t.turn.seat
    if t.extra_turns:
        seat, t.extra_turns = t.extra_turns[0], t.extra_turns[1:]
        _start_turn(ctx, seat, t.turn.number + 1, resume=normal)
        return
    between = ctx.mode.between_turns(t, t.turn.seat)  # 虎牢关: 吕布 after each ally
    if between is not None:
        s = t.seat(between)
        if not s.flipped:
            _start_turn(ctx, between, t.turn.number + 1, resume=normal)
            return
        t.set_seat(evolve(s, flipped=False))  # his turn is skipped, he turns face up
        t.reset_turn(between, t.turn.number + 1)
    choice = ctx.mode.turn_choice(t, normal)  # 3v3: the side's 主帅 chooses who acts
    if choice is not None:
        seat, reason, options = choice
        push(t, Expect("choose", seat, reason, options=options))
        return
    _start_turn(ctx, ctx.mode.next_seat(t, normal), t.turn.number + 1)


# Turn.flags: the end of this turn was reached (回合结束时), its window opened once.
TURN_ENDED = "turn_ended"


def _turn_end(ctx: Ctx) -> bool:
    """The end of the turn (回合结束时), once: what lasted until then ends (极略's 完杀),
    and 连破's window opens; True when it waits for the table."""
    t = ctx.table
    if TURN_ENDED in t.turn.flags or not t.turn.seat:
        return False
    for ended in TURN_END:
        ended(t)
    if not may_open(t, Point.TURN_END, t.turn.seat):
        return False  # the turn ends now: nothing comes back here
    t.set_turn(flags=t.turn.flags | {TURN_ENDED})  # the window first, then the turn ends
    push(t, Occasion(Point.TURN_END, t.turn.seat))
    settle(ctx)
    return bool(t.stack)


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
    s = t.seat(seat)
    if not s.alive and ctx.mode.revives(t, seat):  # 血战到底: the general comes back
        t.set_seat(evolve(s, alive=True, hp=s.max_hp, chained=False, flipped=False))
        t.draw_unknown(seat, ctx.mode.starting_hand_of(t, seat))
    t.reset_turn(seat, number)
    for started in TURN_STARTS:  # 狂风, 大雾: their marks last until his next turn
        started(t, seat)
    if resume:
        t.set_turn(resume=resume)
    marks = ctx.mode.turn_marks(t, seat)
    if marks:  # 虎牢关: the regrouping allies' countdowns at the start of a round
        set_marks(t, marks)
    _enter_phase(ctx, Phase.START)


_DRAW_YOUR_CARDS = say("draw phase: draw your cards")

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
            push(t, Expect("draw", seat, _DRAW_YOUR_CARDS, counts=counts))
    elif phase is Phase.START:
        _turn_start_draw(t, seat)
    point = _PHASE_POINTS[phase]
    if point in TRIGGERS:  # compulsory skills of the phase (崩坏), after its window
        fire(t, point, Occasion(point, seat))
    if may_open(t, point, seat):  # the phase's own window goes first (洛神, 观星, 闭月 ...)
        push(t, Occasion(point, seat))


def _turn_start_draw(t: Table, seat: int) -> None:
    """Compulsory draws at the start of the turn (斗地主's 跋扈: 回合開始階段你額外摸一張牌)."""
    for skill, effect in effects_of(t.seats[seat - 1]):
        if skill.compulsory and isinstance(effect, DrawOn) and effect.event is DrawEvent.TURN_START:
            reason = say_n(
                "{skill}: draw {n} card", "{skill}: draw {n} cards", effect.count, skill=skill
            )
            push(t, Expect("draw", seat, reason, counts=(effect.count,)))


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
    for key, bonus in DRAW_BONUS.items():  # 绝境: a count the state decides
        if key in owned_keys(t.seat(seat)):
            extra = bonus(t, seat)
            options = {n + extra for n in options}
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
        if not s.alive or TURN_ENDS in t.turn.flags:
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
    return timing in _timings(s.generals, s.hidden, lord_skills_work(s))


@cache
def _timings(generals: tuple[str, ...], hidden: tuple[str, ...], lord: bool) -> frozenset[str]:
    catalogue = standard_catalogue()
    return frozenset(
        skill.timing.value
        for g in generals
        if g not in hidden
        for skill in catalogue.general(g).own_skills
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
    if not current.alive or TURN_ENDS in t.turn.flags:
        _end_turn(ctx)
        _auto_advance(ctx)
    elif (
        phase in _MOVING_ON
        or phase in t.turn.skips  # skipped once begun (神速, 巧变, 放权)
        or (phase in _PASSING_PHASES and not _has_phase_skill(current, phase))
        or (phase is Phase.DISCARD and DISCARD_ENDED in t.turn.flags)  # 固政's window closed
    ):
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
        raise IllegalMove(say("unknown phase {phase}", phase=repr(m.phase))) from None
    if phase not in TURN_PHASES:
        ctx.refuse(say("{phase} is not a phase of a turn", phase=phase))
    if not (
        TURN_PHASES.index(phase) > TURN_PHASES.index(t.turn.phase)
        if t.turn.phase in TURN_PHASES
        else False
    ):
        ctx.refuse(say("the {phase} is not still to come this turn", phase=phase))
    t.set_turn(skips=t.turn.skips | {phase})


def _extra_turn(ctx: Ctx, m: Move) -> None:
    assert isinstance(m, ExtraTurn)
    t = ctx.table
    if not t.seat(m.seat).alive:
        ctx.refuse(say("seat {seat} is dead", seat=m.seat))
    t.extra_turns = (*t.extra_turns, m.seat)


# ---------------------------------------------------------------- card helpers


def _conversion(ctx: Ctx, seat: int, cards: tuple[int, ...], as_kind: str) -> bool:
    """Whether a skill (or 丈八蛇矛) lets ``seat`` use ``cards`` as ``as_kind``."""
    t = ctx.table
    s = t.seat(seat)
    for key, converts in CONVERSIONS.items():  # 龙魂, 急袭, 乱击, 双雄: rules that decide
        if key in owned_keys(s) and converts(t, seat, cards, as_kind):
            return True
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
        raise IllegalMove(say("unknown card kind {key}", key=repr(as_kind)))
    if not cards:
        assert as_kind is not None
        ctx.refuse(
            say(
                "a virtual {card} needs a skill (use 'skill' first, or force it)",
                card=kind(as_kind),
            )
        )
        return as_kind
    if as_kind is None or (len(cards) == 1 and card(cards[0]).key == as_kind):
        if len(cards) != 1:
            raise IllegalMove(say("several cards are used as one card only with 'as KIND'"))
        counted = _counts_as(ctx, seat, cards[0])
        if counted is not None:  # 武神: a heart hand card is a Sha, never itself
            if as_kind is not None:
                ctx.refuse(
                    say("{card} counts as {kind} only", card=card(cards[0]), kind=kind(counted))
                )
            return counted
        return card(cards[0]).key
    if not _conversion(ctx, seat, cards, as_kind):
        ctx.refuse(
            say(
                "seat {seat} has no skill to use {cards} as {card}",
                seat=seat,
                cards=listing([card(c).kind for c in cards]),
                card=kind(as_kind),
            )
        )
    return as_kind


def _counts_as(ctx: Ctx, seat: int, card_id: int) -> str | None:
    """The kind a compulsory conversion makes of the seat's card (武神), or None."""
    t = ctx.table
    c = card(card_id)
    for _, effect in effects_of(t.seat(seat)):
        if (
            isinstance(effect, AsCard)
            and effect.compulsory
            and effect.card != c.key
            and effect.fits(c, t.where.get(card_id) == f"equip:{seat}", t.turn.seat == seat)
        ):
            return effect.card
    return None


def _sources(ctx: Ctx, seat: int, cards: tuple[int, ...], from_general: bool = False) -> list[str]:
    if from_general and ctx.table.seat(seat).on_general:
        # 急袭: a 田 on his general used as a card (the conversion says which, in _use)
        return [possess(ctx, seat, c, ("hand", "equipment", "general")) for c in cards]
    return [possess(ctx, seat, c, ("hand", "equipment")) for c in cards]


# ---------------------------------------------------------------- using cards


def _use(ctx: Ctx, m: Move) -> None:
    assert isinstance(m, Use)
    t = ctx.table
    seat = m.seat
    user = t.seat(seat)
    if not user.alive:
        ctx.refuse(say("seat {seat} is dead", seat=seat))
    if len(m.cards) == 1 and m.as_kind is None and card(m.cards[0]).key == "yuxi":
        _use_seal(ctx, m)
        return
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
                say(
                    "{card}: the Sha goes to seat {seat}, not {targets}",
                    card=kind("collateral"),
                    seat=top.for_seat,
                    targets=",".join(map(str, m.targets)),
                )
            )
        _respond(ctx, Respond(seat, m.cards, m.as_kind))
        return
    if isinstance(top, Expect) and top.what == "use_sha" and top.seat == seat:
        _use_asked_sha(ctx, m, top)
        return
    if t.turn.phase is Phase.SETUP:
        raise IllegalMove(say("the game has not started: 'deal' then 'next'"))
    if t.turn.seat != seat:
        ctx.refuse(say("it is seat {turn}'s turn, not seat {seat}'s", turn=t.turn.seat, seat=seat))
    if t.turn.phase is not Phase.PLAY:
        ctx.refuse(say("cards are used in the play phase (now: {phase})", phase=t.turn.phase))
    if t.stack:
        _refuse_settling(ctx, _USE_A_CARD)
    sources = _sources(ctx, seat, m.cards, from_general=True)
    used = _used_kind(ctx, seat, m.cards, m.as_kind)
    if any(s.startswith("general:") for s in sources) and not _conversion(ctx, seat, m.cards, used):
        ctx.refuse(say("a card on a general card is used only as a skill allows (急袭)"))
    card_kind = kind(used)
    if card_kind.type is CardType.EQUIPMENT:
        for c in m.cards:
            if t.where.get(c) == f"equip:{seat}":
                ctx.refuse(say("{card} is equipped already", card=card(c)))
    targets = _targets_for(ctx, seat, card_kind, m.targets, m.cards)
    if card_kind.is_sha:
        left = sha_uses_left(t, seat, m.cards)
        if f"{seat}:tianyi_lost" in t.turn.flags:
            ctx.refuse(say("{skill}: no Sha this turn", skill=rule_source("tianyi")))
        if left is not None and left <= 0:
            ctx.refuse(
                say(
                    "one Sha per play phase: already used ({skill} or {weapon} lift the limit)",
                    skill=rule_source("paoxiao"),
                    weapon=kind("crossbow"),
                )
            )
    if used == "jiu" and t.turn.jiu_used != 0:
        ctx.refuse(say("{card} once per turn", card=card_kind))
    if used == "tao" and not user.wounded:
        ctx.refuse(
            say(
                "seat {seat} is not wounded (HP {hp}/{max_hp})",
                seat=seat,
                hp=user.hp,
                max_hp=user.max_hp,
            )
        )
    if used in ("shan", "nullification"):
        ctx.refuse(say("{card} is only used in response", card=card_kind))
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


def _use_asked_sha(ctx: Ctx, m: Use, top: Expect) -> None:
    """A skill asks a seat to use a Sha on one of ``top.counts`` (乱武), outside its own
    turn; the skill's frame under it learns it was used (``value`` 1)."""
    t = ctx.table
    if len(m.targets) != 1 or m.targets[0] not in top.counts:
        ctx.refuse(
            say(
                "{reason}: the Sha goes to one of seats {seats}",
                reason=top.reason,
                seats=",".join(map(str, top.counts)),
            )
        )
    sources = _sources(ctx, m.seat, m.cards)
    used = _used_kind(ctx, m.seat, m.cards, m.as_kind)
    if used not in SHA:
        ctx.refuse(say("{reason}: a Sha, not {card}", reason=top.reason, card=kind(used)))
    for c, source in zip(m.cards, sources, strict=True):
        lift_from(ctx, m.seat, c, source)
        t.put(c, "processing")
    t.stack.pop()
    below = t.stack[-1] if t.stack else None
    if isinstance(below, SkillUse):
        replace_top(t, evolve(below, value=1))
    push(t, CardUse(m.seat, used, m.cards, m.targets, counts_for_limit=False))


def _use_seal(ctx: Ctx, m: Use) -> None:
    """逐鹿天下's 玉玺 (rules 003, 逐鹿天下 3): "摸到此牌的角色須立即展示並使用之". It is
    used at once, whoever's turn and phase it is and whatever waits on the stack, into
    its user's treasure slot; the engine cannot see a card drawn unseen, so the table
    enters the ``use`` when it shows the card (engine/modes/zhulu.py)."""
    t = ctx.table
    if t.turn.phase is Phase.SETUP:
        raise IllegalMove(say("the game has not started: 'deal' then 'next'"))
    c = m.cards[0]
    if t.where.get(c) == f"equip:{m.seat}":
        ctx.refuse(say("{card} is equipped already", card=card(c)))
    _targets_for(ctx, m.seat, card(c).kind, m.targets, m.cards)
    (source,) = _sources(ctx, m.seat, m.cards)
    lift_from(ctx, m.seat, c, source)
    t.put(c, f"equip:{m.seat}")
    for seat, key in reversed(ctx.mode.equipped(t, m.seat, c)):
        push(t, SkillUse(seat, key))


def _blade_sha(ctx: Ctx, m: Use, window: Window) -> None:
    t = ctx.table
    dodged = t.stack[-2]
    assert isinstance(dodged, CardUse)
    target = dodged.target
    if m.targets not in ((), (target,)):
        raise IllegalMove(
            say("{weapon}: the Sha goes to seat {seat} again", weapon=kind("blade"), seat=target)
        )
    sources = _sources(ctx, m.seat, m.cards)
    used = _used_kind(ctx, m.seat, m.cards, m.as_kind)
    if used not in SHA:
        raise IllegalMove(
            say(
                "{weapon} follows up with a Sha, not {card}",
                weapon=kind("blade"),
                card=kind(used),
            )
        )
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
            ctx.refuse(say("{card} is used on yourself", card=card_kind))
        return (seat,)
    if mode in (Target.ALL_OTHERS, Target.ALL):
        order = t.order_from(seat)
        everyone = tuple(s for s in order if mode is Target.ALL or s != seat)
        if given not in ((), everyone):
            ctx.refuse(
                say(
                    "{card} targets everyone in order: {seats}",
                    card=card_kind,
                    seats=str(everyone),
                )
            )
        # Untargetable seats (e.g. 空城 is not, but later skills are) drop out.
        return tuple(s for s in everyone if check_target(state, seat, card_kind, s, cards).legal)
    if card_kind.key == "collateral":
        if len(given) != 2:
            ctx.refuse(
                say("{card} names two seats: the wielder, then the Sha's target", card=card_kind)
            )
        if len(given) == 2:
            check = check_target(state, seat, card_kind, given[0], cards)
            if not check.legal:
                ctx.refuse(say("seat {seat}: {reason}", seat=given[0], reason=check.reason))
            if not (in_range_for_collateral(t, given[0], given[1]) and given[1] != given[0]):
                ctx.refuse(
                    say(
                        "seat {seat} is not in seat {wielder}'s attack range",
                        seat=given[1],
                        wielder=given[0],
                    )
                )
        return given
    if mode is Target.UP_TO_TWO:
        if not (1 <= len(given) <= 2 and len(set(given)) == len(given)):
            ctx.refuse(say("{card} takes one or two targets", card=card_kind))
    elif not given:
        ctx.refuse(say("{card} needs a target: add '-> N'", card=card_kind))
    elif card_kind.is_sha and _shenji(t, seat):
        if not (len(given) <= 3 and len(set(given)) == len(given)):
            ctx.refuse(
                say(
                    "{skill}: with no weapon, a Sha takes up to three targets",
                    skill=rule_source("shenji"),
                )
            )
    elif card_kind.is_sha and _halberd(t, seat, cards):
        if not (len(given) <= 3 and len(set(given)) == len(given)):
            ctx.refuse(
                say(
                    "{weapon}: a Sha that is the last hand card takes up to three targets",
                    weapon=kind("halberd"),
                )
            )
    elif card_kind.is_sha and f"{seat}:tianyi_won" in t.turn.flags:  # 天义: one more
        if not (len(given) <= 2 and len(set(given)) == len(given)):
            ctx.refuse(say("{skill}: a Sha takes up to two targets", skill=rule_source("tianyi")))
    else:
        if len(given) != 1:
            ctx.refuse(
                say("{card} takes one target, not {given}", card=card_kind, given=len(given))
            )
    for target in given:
        check = check_target(state, seat, card_kind, target, cards)
        if not check.legal:
            ctx.refuse(say("seat {seat}: {reason}", seat=target, reason=check.reason))
    if len(given) < 2:
        return given
    # Several targets settle one by one in seat order from the user.
    order = t.order_from(seat)
    return tuple(sorted(given, key=lambda s: order.index(s) if s in order else len(order)))


def _shenji(t: Table, seat: int) -> bool:
    """神戟 (虎牢关's 吕布, second form): with no weapon, up to two more targets."""
    s = t.seat(seat)
    return "shenji" in s.extra_skills and s.weapon is None


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
        ctx.refuse(say("nobody is being asked to respond now"))
        return
    seat = m.seat
    if top.anyone:
        if seat not in top.seats:
            ctx.refuse(say("seat {seat} cannot respond now", seat=seat))
        if seat in top.passed:
            ctx.refuse(say("seat {seat} passed on this already (004 §8)", seat=seat))
    else:
        if seat != top.asked:
            ctx.refuse(say("seat {asked} is asked, not seat {seat}", asked=top.asked, seat=seat))
    sources = _sources(ctx, seat, m.cards)
    used = _used_kind(ctx, seat, m.cards, m.as_kind)
    allowed = _RESPONSE_KINDS.get(top.want, (top.want,))
    if used not in allowed:
        ctx.refuse(
            say(
                "{card} does not answer a request for {wanted}",
                card=kind(used),
                wanted=kind(top.want),
            )
        )
    if used == "jiu" and seat != top.for_seat:
        ctx.refuse(say("{card} saves only the dying drinker", card=kind(used)))
    for c, source in zip(m.cards, sources, strict=True):
        lift_from(ctx, seat, c, source)
        t.put(c, "processing")
    if top.helping:  # 护驾 / 激将: the card answers for another seat
        t.stack.pop()
        helped(ctx, top, m.cards, used)
        return
    if top.want == "sha" and top.for_seat:  # 借刀杀人: a Sha used on the victim
        t.stack.pop()
        sha_given(t)
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
        if Point.DECLARE in TRIGGERS:  # 无谋: so is a 无懈可击 he uses
            fire(t, Point.DECLARE, Occasion(Point.DECLARE, seat, m.cards))
        return
    if top.want == "tao":
        healed = heal(t, top.for_seat, 1 + _rescue_bonus(t, seat, top.for_seat, used))
        if healed <= 0:
            ctx.refuse(say("nothing to heal"))
        dying = t.seat(top.for_seat)
        if dying.hp > 0:
            close_ask(ctx, top, True)
        else:
            replace_top(t, evolve(top, got=top.got + 1))
        return
    got = top.got + 1
    if used == "shan" and may_open(t, Point.SHAN_USED, seat):
        # 雷击: after the Shan, its window; the Ask closes (or asks again) after it.
        opened = top.opened | BIT[Point.SHAN_USED]
        replace_top(t, evolve(top, got=got, judged=top.judged and got >= top.need, opened=opened))
        push(t, Occasion(Point.SHAN_USED, seat, m.cards))
        return
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
            ctx.refuse(say("seat {asked} decides, not seat {seat}", asked=top.seat, seat=m.seat))
        t.stack.pop()
        _PASSABLE_EXPECTS[top.what](ctx, top)
        return
    if not isinstance(top, Ask):
        ctx.refuse(say("nothing to pass on: nobody is being asked"))
        return
    if m.seat is None:
        close_ask(ctx, top, top.got >= top.need)
        return
    if top.anyone:
        if m.seat not in top.seats:
            ctx.refuse(say("seat {seat} is not asked", seat=m.seat))
        passed = top.passed | {m.seat}
        if all(s in passed or not t.seat(s).alive for s in top.seats):
            close_ask(ctx, top, False)
        else:
            replace_top(t, evolve(top, passed=passed))
        return
    if m.seat != top.asked:
        ctx.refuse(say("seat {asked} is asked, not seat {seat}", asked=top.asked, seat=m.seat))
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
    "use_sha": lambda ctx, expect: None,  # 乱武: no Sha; the skill's step sees nothing used
    "discard_or_pass": lambda ctx, expect: None,  # the skill's frame below settles it (享乐)
}


# ---------------------------------------------------------------- card movements


def _draw(ctx: Ctx, m: Move) -> None:
    assert isinstance(m, Draw)
    t = ctx.table
    if not t.seat(m.seat).alive:
        ctx.refuse(say("seat {seat} is dead", seat=m.seat))
    count = m.count + len(m.cards)
    top = t.stack[-1] if t.stack else None
    if isinstance(top, Expect) and top.what == "draw" and top.seat == m.seat:
        if count not in top.counts:
            ctx.refuse(
                say(
                    "seat {seat} draws {counts} in the draw phase, not {given}",
                    seat=m.seat,
                    counts=either(top.counts),
                    given=count,
                )
            )
        t.stack.pop()
        if count < max(top.counts) and "luoyi" in owned_keys(t.seat(m.seat)):
            t.set_turn(flags=t.turn.flags | {f"{m.seat}:luoyi"})  # 裸衣: drew one fewer
    elif not t.skill_context:
        _refuse_free(ctx, say_n("drawing {n} card", "drawing {n} cards", count))
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
            ctx.refuse(say("{reason}: exactly one card", reason=top.reason))
        t.stack.pop()
    elif (
        isinstance(top, Expect)
        and top.what in ("discard_or_damage", "discard_or_draw")
        and top.seat == m.seat
    ):
        zones = ("hand",)
        need = top.counts[0] if top.counts else 1
        if len(m.cards) + m.unknown != need:
            ctx.refuse(
                say_n(
                    "{reason}: discard {n} hand card, or pass",
                    "{reason}: discard {n} hand cards, or pass",
                    need,
                    reason=top.reason,
                )
            )
        t.stack.pop()
    elif isinstance(top, Expect) and top.what == "discard_n" and top.seat == m.seat:
        # A skill's discard of a number of cards (英魂): ``zones`` says from where.
        zones = _zones(top.zones or "he")
        if len(m.cards) + m.unknown != top.counts[0]:
            ctx.refuse(
                say_n(
                    "{reason}: discard {n} card",
                    "{reason}: discard {n} cards",
                    top.counts[0],
                    reason=top.reason,
                )
            )
        t.stack.pop()
    elif isinstance(top, Expect) and top.what == "discard_or_pass" and top.seat == m.seat:
        _discard_or_pass(ctx, m, top)  # a skill's demand: a card of its types, or pass (享乐)
        zones = ("hand",)
    elif isinstance(top, Expect) and top.what == "fire_discard" and top.seat == m.seat:
        if not (len(m.cards) == 1 and not m.unknown):
            ctx.refuse(
                say("{card}: discard one hand card of the shown suit", card=kind("fire_attack"))
            )
        if m.cards and suit_word(card(m.cards[0])) != top.suit:
            if not top.suit:
                ctx.refuse(
                    say("{card}: the card shown has no suit; pass", card=kind("fire_attack"))
                )
            ctx.refuse(
                say("{card} needs a {suit} card", card=kind("fire_attack"), suit=Suit(top.suit))
            )
        t.stack.pop()
        push(t, DamageEvent(top.other, 1, Element.FIRE, m.seat, "fire_attack"))
        zones = ("hand",)
    elif t.turn.phase is Phase.DISCARD and t.turn.seat == m.seat and not t.stack:
        zones = ("hand",)
    else:
        _free(ctx, _DISCARDING)
    if t.turn.phase is Phase.DISCARD and zones == ("hand",) and t.turn.seat == m.seat:
        excess = t.seat(m.seat).hand_count - hand_limit_value(t, m.seat)
        if len(m.cards) + m.unknown > max(excess, 0):
            ctx.refuse(
                say_n(
                    "seat {seat} discards down to the hand limit: {n} card, not {given}",
                    "seat {seat} discards down to the hand limit: {n} cards, not {given}",
                    max(excess, 0),
                    seat=m.seat,
                    given=len(m.cards) + m.unknown,
                )
            )
    sources = [possess(ctx, m.seat, c, zones) for c in m.cards]
    for c, source in zip(m.cards, sources, strict=True):
        lift_from(ctx, m.seat, c, source)
        t.put(c, "discard")
    if m.unknown:
        take_unseen(t, m.seat, m.unknown)
        t.discard_unknown += m.unknown
    if t.turn.phase is Phase.DISCARD and t.turn.seat == m.seat and zones == ("hand",):
        for noted in DISCARD_PHASE:  # 固政, 忍戒
            noted(t, m.seat, m.cards, m.unknown)
    if (
        not t.stack
        and t.turn.phase is Phase.DISCARD
        and t.turn.seat == m.seat
        and may_open(t, Point.DISCARDED, m.seat)
    ):
        # 琴音: two or more cards discarded in his discard phase (one by one at the
        # table): the window opens once, when his discarding is done
        discarded = t.turn.discarded + len(m.cards) + m.unknown
        t.set_turn(discarded=discarded)
        done = t.seat(m.seat).hand_count <= hand_limit_value(t, m.seat)
        if discarded >= 2 and done and _DISCARDED not in t.turn.flags:
            t.set_turn(flags=t.turn.flags | {_DISCARDED})
            push(t, Occasion(Point.DISCARDED, m.seat, m.cards))


_DISCARDED = "discarded"  # the turn's flag: the window of Point.DISCARDED has opened


def _discard_or_pass(ctx: Ctx, m: Discard, top: Expect) -> None:
    """A skill asks ``top.seat`` for one hand card of the types ``top.options`` (享乐: a
    basic card); discarded, the skill's frame below learns it (``value``)."""
    t = ctx.table
    if len(m.cards) != 1 or m.unknown:
        ctx.refuse(say("{reason}: name the card (#id), or pass", reason=top.reason))
    if m.cards and top.options and card(m.cards[0]).kind.type.value not in top.options:
        ctx.refuse(say("{reason}: not {card}", reason=top.reason, card=card(m.cards[0])))
    t.stack.pop()
    below = t.stack[-1] if t.stack else None
    if isinstance(below, SkillUse):
        replace_top(t, evolve(below, value=1))


def _zones(letters: str) -> tuple[str, ...]:
    """'hej' -> the zone names of hand, equipment and judgement zone."""
    names = {"h": "hand", "e": "equipment", "j": "judge"}
    return tuple(names[letter] for letter in letters)


def _give(ctx: Ctx, m: Move) -> None:
    assert isinstance(m, Give)
    t = ctx.table
    if m.seat == m.to:
        ctx.refuse(say("giving to yourself changes nothing"))
    top = t.stack[-1] if t.stack else None
    if isinstance(top, Expect) and top.what == "give" and top.seat == m.seat:
        # A skill's gift of a number of hand cards to one of ``other``/``options`` (好施).
        if str(m.to) not in top.options or len(m.cards) + m.unknown != top.counts[0]:
            ctx.refuse(
                say_n(
                    "{reason}: give {n} hand card to seat {seats}",
                    "{reason}: give {n} hand cards to seat {seats}",
                    top.counts[0],
                    reason=top.reason,
                    seats=either(top.options),
                )
            )
        t.stack.pop()
        transfer(ctx, m.seat, m.to, m.cards, m.unknown, ("hand",))
        return
    _free(ctx, _GIVING)
    if not t.seat(m.to).alive:
        ctx.refuse(say("seat {seat} is dead", seat=m.to))
    transfer(ctx, m.seat, m.to, m.cards, m.unknown, ("hand", "equipment"))


def _take(ctx: Ctx, m: Move) -> None:
    assert isinstance(m, Take)
    t = ctx.table
    top = t.stack[-1] if t.stack else None
    zones: tuple[str, ...] = ("hand", "equipment")
    if isinstance(top, Expect) and top.what in ("take_one", "take_shown") and top.other == m.source:
        if top.what == "take_shown" and (len(m.cards) != 1 or m.unknown):
            raise IllegalMove(say("{reason}: name the card shown (#id)", reason=top.reason))
        if top.seat != m.seat:
            ctx.refuse(
                say("seat {taker} takes the card, not seat {seat}", taker=top.seat, seat=m.seat)
            )
        if len(m.cards) + m.unknown != 1:
            ctx.refuse(say("{reason}: exactly one card", reason=top.reason))
        zones = _zones(top.zones or "hej")
        t.stack.pop()
        below = t.stack[-1] if t.stack else None
        if isinstance(below, SkillUse):  # 反间 reads the card taken
            replace_top(t, evolve(below, value=m.cards[0] if m.cards else 0))
    else:
        _free(ctx, _TAKING)
    if m.seat == m.source:
        ctx.refuse(say("taking from yourself changes nothing"))
    transfer(ctx, m.source, m.seat, m.cards, m.unknown, zones)


def _move_cards(ctx: Ctx, m: Move) -> None:
    assert isinstance(m, MoveCards)
    t = ctx.table
    top = t.stack[-1] if t.stack else None
    if isinstance(top, Expect) and top.what == "reveal" and m.to == "processing":
        if len(m.cards) not in top.counts:
            below = t.stack[-2] if len(t.stack) > 1 else None
            ctx.refuse(
                say_n(
                    "{card} turns over {n} card",
                    "{card} turns over {n} cards",
                    top.counts[0],
                    # 再起 turns cards over too: its own name
                    card=rule_source(below.key)
                    if isinstance(below, SkillUse)
                    else kind("amazing_grace"),
                )
            )
        t.stack.pop()
        if m.source in (None, "pile"):
            t.ensure_pile(len(m.cards))
        for c in m.cards:
            t.move(c, "processing", source=m.source or "pile")
        return
    if isinstance(top, Expect) and top.what == "pick" and m.to == f"hand:{top.seat}":
        use = next((f for f in reversed(t.stack) if isinstance(f, CardUse)), None)
        own = use.cards if use is not None else ()
        if not (
            len(m.cards) == 1
            and all(t.where.get(c) == "processing" and c not in own for c in m.cards)
        ):
            ctx.refuse(say("{card}: take one of the cards turned over", card=kind("amazing_grace")))
        t.stack.pop()
    else:
        _free(ctx, _MOVING)
    for c in m.cards:
        source = m.source
        if source is None and c not in t.where:
            ctx.refuse(say("{card} is not known to be anywhere: say 'from ZONE'", card=card(c)))
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
    if isinstance(top, Expect) and top.what == "shown" and top.seat == m.seat:
        # A skill's face-down card turned up (蛊惑): the skill's step reads it.
        if len(m.cards) != 1:
            ctx.refuse(say("{reason}: one card", reason=top.reason))
        t.stack.pop()
        below = t.stack[-1]
        if isinstance(below, SkillUse):
            replace_top(t, evolve(below, cards=m.cards, step=below.step + 1))
        return
    if not (isinstance(top, Expect) and top.what == "show" and top.seat == m.seat):
        _free(ctx, _SHOWING)
    if isinstance(top, Expect) and top.what == "show" and top.seat == m.seat:
        t.stack.pop()
        suit = card(m.cards[0]).suit
        # A card without suit (玉玺, rules 003) matches no hand card: the user can only pass.
        ask = (
            say(
                "{card}: discard a {suit} hand card to deal 1 fire damage, or pass",
                card=kind("fire_attack"),
                suit=suit,
            )
            if suit is not None
            else say("{card}: the card shown has no suit; pass", card=kind("fire_attack"))
        )
        push(
            t,
            Expect(
                "fire_discard",
                top.other,
                ask,
                other=m.seat,
                suit=suit.value if suit is not None else "",
            ),
        )


def _compare(ctx: Ctx, m: Move) -> None:
    """拼点 (rules 000, 拼點): both seats lay a hand card face down (one ``compare``
    each, in any order), then both are shown: the higher rank wins, a tie nobody.
    Both cards go to the discard pile; the skill that asked reads the winner in
    its ``SkillUse.value`` (0: nobody won) and the two cards as the last two of
    the discard pile (the asker's first)."""
    assert isinstance(m, Compare)
    t = ctx.table
    top = t.stack[-1] if t.stack else None
    if not (isinstance(top, Expect) and top.what == "compare"):
        raise IllegalMove(say("no point fight (拼点) is waiting for a card"))
    if m.seat not in (top.seat, top.other):
        ctx.refuse(
            say(
                "the point fight is between seats {a} and {b}, not seat {seat}",
                a=top.seat,
                b=top.other,
                seat=m.seat,
            )
        )
    if m.seat in top.counts:
        ctx.refuse(say("seat {seat} has laid its card for the point fight", seat=m.seat))
    source = possess(ctx, m.seat, m.card, ("hand",))
    lift_from(ctx, m.seat, m.card, source)
    t.put(m.card, "processing")
    if not top.counts:
        replace_top(t, top._replace(card=m.card, counts=(m.seat,)))
        return
    t.stack.pop()
    first, second = top.card, m.card
    mine, theirs = (first, second) if top.counts[0] == top.seat else (second, first)
    for c in (mine, theirs):
        t.move(c, "discard")
    rank_mine, rank_theirs = card(mine).rank or 0, card(theirs).rank or 0
    winner = top.seat if rank_mine > rank_theirs else top.other if rank_theirs > rank_mine else 0
    below = t.stack[-1] if t.stack else None
    if isinstance(below, SkillUse):
        replace_top(t, below._replace(value=winner))


def _recast(ctx: Ctx, m: Move) -> None:
    assert isinstance(m, Recast)
    t = ctx.table
    if not card(m.card).kind.recastable and not _conversion(ctx, m.seat, (m.card,), "iron_chain"):
        # 连环: a card he may use as 铁索连环 may be recast as one
        ctx.refuse(say("{card} cannot be recast", card=card(m.card).kind))
    if not (t.turn.seat == m.seat and t.turn.phase is Phase.PLAY):
        ctx.refuse(say("recast in your own play phase"))
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
            say(
                "{card} cannot be the judgement card: it is in {zone}",
                card=card(m.card),
                zone=describe_zone(t.where.get(m.card, "")),
            )
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
            ctx.refuse(say("seat {seat} has no {armour}", seat=m.seat, armour=_EIGHT_DIAGRAM))
        if _armour_ignored_by_asker(t):
            ctx.refuse(
                say(
                    "{weapon} ignores {armour}: answer with a Shan",
                    weapon=kind("qinggang_sword"),
                    armour=_EIGHT_DIAGRAM,
                )
            )
        if top.judged:
            ctx.refuse(
                say(
                    "{armour} is tried once for each {card} needed",
                    armour=_EIGHT_DIAGRAM,
                    card=kind("shan"),
                )
            )
    elif not expected:
        _free(ctx, _JUDGING)
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
        push(t, Judgement(m.seat, m.card, _EIGHT_DIAGRAM_REASON))
    elif t.where.get(m.card) == "processing":
        t.move(m.card, "discard")


_EIGHT_DIAGRAM = kind("eight_diagram")
_EIGHT_DIAGRAM_REASON = say("{what}: turn over the judgement card", what=_EIGHT_DIAGRAM)


def _eight_diagram_works(t: Table, seat: int) -> bool:
    s = t.seat(seat)
    armour = s.armour
    if armour is None:  # 八阵: with no armour, he counts as wearing 八卦阵
        return "bazhen" in owned_keys(s)
    return card(armour).key == "eight_diagram"


def _armour_ignored_by_asker(t: Table) -> bool:
    """The Shan is asked for a Sha whose user's 青釭剑 ignores armour."""
    below = t.stack[-2] if len(t.stack) > 1 else None
    return isinstance(below, CardUse) and armour_ignored(t, below.user, below.kind)


# ---------------------------------------------------------------- HP and states


def _damage(ctx: Ctx, m: Move) -> None:
    assert isinstance(m, Damage)
    t = ctx.table
    if not t.seat(m.seat).alive:
        ctx.refuse(say("seat {seat} is dead", seat=m.seat))
    if m.amount <= 0:
        ctx.refuse(say("damage is at least 1"))
    _free(ctx, _DAMAGE)
    if m.source is not None:
        t.seat(m.source)
    push(t, DamageEvent(m.seat, m.amount, m.element, m.source, None))


def _heal(ctx: Ctx, m: Move) -> None:
    assert isinstance(m, Heal)
    t = ctx.table
    s = t.seat(m.seat)
    if not s.alive:
        ctx.refuse(say("seat {seat} is dead", seat=m.seat))
    if m.amount <= 0:
        ctx.refuse(say("heal at least 1"))
    if not s.wounded:
        ctx.refuse(
            say(
                "seat {seat} is not wounded (HP {hp}/{max_hp})",
                seat=m.seat,
                hp=s.hp,
                max_hp=s.max_hp,
            )
        )
    _free(ctx, _HEALING)
    heal(t, m.seat, m.amount)


def _lose_hp(ctx: Ctx, m: Move) -> None:
    assert isinstance(m, LoseHp)
    if not ctx.table.seat(m.seat).alive:
        ctx.refuse(say("seat {seat} is dead", seat=m.seat))
    if m.amount <= 0:
        ctx.refuse(say("lose at least 1 HP"))
    _free(ctx, _LOSING_HP)
    lose_hp(ctx, m.seat, m.amount)


def _max_hp(ctx: Ctx, m: Move) -> None:
    assert isinstance(m, MaxHp)
    t = ctx.table
    s = t.seat(m.seat)
    if not s.alive:
        ctx.refuse(say("seat {seat} is dead", seat=m.seat))
    if m.delta == 0:
        ctx.refuse(say("a change of 0 changes nothing"))
    _free(ctx, _CHANGING_MAX_HP)
    max_hp = s.max_hp + m.delta
    s = evolve(s, max_hp=max_hp, hp=min(s.hp, max_hp))
    t.set_seat(s)
    if max_hp <= 0:
        push(t, Death(m.seat, None))
    elif m.delta < 0:
        turns(ctx, m.seat)  # 虎牢关: 吕布's HP brought to 4 or less turns him


def _chain(ctx: Ctx, m: Move) -> None:
    assert isinstance(m, Chain)
    t = ctx.table
    s = t.seat(m.seat)
    if not s.alive:
        ctx.refuse(say("seat {seat} is dead", seat=m.seat))
    if s.chained == m.chained:
        if s.chained:
            ctx.refuse(say("seat {seat} is already chained", seat=m.seat))
        else:
            ctx.refuse(say("seat {seat} is already unchained", seat=m.seat))
    _free(ctx, _CHAINING)
    t.set_seat(evolve(s, chained=m.chained))


def _name(state: GameState, m: Name) -> GameState:
    """A seat's player named (or forgotten, with ""): the state otherwise as it was."""
    if not 1 <= m.seat <= len(state.seats):
        last = len(state.seats)
        raise IllegalMove(say("there is no seat {seat} (seats 1-{last})", seat=m.seat, last=last))
    problem = name_problem(m.name)
    if problem is not None:
        raise IllegalMove(problem)
    seat = state.seat(m.seat)
    if seat.player == m.name:
        raise IllegalMove(say("seat {seat} has that name already", seat=m.seat))
    seats = tuple(evolve(s, player=m.name) if s is seat else s for s in state.seats)
    return evolve(state, seats=seats)


def _flip(ctx: Ctx, m: Move) -> None:
    assert isinstance(m, Flip)
    t = ctx.table
    s = t.seat(m.seat)
    if not s.alive:
        ctx.refuse(say("seat {seat} is dead", seat=m.seat))
    _free(ctx, _FLIPPING)
    t.set_seat(evolve(s, flipped=not s.flipped))


def _mark(ctx: Ctx, m: Move) -> None:
    assert isinstance(m, Mark)
    t = ctx.table
    s = t.seat(m.seat)
    marks = dict(s.marks)
    value = marks.get(m.name, 0) + m.delta
    if value < 0:
        ctx.refuse(
            say_n(
                "seat {seat} has only {n} {mark} mark",
                "seat {seat} has only {n} {mark} marks",
                marks.get(m.name, 0),
                seat=m.seat,
                mark=m.name,
            )
        )
    _free(ctx, _MARKS)
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
        ctx.refuse(say("seat {seat} is dead", seat=m.seat))
    rule = RULES.get(m.skill)
    if rule is None or (ctx.forced and not _rule_applies(ctx, m)):
        _skill_by_hand(ctx, m)
        return
    lent = (rule.lent_to and rule.lent_to(t, m.seat)) or (
        m.skill in LENT and LENT[m.skill](t, m.seat)
    )  # 黄天, 制霸: another seat's skill used in one's own phase
    if m.skill not in owned_keys(s) and not lent:
        if not ctx.mode.lord_skills and _lord_skill_of(s, m.skill):
            # TRANSLATORS: {mode} is the mode's name (忠胆英杰)
            raise IllegalMove(say("{mode}: the lord may not use lord skills", mode=ctx.mode))
        raise IllegalMove(
            say(
                "seat {seat} has no {skill} ({key})",
                seat=m.seat,
                skill=rule_source(m.skill),
                key=m.skill,
            )
        )
    top = t.stack[-1] if t.stack else None
    if isinstance(top, Window):
        # Seats asked before this one let it pass: the table moved on to this seat.
        seats = top.seats[top.seats.index(m.seat) :]
        used = top.declined | {f"{m.seat}:{m.skill}"}
        replace_top(t, evolve(top, seats=seats, declined=used))
        skill_used(ctx, m.seat, m.skill)
        rule.use(ctx, m, t.stack[-2])
        return
    if isinstance(top, Ask) and rule.answers is not None and rule.answers(t, m.seat, top):
        skill_used(ctx, m.seat, m.skill)  # 蛊惑: a card played face down for what is asked
        rule.use(ctx, m, top)
        return
    if not rule.phases:
        ctx.refuse(
            say(
                "{skill} is not used now: {waiting}",
                skill=rule_source(m.skill),
                waiting=waiting_for(top) if top else say("nothing calls for it"),
            )
        )
        return
    if t.turn.seat != m.seat or t.turn.phase not in rule.phases:
        phases = either(sorted(rule.phases, key=TURN_PHASES.index))
        raise IllegalMove(
            say(
                "{skill} is used in its owner's {phase}",
                skill=rule_source(m.skill),
                phase=phases,
            )
        )
    if t.turn.phase is Phase.PLAY and t.stack:
        _refuse_settling(ctx, say("use {skill} now", skill=rule_source(m.skill)))
    if rule.limit_per_phase:
        key = f"{m.seat}:{m.skill}"
        uses = dict(t.turn.skill_uses)
        if uses.get(key, 0) >= rule.limit_per_phase:
            ctx.refuse(
                say(
                    "{skill} once per {phase}: used already",
                    skill=rule_source(m.skill),
                    phase=t.turn.phase,
                )
            )
        uses[key] = uses.get(key, 0) + 1
        t.set_turn(skill_uses=tuple(sorted(uses.items())))
    skill_used(ctx, m.seat, m.skill)
    rule.use(ctx, m, top)


def _lord_skill_of(s: Seat, key: str) -> bool:
    """Whether ``key`` is a lord skill of one of the seat's face-up generals."""
    catalogue = standard_catalogue()
    return any(
        skill.key == key and skill.lord
        for g in s.generals
        if g not in s.hidden
        for skill in catalogue.general(g).own_skills
    )


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
        if not ctx.mode.lord_skills and _lord_skill_of(s, m.skill):
            ctx.refuse(say("{mode}: the lord may not use lord skills", mode=ctx.mode))
        ctx.refuse(say("seat {seat} has no skill {key}", seat=m.seat, key=repr(m.skill)))
    skill_used(ctx, m.seat, m.skill)
    skill = skills.get(m.skill)
    if skill is not None and skill.limit is not None:
        key = f"{m.seat}:{m.skill}"
        uses = dict(t.turn.skill_uses)
        if uses.get(key, 0) != 0:
            ctx.refuse(say("{skill} once per play phase", skill=skill))
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


# What a ``choose`` answers: a skill's or card's options, and 新1V1's next general.
_CHOICES = frozenset({"choose", "successor"})


def _choose(ctx: Ctx, m: Move) -> None:
    assert isinstance(m, Choose)
    t = ctx.table
    top = t.stack[-1] if t.stack else None
    if not (isinstance(top, Expect) and top.what in _CHOICES):
        raise IllegalMove(say("nothing asks for a choice now"))
    if top.seat != m.seat:
        raise IllegalMove(
            say("seat {chooser} chooses, not seat {seat}", chooser=top.seat, seat=m.seat)
        )
    if m.option not in top.options:
        raise IllegalMove(
            say(
                "{reason}: choose one of {options}",
                reason=top.reason,
                options=", ".join(top.options),
            )
        )
    t.stack.pop()
    if top.what == "successor":
        bring_on(t, m.seat, m.option)
        return
    if not t.stack and ctx.mode.turn_choice(t, t.turn.resume or t.turn.seat) is not None:
        set_marks(t, ctx.mode.turn_chosen(t, m.seat, m.option))  # 3v3: who acts next
        t.set_turn(flags=t.turn.flags | {TURN_ENDED})
        _end_turn(ctx)
        return
    below = t.stack[-1] if t.stack else None
    if isinstance(below, SkillUse):
        replace_top(t, evolve(below, word=m.option, step=below.step + 1))
    elif isinstance(below, CardUse) and below.kind == "flood":
        replace_top(t, evolve(below, step=below.step + 1, answered=m.option == FLOOD_EQUIPMENT))


def _die(ctx: Ctx, m: Move) -> None:
    assert isinstance(m, Die)
    t = ctx.table
    if not t.seat(m.seat).alive:
        ctx.refuse(say("seat {seat} is already dead", seat=m.seat))
    drawing = len(t.stack) == 1 and isinstance(t.stack[0], Expect) and t.stack[0].what == "draw"
    if t.stack and not drawing:  # a draw phase waiting for its draw is no settlement: it stays
        _refuse_settling(ctx, _RECORD_A_DEATH)
    if not (ctx.forced or t.seat(m.seat).hp <= 0):
        ctx.refuse(
            say(
                "seat {seat} has {hp} HP; force it if a skill kills",
                seat=m.seat,
                hp=t.seat(m.seat).hp,
            )
        )
    push(t, Death(m.seat, m.killer))


def _end(ctx: Ctx, m: Move) -> None:
    assert isinstance(m, End)
    t = ctx.table
    sides = ctx.mode.sides()
    if sides and m.winner not in sides:
        ctx.refuse(say("{mode} ends with one of: {sides}", mode=ctx.mode, sides=", ".join(sides)))
    decided = ctx.mode.winner(t)
    if isinstance(decided, str) and ctx.mode.split(t, decided) is not None:
        decided = None  # the side splits instead of winning (群雄演义's 国战)
    if t.turn.phase is Phase.OVER:
        if t.winner != m.winner:
            ctx.refuse(
                say("the game already ended: {result}", result=describe_winner(t.winner, t.mode))
            )
    elif not (isinstance(decided, str) and decided == m.winner) and not ctx.mode.may_concede(
        t, m.winner
    ):
        ctx.refuse(
            ctx.mode.concede_refused(t, m.winner)
            or say("the game is not over by the rules yet; force the end if the table agrees")
        )
    t.winner = m.winner
    raise GameOver


def _shuffle(ctx: Ctx, m: Move) -> None:
    t = ctx.table
    if not (t.discard_pile or t.discard_unknown > 0):
        ctx.refuse(say("the discard pile is empty"))
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
    Compare: _compare,
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
