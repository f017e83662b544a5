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

A correction that keeps the game (`Store.rewrite`: a move replaced, inserted
or deleted, `engine.corrections`) is one transaction of rows: the row that
supersedes the first move it changes, then the later moves that still fit
(and the passes it adds) as plain rows, the snapshot after the last of them.
Each correction or undo begins a **version** of the game (`Store.versions`;
version 0 is the game as first stored): what it did is read back from the
rows themselves (`engine.corrections.find_edit`), and the game as it stood
at the end of any version stays readable (`Store.record`, `Store.load_game`
with ``version``). The later moves a correction set aside are listed by
`Store.set_aside` until the table puts each back or dismisses it
(`Store.settle`: the ``settled`` table). An undo's move can be made again:
`Store.undone` lists the moves undone since the last other move.

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
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any, Final, Literal

from sqlalchemy import Connection, func, insert, inspect, select, update
from sqlalchemy.exc import IntegrityError
from sqlmodel import col

from assistant.i18n import _, ngettext, tr
from assistant.store.database import Database, StoreError, open_database
from assistant.store.models import (
    GameRow,
    InputRow,
    MoveRow,
    NoteRow,
    SeatRow,
    SettledRow,
    SnapshotRow,
)
from engine.corrections import Edit, Rewrite, SetAside, find_edit, rewrite
from engine.game import Game
from engine.moves import Forced, Move, MoveSyntaxError, Setup, unforced
from engine.record import (
    MAX_NOTES,
    Record,
    check_game,
    format_record,
    note_problem,
    record_to_json,
    result_headers,
)
from engine.rules import IllegalMove
from engine.state import GameState
from engine.views import summary

__all__ = [
    "SNAPSHOT_EVERY",
    "ConflictError",
    "GameSummary",
    "JournalEntry",
    "Note",
    "SetAsideMove",
    "Store",
    "StoreError",
    "StoredInput",
    "StoredMove",
    "Version",
    "effective_moves",
]

SNAPSHOT_EVERY: Final = 100
"""A snapshot row is written after this many move rows (and at the moments listed in Store)."""

NOTE_ATTEMPTS: Final = 5
"""How many times `Store.add_note` takes the next number when other sessions take it first."""

SETTLED_HOW: Final = ("put back", "dismissed")
"""How a set-aside move is settled (the ``settled`` table's ``how``)."""


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
    names: tuple[str, ...] = ()  # each seat's player, "" where the table gave none


@dataclass(frozen=True, slots=True)
class Version:
    """A version of a stored game: the game as a correction or an undo left it, until the next.

    ``number`` 0 is the game as first stored (``kind`` "start"). For the others,
    ``kind`` is "undo", "replace", "insert", "delete" (the later moves played again
    where they still fit) or "correct" (the move replaced, every later move
    dropped: the old correction); ``seq`` is the correction's first row and
    ``ends_at`` its last (the later moves written again, the passes it added),
    ``last`` the last row before the next version. ``move`` is the number of the
    move changed, ``text`` the move put there (None for an undo or a deletion),
    ``was`` the move that was there; ``before`` and ``moves`` the moves in effect
    just before the correction and at the version's last row; ``kept`` the later
    moves played again, ``set_aside`` those that no longer fit (numbered as
    before), ``silences`` the passes added, ``dropped`` the later moves the old
    correction dropped.
    """

    number: int
    kind: str
    seq: int
    ends_at: int
    last: int
    created_at: str
    moves: int
    move: int = 0
    text: str | None = None
    was: str | None = None
    before: int = 0
    kept: int = 0
    set_aside: tuple[SetAside, ...] = ()
    silences: int = 0
    dropped: int = 0

    @property
    def later(self) -> int:
        """The moves after the one changed (from it, for an insertion), before the change."""
        return self.before - self.move + (1 if self.kind == "insert" else 0)


