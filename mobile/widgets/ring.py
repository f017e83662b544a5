"""The ring of seats: one `SeatCard` per seat, placed as the players sit.

The phone stands at the table's edge in front of seat 1, so seat 1 is at the
bottom and the seats follow the order of play counter-clockwise, as seen
from above. A card shows exactly what a `~assistant.views.table.SeatView`
holds; nothing here computes a game number.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

from kivy.graphics import Color, Ellipse, Line
from kivy.lang import Builder
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.widget import Widget

from assistant.i18n import _
from assistant.views import SeatView, TableView

Builder.load_file(str(Path(__file__).with_suffix(".kv")))

__all__ = ["HpPips", "SeatCard", "SeatRing", "ring_positions"]


def ring_positions(players: int) -> list[tuple[float, float]]:
    """Centre of each seat's card as fractions of the ring's box, seat 1 first.

    >>> [(round(x, 2), round(y, 2)) for x, y in ring_positions(4)]
    [(0.5, 0.15), (0.84, 0.5), (0.5, 0.85), (0.16, 0.5)]
    """
    out = []
    for i in range(players):
        angle = -math.pi / 2 + 2 * math.pi * i / players
        out.append((0.5 + 0.34 * math.cos(angle), 0.5 + 0.35 * math.sin(angle)))
    return out


class HpPips(Widget):  # type: ignore[misc]  # Kivy ships no type hints
    """体力: a red pip per point of HP, an empty ring per point lost."""

    hp = NumericProperty(0)
    max_hp = NumericProperty(0)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.bind(pos=self.redraw, size=self.redraw, hp=self.redraw, max_hp=self.redraw)

    def redraw(self, *_args: object) -> None:
        self.canvas.clear()
        total = max(int(self.max_hp), 0)
        if total == 0:
            return
        d = min(self.height * 0.8, self.width / (total * 1.25))
        gap = d * 0.25
        y = self.center_y - d / 2
        with self.canvas:
            for i in range(total):
                x = self.x + i * (d + gap)
                if i < self.hp:
                    Color(0.85, 0.2, 0.18, 1)
                    Ellipse(pos=(x, y), size=(d, d))
                else:
                    Color(0.45, 0.45, 0.42, 1)
                    Line(ellipse=(x + 1, y + 1, d - 2, d - 2), width=1.3)


class SeatCard(ButtonBehavior, BoxLayout):  # type: ignore[misc]
    """One seat: general, role, HP pips, hand and limit, equipment, judgement, state."""

    seat = NumericProperty(0)
    title = StringProperty("")
    badge = StringProperty("")
    lord = BooleanProperty(False)  # the badge names the lord (drawn red)
    hp = NumericProperty(0)
    max_hp = NumericProperty(0)
    hp_text = StringProperty("")
    hand_text = StringProperty("")
    detail_text = StringProperty("")
    alive = BooleanProperty(True)
    current = BooleanProperty(False)
    acting = BooleanProperty(False)

    def show(self, view: SeatView) -> None:
        self.seat = view.seat
        self.title = view.label
        self.badge = view.role if view.role != "?" else view.kingdom
        # The lord's name as assistant.i18n.role_name words it (identity's 主公).
        self.lord = view.role == _("lord")
        self.hp = max(view.hp, 0)
        self.max_hp = view.max_hp
        self.hp_text = f"{view.hp}/{view.max_hp}"
        self.hand_text = _("Hand {hand}/{limit}  Range {range}").format(
            hand=view.hand, limit=view.hand_limit, range=view.attack_range
        )
        details = [e.text for e in view.equipment]
        if view.judgement:
            details.append(_("Judgement zone: {cards}").format(cards=" ".join(view.judgement)))
        states = [_("chained")] if view.chained else []
        if view.flipped:
            states.append(_("face down"))
        if not view.alive:
            states.insert(0, _("dead"))
        if states:
            details.append("[color=#c0392b]" + " ".join(states) + "[/color]")
        self.detail_text = "\n".join(details)
        self.alive = view.alive
        self.current = view.current
        self.acting = view.acting


class SeatRing(FloatLayout):  # type: ignore[misc]
    """The seats around the table; ``on_seat`` is called with a tapped seat's number."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.cards: list[SeatCard] = []
        self.on_seat: Callable[[int], object] | None = None

    def show(self, table: TableView) -> None:
        if len(self.cards) != len(table.seats):
            self.clear_widgets()
            self.cards = []
            positions = ring_positions(len(table.seats))
            w = 0.31 if len(table.seats) <= 6 else 0.25
            h = 0.3 if len(table.seats) <= 6 else 0.22
            for x, y in positions:
                card = SeatCard(size_hint=(w, h), pos_hint={"center_x": x, "center_y": y})
                card.bind(on_release=self._tapped)
                self.cards.append(card)
                self.add_widget(card)
        for card, view in zip(self.cards, table.seats, strict=True):
            card.show(view)

    def _tapped(self, card: SeatCard) -> None:
        if self.on_seat is not None:
            self.on_seat(int(card.seat))
