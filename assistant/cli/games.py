"""``sgs-table games``: the games in the record store; archiving and deleting one.

``--db`` takes an SQLAlchemy URL or a SQLite file path; without it,
``$SGS_TABLE_DB``, else ``sgs-table.db`` in the user's data directory (see
`assistant.store.database`). Listing only reads: a database that does not
exist is one line on stderr and exit status 3, and nothing is created.

Archived games (``--archive ID``, finished games only) are left out of the
list unless ``--all`` (every game) or ``--archived`` (only those).
``--delete ID`` removes a game and everything stored with it, after asking
"delete game N (...)? [y/N]" on the terminal; ``--yes`` answers for a
script, and without a terminal to ask on, ``--yes`` is required (exit 2).
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict
from typing import TextIO

from assistant.cli.arguments import Commands, add_db, with_store
from assistant.cli.status import DONE, REFUSED, USAGE
from assistant.cli.terminal import format_table
from assistant.cli.words import side_name, status_name
from assistant.i18n import (
    SOURCE,
    _,
    join_list,
    mode_name,
    ngettext,
    pgettext,
    speaking,
    variant_name,
)
from assistant.store import (
    GameSummary,
    Store,
    archive_game,
    archived_ids,
    delete_game,
    find_game,
    unarchive_game,
)

__all__ = ["add_command", "confirm"]


def add_command(commands: Commands) -> None:
    p = commands.add_parser(
        "games",
        help=_("list the games in the record store; archive or delete one"),
        description=_(
            "List the stored games: id, when created (UTC), mode, players, moves in "
            "effect (and log rows, when corrections were made), status and event. Archived "
            "games are left out unless --all or --archived. --archive puts a finished game "
            "away, --unarchive lists it again, --delete removes a game and everything stored "
            "with it (after asking; --yes answers for a script)."
        ),
    )
    add_db(p)
    p.add_argument("--json", action="store_true", help=_("print JSON for machines"))
    shown = p.add_mutually_exclusive_group()
    shown.add_argument("--all", action="store_true", help=_("list archived games too"))
    shown.add_argument("--archived", action="store_true", help=_("list only archived games"))
    action = p.add_mutually_exclusive_group()
    action.add_argument(
        "--delete",
        type=int,
        metavar="ID",
        help=_("delete game ID and everything stored with it (asks first)"),
    )
    action.add_argument(
        "--archive", type=int, metavar="ID", help=_("archive finished game ID: no longer listed")
    )
    action.add_argument(
        "--unarchive", type=int, metavar="ID", help=_("list archived game ID again")
    )
    p.add_argument("--yes", action="store_true", help=_("delete without asking (for scripts)"))
    p.set_defaults(handler=_games)


def _games(args: argparse.Namespace, out: TextIO) -> int:
    if args.delete is not None:
        return _delete(args, out)
    if args.archive is not None or args.unarchive is not None:

        def archive(store: Store) -> int:
            return _archive(store, args, out)

        return with_store(args.db, archive, write=True, existing=True)
    return with_store(args.db, lambda store: _list(store, args, out))


def _list(store: Store, args: argparse.Namespace, out: TextIO) -> int:
    archived = archived_ids(store)
    every = store.games()
    if args.archived:
        games = [g for g in every if g.id in archived]
    elif args.all:
        games = every
    else:
        games = [g for g in every if g.id not in archived]
    if args.json:
        with speaking(SOURCE):
            listed = [asdict(g) | {"archived": g.id in archived} for g in games]
            json.dump(listed, out, ensure_ascii=False, indent=1)
        out.write("\n")
        return DONE
    rows = [
        (
            g.id,
            g.created_at[:16].replace("T", " "),
            _mode(g),
            g.players,
            g.moves if g.rows == g.moves else _moves(g),
            _status(g, g.id in archived),
            g.headers.get("Event", ""),
            join_list(name for name in g.names if name),
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
        _("names"),
    )
    if rows:
        out.write(format_table(headers, rows, right=(0, 3)) + "\n")
    out.write(ngettext("{n} game", "{n} games", len(games)).format(n=len(games)) + "\n")
    hidden = len(every) - len(games) if not (args.all or args.archived) else 0
    if hidden:
        left_out = ngettext(
            "{n} archived game not listed (--all lists it)",
            "{n} archived games not listed (--all lists them)",
            hidden,
        )
        out.write(left_out.format(n=hidden) + "\n")
    return DONE


def _archive(store: Store, args: argparse.Namespace, out: TextIO) -> int:
    if args.archive is not None:
        game_id = args.archive
        changed = archive_game(store, game_id)
        archived = True
        said = (
            _("game {game} archived: `sgs-table games` lists it with --all or --archived")
            if changed
            else _("game {game} was archived already")
        )
    else:
        game_id = args.unarchive
        changed = unarchive_game(store, game_id)
        archived = False
        said = _("game {game} is listed again") if changed else _("game {game} was not archived")
    if args.json:
        report = {"game": game_id, "archived": archived, "changed": changed}
        out.write(json.dumps(report) + "\n")
    else:
        out.write(said.format(game=game_id) + "\n")
    return DONE


def _delete(args: argparse.Namespace, out: TextIO) -> int:
    if not args.yes and not sys.stdin.isatty():
        refused = _("games --delete asks on a terminal before deleting: add --yes to delete")
        print(f"sgs-table: {refused}", file=sys.stderr)
        return USAGE

    def delete(store: Store) -> int:
        game = find_game(store, args.delete)
        if not args.yes and not confirm(_question(game)):
            print("sgs-table: " + _("nothing was deleted"), file=sys.stderr)
            return REFUSED
        rows = delete_game(store, game.id)
        if args.json:
            out.write(json.dumps({"game": game.id, "deleted": True, "rows": rows}) + "\n")
        else:
            deleted = ngettext(
                "game {game} deleted ({rows} row)", "game {game} deleted ({rows} rows)", rows
            )
            out.write(deleted.format(game=game.id, rows=rows) + "\n")
        return DONE

    return with_store(args.db, delete, write=True, existing=True)


def _question(game: GameSummary) -> str:
    # TRANSLATORS: [y/N]: answered by y (yes) or n/Enter (no); the answer is read in any language
    asked = ngettext(
        "delete game {game} ({mode}, {moves} move, created {created} UTC)? [y/N] ",
        "delete game {game} ({mode}, {moves} moves, created {created} UTC)? [y/N] ",
        game.moves,
    )
    return asked.format(
        game=game.id,
        mode=_mode(game),
        moves=game.moves,
        created=game.created_at[:16].replace("T", " "),
    )


def confirm(question: str) -> bool:
    """Ask ``question`` on stderr and read the answer from stdin: yes for ``y`` or
    ``yes`` (or the language's own word for yes), no for anything else."""
    sys.stderr.write(question)
    sys.stderr.flush()
    answer = sys.stdin.readline().strip().lower()
    return answer in {"y", "yes", pgettext("the answer to a yes/no question", "yes").lower()}


def _mode(game: GameSummary) -> str:
    if not game.variant:
        return mode_name(game.mode)
    return _("{mode} ({variant})").format(
        mode=mode_name(game.mode), variant=variant_name(game.variant)
    )


def _moves(game: GameSummary) -> str:
    shown = ngettext("{moves} ({rows} row)", "{moves} ({rows} rows)", game.rows)
    return shown.format(moves=game.moves, rows=game.rows)


def _status(game: GameSummary, archived: bool = False) -> str:
    if not game.winner:
        shown = status_name(game.status)
    else:
        shown = _("{status}: {winner}").format(
            status=status_name(game.status), winner=side_name(game.winner, game.mode)
        )
    if archived:
        return _("{status} (archived)").format(status=shown)
    return shown
