"""How room is shared, in plain numbers (no Kivy): the statistics' columns
(`mobile.widgets.stats_table`) and the distances' badges on their arrows
(`mobile.screens.distances`).
"""

from __future__ import annotations

__all__ = ["badge_spot", "column_widths"]

Box = tuple[float, float, float, float]  # x, y, width, height


def column_widths(whole: list[float], least: list[float], room: float) -> list[float]:
    """Each column's width: ``whole`` (its widest cell in one line) when they all fit in
    ``room``, with the spare shared out; else at least ``least`` (its widest word), the
    room left shared among the columns that want more, in proportion to what they want.

    >>> column_widths([10, 30], [10, 20], 60)
    [20.0, 40.0]
    >>> column_widths([10, 30], [10, 20], 35)
    [10.0, 25.0]
    >>> column_widths([10, 30], [10, 20], 20)
    [10.0, 20.0]
    """
    count = len(whole)
    if sum(whole) <= room:
        spare = (room - sum(whole)) / max(count, 1)
        return [float(w) + spare for w in whole]
    wants = [max(w - t, 0.0) for w, t in zip(whole, least, strict=True)]
    spare = max(room - sum(least), 0.0)
    share = spare / sum(wants) if sum(wants) else 0.0
    return [float(t) + share * want for t, want in zip(least, wants, strict=True)]


def badge_spot(
    start: tuple[float, float],
    end: tuple[float, float],
    wanted: tuple[float, float],
    r: float,
    taken: list[Box],
) -> tuple[float, float]:
    """Where on the arrow from ``start`` to ``end`` a distance's badge (radius ``r``) goes:
    at ``wanted`` unless it would lie over a seat's box or another badge (``taken``:
    x, y, width, height), else the nearest free spot along the arrow; ``wanted`` when
    there is none.

    >>> badge_spot((0, 0), (100, 0), (70, 0), 5, [(60, -10, 20, 20)])
    (85.0, 0.0)
    """
    sx, sy = start
    dx, dy = end[0] - sx, end[1] - sy
    length2 = dx * dx + dy * dy
    if length2 == 0:
        return wanted
    along = ((wanted[0] - sx) * dx + (wanted[1] - sy) * dy) / length2

    def free(t: float) -> bool:
        x, y = sx + dx * t, sy + dy * t
        return all(
            x + r <= bx or bx + bw <= x - r or y + r <= by or by + bh <= y - r
            for bx, by, bw, bh in taken
        )

    steps = sorted((k / 40 for k in range(2, 39)), key=lambda t: (abs(t - along), -t))
    for t in [along, *steps]:
        if free(t):
            return (round(sx + dx * t, 6) + 0.0, round(sy + dy * t, 6) + 0.0)
    return wanted
