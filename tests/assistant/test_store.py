"""The record store, on a SQLite file and on a real PostgreSQL server (see conftest.py)."""

from __future__ import annotations

import doctest
import os
import re
import sqlite3
import threading
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event, text

import assistant.store.database
import assistant.store.games
from assistant.store import (
    SNAPSHOT_EVERY,
    ConflictError,
    Store,
    StoredMove,
    StoreError,
    default_url,
    effective_moves,
    open_database,
    resolve_url,
)
from bench.simulate import play, random_setup
from engine.moves import Move
from engine.record import Record, RecordError, parse_record, record_from_json, replay
from engine.rules import IllegalMove
from tests.assistant.postgres import PostgresServer

OpenStore = Callable[[], Store]

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
SHORT_GAME = """\
[Event "Friday club"]
[Result "lord"]

setup identity 4
role 1 lord
general 1 caocao
general 2 xiahoudun
general 3 zhangliao
general 4 xuchu
deal
next
draw 1 x2
use 1 #65 -> 4
pass
pass 4
!damage 4 3 from 1
pass
role 4 renegade
!damage 3 4 from 1
pass
role 3 rebel
"""


@cache
def simulated(seed: int = 3, players: int = 5, moves: int = 160) -> tuple[int, tuple[Move, ...]]:
    """A legal identity game: how many setup moves it starts with, and all its moves."""
    setup = random_setup(seed, "identity", players)
    return len(setup), tuple(play(seed, setup, moves, aggression=0.5).moves)


@cache
def finished_game() -> tuple[Move, ...]:
    """A legal 4-player game that ends, the lord's side winning: the first simulated
    seed that does (which seed depends on the simulator, so it is searched for)."""
    for seed in range(50):
        played = play(seed, random_setup(seed, "identity", 4), 400)
        if played.states[-1].winner == "lord":
            return tuple(played.moves)
    raise AssertionError("no simulated 4-player game won by the lord's side")


def new_game(
    store: Store, moves: int = 60, created: int | None = None
) -> tuple[int, tuple[Move, ...]]:
    """A game of `moves` moves: the first `created` (default: the setup) stored at creation,
    the others appended; the game's full move list."""
    first, all_moves = simulated()
    game_id = store.create_game(all_moves[: created or first], {"Event": "test"})
    for move in all_moves[created or first : moves]:
        store.append(game_id, move, store.next_seq(game_id))
    return game_id, all_moves


def table_counts(url: str) -> dict[str, int]:
    db = open_database(url)
    try:
        with db.engine.connect() as conn:
            return {
                table: conn.execute(text(f"SELECT count(*) FROM {table}")).scalar_one()
                for table in ("games", "seats", "moves", "snapshots")
            }
    finally:
        db.close()


# ---------------------------------------------------------------- appending and reading


def test_appended_moves_read_back(store: Store) -> None:
    game_id, moves = new_game(store, 80)
    rows = store.rows(game_id)
    assert [row.seq for row in rows] == list(range(1, 81))
    assert [row.text for row in rows] == [str(m) for m in moves[:80]]
    assert all(row.created_at.endswith("+00:00") for row in rows)
    assert store.record(game_id) == Record({"Event": "test"}, moves[:80])
    game = store.load_game(game_id)
    assert game.moves == moves[:80]
    assert game.state == replay(Record({}, moves[:80])).state
    assert store.next_seq(game_id) == 81


def test_a_new_session_resumes_where_the_last_left_off(open_store: OpenStore) -> None:
    first = open_store()
    game_id, moves = new_game(first, 50)
    first.close()
    second = open_store()
    game = second.load_game(game_id)
    assert game.moves == moves[:50]
    assert second.append(game_id, moves[50], 51) == 51
    assert second.load_game(game_id).moves == moves[:51]


def test_the_game_store_returns_follows_appends_through_the_store(store: Store) -> None:
    game_id, moves = new_game(store, 30)
    game = store.load_game(game_id)
    store.append(game_id, moves[30], 31)
    assert game.moves == moves[:31]


