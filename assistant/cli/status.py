"""The exit status of every ``sgs-table`` command, one scheme for all of them.

- 0 (`DONE`): done.
- 1 (`REFUSED`): the input was refused: a record that does not read or
  replay, a move or a script line the rules refuse, a game, general, card or
  move that does not exist, a file that cannot be read or written, an answer
  "no" to a question.
- 2 (`USAGE`): the command line itself is wrong: argparse's errors (an
  unknown command or option, a missing or malformed argument, a choice that
  is not one), and options that do not go together.
- 3 (`STORE`): the store failed: the database is missing, unreachable, not a
  store, read-only, or another session wrote first (a conflict).

`epilog` words the scheme for ``--help``.
"""

from __future__ import annotations

from typing import Final

from assistant.i18n import _
from assistant.store import ConflictError, DatabaseError, StoreError

__all__ = ["DONE", "REFUSED", "STORE", "USAGE", "epilog", "error_status", "store_status"]

DONE: Final = 0
REFUSED: Final = 1
USAGE: Final = 2
STORE: Final = 3


def error_status(error: Exception) -> int:
    """The exit status of an error a command reports: a store's (`store_status`), else
    `REFUSED` (a record, a move, a file)."""
    return store_status(error) if isinstance(error, StoreError) else REFUSED


def store_status(error: StoreError) -> int:
    """The exit status of a store's error: `STORE` when the database failed or another
    session wrote first, `REFUSED` when the store refused what was asked (no such
    game, a note on a move the game does not have ...)."""
    if isinstance(error, DatabaseError | ConflictError):
        return STORE
    return REFUSED


def epilog() -> str:
    """The exit statuses, for the end of ``--help``, in the language in use."""
    return _(
        "exit status, the same for every command:\n"
        "  0  done\n"
        "  1  the input was refused: a record or a move the rules refuse; a game, general,\n"
        "     card or move that does not exist; a file that cannot be read or written\n"
        "  2  the command line is wrong (usage)\n"
        "  3  the store failed: the database is missing, unreachable, read-only or not a\n"
        "     store, or another session wrote first"
    )
