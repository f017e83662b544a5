"""One QR code read from one frame."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

Polygon = tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class Reading:
    """What a QR code says and where it sits in the frame.

    ``payload`` is the raw text, not yet checked against the sticker grammar
    (``vision.payload`` does that); ``polygon`` holds the code's corners in
    frame pixels as the decoder reported them, usually four.

    >>> r = Reading("SG1C042G", ((10, 10), (40, 10), (40, 40), (10, 40)))
    >>> r.centre
    (25.0, 25.0)
    """

    payload: str
    polygon: Polygon

    @cached_property
    def centre(self) -> tuple[float, float]:
        xs = [x for x, _ in self.polygon]
        ys = [y for _, y in self.polygon]
        return (sum(xs) / len(xs), sum(ys) / len(ys))

    @cached_property
    def box(self) -> tuple[int, int, int, int]:
        """Axis-aligned bounds (x0, y0, x1, y1) of the polygon, in frame pixels."""
        xs = [x for x, _ in self.polygon]
        ys = [y for _, y in self.polygon]
        return (min(xs), min(ys), max(xs), max(ys))