@dataclass(frozen=True, slots=True)
class SetAsideMove:
    """A later move a correction set aside and the table has not settled yet: the
    correction's first row and version, the move's number before it, the move, why."""

    correction: int
    version: int
    number: int
    move: Move
    reason: object  # an engine Text (worded with tr) or a string

    @property
    def key(self) -> tuple[int, int]:
        """What `Store.settle` names it by: the correction's row and the move's number."""
        return (self.correction, self.number)


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


@dataclass(frozen=True)
class JournalEntry:
    """An input's journal row, written with the moves it made (`Store.append_moves`)."""

    seq: int
    t: float
    text: str
    refused: bool = False
    reply: str = ""

    def values(self) -> dict[str, Any]:
        return {
            "seq": self.seq,
            "t": self.t,
            "text": self.text,
            "refused": self.refused,
            "reply": self.reply,
            "created_at": _now(),
        }


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
        # What each correction did, by game and its first row: rows are never changed,
        # so it is found once (engine.corrections.find_edit replays the game).
        self._found: dict[int, dict[int, dict[str, Any]]] = {}

    @classmethod
    def open(cls, url: str | None = None) -> Store:
        """A store on `assistant.store.database.open_database(url)`."""
        return cls(open_database(url))

    def close(self) -> None:
        self._tails.clear()
        self._found.clear()
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
        return self.append_moves(game_id, [move], expected_seq)

    def append_moves(
        self,
        game_id: int,
        moves: Sequence[Move],
        expected_seq: int,
        journal: JournalEntry | None = None,
    ) -> int:
        """Store the moves one input made, as rows ``expected_seq`` on, and its journal
        row (when given), in one transaction: all of it or nothing. Returns the number
        of the last move's row (``expected_seq - 1`` when there is none).

        IllegalMove (nothing written) if the rules refuse a move; ConflictError if
        another session stored one of those rows (or journaled that input) first.
        """
        for move in moves:
            _refuse_setup(game_id, move)
        tail = self._tail_at(game_id, expected_seq)
        rows: list[tuple[int, str, GameState, GameState]] = []
        try:
            for offset, move in enumerate(moves):
                before = tail.game.state
                text = str(move)
                tail.game.push(move)
                tail.seqs.append(expected_seq + offset)
                tail.texts.append(text)
                rows.append((expected_seq + offset, text, before, tail.game.state))
            self._write_rows(game_id, tail, rows, journal)
        except BaseException:
            # The game load_game gave out is the tail's: it gets its moves taken back.
            for _row in rows:
                tail.game.undo()
                tail.seqs.pop()
                tail.texts.pop()
            tail.state = tail.game.state
            raise
        return expected_seq + len(rows) - 1

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

    def rewrite(
        self,
        game_id: int,
        edit: Edit,
        expected_seq: int,
        *,
        puts_back: Sequence[tuple[int, int]] = (),
    ) -> Rewrite:
        """Make a correction that keeps the game (`engine.corrections.rewrite`), as rows
        from `expected_seq` on, in one transaction; the correction made.

        The row that supersedes move ``edit.number`` comes first (an insertion
        after the last move is a plain row: the move is entered), then the later
        moves played again where they still fit, as plain rows. ``puts_back``
        names set-aside moves (`SetAsideMove.key`) that this correction puts
        back: they are settled in the same transaction. IllegalMove (nothing
        written) when the rules refuse the correction; ConflictError when
        another session wrote row `expected_seq` first.
        """
        tail = self._tail_at(game_id, expected_seq)
        fixed = rewrite(tail.game.moves, edit)
        n = edit.number
        texts = [str(move) for move in fixed.moves[n - 1 :]]
        rows: list[tuple[int | None, str | None]]
        if n > len(tail.seqs):  # after the last move: the move is entered
            rows = [(None, text) for text in texts]
        elif edit.kind == "delete":
            rows = [(tail.seqs[n - 1], None), *((None, text) for text in texts)]
        else:
            rows = [(tail.seqs[n - 1], texts[0]), *((None, text) for text in texts[1:])]
        last = expected_seq + len(rows) - 1
        seqs = [
            *tail.seqs[: n - 1],
            *(seq for seq, (_s, text) in enumerate(rows, expected_seq) if text),
        ]
        all_texts = [*tail.texts[: n - 1], *texts]
        now = _now()
        before, after = tail.game.state, fixed.game.state
        try:
            with self.db.failures(
                _("cannot store move {seq} of game {game}").format(seq=expected_seq, game=game_id)
            ):
                self.db.check_file()
                with self.db.engine.begin() as conn:
                    try:
                        conn.execute(
                            insert(MoveRow),
                            [
                                {
                                    "game_id": game_id,
                                    "seq": seq,
                                    "text": text,
                                    "forced": text is not None and text.startswith("!"),
                                    "supersedes": supersedes,
                                    "created_at": now,
                                }
                                for seq, (supersedes, text) in enumerate(rows, expected_seq)
                            ],
                        )
                        for correction, number in puts_back:
                            _insert_settled(conn, game_id, correction, number, "put back", now)
                    except IntegrityError:
                        raise ConflictError(game_id, expected_seq) from None
                    _update_seats(conn, game_id, before, after)
                    _insert_snapshot(conn, game_id, last, all_texts, after)
        except BaseException:
            self._tails.pop(game_id, None)
            raise
        self._tails[game_id] = _Tail(fixed.game, seqs, all_texts, last + 1, 0)
        return fixed

    def settle(self, game_id: int, key: tuple[int, int], how: str = "dismissed") -> int:
        """Settle a set-aside move (`SetAsideMove.key`): ``dismissed`` (dropped for good)
        or ``put back``; returns the row's number. StoreError when the game has no
        such move set aside."""
        if how not in SETTLED_HOW:
            raise ValueError(f"how: one of {SETTLED_HOW}, not {how!r}")
        if key not in {item.key for item in self.set_aside(game_id)}:
            correction, number = key
            raise StoreError(
                _("game {game}: no move {number} set aside by the correction at row {row}").format(
                    game=game_id, number=number, row=correction
                )
            )
        with self.db.failures(_("cannot store game {game}").format(game=game_id)):
            self.db.check_file()
            for _attempt in range(NOTE_ATTEMPTS):
                try:
                    with self.db.engine.begin() as conn:
                        return _insert_settled(conn, game_id, *key, how, _now())
                except IntegrityError:
                    continue  # another session took that number first: take the next
        raise StoreError(
            _("game {game}: other sessions keep writing; try again").format(game=game_id)
        )

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
        snapshot = supersedes is not None or _snapshot_due(tail.since_snapshot, before, after)
        try:
            with self.db.failures(
                _("cannot store move {seq} of game {game}").format(seq=seq, game=game_id)
            ):
                self.db.check_file()
                with self.db.engine.begin() as conn:
                    _insert_move(conn, game_id, seq, text, supersedes)
                    _update_seats(conn, game_id, before, after)
                    if snapshot:
                        _insert_snapshot(conn, game_id, seq, tail.texts, after)
        except BaseException:
            self._tails.pop(game_id, None)
            raise
        tail.next_seq = seq + 1
        tail.since_snapshot = 0 if snapshot else tail.since_snapshot + 1
        tail.state = after

    def _write_rows(
        self,
        game_id: int,
        tail: _Tail,
        rows: Sequence[tuple[int, str, GameState, GameState]],
        journal: JournalEntry | None,
    ) -> None:
        """Insert move rows ``(seq, text, before, after)`` (each with its seat changes and
        a due snapshot) and a journal row, in one transaction. ``tail`` already holds
        the game after the rows."""
        since = tail.since_snapshot
        first_text = len(tail.texts) - len(rows)
        doing = _("cannot store move {seq} of game {game}").format(
            seq=rows[0][0] if rows else tail.next_seq, game=game_id
        )
        try:
            with self.db.failures(doing):
                self.db.check_file()
                with self.db.engine.begin() as conn:
                    for index, (seq, text, before, after) in enumerate(rows):
                        _insert_move(conn, game_id, seq, text, None)
                        _update_seats(conn, game_id, before, after)
                        if _snapshot_due(since, before, after):
                            texts = tail.texts[: first_text + index + 1]
                            _insert_snapshot(conn, game_id, seq, texts, after)
                            since = 0
                        else:
                            since += 1
                    if journal is not None:
                        row = journal.values()
                        try:
                            conn.execute(insert(InputRow).values(game_id=game_id, **row))
                        except IntegrityError:
                            raise ConflictError(game_id, journal.seq, "input") from None
        except BaseException:
            self._tails.pop(game_id, None)  # read again by the next call
            raise
        if rows:
            tail.next_seq = rows[-1][0] + 1
        tail.since_snapshot = since
        tail.state = tail.game.state

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
        row = JournalEntry(expected_seq, t, text, refused, reply).values()
        doing = _("cannot journal input {seq} of game {game}")
        with self.db.failures(doing.format(seq=expected_seq, game=game_id)):
            self.db.check_file()
            try:
                with self.db.engine.begin() as conn:
                    conn.execute(insert(InputRow).values(game_id=game_id, **row))
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

    def moves(self, game_id: int, version: int | None = None) -> list[StoredMove]:
        """The rows whose moves are in effect (see `effective_moves`): now, or at the
        end of ``version`` (see `versions`)."""
        rows = self.rows(game_id)
        if version is not None:
            last = self._version(game_id, rows, version).last
            rows = [row for row in rows if row.seq <= last]
        try:
            return effective_moves(rows)
        except ValueError as exc:
            raise StoreError(_game_problem(game_id, exc)) from None

    def record(self, game_id: int, version: int | None = None) -> Record:
        """The game as a record: its headers, the moves in effect (now, or at the end of
        ``version``) and the notes on them."""
        headers = self._headers(game_id)
        cache: dict[str, Move] = {}
        moves = tuple(_parse(game_id, row, cache) for row in self.moves(game_id, version))
        notes = tuple((n.move, n.text) for n in self._notes(game_id) if n.move <= len(moves))
        return Record(headers, moves, tuple(range(1, len(moves) + 1)), notes)

    def versions(self, game_id: int) -> list[Version]:
        """Every version of the game, oldest first: version 0 as first stored, then one
        for each correction or undo, with what it did (read back from the rows)."""
        return self._history(game_id, self.rows(game_id))[0]

    def set_aside(self, game_id: int) -> list[SetAsideMove]:
        """The later moves corrections set aside that the table has not settled (put
        back or dismissed) yet, in the order the corrections were made."""
        versions = self.versions(game_id)
        settled = self._settled(game_id)
        return [
            SetAsideMove(v.seq, v.number, item.number, item.move, item.reason)
            for v in versions
            for item in v.set_aside
            if (v.seq, item.number) not in settled
        ]

    def undone(self, game_id: int) -> list[Move]:
        """The moves undone since the last other move, the one undone last at the end:
        what redo makes again, last first."""
        return self._history(game_id, self.rows(game_id))[1]

    def export(
        self, game_id: int, fmt: Literal["sgs", "json"] = "sgs", version: int | None = None
    ) -> str:
        """The record (now, or at the end of ``version``) as ``.sgs`` text or JSON
        (docs/record-format.md)."""
        record = self.record(game_id, version)
        # How the game ended, when it has and its headers do not say (a game the table
        # stored move by move; an imported record keeps its own): Result, CoWinners.
        if "Result" not in record.headers:
            ended = result_headers(self.load_game(game_id, version).state)
            record = replace(record, headers={**record.headers, **ended})
        if fmt == "json":
            return record_to_json(record) + "\n"
        if fmt == "sgs":
            return format_record(record)
        raise ValueError(
            _("unknown export format {format}; choose sgs or json").format(format=repr(fmt))
        )

    def load_game(self, game_id: int, version: int | None = None) -> Game:
        """Read the game from the database and replay it: the table as it stands now,
        or as it stood at the end of ``version`` (see `versions`)."""
        if version is not None:
            return Game(self.record(game_id, version).moves)
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
                        col(SnapshotRow.state),
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
            snap_seq, snap_moves, status, winner, state = snapshots.get(
                game_id, (0, 0, "playing", None, "{}")
            )
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
                    _names(state),
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

    def _version(self, game_id: int, rows: list[StoredMove], number: int) -> Version:
        versions = self._history(game_id, rows)[0]
        if not 0 <= number < len(versions):
            raise StoreError(
                _("game {game} has versions 0-{last}: there is no version {n}").format(
                    game=game_id, last=len(versions) - 1, n=number
                )
            )
        return versions[number]

    def _history(self, game_id: int, rows: list[StoredMove]) -> tuple[list[Version], list[Move]]:
        """The game's versions, and the moves undone since the last other move."""
        with self.db.failures(self._reading(game_id)), self.db.engine.connect() as conn:
            snapshots = list(
                conn.execute(
                    select(col(SnapshotRow.seq))
                    .where(col(SnapshotRow.game_id) == game_id)
                    .order_by(col(SnapshotRow.seq))
                ).scalars()
            )
        try:
            return _history(game_id, rows, snapshots, self._found.setdefault(game_id, {}))
        except ValueError as exc:
            raise StoreError(_game_problem(game_id, exc)) from None

    def _settled(self, game_id: int) -> set[tuple[int, int]]:
        with self.db.failures(self._reading(game_id)), self.db.engine.connect() as conn:
            if self.db.read_only and not inspect(conn).has_table("settled"):
                return set()  # a read-only file from before set-aside moves: none settled
            found = conn.execute(
                select(col(SettledRow.correction), col(SettledRow.number)).where(
                    col(SettledRow.game_id) == game_id
                )
            ).all()
        return {(correction, number) for correction, number in found}

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


