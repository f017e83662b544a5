"""Corrections that keep the game: a missed move inserted, a wrong one replaced, one deleted.

As a chess board's corrections do, the moves after the corrected one are
played again on the corrected game, each where it still fits; those that no
longer fit are set aside with the reason, for the table to fix one by one.
Nothing here stores anything: the store writes the result as new rows that
supersede the old ones, so every version of the game stays readable.

Moves are numbered from 1 (the setup), as everywhere else; the setup itself
is never corrected.

A later move refused while a request for 无懈可击 is open (a correction can
open one: a trick now used, a 无懈可击 now laid that another may answer) shows
that the table moved on past it without a 无懈可击, as it did at the time:
the request is passed for everyone (``pass``) and the move played after it.
Those passes are the correction's own moves (`Rewrite.silences`).

A store keeps only the moves: `find_edit` tells, from the moves before and
after, which correction was made (so every version of a stored game can say
what changed it), and `end_changes` what differs at the end of the game.

>>> from engine.moves import Move
>>> moves = [Move.parse(t) for t in (
...     "setup identity 4", "role 1 lord", "general 1 liubei", "general 2 caocao",
...     "general 3 sunquan", "general 4 lvbu", "deal", "next")]
>>> fixed = rewrite(moves, Edit("replace", 4, Move.parse("general 2 zhenji")))
>>> [str(m) for m in fixed.moves[3:5]], fixed.kept[:2], fixed.set_aside
(['general 2 zhenji', 'general 3 sunquan'], ((5, 5), (6, 6)), ())
>>> gone = rewrite(moves, Edit("delete", 6))
>>> [(s.number, str(s.move)) for s in gone.set_aside]
[(7, 'deal'), (8, 'next')]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from engine.frames import Ask
from engine.game import Game
from engine.moves import Move, Pass, Setup, unforced
from engine.state import GameState, Seat
from engine.table import IllegalMove
from engine.text import Text, say

__all__ = [
    "END_FIELDS",
    "KINDS",
    "SEAT_FIELDS",
    "Change",
    "Edit",
    "Rewrite",
    "SetAside",
    "check_edit",
    "end_changes",
    "find_edit",
    "rewrite",
]

Kind = Literal["replace", "insert", "delete"]
KINDS: tuple[Kind, ...] = ("replace", "insert", "delete")


@dataclass(frozen=True, slots=True)
class Edit:
    """One correction: ``replace`` move ``number`` by ``move``, ``insert`` ``move``
    so that it becomes move ``number``, or ``delete`` move ``number``."""

    kind: Kind
    number: int
    move: Move | None = None

    def __str__(self) -> str:
        return f"{self.kind} {self.number}" + (f" {self.move}" if self.move is not None else "")


@dataclass(frozen=True, slots=True)
class SetAside:
    """A later move that no longer fits the corrected game: its number before, and why."""

    number: int
    move: Move
    reason: Text | str


@dataclass(frozen=True, slots=True)
class Rewrite:
    """The game after a correction.

    ``moves``: the moves in effect now; ``kept``: for each later move played
    again, its number before and after the correction; ``set_aside``: the
    later moves that no longer fit; ``game``: the corrected game, replayed.
    """

    edit: Edit
    before: tuple[Move, ...]
    moves: tuple[Move, ...]
    kept: tuple[tuple[int, int], ...]
    set_aside: tuple[SetAside, ...]
    game: Game
    silences: tuple[int, ...] = ()  # the numbers (after) of the passes added for the table

    @property
    def first(self) -> int:
        """The first move that differs from before (every move before it stays)."""
        return self.edit.number


def check_edit(moves: Sequence[Move], edit: Edit) -> None:
    """IllegalMove unless the edit names a move it may change (never the setup)."""
    last = len(moves) + (1 if edit.kind == "insert" else 0)
    if edit.kind not in KINDS:
        raise IllegalMove(say("unknown correction {kind!r}", kind=edit.kind))
    if edit.number == 1 or (edit.move is not None and isinstance(unforced(edit.move), Setup)):
        raise IllegalMove(say("the setup is not corrected"))
    if not 2 <= edit.number <= last:
        raise IllegalMove(
            say("move {number} cannot be corrected (moves 2-{last})", number=edit.number, last=last)
        )
    if edit.kind == "delete" and edit.move is not None:
        raise IllegalMove(say("a deletion takes no move"))
    if edit.kind != "delete" and edit.move is None:
        raise IllegalMove(say("a replacement or an insertion needs the new move"))


def rewrite(moves: Sequence[Move], edit: Edit) -> Rewrite:
    """The game with ``edit`` made and the later moves played again where they still fit.

    IllegalMove (nothing changes) when the edit itself is refused: the setup,
    a number out of range, or a new move the rules refuse at that point
    (force it with ``!`` to record it anyway).
    """
    check_edit(moves, edit)
    n = edit.number
    game = Game(moves[: n - 1])
    if edit.move is not None:
        game.push(edit.move)  # IllegalMove: refused, nothing changes
    later = n if edit.kind == "insert" else n + 1
    kept: list[tuple[int, int]] = []
    set_aside: list[SetAside] = []
    silences: list[int] = []
    for number, move in enumerate(moves[later - 1 :], start=later):
        try:
            game.push(move)
        except IllegalMove as exc:
            passes = _after_silence(game, move)
            if passes is None:
                set_aside.append(SetAside(number, move, exc.text))
                continue
            silences.extend(range(len(game) - passes, len(game)))
        kept.append((number, len(game)))
    return Rewrite(
        edit, tuple(moves), game.moves, tuple(kept), tuple(set_aside), game, tuple(silences)
    )


def find_edit(
    before: Sequence[Move], number: int, move: Move | None, after: Sequence[Move]
) -> Rewrite | None:
    """The correction at move ``number`` that turns ``before`` into ``after``, putting
    ``move`` there (None: a deletion); None when no correction does.

    A replacement is tried before an insertion: when both give the same game
    (the move an insertion pushes down no longer fits), the move is replaced.

    >>> moves = [Move.parse(t) for t in ("setup identity 4", "role 1 lord",
    ...     "general 1 liubei", "general 2 caocao")]
    >>> found = find_edit(moves, 3, Move.parse("general 1 sunquan"),
    ...     [*moves[:2], Move.parse("general 1 sunquan"), moves[3]])
    >>> str(found.edit), found.kept
    ('replace 3 general 1 sunquan', ((4, 4),))
    >>> find_edit(moves, 3, None, moves[:2]) is None  # move 4 would still fit
    True
    """
    after = tuple(after)
    if after[: number - 1] != tuple(before[: number - 1]):
        return None
    kinds: tuple[Kind, ...] = ("delete",) if move is None else ("replace", "insert")
    for kind in kinds:
        try:
            fixed = rewrite(before, Edit(kind, number, move))
        except IllegalMove:
            continue
        if fixed.moves == after:
            return fixed
    return None


SEAT_FIELDS: tuple[str, ...] = (
    "alive",
    "hp",
    "max_hp",
    "hand",
    "weapon",
    "armour",
    "defensive_horse",
    "offensive_horse",
    "treasure",
)
"""What `end_changes` compares of each seat (``hand``: how many cards it holds)."""
END_FIELDS: tuple[str, ...] = ("winner", "turn", "phase")
"""What `end_changes` compares of the table (``turn``: the seat whose turn it is)."""


@dataclass(frozen=True, slots=True)
class Change:
    """Something that differs at the end of the game: ``what`` (one of SEAT_FIELDS, of
    seat ``seat``, or of END_FIELDS, seat 0), as it was and as it is."""

    what: str
    seat: int
    before: object
    after: object


def end_changes(before: GameState, after: GameState) -> tuple[Change, ...]:
    """What differs between two ends of a game: each seat's HP, hand count, life and
    equipment, then the winner, whose turn it is and the phase.

    >>> from engine.game import Game
    >>> g = Game([Move.parse(t) for t in ("setup identity 4", "role 1 lord",
    ...     "general 1 liubei", "general 2 caocao", "general 3 sunquan", "general 4 lvbu",
    ...     "deal", "next", "draw 1 x2")])
    >>> [(c.what, c.seat, c.before, c.after) for c in end_changes(g.state_at(8), g.state)]
    [('hand', 1, 4, 6), ('phase', 0, <Phase.DRAW: 'draw'>, <Phase.PLAY: 'play'>)]
    """
    changes: list[Change] = []
    old_seats = {s.seat: s for s in before.seats}
    for seat in after.seats:
        old = old_seats.get(seat.seat)
        if old is None:
            continue
        for what in SEAT_FIELDS:
            was, now = _seat_field(old, what), _seat_field(seat, what)
            if was != now:
                changes.append(Change(what, seat.seat, was, now))
    ends = (
        ("winner", before.winner, after.winner),
        ("turn", before.turn.seat, after.turn.seat),
        ("phase", before.turn.phase, after.turn.phase),
    )
    changes += [Change(what, 0, was, now) for what, was, now in ends if was != now]
    return tuple(changes)


def _seat_field(seat: Seat, what: str) -> object:
    return seat.hand_count if what == "hand" else getattr(seat, what)


# More requests for 无懈可击 than this in a row do not happen (桃园结义 at 10 seats: 10).
_MOST_SILENCES = 12


_SILENCE = Pass(None)


def _asks_nullification(game: Game) -> bool:
    top = game.state.stack[-1] if game.state.stack else None
    return isinstance(top, Ask) and top.anyone and top.want == "nullification"


def _after_silence(game: Game, move: Move) -> int | None:
    """Pass the open requests for 无懈可击, then play ``move``: how many passes it
    took; None, with the game as it was, when ``move`` is still refused."""
    passes = 0
    while passes < _MOST_SILENCES and _asks_nullification(game):
        game.push(_SILENCE)
        passes += 1
        try:
            game.push(move)
        except IllegalMove:
            continue
        return passes
    for _ in range(passes):
        game.undo()
    return None
