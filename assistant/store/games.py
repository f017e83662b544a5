"""The game record store: games and their append-only move logs.

Every move of a game is a row (game id, sequence number 1, 2, 3 ...) that is
inserted once and never changed (`assistant.store.models`). Mistakes at the table
are fixed by appending, never by rewriting:

- a plain row plays its move;
- a row that **supersedes** row *k* takes the game back to just before row
  *k* (row *k* and every later move still in effect stop counting), then
  plays its own move there; with no move it is an **undo**.

So the moves in effect are derived by reading the rows in order, keeping a
list: append a plain row's move; for a superseding row, cut the list back to
just before row *k* (which must be in the list, and may not be the setup,
row 1) and append its move if it has one. `effective_moves` is exactly that
rule. Nothing is lost: the full log, corrections included, stays readable
with `Store.rows`.

Writers never overwrite each other: `Store.append` names the sequence number
it expects to write; if another session wrote that number first, the primary
key refuses the row and a :class:`ConflictError` says to reload.

Beside the moves, each game keeps the journal of its inputs (`Store.append_input`,
`Store.inputs`): every sighting and button press as a table script line, with
its time, refused ones marked. It is written the same way, one row per input
and never changed, and it is not the truth of the game (the moves are): it
tells how the table got there.

Reviewers' notes (`Store.add_note`, `Store.notes`) are appended the same way:
each is on a position, move N of the moves in effect (0: the game as a
whole), and stays there through later corrections (see
`assistant.store.models`). `Store.record` carries them, so export and
import keep them.

>>> rows = [StoredMove(1, "setup identity 4"), StoredMove(2, "role 1 lord"),
...         StoredMove(3, "general 1 liubei"), StoredMove(4, "general 1 caocao", supersedes=3),
...         StoredMove(5, "general 2 sunquan"), StoredMove(6, None, supersedes=5)]
>>> [(row.seq, row.text) for row in effective_moves(rows)]
[(1, 'setup identity 4'), (2, 'role 1 lord'), (4, 'general 1 caocao')]
"""

from __future__ import annotations

import bisect
import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Final, Literal

from sqlalchemy import Connection, func, insert, inspect, select, update
from sqlalchemy.exc import IntegrityError
from sqlmodel import col

from assistant.i18n import _, ngettext, tr
from assistant.store.database import Database, StoreError, open_database
from assistant.store.models import GameRow, InputRow, MoveRow, NoteRow, SeatRow, SnapshotRow
from engine.game import Game
from engine.moves import Forced, Move, MoveSyntaxError, Setup, unforced
from engine.record import (
    MAX_NOTES,
    Record,
    check_game,
    format_record,
    note_problem,
    record_to_json,
)
from engine.rules import IllegalMove
from engine.state import GameState
from engine.views import summary

__all__ = [
    "SNAPSHOT_EVERY",
    "ConflictError",
    "GameSummary",
    "Note",
    "Store",
    "StoreError",
    "StoredInput",
    "StoredMove",
    "effective_moves",
]

SNAPSHOT_EVERY: Final = 100
"""A snapshot row is written after this many move rows (and at the moments listed in Store)."""

NOTE_ATTEMPTS: Final = 5
"""How many times `Store.add_note` takes the next number when other sessions take it first."""


class ConflictError(StoreError):
    """Another session stored this sequence number of the game first."""

    def __init__(self, game_id: int, seq: int, row: str = "move") -> None:
        self.game_id = game_id
        self.seq = seq
        if row == "input":
            message = _(
                "game {game} already has input {seq}: another session wrote it first; "
                "reload the game"
            )
        else:
            message = _(
                "game {game} already has move {seq}: another session wrote it first; "
                "reload the game"
            )
        super().__init__(message.format(game=game_id, seq=seq))


@dataclass(frozen=True, slots=True)
class StoredMove:
    """One row of a game's log: the move's text, or None for an undo."""

    seq: int
    text: str | None
    supersedes: int | None = None
    forced: bool = False
    created_at: str = ""


@dataclass(frozen=True, slots=True)
class StoredInput:
    """One row of a game's input journal: a table script line without its time, and the time."""

    seq: int
    t: float
    text: str
    refused: bool = False
    reply: str = ""
    created_at: str = ""


