"""Per-frame QR readings to stable sightings: a sticker is *seen* once and *gone* once.

A decoder says what it read in one frame; the table needs to know when a
card arrived and when it left. A `Tracker` is fed the readings of every frame
in turn, with the frame's time, and answers with `Event` values:

- ``seen``: the sticker has been read in `k` consecutive frames (default 3,
  a tenth of a second at 30 fps).
- ``gone``: a seen sticker has not been read for `m` frames in a row
  (default 45, a second and a half at 30 fps).
- ``moved``: a seen sticker now lies in another of the named regions
  (only when regions are given).
- ``duplicate``: a seen sticker was read at two separate places in one
  frame: two stickers carry the same payload.

Identity is the payload text: whatever the polygon does (jitter, a card
nudged or slid), a payload seen stays the same sighting until it is gone.
Between its ``seen`` and its ``gone`` a sticker produces no second ``seen``;
a hand passing over it for fewer than `m` frames produces nothing at all.

Two stickers with one payload (a sheet printed twice, a photocopy) are still
one sighting, so nothing is counted twice: the first frame that shows both
gives one ``duplicate`` event, for the assistant to warn about, and the
sighting lasts as long as either copy is read.

Only texts that `vision.payload.parse` accepts become events; other QR codes
(a link on a box, a misprint) are counted in `Tracker.stats` and otherwise
ignored.

>>> square = ((100, 100), (160, 100), (160, 160), (100, 160))
>>> tracker = Tracker(k=2, m=2, regions={"centre": (0, 0, 320, 240)})
>>> tracker.feed([Reading("SG1C042G", square)], 0.0)
[]
>>> events = tracker.feed([Reading("SG1C042G", square)], 0.033)
>>> [(e.kind, e.payload, e.region, e.frame) for e in events]
[('seen', 'SG1C042G', 'centre', 1)]
>>> tracker.feed([], 0.067)
[]
>>> [(e.kind, e.frame, e.read_frame) for e in tracker.feed([], 0.1)]
[('gone', 3, 1)]

At the end of a stream, stickers still in view simply stay seen: a video
that stops is not a card leaving the table. `Tracker.flush` says ``gone`` for
each of them, for a caller that wants every ``seen`` closed.

A `Scanner` runs a whole source through a decoder and a tracker.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Final, Literal, Protocol, TypeAlias, runtime_checkable

from vision.payload import Fault, PayloadError, Tag, parse
from vision.reading import Polygon, Reading

if TYPE_CHECKING:
    from vision.sources import Frame, FrameSource, Image

__all__ = [
    "DEFAULT_K",
    "DEFAULT_M",
    "Event",
    "EventKind",
    "FrameReader",
    "Region",
    "Scanner",
    "Step",
    "Tracker",
    "TrackerStats",
]

DEFAULT_K: Final = 3
"""Consecutive frames a sticker must be read in before it counts as seen.

Three frames are a tenth of a second at 30 fps: quick enough to feel
instant, slow enough that a card swept through the picture in a frame or two
does not count."""

DEFAULT_M: Final = 45
"""Frames a seen sticker must go unread before it counts as gone.

