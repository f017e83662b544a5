"""The ring of seats: one `SeatCard` per seat, placed as the players sit.

The phone stands at the table's edge in front of seat 1, so seat 1 is at the
bottom and the seats follow the order of play counter-clockwise, as seen
from above (or, where a mode seats them otherwise, its order around the table:
守卫剑阁's 1, 2, 4, 6, 8, 7, 5, 3; `TableView.seats_around`). A card shows
exactly what a `~assistant.views.table.SeatView` holds; nothing here computes
a game number.

The seats go around the edge of the ring's box, in the cells of a grid
(`perimeter`): `SeatRing` tries the grids that hold the table's seats and
keeps the one where every card's words fit, at the largest text size from
the proportional one down to the reading minimum (`mobile.widgets.base`).
A card is a flow of chips (`Chip`): its name, its role, the marks seen at a
glance (濒死, the cards to discard, the distance from the seat whose turn it
is, green inside its attack range), HP, hand, range, each piece of
equipment, the judgement zone and its states; a chip wraps inside a narrow
card, and a card never holds more than its cell. When no grid fits even at
the minimum, the ring asks for more height (``needed``) and its parent
scrolls: text is never cut and never shrinks below the minimum.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kivy.clock import Clock
from kivy.graphics import Color, Ellipse, Line
from kivy.lang import Builder
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from assistant.i18n import _
from assistant.views import SeatView, TableView
from mobile.widgets.base import sizes, text_size_of, wrapped_height
from mobile.widgets.seating import (
    Plan,
    candidate_grids,
    flow,
    grid_score,
    perimeter,
    ring_positions,
)

Builder.load_file(str(Path(__file__).with_suffix(".kv")))

__all__ = [
    "Chip",
    "HpChip",
    "HpPips",
    "Plan",
    "SeatCard",
    "SeatRing",
    "card_chips",
    "ring_positions",
]

# A chip's text in units at full size (the reading minimum wins when larger).
CARD_TEXT = 3.0
# Smaller and smaller proportional sizes tried before the reading minimum.
SCALES = (1.0, 0.9, 0.8, 0.7, 0.6, 0.5, 0.4)

Rgba = tuple[float, float, float, float]
INK: Rgba = (0.055, 0.170, 0.130, 1)
INK_SOFT: Rgba = (0.230, 0.330, 0.280, 1)
SEAT: Rgba = (0.055, 0.170, 0.130, 1)
WHITE: Rgba = (1, 1, 1, 1)
NONE: Rgba = (0, 0, 0, 0)
RED: Rgba = (0.780, 0.160, 0.140, 1)
ORANGE: Rgba = (0.980, 0.520, 0.180, 1)
GREEN: Rgba = (0.160, 0.560, 0.270, 1)
GREY_CHIP: Rgba = (0.780, 0.770, 0.720, 1)
EQUIP: Rgba = (0.880, 0.840, 0.730, 1)
JUDGE: Rgba = (0.420, 0.260, 0.560, 1)
MARK: Rgba = (0.800, 0.880, 0.820, 1)  # a skill's marks and the cards on the general
# The sides' colours once roles are shown at the end of a game.
SIDES: dict[str, Rgba] = {
    "lord": (0.780, 0.160, 0.140, 1),
    "loyalist": (0.870, 0.600, 0.100, 1),
    "rebel": (0.160, 0.500, 0.260, 1),
    "renegade": (0.300, 0.300, 0.700, 1),
    "civilian": (0.450, 0.450, 0.420, 1),
}


class HpPips(Widget):  # type: ignore[misc]  # Kivy ships no type hints
    """体力: a red pip per point of HP, an empty ring per point lost."""

    hp = NumericProperty(0)
    max_hp = NumericProperty(0)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.bind(pos=self.redraw, size=self.redraw, hp=self.redraw, max_hp=self.redraw)

    def redraw(self, *_args: object) -> None:
        self.canvas.clear()
        with self.canvas:
            draw_pips(self.x, self.center_y, self.height * 0.8, int(self.hp), int(self.max_hp))


def draw_pips(x: float, centre_y: float, d: float, hp: int, max_hp: int) -> None:
    """Pips of diameter ``d`` from ``x`` along ``centre_y`` (inside a ``with canvas``)."""
    gap = d * 0.25
    y = centre_y - d / 2
    for i in range(max(max_hp, 0)):
        px = x + i * (d + gap)
        if i < hp:
            Color(0.85, 0.2, 0.18, 1)
            Ellipse(pos=(px, y), size=(d, d))
        else:
            Color(0.45, 0.45, 0.42, 1)
            Line(ellipse=(px + 1, y + 1, d - 2, d - 2), width=1.3)


class Chip(Label):  # type: ignore[misc]  # Kivy ships no type hints
    """One thing a seat shows, as a word on a rounded patch of ``back`` (none: no patch)."""

    back = ListProperty(list(NONE))
    lead = NumericProperty(0)  # room on the left before the text (HpChip's pips)

    def lead_for(self, font: float) -> float:
        return 0.0


class HpChip(Chip):
    """HP as pips, then ``hp/max``; the pips give way to the numbers in a narrow card."""

    hp = NumericProperty(0)
    max_hp = NumericProperty(0)
    pips = BooleanProperty(True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.color = INK
        self.bind(pos=self.redraw, size=self.redraw, hp=self.redraw, max_hp=self.redraw)
        self.bind(pips=self.redraw, font_size=self.redraw)

    def lead_for(self, font: float) -> float:
        if self.max_hp <= 0:
            return 0.0
        d = font * 0.62
        return float(self.max_hp * d * 1.25)

    def redraw(self, *_args: object) -> None:
        self.canvas.after.clear()
        if not self.pips:
            return
        with self.canvas.after:
            d = float(self.font_size) * 0.62
            draw_pips(self.x + self.padding[0] - self.lead, self.center_y, d,
                      int(max(self.hp, 0)), int(self.max_hp))  # fmt: skip


@dataclass(frozen=True, slots=True)
class ChipSpec:
    """What a chip shows: its text, colours and weight."""

    text: str
    ink: Rgba = INK
    back: Rgba = NONE
    bold: bool = False


class SeatCard(ButtonBehavior, Widget):  # type: ignore[misc]
    """One seat: a flow of chips (name, role, marks, HP, hand, range, equipment,
    judgement, states) on a card framed gold (its turn), orange (asked to act) or
    green (in the attack range of the seat whose turn it is)."""

    seat = NumericProperty(0)
    title = StringProperty("")
    hp_text = StringProperty("")
    hand_text = StringProperty("")
    alive = BooleanProperty(True)
    current = BooleanProperty(False)
    acting = BooleanProperty(False)
    in_range = BooleanProperty(False)
    dying = BooleanProperty(False)
    font = NumericProperty(14.0)  # the chips' text size, set by the ring

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.hp_chip = HpChip()
        self.chips: list[Chip] = [self.hp_chip]
        self.specs: list[ChipSpec] = []
        self.view: SeatView | None = None
        self._arrange = Clock.create_trigger(self.arrange, -1)
        self.bind(size=self._arrange, font=self._arrange)

    # ------------------------------------------------------------ what it shows

    def show(self, view: SeatView, over: bool = False) -> None:
        self.view = view
        self.seat = view.seat
        self.title = view.label
        self.hp_text = f"{view.hp}/{view.max_hp}"
        self.hand_text = _("Hand {hand}/{limit}  Range {range}").format(
            hand=view.hand, limit=view.hand_limit, range=view.attack_range
        )
        self.alive = view.alive
        self.current = view.current
        self.acting = view.acting
        self.in_range = view.in_range
        self.dying = view.dying
        specs = card_chips(view, over)
        if specs != self.specs:
            self.specs = specs
            self._fill()
        self.hp_chip.hp = view.hp
        self.hp_chip.max_hp = view.max_hp
        self.hp_chip.text = self.hp_text
        self._arrange()

    def _fill(self) -> None:
        """One chip per spec, after the HP chip's place (the third)."""
        for chip in self.chips:
            if chip.parent is self:
                self.remove_widget(chip)
        words = [c for c in self.chips if c is not self.hp_chip]
        made: list[Chip] = []
        for i, spec in enumerate(self.specs):
            chip = words[i] if i < len(words) else Chip()
            chip.text = spec.text
            chip.color = spec.ink
            chip.back = spec.back
            chip.bold = spec.bold
            made.append(chip)
        at = min(HP_AT, len(made))
        self.chips = [*made[:at], self.hp_chip, *made[at:]]
        for chip in self.chips:
            self.add_widget(chip)

    # ------------------------------------------------------------ layout

    def gaps(self, font: float) -> tuple[float, float, float]:
        """The card's padding, the gaps between chips (across and down), at text size
        ``font``; a chip on a patch has `chip_pad` inside it."""
        return font * 0.26, font * 0.3, font * 0.06

    def estimate(self, width: float, font: float) -> float:
        """The height the card needs at ``width`` with text of size ``font`` (measured
        from the words, before any chip is laid out)."""
        pad, across, down = self.gaps(font)
        inner = width - 2 * pad
        boxes = [self._chip_box(chip, font, inner)[:2] for chip in self.chips]
        return flow(boxes, width, pad, across, down)[1]

    def _chip_box(self, chip: Chip, font: float, inner: float) -> tuple[float, float, bool]:
        """A chip's size at ``font`` in a card ``inner`` wide, and whether it wraps (its
        words wider than the card: set inside the card's width)."""
        px, py = chip_pad(chip, font)
        w, h = text_size_of(chip.text, font, bool(chip.bold))
        lead = chip.lead_for(font)
        if w + lead + 2 * px <= inner:
            return w + lead + 2 * px, h + 2 * py, False
        if isinstance(chip, HpChip) and w + 2 * px <= inner:
            return w + 2 * px, h + 2 * py, False  # the pips give way to the numbers
        # The text area of a wrapped chip: the card's width less the chip's padding.
        high = wrapped_height(chip.text, font, max(inner - 2 * px, font), bool(chip.bold))
        return inner, high + 2 * py, True

    def arrange(self, *_args: object) -> None:
        """Size every chip to its words at the card's text size and set them in rows."""
        font = float(self.font)
        pad, across, down = self.gaps(font)
        inner = self.width - 2 * pad
        boxes = []
        for chip in self.chips:
            px, py = chip_pad(chip, font)
            chip.font_size = font
            if isinstance(chip, HpChip):
                natural = text_size_of(chip.text, font, bool(chip.bold))[0]
                chip.pips = natural + chip.lead_for(font) + 2 * px <= inner
            _w, _h, wraps = self._chip_box(chip, font, inner)
            lead = chip.lead_for(font) if getattr(chip, "pips", True) and not wraps else 0.0
            chip.lead = lead
            chip.padding = (px + lead, py, px, py)
            # A label's text_size holds its padding: a wrapped chip is exactly `inner` wide.
            chip.text_size = (inner, None) if wraps else (None, None)
            chip.texture_update()
            chip.size = chip.texture_size
            boxes.append((chip.width, chip.height))
        placed, _height = flow(boxes, self.width, pad, across, down)
        for chip, (x, y) in zip(self.chips, placed, strict=True):
            chip.pos = (self.x + x, self.top - y - chip.height)

    def on_pos(self, *_args: object) -> None:
        self._arrange()