@dataclass(frozen=True, slots=True)
class Note:
    """A reviewer's note: the move it is on (0: the game as a whole), its text, when it
    was written, and its number among the game's notes."""

    move: int
    text: str
    created_at: str = ""
    seq: int = 0


@dataclass(frozen=True, slots=True)
class GameSummary:
    """A line of the games list; status and winner come from the latest snapshot."""

    id: int
    created_at: str
    mode: str
    players: int
    variant: str
    headers: dict[str, str]
    rows: int  # log rows, corrections included
    moves: int  # moves in effect
    status: str  # "playing" or "over"
    winner: str | None


def effective_moves(rows: Iterable[StoredMove]) -> list[StoredMove]:
    """The rows whose moves are in effect, in order (see the module docstring).

    Raises ValueError for a log that breaks the rule (superseding a row that
    is not in effect, or the setup).
    """
    kept: list[StoredMove] = []
    seqs: list[int] = []
    for row in rows:
        if row.supersedes is not None:
            cut = _position(seqs, row.supersedes, row.seq)
            del kept[cut:], seqs[cut:]
        if row.text is not None:
            kept.append(row)
            seqs.append(row.seq)
    return kept


def _position(seqs: list[int], target: int, seq: int) -> int:
    at = bisect.bisect_left(seqs, target)
    if at == len(seqs) or seqs[at] != target:
        raise ValueError(
            _("move {seq} supersedes move {target}, which is not in effect").format(
                seq=seq, target=target
            )
        )
    if at == 0:
        raise ValueError(
            _("move {seq} supersedes the setup, which cannot be corrected").format(seq=seq)
        )
    return at


@dataclass
class _Tail:
    """What a Store knows of a game it writes: the replayed game and where the log ends."""

    game: Game
    seqs: list[int]  # the row number of each move in effect, parallel to game.moves
    texts: list[str]  # the text of each move in effect
    next_seq: int
    since_snapshot: int
    state: GameState = field(init=False)  # game.state as this Store left it

    def __post_init__(self) -> None:
        self.state = self.game.state


