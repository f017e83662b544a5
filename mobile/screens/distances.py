"""距离: the picture players argue about — from one seat, the distance to every other.

A row of seat buttons chooses the seat (it starts at the controller's
``selected_seat``, which the table screen sets when a seat is tapped). For
that seat the screen shows its details (`~assistant.views.table.SeatView`),
its attack range with the engine's reasons, a picture of the ring of seats
(`mobile.widgets.ring.ring_positions`, seat 1 at the bottom) with an arrow
to every other living seat labelled with the distance — green when in attack
range, grey when not; dead seats greyed and crossed — and one row per seat
with the distance's reasons. Every number is the controller's
`~assistant.views.table.DistanceView`; nothing here measures a distance.

For UI tests:

* ``DistancesScreen.choose_seat(n)`` does what tapping seat button ``n`` does.
* ``DistancesScreen.shown_rows()`` -> ``[(seat, distance, in_range), ...]``,
  read from the row widgets on screen (distance None for a dead seat).
* ``DistancesScreen.shown_range()`` -> the attack range on screen (None
  before a game has seats).
* ``DistancesScreen.shown_arrows()`` -> ``[(seat, distance, in_range), ...]``
  for the arrows drawn in the picture (living seats only).
* ``DistancesScreen.shown_seat`` is the seat the screen shows now.

While another screen is shown, a change of the game only marks this one
stale; it redraws on entering (``on_pre_enter``), and the ``shown_*`` readers
bring it up to date first, so they read what entering would show.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kivy.app import App
from kivy.factory import Factory
from kivy.graphics import Color, Ellipse, Line, RoundedRectangle, Triangle
from kivy.lang import Builder
from kivy.properties import (
    BooleanProperty,
    NumericProperty,
    ObjectProperty,
    StringProperty,
)
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.screenmanager import Screen
from kivy.uix.widget import Widget
from kivy.utils import escape_markup

from assistant.i18n import _
from assistant.views import (
    DistanceView,
    TableView,
    arrow,
    range_text,
    reasons_text,
    row_text,
    seat_button_text,
    seat_lines,
    seat_title,
)
from mobile.controller import TableController
from mobile.widgets.base import not_started, unit
from mobile.widgets.ring import ring_positions

Builder.load_file(str(Path(__file__).with_suffix(".kv")))

__all__ = ["DistancePicture", "DistanceRowCard", "DistancesScreen"]

Rgba = tuple[float, float, float, float]

IVORY: Rgba = (0.965, 0.925, 0.820, 1)
INK: Rgba = (0.055, 0.170, 0.130, 1)
GOLD: Rgba = (0.960, 0.760, 0.250, 1)
GREEN: Rgba = (0.380, 0.860, 0.470, 1)
GREY: Rgba = (0.550, 0.560, 0.550, 1)
DEAD_FILL: Rgba = (0.400, 0.420, 0.400, 1)
DEAD_INK: Rgba = (0.250, 0.260, 0.250, 1)
CROSS: Rgba = (0.850, 0.250, 0.220, 1)
TABLE_TOP: Rgba = (0.045, 0.200, 0.150, 1)
# The picture's seats are smaller than the table screen's cards: spread the
# ring a little wider than ring_positions, so the arrows are longer.
RING_SPREAD = 1.1


class DistanceRowCard(BoxLayout):  # type: ignore[misc]  # Kivy ships no type hints
    """One row: '2号位 关羽 · 距离 1 · 在攻击范围内' and the distance's reasons."""

    seat = NumericProperty(0)
    distance = ObjectProperty(None, allownone=True)  # int, or None for a dead seat
    in_range = BooleanProperty(False)
    alive = BooleanProperty(True)
    text = StringProperty("")
    reasons = StringProperty("")


