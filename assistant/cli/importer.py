"""``sgs-table import``: a record file replayed and stored as a new game; nothing is
stored when the rules refuse it.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TextIO

from assistant.cli.arguments import DB_HELP, Commands, read_record, with_store
from assistant.store import Store
from engine.record import RecordError

__all__ = ["add_command"]


def add_command(commands: Commands) -> None:
    p = commands.add_parser(
        "import",
        help="store a record file (.sgs or .json) as a new game",
        description="Replay a record and store it as a new game. A record the rules refuse "
        "is reported with its line and reason, and nothing is stored.",
    )
    p.add_argument("record", type=Path, help="a record file (.sgs or .json)")
    p.add_argument("--db", metavar="URL", help=DB_HELP)
    p.set_defaults(handler=_import)


def _import(args: argparse.Namespace, out: TextIO) -> int:
    try:
        record = read_record(args.record)
    except RecordError as exc:
        print(f"sgs-table: {exc}", file=sys.stderr)
        return 1

    def store_it(store: Store) -> int:
        try:
            game_id = store.import_record(record)
        except RecordError as exc:
            print(f"sgs-table: {args.record}: {exc}; nothing was stored", file=sys.stderr)
            return 1
        out.write(f"imported {args.record} as game {game_id} ({len(record.moves)} moves)\n")
        return 0

    return with_store(args.db, store_it)
