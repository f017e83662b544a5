"""A game's ``-wal`` file deleted while the game is open (issue 16, item 5).

SQLite commits to the ``-wal`` file beside the database and copies it into
the database file only now and then (a checkpoint). A sync tool or a
cleaner that deletes ``games.db-wal`` leaves SQLite writing on through its
open descriptor to a file nobody can find again: when the process ends,
whatever was committed there since the last checkpoint is gone, although
every write returned. The store must notice before it writes, refuse, say
so in one line, and leave in the database file everything it had said it
stored.

"What a crash leaves" is read two ways: in this process, from a copy of the
database file alone (the ``-wal`` is gone, so the file is all there is);
and for real, from a process killed with SIGKILL. For the kills, this
module is also the appender: ``python -m tests.assistant.test_wal_safety
MOVES SETUP`` serves the test the way crash_child.py does (``go DB OUT``
forks an appender and prints ``pid N``, then ``dead STATUS`` when it dies).
"""

from __future__ import annotations

import os
import random
import shutil
import sqlite3
import sys
import time
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path

import pytest

from assistant.session import Sighting, TableSession
from assistant.store import Store, StoreError
from bench.simulate import play, random_setup
from engine.corrections import Edit
from engine.moves import Move
from tests.assistant.appenders import Appenders, serve
from vision.payload import GeneralTag, RoleTag, encode

GAME_SEED = 11
ROUNDS = 6
SEED = 20261216


@cache
def simulated() -> tuple[int, tuple[Move, ...]]:
    """A legal 10-player game that is still going after 600 moves: setup length, moves."""
    setup = random_setup(GAME_SEED, "identity", 10)
    moves = tuple(play(GAME_SEED, setup, 600, aggression=0.05).moves)
    assert len(moves) == 600, "the simulated game is too short"
    return len(setup), moves


def wal(db: Path) -> Path:
    return db.with_name(db.name + "-wal")


def stored_moves(db: Path) -> list[Move]:
    """The moves in effect of the only game in the database file `db`."""
    with Store.open(str(db)) as store:
        (game,) = store.games()
        return list(store.load_game(game.id).moves)


def what_a_crash_leaves(db: Path, folder: Path) -> list[Move]:
    """The game as the database file alone holds it: with its -wal deleted, that is all
    a crash would leave. Read from a copy, so the open store is not disturbed."""
    folder.mkdir()
    copy = folder / db.name
    shutil.copyfile(db, copy)
    return stored_moves(copy)


def assert_one_line_about_the_wal(exc: StoreError, db: Path) -> None:
    message = str(exc)
    assert "\n" not in message, message
    assert message.startswith(f"database {db}: its -wal file was deleted or replaced"), message


@pytest.fixture
def playing(tmp_path: Path) -> Iterator[tuple[Store, int, Path, list[Move]]]:
    """A store on a SQLite file with a game of 40 moves appended one by one (so the
    last of them are still in the -wal file); the moves it has acknowledged."""
    setup, moves = simulated()
    db = tmp_path / "games.db"
    store = Store.open(str(db))
    try:
        game_id = store.create_game(moves[:setup])
        for seq in range(setup + 1, 41):
            store.append(game_id, moves[seq - 1], seq)
        store.append_input(game_id, 1, 0.5, "tap 1")
        assert wal(db).stat().st_size > 0
        yield store, game_id, db, list(moves[:40])
    finally:
        store.close()


# ---------------------------------------------------------------- in this process

Write = Callable[[Store, int], object]

WRITES: dict[str, Write] = {
    "append": lambda store, game_id: store.append(game_id, simulated()[1][40], 41),
    "undo": lambda store, game_id: store.undo(game_id, 41),
    "correct": lambda store, game_id: store.correct(game_id, 40, simulated()[1][39], 41),
    "a correction that keeps the game": lambda store, game_id: store.rewrite(
        game_id, Edit("delete", 30), 41
    ),
    "journal an input": lambda store, game_id: store.append_input(game_id, 2, 1.0, "tap 2"),
    "new game": lambda store, _: store.create_game(simulated()[1][: simulated()[0]]),
}