class DistancePicture(Widget):  # type: ignore[misc]
    """The ring of seats with an arrow from the chosen seat to each living seat.

    Shapes are drawn on ``canvas.before`` (under the labels, which are
    children); the crosses over dead seats on ``canvas.after`` (over them).
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.table: TableView | None = None
        self.view: DistanceView | None = None
        self.drawn: list[tuple[int, int | None, bool]] = []
        self.bind(pos=self.redraw, size=self.redraw)

    def show(self, table: TableView | None, view: DistanceView | None) -> None:
        """Draw ``view`` over ``table``'s ring (None, None: an empty picture)."""
        self.table = table
        self.view = view
        self.redraw()

    def redraw(self, *_args: object) -> None:
        self.canvas.before.clear()
        self.canvas.after.clear()
        self.clear_widgets()
        self.drawn = []
        table, view = self.table, self.view
        if table is None or view is None or not table.seats:
            return
        u = unit()
        side = min(self.width, self.height)
        ox = self.x + (self.width - side) / 2
        oy = self.y + (self.height - side) / 2
        n = len(table.seats)
        centres = [
            (
                ox + (0.5 + (x - 0.5) * RING_SPREAD) * side,
                oy + (0.5 + (y - 0.5) * RING_SPREAD) * side,
            )
            for x, y in ring_positions(n)
        ]
        small = n > 6  # more seats: smaller boxes, so chords miss the seats between
        half = (side * (0.072 if small else 0.105), side * (0.058 if small else 0.07))
        badge_r = u * (2.2 if small else 2.5)
        head = u * (2.2 if small else 2.6)
        rows = {row.seat: row for row in view.rows}
        me = centres[view.seat - 1]
        badges: list[tuple[float, float, str, Rgba]] = []

        with self.canvas.before:
            # The table top: a soft disc the seats sit around.
            Color(*TABLE_TOP)
            r = side * 0.37 * RING_SPREAD
            Ellipse(pos=(ox + side / 2 - r, oy + side / 2 - r), size=(2 * r, 2 * r))
            for seat_view, centre in zip(table.seats, centres, strict=True):
                row = rows.get(seat_view.seat)
                if row is None or not row.alive or row.distance is None:
                    continue
                shape = arrow(
                    me, centre, half, gap=u * 0.6, head=head, label_back=head + badge_r + u * 0.6
                )
                if shape is None:
                    continue
                colour = GREEN if row.in_range else GREY
                Color(*colour)
                Line(points=shape.points, width=u * (0.55 if row.in_range else 0.4))
                Triangle(points=shape.head)
                self.drawn.append((row.seat, row.distance, row.in_range))
                badges.append((*shape.label, str(row.distance), colour))
            for seat_view, (cx, cy) in zip(table.seats, centres, strict=True):
                if seat_view.seat == view.seat:
                    Color(*GOLD)
                    pad = u * 0.8
                    RoundedRectangle(
                        pos=(cx - half[0] - pad, cy - half[1] - pad),
                        size=(2 * (half[0] + pad), 2 * (half[1] + pad)),
                        radius=[u * 2.0],
                    )
                Color(*(IVORY if seat_view.alive else DEAD_FILL))
                RoundedRectangle(
                    pos=(cx - half[0], cy - half[1]),
                    size=(2 * half[0], 2 * half[1]),
                    radius=[u * 1.4],
                )
            for x, y, _text, colour in badges:
                Color(*colour)
                Ellipse(pos=(x - badge_r, y - badge_r), size=(2 * badge_r, 2 * badge_r))
                Color(*INK)
                Line(circle=(x, y, badge_r), width=u * 0.25)
        # Labels are children, drawn over canvas.before (and created outside
        # any `with canvas` block, or their instructions would land in it).
        for seat_view, (cx, cy) in zip(table.seats, centres, strict=True):
            self._label(
                seat_button_text(seat_view),
                (cx - half[0], cy - half[1], 2 * half[0], 2 * half[1]),
                colour=INK if seat_view.alive else DEAD_INK,
                font=u * (2.6 if small else 2.9),
                bold=seat_view.seat == view.seat,
            )
        for x, y, text, _colour in badges:
            box = (x - badge_r, y - badge_r, 2 * badge_r, 2 * badge_r)
            self._label(text, box, colour=INK, font=u * (3.2 if small else 3.6), bold=True)
        with self.canvas.after:
            Color(*CROSS)
            for seat_view, (cx, cy) in zip(table.seats, centres, strict=True):
                if seat_view.alive:
                    continue
                w, h = half
                Line(points=(cx - w, cy - h, cx + w, cy + h), width=u * 0.5)
                Line(points=(cx - w, cy + h, cx + w, cy - h), width=u * 0.5)

    def _label(
        self,
        text: str,
        box: tuple[float, float, float, float],
        *,
        colour: Rgba,
        font: float,
        bold: bool,
    ) -> None:
        x, y, w, h = box
        label = Label(
            text=text,
            color=colour,
            bold=bold,
            font_size=font,
            halign="center",
            valign="middle",
            size=(w, h),
            pos=(x, y),
            text_size=(w, h),
        )
        self.add_widget(label)


