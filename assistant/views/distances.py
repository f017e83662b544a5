"""The words and the geometry of the distances picture, as plain values (no Kivy).

The distances screen (``mobile/screens/distances.py``) draws the ring of
seats with an arrow from the chosen seat to every other living seat. The
numbers all come from `~assistant.views.table.DistanceView` and
`~assistant.views.table.SeatView`; this module only turns them into lines of
text and works out where an arrow starts and ends so that it touches the
edges of the seats' boxes instead of their centres.

>>> from assistant.i18n import set_language
>>> chosen = set_language("zh_CN")
>>> from engine.game import Game
>>> from assistant.views.table import distance_view, table_view
>>> game = Game()
>>> for text in ["setup identity 5", "role 1 lord", "general 1 liubei",
...              "general 2 guanyu", "general 3 zhaoyun", "general 4 zhouyu",
...              "general 5 lvbu", "deal", "next"]:
...     game.push_text(text)
>>> view = distance_view(game.state, 1)
>>> [row_text(row) for row in view.rows][:2]
['2号位 关羽 · 距离 1 · 在攻击范围内', '3号位 赵云 · 距离 2 · 不在攻击范围内']
>>> range_text(view)
'攻击范围 1'
>>> seat_lines(table_view(game.state).seats[0])
['主公 · 蜀 · 体力 5/5 · 手牌 4（上限 5）', '装备：无', '判定区：无']

The reasons are the engine's, worded in the language in use (here the source's):

>>> chosen = set_language("C")
>>> reasons_text(distance_view(game.state, 1).rows[1].reasons)
'2 seats apart'
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from assistant.i18n import _, pgettext
from assistant.views.table import DistanceRow, DistanceView, SeatView

__all__ = [
    "Arrow",
    "arrow",
    "box_exit",
    "range_text",
    "reasons_text",
    "row_text",
    "seat_button_text",
    "seat_lines",
    "seat_title",
]

Point = tuple[float, float]


def seat_title(seat: SeatView) -> str:
    """'1号位 刘备', with '(阵亡)' for a dead seat."""
    return seat.label if seat.alive else _("{seat} (dead)").format(seat=seat.label)


def seat_button_text(seat: SeatView) -> str:
    """A seat button's two lines: '1号位' and the general ('—' before one is chosen)."""
    number = _("seat {seat}").format(seat=seat.seat)
    return f"{number}\n{seat.general or '—'}"


def seat_lines(seat: SeatView) -> list[str]:
    """The chosen seat's details, one line each: role and HP, hand, equipment, judgement, state.

    Every number is the SeatView's own (the engine's derived values).
    """
    head = [seat.role if seat.role != "?" else _("role unknown")]
    if seat.kingdom:
        head.append(seat.kingdom)
    head.append(_("HP {hp}/{max_hp}").format(hp=seat.hp, max_hp=seat.max_hp))
    head.append(_("hand {hand} (limit {limit})").format(hand=seat.hand, limit=seat.hand_limit))
    lines = [" · ".join(head)]
    if seat.equipment:
        parts = []
        for equip in seat.equipment:
            if equip.slot_key == "weapon":
                parts.append(
                    _("weapon {card} (range {range})").format(card=equip.name, range=equip.badge)
                )
            else:
                parts.append(_("{slot} {card}").format(slot=equip.slot, card=equip.name))
        lines.append(_("Equipment: {cards}").format(cards=" · ".join(parts)))
    else:
        lines.append(_("Equipment: none"))
    if seat.judgement:
        lines.append(_("Judgement zone: {cards}").format(cards=" · ".join(seat.judgement)))
    else:
        lines.append(_("Judgement zone: none"))
    states = [
        word for word, on in ((_("dead"), not seat.alive), (_("chained"), seat.chained)) if on
    ]
    if seat.flipped:
        states.append(_("face down"))
    if states:
        lines.append(_("State: {states}").format(states=" · ".join(states)))
    return lines


def range_text(view: DistanceView) -> str:
    """'攻击范围 3': the chosen seat's attack range as the engine measures it."""
    return _("attack range {range}").format(range=view.attack_range)


def reasons_text(reasons: Sequence[str]) -> str:
    """The engine's reasons, as the views word them, joined.

    '1 seat apart; +1 horse 的卢 on seat 2: +1'
    """
    # TRANSLATORS: between the reasons behind a distance or an attack range
    return pgettext("reasons", "; ").join(reasons)


