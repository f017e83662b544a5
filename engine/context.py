"""What a rule needs besides the table while a move is applied: the mode, and whether
the move is forced."""

from __future__ import annotations

from dataclasses import dataclass

from engine.modes import Mode
from engine.table import IllegalMove, Table

__all__ = ["Ctx"]


@dataclass
class Ctx:
    """What a rule needs besides the table: the mode, and whether the move is forced."""

    table: Table
    mode: Mode
    forced: bool = False

    def require(self, condition: bool, reason: str) -> None:
        """A rule check: refuses the move unless it is forced."""
        if not condition and not self.forced:
            raise IllegalMove(reason)

    def refuse(self, reason: str) -> None:
        """Refuses the move unless it is forced; for reasons costly to word, only
        worded when the check fails (``if not ok: ctx.refuse(...)``)."""
        if not self.forced:
            raise IllegalMove(reason)