@pytest.mark.parametrize("write", WRITES.values(), ids=WRITES.keys())
def test_a_write_after_the_wal_was_deleted_is_refused(
    playing: tuple[Store, int, Path, list[Move]], write: Write, tmp_path: Path
) -> None:
    store, game_id, db, acknowledged = playing
    wal(db).unlink()
    with pytest.raises(StoreError) as caught:
        write(store, game_id)
    assert_one_line_about_the_wal(caught.value, db)
    # Refused, and what was acknowledged before is in the database file itself.
    assert what_a_crash_leaves(db, tmp_path / "crash") == acknowledged
    with Store.open(str(tmp_path / "crash" / db.name)) as crashed:
        assert len(crashed.inputs(game_id)) == 1
    store.close()
    assert stored_moves(db) == acknowledged


def test_a_replaced_wal_is_refused(
    playing: tuple[Store, int, Path, list[Move]], tmp_path: Path
) -> None:
    # A sync tool that puts back its own copy: the same bytes, another file.
    store, game_id, db, acknowledged = playing
    aside = tmp_path / "aside"
    shutil.copyfile(wal(db), aside)
    wal(db).unlink()
    shutil.copyfile(aside, wal(db))
    with pytest.raises(StoreError) as caught:
        store.append(game_id, simulated()[1][40], 41)
    assert_one_line_about_the_wal(caught.value, db)
    assert what_a_crash_leaves(db, tmp_path / "crash") == acknowledged


def test_every_later_write_is_refused_until_the_game_is_reopened(
    playing: tuple[Store, int, Path, list[Move]], tmp_path: Path
) -> None:
    store, game_id, db, acknowledged = playing
    moves = simulated()[1]
    wal(db).unlink()
    for _ in range(3):
        with pytest.raises(StoreError) as caught:
            store.append(game_id, moves[40], 41)
        assert_one_line_about_the_wal(caught.value, db)
    assert store.load_game(game_id).moves == tuple(acknowledged)  # reading still works

    # Reopened (the old store still open, as an app may leave it): writes are kept again.
    with Store.open(str(db)) as again:
        again.load_game(game_id)
        for seq in range(41, 51):
            again.append(game_id, moves[seq - 1], seq)
        # What a crash would leave now: the database file and its new -wal.
        crash = tmp_path / "crash"
        crash.mkdir()
        shutil.copyfile(db, crash / db.name)
        shutil.copyfile(wal(db), wal(crash / db.name))
        assert stored_moves(crash / db.name) == list(moves[:50])
    store.close()
    assert stored_moves(db) == list(moves[:50])


def test_the_table_session_answers_not_stored(tmp_path: Path) -> None:
    """The issue's own words: after the deletion every input was answered as stored."""
    db = tmp_path / "games.db"
    with Store.open(str(db)) as store:
        session = TableSession(store)
        assert session.setup("identity", 5, ("standard",)).ok
        assert session.sight(Sighting(encode(RoleTag(1)), "seat1", 5.0)).ok
        wal(db).unlink()
        reply = session.sight(Sighting(encode(GeneralTag(1)), "seat1", 10.0))
        assert not reply.ok
        assert reply.message.startswith(f"not stored: database {db}: its -wal file"), reply
        assert session.state.seat(1).generals == ()  # the table did not move on either
        assert len(session.game.moves) == 2
    with Store.open(str(db)) as store:
        (game,) = store.games()
        assert store.record(game.id).moves == tuple(session.game.moves)


def test_sqlite_removing_its_own_wal_is_no_deletion(tmp_path: Path) -> None:
    """SQLite deletes the -wal when the last connection closes and makes a new one at
    the next: that is not the file going away under an open game."""
    setup, moves = simulated()
    db = tmp_path / "games.db"
    with Store.open(str(db)) as first:
        game_id = first.create_game(moves[:setup])
        with Store.open(str(db)) as second:  # another session comes and goes
            second.append(game_id, moves[setup], setup + 1)
        first.load_game(game_id)
        first.append(game_id, moves[setup + 1], setup + 2)
        first.db.engine.dispose()  # the pool's connections closed and opened again
        first.append(game_id, moves[setup + 2], setup + 3)
    assert not wal(db).exists()  # the last connection closed: SQLite removed it
    with Store.open(str(db)) as later:
        later.append(game_id, moves[setup + 3], setup + 4)
    assert stored_moves(db) == list(moves[: setup + 4])


# ---------------------------------------------------------------- killed with SIGKILL


@pytest.fixture
def appenders(tmp_path: Path) -> Iterator[Appenders]:
    setup, moves = simulated()
    moves_file = tmp_path / "moves.txt"
    moves_file.write_text("".join(f"{m}\n" for m in moves), encoding="utf-8")
    parent = Appenders("tests.assistant.test_wal_safety", str(moves_file), str(setup))
    try:
        yield parent
    finally:
        parent.close()