def _history(
    game_id: int,
    rows: Sequence[StoredMove],
    snapshots: Sequence[int],
    found: dict[int, dict[str, Any]],
) -> tuple[list[Version], list[Move]]:
    """Read the versions of a game from its rows (see `Store.versions`), and the moves
    undone since the last other move (see `Store.undone`).

    A correction's rows are its superseding row and the plain rows after it up
    to the snapshot written with them (every correction and undo writes one).
    ``found`` keeps what each correction did, by its first row, from one reading
    to the next. ValueError for a log that breaks the rule of `effective_moves`.
    """
    cache: dict[str, Move] = {}

    def parsed(kept: Sequence[StoredMove]) -> list[Move]:
        return [_parse(game_id, row, cache) for row in kept]

    kept: list[StoredMove] = []
    seqs: list[int] = []
    versions: list[Version] = []
    undone: list[Move] = []
    first = rows[0] if rows else StoredMove(1, None)
    opened = _Opened(0, "start", first.seq, first.seq, first.created_at)
    i = 0
    while i < len(rows):
        row = rows[i]
        if row.supersedes is None:
            kept.append(row)
            seqs.append(row.seq)
            move = _parse(game_id, row, cache)
            if undone and undone[-1] == move:
                undone.pop()  # the move undone last, made again
            else:
                undone.clear()
            i += 1
            continue
        # A correction or an undo: this row, and the plain rows up to its snapshot.
        at = bisect.bisect_left(snapshots, row.seq)
        end = snapshots[at] if at < len(snapshots) else row.seq
        j = i + 1
        while j < len(rows) and rows[j].seq <= end and rows[j].supersedes is None:
            j += 1
        cut = _position(seqs, row.supersedes, row.seq)
        before = list(kept)
        del kept[cut:], seqs[cut:]
        for written in rows[i:j]:
            if written.text is not None:
                kept.append(written)
                seqs.append(written.seq)
        versions.append(opened.closed(row.seq - 1, len(before)))
        number = cut + 1
        opened = _Opened(len(versions), "undo", row.seq, rows[j - 1].seq, row.created_at)
        opened.facts = {"move": number, "was": before[cut].text, "before": len(before)}
        if row.text is None and j == i + 1 and number == len(before):
            undone.append(_parse(game_id, before[-1], cache))
        else:
            undone.clear()
            if row.seq not in found:
                found[row.seq] = _found(game_id, parsed(before), number, row, parsed(kept), j - i)
            facts = dict(found[row.seq])
            opened.kind = facts.pop("kind")
            opened.facts.update(facts)
        i = j
    versions.append(opened.closed(rows[-1].seq if rows else 0, len(kept)))
    return versions, undone


