"""How room is shared (mobile.widgets.room): plain numbers, tested without Kivy."""

from __future__ import annotations

import doctest
from pathlib import Path

from mobile.widgets import room
from mobile.widgets.room import badge_spot, column_widths
from tests.test_layers import imported_top_levels


def test_the_docstring_examples() -> None:
    assert doctest.testmod(room).failed == 0


def test_room_imports_no_kivy() -> None:
    assert "kivy" not in imported_top_levels(Path(room.__file__ or ""))


def test_columns_fill_the_room_and_never_go_under_their_widest_word() -> None:
    whole, least = [40.0, 160.0, 60.0, 90.0], [40.0, 90.0, 60.0, 50.0]
    for width in (100.0, 240.0, 300.0, 350.0, 500.0):
        widths = column_widths(whole, least, width)
        assert all(w >= t - 1e-9 for w, t in zip(widths, least, strict=True))
        if width >= sum(least):
            assert sum(widths) == width or abs(sum(widths) - width) < 1e-6
        else:  # wider than the room: each column at its widest word, the table scrolls
            assert widths == least
    assert column_widths(whole, least, 350.0) == whole


def test_a_badge_keeps_off_the_boxes_and_the_other_badges() -> None:
    boxes = [(40.0, -10.0, 20.0, 20.0), (75.0, -10.0, 10.0, 20.0)]
    x, y = badge_spot((0.0, 0.0), (100.0, 0.0), (80.0, 0.0), 4.0, boxes)
    assert y == 0.0
    assert all(x + 4 <= bx or bx + bw <= x - 4 for bx, _by, bw, _bh in boxes)
    # Nowhere free: where it was wanted.
    assert badge_spot((0.0, 0.0), (10.0, 0.0), (5.0, 0.0), 4.0, [(-5, -5, 20, 10)]) == (5.0, 0.0)
