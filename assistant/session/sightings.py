"""A sighting: a sticker the camera saw (or lost), where in the frame, and when.

Region names come from whoever set up the camera (a table script, the scan
command's ``--region``), so they are read strictly: a region names seat N
only as plain ASCII ``seatN``, and a name that is not plain ASCII, or that
starts with ``seat`` without naming seat 1-99 that way, is refused rather
than guessed at (Python's own ``isdigit`` and ``int`` take ``²`` and ``١``
for digits). See docs/table-script.md, "Stickers and regions".
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from assistant.i18n import _, ngettext

__all__ = [
    "DUPLICATE_WINDOW",
    "KINDS",
    "Sighting",
    "kind_problem",
    "region_problem",
    "region_seat",
]

DUPLICATE_WINDOW = 3.0
"""Seconds within which the same payload seen twice, with no move between, is one card."""

KINDS: Final = ("seen", "gone")
"""The kinds of sighting the session takes; the tracker's others (``moved``) are not inputs."""

_SEAT: Final = re.compile(r"seat([0-9]{1,2})")  # [0-9]: ASCII digits only, unlike \d
_SHOWN: Final = 24  # characters of a bad region or kind repeated in a refusal


@dataclass(frozen=True, slots=True)
class Sighting:
    """A card seen (or gone) by the vision tracker: its payload, region and time."""

    payload: str
    region: str | None
    t: float
    kind: str = "seen"


def region_seat(region: str | None) -> int | None:
    """'seat3', 'seat 3', 'seat_3' or 'SEAT3' names seat 3; any other region names no seat.

    A region that `region_problem` refuses names no seat either, so a caller
    that only wants the seat never has to handle an error.
    """
    if region is None or region_problem(region) is not None:
        return None
    return _seat_number(_squeezed(region))


def region_problem(region: str | None) -> str | None:
    """Why a region cannot be taken, in one line; None when it can.

    A region is plain printable ASCII. One that starts with ``seat`` (any
    case, spaces and ``_`` left out) names a seat and must be ``seat1`` to
    ``seat99``, one or two digits; ``seat0``, ``seat003`` and ``seat3x`` are
    refused. Any other ASCII name (``centre``) names no seat and is taken.
    """
    if region is None:
        return None
    if not (region.isascii() and region.isprintable()):
        return _("region {region}: region names are plain ASCII, like seat3").format(
            region=_shown(region)
        )
    text = _squeezed(region)
    if text.startswith("seat") and not _seat_number(text):
        return _("region {region}: a seat region is seat1 to seat99 (ASCII digits)").format(
            region=_shown(region)
        )
    return None


def kind_problem(kind: str) -> str | None:
    """Why a sighting kind is not one the session takes, in one line; None for seen or gone."""
    if kind in KINDS:
        return None
    seen, gone = KINDS
    return _("unknown sighting kind {kind}: a sighting is {seen} or {gone}").format(
        kind=_shown(kind), seen=seen, gone=gone
    )


def _squeezed(region: str) -> str:
    """The region without spaces and underscores, in lower case (ASCII regions only)."""
    return region.replace(" ", "").replace("_", "").lower()


def _seat_number(text: str) -> int | None:
    found = _SEAT.fullmatch(text)
    number = int(found.group(1)) if found else 0
    return number if 1 <= number <= 99 else None


def _shown(text: str) -> str:
    """``text`` quoted on one line (escapes for anything not printable ASCII), shortened."""
    if len(text) > _SHOWN:
        n = len(text)
        return ngettext("{text}... ({n} character)", "{text}... ({n} characters)", n).format(
            text=ascii(text[:_SHOWN]), n=n
        )
    return ascii(text)
