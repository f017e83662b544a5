"""What a rule needs besides the table while a move is applied: the mode, and whether
the move is forced."""

from __future__ import annotations

from engine.modes import Mode
from engine.table import IllegalMove, Table
from engine.text import Text

__all__ = ["Ctx"]


class Ctx:
    """What a rule needs besides the table: the mode, and whether the move is forced."""

    __slots__ = ("forced", "mode", "table")

    def __init__(self, table: Table, mode: Mode, forced: bool = False) -> None:
        self.table = table
        self.mode = mode
        self.forced = forced

    def require(self, condition: bool, reason: Text) -> None:
        """A rule check: refuses the move unless it is forced."""
        if not condition and not self.forced:
            raise IllegalMove(reason)

    def refuse(self, reason: Text) -> None:
        """Refuses the move unless it is forced; for reasons costly to word, only
        worded when the check fails (``if not ok: ctx.refuse(...)``)."""
        if not self.forced:
            raise IllegalMove(reason)
