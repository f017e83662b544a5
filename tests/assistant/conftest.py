"""Fixtures of the assistant tests: the store's two database backends."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from assistant.store import Store
from tests.assistant.postgres import PostgresServer, PostgresUnavailable


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """A throwaway PostgreSQL server for the whole test session (see postgres.py)."""
    try:
        server = PostgresServer()
        server.start()
    except PostgresUnavailable as exc:
        pytest.fail(f"cannot start the test PostgreSQL server: {exc}", pytrace=False)
    yield server
    server.remove()


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh empty database: a SQLite file, or a new database on the test server."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'games.db'}"
    server: PostgresServer = request.getfixturevalue("postgres_server")
    if not server.running():  # a test that stopped it failed before starting it again
        server.start()
    return server.new_database()


@pytest.fixture
def open_store(database_url: str) -> Iterator[Callable[[], Store]]:
    """Open Stores (each its own connections) on the test's database; all closed after."""
    opened: list[Store] = []

    def open_one() -> Store:
        store = Store.open(database_url)
        opened.append(store)
        return store

    yield open_one
    for store in opened:
        store.close()


@pytest.fixture
def store(open_store: Callable[[], Store]) -> Store:
    return open_store()
