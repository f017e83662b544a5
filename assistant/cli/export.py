"""``sgs-table export``: a stored game written as a record (.sgs or JSON) or as a
self-contained HTML page to look back at it (`assistant.review.page`); with
``--at-version N``, the game as it stood at the end of version N (``sgs-table
versions``)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TextIO

from assistant.cli.arguments import Commands, add_db, add_output, store_files, with_store
from assistant.cli.status import USAGE
from assistant.cli.terminal import write_output
from assistant.i18n import _
from assistant.review.page import render_page
from assistant.review.stats import game_stats
from assistant.store import Store

__all__ = ["add_command"]


def add_command(commands: Commands) -> None:
    p = commands.add_parser(
        "export",
        help=_("write a stored game as a record (.sgs or JSON) or as an HTML page"),
        description=_(
            "Write the moves in effect of a stored game as a record: the .sgs text "
            "format (docs/record-format.md) or its JSON form; or, with --format html, as one "
            "self-contained web page (the table at every move, the HP chart, the narration, "
            "the statistics and the notes) that any browser opens offline (docs/review.md)."
        ),
    )
    p.add_argument("game", type=int, help=_("the game's id (see `sgs-table games`)"))
    p.add_argument(
        "--format", choices=("sgs", "json", "html"), default="sgs", help=_("default: sgs")
    )
    p.add_argument(
        "--json",
        action="store_true",
        help=_("the same as --format json; with -o, what was written is said in JSON too"),
    )
    p.add_argument(
        "--at-version",
        dest="version",
        type=int,
        metavar="N",
        help=_(
            "the game as it stood at the end of version N (see `sgs-table versions`); "
            "default: as it stands now"
        ),
    )
    add_output(p)
    add_db(p)
    p.set_defaults(handler=_export)


def _export(args: argparse.Namespace, out: TextIO) -> int:
    if args.json:
        if args.format not in ("sgs", "json"):  # sgs: the default, not asked for
            print(
                "sgs-table: " + _("--json is --format json: not with --format html"),
                file=sys.stderr,
            )
            return USAGE
        args.format = "json"

    def export(store: Store) -> int:
        text = (
            _page(store, args.game, args.version)
            if args.format == "html"
            else store.export(args.game, args.format, args.version)
        )
        wrote = _("wrote game {game} to {file}").format(game=args.game, file=args.output)
        if args.json:
            wrote = json.dumps({"game": args.game, "file": str(args.output)}, ensure_ascii=False)
        return write_output(
            text, args.output, out, wrote, force=args.force, protected=store_files(store)
        )

    return with_store(args.db, export)


def _page(store: Store, game_id: int, version: int | None = None) -> str:
    """The page of a stored game (now, or at the end of ``version``): its table at every
    move, its statistics and notes."""
    record = store.record(game_id, version)
    game = store.load_game(game_id, version)
    title = record.headers.get("Event") or _("Game {game}").format(game=game_id)
    return render_page(
        game,
        title=title,
        headers=record.headers,
        stats=game_stats(game).as_json(),
        notes=list(record.notes),
    )
