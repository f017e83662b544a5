"""A game opened to be looked at (``sgs-table app --open``), read before Kivy starts.

A record file (.sgs or .json) or a stored game's id, as ``sgs-table replay``
reads them (`assistant.cli.load_replay`), and the move to stand at. No Kivy
here: `mobile.app` reads it before any window opens, so a file that does not
read is one line on the terminal.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from assistant.cli import error_text, load_replay, outside
from assistant.review import Replay
from assistant.store import DatabaseError

__all__ = ["Opened", "open_game"]


@dataclass(frozen=True, slots=True)
class Opened:
    """A game opened to be looked at (``--open``): the whole of it, and where to stand."""

    replay: Replay  # the whole game (the replay screen shows all of it)
    at: int  # the table shown: after this many moves
    title: str  # '#12' for a stored game, the file's name for a record
    game_id: int | None  # the stored game's id; None for a record file


def open_game(spec: str, db: str | None, at: int | None) -> Opened:
    """The game ``--open`` names: a record file (.sgs or .json) or a stored game's id in
    the store at ``db``, to be shown after move ``at`` (None: the last).

    Raises ValueError with the line to print when it cannot be read or ``at`` is
    outside 0..its moves, and the store's DatabaseError as it is when the database
    cannot be opened (the command's exit status says the store failed).
    """
    try:
        game = load_replay(spec, db)
    except DatabaseError:
        raise
    except (ValueError, OSError) as error:  # a record's RecordError, the store's StoreError
        raise ValueError(error_text(error)) from None
    moves = len(game)
    shown = moves if at is None else at
    if not 0 <= shown <= moves:
        raise ValueError(outside(shown, moves))
    stored = not Path(spec).exists() and spec.isdigit()
    title = f"#{spec}" if stored else Path(spec).name
    return Opened(Replay(game), shown, title, int(spec) if stored else None)
