"""``sgs-table games``, ``export`` and ``import``: the record store on the command line.

Each takes ``--db`` (an SQLAlchemy URL or a SQLite file path); without it,
``$SGS_TABLE_DB``, else ``sgs-table.db`` in the user's data directory (see
`assistant.database`). A database that cannot be reached, or a record that
does not replay, is one line on stderr and exit status 1; nothing is written.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from assistant.database import ENV_VAR, StoreError
from assistant.store import Store
from assistant.tables import format_table
from engine.record import RecordError, load_record

if TYPE_CHECKING:
    from assistant.cli import Commands

__all__ = ["add_store_commands"]

DB_HELP = (
    f"database: an SQLAlchemy URL (sqlite:///FILE, postgresql://USER@HOST/DB) or a SQLite "
    f"file; default ${ENV_VAR}, else sgs-table.db in the user's data directory"
)


def add_store_commands(commands: Commands) -> None:
    """Add ``games``, ``export`` and ``import`` to the command line's subcommands."""
    p = commands.add_parser(
        "games",
        help="list the games in the record store",
        description="List the stored games: id, when created (UTC), mode, players, moves in "
        "effect (and log rows, when corrections were made), status and event.",
    )
    p.add_argument("--db", metavar="URL", help=DB_HELP)
    p.add_argument("--json", action="store_true", help="print JSON for machines")
    p.set_defaults(handler=_games)

    p = commands.add_parser(
        "export",
        help="write a stored game as a record (.sgs or JSON)",
        description="Write the moves in effect of a stored game as a record: the .sgs text "
        "format (docs/record-format.md) or its JSON form.",
    )
    p.add_argument("game", type=int, help="the game's id (see `sgs-table games`)")
    p.add_argument("--format", choices=("sgs", "json"), default="sgs", help="default: sgs")
    p.add_argument("-o", "--output", type=Path, metavar="FILE", help="default: stdout")
    p.add_argument("--db", metavar="URL", help=DB_HELP)
    p.set_defaults(handler=_export)

    p = commands.add_parser(
        "import",
        help="store a record file (.sgs or .json) as a new game",
        description="Replay a record and store it as a new game. A record the rules refuse "
        "is reported with its line and reason, and nothing is stored.",
    )
    p.add_argument("record", type=Path, help="a record file (.sgs or .json)")
    p.add_argument("--db", metavar="URL", help=DB_HELP)
    p.set_defaults(handler=_import)


def _with_store(url: str | None, action: Callable[[Store], int]) -> int:
    """Run `action` on the store at `url`; a store failure is one line on stderr, status 1."""
    try:
        with Store.open(url) as store:
            return action(store)
    except StoreError as exc:
        print(f"sgs-table: {exc}", file=sys.stderr)
        return 1


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

    return _with_store(args.db, show)


def _export(args: argparse.Namespace, out: TextIO) -> int:
    def export(store: Store) -> int:
        text = store.export(args.game, args.format)
        if args.output is None:
            out.write(text)
            return 0
        try:
            args.output.write_text(text, encoding="utf-8")
        except OSError as exc:
            print(f"sgs-table: cannot write {args.output}: {exc.strerror}", file=sys.stderr)
            return 1
        out.write(f"wrote game {args.game} to {args.output}\n")
        return 0

    return _with_store(args.db, export)


def _import(args: argparse.Namespace, out: TextIO) -> int:
    try:
        text = args.record.read_text(encoding="utf-8")
        record = load_record(text)
    except OSError as exc:
        print(f"sgs-table: cannot read {args.record}: {exc.strerror}", file=sys.stderr)
        return 1
    except UnicodeDecodeError:
        print(f"sgs-table: {args.record} is not UTF-8 text", file=sys.stderr)
        return 1
    except RecordError as exc:
        print(f"sgs-table: {args.record}: {exc}", file=sys.stderr)
        return 1

    def store_it(store: Store) -> int:
        try:
            game_id = store.import_record(record)
        except RecordError as exc:
            print(f"sgs-table: {args.record}: {exc}; nothing was stored", file=sys.stderr)
            return 1
        out.write(f"imported {args.record} as game {game_id} ({len(record.moves)} moves)\n")
        return 0

    return _with_store(args.db, store_it)