class DistancesScreen(Screen):  # type: ignore[misc]  # Kivy ships no type hints
    seat_box = ObjectProperty(None)
    picture = ObjectProperty(None)
    rows_box = ObjectProperty(None)
    title_text = StringProperty("")
    details_text = StringProperty("")
    range_text = StringProperty("")
    range_reasons = StringProperty("")
    range_value = ObjectProperty(None, allownone=True)
    empty_text = StringProperty("")
    shown_seat = NumericProperty(0)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.controller: TableController = App.get_running_app().controller
        self.seat_buttons: list[Any] = []
        self.stale = False
        self.controller.bind(revision=self._revised)
        self.refresh()

    def release(self) -> None:
        """The screen is dropped (the language changed): stop listening to the controller."""
        self.controller.unbind(revision=self._revised)

    def on_pre_enter(self, *_args: object) -> None:
        self.refresh()

    def _revised(self, *_args: object) -> None:
        """The game changed: redraw now if shown, else when next shown (or asked)."""
        if self.manager is not None and self.manager.current != self.name:
            self.stale = True
            return
        self.refresh()

    def _fresh(self) -> None:
        if self.stale:
            self.refresh()

    # ------------------------------------------------------------ for UI tests

    def choose_seat(self, seat: int) -> None:
        """What tapping a seat button does: show the distances from ``seat``."""
        self.controller.selected_seat = seat
        self.refresh()

    def shown_rows(self) -> list[tuple[int, int | None, bool]]:
        """(seat, distance, in_range) of each row on screen, in order."""
        self._fresh()
        cards = [w for w in reversed(self.rows_box.children) if isinstance(w, DistanceRowCard)]
        return [(int(c.seat), c.distance, bool(c.in_range)) for c in cards]

    def shown_range(self) -> int | None:
        """The attack range on screen (None while no game has seats)."""
        self._fresh()
        value = self.range_value
        return None if value is None else int(value)

    def shown_arrows(self) -> list[tuple[int, int | None, bool]]:
        """(seat, distance, in_range) of each arrow drawn in the picture."""
        self._fresh()
        return list(self.picture.drawn)

    # ------------------------------------------------------------ drawing

    def refresh(self, *_args: object) -> None:
        self.stale = False
        c = self.controller
        table = c.table()
        if not c.started or not table.seats:
            self._empty()
            return
        view = c.distances()
        self.empty_text = ""
        self.shown_seat = view.seat
        me = table.seats[view.seat - 1]
        self._seat_buttons(table, view.seat)
        self.title_text = _("From {seat}").format(seat=seat_title(me))
        self.details_text = "\n".join(seat_lines(me))
        self.range_value = view.attack_range
        self.range_text = range_text(view)
        self.range_reasons = escape_markup(reasons_text(view.range_reasons))
        self.picture.show(table, view)
        self._rows(view)

    def _empty(self) -> None:
        self.shown_seat = 0
        self.empty_text = not_started()
        self.title_text = ""
        self.details_text = ""
        self.range_text = ""
        self.range_reasons = ""
        self.range_value = None
        self.seat_box.clear_widgets()
        self.seat_buttons = []
        self.rows_box.clear_widgets()
        self.picture.show(None, None)

    def _seat_buttons(self, table: TableView, chosen: int) -> None:
        box = self.seat_box
        if len(self.seat_buttons) != len(table.seats):
            box.clear_widgets()
            self.seat_buttons = []
            for seat_view in table.seats:
                button = Factory.TableButton(font_size=unit() * 2.9, line_height=0.95)
                button.seat = seat_view.seat
                button.bind(on_release=lambda b: self.choose_seat(int(b.seat)))
                box.add_widget(button)
                self.seat_buttons.append(button)
        for button, seat_view in zip(self.seat_buttons, table.seats, strict=True):
            button.text = seat_button_text(seat_view)
            if seat_view.seat == chosen:
                button.accent = GOLD
            elif not seat_view.alive:
                button.accent = GREY
            else:
                button.accent = IVORY

    def _rows(self, view: DistanceView) -> None:
        box = self.rows_box
        box.clear_widgets()
        for row in view.rows:
            card = DistanceRowCard(
                seat=row.seat,
                distance=row.distance,
                in_range=row.in_range,
                alive=row.alive,
                text=row_text(row),
                reasons=reasons_text(row.reasons),
            )
            box.add_widget(card)
