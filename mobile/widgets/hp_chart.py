"""体力曲线: every seat's HP over a whole game, drawn with canvas lines.

`HpChart.plot` takes the numbers of `assistant.review.replay.chart_lines`
(``lines[seat][n]`` = HP after move ``n``, ending at the seat's death) and
draws, inside the widget's box:

- a legend on top, "1 刘备" after a stroke of the seat's colour;
- the y axis 0..max HP with a faint gridline at every HP, the x axis the
  moves (or turns: ``x_unit`` says which, ``"moves"`` or ``"turns"``) with
  ticks at round numbers, the last one labelled "417 步" (or "38 回合");
- one step line a seat (each nudged a little up or down so equal HPs stay
  apart), and at a seat's death an ✕ of two short lines in its colour;
- a vertical white cursor at ``cursor``, the move the replay shows. Moving
  the cursor redraws only the cursor, so sliding through a game is cheap.

Its text is at least the reading minimum (`mobile.widgets.base.sizes`);
``needed`` is the height its legend (in as many rows as the width makes it)
and a readable plot take, for the screen to give it.

The chart computes nothing about the game: `series` returns what it plots.
"""

from __future__ import annotations

import math
from typing import Any

from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, InstructionGroup, Line, Rectangle
from kivy.properties import NumericProperty, StringProperty
from kivy.uix.widget import Widget

from assistant.i18n import ngettext
from assistant.review import step_points, tick_step
from mobile.widgets.base import sizes

__all__ = ["SEAT_COLOURS", "HpChart", "seat_colour"]

# One colour a seat, bright enough on the dark felt, seats 1-10 in turn.
SEAT_COLOURS: tuple[tuple[float, float, float, float], ...] = (
    (0.98, 0.80, 0.28, 1),  # gold
    (0.95, 0.40, 0.35, 1),  # red
    (0.45, 0.75, 1.00, 1),  # sky blue
    (0.70, 0.92, 0.40, 1),  # lime
    (0.95, 0.55, 0.90, 1),  # pink
    (0.40, 0.92, 0.85, 1),  # cyan
    (1.00, 0.62, 0.25, 1),  # orange
    (0.75, 0.65, 1.00, 1),  # violet
    (0.96, 0.94, 0.88, 1),  # ivory
    (0.62, 0.66, 0.62, 1),  # grey
)
GRID = (0.69, 0.80, 0.73, 0.16)
AXIS = (0.69, 0.80, 0.73, 0.55)
TEXT = (0.69, 0.80, 0.73, 1)
CURSOR = (1.0, 1.0, 1.0, 0.9)
FONT = 2.5  # units; never under the reading minimum (sizes.text)
PLOT = 6.0  # the plot's least height, in font sizes (``needed``)


def seat_colour(seat: int) -> tuple[float, float, float, float]:
    return SEAT_COLOURS[(seat - 1) % len(SEAT_COLOURS)]


def _texture(text: str, size: float, colour: tuple[float, ...] = TEXT) -> Any:
    label = CoreLabel(text=text, font_size=size, color=colour)
    label.refresh()
    return label.texture