A second and a half at 30 fps. A hand reaching over a card to the one
beside it, or laying a card down next to it, hides it for up to about a
second (at most 30 frames in the synthetic videos of ``bench.scenes``, see
docs/benchmarks.md); the margin over that costs only a later ``gone``, which
no prompt waits on, while a ``gone`` too early would be followed by a second
``seen`` of a card that never moved. A card left under another card for
longer is gone: the camera cannot see it."""

EventKind: TypeAlias = Literal["seen", "gone", "moved", "duplicate"]

Point: TypeAlias = tuple[float, float]
Region: TypeAlias = tuple[float, float, float, float] | Sequence[tuple[float, float]]
"""A part of the frame: a rectangle ``(x0, y0, x1, y1)`` or a polygon of three or
more ``(x, y)`` corners, in frame pixels."""


@dataclass(frozen=True)
class Event:
    """Something that happened to one sticker, decided at frame `frame` (time `t`).

    `polygon` is where the sticker was last read, in frame `read_frame` at
    time `read_t`: for ``seen`` and ``moved`` that is the deciding frame
    itself, for ``gone`` the last frame the sticker was read in. `region` is
    the named region holding the polygon's centre (None outside all regions,
    or when none are given); for ``duplicate``, `polygon` and `region` are
    those of the second copy.
    """

    kind: EventKind
    payload: str
    tag: Tag
    polygon: Polygon
    region: str | None
    t: float
    frame: int
    read_t: float
    read_frame: int

    def as_dict(self) -> dict[str, object]:
        """The event as plain JSON-ready values (the tag left out: it is the payload)."""
        return {
            "kind": self.kind,
            "payload": self.payload,
            "t": round(self.t, 4),
            "frame": self.frame,
            "region": self.region,
            "polygon": [list(p) for p in self.polygon],
            "read_t": round(self.read_t, 4),
            "read_frame": self.read_frame,
        }


@dataclass
class TrackerStats:
    """Counts since the tracker was made, for the benchmark and a status line."""

    frames: int = 0
    readings: int = 0
    ignored: int = 0
    """Readings whose text is not a sticker payload."""
    faults: Counter[Fault] = field(default_factory=Counter)
    """Why ignored readings were ignored."""
    events: Counter[str] = field(default_factory=Counter)
    """Events emitted, by kind."""


@dataclass
class _Track:
    """What the tracker knows of one payload."""

    payload: str
    tag: Tag
    polygon: Polygon
    read_frame: int
    read_t: float
    streak: int = 1  # frames read since it last went unread for longer than the gap
    missing: int = 0  # frames in a row without a reading
    seen: bool = False
    region: str | None = None  # the region last reported
    elsewhere: str | None = None  # a region the last reads put it in, not yet reported
    elsewhere_reads: int = 0
    duplicate: bool = False  # a duplicate has been reported


@lru_cache(maxsize=4096)
def _parsed(text: str) -> Tag | PayloadError:
    try:
        return parse(text)
    except PayloadError as error:
        return error


def _centre(polygon: Sequence[tuple[float, float]]) -> Point:
    return (
        sum(x for x, _ in polygon) / len(polygon),
        sum(y for _, y in polygon) / len(polygon),
    )


def _contains(polygon: Sequence[tuple[float, float]], point: Point) -> bool:
    """Whether ``point`` lies inside ``polygon`` or on its edge (even-odd rule)."""
    x, y = point
    inside = False
    n = len(polygon)
    for i in range(n):
        (x0, y0), (x1, y1) = polygon[i], polygon[(i + 1) % n]
        # on the edge counts as inside, so that a rectangle's border belongs to it
        cross = (x1 - x0) * (y - y0) - (y1 - y0) * (x - x0)
        if (
            abs(cross) <= 1e-9 * max(1.0, abs(x1 - x0) + abs(y1 - y0))
            and min(x0, x1) <= x <= max(x0, x1)
            and min(y0, y1) <= y <= max(y0, y1)
        ):
            return True
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside


def _same_place(a: Reading, b: Reading) -> bool:
    """Two readings of one frame are one code if either centre lies within the other."""
    a_holds_b = len(a.polygon) >= 3 and _contains(a.polygon, b.centre)
    return a_holds_b or (len(b.polygon) >= 3 and _contains(b.polygon, a.centre))


def _region_polygon(name: str, region: Region) -> tuple[Point, ...]:
    """A region as a polygon; a rectangle becomes its four corners."""
    values = list(region)
    if len(values) == 4 and all(isinstance(v, int | float) for v in values):
        x0, y0, x1, y1 = (float(v) for v in values)  # type: ignore[arg-type]
        if not (x0 < x1 and y0 < y1):
            raise ValueError(f"region {name!r}: a rectangle needs x0 < x1 and y0 < y1")
        return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))
    try:
        points = tuple((float(p[0]), float(p[1])) for p in values)  # type: ignore[index]
    except (TypeError, IndexError, ValueError):
        raise ValueError(
            f"region {name!r}: give a rectangle (x0, y0, x1, y1) or a polygon of (x, y) points"
        ) from None
    if len(points) < 3:
        raise ValueError(f"region {name!r}: a polygon needs at least 3 points")
    return points


class Tracker:
    """Turns each frame's readings into `seen` / `gone` (and `moved`, `duplicate`) events.

    ``k``: a sticker is seen once read in this many consecutive frames.
    ``m``: a seen sticker is gone once unread for this many frames in a row;
    fewer missed frames (a failed read, a hand over it) change nothing.
    ``gap``: before it is seen, a sticker may go unread for this many frames
    without its count of reads starting again (0: the reads must be strictly
    consecutive).
    ``regions``: named parts of the frame, each a rectangle ``(x0, y0, x1, y1)``
    or a polygon in frame pixels; every event names the first region (in the
    mapping's order) holding the sticker's centre. A seen sticker whose reads
    settle in another region, for ``k`` reads in a row, gets a ``moved`` event.

    Frames are counted from 0 by the calls to `feed`; their times must not
    go backwards.
    """

    def __init__(
        self,
        k: int = DEFAULT_K,
        m: int = DEFAULT_M,
        regions: Mapping[str, Region] | None = None,
        *,
        gap: int = 0,
    ) -> None:
        if k < 1:
            raise ValueError(f"k must be at least 1, not {k}")
        if m < 1:
            raise ValueError(f"m must be at least 1, not {m}")
        if gap < 0:
            raise ValueError(f"gap must be 0 or more, not {gap}")
        self.k = k
        self.m = m
        self.gap = gap
        self.regions: dict[str, tuple[Point, ...]] = {
            name: _region_polygon(name, region) for name, region in (regions or {}).items()
        }
        self.stats = TrackerStats()
        self._tracks: dict[str, _Track] = {}
        self._frame = 0
        self._t = -math.inf

    @property
    def frame(self) -> int:
        """The index the next fed frame will get (the number of frames fed so far)."""
        return self._frame

    def in_view(self) -> dict[str, Polygon]:
        """Payloads seen and not yet gone, with where each was last read, in order seen."""
        return {p: track.polygon for p, track in self._tracks.items() if track.seen}

    def region_of(self, polygon: Sequence[tuple[float, float]]) -> str | None:
        """The first region holding the centre of ``polygon``, or None."""
        if not self.regions or not polygon:
            return None
        centre = _centre(polygon)
        for name, area in self.regions.items():
            if _contains(area, centre):
                return name
        return None

    def feed(self, readings: Sequence[Reading], t: float) -> list[Event]:
        """The events decided by one more frame: its readings, taken at time ``t`` seconds.

        Events come in a fixed order: ``gone`` first (in the order the
        stickers were seen), then the others in the order of ``readings``.
        """
        if t < self._t:
            raise ValueError(f"frame time {t} is before the previous frame's {self._t}")
        frame = self._frame
        self._frame += 1
        self._t = t
        self.stats.frames += 1
        self.stats.readings += len(readings)

        by_payload: dict[str, list[Reading]] = {}
        for reading in readings:
            parsed = _parsed(reading.payload)
            if isinstance(parsed, PayloadError):
                self.stats.ignored += 1
                self.stats.faults[parsed.code] += 1
                continue
            by_payload.setdefault(reading.payload, []).append(reading)

        events: list[Event] = []
        for payload, track in list(self._tracks.items()):
            if payload in by_payload:
                continue
            track.missing += 1
            if not track.seen:
                if track.missing > self.gap:
                    del self._tracks[payload]
            elif track.missing >= self.m:
                del self._tracks[payload]
                events.append(self._event("gone", track, t, frame))

        for payload, found in by_payload.items():
            events.extend(self._read(payload, found, t, frame))
        for event in events:
            self.stats.events[event.kind] += 1
        return events

    def flush(self, t: float) -> list[Event]:
        """Ends the stream at time ``t``: ``gone`` for every sticker still seen.

        Stickers not yet seen are dropped without an event. The tracker is
        then empty and may be fed on; a sticker read again is a new ``seen``.
        """
        if t < self._t:
            raise ValueError(f"flush time {t} is before the last frame's {self._t}")
        self._t = t
        frame = max(self._frame - 1, 0)
        events = [
            self._event("gone", track, t, frame) for track in self._tracks.values() if track.seen
        ]
        self._tracks.clear()
        for event in events:
            self.stats.events[event.kind] += 1
        return events

    def _read(self, payload: str, found: list[Reading], t: float, frame: int) -> list[Event]:
        track = self._tracks.get(payload)
        if track is None:
            tag = _parsed(payload)
            assert not isinstance(tag, PayloadError)
            reading = found[0]
            track = _Track(payload, tag, reading.polygon, frame, t, streak=0)
            self._tracks[payload] = track
        else:
            # a second copy, if any, is whichever reading lies farther from the last place
            last = _centre(track.polygon)
            found = sorted(found, key=lambda r: math.dist(r.centre, last))
        reading = found[0]
        track.polygon = reading.polygon
        track.read_frame = frame
        track.read_t = t
        track.missing = 0
        track.streak += 1

        events: list[Event] = []
        here = self.region_of(reading.polygon)
        if not track.seen:
            if track.streak >= self.k:
                track.seen = True
                track.region = here
                events.append(self._event("seen", track, t, frame))
        elif here != track.region:
            if here == track.elsewhere:
                track.elsewhere_reads += 1
            else:
                track.elsewhere, track.elsewhere_reads = here, 1
            if track.elsewhere_reads >= self.k:
                track.region, track.elsewhere, track.elsewhere_reads = here, None, 0
                events.append(self._event("moved", track, t, frame))
        else:
            track.elsewhere, track.elsewhere_reads = None, 0

        if track.seen and not track.duplicate:
            other = next((r for r in found[1:] if not _same_place(reading, r)), None)
            if other is not None:
                track.duplicate = True
                events.append(
                    Event(
                        "duplicate",
                        payload,
                        track.tag,
                        other.polygon,
                        self.region_of(other.polygon),
                        t,
                        frame,
                        t,
                        frame,
                    )
                )
        return events

    def _event(self, kind: EventKind, track: _Track, t: float, frame: int) -> Event:
        return Event(
            kind,
            track.payload,
            track.tag,
            track.polygon,
            track.region,
            t,
            frame,
            track.read_t,
            track.read_frame,
        )


# ----------------------------------------------------------------------------
# whole streams


@runtime_checkable
class FrameReader(Protocol):
    """Anything that reads a frame's QR codes, such as `vision.decode.Decoder`."""

    def decode(self, frame: Image) -> list[Reading]: ...


@dataclass(frozen=True)
class Step:
    """One frame of a scan: the frame, what was read in it, and the events it decided."""

    frame: Frame
    readings: list[Reading]
    events: list[Event]


class Scanner:
    """A source's frames through a decoder and a tracker; iterating yields the events.

    ``decoder`` is a `FrameReader` (default: a new `vision.decode.Decoder`)
    or a function of a frame, such as `vision.decode.decode`. With
    ``flush=True`` the end of the source flushes the tracker, so every
    ``seen`` gets its ``gone``. `steps` gives the same run frame by frame,
    for a caller that also wants the readings or a progress count.

    The scanner does not close the source: open it in a ``with`` block.
    """

    def __init__(
        self,
        source: FrameSource,
        decoder: FrameReader | Callable[[Image], Sequence[Reading]] | None = None,
        tracker: Tracker | None = None,
        *,
        flush: bool = False,
    ) -> None:
        if decoder is None:
            from vision.decode import Decoder

            decoder = Decoder()
        self.source = source
        self._read: Callable[[Image], Sequence[Reading]] = (
            decoder.decode if isinstance(decoder, FrameReader) else decoder
        )
        self.tracker = tracker if tracker is not None else Tracker()
        self.flush = flush
        self.ended: float | None = None  # time of the last frame, once the source is done

    def steps(self) -> Iterator[Step]:
        """Every frame with its readings and events; a flush, if asked, comes last."""
        last: Frame | None = None
        for frame in self.source:
            readings = list(self._read(frame.image))
            yield Step(frame, readings, self.tracker.feed(readings, frame.t))
            last = frame
        if last is not None:
            self.ended = last.t
            if self.flush:
                yield Step(last, [], self.tracker.flush(last.t))

    def __iter__(self) -> Iterator[Event]:
        for step in self.steps():
            yield from step.events
