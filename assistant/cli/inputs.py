"""``sgs-table inputs GAME``: a stored game's journal written back out as a table script.

Every input a session performed on the game (docs/table-script.md), from its
setup on, with its time. A refused input stays a live line, marked by a
``# refused: REASON`` comment: performing it again is refused again and
changes nothing, so ``sgs-table play`` of the script gives the same game,
down to the order of its refusals. A refused input that does not read as a
script line (a malformed command from the app) is written as a comment
only. A game imported from a record has no journal: that is one line on
stderr and exit status 1, as an unknown game is.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import asdict
from typing import TextIO

from assistant.cli.arguments import Commands, add_db, add_output, store_files, with_store
from assistant.cli.terminal import write_output
from assistant.i18n import _, ngettext
from assistant.session import ScriptError, parse_script, script_line
from assistant.store import Store, StoredInput, StoreError

__all__ = ["add_command", "format_inputs"]


def add_command(commands: Commands) -> None:
    p = commands.add_parser(
        "inputs",
        help=_("write a stored game's inputs (sightings and taps) as a table script"),
        description=_(
            "Write the journal of a stored game (every sighting and button the table "
            "made, refused ones marked) as a table script (docs/table-script.md) with its "
            "times; `sgs-table play` of it gives the same game."
        ),
    )
    p.add_argument("game", type=int, help=_("the game's id (see `sgs-table games`)"))
    p.add_argument(
        "--json",
        action="store_true",
        help=_("the journal as JSON for machines instead of a table script"),
    )
    add_output(p)
    add_db(p)
    p.set_defaults(handler=_inputs)


def format_inputs(game_id: int, inputs: list[StoredInput], heading: str = "") -> str:
    """The table script of a game's journal (see the module docstring).

    A file, not a message: its comments are the same in every language.
    """
    refused = sum(entry.refused for entry in inputs)
    lines = [
        f"# sgs-table inputs {game_id}: {heading}{len(inputs)} inputs, {refused} refused",
        "# the table script (docs/table-script.md); sgs-table play FILE plays it again",
    ]
    for entry in inputs:
        line = script_line(entry.t, entry.text)
        if not entry.refused:
            lines.append(line)
            continue
        reason = " ".join(entry.reply.split())
        try:
            parse_script(line)
        except ScriptError:
            lines.append(f"# refused, does not read: {line}  ({reason})")
        else:
            lines.append(f"{line}  # refused: {reason}")
    return "\n".join(lines) + "\n"


def _inputs(args: argparse.Namespace, out: TextIO) -> int:
    def write(store: Store) -> int:
        inputs = store.inputs(args.game)
        if not inputs:
            raise StoreError(
                _("game {game} has no journaled inputs (a record imported, not played)").format(
                    game=args.game
                )
            )
        summary = next(g for g in store.games() if g.id == args.game)
        if args.json:
            text = json.dumps(
                {
                    "game": args.game,
                    "mode": summary.mode,
                    "players": summary.players,
                    "created_at": summary.created_at,
                    "inputs": [asdict(entry) for entry in inputs],
                },
                ensure_ascii=False,
                indent=1,
            )
            text += "\n"
            wrote = json.dumps(
                {"game": args.game, "file": str(args.output), "inputs": len(inputs)},
                ensure_ascii=False,
            )
        else:
            heading = f"{summary.mode}, {summary.players} players, created {summary.created_at}; "
            text = format_inputs(args.game, inputs, heading)
            wrote = ngettext(
                "wrote the {n} input of game {game} to {file}",
                "wrote the {n} inputs of game {game} to {file}",
                len(inputs),
            ).format(n=len(inputs), game=args.game, file=args.output)
        return write_output(
            text, args.output, out, wrote, force=args.force, protected=store_files(store)
        )

    return with_store(args.db, write)
