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
from engine.table import IllegalMove
from engine.text import Text, say

__all__ = ["KINDS", "Edit", "Rewrite", "SetAside", "rewrite"]

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
