"""``sgs-table versions GAME``: every version of a stored game, and what made each.

Version 0 is the game as first stored; each correction or undo begins the
next (`assistant.store.Store.versions`): what it did (the move replaced,
inserted, deleted or undone, the later moves kept and set aside), the rows
it wrote, and when. ``sgs-table export GAME --at-version N`` writes the game as
it stood at the end of version N. An unknown game is one line on stderr and
exit status 1.
"""

from __future__ import annotations

import argparse
import json
from typing import Any, TextIO

from assistant.cli.arguments import Commands, add_db, with_store
from assistant.cli.terminal import format_table
from assistant.i18n import SOURCE, _, ngettext, pgettext, speaking, tr
from assistant.session import version_text
from assistant.store import Store, Version

__all__ = ["add_command", "kind_name", "version_json"]


def add_command(commands: Commands) -> None:
    p = commands.add_parser(
        "versions",
        help=_("list the versions of a stored game (each correction or undo)"),
        description=_(
            "List every version of a stored game: version 0 as first stored, then one "
            "for each correction or undo, with what it changed, the rows it wrote, when "
            "(UTC) and the moves in effect at the version's end. The log is append-only: "
            "`sgs-table export GAME --at-version N` writes the game as it stood then."
        ),
    )
    p.add_argument("game", type=int, help=_("the game's id (see `sgs-table games`)"))
    p.add_argument("--json", action="store_true", help=_("print JSON for machines"))
    add_db(p)
    p.set_defaults(handler=_versions)


def kind_name(kind: str) -> str:
    """A version's kind (``replace``, ``undo`` ...) as a person reads it."""
    names = {
        "start": pgettext("version", "stored"),
        "undo": pgettext("version", "undo"),
        "replace": pgettext("version", "replace"),
        "insert": pgettext("version", "insert"),
        "delete": pgettext("version", "delete"),
        "correct": pgettext("version", "correct"),
    }
    return names.get(kind, kind)


def version_json(version: Version) -> dict[str, Any]:
    """A version for programs: its fields, the set-aside moves' reasons in English."""
    with speaking(SOURCE):
        set_aside = [
            {"number": s.number, "move": str(s.move), "reason": tr(s.reason)}
            for s in version.set_aside
        ]
    return {
        "version": version.number,
        "kind": version.kind,
        "seq": version.seq,
        "ends_at": version.ends_at,
        "last": version.last,
        "created_at": version.created_at,
        "moves": version.moves,
        "move": version.move,
        "text": version.text,
        "was": version.was,
        "before": version.before,
        "kept": version.kept,
        "set_aside": set_aside,
        "silences": version.silences,
        "dropped": version.dropped,
    }


def _versions(args: argparse.Namespace, out: TextIO) -> int:
    def show(store: Store) -> int:
        versions = store.versions(args.game)
        if args.json:
            json.dump([version_json(v) for v in versions], out, ensure_ascii=False, indent=1)
            out.write("\n")
            return 0
        rows = [
            (
                v.number,
                kind_name(v.kind),
                _rows(v),
                v.created_at[:16].replace("T", " "),
                v.moves,
                version_text(v),
            )
            for v in versions
        ]
        headers = (
            _("version"),
            _("kind"),
            _("rows"),
            _("when (UTC)"),
            _("moves"),
            _("what changed"),
        )
        out.write(format_table(headers, rows, right=(0, 4)) + "\n")
        said = ngettext(
            "game {game}: {n} version", "game {game}: {n} versions", len(versions)
        ).format(game=args.game, n=len(versions))
        out.write(said + "\n")
        return 0

    return with_store(args.db, show)


def _rows(version: Version) -> str:
    """The rows of the log the version's change wrote, and those after it until the next."""
    if version.number == 0:
        return f"1-{version.last}"
    if version.ends_at == version.seq:
        written = str(version.seq)
    else:
        written = f"{version.seq}-{version.ends_at}"
    if version.last > version.ends_at:
        return _("{written} (+{more})").format(written=written, more=version.last - version.ends_at)
    return written
