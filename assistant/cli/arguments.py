"""What the subcommand modules share: the subparsers type, argument types, reading a
record, opening the store.

Each module of ``assistant.cli`` adds one subcommand with ``add_command``;
its handler takes the parsed arguments and the output stream and returns
the exit status (`assistant.cli.status`).

Every subcommand that touches the store takes ``--db`` (`add_db`: an
SQLAlchemy URL or a SQLite file, default ``$SGS_TABLE_DB``, else the user's
data folder) and opens it one of two ways (`open_store`): to write, which
creates what is missing, or to read, which creates nothing (a missing
database is an error naming it).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TextIO, TypeAlias

from assistant.cli.status import store_status
from assistant.cli.suggest import did_you_mean, suggestion_for
from assistant.i18n import _, tr
from assistant.store import ENV_VAR, Store, StoreError, open_database
from engine.game import Game
from engine.record import MAX_RECORD_BYTES, Record, RecordError, check_game, decode_record

__all__ = [
    "Commands",
    "Handler",
    "add_db",
    "add_output",
    "at_least_one",
    "db_help",
    "error_text",
    "needs_vision",
    "open_store",
    "positive_number",
    "read_game",
    "read_record",
    "store_files",
    "with_store",
]

Handler = Callable[[argparse.Namespace, TextIO], int]
# Subscripting is for the type checker only: at run time the class is not generic.
Commands: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"


def db_help() -> str:
    """The help of ``--db``, in the language in use."""
    return _(
        "database: an SQLAlchemy URL (sqlite:///FILE, postgresql://USER@HOST/DB) or a SQLite "
        "file; default ${variable}, else sgs-table.db in the user's data directory"
    ).format(variable=ENV_VAR)


def add_db(p: argparse.ArgumentParser, help_text: str | None = None) -> None:
    """``--db URL``, the same on every subcommand that touches a store."""
    p.add_argument("--db", metavar="URL", help=help_text or db_help())


def error_text(exc: Exception, *, suggest: bool = True) -> str:
    """An error for a person, in the language in use: a record's names its line, an
    engine's is worded by `assistant.i18n.tr`, the store's is worded already; an
    unknown general, card, mode ... with the nearest known one (`assistant.cli.suggest`),
    unless not ``suggest`` (for a caller that says more after it)."""
    if isinstance(exc, RecordError):
        reason = tr(exc.reason)
        if exc.line is not None:
            reason = _("line {line}: {reason}").format(line=exc.line, reason=reason)
    else:
        reason = tr(exc)
    return did_you_mean(reason, suggestion_for(exc)) if suggest else reason


def needs_vision(command: str, error: ImportError) -> str:
    """The line saying ``sgs-table COMMAND`` needs the vision extra, which is missing."""
    missing = _("needs the vision extra ({module} is missing): pip install 'sgs-table[vision]'")
    return f"sgs-table {command}: " + missing.format(module=error.name)


def at_least_one(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("not a whole number: {text}").format(text=repr(text))
        ) from None
    if value < 1:
        raise argparse.ArgumentTypeError(_("must be at least 1, got {value}").format(value=value))
    return value


def positive_number(text: str) -> float:
    """An argparse type: a number above 0 (seconds, frames per second)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("not a number: {text}").format(text=repr(text))
        ) from None
    if not value > 0:
        raise argparse.ArgumentTypeError(_("must be more than 0, got {text}").format(text=text))
    return value


def add_output(
    p: argparse.ArgumentParser, *, required: bool = False, metavar: str = "FILE"
) -> None:
    """``-o FILE`` and ``--force`` (see assistant.cli.outputs for what is refused)."""
    where = _("the file to write") if required else _("default: stdout")
    p.add_argument("-o", "--output", type=Path, required=required, metavar=metavar, help=where)
    p.add_argument(
        "--force", action="store_true", help=_("overwrite the -o file if it exists already")
    )


def store_files(store: Store) -> tuple[Path, ...]:
    """The files of the store in use, which no output may overwrite."""
    path = store.db.path
    if path is None:
        return ()
    return (path, Path(f"{path}-wal"), Path(f"{path}-shm"), Path(f"{path}-journal"))


def read_record(path: Path) -> Record:
    """A record file (.sgs or .json) read and parsed; RecordError, naming the file, when
    it cannot be.

    At most MAX_RECORD_BYTES + 1 bytes are read, whatever the file (a device
    such as /dev/zero, a huge file): one byte over the limit is enough to refuse it.
    """
    try:
        with path.open("rb") as stream:
            data = stream.read(MAX_RECORD_BYTES + 1)
    except OSError as exc:
        raise RecordError(
            None, _("cannot read {file}: {error}").format(file=path, error=exc.strerror)
        ) from None
    try:
        return decode_record(data)
    except RecordError as exc:
        raise RecordError(None, f"{path}: {error_text(exc)}") from None


def read_game(path: Path) -> tuple[Record, Game]:
    """A record file read and checked as a game (engine.record.check_game): exactly
    what ``import`` does before it writes, so ``check`` and ``import`` agree."""
    record = read_record(path)
    try:
        return record, check_game(record)
    except RecordError as exc:
        raise RecordError(None, f"{path}: {error_text(exc)}") from None


def open_store(url: str | None, *, write: bool) -> Store:
    """The store at ``url`` (``--db``; None: ``$SGS_TABLE_DB``, else the default file),
    opened to write (the database and its tables are created when missing) or only to
    read (nothing is created: a database that does not exist is a DatabaseError naming
    it, and nothing can be written through it)."""
    return Store(open_database(url, create=write))


def with_store(
    url: str | None, action: Callable[[Store], int], *, write: bool = False, existing: bool = False
) -> int:
    """Run `action` on the store at `url`, opened to read unless ``write``
    (`open_store`); with ``existing``, a write to a store that must be there already
    (a note, an archive mark: a database created only to say "no game 1" is not
    wanted). A store's error is one line on stderr and its exit status
    (`assistant.cli.status.store_status`)."""
    try:
        if write and existing:
            open_store(url, write=False).close()  # a DatabaseError naming it when missing
        with open_store(url, write=write) as store:
            return action(store)
    except StoreError as exc:
        print(f"sgs-table: {exc}", file=sys.stderr)
        return store_status(exc)
