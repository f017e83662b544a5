"""``sgs-table import``: a record file replayed and stored as a new game; nothing is
stored when the rules refuse it (the record is checked before the store is opened,
so a refused record does not create a database either).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TextIO

from assistant.cli.arguments import Commands, add_db, error_text, read_record, with_store
from assistant.cli.status import DONE, REFUSED
from assistant.cli.suggest import did_you_mean, suggestion_for
from assistant.i18n import _, ngettext
from assistant.store import Store
from engine.record import RecordError, check_game

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
    add_db(p)
    p.add_argument("--json", action="store_true", help=_("print JSON for machines"))
    p.set_defaults(handler=_import)


def _import(args: argparse.Namespace, out: TextIO) -> int:
    try:
        record = read_record(args.record)
    except RecordError as exc:
        print(f"sgs-table: {error_text(exc)}", file=sys.stderr)
        return REFUSED
    try:
        check_game(record)  # before the store is opened: a refused record creates nothing
    except RecordError as exc:
        refused = _("{file}: {problem}; nothing was stored").format(
            file=args.record, problem=error_text(exc, suggest=False)
        )
        print(f"sgs-table: {did_you_mean(refused, suggestion_for(exc))}", file=sys.stderr)
        return REFUSED

    def store_it(store: Store) -> int:
        game_id = store.import_record(record)
        if args.json:
            report = {"file": str(args.record), "game": game_id, "moves": len(record.moves)}
            out.write(json.dumps(report, ensure_ascii=False) + "\n")
            return DONE
        imported = ngettext(
            "imported {file} as game {game} ({n} move)",
            "imported {file} as game {game} ({n} moves)",
            len(record.moves),
        )
        out.write(imported.format(file=args.record, game=game_id, n=len(record.moves)) + "\n")
        return DONE

    return with_store(args.db, store_it, write=True)
