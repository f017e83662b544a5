"""A table's own generals: TOML files of the packaged format (docs/generals.md).

A table puts its files in the ``generals`` folder of its configuration
(`generals_folder`: ``~/.config/sgs-table/generals/`` on Linux, by
platformdirs) or names them with ``--generals FILE``; `load_table_generals`
reads them all into the engine's catalogue before a command runs, so their
generals sit in any game whose setup line names their package
(``packages=...,house``: the package is the file's ``package`` field, else
its name without ``.toml``). A file that does not load stops with one line
naming the file, the entry and the field, and nothing of it joins.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import platformdirs

from assistant.i18n import _, tr
from engine.catalogue import add_generals
from engine.errors import CatalogueError

__all__ = ["TableGeneralsError", "generals_folder", "load_table_generals"]

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
