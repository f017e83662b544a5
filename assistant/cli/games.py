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

from assistant.cli.arguments import Commands, db_help, with_store
from assistant.cli.terminal import format_table
from assistant.cli.words import side_name, status_name
from assistant.i18n import SOURCE, _, mode_name, ngettext, speaking, variant_name
from assistant.store import GameSummary, Store

__all__ = ["add_command"]


def add_command(commands: Commands) -> None:
    p = commands.add_parser(
        "games",
        help=_("list the games in the record store"),
        description=_(
            "List the stored games: id, when created (UTC), mode, players, moves in "
            "effect (and log rows, when corrections were made), status and event."
        ),
    )
    p.add_argument("--db", metavar="URL", help=db_help())
    p.add_argument("--json", action="store_true", help=_("print JSON for machines"))
    p.set_defaults(handler=_games)


def _games(args: argparse.Namespace, out: TextIO) -> int:
    def show(store: Store) -> int:
        games = store.games()
        if args.json:
            with speaking(SOURCE):
                json.dump([asdict(g) for g in games], out, ensure_ascii=False, indent=1)
            out.write("\n")
            return 0
        rows = [
            (
                g.id,
                g.created_at[:16].replace("T", " "),
                _mode(g),
                g.players,
                g.moves if g.rows == g.moves else _moves(g),
                _status(g),
                g.headers.get("Event", ""),
            )
            for g in games
        ]
        headers = (
            _("id"),
            _("created (UTC)"),
            _("mode"),
            _("players"),
            _("moves"),
            _("status"),
            _("event"),
        )
        if rows:
            out.write(format_table(headers, rows, right=(0, 3)) + "\n")
        out.write(ngettext("{n} game", "{n} games", len(games)).format(n=len(games)) + "\n")
        return 0

    return with_store(args.db, show)


def _mode(game: GameSummary) -> str:
    if not game.variant:
        return mode_name(game.mode)
    return _("{mode} ({variant})").format(
        mode=mode_name(game.mode), variant=variant_name(game.variant)
    )


def _moves(game: GameSummary) -> str:
    shown = ngettext("{moves} ({rows} row)", "{moves} ({rows} rows)", game.rows)
    return shown.format(moves=game.moves, rows=game.rows)


def _status(game: GameSummary) -> str:
    if not game.winner:
        return status_name(game.status)
    return _("{status}: {winner}").format(
        status=status_name(game.status), winner=side_name(game.winner, game.mode)
    )
