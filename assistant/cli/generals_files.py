"""``--generals FILE``: a table's own generals, for every subcommand.

A table's own generals are TOML files of the packaged format (docs/generals.md).
A table puts its files in the ``generals`` folder of its configuration
(`generals_folder`: ``~/.config/sgs-table/generals/`` on Linux, by
platformdirs) or names them with ``--generals FILE``; like ``--lang``, the
option is read from the arguments before the parser is built (`load_generals`),
and every file is loaded into the engine's catalogue, so the packages they hold
are known to every choice and every record: their generals sit in any game
whose setup line names their package (``packages=...,house``: the file's
``package`` field, else its name without ``.toml``). A file that does not load
stops with one line naming the file, the entry and the field, and nothing of it
joins.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

import platformdirs

from assistant.cli.status import REFUSED
from assistant.cli.terminal import terminal_safe
from assistant.i18n import _, tr
from engine.catalogue import add_generals
from engine.errors import CatalogueError

__all__ = [
    "OPTION",
    "TableGeneralsError",
    "add_generals_argument",
    "generals_folder",
    "load_generals",
    "load_table_generals",
    "requested_files",
]

FOLDER = "generals"


class TableGeneralsError(ValueError):
    """A table's generals file that cannot be read or is not good: one line, in words."""


def generals_folder() -> Path:
    """Where a table keeps its own generals files (may not exist)."""
    return platformdirs.user_config_path("sgs-table", appauthor=False) / FOLDER


def load_table_generals(files: Sequence[Path] = (), *, folder: Path | None = None) -> list[str]:
    """Load the configuration folder's files (sorted by name), then ``files``; the
    packages they hold, in order. TableGeneralsError on the first that fails."""
    where = generals_folder() if folder is None else folder
    try:
        found = sorted(where.glob("*.toml")) if where.is_dir() else []
    except OSError:  # a folder this user may not read (another user's home): none
        found = []
    packages: list[str] = []
    for path in [*found, *files]:
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            reason = getattr(error, "strerror", None) or str(error)
            raise TableGeneralsError(
                _("cannot read the generals file {file}: {error}").format(file=path, error=reason)
            ) from None
        try:
            generals = add_generals(text, str(path))
        except CatalogueError as error:
            raise TableGeneralsError(tr(error.text)) from None
        packages += [g.package for g in generals if g.package not in packages]
    return packages


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
