"""``sgs-table check``: validate a record and list its forced (flagged) moves."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TextIO

from assistant.cli.arguments import Commands, error_text, read_game
from assistant.cli.status import DONE, REFUSED
from assistant.i18n import SOURCE, _, ngettext, speaking, tr
from engine.record import Record, RecordError
from engine.rules import describe_winner

__all__ = ["add_command"]


def add_command(commands: Commands) -> None:
    p = commands.add_parser(
        "check",
        help=_("validate a record and list its forced (flagged) moves"),
        description=_(
            "Replay a record move by move, with exactly the checks `import` makes "
            "before it stores a record. Exit 0 when every move is legal or forced (forced moves "
            "are listed), 1 with the line and reason of the first thing refused."
        ),
    )
    p.add_argument("record", type=Path, help=_("a record file (.sgs or .json)"))
    p.add_argument("--json", action="store_true", help=_("print JSON for machines"))
    p.set_defaults(handler=_check)


def _check(args: argparse.Namespace, out: TextIO) -> int:
    try:
        record, game = read_game(args.record)
    except RecordError as exc:
        print(f"sgs-table: {error_text(exc)}", file=sys.stderr)
        return REFUSED
    flagged = game.flagged()
    if args.json:
        with speaking(SOURCE):
            result = (
                tr(describe_winner(game.state.winner, game.state.mode)) if game.state.over else None
            )
        flags = [
            {"move": number, "line": _line(record, number), "text": str(move)}
            for number, move in flagged
        ]
        report = {
            "file": str(args.record),
            "moves": len(game),
            "over": game.state.over,
            "winner": game.state.winner,
            "result": result,
            "forced": flags,
        }
        json.dump(report, out, ensure_ascii=False, indent=1)
        out.write("\n")
        return DONE
    result = (
        tr(describe_winner(game.state.winner, game.state.mode))
        if game.state.over
        else _("not finished")
    )
    checked = ngettext(
        "{file}: {n} move, legal; {result}", "{file}: {n} moves, legal; {result}", len(game)
    )
    out.write(checked.format(file=args.record, n=len(game), result=result) + "\n")
    for number, move in flagged:
        flag = _("flagged: move {number} (line {line}): {move}")
        out.write("  " + flag.format(number=number, line=_line(record, number), move=move) + "\n")
    forced = ngettext("{n} forced move", "{n} forced moves", len(flagged))
    out.write(forced.format(n=len(flagged)) + "\n")
    return DONE


def _line(record: Record, number: int) -> int:
    """The line of the record that move ``number`` is on (its number, for a JSON record)."""
    return record.lines[number - 1] if number - 1 < len(record.lines) else number
