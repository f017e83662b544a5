"""The ``sgs-table`` command line: one module per subcommand, assembled here.

Each subcommand module has an ``add_command(commands)`` that adds its parser
and handler. ``mobile.cli`` adds the ``app`` subcommand on top of this
parser, so the command line follows the layering (the assistant never
imports the app).

`main` chooses the language first (``--lang``, else the environment: see
`assistant.cli.language`), then builds the parser, so its help is in that
language; ``--lang`` is accepted before the subcommand and after it.

The parser answers a misspelt subcommand or choice with the nearest one
(`assistant.cli.suggest.Parser`), knows ``--version``, and ends its help
with the exit statuses every command shares (`assistant.cli.status`).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from importlib import metadata
from typing import Any, TextIO, cast

from assistant.cli import (
    cards,
    check,
    correct,
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
    versions,
)
from assistant.cli.arguments import Commands, Handler
from assistant.cli.generals_files import add_generals_argument, load_generals
from assistant.cli.language import add_language_argument, argparse_words, choose_language
from assistant.cli.status import epilog
from assistant.cli.suggest import Parser
from assistant.cli.terminal import SafeStream
from assistant.i18n import _, set_language

__all__ = ["build_parser", "main", "run", "version"]

# In the order `sgs-table --help` lists them.
SUBCOMMANDS = (
    cards,
    generals,
    state,
    check,
    labels,
    games,
    versions,
    export,
    correct,
    inputs,
    note,
    importer,
    scan,
    replay,
    stats,
    play,
    demo,
)


def version() -> str:
    """The installed sgs-table's version (``unknown`` when it is not installed)."""
    try:
        return metadata.version("sgs-table")
    except metadata.PackageNotFoundError:
        return "unknown"


class _Version(argparse._VersionAction):
    """``--version``: the version is looked up when asked for, not at every start."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: str | Sequence[Any] | None,
        option_string: str | None = None,
    ) -> None:
        self.version = f"sgs-table {version()}"
        super().__call__(parser, namespace, values, option_string)


def build_parser(*extensions: Callable[[Commands], None]) -> argparse.ArgumentParser:
    """The parser with the assistant's subcommands; each extension adds more.

    Its words are in the language in use when it is built.
    """
    with argparse_words():
        parser = Parser(
            prog="sgs-table",
            description=_(
                "sgs-table: a table assistant for physical Sanguosha (三国杀).\n"
                "A phone on a stand reads the QR stickers on the cards as they are played,\n"
                "keeps the public state of the game and logs a replayable record."
            ),
            epilog=epilog(),
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        parser.add_argument(
            "--version",
            action=_Version,
            help=_("show program's version number and exit"),  # Python 3.11 leaves it unworded
        )
        add_language_argument(parser)
        add_generals_argument(parser)
        # Its parsers are Parsers too (argparse makes them of the root's class).
        commands = cast(Commands, parser.add_subparsers(dest="command", metavar="COMMAND"))
        commands.required = True
        for module in SUBCOMMANDS:
            module.add_command(commands)
        for extend in extensions:
            extend(commands)
        for subparser in commands.choices.values():
            add_language_argument(subparser, root=False)
            add_generals_argument(subparser, root=False)
    return parser


def run(parser: argparse.ArgumentParser, argv: Sequence[str] | None, out: TextIO) -> int:
    """Parse ``argv`` and run the chosen subcommand's handler; its exit status.

    What the handler prints (to ``out`` and to stderr) goes through
    `terminal_safe`, unless the subcommand sets ``raw_output`` (the app's window).
    """
    with argparse_words():
        args = parser.parse_args(argv)
    if getattr(args, "lang", None) is not None:
        set_language(args.lang)
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


def main(
    argv: Sequence[str] | None = None, extensions: Sequence[Callable[[Commands], None]] = ()
) -> int:
    """``sgs-table``: the language chosen, the parser built (with ``extensions``), and run."""
    arguments = sys.argv[1:] if argv is None else list(argv)
    refused = choose_language(arguments)
    if refused is not None:
        return refused
    refused = load_generals(arguments)  # before the parser: its choices name their packages
    if refused is not None:
        return refused
    return run(build_parser(*extensions), arguments, sys.stdout)
