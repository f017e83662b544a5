"""The store's tables (SQLModel): games, seats, moves, snapshots, the inputs journal,
notes and the archive marks.

Only the table definitions live here; `assistant.store.database` opens a database
and `assistant.store.games` reads and writes it.

- ``games``: one row per game, written once: a short integer id people can
  type (``sgs-table export 12``), when it was created (UTC, ISO 8601 text),
  mode and player count from the setup move, the record headers as JSON.
- ``seats``: one row per seat of a game, written at creation and kept up to
  date as ``general`` and ``role`` moves make generals and roles known. It is
  a convenience index for listings; the moves are the truth.
- ``moves``: the log, keyed by (game id, sequence number), sequence numbers
  1, 2, 3 ... without gaps. **Append only**: rows are inserted and read, never
  updated or deleted. A correction is a new row that names the row it
  supersedes (see `assistant.store.games` for how the moves in effect are derived);
  one that keeps the game writes the later moves that still fit again, as plain
  rows after it, in the same transaction.
  A second session inserting the same (game, seq) hits the primary key: that
  is the conflict check, on SQLite and PostgreSQL alike.
- ``snapshots``: checkpoints of a game, appended with the move row they
  follow (same transaction): the number of moves in effect, a SHA-256 of
  their text, the game's status and winner, and the public table as JSON
  (``engine.views.summary``). They let a listing show a game's status
  without replaying it, and let `Store.verify` prove that replaying the log
  still gives the table the players saw when the move was stored.
- ``inputs``: the journal of what the table did, keyed by (game id, sequence
  number) like ``moves`` and as strictly **append only**: every sighting and
  button a session performed on the game, from its setup on, as a line of the
  table script (docs/table-script.md) with its time in seconds; refused
  inputs too, marked, since a bug report has to show them. ``sgs-table
  inputs`` writes a game's journal back out as a script.
- ``notes``: reviewers' notes on a game's moves, keyed by (game id, sequence
  number), **append only** too: a note names a position, move N of the moves
  in effect (1-based; 0 is the game as a whole, before its first move), not
  a row of ``moves``. A correction does not move or drop a note: the note
  stays on position N, whatever move is there now; one beyond the moves in
  effect (after an undo) is kept but left out of the game's record until
  the game is that long again.
- ``archived``: one row per archived game (a finished game put away:
  ``sgs-table games`` no longer lists it unless asked to); unarchiving
  removes the row. A store made before this table reads as one with
  nothing archived.

**Deleting a game** (``sgs-table games --delete``,
`assistant.store.archive.delete_game`) is the one place rows of the other
tables go away: every row of that game, in every table, in one transaction.
Nothing else ever deletes or rewrites a move, an input or a note.
- ``settled``: the table's decisions on the moves a correction set aside
  (`engine.corrections`: later moves that no longer fit), **append only**:
  each row names the correction (its first row in ``moves``) and the move's
  number before it, and says whether the move was put back (with the
  correction that put it back, in the same transaction) or dismissed. The
  corrections themselves, and what they set aside, are read from ``moves``
  (`Store.versions`); a store from before this table has no such decisions.
"""

from __future__ import annotations

from sqlmodel import Field, SQLModel

__all__ = [
    "ArchivedRow",
    "GameRow",
    "InputRow",
    "MoveRow",
    "NoteRow",
    "SeatRow",
    "SettledRow",
    "SnapshotRow",
]


class GameRow(SQLModel, table=True):
    """One game; written once when the game is created or imported."""

    __tablename__ = "games"

    id: int | None = Field(default=None, primary_key=True)
    created_at: str  # UTC, ISO 8601, e.g. 2026-11-21T19:04:05.123456+00:00
    mode: str
    players: int
    variant: str = ""
    headers: str = "{}"  # the record headers, a JSON object of strings


class SeatRow(SQLModel, table=True):
    """A seat of a game: generals (comma-separated keys, empty until chosen), role if known."""

    __tablename__ = "seats"

    game_id: int = Field(foreign_key="games.id", primary_key=True)
    seat: int = Field(primary_key=True)
    generals: str = ""
    role: str | None = None


class MoveRow(SQLModel, table=True):
    """One entry of a game's log (append only).

    ``text`` is the move's notation (``str(move)``, ``!`` first when forced).
    ``supersedes`` names an earlier row that this one corrects: the game goes
    back to just before that row, then ``text`` (if any) is played there.
    A row with ``supersedes`` and no ``text`` is an undo.
    """

    __tablename__ = "moves"

    game_id: int = Field(foreign_key="games.id", primary_key=True)
    seq: int = Field(primary_key=True)
    text: str | None = None
    forced: bool = False
    supersedes: int | None = None
    created_at: str


class SnapshotRow(SQLModel, table=True):
    """A checkpoint taken right after move row ``seq`` of a game (append only)."""

    __tablename__ = "snapshots"

    game_id: int = Field(foreign_key="games.id", primary_key=True)
    seq: int = Field(primary_key=True)
    moves: int  # how many moves are in effect after row seq
    moves_digest: str  # SHA-256 hex of those moves' text, one per line
    status: str  # "playing" or "over"
    winner: str | None = None
    state: str  # engine.views.summary(state) as JSON


class InputRow(SQLModel, table=True):
    """One input a session performed on a game (append only).

    ``text`` is the table script line without its time (``script.Command.text``),
    ``t`` its time in seconds from the start, never less than the row before's.
    ``refused`` marks an input the session refused; ``reply`` is what the
    session answered (the reason, when refused).
    """

    __tablename__ = "inputs"

    game_id: int = Field(foreign_key="games.id", primary_key=True)
    seq: int = Field(primary_key=True)
    t: float
    text: str
    refused: bool = False
    reply: str = ""
    created_at: str


class NoteRow(SQLModel, table=True):
    """A reviewer's note on move ``move`` of a game (append only; see the module docstring)."""

    __tablename__ = "notes"

    game_id: int = Field(foreign_key="games.id", primary_key=True)
    seq: int = Field(primary_key=True)
    move: int  # the position in the moves in effect, 1-based; 0 = the game as a whole
    text: str
    created_at: str


class ArchivedRow(SQLModel, table=True):
    """A finished game put away (see the module docstring)."""

    __tablename__ = "archived"

    game_id: int = Field(foreign_key="games.id", primary_key=True)
    archived_at: str  # UTC, ISO 8601


class SettledRow(SQLModel, table=True):
    """A set-aside move settled: put back or dismissed (append only; see the module docstring)."""

    __tablename__ = "settled"

    game_id: int = Field(foreign_key="games.id", primary_key=True)
    seq: int = Field(primary_key=True)
    correction: int  # the first row (in moves) of the correction that set the move aside
    number: int  # the move's number before that correction
    how: str  # "put back" or "dismissed"
    created_at: str
