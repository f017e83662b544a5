"""Where the seats go (mobile.widgets.seating): plain numbers, tested without Kivy."""

from __future__ import annotations

import doctest
import itertools
import math
from pathlib import Path

import pytest

from mobile.widgets import seating
from mobile.widgets.seating import candidate_grids, flow, perimeter, perimeter_cells
from tests.test_layers import imported_top_levels


def test_the_docstring_examples() -> None:
    assert doctest.testmod(seating).failed == 0


def test_seating_imports_no_kivy() -> None:
    """The layout's numbers are tested here, in pytest's process, without a window."""
    assert "kivy" not in imported_top_levels(Path(seating.__file__ or ""))


@pytest.mark.parametrize("seats", range(2, 11))
def test_every_grid_seats_everyone_on_its_edge_in_the_order_of_play(seats: int) -> None:
    """Each seat in its own cell on the grid's edge, seat 1 in the bottom row, and the
    others counter-clockwise around the grid's centre."""
    grids = candidate_grids(seats)
    assert grids
    for cols, rows in grids:
        cells = perimeter(cols, rows, seats)
        assert len(set(cells)) == seats, (cols, rows)
        assert set(cells) <= set(perimeter_cells(cols, rows)), (cols, rows)
        assert cells[0][1] == 0, (cols, rows)
        if cols > 1 and rows > 1:
            # Counter-clockwise: the angle around the centre never turns back.
            cx, cy = (cols - 1) / 2, (rows - 1) / 2
            angles = [math.atan2(y - cy, x - cx) for x, y in cells]
            turned = 0.0
            for a, b in itertools.pairwise(angles):
                step = (b - a) % (2 * math.pi)
                assert 0 < step < math.pi + 1e-9, (cols, rows, cells)
                turned += step
            assert turned < 2 * math.pi, (cols, rows)


def test_a_single_row_or_column_holds_the_seats_in_order() -> None:
    assert perimeter(1, 4, 4) == [(0, 0), (0, 1), (0, 2), (0, 3)]
    assert perimeter(4, 1, 4) == [(0, 0), (1, 0), (2, 0), (3, 0)]


def test_chips_flow_in_rows_inside_the_width() -> None:
    chips = [(30.0, 10.0)] * 7
    placed, height = flow(chips, 110, 5, 2, 3)
    rows = sorted({y for _x, y in placed})
    assert rows == [5, 18, 31]  # three to a row: a fourth would end at 131 > 105
    assert all(x + 30 <= 110 - 5 for x, _y in placed)
    assert height == 31 + 10 + 5
    # A chip wider than the box still gets a row of its own.
    placed, height = flow([(200.0, 10.0), (10.0, 10.0)], 100, 5, 2, 3)
    assert placed == [(5, 5), (5, 18)] and height == 33
