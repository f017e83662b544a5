"""Terminal output: plain-text tables aligned for Chinese (double-width) text, a progress bar,
text written to a file or to stdout."""

from __future__ import annotations

import sys
import time
import unicodedata
from collections.abc import Sequence
from pathlib import Path
from typing import Final, TextIO

__all__ = ["ProgressBar", "display_width", "format_table", "write_output"]


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
        self.stream = stream
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


def write_output(text: str, output: Path | None, out: TextIO, wrote: str) -> int:
    """``text`` to the ``-o`` file, saying ``wrote`` when done, or to ``out`` without
    one; an exit status (1, with a one-line message, when the file cannot be written)."""
    if output is None:
        out.write(text)
        return 0
    try:
        output.write_text(text, encoding="utf-8")
    except OSError as exc:
        print(f"sgs-table: cannot write {output}: {exc.strerror}", file=sys.stderr)
        return 1
    out.write(f"{wrote}\n")
    return 0
