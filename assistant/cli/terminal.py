"""Terminal output: plain-text tables aligned for Chinese (double-width) text, a progress bar,
text written to a file or to stdout."""

from __future__ import annotations

import io
import sys
import time
import unicodedata
from collections.abc import Sequence
from pathlib import Path
from typing import Final, TextIO

from assistant.cli.outputs import OutputRefused, check_output, write_file
from assistant.i18n import _
from engine.record import HIDDEN_CATEGORIES, unicode_escape

__all__ = [
    "ProgressBar",
    "SafeStream",
    "display_width",
    "format_table",
    "pad",
    "terminal_safe",
    "write_output",
]


def terminal_safe(text: str) -> str:
    r"""``text`` with every unsafe character written as a ``\uXXXX`` escape, which is
    also what JSON would write: the output of ``--json`` stays valid JSON.

    >>> terminal_safe("seat 2\x1b]0;owned\x07 \u202eevil\nnext")
    'seat 2\\u001b]0;owned\\u0007 \\u202eevil\nnext'
    """
    lines = text.split("\n")
    if all(line.replace("\t", " ").isprintable() for line in lines):
        return text  # the usual case: nothing to look at character by character
    return "\n".join(_escape_unsafe(line) for line in lines)


def _escape_unsafe(line: str) -> str:
    out = []
    for ch in line:
        # The line feed and the tab stay: they are the output's own layout.
        if ch != "\t" and unicodedata.category(ch) in HIDDEN_CATEGORIES:
            out.append(unicode_escape(ch))
        else:
            out.append(ch)
    return "".join(out)


class SafeStream(io.TextIOBase):
    """A text stream that writes through `terminal_safe`: what a record holds
    (headers, names) reaches the terminal as visible escapes, never as commands.
    ``raw`` is the stream beneath, for the program's own controls (a progress bar)."""

    def __init__(self, raw: TextIO) -> None:
        super().__init__()
        self.raw = raw

    def write(self, text: str) -> int:
        self.raw.write(terminal_safe(text))
        return len(text)

    def flush(self) -> None:
        self.raw.flush()

    def isatty(self) -> bool:
        return self.raw.isatty()

    def writable(self) -> bool:
        return True

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return self.raw.encoding


def display_width(text: str) -> int:
    """Terminal columns taken by ``text``: wide and full-width characters take two.

    >>> display_width("abc"), display_width("杀"), display_width("♠A")
    (3, 2, 2)
    """
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def pad(text: str, width: int, align_right: bool = False) -> str:
    gap = " " * max(0, width - display_width(text))
    return gap + text if align_right else text + gap


def format_table(
    headers: Sequence[str], rows: Sequence[Sequence[object]], right: Sequence[int] = ()
) -> str:
    """Columns separated by two spaces; ``right`` lists right-aligned column indexes."""
    cells = [[str(h) for h in headers]] + [["" if c is None else str(c) for c in r] for r in rows]
    widths = [max(display_width(row[i]) for row in cells) for i in range(len(headers))]
    lines = []
    for n, row in enumerate(cells):
        line = "  ".join(pad(c, widths[i], i in right) for i, c in enumerate(row))
        lines.append(line.rstrip())
        if n == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)


class ProgressBar:
    """``[#####.....]  n/N  p%  f fps`` on one line of ``stream``, redrawn in place.

    Redraws at most every ``interval`` seconds (and always at the end), so a
    fast run writes little. `clear` blanks the line before other output goes
    to the same terminal.
    """

    WIDTH: Final = 24

    def __init__(self, stream: TextIO, total: int, *, interval: float = 0.1) -> None:
        self.stream: TextIO = getattr(stream, "raw", stream)  # its own controls go through
        self.total = max(total, 1)
        self.interval = interval
        self.started = time.monotonic()
        self._drawn_at = -float("inf")
        self._shown = False
        self._tty = stream.isatty()

    def render(self, done: int, elapsed: float) -> str:
        """The bar's text after ``done`` frames in ``elapsed`` seconds.

        >>> import sys
        >>> ProgressBar(sys.stderr, 200).render(50, 2.0)
        '[######..................]   50/200   25%  25.0 fps'
        """
        share = min(done / self.total, 1.0)
        filled = round(share * self.WIDTH)
        fps = done / elapsed if elapsed > 0 else 0.0
        digits = len(str(self.total))
        return (
            f"[{'#' * filled}{'.' * (self.WIDTH - filled)}] {done:>{digits + 1}}/{self.total} "
            f"{share:>5.0%}  {fps:.1f} fps"
        )

    def update(self, done: int, *, final: bool = False) -> None:
        now = time.monotonic()
        if not final and now - self._drawn_at < self.interval:
            return
        self._drawn_at = now
        self.stream.write("\r" + self.render(done, now - self.started))
        if final:
            self.stream.write("\n")
            self._shown = False
        else:
            self._shown = True
        self.stream.flush()

    def clear(self) -> None:
        """Blanks the bar's line (on a terminal) so an event line can take its place."""
        if self._shown and self._tty:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
            self._drawn_at = -float("inf")  # redraw on the next update


def write_output(
    text: str,
    output: Path | None,
    out: TextIO,
    wrote: str,
    *,
    force: bool = False,
    protected: Sequence[Path] = (),
) -> int:
    """``text`` to the ``-o`` file, saying ``wrote`` when done, or to ``out`` without
    one; an exit status (1, with a one-line message, when the file is refused or cannot
    be written: see `assistant.cli.outputs`)."""
    if output is None:
        out.write(text)
        return 0
    try:
        check_output(output, force=force, protected=protected)
        write_file(output, lambda path: path.write_text(text, encoding="utf-8"))
    except OutputRefused as exc:
        print(f"sgs-table: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        cannot = _("cannot write {file}: {error}").format(file=output, error=exc.strerror)
        print(f"sgs-table: {cannot}", file=sys.stderr)
        return 1
    out.write(f"{wrote}\n")
    return 0
