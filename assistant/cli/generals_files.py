"""``--generals FILE``: a table's own generals, for every subcommand.

Like ``--lang`` it is read from the arguments before the parser is built
(`load_generals`), with the files of the configuration's generals folder, so
the packages they hold are known to every choice and every record.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from assistant.cli.status import REFUSED
from assistant.cli.terminal import terminal_safe
from assistant.i18n import _
from assistant.table_generals import TableGeneralsError, generals_folder, load_table_generals

__all__ = ["OPTION", "add_generals_argument", "load_generals", "requested_files"]

OPTION = "--generals"


def requested_files(argv: Sequence[str]) -> list[Path]:
    """Every ``--generals FILE`` (or ``--generals=FILE``) before any ``--``, in order."""
    found: list[Path] = []
    for at, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == OPTION and at + 1 < len(argv):
            found.append(Path(argv[at + 1]))
        elif arg.startswith(OPTION + "="):
            found.append(Path(arg.partition("=")[2]))
    return found


def load_generals(argv: Sequence[str], err: TextIO | None = None) -> int | None:
    """Load the table's own generals; None when done, else 1 with one line on stderr."""
    try:
        load_table_generals(requested_files(argv))
    except TableGeneralsError as error:
        stream = sys.stderr if err is None else err
        stream.write(terminal_safe(f"sgs-table: {error}") + "\n")
        return REFUSED
    return None


def add_generals_argument(parser: argparse.ArgumentParser, *, root: bool = True) -> None:
    """``--generals FILE`` on ``parser`` (repeatable; read before parsing, see above)."""
    parser.add_argument(
        OPTION,
        action="append",
        type=Path,
        metavar="FILE",
        default=None if root else argparse.SUPPRESS,
        help=_(
            "a table's own generals file (TOML, docs/generals.md); may be given more "
            "than once; the files in {folder} are always read"
        ).format(folder=generals_folder()),
    )
