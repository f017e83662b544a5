"""A store this user may read but not write is listed and exported, never written.

The database file, or its folder (where SQLite keeps the -wal and -shm
files), is not writable: a copy on a read-only share, a club's archive.
Permission bits do not bind root, so when the tests run as root the reading
happens in a child process that has become the unprivileged user ``nobody``.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import stat
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from assistant.cli.entry import main
from assistant.store import Store, StoreError
from engine.record import parse_record

SAMPLE = Path(__file__).resolve().parents[2] / "samples" / "identity-5.sgs"
NOBODY = 65534
READ_ONLY_FILE = stat.S_IRUSR | stat.S_IRGRP | stat.S_IROTH
READ_ONLY_FOLDER = READ_ONLY_FILE | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH


@pytest.fixture
def folder() -> Iterator[Path]:
    """A folder anyone may enter (pytest's own tmp folders are the owner's only)."""
    path = Path(tempfile.mkdtemp(prefix="sgs-read-only-"))
    path.chmod(0o755)
    yield path
    for p in (path, *path.iterdir()):
        p.chmod(0o755 if p.is_dir() else 0o644)
    shutil.rmtree(path)


def _stored_game(folder: Path) -> Path:
    db = folder / "games.db"
    with Store.open(str(db)) as store:
        store.import_record(parse_record(SAMPLE.read_text("utf-8")))
    return db


def _as_a_reader(check: Callable[[], None]) -> None:
    """Run ``check`` as a user the permission bits bind: this process if it is not
    root, else a child that has become ``nobody``; a failure fails the test."""
    if os.geteuid() != 0:
        check()
        return
    pid = os.fork()
    if pid == 0:  # the child: its exit status is the verdict
        status = 1
        try:
            os.setgid(NOBODY)
            os.setuid(NOBODY)
            check()
            status = 0
        finally:
            os._exit(status)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0, "the check failed as an unprivileged user"


def _reads_but_never_writes(db: Path) -> None:
    with Store.open(str(db)) as store:
        games = store.games()
        assert [g.moves for g in games] == [212]
        assert store.export(games[0].id).startswith("[Format")
        try:
            store.import_record(parse_record(SAMPLE.read_text("utf-8")))
        except StoreError as exc:
            assert "read-only" in str(exc) and "\n" not in str(exc)
        else:
            raise AssertionError("a read-only store took a game")
    assert main(["games", "--db", str(db)]) == 0
    assert main(["games", "--all", "--json", "--db", str(db)]) == 0


def test_a_store_in_a_read_only_folder_is_listed(folder: Path) -> None:
    db = _stored_game(folder)
    db.chmod(READ_ONLY_FILE)
    folder.chmod(READ_ONLY_FOLDER)
    _as_a_reader(lambda: _reads_but_never_writes(db))


def test_a_read_only_store_file_is_listed(folder: Path) -> None:
    db = _stored_game(folder)
    db.chmod(READ_ONLY_FILE)
    _as_a_reader(lambda: _reads_but_never_writes(db))


def test_a_read_only_store_from_an_older_version_is_listed(folder: Path) -> None:
    """A store made before a table existed (notes, archived) cannot get it when read-only:
    it is read without it."""
    db = _stored_game(folder)
    connection = sqlite3.connect(db)
    connection.execute("DROP TABLE notes")
    connection.execute("DROP TABLE archived")
    connection.commit()
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.close()
    db.chmod(READ_ONLY_FILE)
    folder.chmod(READ_ONLY_FOLDER)
    _as_a_reader(lambda: _reads_but_never_writes(db))