class Store:
    """Games and their logs in one database. Not shared between threads.

    The Store replays each game it writes to (once, on first use) so that
    it stores only moves the rules accept (or forced ones, flagged). The
    game `load_game` returns is that replayed game: appends made through this
    Store update it; push to it only through the Store.

    Snapshots are written with the move row they follow: at creation, after
    every `SNAPSHOT_EVERY` rows, after every correction and undo, and when a
    move ends the game.
    """

    def __init__(self, database: Database) -> None:
        self.db = database
        self._tails: dict[int, _Tail] = {}

    @classmethod
    def open(cls, url: str | None = None) -> Store:
        """A store on `assistant.store.database.open_database(url)`."""
        return cls(open_database(url))

    def close(self) -> None:
        self._tails.clear()
        self.db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *_args: object) -> None:
        self.close()

    # ------------------------------------------------------------ creating

    def create_game(self, moves: Sequence[Move], headers: Mapping[str, str] | None = None) -> int:
        """Store a new game from its first moves (``setup`` first); its id.

        RecordError (nothing written) if the moves do not replay.
        """
        return self.import_record(Record(dict(headers or {}), tuple(moves)))

    def import_record(self, record: Record) -> int:
        """Store a whole record as a new game, in one transaction; its id.

        The record is replayed first: one that does not replay raises
        RecordError naming the move, and writes nothing.
        """
        game = check_game(record)  # the same checks as `sgs-table check`
        headers = {k: v for k, v in record.headers.items() if k != "Format"}
        setup = unforced(record.moves[0])
        assert isinstance(setup, Setup)
        texts = [str(move) for move in record.moves]
        now = _now()
        with self.db.failures(_("cannot store the game")):
            self.db.check_file()
            with self.db.engine.begin() as conn:
                result = conn.execute(
                    insert(GameRow).values(
                        created_at=now,
                        mode=setup.mode,
                        players=setup.players,
                        variant=setup.variant,
                        headers=json.dumps(headers, ensure_ascii=False),
                    )
                )
                key = result.inserted_primary_key
                assert key is not None
                game_id = int(key[0])
                conn.execute(
                    insert(SeatRow),
                    [
                        {"game_id": game_id, "seat": seat, "generals": generals, "role": role}
                        for seat, (generals, role) in _seats(game.state).items()
                    ],
                )
                conn.execute(
                    insert(MoveRow),
                    [
                        {
                            "game_id": game_id,
                            "seq": seq,
                            "text": text,
                            "forced": isinstance(move, Forced),
                            "supersedes": None,
                            "created_at": now,
                        }
                        for seq, (text, move) in enumerate(zip(texts, record.moves, strict=True), 1)
                    ],
                )
                _insert_snapshot(conn, game_id, len(texts), texts, game.state)
                if record.notes:
                    conn.execute(
                        insert(NoteRow),
                        [
                            {
                                "game_id": game_id,
                                "seq": seq,
                                "move": move,
                                "text": text,
                                "created_at": now,
                            }
                            for seq, (move, text) in enumerate(record.notes, 1)
                        ],
                    )
        seqs = list(range(1, len(texts) + 1))
        self._tails[game_id] = _Tail(game, seqs, texts, len(texts) + 1, 0)
        return game_id

    # ------------------------------------------------------------ writing

    def next_seq(self, game_id: int) -> int:
        """The sequence number the next row of this game will get."""
        return self._tail(game_id).next_seq

    def append(self, game_id: int, move: Move, expected_seq: int) -> int:
        """Store the next move of a game as row `expected_seq`; returns that number.

        IllegalMove (nothing written) if the rules refuse the move;
        ConflictError if another session stored that row first.
        """
        _refuse_setup(game_id, move)
        tail = self._tail_at(game_id, expected_seq)
        before = tail.game.state
        text = str(move)
        tail.game.push(move)
        tail.seqs.append(expected_seq)
        tail.texts.append(text)
        try:
            self._write(game_id, tail, expected_seq, text, None, before)
        except BaseException:
            tail.game.undo()
            tail.seqs.pop()
            tail.texts.pop()
            tail.state = tail.game.state
            raise
        return expected_seq

    def correct(self, game_id: int, seq: int, move: Move, expected_seq: int) -> int:
        """Replace move `seq` (still in effect) by `move`: the moves after it stop counting.

        Appends a row that supersedes row `seq`; returns its number.
        """
        return self._supersede(game_id, seq, move, expected_seq)

    def undo(self, game_id: int, expected_seq: int) -> int:
        """Take back the last move in effect (never the setup); returns the new row's number."""
        tail = self._tail_at(game_id, expected_seq)
        if len(tail.seqs) == 1:
            raise StoreError(
                _("game {game}: nothing to undo (only the setup is left)").format(game=game_id)
            )
        return self._supersede(game_id, tail.seqs[-1], None, expected_seq)

    def _supersede(self, game_id: int, target: int, move: Move | None, expected_seq: int) -> int:
        if move is not None:
            _refuse_setup(game_id, move)
        tail = self._tail_at(game_id, expected_seq)
        try:
            cut = _position(tail.seqs, target, expected_seq)
        except ValueError as exc:
            raise StoreError(_game_problem(game_id, exc)) from None
        before = tail.game.state
        old_seqs, old_texts = list(tail.seqs), list(tail.texts)
        taken = [tail.game.undo() for _i in range(len(tail.seqs) - cut)]
        del tail.seqs[cut:], tail.texts[cut:]
        text = None if move is None else str(move)
        try:
            if move is not None:
                tail.game.push(move)
                tail.seqs.append(expected_seq)
                tail.texts.append(str(move))
            self._write(game_id, tail, expected_seq, text, target, before)
        except BaseException:
            # Put the game back as it was: the moves taken back replay as before.
            while len(tail.game) > cut:
                tail.game.undo()
            for old in reversed(taken):
                tail.game.push(old)
            tail.seqs[:], tail.texts[:] = old_seqs, old_texts
            tail.state = tail.game.state
            raise
        return expected_seq

    def _write(
        self,
        game_id: int,
        tail: _Tail,
        seq: int,
        text: str | None,
        supersedes: int | None,
        before: GameState,
    ) -> None:
        """Insert row `seq` (with seat changes and a due snapshot) in one transaction.

        `tail` already holds the game after the row; it is forgotten when the
        write fails, so the next call reads the game again.
        """
        after = tail.game.state
        snapshot = (
            supersedes is not None
            or tail.since_snapshot + 1 >= SNAPSHOT_EVERY
            or after.over != before.over
        )
        try:
            with self.db.failures(
                _("cannot store move {seq} of game {game}").format(seq=seq, game=game_id)
            ):
                self.db.check_file()
                with self.db.engine.begin() as conn:
                    try:
                        conn.execute(
                            insert(MoveRow).values(
                                game_id=game_id,
                                seq=seq,
                                text=text,
                                forced=text is not None and text.startswith("!"),
                                supersedes=supersedes,
                                created_at=_now(),
                            )
                        )
                    except IntegrityError:
                        raise ConflictError(game_id, seq) from None
                    _update_seats(conn, game_id, before, after)
                    if snapshot:
                        _insert_snapshot(conn, game_id, seq, tail.texts, after)
        except BaseException:
            self._tails.pop(game_id, None)
            raise
        tail.next_seq = seq + 1
        tail.since_snapshot = 0 if snapshot else tail.since_snapshot + 1
        tail.state = after

    def append_input(
        self,
        game_id: int,
        expected_seq: int,
        t: float,
        text: str,
        *,
        refused: bool = False,
        reply: str = "",
    ) -> int:
        """Journal an input of a game as row `expected_seq`; returns that number.

        ConflictError if another session journaled that row first; StoreError
        if there is no such game or the database fails.
        """
        row = {
            "game_id": game_id,
            "seq": expected_seq,
            "t": t,
            "text": text,
            "refused": refused,
            "reply": reply,
            "created_at": _now(),
        }
        doing = _("cannot journal input {seq} of game {game}")
        with self.db.failures(doing.format(seq=expected_seq, game=game_id)):
            self.db.check_file()
            try:
                with self.db.engine.begin() as conn:
                    conn.execute(insert(InputRow).values(**row))
            except IntegrityError:
                # The key, or the game it names: say which.
                if expected_seq < self.next_input(game_id)[0]:
                    raise ConflictError(game_id, expected_seq, "input") from None
                raise StoreError(self._no_game(game_id)) from None
        return expected_seq

    def add_note(self, game_id: int, move: int, text: str) -> int:
        """Append a note on move `move` of the moves in effect (0: the game as a whole);
        returns its number.

        StoreError, nothing written, for an unknown game, a move outside 0..the
        moves in effect, a text no record could hold (empty, too long, not
        valid Unicode) or a game with MAX_NOTES notes already.
        """
        problem = note_problem(text)
        if problem:
            raise StoreError(_game_problem(game_id, problem))
        self._headers(game_id)  # an unknown game, said as such
        moves = len(self.moves(game_id))
        if not 0 <= move <= moves:
            outside = ngettext(
                "game {game} has {moves} move: a note goes on move 0..{moves}, not {move}",
                "game {game} has {moves} moves: a note goes on move 0..{moves}, not {move}",
                moves,
            )
            raise StoreError(outside.format(game=game_id, moves=moves, move=move))
        with self.db.failures(_("cannot store a note on game {game}").format(game=game_id)):
            self.db.check_file()
            for _attempt in range(NOTE_ATTEMPTS):
                try:
                    with self.db.engine.begin() as conn:
                        return _insert_note(conn, game_id, move, text)
                except IntegrityError:
                    continue  # another session took that number first: take the next
        raise StoreError(
            _("game {game}: other sessions keep adding notes; try again").format(game=game_id)
        )

    # ------------------------------------------------------------ reading

    def notes(self, game_id: int) -> list[Note]:
        """A game's notes in order of their moves (as written, on one move), those beyond
        the moves in effect included."""
        self._headers(game_id)  # an unknown game is an error, not a game without notes
        return self._notes(game_id)

    def inputs(self, game_id: int) -> list[StoredInput]:
        """The journal of a game's inputs, in order (empty for an imported record)."""
        self._headers(game_id)  # an unknown game is an error, not an empty journal
        with self.db.failures(self._reading(game_id)), self.db.engine.connect() as conn:
            found = conn.execute(
                select(
                    col(InputRow.seq),
                    col(InputRow.t),
                    col(InputRow.text),
                    col(InputRow.refused),
                    col(InputRow.reply),
                    col(InputRow.created_at),
                )
                .where(col(InputRow.game_id) == game_id)
                .order_by(col(InputRow.seq))
            ).all()
        return [StoredInput(*row) for row in found]

    def next_input(self, game_id: int) -> tuple[int, float]:
        """The sequence number the game's next input gets, and the time of its last (0 if none)."""
        with self.db.failures(self._reading(game_id)), self.db.engine.connect() as conn:
            last = conn.execute(
                select(col(InputRow.seq), col(InputRow.t))
                .where(col(InputRow.game_id) == game_id)
                .order_by(col(InputRow.seq).desc())
                .limit(1)
            ).first()
        return (1, 0.0) if last is None else (last[0] + 1, last[1])

    def rows(self, game_id: int) -> list[StoredMove]:
        """The whole log of a game, corrections and undos included, in order."""
        with self.db.failures(self._reading(game_id)), self.db.engine.connect() as conn:
            found = conn.execute(
                select(
                    col(MoveRow.seq),
                    col(MoveRow.text),
                    col(MoveRow.supersedes),
                    col(MoveRow.forced),
                    col(MoveRow.created_at),
                )
                .where(col(MoveRow.game_id) == game_id)
                .order_by(col(MoveRow.seq))
            ).all()
        if not found:
            raise StoreError(self._no_game(game_id))
        return [StoredMove(*row) for row in found]

    def moves(self, game_id: int) -> list[StoredMove]:
        """The rows whose moves are in effect (see `effective_moves`)."""
        try:
            return effective_moves(self.rows(game_id))
        except ValueError as exc:
            raise StoreError(_game_problem(game_id, exc)) from None

    def record(self, game_id: int) -> Record:
        """The game as a record: its headers, the moves in effect and the notes on them."""
        headers = self._headers(game_id)
        cache: dict[str, Move] = {}
        moves = tuple(_parse(game_id, row, cache) for row in self.moves(game_id))
        notes = tuple((n.move, n.text) for n in self._notes(game_id) if n.move <= len(moves))
        return Record(headers, moves, tuple(range(1, len(moves) + 1)), notes)

    def export(self, game_id: int, fmt: Literal["sgs", "json"] = "sgs") -> str:
        """The record as ``.sgs`` text or JSON (docs/record-format.md)."""
        record = self.record(game_id)
        if fmt == "json":
            return record_to_json(record) + "\n"
        if fmt == "sgs":
            return format_record(record)
        raise ValueError(
            _("unknown export format {format}; choose sgs or json").format(format=repr(fmt))
        )

    def load_game(self, game_id: int) -> Game:
        """Read the game from the database and replay it: the table as it stands now."""
        self._tails.pop(game_id, None)
        return self._load(game_id).game

    def games(self) -> list[GameSummary]:
        """Every stored game, oldest first."""
        last_snapshot = (
            select(col(SnapshotRow.game_id), func.max(col(SnapshotRow.seq)).label("seq"))
            .group_by(col(SnapshotRow.game_id))
            .subquery()
        )
        with self.db.failures(_("cannot list the games")), self.db.engine.connect() as conn:
            games = conn.execute(
                select(
                    col(GameRow.id),
                    col(GameRow.created_at),
                    col(GameRow.mode),
                    col(GameRow.players),
                    col(GameRow.variant),
                    col(GameRow.headers),
                ).order_by(col(GameRow.id))
            ).all()
            last_rows = {
                game_id: last
                for game_id, last in conn.execute(
                    select(col(MoveRow.game_id), func.max(col(MoveRow.seq))).group_by(
                        col(MoveRow.game_id)
                    )
                ).all()
            }
            snapshots = {
                row[0]: row[1:]
                for row in conn.execute(
                    select(
                        col(SnapshotRow.game_id),
                        col(SnapshotRow.seq),
                        col(SnapshotRow.moves),
                        col(SnapshotRow.status),
                        col(SnapshotRow.winner),
                    ).join(
                        last_snapshot,
                        (col(SnapshotRow.game_id) == last_snapshot.c.game_id)
                        & (col(SnapshotRow.seq) == last_snapshot.c.seq),
                    )
                ).all()
            }
        out = []
        for game_id, created_at, mode, players, variant, headers in games:
            assert game_id is not None
            rows = last_rows.get(game_id, 0)
            snap_seq, snap_moves, status, winner = snapshots.get(game_id, (0, 0, "playing", None))
            # Corrections always write a snapshot, so rows after it are plain moves.
            moves = snap_moves + rows - snap_seq
            out.append(
                GameSummary(
                    game_id,
                    created_at,
                    mode,
                    players,
                    variant,
                    json.loads(headers),
                    rows,
                    moves,
                    status,
                    winner,
                )
            )
        return out

    def verify(self, game_id: int) -> list[str]:
        """Check a game's snapshots against its replayed log; the problems found, if any.

        A snapshot whose table differs from the replay means the rules now read
        the stored moves differently from when they were played.
        """
        rows = self.rows(game_id)
        with self.db.failures(self._reading(game_id)), self.db.engine.connect() as conn:
            snapshots = conn.execute(
                select(
                    col(SnapshotRow.seq),
                    col(SnapshotRow.moves),
                    col(SnapshotRow.moves_digest),
                    col(SnapshotRow.state),
                )
                .where(col(SnapshotRow.game_id) == game_id)
                .order_by(col(SnapshotRow.seq))
            ).all()
        problems = []
        cache: dict[str, Move] = {}
        for seq, moves, digest, state in snapshots:
            try:
                kept = effective_moves(row for row in rows if row.seq <= seq)
                game = Game(_parse(game_id, row, cache) for row in kept)
            except (ValueError, StoreError) as exc:
                problems.append(f"snapshot after move {seq}: {exc}")
                continue
            texts = [row.text or "" for row in kept]
            if len(kept) != moves or _digest(texts) != digest:
                problems.append(f"snapshot after move {seq}: the moves in effect differ")
            elif _state_json(game.state) != state:
                problems.append(f"snapshot after move {seq}: the replayed table differs")
        return problems

    # ------------------------------------------------------------ internals

    def _notes(self, game_id: int) -> list[Note]:
        with self.db.failures(self._reading(game_id)), self.db.engine.connect() as conn:
            if self.db.read_only and not inspect(conn).has_table("notes"):
                return []  # a read-only file from before notes: it cannot have any
            found = conn.execute(
                select(
                    col(NoteRow.move),
                    col(NoteRow.text),
                    col(NoteRow.created_at),
                    col(NoteRow.seq),
                )
                .where(col(NoteRow.game_id) == game_id)
                .order_by(col(NoteRow.move), col(NoteRow.seq))
            ).all()
        return [Note(*row) for row in found]

    def _headers(self, game_id: int) -> dict[str, str]:
        with self.db.failures(self._reading(game_id)), self.db.engine.connect() as conn:
            headers = conn.execute(
                select(col(GameRow.headers)).where(col(GameRow.id) == game_id)
            ).scalar()
        if headers is None:
            raise StoreError(self._no_game(game_id))
        found: dict[str, str] = json.loads(headers)
        return found

    def _no_game(self, game_id: int) -> str:
        return _("no game {game} in {database}").format(game=game_id, database=self.db.name)

    def _reading(self, game_id: int) -> str:
        return _("cannot read game {game}").format(game=game_id)

    def _tail(self, game_id: int) -> _Tail:
        tail = self._tails.get(game_id)
        if tail is None or tail.game.state is not tail.state:
            # Not loaded yet, or the game was pushed to outside the Store.
            tail = self._load(game_id)
        return tail

    def _tail_at(self, game_id: int, expected_seq: int) -> _Tail:
        tail = self._tail(game_id)
        if expected_seq > tail.next_seq:
            tail = self._load(game_id)  # another session may have written since
        if expected_seq < tail.next_seq:
            raise ConflictError(game_id, expected_seq)
        if expected_seq > tail.next_seq:
            stored = ngettext(
                "game {game} has {moves} move stored: the next is move {next}, not {seq}",
                "game {game} has {moves} moves stored: the next is move {next}, not {seq}",
                tail.next_seq - 1,
            )
            raise StoreError(
                stored.format(
                    game=game_id, moves=tail.next_seq - 1, next=tail.next_seq, seq=expected_seq
                )
            )
        return tail

    def _load(self, game_id: int) -> _Tail:
        rows = self.rows(game_id)
        with self.db.failures(self._reading(game_id)), self.db.engine.connect() as conn:
            snapshot_seq = conn.execute(
                select(func.max(col(SnapshotRow.seq))).where(col(SnapshotRow.game_id) == game_id)
            ).scalar()
        try:
            kept = effective_moves(rows)
        except ValueError as exc:
            raise StoreError(_game_problem(game_id, exc)) from None
        cache: dict[str, Move] = {}
        game = Game()
        for row in kept:
            try:
                game.push(_parse(game_id, row, cache))
            except IllegalMove as exc:
                no_longer = _("game {game} no longer replays: move {seq} ({move}): {reason}")
                raise StoreError(
                    no_longer.format(game=game_id, seq=row.seq, move=row.text, reason=tr(exc))
                ) from None
        last = rows[-1].seq
        tail = _Tail(
            game,
            [row.seq for row in kept],
            [row.text or "" for row in kept],
            last + 1,
            last - (snapshot_seq or 0),
        )
        self._tails[game_id] = tail
        return tail


