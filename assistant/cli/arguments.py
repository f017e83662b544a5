"""What the subcommand modules share: the subparsers type, argument types, reading a record.

Each module of ``assistant.cli`` adds one subcommand with ``add_command``;
its handler takes the parsed arguments and the output stream and returns
the exit status.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TextIO, TypeAlias

from assistant.store import ENV_VAR, Store, StoreError
from engine.record import Record, RecordError, load_record

__all__ = [
    "DB_HELP",
    "Commands",
    "Handler",
    "at_least_one",
    "positive_number",
    "read_record",
    "with_store",
]

Handler = Callable[[argparse.Namespace, TextIO], int]
# Subscripting is for the type checker only: at run time the class is not generic.
Commands: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"

DB_HELP = (
    f"database: an SQLAlchemy URL (sqlite:///FILE, postgresql://USER@HOST/DB) or a SQLite "
    f"file; default ${ENV_VAR}, else sgs-table.db in the user's data directory"
)


def at_least_one(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def positive_number(text: str) -> float:
    """An argparse type: a number above 0 (seconds, frames per second)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be more than 0, got {text}")
    return value


def read_record(path: Path) -> Record:
    """A record file (.sgs or .json) read and parsed; RecordError when it cannot be."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise RecordError(None, f"cannot read {path}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise RecordError(None, f"{path} is not UTF-8 text") from None
    return load_record(text)


def with_store(url: str | None, action: Callable[[Store], int]) -> int:
    """Run `action` on the store at `url`; a store failure is one line on stderr, status 1."""
    try:
        with Store.open(url) as store:
            return action(store)
    except StoreError as exc:
        print(f"sgs-table: {exc}", file=sys.stderr)
        return 1