def _found(
    game_id: int, before: list[Move], number: int, row: StoredMove, after: list[Move], rows: int
) -> dict[str, Any]:
    """What a correction did (its kind and `Version` fields), from the moves before and
    after its ``rows`` rows, the first of them ``row`` (superseding move ``number``)."""
    new = None if row.text is None else _parse(game_id, row, {})
    edit = find_edit(before, number, new, after)
    facts: dict[str, Any] = {"text": row.text}
    if edit is not None:
        facts["kind"] = edit.edit.kind
        facts["kept"] = len(edit.kept)
        facts["set_aside"] = edit.set_aside
        facts["silences"] = len(edit.silences)
    else:  # later moves dropped though they would fit: the old correction
        facts["kind"] = "correct" if new is not None else "delete"
        facts["kept"] = rows - 1
        facts["dropped"] = len(before) - number - (rows - 1)
    return facts


@dataclass
class _Opened:
    """A version being read: what began it; its end is known when the next begins."""

    number: int
    kind: str
    seq: int
    ends_at: int
    created_at: str
    facts: dict[str, Any] = field(default_factory=dict)

    def closed(self, last: int, moves: int) -> Version:
        return Version(
            self.number, self.kind, self.seq, self.ends_at, last, self.created_at, moves,
            **self.facts,
        )  # fmt: skip


