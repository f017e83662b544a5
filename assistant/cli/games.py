"""``sgs-table games``: the games in the record store.

``--db`` takes an SQLAlchemy URL or a SQLite file path; without it,
``$SGS_TABLE_DB``, else ``sgs-table.db`` in the user's data directory (see
`assistant.store.database`). A database that cannot be reached is one line on
stderr and exit status 1.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import asdict
from typing import TextIO

from assistant.cli.arguments import DB_HELP, Commands, with_store
from assistant.cli.terminal import format_table
from assistant.store import Store

__all__ = ["add_command"]


def add_command(commands: Commands) -> None:
    p = commands.add_parser(
        "games",
        help="list the games in the record store",
        description="List the stored games: id, when created (UTC), mode, players, moves in "
        "effect (and log rows, when corrections were made), status and event.",
    )
    p.add_argument("--db", metavar="URL", help=DB_HELP)
    p.add_argument("--json", action="store_true", help="print JSON for machines")
    p.set_defaults(handler=_games)


def _games(args: argparse.Namespace, out: TextIO) -> int:
    def show(store: Store) -> int:
        games = store.games()
        if args.json:
            json.dump([asdict(g) for g in games], out, ensure_ascii=False, indent=1)
            out.write("\n")
            return 0
        rows = [
            (
                g.id,
                g.created_at[:16].replace("T", " "),
                g.mode + (f" ({g.variant})" if g.variant else ""),
                g.players,
                g.moves if g.rows == g.moves else f"{g.moves} ({g.rows} rows)",
                g.status + (f": {g.winner}" if g.winner else ""),
                g.headers.get("Event", ""),
            )
            for g in games
        ]
        headers = ("id", "created (UTC)", "mode", "players", "moves", "status", "event")
        if rows:
            out.write(format_table(headers, rows, right=(0, 3)) + "\n")
        out.write(f"{len(games)} game{'s' if len(games) != 1 else ''}\n")
        return 0

    return with_store(args.db, show)
