"""The ``sgs-table`` command line: one module per subcommand, assembled here.

Each subcommand module has an ``add_command(commands)`` that adds its parser
and handler. ``mobile.cli`` adds the ``app`` subcommand on top of this
parser, so the command line follows the layering (the assistant never
imports the app).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import TextIO, cast

from assistant.cli import (
    cards,
    check,
    demo,
    export,
    games,
    generals,
    importer,
    inputs,
    labels,
    note,
    play,
    replay,
    scan,
    state,
    stats,
)
from assistant.cli.arguments import Commands, Handler
from assistant.cli.terminal import SafeStream

__all__ = ["build_parser", "main", "run"]

DESCRIPTION = """\
sgs-table: a table assistant for physical Sanguosha (三国杀).
A phone on a stand reads the QR stickers on the cards as they are played,
keeps the public state of the game and logs a replayable record."""

# In the order `sgs-table --help` lists them.
SUBCOMMANDS = (
    cards,
    generals,
    state,
    check,
    labels,
    games,
    export,
    inputs,
    note,
    importer,
    scan,
    replay,
    stats,
    play,
    demo,
)


def build_parser(*extensions: Callable[[Commands], None]) -> argparse.ArgumentParser:
    """The parser with the assistant's subcommands; each extension adds more."""
    parser = argparse.ArgumentParser(
        prog="sgs-table",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    commands.required = True
    for module in SUBCOMMANDS:
        module.add_command(commands)
    for extend in extensions:
        extend(commands)
    return parser


def run(parser: argparse.ArgumentParser, argv: Sequence[str] | None, out: TextIO) -> int:
    """Parse ``argv`` and run the chosen subcommand's handler; its exit status.

    What the handler prints (to ``out`` and to stderr) goes through
    `terminal_safe`, unless the subcommand sets ``raw_output`` (the app's window).
    """
    args = parser.parse_args(argv)
    handler: Handler = args.handler
    if getattr(args, "raw_output", False):
        return _handled(handler, args, out)
    safe_err = cast(TextIO, SafeStream(sys.stderr))
    saved, sys.stderr = sys.stderr, safe_err
    try:
        return _handled(handler, args, cast(TextIO, SafeStream(out)))
    finally:
        sys.stderr = saved


def _handled(handler: Handler, args: argparse.Namespace, out: TextIO) -> int:
    try:
        return handler(args, out)
    except BrokenPipeError:  # e.g. `sgs-table cards | head`
        return 0


def main(argv: Sequence[str] | None = None) -> int:
    return run(build_parser(), argv, sys.stdout)
