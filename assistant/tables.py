"""Plain-text tables for the terminal, aligned for Chinese (double-width) text."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence


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
