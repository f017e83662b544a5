"""距离: the picture players argue about — from one seat, the distance to every other.

A row of seat buttons chooses the seat (it starts at the controller's
``selected_seat``, which the table screen sets when a seat is tapped). For
that seat the screen shows its details (`~assistant.views.table.SeatView`),
its attack range with the engine's reasons, a picture of the ring of seats
(an oval filling the picture, seat 1 at the bottom, each seat's box as large
as its words) with an arrow
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

import math
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
    seat_lines,
    seat_title,
)
from mobile.controller import TableController
from mobile.widgets.base import not_started, sizes, text_size_of, wrapped_height
from mobile.widgets.room import badge_spot

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
        self.seat_labels: list[Label] = []  # each seat's box (for the layout tests)
        self.bind(pos=self.redraw, size=self.redraw)
        sizes.bind(read=self.redraw, unit=self.redraw)  # the window changed

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
        self.seat_labels = []
        table, view = self.table, self.view
        if table is None or view is None or not table.seats:
            return
        # In the order the seats sit around the table (守卫剑阁's differs from seat order).
        seats = table.seats_around
        u = sizes.unit
        texts = [f"{s.seat}\n{s.general or '—'}" for s in seats]
        font, half, centres, crowding = self.place(texts)
        if crowding:
            # No room for the names (the seat buttons above give them): numbers only.
            texts = [str(s.seat) for s in seats]
            font, half, centres, crowding = self.place(texts)
        badge_r = max(font * 0.8, u * 2.2)
        badge_font = max(sizes.read, u * 3.2)
        head = max(u * 2.2, font * 0.6)
        rows = {row.seat: row for row in view.rows}
        me = centres[[s.seat for s in seats].index(view.seat)]
        badges: list[tuple[float, float, str, Rgba]] = []
        boxes = [(cx - half[0], cy - half[1], 2 * half[0], 2 * half[1]) for cx, cy in centres]

        with self.canvas.before:
            # The table top: a soft oval the seats sit around.
            Color(*TABLE_TOP)
            rx, ry = self.width / 2 - 2 * half[0], self.height / 2 - 2 * half[1]
            if rx > 0 and ry > 0:
                Ellipse(pos=(self.center_x - rx, self.center_y - ry), size=(2 * rx, 2 * ry))
            for seat_view, centre in zip(seats, centres, strict=True):
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
                taken = boxes + [(x - badge_r, y - badge_r, 2 * badge_r, 2 * badge_r)
                                 for x, y, _t, _c in badges]  # fmt: skip
                spot = badge_spot(shape.start, shape.end, shape.label, badge_r, taken)
                badges.append((*spot, str(row.distance), colour))
            for seat_view, (cx, cy) in zip(seats, centres, strict=True):
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
        for seat_view, text, (cx, cy) in zip(seats, texts, centres, strict=True):
            label = self._label(
                text,
                (cx - half[0], cy - half[1], 2 * half[0], 2 * half[1]),
                colour=INK if seat_view.alive else DEAD_INK,
                font=font,
                bold=seat_view.seat == view.seat,
            )
            label.seat = seat_view.seat
            self.seat_labels.append(label)
        for x, y, text, _colour in badges:
            box = (x - badge_r, y - badge_r, 2 * badge_r, 2 * badge_r)
            self._label(text, box, colour=INK, font=badge_font, bold=True)
        with self.canvas.after:
            Color(*CROSS)
            for seat_view, (cx, cy) in zip(seats, centres, strict=True):
                if seat_view.alive:
                    continue
                w, h = half
                Line(points=(cx - w, cy - h, cx + w, cy + h), width=u * 0.5)
                Line(points=(cx - w, cy + h, cx + w, cy - h), width=u * 0.5)

    def place(
        self, texts: list[str]
    ) -> tuple[float, tuple[float, float], list[tuple[float, float]], float]:
        """The seats' text size, their boxes' half size and centres: around an oval inside
        the picture, seat 1 at the bottom and the others counter-clockwise, the boxes
        as large as their words; the largest text (never below the reading minimum)
        at which no two boxes overlap, the oval squared towards the picture's corners
        and long names wrapped when the seats need the room. The last number says how
        much boxes still overlap (0: none)."""
        n = len(texts)
        u = sizes.unit
        steps = [max(sizes.read, u * k) for k in (2.9, 2.6, 2.3, 2.0, 1.7, 1.4)]
        # At the minimum, long names wrap inside narrower boxes before boxes overlap.
        tries = [(f, 1.0) for f in dict.fromkeys(round(f, 2) for f in steps)]
        tries += [(tries[-1][0], k) for k in (0.8, 0.65)]
        least: tuple[float, float, tuple[float, float], list[tuple[float, float]]] | None = None
        for font, share in tries:
            half = self._half(texts, font, share)
            for power in (2.0, 3.0, 4.0, 6.0):
                centres = self._centres(n, half, power)
                crowding = _crowded(centres, half, u)
                if not crowding:
                    return font, half, centres, 0.0
                if least is None or crowding < least[0]:
                    least = (crowding, font, half, centres)
        assert least is not None
        return least[1], least[2], least[3], least[0]

    def _half(self, texts: list[str], font: float, share: float = 1.0) -> tuple[float, float]:
        """Half the size of the boxes that hold every seat's words at ``font``, at most
        ``share`` of the widest one's width (the words then wrap)."""
        pad_x, pad_y = font * 0.4, font * 0.15
        width = max(text_size_of(t, font, True)[0] for t in texts) * share
        width = max(width, font * 3)
        height = max(wrapped_height(t, font, width, True) for t in texts)
        return width / 2 + pad_x, height / 2 + pad_y

    def _centres(
        self, n: int, half: tuple[float, float], power: float
    ) -> list[tuple[float, float]]:
        """Centres on the superellipse |x|^p + |y|^p = 1 filling the picture (p = 2: an
        ellipse; larger: towards a rectangle), evenly in angle from the bottom."""
        rx = max(self.width / 2 - half[0] - sizes.unit, 0.0)
        ry = max(self.height / 2 - half[1] - sizes.unit, 0.0)
        out = []
        for i in range(n):
            angle = -math.pi / 2 + 2 * math.pi * i / n
            c, s = math.cos(angle), math.sin(angle)
            x = math.copysign(abs(c) ** (2 / power), c)
            y = math.copysign(abs(s) ** (2 / power), s)
            out.append((self.center_x + rx * x, self.center_y + ry * y))
        return out

    def _label(
        self,
        text: str,
        box: tuple[float, float, float, float],
        *,
        colour: Rgba,
        font: float,
        bold: bool,
    ) -> Label:
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
            # Only the width: with a height too, Kivy sets a text of several lines
            # from its middle line in two halves, and a half that wraps is cut.
            text_size=(w, None),
        )
        self.add_widget(label)
        return label


