"""Files the command line writes (``-o``): never over the database in use, never over an
existing file without ``--force``, never through a symbolic link, never half-written.

A file is written beside its destination under a temporary name and moved
into place in one step (``os.replace``), so a failure leaves the old file
as it was, and a link at the destination is refused rather than followed.
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path

from assistant.i18n import _

__all__ = ["OutputRefused", "check_output", "write_file"]


class OutputRefused(ValueError):
    """The output path is not one to write; the message is one line for a person."""


def check_output(path: Path, *, force: bool, protected: Sequence[Path] = ()) -> None:
    """Refuse ``path`` when writing it would destroy something: a database in use
    (``protected``, compared by device and inode, whatever the spelling of the path),
    a symbolic link, a directory, or (without ``force``) an existing file."""
    if any(_same_place(path, other) for other in protected):
        raise OutputRefused(
            _("{file} is the database in use: write the output elsewhere").format(file=path)
        )
    try:
        info = path.lstat()
    except FileNotFoundError:
        return
    except OSError as exc:
        raise OutputRefused(
            _("cannot write {file}: {error}").format(file=path, error=exc.strerror)
        ) from None
    if stat.S_ISLNK(info.st_mode):
        raise OutputRefused(
            _("{file} is a symbolic link: give the real file, it is not followed").format(file=path)
        )
    if stat.S_ISDIR(info.st_mode):
        raise OutputRefused(_("{file} is a directory").format(file=path))
    if not force:
        raise OutputRefused(_("{file} exists: add --force to overwrite it").format(file=path))


def _same_place(path: Path, other: Path) -> bool:
    """The same file (device and inode), or the same name once links and ``..`` are
    resolved (a database's ``-wal`` file may not exist yet)."""
    try:
        if os.path.samefile(path, other):
            return True
    except OSError:
        pass
    return os.path.realpath(path) == os.path.realpath(other)


def write_file(path: Path, write: Callable[[Path], object]) -> None:
    """Call ``write`` on a temporary file beside ``path``, then move it into place.

    OSError when the file cannot be written; ``path`` is then unchanged.
    """
    folder = path.parent if str(path.parent) else Path(".")
    handle, temporary = tempfile.mkstemp(
        prefix=f".{path.name}.", suffix=f".tmp{path.suffix}", dir=folder
    )
    os.close(handle)
    try:
        write(Path(temporary))
        os.chmod(temporary, 0o666 & ~_umask())  # as an ordinary new file, not mkstemp's 0600
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
