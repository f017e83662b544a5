"""``sgs-table import``: a record file replayed and stored as a new game; nothing is
stored when the rules refuse it.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TextIO

from assistant.cli.arguments import Commands, db_help, error_text, read_record, with_store
from assistant.i18n import _, ngettext
from assistant.store import Store
from engine.record import RecordError

__all__ = ["add_command"]


def add_command(commands: Commands) -> None:
    p = commands.add_parser(
        "import",
        help=_("store a record file (.sgs or .json) as a new game"),
        description=_(
            "Replay a record and store it as a new game. A record the rules refuse "
            "is reported with its line and reason, and nothing is stored."
        ),
    )
    p.add_argument("record", type=Path, help=_("a record file (.sgs or .json)"))
    p.add_argument("--db", metavar="URL", help=db_help())
    p.set_defaults(handler=_import)


def _import(args: argparse.Namespace, out: TextIO) -> int:
    try:
        record = read_record(args.record)
    except RecordError as exc:
        print(f"sgs-table: {error_text(exc)}", file=sys.stderr)
        return 1

    def store_it(store: Store) -> int:
        try:
            game_id = store.import_record(record)
        except RecordError as exc:
            refused = _("{file}: {problem}; nothing was stored")
            print(
                "sgs-table: " + refused.format(file=args.record, problem=error_text(exc)),
                file=sys.stderr,
            )
            return 1
        imported = ngettext(
            "imported {file} as game {game} ({n} move)",
            "imported {file} as game {game} ({n} moves)",
            len(record.moves),
        )
        out.write(imported.format(file=args.record, game=game_id, n=len(record.moves)) + "\n")
        return 0

    return with_store(args.db, store_it)
