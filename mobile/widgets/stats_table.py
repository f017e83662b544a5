"""The statistics of a game on the replay screen: a row a seat, then who damaged whom.

Plain labels in two grids, the figures from `assistant.review.game_stats`
(what `sgs-table stats` prints). Text at least the reading minimum
(`mobile.widgets.base.sizes`); every column as wide as its widest cell when
the room allows, else its cells wrap between words (a heading "HP lost" in
two lines) and the columns take what they need beyond that; a table still
wider than its room is as wide as it needs (its ScrollView scrolls it
sideways). Nothing is ever cut.
"""

from __future__ import annotations

from typing import Any

from kivy.clock import Clock
from kivy.properties import NumericProperty
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label

from assistant.i18n import _
from assistant.review import GameStats, general_name
from mobile.widgets.base import sizes, text_size_of, wrapped_height
from mobile.widgets.room import column_widths

__all__ = ["StatsTable", "columns", "seat_rows"]

IVORY = (0.965, 0.925, 0.820, 1)
FONT = 2.6  # units, never under the reading minimum
PAD = 0.5  # each side of a cell's words, in font sizes


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
    """Two grids stacked: the seats' figures, then the damage matrix. ``room`` is the width
    it has (its ScrollView's); it is as wide as that, or wider when its words need it."""

    room = NumericProperty(0)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(cols=1, size_hint=(None, None), **kwargs)
        self.bind(minimum_height=self.setter("height"))
        self.rows_shown: list[tuple[str, ...]] = []
        self._tables: list[list[tuple[str, ...]]] = []
        self._arrange = Clock.create_trigger(self.arrange, -1)
        self.bind(room=self._arrange)
        sizes.bind(read=self._arrange, unit=self._arrange)

    def show(self, stats: GameStats) -> None:
        self.rows_shown = seat_rows(stats)
        self._tables = [[columns(), *self.rows_shown], matrix_rows(stats)]
        self.clear_widgets()
        for rows in self._tables:
            grid = GridLayout(cols=len(rows[0]), size_hint=(None, None))
            grid.bind(minimum_height=grid.setter("height"))
            for r, row in enumerate(rows):
                for text in row:
                    grid.add_widget(
                        Label(text=text, bold=r == 0, color=IVORY, size_hint=(None, None))
                    )
            self.add_widget(grid)
        self.arrange()

    def arrange(self, *_args: object) -> None:
        """Every cell's font and size for the room there is now."""
        font = sizes.text(FONT)
        pad = font * PAD
        gap = sizes.unit * 0.4
        self.spacing = sizes.unit * 1.2
        widest = 0.0
        for grid, rows in zip(reversed(self.children), self._tables, strict=True):
            grid.spacing = gap
            count = len(rows[0])
            room = max(float(self.room), 1.0) - gap * (count - 1)
            whole = [0.0] * count
            least = [0.0] * count
            for r, row in enumerate(rows):
                for c, text in enumerate(row):
                    bold = r == 0
                    whole[c] = max(whole[c], text_size_of(text, font, bold)[0] + 2 * pad + 2)
                    word = max(text_size_of(w, font, bold)[0] for w in text.split() or [""])
                    least[c] = max(least[c], word + 2 * pad + 2)
            widths = column_widths(whole, least, room)
            cells = list(reversed(grid.children))
            for r, row in enumerate(rows):
                labels = cells[r * count : (r + 1) * count]
                high = max(
                    wrapped_height(text, font, widths[c] - 2 * pad, r == 0)
                    for c, text in enumerate(row)
                )
                for c, label in enumerate(labels):
                    label.font_size = font
                    label.width = widths[c]
                    label.text_size = (widths[c] - 2 * pad, None)
                    label.halign = "center"
                    label.height = high + font * 0.3
            grid.width = sum(widths) + gap * (count - 1)
            widest = max(widest, grid.width)
        self.width = max(widest, float(self.room))