# Where the HP chip goes among the chips: after the seat, the name and the role.
HP_AT = 3


def chip_pad(chip: Chip, font: float) -> tuple[float, float]:
    """A chip's padding across and down: room around its words on a patch, none without."""
    patched = tuple(chip.back)[3] > 0
    return (font * 0.25 if patched else 0.0), font * 0.02


def card_chips(view: SeatView, over: bool = False) -> list[ChipSpec]:
    """The chips of a seat's card, in order, HP's place aside (it goes at `HP_AT`).

    The seat's number and its general (with the player's name when the table has
    one), the role (or the kingdom while the role is hidden; at the end of a
    game, on its side's colour), then what is seen at a glance: 濒死, the cards
    to discard, the distance from the seat whose turn it is (→2; green inside
    its attack range);
    then hand and attack range, each piece of equipment, the judgement zone,
    the skills' marks, and chained, face down, dead.
    """
    # The seat's number on a dark patch, then the general (and the player's name).
    name = view.general or "—"
    chips = [
        ChipSpec(str(view.seat), WHITE, SEAT, bold=True),
        ChipSpec(name if not view.name else f"{view.name} · {name}", bold=True),
    ]
    if view.role != "?":
        side = view.role_key if view.role_key in SIDES else ""
        if over and side:
            chips.append(ChipSpec(view.role, WHITE, SIDES[side], bold=True))
        else:
            chips.append(ChipSpec(view.role, RED if side == "lord" else INK_SOFT))
    elif view.kingdom:
        chips.append(ChipSpec(view.kingdom, INK_SOFT))
    if view.dying:
        chips.append(ChipSpec(_("dying"), WHITE, RED, bold=True))
    if view.discard:
        chips.append(ChipSpec(_("discard {n}").format(n=view.discard), INK, ORANGE, bold=True))
    if view.distance is not None:
        said = f"→{view.distance}"  # the legend says from whom (TableScreen's heading)
        if view.in_range:
            chips.append(ChipSpec(said, WHITE, GREEN, bold=True))
        else:
            chips.append(ChipSpec(said, INK, GREY_CHIP))
    chips.append(ChipSpec(_("hand {hand}/{limit}").format(hand=view.hand, limit=view.hand_limit)))
    chips.append(ChipSpec(_("range {range}").format(range=view.attack_range)))
    for equip in view.equipment:
        chips.append(ChipSpec(equip.short_text, INK, EQUIP))
    if view.judgement_short:
        cards = " ".join(view.judgement_short)
        chips.append(ChipSpec(_("Judgement zone: {cards}").format(cards=cards), JUDGE))
    chips.extend(ChipSpec(mark, INK, MARK) for mark in view.marks)
    states = [_("dead")] if not view.alive else []
    if view.chained:
        states.append(_("chained"))
    if view.flipped:
        states.append(_("face down"))
    chips.extend(ChipSpec(state, RED, bold=True) for state in states)
    return chips