def _insert_settled(
    conn: Connection, game_id: int, correction: int, number: int, how: str, now: str
) -> int:
    """Insert a game's next settled row; its number. IntegrityError when another
    session took that number first."""
    last = conn.execute(
        select(func.max(col(SettledRow.seq))).where(col(SettledRow.game_id) == game_id)
    ).scalar()
    seq = (last or 0) + 1
    conn.execute(
        insert(SettledRow).values(
            game_id=game_id,
            seq=seq,
            correction=correction,
            number=number,
            how=how,
            created_at=now,
        )
    )
    return int(seq)


def _game_problem(game_id: int, problem: object) -> str:
    """``game N: PROBLEM``, the problem worded in the language in use."""
    return _("game {game}: {problem}").format(game=game_id, problem=tr(problem))


def _names(state: str) -> tuple[str, ...]:
    """The players' names in a snapshot's table (``engine.views.summary``), if it has any."""
    try:
        seats = json.loads(state).get("seats", [])
    except (ValueError, AttributeError):
        return ()
    names = tuple(str(seat.get("player") or "") for seat in seats if isinstance(seat, dict))
    return names if any(names) else ()


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


def _insert_move(
    conn: Connection, game_id: int, seq: int, text: str | None, supersedes: int | None
) -> None:
    """Insert a move row; ConflictError when another session stored that row first."""
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


def _snapshot_due(since_snapshot: int, before: GameState, after: GameState) -> bool:
    """Whether a move row (after ``since_snapshot`` rows without one) takes a snapshot."""
    return (
        since_snapshot + 1 >= SNAPSHOT_EVERY
        or after.over != before.over
        # The games list reads the players' names from the latest snapshot.
        or any(a.player != b.player for a, b in zip(after.seats, before.seats, strict=False))
    )


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
