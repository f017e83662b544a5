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

A SQLite file is watched while it is open: before each write the store
checks that the database file and its ``-wal`` companion are still the
files it opened (`Database.check_file`). SQLite goes on committing to a
``-wal`` file that a sync tool or a cleaner deleted, through its open
descriptor, and all of that is gone when the process ends; so a write then
is refused. Every commit is also copied into the database file at once
(``wal_autocheckpoint = 1``), so a deleted ``-wal`` never holds a move that
was acknowledged.

A SQLite file this user may read but not write (the file, or the folder of
its ``-wal`` and ``-shm``) is opened read-only: it is listed and exported,
and every write is refused in one line.

There are two ways to open a database, and every command uses one of them:
to write (``open_database(url)``, the default), which creates the SQLite
file and the store's tables when they are missing; and to read
(``open_database(url, create=False)``), which creates nothing at all: a
SQLite file (or the data folder of the default one) that does not exist,
a PostgreSQL database that does not exist, or a database without the
store's tables is an error naming it, and the database is opened read-only
(`Database.read_only`), so nothing can be written through it either.

Failures of the database itself are :class:`DatabaseError`, a kind of
StoreError: the command line's exit status 3 ("the store failed"), where a
StoreError that refuses a request (no such game) is status 1.

>>> resolve_url("games.db").startswith("sqlite:////")
True
>>> resolve_url("postgres://club@db.example/sgs")
'postgresql+psycopg://club@db.example/sgs'
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, NoReturn
from urllib.parse import quote

import platformdirs
from sqlalchemy import Engine, create_engine, event, inspect
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, NoSuchModuleError, SQLAlchemyError
from sqlalchemy.pool import PoolProxiedConnection, StaticPool
from sqlmodel import SQLModel

import assistant.store.models  # noqa: F401  (registers the tables in SQLModel.metadata)
from assistant.i18n import _

__all__ = [
    "BUSY_TIMEOUT_MS",
    "DEFAULT_FILE",
    "ENV_VAR",
    "Database",
    "DatabaseError",
    "StoreError",
    "default_url",
    "fresh_demo_database",
    "open_database",
    "resolve_url",
]

ENV_VAR: Final = "SGS_TABLE_DB"
DEFAULT_FILE: Final = "sgs-table.db"
DEMO_FILE: Final = "demo.db"
BUSY_TIMEOUT_MS: Final = 5000
CONNECT_TIMEOUT_S: Final = 5
GAMES_TABLE: Final = "games"  # a database without it is not a store (opened to read)


class StoreError(ValueError):
    """The store cannot do what was asked; the message is one line for a person."""


class DatabaseError(StoreError):
    """The database itself failed: missing, unreachable, not a store, read-only, gone."""


def default_url(*, create: bool = True) -> str:
    """The SQLite file in the user's data directory (the directory is created, unless
    ``create`` is false)."""
    folder = platformdirs.user_data_path("sgs-table", appauthor=False, ensure_exists=create)
    return f"sqlite:///{folder / DEFAULT_FILE}"


def fresh_demo_database() -> Path:
    """The SQLite file of a demo run of the app, emptied for this run: ``demo.db`` in the
    user's cache folder (``~/.cache/sgs-table`` on Linux), never the player's database,
    so a demo game is never offered as a game to continue. It stays after the run, to
    look at (``sgs-table games --db FILE``), until the next demo empties it."""
    folder = platformdirs.user_cache_path("sgs-table", appauthor=False, ensure_exists=True)
    path = folder / DEMO_FILE
    for leftover in (path, *(Path(f"{path}{end}") for end in ("-wal", "-shm", "-journal"))):
        leftover.unlink(missing_ok=True)
    return path


def resolve_url(
    url: str | None, environ: Mapping[str, str] | None = None, *, create: bool = True
) -> str:
    """The SQLAlchemy URL for ``url``, ``$SGS_TABLE_DB`` or the default file (whose
    folder is created unless ``create`` is false)."""
    env = os.environ if environ is None else environ
    chosen = url or env.get(ENV_VAR) or default_url(create=create)
    if "://" not in chosen:
        return f"sqlite:///{Path(chosen).expanduser().absolute()}"
    for bare in ("postgresql://", "postgres://"):
        if chosen.startswith(bare):
            return "postgresql+psycopg://" + chosen.removeprefix(bare)
    return chosen


FileIdentity = tuple[int, int]
"""A file's device and inode: the same path may come to name another file."""


def file_identity(path: Path) -> FileIdentity | None:
    """`path`'s file's identity, or None when there is no such file."""
    try:
        stat = os.stat(path)
    except OSError:
        return None
    return stat.st_dev, stat.st_ino


