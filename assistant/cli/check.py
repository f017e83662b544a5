"""``sgs-table check``: validate a record and list its forced (flagged) moves."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TextIO

from assistant.cli.arguments import Commands, read_game
from engine.record import RecordError
from engine.rules import describe_winner

__all__ = ["add_command"]


def add_command(commands: Commands) -> None:
    p = commands.add_parser(
        "check",
        help="validate a record and list its forced (flagged) moves",
        description="Replay a record move by move, with exactly the checks `import` makes "
        "before it stores a record. Exit 0 when every move is legal or forced (forced moves "
        "are listed), 1 with the line and reason of the first thing refused.",
    )
    p.add_argument("record", type=Path, help="a record file (.sgs or .json)")
    p.set_defaults(handler=_check)


def _check(args: argparse.Namespace, out: TextIO) -> int:
    try:
        record, game = read_game(args.record)
    except RecordError as exc:
        print(f"sgs-table: {exc}", file=sys.stderr)
        return 1
    flagged = game.flagged()
    result = describe_winner(game.state.winner) if game.state.over else "not finished"
    out.write(f"{args.record}: {len(game)} moves, legal; {result}\n")
    for number, move in flagged:
        line = record.lines[number - 1] if number - 1 < len(record.lines) else number
        out.write(f"  flagged: move {number} (line {line}): {move}\n")
    out.write(f"{len(flagged)} forced move{'s' if len(flagged) != 1 else ''}\n")
    return 0
