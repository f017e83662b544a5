"""The game so far, for the log and replay screens: moves in words, HP over the game.

:func:`log_entries` turns a game into one entry per sentence the narration
tells (a move can tell several: a Sha and the damage it did), each with the
move's number, its notation and whether it was forced (flagged for review).
:func:`hp_series` is every seat's HP after every move, the data of the
replay screen's chart. For the replay's navigation, :func:`move_turns` is the
turn after every move, :func:`key_moves` the moves worth jumping to (a death,
damage of 2 or more, a role revealed, the game's end) and :func:`move_actor`
the seat that made a move.

>>> from engine.game import Game
>>> game = Game()
>>> for text in ["setup identity 4", "role 1 lord", "general 1 liubei",
...              "general 2 guanyu", "general 3 zhaoyun", "general 4 lvbu"]:
...     game.push_text(text)
>>> [entry.text for entry in log_entries(game)][:2]
['an identity game for 4 players', 'seat 1 is the lord']
>>> hp_series(game).hp[1][-1], hp_series(game).max_hp[1]
(4, 4)
>>> for text in ["deal", "next", "draw 1 x2", "!damage 2 2 from 1"]:
...     game.push_text(text)
>>> move_turns(game)[6:]
(0, 0, 1, 1, 1)
>>> key_moves(game), move_actor(game.moves[8]), move_actor(game.moves[9])
((10,), 1, None)
"""

from __future__ import annotations

from dataclasses import dataclass

from assistant.i18n import _, ngettext, phase_name, tr
from assistant.i18n import gettext as translate  # an N_() id held in a table
from assistant.review.narration import SETUP_HEADING, narrate, turn_heading
from assistant.review.stats import game_stats
from engine.game import Game
from engine.moves import (
    Choose,
    Damage,
    Die,
    Discard,
    Draw,
    End,
    Forced,
    Give,
    Heal,
    LoseHp,
    Move,
    Next,
    Pass,
    Recast,
    Respond,
    Show,
    Skill,
    Take,
    Use,
    unforced,
)
from engine.rules import describe_winner

__all__ = [
    "HpSeries",
    "LogEntry",
    "hp_series",
    "key_moves",
    "log_entries",
    "move_actor",
    "move_turns",
    "silent_words",
]

# The moves a seat makes itself (its ``seat`` is the one acting), for "the seat's next action".
ACTIONS = (Use, Respond, Pass, Skill, Discard, Give, Take, Recast, Show, Choose, Draw)


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One sentence of the log: the move it tells (1 = first), under its turn's heading."""

    move: int
    turn: int
    heading: str
    text: str
    notation: str
    forced: bool


@dataclass(frozen=True, slots=True)
class HpSeries:
    """HP of each seat after each move: ``hp[seat][n]`` is after move ``n`` (0 = before any)."""

    moves: int
    hp: dict[int, tuple[int, ...]]
    max_hp: dict[int, int]  # the highest max HP the seat had, for the chart's scale
    deaths: dict[int, int]  # seat -> the move that killed it


def log_entries(game: Game, upto: int | None = None) -> list[LogEntry]:
    """The narration of the first ``upto`` moves (default all), one entry a sentence.

    A move the narration leaves silent (a phase step, a pass) still gets an
    entry, in words (`silent_words`), so every move can be picked for undo or
    correction.
    """
    moves = game.moves
    last = len(moves) if upto is None else upto
    told: dict[int, list[tuple[int, str, str]]] = {}
    for part in narrate(game, last):
        for line in part.lines:
            told.setdefault(line.move, []).append((part.number, part.heading, line.text))
    entries: list[LogEntry] = []
    turn, heading = 0, translate(SETUP_HEADING)
    for number in range(1, last + 1):
        move = moves[number - 1]
        notation = str(move)
        forced = isinstance(move, Forced)
        state = game.state_at(number - 1)  # a move belongs to the turn it was made in
        if state.turn.number != turn and state.turn.seat:
            turn, heading = state.turn.number, turn_heading(state)
        lines = told.get(number) or [(turn, heading, silent_words(game, number))]
        for said_turn, said_heading, text in lines:
            entries.append(LogEntry(number, said_turn, said_heading, text, notation, forced))
        turn, heading = lines[-1][0], lines[-1][1]
    return entries


def silent_words(game: Game, number: int) -> str:
    """Move ``number`` in words when the narration says nothing of it: the phase it
    moves on to, who passed, the end of the game; another move's notation (a move
    whose every effect the narration tells otherwise)."""
    move = game.moves[number - 1]
    plain = unforced(move)
    after = game.state_at(number)
    match plain:
        case Next():
            if after.over:
                said = _("the game is over")
            else:
                said = _("on to the {phase}").format(phase=phase_name(after.turn.phase))
        case Pass(seat=None):
            said = _("nobody answers")
        case Pass(seat=seat):
            said = _("seat {seat} passes").format(seat=seat)
        case End(winner=winner):
            said = _("the game ends: {result}").format(
                result=tr(describe_winner(winner, after.mode))
            )
        case Damage(seat=seat, amount=amount):
            said = ngettext(
                "seat {seat} takes {n} damage", "seat {seat} takes {n} damage", amount
            ).format(seat=seat, n=amount)
        case Heal(seat=seat, amount=amount):
            said = _("seat {seat} recovers {n} HP").format(seat=seat, n=amount)
        case LoseHp(seat=seat, amount=amount):
            said = _("seat {seat} loses {n} HP").format(seat=seat, n=amount)
        case Die(seat=seat):
            said = _("seat {seat} dies").format(seat=seat)
        case _:
            return str(move)
    return _("{move} (forced)").format(move=said) if move is not plain else said


def hp_series(game: Game) -> HpSeries:
    """Every seat's HP after every move of the game."""
    states = [game.state_at(n) for n in range(len(game) + 1)]
    final = states[-1]
    hp: dict[int, list[int]] = {s.seat: [] for s in final.seats}
    top: dict[int, int] = {s.seat: 0 for s in final.seats}
    deaths: dict[int, int] = {}
    for n, state in enumerate(states):
        if not state.seats:  # before the setup move: no seats yet
            for values in hp.values():
                values.append(0)
            continue
        for s in state.seats:
            hp[s.seat].append(s.hp)
            top[s.seat] = max(top[s.seat], s.max_hp)
            if not s.alive and s.seat not in deaths:
                deaths[s.seat] = n
    return HpSeries(len(game), {k: tuple(v) for k, v in hp.items()}, top, deaths)


def move_turns(game: Game) -> tuple[int, ...]:
    """The turn number after every move: ``turns[n]`` after move ``n`` (0 = the setup)."""
    return tuple(game.state_at(n).turn.number for n in range(len(game) + 1))


def key_moves(game: Game) -> tuple[int, ...]:
    """The moves worth jumping to, in order: the key events of the game's statistics
    (deaths, saves, damage of 2 or more, roles shown, the winning move)."""
    return tuple(sorted({event.move for event in game_stats(game).key_events}))


def move_actor(move: Move) -> int | None:
    """The seat that made the move (a use, a response, a skill, a draw...), or None."""
    move = unforced(move)
    if isinstance(move, ACTIONS):
        return move.seat
    return None