@dataclass(eq=False)
class Database:
    """An open database: the SQLAlchemy engine and what is needed to name it in errors."""

    engine: Engine
    name: str  # the URL without its password
    path: Path | None = None  # the SQLite file, if it is one
    _identity: FileIdentity | None = None  # that file's when opened
    _wal: Path | None = None  # its -wal file, while held open (see hold_wal)
    _wal_identity: FileIdentity | None = None  # that file's when opened
    _wal_holder: PoolProxiedConnection | None = None
    # Opened to read (open_database(create=False)), or a file this user may read but
    # not write: listed, never written.
    read_only: bool = False

    @property
    def is_sqlite(self) -> bool:
        return self.engine.dialect.name == "sqlite"

    def check_file(self) -> None:
        """Refuse to write when the SQLite file or its -wal was deleted or replaced since opened.

        SQLite keeps writing to a deleted file through its open descriptor, and
        everything written there is lost when the process ends: so before each
        write, the paths must still name the files that were opened.
        """
        if self.read_only:
            raise DatabaseError(
                _("database {database} is read-only here: nothing can be stored").format(
                    database=self.path
                )
            )
        if self.path is None or self._identity is None:
            return
        if file_identity(self.path) != self._identity:
            raise DatabaseError(
                _(
                    "database {database} is gone (deleted or moved since it was opened); "
                    "nothing was written"
                ).format(database=self.path)
            )
        if self._wal_replaced():
            self._refuse_without_the_wal()

    def _wal_replaced(self) -> bool:
        """Whether the -wal noted at opening is no longer the file its path names."""
        if self._wal is None:
            return False
        now = file_identity(self._wal)
        return now is None or now != self._wal_identity

    def _refuse_without_the_wal(self) -> NoReturn:
        """The -wal is not the one opened: save what it held, and refuse the write.

        The moves acknowledged since the last checkpoint are only in the deleted
        file, which this process can still read: a checkpoint copies them into
        the database file, where a crash cannot take them. It also empties the
        -wal index, which a store opened again in this process shares: that one
        must not look for those moves in its new -wal, which never held them.
        """
        if self._checkpoint():
            raise DatabaseError(
                _(
                    "database {database}: its -wal file was deleted or replaced while the game "
                    "was open; nothing more is stored (what was stored before is safe in the "
                    "database file): reopen the game"
                ).format(database=self.path)
            )
        raise DatabaseError(
            _(
                "database {database}: its -wal file was deleted or replaced while the game was "
                "open; nothing more is stored, and what was stored before is not yet in the "
                "database file: close the game normally (do not kill the program), then reopen it"
            ).format(database=self.path)
        )

    def _checkpoint(self) -> bool:
        """Copy the whole -wal into the database file and empty it; whether that was done."""
        if self._wal_holder is None:
            return False
        cursor = self._wal_holder.cursor()
        try:
            busy, *_rest = cursor.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
        except self.engine.dialect.loaded_dbapi.Error:
            return False
        finally:
            cursor.close()
        return bool(busy == 0)

    @contextmanager
    def failures(self, doing: str) -> Iterator[None]:
        """Turn the database's own failures inside the block into a one-line StoreError."""
        try:
            yield
        except StoreError:
            raise
        except DBAPIError as exc:
            raise DatabaseError(self._failed(doing, driver_message(exc))) from None
        except SQLAlchemyError as exc:
            raise DatabaseError(self._failed(doing, first_line(str(exc)))) from None

    def _failed(self, doing: str, error: str) -> str:
        """``database NAME: DOING: ERROR``: what failed, and the driver's own words."""
        return _("database {database}: {doing}: {error}").format(
            database=self.name, doing=doing, error=error
        )

    def hold_wal(self) -> None:
        """Keep one connection open on the SQLite file, and note its -wal file's identity.

        SQLite removes the -wal itself when the last connection to the file closes,
        and makes a new one at the next; the engine's pool may close and reopen its
        connections at any time. With this connection open (it has read the file,
        so it holds it in WAL mode), SQLite never removes the -wal while the
        database is open: a -wal that is not the one noted here was deleted or
        replaced by someone else.
        """
        assert self.path is not None
        holder = self.engine.raw_connection()
        holder.detach()  # its own connection from now on: the pool never closes or lends it
        try:
            cursor = holder.cursor()
            try:
                cursor.execute("SELECT count(*) FROM sqlite_master").fetchone()
                (mode,) = cursor.execute("PRAGMA journal_mode").fetchone()
            finally:
                cursor.close()
        except self.engine.dialect.loaded_dbapi.Error as exc:
            holder.close()
            raise DatabaseError(self._failed(_("cannot open it"), first_line(str(exc)))) from None
        if mode != "wal":  # a file system without shared memory, say: no -wal to watch
            holder.close()
            return
        self._wal_holder = holder
        self._wal = self.path.with_name(self.path.name + "-wal")
        self._wal_identity = file_identity(self._wal)  # None (gone already): every write refused

    def close(self) -> None:
        if self._wal_holder is not None:
            self._wal_holder.close()
            self._wal_holder = None
        self.engine.dispose()


def first_line(text: str) -> str:
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    return lines[0] if lines else _("unknown error")


def driver_message(exc: DBAPIError) -> str:
    """The driver's own words, first line only (SQLAlchemy appends the SQL and a link)."""
    return first_line(str(exc.orig)) if exc.orig is not None else first_line(str(exc))