class SeatRing(Widget):  # type: ignore[misc]
    """The seats around the table; ``on_seat`` is called with a tapped seat's number.

    ``needed`` is the height the ring needs: its own when every card fits, more
    when not even the reading minimum fits (its parent then scrolls).
    """

    needed = NumericProperty(0)
    over = BooleanProperty(False)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.cards: list[SeatCard] = []
        self.on_seat: Callable[[int], object] | None = None
        self.room: float = 0.0  # the height the ring is given (0: its own)
        self.plan: Plan | None = None
        self._planned_for: tuple[float, ...] = ()
        self._layout = Clock.create_trigger(self.layout, -1)
        self.bind(size=self._layout, pos=self._layout)
        sizes.bind(read=self._layout, unit=self._layout)

    def show(self, table: TableView) -> None:
        if len(self.cards) != len(table.seats):
            self.clear_widgets()
            self.cards = []
            for _view in table.seats:
                card = SeatCard(size_hint=(None, None))
                card.bind(on_release=self._tapped)
                self.cards.append(card)
                self.add_widget(card)
        self.over = table.over
        # In the order the seats sit around the table (守卫剑阁's differs from seat order).
        for card, view in zip(self.cards, table.seats_around, strict=True):
            card.show(view, table.over)
        self._layout()

    def give_room(self, height: float) -> None:
        """The height the ring has on screen (its parent scrolls beyond it)."""
        if abs(height - self.room) > 0.5:
            self.room = height
            self._layout()

    def layout(self, *_args: object) -> None:
        if not self.cards or self.width < 2:
            self.needed = 0
            return
        # Given a room (by a scrolling parent), the ring may ask for more; else it keeps
        # to its own height (its height then never follows what it asks for).
        room = self.room if self.room > 0 else self.height
        plan = self.plan = self.keep_or_plan(self.width, room)
        self.needed = max(plan.height, room) if self.room > 0 else self.height
        bottom = self.y + max(self.height, plan.height) - plan.height
        for i, card in enumerate(self.cards):
            x, y, w, h = plan.card(i)
            card.font = plan.font
            card.size = (w, h)
            card.pos = (self.x + x, bottom + y)
            card.arrange()

    def keep_or_plan(self, width: float, height: float) -> Plan:
        """The plan for ``width`` x ``height``: the one in use while the box, the sizes
        and the seats are the same and every card still fits its cell (a move changes
        a few words: planning again costs every grid's estimates), else a new one."""
        plan, key = self.plan, (width, height, sizes.read, sizes.unit, len(self.cards))
        if plan is not None and plan.fits and key == self._planned_for:
            estimates = [card.estimate(plan.width, plan.font) for card in self.cards]
            if all(
                need <= plan.heights[row]
                for need, (_col, row) in zip(estimates, plan.cells, strict=True)
            ):
                return plan
        self._planned_for = key
        return self.plan_for(width, height)

    def plan_for(self, width: float, height: float) -> Plan:
        """The grid, card size and text size for ``width`` x ``height``: the largest text
        at which every card fits (never below the reading minimum); when none fits,
        the grid that needs the least height."""
        n = len(self.cards)
        grids = candidate_grids(n)
        measured: dict[tuple[int, float, float], float] = {}

        def estimate(card: int, width: float, font: float) -> float:
            key = (card, width, font)
            found = measured.get(key)
            if found is None:
                found = measured[key] = self.cards[card].estimate(width, font)
            return found

        gap = max(sizes.unit * 0.9, 4.0)
        fonts: list[tuple[float, float]] = []
        for scale in SCALES:
            font = max(sizes.read, sizes.unit * CARD_TEXT * scale)
            if not fonts or font < fonts[-1][1] - 0.5:
                fonts.append((scale, font))
        least: Plan | None = None
        for scale, font in fonts:
            best: tuple[float, Plan] | None = None
            for cols, rows in grids:
                cw = (width - (cols - 1) * gap) / cols
                if cw < font * 3:
                    continue
                cells = tuple(perimeter(cols, rows, n))
                needs = [0.0] * rows
                for i, (_x, y) in enumerate(cells):
                    needs[y] = max(needs[y], estimate(i, cw, font))
                total = sum(needs) + (rows - 1) * gap
                if total <= height:
                    share = (height - total) / rows
                    heights = tuple(need + share for need in needs)
                    plan = Plan(cols, rows, cells, font, cw, heights, gap, height, True, scale)
                    score = grid_score(cols, rows, n, height / total)
                    if best is None or score > best[0]:
                        best = (score, plan)
                elif scale == fonts[-1][0] and (least is None or total < least.height):
                    least = Plan(cols, rows, cells, font, cw, tuple(needs), gap, total,
                                 False, scale)  # fmt: skip
            if best is not None:
                return best[1]
        if least is None:  # narrower than three characters: one column
            font = fonts[-1][1]
            column = tuple(card.estimate(width, font) for card in self.cards)
            cells = tuple((0, y) for y in range(n))
            total = sum(column) + (n - 1) * gap
            least = Plan(1, n, cells, font, width, column, gap, total, False, fonts[-1][0])
        return least

    def _tapped(self, card: SeatCard) -> None:
        if self.on_seat is not None:
            self.on_seat(int(card.seat))