def test_seats_and_the_games_list(store: Store, database_url: str) -> None:
    game_id, _ = new_game(store, 40, created=1)
    other = store.create_game(finished_game(), {"Result": "lord"})
    listed = {g.id: g for g in store.games()}
    assert listed[game_id].rows == listed[game_id].moves == 40
    assert (listed[game_id].mode, listed[game_id].players) == ("identity", 5)
    assert listed[game_id].status == "playing"
    assert (listed[other].status, listed[other].winner) == ("over", "lord")
    assert listed[other].headers == {"Result": "lord"}
    db = open_database(database_url)
    with db.engine.connect() as conn:
        seats = conn.execute(
            text("SELECT seat, generals, role FROM seats WHERE game_id = :g ORDER BY seat"),
            {"g": game_id},
        ).all()
    db.close()
    state = store.load_game(game_id).state
    assert [tuple(s) for s in seats] == [
        (s.seat, ",".join(s.generals), s.role.value if s.role else None) for s in state.seats
    ]


def test_a_move_that_ends_the_game_writes_a_snapshot(store: Store) -> None:
    moves = finished_game()
    game_id = store.create_game(moves[:7])
    for move in moves[7:]:
        store.append(game_id, move, store.next_seq(game_id))
    (summary,) = [g for g in store.games() if g.id == game_id]
    assert (summary.status, summary.winner, summary.moves) == ("over", "lord", len(moves))
    assert store.verify(game_id) == []


def test_snapshots_are_written_every_so_many_moves(store: Store, database_url: str) -> None:
    first, moves = simulated(seed=5, players=6, moves=SNAPSHOT_EVERY * 2 + 20)
    game_id = store.create_game(moves[:first])
    for move in moves[first:]:
        store.append(game_id, move, store.next_seq(game_id))
    db = open_database(database_url)
    with db.engine.connect() as conn:
        seqs = conn.execute(
            text("SELECT seq FROM snapshots WHERE game_id = :g ORDER BY seq"), {"g": game_id}
        ).scalars()
        assert list(seqs) == [first, first + SNAPSHOT_EVERY, first + 2 * SNAPSHOT_EVERY]
    db.close()
    assert store.verify(game_id) == []


def test_verify_names_a_snapshot_that_no_longer_matches(store: Store, database_url: str) -> None:
    game_id, _ = new_game(store, 20)
    db = open_database(database_url)
    with db.engine.begin() as conn:  # tampering, as no code of the store ever does
        conn.execute(text("UPDATE snapshots SET state = '{}' WHERE game_id = :g"), {"g": game_id})
    db.close()
    (problem,) = store.verify(game_id)
    assert problem.endswith("the replayed table differs")


def test_an_illegal_move_is_refused_and_writes_nothing(store: Store) -> None:
    game_id, moves = new_game(store, 20)
    with pytest.raises(IllegalMove):
        store.append(game_id, Move.parse("heal 9 1"), 21)
    assert len(store.rows(game_id)) == 20
    assert store.append(game_id, moves[20], 21) == 21
    forced = Move.parse("!heal 1 1")
    assert store.append(game_id, forced, 22) == 22
    assert store.rows(game_id)[-1] == StoredMove(
        22, "!heal 1 1", None, True, store.rows(game_id)[-1].created_at
    )


def test_a_second_setup_is_refused(store: Store) -> None:
    game_id, _ = new_game(store, 10)
    with pytest.raises(StoreError, match="already has its setup: start a new game"):
        store.append(game_id, Move.parse("setup identity 4"), 11)
    assert len(store.rows(game_id)) == 10


def test_a_sequence_number_ahead_of_the_log_is_refused(store: Store) -> None:
    game_id, moves = new_game(store, 10)
    with pytest.raises(StoreError, match="the next is move 11, not 13"):
        store.append(game_id, moves[10], 13)


def test_an_unknown_game_is_named(store: Store) -> None:
    with pytest.raises(StoreError, match=r"^no game 4711 in "):
        store.load_game(4711)


# ---------------------------------------------------------------- two sessions


def test_two_sessions_cannot_both_append_the_same_move(open_store: OpenStore) -> None:
    a, b = open_store(), open_store()
    game_id, moves = new_game(a, 30)
    b.load_game(game_id)
    assert a.append(game_id, moves[30], 31) == 31
    with pytest.raises(ConflictError) as caught:
        b.append(game_id, moves[30], 31)
    assert str(caught.value) == (
        f"game {game_id} already has move 31: another session wrote it first; reload the game"
    )
    assert (caught.value.game_id, caught.value.seq) == (game_id, 31)
    # b reloads and goes on after what a wrote.
    assert b.load_game(game_id).moves == moves[:31]
    assert b.append(game_id, moves[31], 32) == 32
    assert [row.text for row in a.rows(game_id)] == [str(m) for m in moves[:32]]