def row_text(row: DistanceRow) -> str:
    """'2号位 关羽 · 距离 1 · 在攻击范围内' (or '· 已阵亡' for a dead seat)."""
    if not row.alive:
        return _("{seat} · dead").format(seat=row.label)
    if row.distance is None:  # measured from a dead seat
        return _("{seat} · no distance (measured from a dead seat)").format(seat=row.label)
    if row.in_range:
        return _("{seat} · distance {distance} · in attack range").format(
            seat=row.label, distance=row.distance
        )
    return _("{seat} · distance {distance} · out of attack range").format(
        seat=row.label, distance=row.distance
    )


def box_exit(centre: Point, toward: Point, half_w: float, half_h: float) -> Point:
    """Where the ray from ``centre`` toward ``toward`` leaves a box of that half size.

    >>> box_exit((0, 0), (10, 0), 2, 1)
    (2.0, 0.0)
    >>> box_exit((0, 0), (10, 10), 2, 1)
    (1.0, 1.0)
    >>> box_exit((0, 0), (0, 0), 2, 1)
    (0.0, 0.0)
    """
    dx, dy = toward[0] - centre[0], toward[1] - centre[1]
    limits = []
    if dx:
        limits.append(half_w / abs(dx))
    if dy:
        limits.append(half_h / abs(dy))
    t = min(limits, default=0.0)
    return (float(centre[0] + dx * t), float(centre[1] + dy * t))


@dataclass(frozen=True, slots=True)
class Arrow:
    """A line from one seat's box to another's, its head, and where its label goes."""

    start: Point
    end: Point  # the tip of the head, on the target's box
    head: tuple[float, float, float, float, float, float]  # a triangle: tip, left, right
    label: Point

    @property
    def points(self) -> tuple[float, float, float, float]:
        """The shaft as x1, y1, x2, y2 (it stops at the head's base)."""
        base_x = (self.head[2] + self.head[4]) / 2
        base_y = (self.head[3] + self.head[5]) / 2
        return (self.start[0], self.start[1], base_x, base_y)


def arrow(
    a: Point,
    b: Point,
    half: tuple[float, float],
    *,
    gap: float = 0.0,
    head: float = 10.0,
    label_back: float | None = None,
) -> Arrow | None:
    """The arrow from the box centred at ``a`` to the box centred at ``b`` (same half size).

    It starts and ends ``gap`` outside the boxes' edges; the head is an
    isosceles triangle ``head`` long. The label sits ``label_back`` before
    the tip — near the target, so that the labels of arrows fanning out of
    one seat do not pile up by it — but never before the middle of the
    visible part (the middle when ``label_back`` is None). None when the
    boxes are too close for a line and its head.

    >>> r = arrow((0, 0), (100, 0), (10, 5), gap=2, head=8)
    >>> r.start, r.end, r.label
    ((12.0, 0.0), (88.0, 0.0), (50.0, 0.0))
    >>> r.head
    (88.0, 0.0, 80.0, 4.0, 80.0, -4.0)
    >>> r.points
    (12.0, 0.0, 80.0, 0.0)
    >>> arrow((0, 0), (100, 0), (10, 5), gap=2, head=8, label_back=20).label
    (68.0, 0.0)
    >>> arrow((0, 0), (100, 0), (10, 5), gap=2, head=8, label_back=60).label
    (50.0, 0.0)
    >>> arrow((0, 0), (15, 0), (10, 5)) is None
    True
    """
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    if length == 0:
        return None
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    sx, sy = box_exit(a, b, *half)
    ex, ey = box_exit(b, a, *half)
    sx, sy = sx + ux * gap, sy + uy * gap
    ex, ey = ex - ux * gap, ey - uy * gap
    if (ex - sx) * ux + (ey - sy) * uy <= head:
        return None
    base_x, base_y = ex - ux * head, ey - uy * head
    w = head / 2
    triangle = (ex, ey, base_x - uy * w, base_y + ux * w, base_x + uy * w, base_y - ux * w)
    visible = math.hypot(ex - sx, ey - sy)
    along = 0.5 if label_back is None else max(0.5, 1 - label_back / visible)
    label = (sx + (ex - sx) * along, sy + (ey - sy) * along)
    return Arrow((sx, sy), (ex, ey), _rounded(triangle), label)


def _rounded(values: tuple[float, ...]) -> tuple[float, float, float, float, float, float]:
    a, b, c, d, e, f = (round(v, 6) + 0.0 for v in values)
    return (a, b, c, d, e, f)
