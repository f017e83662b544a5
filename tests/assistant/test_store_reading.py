"""A store opened only to read creates nothing; archiving and deleting a game.

On a real SQLite file and on the test PostgreSQL server.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest
from sqlalchemy import create_engine, inspect, text

from assistant.store import (
    DatabaseError,
    Store,
    StoreError,
    archive_game,
    archived_ids,
    delete_game,
    open_database,
    unarchive_game,
)
from engine.record import parse_record
from tests.assistant.postgres import PostgresServer
from tests.assistant.test_store import SHORT_GAME

SAMPLES = Path(__file__).resolve().parents[2] / "samples"

UNFINISHED = "setup identity 4\nrole 1 lord\ngeneral 1 caocao\n"


def reading(url: str | None) -> Store:
    return Store(open_database(url, create=False))


# ---------------------------------------------------------------- reading creates nothing


def test_a_missing_sqlite_file_is_an_error_naming_it(tmp_path: Path) -> None:
    missing = tmp_path / "missing.db"
    for url in (str(missing), f"sqlite:///{missing}", str(tmp_path / "no" / "folder.db")):
        with pytest.raises(DatabaseError, match="does not exist") as refused:
            reading(url)
        assert "\n" not in str(refused.value)
    assert list(tmp_path.iterdir()) == []


def test_the_default_database_is_not_created_to_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SGS_TABLE_DB", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    with pytest.raises(DatabaseError, match=r"sgs-table\.db does not exist"):
        reading(None)
    assert not (tmp_path / "data").exists(), "not even the data folder"


def test_a_file_that_is_not_a_store_is_refused_and_left_as_it_was(tmp_path: Path) -> None:
    empty = tmp_path / "empty.db"
    empty.touch()
    with pytest.raises(DatabaseError, match="holds no games"):
        reading(str(empty))
    assert empty.stat().st_size == 0
    other = tmp_path / "other.db"
    connection = sqlite3.connect(other)
    connection.execute("CREATE TABLE t (x)")
    connection.commit()
    connection.close()
    before = other.read_bytes()
    with pytest.raises(DatabaseError, match="holds no games"):
        reading(str(other))
    assert other.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["empty.db", "other.db"]


def test_reading_leaves_no_file_behind_and_writes_nothing(tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    with Store.open(str(db)) as store:
        store.import_record(parse_record(SHORT_GAME))
    before = db.read_bytes()
    with reading(str(db)) as store:
        assert [g.moves for g in store.games()] == [18]
        with pytest.raises(DatabaseError, match="read-only"):
            store.import_record(parse_record(SHORT_GAME))
    assert db.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.db"]


def test_a_missing_postgresql_database_is_an_error(postgres_server: PostgresServer) -> None:
    if not postgres_server.running():
        postgres_server.start()
    with pytest.raises(DatabaseError, match="no_such_store") as refused:
        reading(postgres_server.url("no_such_store"))
    assert "\n" not in str(refused.value)


def test_an_empty_postgresql_schema_is_not_given_tables_to_read(
    postgres_server: PostgresServer,
) -> None:
    if not postgres_server.running():
        postgres_server.start()
    url = postgres_server.new_database()
    with pytest.raises(DatabaseError, match="holds no games"):
        reading(url)
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            assert inspect(conn).get_table_names() == []
    finally:
        engine.dispose()


def test_a_store_opened_to_read_reads_on_both_databases(
    open_store: Callable[[], Store], database_url: str
) -> None:
    with open_store() as store:
        game_id = store.import_record(parse_record(SHORT_GAME))
    with reading(database_url) as store:
        assert store.export(game_id).endswith("role 3 rebel\n")


# ---------------------------------------------------------------- archive and delete


def test_a_finished_game_is_archived_and_unarchived(store: Store) -> None:
    finished = store.import_record(parse_record(SHORT_GAME))
    playing = store.import_record(parse_record(UNFINISHED))
    assert archived_ids(store) == set()
    assert archive_game(store, finished) is True
    assert archive_game(store, finished) is False  # already
    assert archived_ids(store) == {finished}
    with pytest.raises(StoreError, match="not finished"):
        archive_game(store, playing)
    with pytest.raises(StoreError, match="no game 99"):
        archive_game(store, 99)
    assert unarchive_game(store, finished) is True
    assert unarchive_game(store, finished) is False
    assert archived_ids(store) == set()


def test_deleting_a_game_removes_its_rows_in_every_table_at_once(
    store: Store, database_url: str
) -> None:
    kept = store.import_record(parse_record(SHORT_GAME))
    gone = store.import_record(parse_record(SHORT_GAME))
    store.add_note(gone, 3, "a note")
    store.append_input(gone, 1, 0.0, "setup identity 4")
    archive_game(store, gone)
    archive_game(store, kept)
    before = store.export(kept)
    rows = delete_game(store, gone)
    assert rows > 18
    assert [g.id for g in store.games()] == [kept]
    assert store.export(kept) == before
    assert archived_ids(store) == {kept}
    engine = create_engine(database_url)
    try:
        with engine.connect() as conn:
            for table in inspect(conn).get_table_names():
                column = "id" if table == "games" else "game_id"
                left = conn.execute(
                    text(f"SELECT count(*) FROM {table} WHERE {column} = :game"), {"game": gone}
                ).scalar()
                assert left == 0, table
    finally:
        engine.dispose()
    with pytest.raises(StoreError, match=f"no game {gone}"):
        delete_game(store, gone)


def test_a_store_from_before_archiving_opens_and_lists(tmp_path: Path) -> None:
    db = tmp_path / "old.db"
    with Store.open(str(db)) as store:
        store.import_record(parse_record(SHORT_GAME))
    connection = sqlite3.connect(db)
    connection.execute("DROP TABLE archived")
    connection.commit()
    connection.close()
    with reading(str(db)) as store:  # read as it is: nothing archived, nothing created
        assert archived_ids(store) == set()
        assert len(store.games()) == 1
    connection = sqlite3.connect(db)
    names = {row[0] for row in connection.execute("SELECT name FROM sqlite_master")}
    connection.close()
    assert "archived" not in names
    with Store.open(str(db)) as store:  # opened to write, it gains the table
        assert archive_game(store, 1) is True


def test_the_apps_replay_list_leaves_archived_games_out() -> None:
    """The replay screen lists what `sgs-table games` lists: an archived game is put away."""
    from mobile.controller import TableController  # Kivy, without a window

    with Store.open("sqlite://") as store:
        record = parse_record((SAMPLES / "identity-5.sgs").read_text(encoding="utf-8"))
        kept, put_away = store.import_record(record), store.import_record(record)
        controller = TableController(store)
        assert [g.id for g in controller.games()] == [kept, put_away]
        assert archive_game(store, put_away)
        assert [g.id for g in controller.games()] == [kept]
