"""A game: its moves in order, the state after each, undo, and flags for forced moves.

>>> g = Game()
>>> g.push_text("setup identity 5")
>>> g.state.players
5
>>> str(g.undo())
'setup identity 5 packages=standard,ex,maneuvering'
>>> len(g.moves)
0
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from engine.moves import Forced, Move
from engine.rules import apply
from engine.state import GameState


@dataclass(frozen=True, slots=True)
class Entry:
    """One move of the log, with the state it led to."""

    move: Move
    state: GameState

    @property
    def forced(self) -> bool:
        return isinstance(self.move, Forced)


# How far apart stored states are; the states in between are recomputed.
SNAPSHOT_EVERY = 32


class Game:
    """The log is the truth: state after move k = setup folded over moves[:k]."""

    def __init__(self, moves: Iterable[Move] = ()) -> None:
        self._moves: list[Move] = []
        self._states: list[GameState] = [GameState()]
        for move in moves:
            self.push(move)

    @property
    def moves(self) -> tuple[Move, ...]:
        return tuple(self._moves)

    @property
    def state(self) -> GameState:
        return self._states[-1]

    def push(self, move: Move) -> None:
        """Apply a move (IllegalMove: refused, nothing changes)."""
        new = apply(self._states[-1], move)
        self._moves.append(move)
        self._states.append(new)

    def push_text(self, text: str) -> None:
        self.push(Move.parse(text))

    def copy(self) -> Game:
        """A game with the same moves and states, that goes on by itself from here."""
        twin = Game()
        twin._moves = list(self._moves)
        twin._states = list(self._states)
        return twin

    def undo(self) -> Move:
        """Take back the last move; the previous state comes back exactly."""
        if not self._moves:
            raise IndexError("nothing to undo")
        self._states.pop()
        return self._moves.pop()

    def state_at(self, n: int) -> GameState:
        """The state after the first ``n`` moves (0: before any)."""
        if not 0 <= n <= len(self._moves):
            raise IndexError(f"move {n} is out of range 0..{len(self._moves)}")
        return self._states[n]

    def flagged(self) -> list[tuple[int, Move]]:
        """The forced moves, numbered from 1."""
        return [(i, m) for i, m in enumerate(self._moves, start=1) if isinstance(m, Forced)]

    def __len__(self) -> int:
        return len(self._moves)
