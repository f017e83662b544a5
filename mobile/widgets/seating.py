"""Where the seats go on the screen, in plain numbers (no Kivy): for `mobile.widgets.ring`
and the distances picture.

The phone stands at the table's edge in front of seat 1, so seat 1 is at the
bottom and the others follow the order of play counter-clockwise. The table
screen sets its seats in the cells around the edge of a grid (`perimeter`,
`candidate_grids`), a seat's words in rows of chips (`flow`); the distances
picture on an oval (`ring_positions`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = [
    "Plan",
    "candidate_grids",
    "flow",
    "grid_score",
    "perimeter",
    "perimeter_cells",
    "ring_positions",
]


def ring_positions(players: int) -> list[tuple[float, float]]:
    """Centre of each seat's place as fractions of a square box, seat 1 first, on an
    ellipse (the distances picture draws its arrows between these).

    >>> [(round(x, 2), round(y, 2)) for x, y in ring_positions(4)]
    [(0.5, 0.15), (0.84, 0.5), (0.5, 0.85), (0.16, 0.5)]
    """
    out = []
    for i in range(players):
        angle = -math.pi / 2 + 2 * math.pi * i / players
        out.append((0.5 + 0.34 * math.cos(angle), 0.5 + 0.35 * math.sin(angle)))
    return out


def perimeter(cols: int, rows: int, seats: int) -> list[tuple[int, int]]:
    """The cells (column, row; row 0 at the bottom) of ``seats`` seats around the edge
    of a cols x rows grid, seat 1 in the bottom row's middle and the others
    counter-clockwise, spread evenly when the edge has more cells than seats.

    >>> perimeter(3, 3, 8)
    [(1, 0), (2, 0), (2, 1), (2, 2), (1, 2), (0, 2), (0, 1), (0, 0)]
    >>> perimeter(3, 3, 4)
    [(1, 0), (2, 1), (1, 2), (0, 1)]
    >>> perimeter(4, 2, 8)
    [(1, 0), (2, 0), (3, 0), (3, 1), (2, 1), (1, 1), (0, 1), (0, 0)]
    >>> perimeter(1, 2, 2), perimeter(2, 1, 2)
    ([(0, 0), (0, 1)], [(0, 0), (1, 0)])
    """
    if cols == 1 or rows == 1:
        cells = [(x, y) for y in range(rows) for x in range(cols)]
        start = 0
    else:
        cells = [(x, 0) for x in range(cols)]
        cells += [(cols - 1, y) for y in range(1, rows)]
        cells += [(x, rows - 1) for x in range(cols - 2, -1, -1)]
        cells += [(0, y) for y in range(rows - 2, 0, -1)]
        start = (cols - 1) // 2
    ring = cells[start:] + cells[:start]
    return [ring[(i * len(ring)) // seats] for i in range(seats)]


def flow(
    chips: Sequence[tuple[float, float]], width: float, pad: float, across: float, down: float
) -> tuple[list[tuple[float, float]], float]:
    """Chips of these sizes set left to right in rows inside ``width`` (``across`` apart,
    rows ``down`` apart): each chip's offset from the box's top left corner (x right,
    y down), and the box's height.

    >>> flow([(40, 10), (50, 10), (30, 12)], 110, 5, 2, 1)
    ([(5, 5), (47, 5), (5, 16)], 33)
    """
    x, y, row = pad, pad, 0.0
    placed = []
    for w, h in chips:
        if x > pad and x + w > width - pad:
            x, y, row = pad, y + row + down, 0.0
        placed.append((x, y))
        x += w + across
        row = max(row, h)
    return placed, y + row + pad


@dataclass(frozen=True, slots=True)
class Plan:
    """Where the seats go: a grid and each seat's cell, the cards' width and text size,
    each row's height (row 0 at the bottom: as high as its tallest card needs, the
    room left shared out), and the height it all takes (more than the ring's when
    nothing fits)."""

    cols: int
    rows: int
    cells: tuple[tuple[int, int], ...]
    font: float
    width: float
    heights: tuple[float, ...]
    gap: float
    height: float
    fits: bool
    scale: float

    def card(self, seat_index: int) -> tuple[float, float, float, float]:
        """The box (x, y from the ring's bottom left corner, width, height) of a seat's card."""
        col, row = self.cells[seat_index]
        y = sum(self.heights[:row]) + row * self.gap
        return (col * (self.width + self.gap), y, self.width, self.heights[row])


def perimeter_cells(cols: int, rows: int) -> list[tuple[int, int]]:
    """Every cell on the edge of a cols x rows grid."""
    return [(x, y) for y in range(rows) for x in range(cols)
            if x in (0, cols - 1) or y in (0, rows - 1)]  # fmt: skip


def grid_score(cols: int, rows: int, seats: int, room: float) -> float:
    """How good a grid whose cards fit looks: room to spare (up to a point), a table
    in the middle with the seats around it, few empty cells."""
    empty = (len(perimeter_cells(cols, rows)) - seats) / seats
    around = 0.4 if cols > 2 and rows > 2 else (0.2 if cols > 1 and rows > 1 else 0.0)
    return min(room, 1.3) + around - 0.3 * empty


def candidate_grids(seats: int) -> list[tuple[int, int]]:
    """The grids whose edge holds ``seats`` seats with few cells left empty.

    >>> candidate_grids(4)
    [(1, 4), (2, 2), (2, 3), (2, 4), (3, 2), (3, 3), (4, 1), (4, 2)]
    """
    out = []
    for cols in range(1, seats + 1):
        for rows in range(1, seats + 1):
            cells = len(perimeter_cells(cols, rows))
            if (
                seats <= cells <= max(2 * seats, seats + 2)
                and (cols > 1 or rows == seats)
                and (rows > 1 or cols == seats)
            ):
                out.append((cols, rows))
    return out