def _crowded(centres: list[tuple[float, float]], half: tuple[float, float], gap: float) -> float:
    """How much boxes of this half size at these centres overlap (coming closer than
    ``gap`` counts): 0 when none does."""
    w, h = 2 * half[0] + gap, 2 * half[1] + gap
    return sum(
        max(0.0, w - abs(ax - bx)) * max(0.0, h - abs(ay - by))
        for i, (ax, ay) in enumerate(centres)
        for bx, by in centres[i + 1 :]
    )


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
                button = Factory.DistanceSeatButton()
                button.seat = seat_view.seat
                button.bind(on_release=lambda b: self.choose_seat(int(b.seat)))
                box.add_widget(button)
                self.seat_buttons.append(button)
        for button, seat_view in zip(self.seat_buttons, table.seats, strict=True):
            button.text = f"{seat_view.seat} {seat_view.general or '—'}"
            if seat_view.seat == chosen:
                button.accent = GOLD
            elif not seat_view.alive:
                button.accent = GREY
            else:
                button.accent = IVORY
        self.fit_seat_buttons()

    def fit_seat_buttons(self, *_args: object) -> None:
        """Each seat button as wide as its words ('3 赵云'), as many to a row as fit."""
        box = self.seat_box
        room = box.width - box.padding[0] - box.padding[2]
        for button in self.seat_buttons:
            font = float(button.font_size)
            pad = max(font * 0.6, sizes.unit * 1.2)
            button.width = min(text_size_of(button.text, font)[0] + 2 * pad, room)

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
