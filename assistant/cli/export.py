"""``sgs-table export``: a stored game written as a record (.sgs or JSON)."""

from __future__ import annotations

import argparse
from typing import TextIO

from assistant.cli.arguments import DB_HELP, Commands, add_output, store_files, with_store
from assistant.cli.terminal import write_output
from assistant.store import Store

__all__ = ["add_command"]


def add_command(commands: Commands) -> None:
    p = commands.add_parser(
        "export",
        help="write a stored game as a record (.sgs or JSON)",
        description="Write the moves in effect of a stored game as a record: the .sgs text "
        "format (docs/record-format.md) or its JSON form.",
    )
    p.add_argument("game", type=int, help="the game's id (see `sgs-table games`)")
    p.add_argument("--format", choices=("sgs", "json"), default="sgs", help="default: sgs")
    add_output(p)
    p.add_argument("--db", metavar="URL", help=DB_HELP)
    p.set_defaults(handler=_export)


def _export(args: argparse.Namespace, out: TextIO) -> int:
    def export(store: Store) -> int:
        text = store.export(args.game, args.format)
        wrote = f"wrote game {args.game} to {args.output}"
        return write_output(
            text, args.output, out, wrote, force=args.force, protected=store_files(store)
        )

    return with_store(args.db, export)
