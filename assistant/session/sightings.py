"""A sighting: a sticker the camera saw (or lost), where in the frame, and when."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["DUPLICATE_WINDOW", "Sighting", "region_seat"]

DUPLICATE_WINDOW = 3.0
"""Seconds within which the same payload seen twice, with no move between, is one card."""


@dataclass(frozen=True, slots=True)
class Sighting:
    """A card seen (or gone) by the vision tracker: its payload, region and time."""

    payload: str
    region: str | None
    t: float
    kind: str = "seen"


def region_seat(region: str | None) -> int | None:
    """'seat3' or 'seat 3' names seat 3; any other region names no seat."""
    if region is None:
        return None
    text = region.replace(" ", "").replace("_", "").lower()
    if text.startswith("seat") and text[4:].isdigit():
        return int(text[4:])
    return None