def test_a_stale_session_gets_the_conflict_from_the_database(open_store: OpenStore) -> None:
    """b's own view says 31 is free; only the primary key knows better."""
    a, b = open_store(), open_store()
    game_id, moves = new_game(a, 30)
    b.load_game(game_id)
    a.append(game_id, moves[30], 31)
    a.append(game_id, moves[31], 32)
    with pytest.raises(ConflictError, match="already has move 31"):
        b.append(game_id, moves[30], b.next_seq(game_id))
    assert b.next_seq(game_id) == 33


def test_racing_sessions_store_each_move_once(open_store: OpenStore) -> None:
    a, b = open_store(), open_store()
    game_id, moves = new_game(a, 30)
    b.load_game(game_id)
    for seq in range(31, 39):
        barrier = threading.Barrier(2)
        outcomes: dict[str, object] = {}

        def write(
            name: str,
            store: Store,
            seq: int = seq,
            barrier: threading.Barrier = barrier,
            outcomes: dict[str, object] = outcomes,
        ) -> None:
            store.next_seq(game_id)  # loaded before the race, as a session would be
            barrier.wait()
            try:
                outcomes[name] = store.append(game_id, moves[seq - 1], seq)
            except ConflictError as exc:
                outcomes[name] = exc

        threads = [threading.Thread(target=write, args=(n, s)) for n, s in (("a", a), ("b", b))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=30)
        assert sorted(type(o).__name__ for o in outcomes.values()) == ["ConflictError", "int"]
    assert [row.text for row in a.rows(game_id)] == [str(m) for m in moves[:38]]


# ---------------------------------------------------------------- corrections


def test_a_correction_replaces_a_move_and_drops_what_followed(store: Store) -> None:
    game_id, moves = new_game(store, 40)
    # Take back the last three moves one by one, then play the second of them again.
    for seq in (41, 42, 43):
        store.undo(game_id, seq)
    assert store.load_game(game_id).moves == moves[:37]
    store.append(game_id, moves[37], 44)
    # Correct move 30: the same move, re-entered; moves 31.. stop counting.
    store.correct(game_id, 30, moves[29], 45)
    assert store.load_game(game_id).moves == moves[:30]
    for seq, move in enumerate(moves[30:35], start=46):
        store.append(game_id, move, seq)
    rows = store.rows(game_id)
    assert len(rows) == 50
    assert [(r.seq, r.text, r.supersedes) for r in rows[40:45]] == [
        (41, None, 40),
        (42, None, 39),
        (43, None, 38),
        (44, str(moves[37]), None),
        (45, str(moves[29]), 30),
    ]
    effective = store.moves(game_id)
    assert [r.seq for r in effective] == [*range(1, 30), 45, *range(46, 51)]
    assert store.load_game(game_id).moves == moves[:35]
    assert store.record(game_id).moves == moves[:35]
    (summary,) = [g for g in store.games() if g.id == game_id]
    assert (summary.rows, summary.moves) == (50, 35)
    assert store.verify(game_id) == []


def test_a_correction_must_be_legal_where_it_goes(store: Store) -> None:
    game_id, moves = new_game(store, 40)
    with pytest.raises(IllegalMove):
        store.correct(game_id, 30, Move.parse("heal 9 1"), 41)
    assert len(store.rows(game_id)) == 40
    assert store.load_game(game_id).moves == moves[:40]
    assert store.append(game_id, moves[40], 41) == 41


def test_only_moves_in_effect_can_be_corrected(store: Store) -> None:
    game_id, moves = new_game(store, 20)
    store.correct(game_id, 15, moves[14], 21)
    with pytest.raises(StoreError, match="supersedes move 17, which is not in effect"):
        store.correct(game_id, 17, moves[16], 22)
    with pytest.raises(StoreError, match="supersedes the setup"):
        store.correct(game_id, 1, moves[1], 22)


def test_the_setup_cannot_be_undone(store: Store) -> None:
    _, moves = simulated()
    game_id = store.create_game(moves[:1])
    with pytest.raises(StoreError, match="nothing to undo"):
        store.undo(game_id, 2)