def _game_problem(game_id: int, problem: object) -> str:
    """``game N: PROBLEM``, the problem worded in the language in use."""
    return _("game {game}: {problem}").format(game=game_id, problem=tr(problem))


def _refuse_setup(game_id: int, move: Move) -> None:
    # The engine would start over; a game row describes one setup, so that is a new game.
    if isinstance(unforced(move), Setup):
        raise StoreError(
            _("game {game} already has its setup: start a new game instead").format(game=game_id)
        )


def _parse(game_id: int, row: StoredMove, cache: dict[str, Move]) -> Move:
    """A stored move's text as a Move; moves are immutable, so equal texts share one."""
    assert row.text is not None
    move = cache.get(row.text)
    if move is None:
        try:
            move = cache[row.text] = Move.parse(row.text)
        except MoveSyntaxError as exc:
            raise StoreError(
                _("game {game}, move {seq}: {problem}").format(
                    game=game_id, seq=row.seq, problem=tr(exc)
                )
            ) from None
    return move


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


def _digest(texts: Sequence[str]) -> str:
    return hashlib.sha256("\n".join(texts).encode()).hexdigest()


def _state_json(state: GameState) -> str:
    return json.dumps(summary(state), ensure_ascii=False, sort_keys=True)


def _seats(state: GameState) -> dict[int, tuple[str, str | None]]:
    return {
        s.seat: (",".join(s.generals), s.role.value if s.role is not None else None)
        for s in state.seats
    }