class HpChart(Widget):  # type: ignore[misc]  # Kivy ships no type hints
    """Each seat's HP over the game; ``cursor`` is the move marked by the vertical line."""

    cursor = NumericProperty(0)
    x_unit = StringProperty("moves")  # what the x axis counts: "moves" or "turns"
    # The height its legend, axis and a readable plot need at its width (its box may be
    # given more).
    needed = NumericProperty(0)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._lines: dict[int, tuple[int, ...]] = {}
        self._names: dict[int, str] = {}
        self._deaths: dict[int, int] = {}
        self._moves = 0
        self._top = 1
        self._box = (0.0, 0.0, 1.0, 1.0)  # the plot area: x, y, width, height
        self._cursor_group = InstructionGroup()
        self.canvas.after.add(self._cursor_group)
        self.bind(pos=self.redraw, size=self.redraw, cursor=self._draw_cursor)
        sizes.bind(read=self.redraw)

    def plot(
        self,
        lines: dict[int, tuple[int, ...]],
        moves: int,
        names: dict[int, str],
        deaths: dict[int, int],
        top: int | None = None,
    ) -> None:
        """Show these series: ``lines[seat][n]`` after move n, over moves 0..``moves``."""
        self._lines = dict(lines)
        self._names = dict(names)
        self._deaths = dict(deaths)
        self._moves = max(moves, 0)
        highest = max((max(v) for v in lines.values() if v), default=0)
        self._top = max(top if top is not None else highest, 1)
        self.redraw()

    def series(self) -> dict[int, tuple[int, ...]]:
        """The data plotted: each seat's HP after each move (see the module docstring)."""
        return dict(self._lines)

    # ------------------------------------------------------------ drawing

    def _x(self, n: float) -> float:
        x, _y, w, _h = self._box
        return x + w * (n / self._moves if self._moves else 0.0)

    def _y(self, hp: float) -> float:
        _x, y, _w, h = self._box
        return y + h * hp / self._top

    def redraw(self, *_args: object) -> None:
        self.canvas.clear()
        if not self._lines:
            self._cursor_group.clear()
            return
        u = sizes.unit
        font = sizes.text(FONT)
        with self.canvas:
            legend_h = self._legend(font)
            self.needed = legend_h + u * 1.0 + font * (1.6 + PLOT)
            y_labels = [str(v) for v in range(self._top + 1)]
            label_w = max(_texture(t, font).width for t in y_labels) + u * 1.0
            left = self.x + label_w
            bottom = self.y + font * 1.6
            top = self.top - legend_h - u * 1.0
            right = self.right - u * 1.5
            self._box = (left, bottom, max(right - left, 1.0), max(top - bottom, 1.0))
            self._axes(font)
            self._series()
        self._draw_cursor()

    def _legend(self, font: float) -> float:
        """The seats' colours and names in rows along the top; returns the rows' height."""
        u = sizes.unit
        stroke = u * 2.6
        row_h = font * 1.5
        x, row = self.x + u * 0.5, 0
        for seat in sorted(self._names):
            tex = _texture(self._names[seat], font, (0.965, 0.925, 0.820, 1))
            item_w = stroke + u * 0.8 + tex.width + u * 2.2
            if x + item_w > self.right and x > self.x + u * 0.5:
                x, row = self.x + u * 0.5, row + 1
            y = self.top - (row + 1) * row_h
            Color(*seat_colour(seat))
            Line(points=[x, y + row_h / 2, x + stroke, y + row_h / 2], width=u * 0.45)
            Color(1, 1, 1, 1)
            Rectangle(
                texture=tex,
                size=tex.size,
                pos=(x + stroke + u * 0.8, y + (row_h - tex.height) / 2),
            )
            x += item_w
        return (row + 1) * row_h

    def _axes(self, font: float) -> None:
        u = sizes.unit
        left, bottom, w, h = self._box
        # A gridline at every HP; a label at every HP, or every k-th one when crowded.
        every = max(1, math.ceil(font * 1.1 / max(h / self._top, 1.0)))
        for v in range(self._top + 1):
            y = self._y(v)
            Color(*(AXIS if v == 0 else GRID))
            Line(points=[left, y, left + w, y], width=1.2 if v == 0 else 1.0)
            if v % every == 0:
                tex = _texture(str(v), font)
                Color(1, 1, 1, 1)
                Rectangle(
                    texture=tex, size=tex.size, pos=(left - u * 0.8 - tex.width, y - tex.height / 2)
                )
        Color(*AXIS)
        Line(points=[left, bottom, left, bottom + h], width=1.2)
        # The last move, "417 步", under the right end; round ticks before it.
        end = _texture(self._end_label(), font)
        end_x = min(self._x(self._moves) - end.width / 2, self.right - end.width)
        Color(1, 1, 1, 1)
        Rectangle(texture=end, size=end.size, pos=(end_x, bottom - u * 0.8 - end.height))
        if not self._moves:
            return
        step = tick_step(self._moves, max(2, int(w / (font * 4.5))))
        for n in range(0, self._moves, step):
            x = self._x(n)
            Color(*AXIS)
            Line(points=[x, bottom, x, bottom - u * 0.7], width=1.0)
            tex = _texture(str(n), font)
            if x + tex.width / 2 + u * 1.5 > end_x:
                continue  # it would touch the end's label
            Color(1, 1, 1, 1)
            Rectangle(
                texture=tex, size=tex.size, pos=(x - tex.width / 2, bottom - u * 0.8 - tex.height)
            )

    def _end_label(self) -> str:
        n = self._moves
        if self.x_unit == "turns":
            return ngettext("{n} turn", "{n} turns", n).format(n=n)
        return ngettext("{n} move", "{n} moves", n).format(n=n)

    def _series(self) -> None:
        u = sizes.unit
        seats = sorted(self._lines)
        # Nudge each seat's line a little, so seats with the same HP stay apart.
        nudge = min(u * 0.3, self._box[3] / self._top / (len(seats) + 1))
        for i, seat in enumerate(seats):
            values = self._lines[seat]
            corners = step_points(values)
            if not corners:
                continue
            dy = (i - (len(seats) - 1) / 2) * nudge
            points: list[float] = []
            for n, hp in corners:
                points += [self._x(n), self._y(hp) + dy]
            if len(points) == 2:
                points += points
            Color(*seat_colour(seat))
            Line(points=points, width=u * 0.22, joint="miter")
            death = self._deaths.get(seat)
            if death is not None and death < len(values):
                cx, cy, s = self._x(death), self._y(values[death]) + dy, u * 1.1
                Line(points=[cx - s, cy - s, cx + s, cy + s], width=u * 0.3)
                Line(points=[cx - s, cy + s, cx + s, cy - s], width=u * 0.3)

    def _draw_cursor(self, *_args: object) -> None:
        group = self._cursor_group
        group.clear()
        if not self._lines:
            return
        _left, bottom, _w, h = self._box
        x = self._x(min(max(float(self.cursor), 0.0), float(self._moves)))
        group.add(Color(*CURSOR))
        group.add(Line(points=[x, bottom, x, bottom + h], width=sizes.unit * 0.25))
