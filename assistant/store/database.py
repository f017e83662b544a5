"""Opening the record store's database, and saying in one line when it fails.

Which database: the ``url`` given (``--db``), else the environment variable
``SGS_TABLE_DB``, else the SQLite file ``sgs-table.db`` in the user's data
directory (``~/.local/share/sgs-table`` on Linux). A value is either an
SQLAlchemy URL (``sqlite:///path/games.db``,
``postgresql+psycopg://user:password@host/dbname``; ``postgresql://`` means
psycopg 3) or a plain file path, which means SQLite.

SQLite connections get, each time one is opened: ``journal_mode=WAL``
(readers never block the writer), ``synchronous=FULL`` (a commit is on the
disk when it returns, so a killed process or a power cut loses no committed
move), ``foreign_keys=ON`` and a busy timeout (a second writer waits its turn
instead of failing at once).

Every failure of the database itself (a file that is gone, a server that
stopped) becomes a :class:`StoreError` whose message is one line naming the
database, never a driver traceback.

>>> resolve_url("games.db").startswith("sqlite:////")
True
>>> resolve_url("postgres://club@db.example/sgs")
'postgresql+psycopg://club@db.example/sgs'
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

import platformdirs
from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, NoSuchModuleError, SQLAlchemyError
from sqlalchemy.pool import StaticPool
from sqlmodel import SQLModel

import assistant.store.models  # noqa: F401  (registers the tables in SQLModel.metadata)

__all__ = [
    "BUSY_TIMEOUT_MS",
    "DEFAULT_FILE",
    "ENV_VAR",
    "Database",
    "StoreError",
    "default_url",
    "open_database",
    "resolve_url",
]

ENV_VAR: Final = "SGS_TABLE_DB"
DEFAULT_FILE: Final = "sgs-table.db"
BUSY_TIMEOUT_MS: Final = 5000
CONNECT_TIMEOUT_S: Final = 5


class StoreError(ValueError):
    """The store cannot do what was asked; the message is one line for a person."""


def default_url() -> str:
    """The SQLite file in the user's data directory (the directory is created)."""
    folder = platformdirs.user_data_path("sgs-table", appauthor=False, ensure_exists=True)
    return f"sqlite:///{folder / DEFAULT_FILE}"


def resolve_url(url: str | None, environ: Mapping[str, str] | None = None) -> str:
    """The SQLAlchemy URL for ``url``, ``$SGS_TABLE_DB`` or the default file."""
    env = os.environ if environ is None else environ
    chosen = url or env.get(ENV_VAR) or default_url()
    if "://" not in chosen:
        return f"sqlite:///{Path(chosen).expanduser().absolute()}"
    for bare in ("postgresql://", "postgres://"):
        if chosen.startswith(bare):
            return "postgresql+psycopg://" + chosen.removeprefix(bare)
    return chosen


@dataclass(eq=False)
class Database:
    """An open database: the SQLAlchemy engine and what is needed to name it in errors."""

    engine: Engine
    name: str  # the URL without its password
    path: Path | None = None  # the SQLite file, if it is one
    _identity: tuple[int, int] | None = None  # (device, inode) of that file when opened

    @property
    def is_sqlite(self) -> bool:
        return self.engine.dialect.name == "sqlite"

    def check_file(self) -> None:
        """Refuse to write when the SQLite file was deleted or moved since it was opened.

        SQLite keeps writing to a deleted file through its open descriptor, and
        everything written there is lost when the process ends: so before each
        write, the path must still name the file that was opened.
        """
        if self.path is None or self._identity is None:
            return
        try:
            stat = os.stat(self.path)
        except OSError:
            stat = None
        if stat is None or (stat.st_dev, stat.st_ino) != self._identity:
            raise StoreError(
                f"database {self.path} is gone (deleted or moved since it was opened); "
                "nothing was written"
            )

    @contextmanager
    def failures(self, doing: str) -> Iterator[None]:
        """Turn the database's own failures inside the block into a one-line StoreError."""
        try:
            yield
        except StoreError:
            raise
        except DBAPIError as exc:
            raise StoreError(f"database {self.name}: {doing}: {driver_message(exc)}") from None
        except SQLAlchemyError as exc:
            raise StoreError(f"database {self.name}: {doing}: {first_line(str(exc))}") from None

    def close(self) -> None:
        self.engine.dispose()


def first_line(text: str) -> str:
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    return lines[0] if lines else "unknown error"


def driver_message(exc: DBAPIError) -> str:
    """The driver's own words, first line only (SQLAlchemy appends the SQL and a link)."""
    return first_line(str(exc.orig)) if exc.orig is not None else first_line(str(exc))


def open_database(url: str | None = None, *, environ: Mapping[str, str] | None = None) -> Database:
    """Open (and if needed create) the store's database; see the module docstring."""
    resolved = resolve_url(url, environ)
    try:
        parsed = make_url(resolved)
    except ArgumentError:
        raise StoreError(f"not a database URL or file: {resolved}") from None
    name = parsed.render_as_string(hide_password=True)
    try:
        path, engine = _create_engine(parsed)
    except NoSuchModuleError:
        raise StoreError(f"unknown database kind in {name}") from None
    except ImportError as exc:
        hint = " (pip install 'sgs-table[postgres]')" if "psycopg" in str(exc) else ""
        raise StoreError(f"database {name} needs the {exc.name} driver{hint}") from None
    if path is not None:
        name = str(path)
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _sqlite_pragmas)
    database = Database(engine, name, path)
    with database.failures("cannot open it"):
        SQLModel.metadata.create_all(engine)
    if path is not None:
        stat = os.stat(path)
        database._identity = (stat.st_dev, stat.st_ino)
    return database


def _create_engine(url: URL) -> tuple[Path | None, Engine]:
    """The engine for `url`, with the options its kind of database needs; the SQLite file."""
    kwargs: dict[str, Any] = {}
    path: Path | None = None
    if url.get_backend_name() == "sqlite":
        if url.database and url.database != ":memory:":
            path = Path(url.database)
            if not path.parent.is_dir():
                raise StoreError(
                    f"cannot open database {path}: folder {path.parent} does not exist"
                )
            kwargs["connect_args"] = {"timeout": BUSY_TIMEOUT_MS / 1000}
        else:
            # One shared connection, or every new one would see a new empty database.
            kwargs["connect_args"] = {"check_same_thread": False}
            kwargs["poolclass"] = StaticPool
    else:
        # A server may restart under a long session: test pooled connections first.
        kwargs["pool_pre_ping"] = True
        if url.get_driver_name() == "psycopg":
            kwargs["connect_args"] = {"connect_timeout": CONNECT_TIMEOUT_S}
    return path, create_engine(url, **kwargs)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    try:
        # The busy timeout first: switching to WAL itself may wait for a lock.
        cursor.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        cursor.execute("PRAGMA journal_mode = WAL")
        cursor.execute("PRAGMA synchronous = FULL")
        cursor.execute("PRAGMA foreign_keys = ON")
    finally:
        cursor.close()
