"""The statistics of a game on the replay screen: a row a seat, then who damaged whom.

Plain labels in a grid, sized by `mobile.widgets.base.unit`: the figures
come from `assistant.review.game_stats` (what `sgs-table stats` prints).
"""

from __future__ import annotations

from typing import Any

from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label

from assistant.i18n import _
from assistant.review import GameStats, general_name
from mobile.widgets.base import unit

__all__ = ["StatsTable", "columns", "seat_rows"]


def columns() -> tuple[str, ...]:
    """The headings of a seat's row, in the language in use."""
    return (
        _("Seat"),
        _("General"),
        # TRANSLATORS: a column of the statistics: the damage a seat dealt
        _("Dealt"),
        # TRANSLATORS: a column of the statistics: the damage a seat took
        _("Taken"),
        # TRANSLATORS: a column of the statistics: the HP a seat recovered
        _("Healed"),
        _("HP lost"),
        _("Kills"),
        _("Deaths"),
    )


def seat_rows(stats: GameStats) -> list[tuple[str, ...]]:
    """The rows the table shows, as text: one a seat, in the order of `columns`."""
    return [
        (
            f"{s.seat}",
            "/".join(general_name(g) for g in s.generals) or "-",
            f"{s.dealt}",
            f"{s.taken}",
            f"{s.healing_received}",
            f"{s.hp_lost}",
            f"{s.kills}",
            f"{s.deaths}",
        )
        for s in stats.seats
    ]


def matrix_rows(stats: GameStats) -> list[tuple[str, ...]]:
    """Who damaged whom: a header of target seats, then a row a source (first: none)."""
    seats = [s.seat for s in stats.seats]
    # TRANSLATORS: the corner of the table of who damaged whom: sources down, targets across
    rows = [(_("Damage →"), *(f"{n}" for n in seats))]
    for source, row in enumerate(stats.damage_matrix):
        if source == 0 and not any(row):
            continue  # no damage without a source: no row for it
        label = _("No source") if source == 0 else f"{source}"
        rows.append((label, *(f"{n}" if n else "·" for n in row)))
    return rows


class StatsTable(GridLayout):  # type: ignore[misc]  # Kivy ships no type hints
    """Two grids stacked: the seats' figures, then the damage matrix."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(cols=1, size_hint_y=None, spacing=unit() * 1.2, **kwargs)
        self.bind(minimum_height=self.setter("height"))
        self.rows_shown: list[tuple[str, ...]] = []

    def show(self, stats: GameStats) -> None:
        self.clear_widgets()
        self.rows_shown = seat_rows(stats)
        self.add_widget(_grid([columns(), *self.rows_shown]))
        self.add_widget(_grid(matrix_rows(stats)))


def _grid(rows: list[tuple[str, ...]]) -> GridLayout:
    grid = GridLayout(cols=len(rows[0]), size_hint_y=None, spacing=unit() * 0.4)
    grid.bind(minimum_height=grid.setter("height"))
    for r, row in enumerate(rows):
        for text in row:
            label = Label(
                text=text,
                font_size=unit() * 2.6,
                bold=r == 0,
                size_hint_y=None,
                height=unit() * 4.2,
                shorten=True,
            )
            label.bind(width=lambda w, value: setattr(w, "text_size", (value, None)))
            label.halign = "center"
            grid.add_widget(label)
    return grid
