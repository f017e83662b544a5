"""Windows: the moments optional skills and equipment effects may be used (时机).

At each timing point the settlement calls :func:`at_point`. When some
living seat owns a rule for that point whose condition holds, a
:class:`~engine.frames.Window` goes on the stack over the event it is about,
and its owners are asked one at a time in seat order from the current
player. A window nobody can use is never opened. An owner answers with
``skill SEAT KEY ...`` or declines with ``pass SEAT``; any other move closes
the window by itself (the table has moved on).
"""

from __future__ import annotations

from typing import Any

from engine.derived import owned_by_living, owned_keys
from engine.frames import BIT, Point, Window
from engine.registry import AT_POINT, RULES
from engine.skilltypes import spent
from engine.state import GameState, evolve
from engine.table import Table


def owned_anywhere(t: Table) -> frozenset[str]:
    """Every rule key some living seat owns, kept on the table while nothing changes it."""
    union = t.owned_union
    if union is None:
        union = t.owned_union = owned_by_living(t.seats)
    return union


def offers(t: Table, point: Point, seat: int, event: object, declined: frozenset[str]) -> list[str]:
    """The keys ``seat`` may use at ``point`` now, in a stable order."""
    keys = AT_POINT.get(point)
    if not keys:
        return []
    s = t.seat(seat)
    if not s.alive:
        return []
    mine = owned_keys(s) & keys
    if not mine:
        return []
    return [
        key
        for key in sorted(mine)
        if f"{seat}:{key}" not in declined and not spent(s, key) and RULES[key].can(t, seat, event)
    ]


def at_point(t: Table, frame: Any, point: Point) -> bool:
    """Open ``point``'s window over ``frame`` (the top of the stack), once.

    Returns True when a window was opened: the settlement waits for it.
    Only the seats the moment is about are asked, as the rules say
    (``Rule.whose``: the damaged seat, the user of the card ...). ``frame``
    must have an ``opened`` bit mask; once a window may open it is marked,
    so the point is passed only once.
    """
    keys = AT_POINT.get(point)
    if keys is None:
        return False
    bit = BIT[point]
    if frame.opened & bit:
        return False
    # Most moments nobody owns anything for: no seat is asked anything.
    present = keys & owned_anywhere(t)
    if not present:
        return False
    seats = t.seats
    candidates = _candidates(frame, present)
    if candidates is None:
        owners = [s.seat for s in seats if s.alive and owned_keys(s) & keys]
    else:
        owners = [n for n in candidates if seats[n - 1].alive and owned_keys(seats[n - 1]) & keys]
    if not owners:
        return False
    marked = evolve(frame, opened=frame.opened | bit)
    t.stack[-1] = marked
    if len(owners) > 1:
        order = t.order_from(t.turn.seat or 1)
        owners.sort(key=order.index)
    asked = tuple(s for s in owners if offers(t, point, s, marked, frozenset()))
    if not asked:
        return False
    t.stack.append(Window(point, asked))
    return True


def may_open(t: Table, point: Point, seat: int) -> bool:
    """Whether a window at ``point`` about ``seat`` (an Occasion's) could open at all:
    some rule there is owned by that seat, or by anyone for rules any seat may use."""
    keys = AT_POINT.get(point)
    if keys is None:
        return False
    present = keys & owned_anywhere(t)
    if not present:
        return False
    if any(RULES[k].whose != ("seat",) for k in present):
        return True
    return bool(present & owned_keys(t.seats[seat - 1]))


def _candidates(frame: Any, keys: frozenset[str]) -> list[int] | None:
    """The seats the event names for these rules (``Rule.whose``); None: any seat."""
    seats: list[int] = []
    for key in keys:
        whose = RULES[key].whose
        if not whose:
            return None
        for name in whose:
            seat = getattr(frame, name, None)
            if seat and seat not in seats:
                seats.append(seat)
    return seats


def step_window(t: Table, window: Window) -> bool:
    """Ask the next owner with something to use; pop the window when nobody is left.

    Returns True when the window waits for a player.
    """
    if window.fresh:  # opened just now by at_point, which checked the offers
        t.stack[-1] = evolve(window, fresh=False)
        return True
    event = t.stack[-2] if len(t.stack) > 1 else None
    seats = window.seats
    while seats:
        if offers(t, window.point, seats[0], event, window.declined):
            if seats != window.seats:
                t.stack[-1] = evolve(window, seats=seats)
            return True
        seats = seats[1:]
    t.stack.pop()
    return False


def decline(t: Table, window: Window, seat: int | None) -> None:
    """``seat`` declines what it was offered (everyone left, when ``seat`` is None)."""
    if seat is None:
        t.stack.pop()
        return
    event = t.stack[-2] if len(t.stack) > 1 else None
    keys = offers(t, window.point, seat, event, window.declined)
    declined = window.declined | {f"{seat}:{key}" for key in keys}
    seats = tuple(s for s in window.seats if s != seat)
    t.stack[-1] = evolve(window, seats=seats, declined=declined)


def set_event(t: Table, frame: object) -> None:
    """Replace the event under the window on top (a skill changing what is settled)."""
    if isinstance(t.stack[-1], Window):
        t.stack[-2] = frame
    else:
        t.stack[-1] = frame


def window_offers(state: GameState, window: Window, seat: int | None = None) -> tuple[str, ...]:
    """What ``seat`` (default: the one asked) may use in ``window``, on top of the stack."""
    t = Table(state)
    event = t.stack[-2] if len(t.stack) > 1 else None
    asked = window.asked if seat is None else seat
    return tuple(offers(t, window.point, asked, event, window.declined))