def _update_seats(conn: Connection, game_id: int, before: GameState, after: GameState) -> None:
    if before.seats is after.seats:
        return
    old = _seats(before)
    for seat, (generals, role) in _seats(after).items():
        if old.get(seat) != (generals, role):
            conn.execute(
                update(SeatRow)
                .where(col(SeatRow.game_id) == game_id, col(SeatRow.seat) == seat)
                .values(generals=generals, role=role)
            )


def _insert_note(conn: Connection, game_id: int, move: int, text: str) -> int:
    """Insert a game's next note; its number. IntegrityError when another session took
    that number first."""
    count, last = conn.execute(
        select(func.count(), func.max(col(NoteRow.seq))).where(col(NoteRow.game_id) == game_id)
    ).one()
    if count >= MAX_NOTES:
        raise StoreError(
            _("game {game} has {notes} notes: no more can be added").format(
                game=game_id, notes=f"{MAX_NOTES:,}"
            )
        )
    seq = (last or 0) + 1
    conn.execute(
        insert(NoteRow).values(game_id=game_id, seq=seq, move=move, text=text, created_at=_now())
    )
    return int(seq)


def _insert_snapshot(
    conn: Connection, game_id: int, seq: int, texts: Sequence[str], state: GameState
) -> None:
    values: dict[str, Any] = {
        "game_id": game_id,
        "seq": seq,
        "moves": len(texts),
        "moves_digest": _digest(texts),
        "status": "over" if state.over else "playing",
        "winner": state.winner,
        "state": _state_json(state),
    }
    conn.execute(insert(SnapshotRow).values(**values))