def report(out: Path) -> tuple[list[int], list[str]]:
    """What an appender wrote: the sequence numbers acknowledged, the refusals."""
    lines = out.read_text(encoding="utf-8").splitlines() if out.exists() else []
    return [int(line) for line in lines if line.isdigit()], [
        line for line in lines if line.startswith("refused ")
    ]


def wait_until(ready: Callable[[], bool], timeout: float) -> bool:
    end = time.monotonic() + timeout
    while not ready():
        if time.monotonic() > end:
            return False
        time.sleep(0.001)
    return True


def stored_seqs(db: Path) -> list[int]:
    raw = sqlite3.connect(db)
    try:
        assert raw.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        return [row[0] for row in raw.execute("SELECT seq FROM moves ORDER BY seq")]
    finally:
        raw.close()


@pytest.mark.parametrize("deleted", [("-wal",), ("-wal", "-shm")], ids=["wal", "wal and shm"])
def test_a_killed_appender_acknowledged_nothing_it_lost(
    appenders: Appenders, tmp_path: Path, deleted: tuple[str, ...]
) -> None:
    """The -wal deleted at a random moment while a process appends, then SIGKILL: every
    move acknowledged is in the file, and the appends after the deletion were refused."""
    setup, moves = simulated()
    rng = random.Random(SEED)
    for round_ in range(ROUNDS):
        db = tmp_path / f"games-{round_}.db"
        out = tmp_path / f"appended-{round_}.txt"
        seen_at_deletion = delete_then_kill(appenders, db, out, deleted, rng.uniform(0, 0.005))

        acknowledged, refusals = report(out)
        seqs = stored_seqs(db)
        assert seqs == list(range(1, len(seqs) + 1)), "a gap in the log"
        lost = sorted(set(range(1, max(acknowledged) + 1)) - set(seqs))
        assert not lost, f"round {round_}: moves acknowledged and lost: {lost[:5]} ..."
        assert refusals, f"round {round_}: the appends after the deletion were acknowledged"
        # At most the append under way when the file went was acknowledged after it;
        # nothing was after the first refusal, and nothing refused was stored.
        assert len(acknowledged) - seen_at_deletion <= 1
        lines = out.read_text(encoding="utf-8").splitlines()
        assert all(not line.isdigit() for line in lines[lines.index(refusals[0]) :])
        assert len(seqs) == max(acknowledged)
        assert all(line.startswith(f"refused database {db}: its -wal") for line in refusals)
        assert stored_moves(db) == list(moves[: len(seqs)])
        assert len(seqs) >= setup + 20  # the 20 appends waited for, at least


def delete_then_kill(
    appenders: Appenders, db: Path, out: Path, deleted: tuple[str, ...], pause: float
) -> int:
    """Start an appender on a new file `db`; once it has appended 20 moves, wait `pause`
    seconds and delete the files; kill it after three refusals (the bounds only turn
    a hang into a failure: a busy machine is slow, not wrong).
    How many appends had been acknowledged just after the deletion."""
    pid = appenders.start(db, out)
    assert wait_until(lambda: len(report(out)[0]) > 20, 120), "the appender never appended"
    time.sleep(pause)
    for suffix in deleted:
        db.with_name(db.name + suffix).unlink()
    seen_at_deletion = len(report(out)[0])
    wait_until(lambda: len(report(out)[1]) >= 3, 120)
    appenders.kill(pid)
    return seen_at_deletion


# ---------------------------------------------------------------- the appender


def append_until_killed(db: str, lines: list[str], setup: int, out: int) -> None:
    """Create a game and append its moves one by one, writing each sequence number to
    `out` as its append returns; a refused append is written too, and tried again."""
    store = Store.open(db)
    game_id = store.create_game([Move.parse(line) for line in lines[:setup]])
    os.write(out, b"%d\n" % setup)
    seq = setup + 1
    while seq <= len(lines):
        try:
            store.append(game_id, Move.parse(lines[seq - 1]), seq)
        except StoreError as exc:
            os.write(out, f"refused {exc}\n".encode())
            time.sleep(0.01)
            continue
        os.write(out, b"%d\n" % seq)
        seq += 1
    while True:  # out of moves: wait for the kill, as the test expects
        time.sleep(1)


if __name__ == "__main__":
    _lines = Path(sys.argv[1]).read_text(encoding="utf-8").splitlines()
    serve(lambda given, out: append_until_killed(given[0], _lines, int(sys.argv[2]), out))