def test_the_effective_moves_rule() -> None:
    rows = [StoredMove(n, f"m{n}") for n in range(1, 6)]
    assert [r.seq for r in effective_moves(rows)] == [1, 2, 3, 4, 5]
    undo_two = [*rows, StoredMove(6, None, 5), StoredMove(7, None, 4)]
    assert [r.seq for r in effective_moves(undo_two)] == [1, 2, 3]
    replace = [*rows, StoredMove(6, "x", 3), StoredMove(7, "y")]
    assert [r.text for r in effective_moves(replace)] == ["m1", "m2", "x", "y"]
    with pytest.raises(ValueError, match="move 8 supersedes move 4, which is not in effect"):
        effective_moves([*replace, StoredMove(8, None, 4)])
    with pytest.raises(ValueError, match="move 6 supersedes the setup"):
        effective_moves([*rows, StoredMove(6, "x", 1)])


# ---------------------------------------------------------------- import and export


def test_export_and_import_round_trip(store: Store) -> None:
    game_id = store.import_record(parse_record(SHORT_GAME))
    text_form = store.export(game_id)
    assert parse_record(text_form) == parse_record(SHORT_GAME)
    assert record_from_json(store.export(game_id, "json")) == parse_record(SHORT_GAME)
    again = store.import_record(parse_record(text_form))
    assert store.export(again) == text_form
    assert [r.forced for r in store.rows(game_id)].count(True) == 2
    with pytest.raises(ValueError, match="unknown export format"):
        store.export(game_id, "pgn")  # type: ignore[arg-type]


def test_export_of_a_finished_game_says_how_it_ended(store: Store) -> None:
    """docs/record-format.md: the headers ``Result`` and ``CoWinners``; a game stored
    move by move (the table's, with no headers) is exported with them once over."""
    sample = SAMPLES / "identity-international-8.sgs"
    record = parse_record(sample.read_text(encoding="utf-8"))
    game_id = store.create_game(record.moves, {})
    exported = parse_record(store.export(game_id))
    assert exported.headers["Result"] == record.headers["Result"]
    assert exported.headers["CoWinners"] == record.headers["CoWinners"]
    assert exported.headers["Termination"] == record.headers["Termination"]
    unfinished = store.create_game(record.moves[:40], {})
    assert "Result" not in parse_record(store.export(unfinished)).headers


def test_importing_a_record_that_does_not_replay_writes_nothing(
    store: Store, database_url: str
) -> None:
    store.import_record(parse_record(SHORT_GAME))
    before = table_counts(database_url)
    bad = SHORT_GAME.replace("pass 4\n", "pass 4\nheal 9 1\n")
    with pytest.raises(RecordError, match=r"^line 16: heal 9 1: there is no seat 9"):
        store.import_record(parse_record(bad))
    with pytest.raises(RecordError, match="a game starts with its setup move"):
        store.import_record(parse_record('[Event "x"]\n\nrole 1 lord\n'))
    with pytest.raises(RecordError, match="a second setup move"):
        store.import_record(parse_record("setup identity 4\nsetup identity 5\n"))
    with pytest.raises(RecordError, match="header name"):
        store.create_game(simulated()[1][:1], {"Bad key": "x"})
    assert table_counts(database_url) == before
    assert len(store.games()) == 1


# ---------------------------------------------------------------- append only