def open_database(
    url: str | None = None, *, environ: Mapping[str, str] | None = None, create: bool = True
) -> Database:
    """Open the store's database: to write, creating what is missing (``create``), or
    only to read, creating nothing; see the module docstring. DatabaseError when it
    cannot be opened."""
    resolved = resolve_url(url, environ, create=create)
    try:
        parsed = make_url(resolved)
    except ArgumentError:
        raise DatabaseError(
            _("not a database URL or file: {database}").format(database=resolved)
        ) from None
    name = parsed.render_as_string(hide_password=True)
    try:
        path, engine = _create_engine(parsed, create=create)
    except NoSuchModuleError:
        raise DatabaseError(
            _("unknown database kind in {database}").format(database=name)
        ) from None
    except ImportError as exc:
        if "psycopg" in str(exc):
            needs = _("database {database} needs the {driver} driver (pip install '{extra}')")
        else:
            needs = _("database {database} needs the {driver} driver")
        raise DatabaseError(
            needs.format(database=name, driver=exc.name, extra="sgs-table[postgres]")
        ) from None
    if path is not None:
        name = str(path)
    read_only = not create or (path is not None and _read_only(path))
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _sqlite_reading if read_only else _sqlite_pragmas)
    database = Database(engine, name, path, read_only=read_only)
    try:
        with database.failures(_("cannot open it")):
            if create and not read_only:  # a store made by an older version may lack a table
                SQLModel.metadata.create_all(engine)  # creates only what is missing
            if not create:
                _check_store(database)
            if path is not None and not read_only:
                database._identity = file_identity(path)
                database.hold_wal()
    except BaseException:
        database.close()
        raise
    return database


def _check_store(database: Database) -> None:
    """Refuse a database, opened to read, that does not hold the store's games table."""
    with database.engine.connect() as conn:
        if not inspect(conn).has_table(GAMES_TABLE):
            raise DatabaseError(
                _("database {database} holds no games: it is not an sgs-table store").format(
                    database=database.name
                )
            )


def _read_only(path: Path) -> bool:
    """Whether an existing SQLite file may only be read: the file, or the folder where
    SQLite keeps its -wal and -shm files, is not writable (a copy on a read-only
    share, a club archive). It is then opened read-only rather than not at all."""
    if not path.exists():
        return False
    return not (os.access(path, os.W_OK) and os.access(path.parent, os.W_OK))


def _create_engine(url: URL, *, create: bool = True) -> tuple[Path | None, Engine]:
    """The engine for `url`, with the options its kind of database needs; the SQLite file.

    Without ``create``, a SQLite file that does not exist is refused, and an existing one
    is never created anew by SQLite (its connections open it with ``mode=rw``).
    """
    kwargs: dict[str, Any] = {}
    path: Path | None = None
    if url.get_backend_name() == "sqlite":
        if url.database and url.database != ":memory:":
            path = Path(url.database)
            if not create and not path.is_file():
                raise DatabaseError(
                    _("database {database} does not exist (nothing was created)").format(
                        database=path
                    )
                )
            if not path.parent.is_dir():
                raise DatabaseError(
                    _("cannot open database {database}: folder {folder} does not exist").format(
                        database=path, folder=path.parent
                    )
                )
            kwargs["connect_args"] = {"timeout": BUSY_TIMEOUT_MS / 1000}
            if _read_only(path):
                kwargs["creator"] = _read_only_connection(path)
            elif not create:
                kwargs["creator"] = _existing_file_connection(path)
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


def _existing_file_connection(path: Path) -> Callable[[], sqlite3.Connection]:
    """Connections to ``path`` that never create it: a file deleted after the check is
    an error, not a new empty database. (Read and write, so SQLite removes the -wal
    and -shm files it makes when the last connection closes, as it always does.)"""
    uri = f"file:{quote(str(path))}?mode=rw"

    def connect() -> sqlite3.Connection:
        return sqlite3.connect(uri, uri=True, timeout=BUSY_TIMEOUT_MS / 1000)

    return connect


def _read_only_connection(path: Path) -> Callable[[], sqlite3.Connection]:
    """Connections that only read ``path``. When its folder is not writable either,
    SQLite cannot make the -shm file a WAL database needs: the file is then read as
    immutable (nobody can be writing it, for the same reason)."""
    immutable = "" if os.access(path.parent, os.W_OK) else "&immutable=1"
    uri = f"file:{quote(str(path))}?mode=ro{immutable}"

    def connect() -> sqlite3.Connection:
        return sqlite3.connect(uri, uri=True, timeout=BUSY_TIMEOUT_MS / 1000)

    return connect


def _sqlite_reading(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        cursor.execute("PRAGMA foreign_keys = ON")
    finally:
        cursor.close()


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    try:
        # The busy timeout first: switching to WAL itself may wait for a lock.
        cursor.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        cursor.execute("PRAGMA journal_mode = WAL")
        cursor.execute("PRAGMA synchronous = FULL")
        # Every commit is copied into the database file at once: a -wal deleted by
        # someone else (see Database.check_file) then holds nothing acknowledged.
        cursor.execute("PRAGMA wal_autocheckpoint = 1")
        cursor.execute("PRAGMA foreign_keys = ON")
    finally:
        cursor.close()