def test_the_log_is_only_ever_inserted_and_read(store: Store) -> None:
    statements: list[str] = []

    def seen(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        statements.append(" ".join(statement.split()))

    event.listen(store.db.engine, "before_cursor_execute", seen)
    game_id, moves = new_game(store, 40, created=2)  # generals chosen after creation
    store.undo(game_id, 41)
    store.correct(game_id, 35, moves[34], 42)
    store.append(game_id, moves[35], 43)
    with pytest.raises(ConflictError):
        store.append(game_id, moves[36], 43)
    store.import_record(parse_record(SHORT_GAME))
    store.load_game(game_id)
    store.games()
    store.export(game_id)
    store.verify(game_id)
    event.remove(store.db.engine, "before_cursor_execute", seen)

    log_tables = re.compile(r"\b(moves|snapshots)\b", re.IGNORECASE)
    touching = [s for s in statements if log_tables.search(s)]
    assert len(touching) >= 40
    for statement in touching:
        verb = statement.split()[0].upper()
        assert verb in ("INSERT", "SELECT"), statement
        assert not re.search(r"\bON CONFLICT\b|\bOR REPLACE\b", statement, re.IGNORECASE)
    # The listener does see updates: the seats index is kept up to date that way.
    assert any(s.upper().startswith("UPDATE SEATS") for s in statements)
    assert not [s for s in statements if s.split()[0].upper() == "DELETE"]


# ---------------------------------------------------------------- a database that went away


def test_a_database_that_went_away(
    open_store: OpenStore, database_url: str, request: pytest.FixtureRequest
) -> None:
    store = open_store()
    game_id, moves = new_game(store, 30)
    if database_url.startswith("sqlite"):
        folder = Path(database_url.removeprefix("sqlite:///")).parent
        moved = folder.with_name(folder.name + "-moved")
        folder.rename(moved)
        gone = "is gone (deleted or moved since it was opened); nothing was written"
        come_back: Callable[[], object] = lambda: moved.rename(folder)  # noqa: E731
    else:
        server: PostgresServer = request.getfixturevalue("postgres_server")
        server.stop()
        gone = "connection failed"
        come_back = server.start
    try:
        with pytest.raises(StoreError) as caught:
            store.append(game_id, moves[30], 31)
        message = str(caught.value)
        assert "\n" not in message and gone in message, message
        assert message.startswith("database ")
        if not database_url.startswith("sqlite"):
            with pytest.raises(StoreError, match=r"^database .*: cannot list the games: "):
                store.games()
    finally:
        come_back()
    # Back again: everything stored before is there; the failed move is not.
    assert store.load_game(game_id).moves == moves[:30]
    assert open_store().load_game(game_id).moves == moves[:30]
    assert store.append(game_id, moves[30], 31) == 31


def test_a_missing_folder_or_server_is_one_line(tmp_path: Path) -> None:
    with pytest.raises(StoreError) as caught:
        open_database(str(tmp_path / "nowhere" / "games.db"))
    assert str(caught.value) == (
        f"cannot open database {tmp_path}/nowhere/games.db: "
        f"folder {tmp_path}/nowhere does not exist"
    )
    port = _closed_port()
    with pytest.raises(StoreError) as caught:
        open_database(f"postgresql://someone:secret@127.0.0.1:{port}/sgs")
    message = str(caught.value)
    assert "\n" not in message and "secret" not in message
    assert message.startswith(f"database postgresql+psycopg://someone:***@127.0.0.1:{port}/sgs: ")
    with pytest.raises(StoreError, match="unknown database kind"):
        open_database("nosuchdb://x/y")


def _closed_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


# ---------------------------------------------------------------- opening


def test_which_database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.delenv("SGS_TABLE_DB", raising=False)
    assert default_url() == f"sqlite:///{tmp_path}/data/sgs-table/sgs-table.db"
    assert (tmp_path / "data" / "sgs-table").is_dir()
    assert resolve_url(None) == default_url()
    monkeypatch.setenv("SGS_TABLE_DB", "postgresql://club@db/sgs")
    assert resolve_url(None) == "postgresql+psycopg://club@db/sgs"
    assert resolve_url("sqlite:///x.db") == "sqlite:///x.db"
    assert resolve_url("games.db", {}) == f"sqlite:///{Path.cwd() / 'games.db'}"


def test_sqlite_connections_are_durable_and_strict(tmp_path: Path) -> None:
    db = open_database(str(tmp_path / "games.db"))
    with db.engine.connect() as conn:
        pragma = {
            name: conn.execute(text(f"PRAGMA {name}")).scalar()
            for name in ("journal_mode", "synchronous", "foreign_keys", "busy_timeout")
        }
    db.close()
    assert pragma == {
        "journal_mode": "wal",
        "synchronous": 2,
        "foreign_keys": 1,
        "busy_timeout": 5000,
    }
    with sqlite3.connect(tmp_path / "games.db") as raw:
        tables = {row[0] for row in raw.execute("SELECT name FROM sqlite_master")}
    assert {"games", "seats", "moves", "snapshots"} <= tables
    assert os.path.exists(tmp_path / "games.db-wal")


def test_an_in_memory_database_works(tmp_path: Path) -> None:
    with Store.open("sqlite://") as store:
        game_id, moves = new_game(store, 20)
        assert store.load_game(game_id).moves == moves[:20]


@pytest.mark.parametrize("module", [assistant.store.database, assistant.store.games])
def test_docstring_examples(module: Any) -> None:
    assert doctest.testmod(module, optionflags=doctest.ELLIPSIS).failed == 0
