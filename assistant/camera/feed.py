"""The app's camera feed: frames in, sticker events out, decoding off the UI thread.

A `CameraFeed` runs a source (camera, video file, folder of images) or frames
pushed to it through a `vision.decode.Decoder` and a `vision.tracker.Tracker`
on threads of its own. The UI thread calls `CameraFeed.poll` (about 30 times
a second); it never waits for decoding and gets a `FeedUpdate`: the events
since the last poll, the newest preview frame, the boxes to draw on the
stickers of the last decoded frame and the counters::

    feed = CameraFeed(open_source("samples/demo.mp4"), realtime=True)
    feed.start()
    ...                      # every 1/30 s, on the UI thread:
    update = feed.poll()     # update.frame, update.overlay, update.events, update.stats
    ...
    feed.stop()

Two threads share two slots under one lock (nothing is held while decoding):

- the *capture* thread reads the source, paced to the frames' timestamps
  when ``realtime`` (as a camera would deliver them), and puts each frame in
  the *preview* slot and the *pending* slot, replacing what was there;
- the *decode* thread takes the pending frame, decodes it, feeds the tracker
  and publishes the events and the overlay.

When decoding cannot keep up, a pending frame replaced before the decode
thread took it is *skipped* (counted in `FeedStats.frames_skipped`): the
preview stays at the source's pace and the decoder always works on the
newest frame. With ``realtime=False`` a file or folder is read as fast as it
is decoded instead, the capture thread waiting for the decoder, so every
frame is decoded (batch runs, tests). A camera is live either way: never
paced, frames skipped when decoding lags.

On the phone, Kivy's own camera widget hands frames to the UI thread: a feed
made with `CameraFeed.pushed` has no capture thread and takes them through
`CameraFeed.push`, into the same slots.

Memory stays flat however long the feed runs: two frame slots, one overlay,
and at most ``max_events`` events waiting for a poll (beyond that the oldest
are dropped and counted in `FeedStats.events_dropped`).
"""

from __future__ import annotations

import math
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from types import TracebackType
from typing import Final, TypeAlias

from assistant.i18n import N_, _, language, tr
from assistant.stickers import describe_tag, sticker_problem
from vision.decode import Decoder
from vision.payload import PayloadError, parse
from vision.reading import Polygon, Reading
from vision.sources import CameraSource, FolderSource, Frame, FrameSource, Image, VideoSource
from vision.tracker import Event, FrameReader, Tracker

__all__ = [
    "DEFAULT_MAX_EVENTS",
    "NOT_A_STICKER",
    "CameraFeed",
    "FeedStats",
    "FeedUpdate",
    "Overlay",
    "StickerBox",
    "sticker_label",
]

DEFAULT_MAX_EVENTS: Final = 256
"""Events kept for the next poll; a UI that polls at all never comes near it."""

MAX_LAG: Final = 1.0
"""Seconds a paced source may fall behind its timestamps before pacing starts
afresh from the current frame (after the process was suspended, say) instead
of rushing through the backlog."""

SourceFactory: TypeAlias = Callable[[], FrameSource]
FrameDecoder: TypeAlias = FrameReader | Callable[[Image], Sequence[Reading]]


NOT_A_STICKER: Final = N_("not a sticker")
"""The label of a QR code whose text is no sticker payload (a link, a misprint): a
message id, worded in the language in use by `sticker_label`."""


def _label(payload: str) -> tuple[str, str | None]:
    return _worded_label(payload, language())


@lru_cache(maxsize=1024)
def _worded_label(payload: str, lang: str) -> tuple[str, str | None]:
    """What ``payload`` names, in ``lang`` (the language in use when called: the cache
    keeps each language's words apart)."""
    try:
        tag = parse(payload)
    except PayloadError as error:
        return _("not a sticker"), sticker_problem(error)
    return describe_tag(tag), None


def sticker_label(payload: str) -> str:
    """What a QR code's text names, for a label beside its box.

    >>> sticker_label("SG1C042G")
    'card 42 闪♦9'
    >>> sticker_label("https://example.com")
    'not a sticker'
    """
    return _label(payload)[0]


@dataclass(frozen=True, slots=True)
class StickerBox:
    """One QR code read in a decoded frame, for the UI to outline and label.

    `polygon` is in the pixels of that frame. `label` says what the sticker
    names, or is `NOT_A_STICKER`, with `fault` the reason (one line; None
    for a sticker). `seen`: the tracker counts the sticker as in view. `new`: it became
    seen in this very frame (its ``seen`` event is among the events).
    """

    payload: str
    polygon: Polygon
    label: str
    fault: str | None
    seen: bool
    new: bool

    @property
    def valid(self) -> bool:
        """Whether the text is a sticker payload."""
        return self.fault is None


@dataclass(frozen=True, slots=True)
class Overlay:
    """The codes read in the most recently decoded frame (`number`, time `t`).

    `size` is that frame's ``(width, height)``, to scale the boxes to the
    widget. Decoding lags the preview by a frame or more, so the boxes belong
    to a slightly older picture than the newest preview.
    """

    number: int
    t: float
    size: tuple[int, int]
    boxes: tuple[StickerBox, ...]


@dataclass(frozen=True, slots=True)
class FeedStats:
    """Counters of a feed, a snapshot taken when asked for."""

    frames_read: int = 0
    """Frames read from the source (or pushed)."""
    frames_decoded: int = 0
    frames_skipped: int = 0
    """Frames replaced by a newer one before the decoder could take them."""
    events_dropped: int = 0
    """Oldest events dropped because nobody polled them before `max_events` piled up."""
    last_decode_ms: float = 0.0
    """Decoder plus tracker, for the last decoded frame."""
    mean_decode_ms: float = 0.0
    loops: int = 0
    """Times a looping source started again from its beginning."""
    ended: bool = False
    """See `CameraFeed.ended`."""
    error: str | None = None
    """One line, when the source or the decoder failed; the feed then ends."""


@dataclass(frozen=True, slots=True)
class FeedUpdate:
    """What `CameraFeed.poll` hands the UI.

    `events`: the tracker's events since the last poll, oldest first.
    `frame`: the newest frame if it is newer than the last poll's, else None
    (treat its image as read-only: the decoder may be reading it).
    `overlay`: the boxes of the last decoded frame (None before the first).
    """

    events: list[Event]
    frame: Frame | None
    overlay: Overlay | None
    stats: FeedStats

    @property
    def ended(self) -> bool:
        return self.stats.ended


def _one_line(error: BaseException) -> str:
    lines = tr(error).strip().splitlines()
    text = lines[0].strip() if lines else ""
    if not isinstance(error, ValueError) or not text:  # SourceError is a ValueError
        text = f"{type(error).__name__}: {text}" if text else type(error).__name__
    return text


class CameraFeed:
    """A source's frames decoded and tracked on background threads; see the module doc.

    ``source``: a `FrameSource`, a function that opens one (called once
    here, so opening errors such as `vision.sources.SourceError` raise at
    once, and again at each loop), or None for a feed that is `push` ed its
    frames. ``decoder``: a `vision.decode.Decoder` (the default) or any
    function of a frame returning its readings; ``tracker`` defaults to a
    new `Tracker`. Both belong to the decode thread: do not touch them
    while the feed runs.

    ``realtime``: deliver a file's or folder's frames at the pace of their
    timestamps, skipping frames the decoder cannot keep up with; False reads
    them as fast as they decode and decodes every one. A camera (and a
    pushed feed) is live whatever this says.

    ``loop``: start a file or folder again at its end, for ever. The frames
    of every pass continue the numbers and times of the one before (one
    frame interval after its last frame), and the tracker runs on: to it the
    restart is a cut in the picture, so stickers at the end of the clip that
    are not at its start go ``gone`` after its ``m`` frames, stickers in
    both stay seen, and stickers of the start are ``seen`` again. Looping a
    source object needs a `VideoSource` or `FolderSource` (reopened from
    their path), otherwise pass a function that opens the source.

    ``max_events``: events kept for the next poll (oldest dropped first).
    """

    def __init__(
        self,
        source: FrameSource | SourceFactory | None,
        *,
        decoder: FrameDecoder | None = None,
        tracker: Tracker | None = None,
        realtime: bool = True,
        loop: bool = False,
        max_events: int = DEFAULT_MAX_EVENTS,
    ) -> None:
        if max_events < 1:
            raise ValueError(f"max_events must be at least 1, not {max_events}")
        self._factory: SourceFactory | None = None
        if source is not None and not isinstance(source, FrameSource):
            self._factory = source
            source = source()
        if (
            loop
            and self._factory is None
            and source is not None
            and not isinstance(source, VideoSource | FolderSource | CameraSource)
        ):
            raise ValueError(f"cannot loop {source!r}: pass a function that opens it")
        self.source = source
        self.live = source is None or isinstance(source, CameraSource)
        self.realtime = realtime
        self.loop = loop and not self.live
        self.max_events = max_events
        decoder = decoder if decoder is not None else Decoder()
        self._decode: Callable[[Image], Sequence[Reading]] = (
            decoder.decode if isinstance(decoder, FrameReader) else decoder
        )
        self.tracker = tracker if tracker is not None else Tracker()

        self._lock = threading.Lock()
        self._changed = threading.Condition(self._lock)  # a slot was filled or emptied
        self._halt = threading.Event()  # set by stop(), or when decoding failed
        self._threads: list[threading.Thread] = []
        self._started = False
        self._stopped = False
        # guarded by _lock:
        self._preview: Frame | None = None
        self._pending: Frame | None = None
        self._polled = -1  # number of the last preview frame handed to poll
        self._overlay: Overlay | None = None
        self._events: deque[Event] = deque()
        self._input_done = False  # the source ended (or failed), or finish() was called
        self._ended = False
        self._read = 0
        self._decoded = 0
        self._skipped = 0
        self._dropped = 0
        self._loops = 0
        self._last_ms = 0.0
        self._total_ms = 0.0
        self._error: str | None = None
        self._push_start: float | None = None
        self._push_t = -math.inf

    @classmethod
    def pushed(
        cls,
        *,
        decoder: FrameDecoder | None = None,
        tracker: Tracker | None = None,
        max_events: int = DEFAULT_MAX_EVENTS,
    ) -> CameraFeed:
        """A feed without a source, fed through `push` (Kivy's camera widget)."""
        return cls(None, decoder=decoder, tracker=tracker, max_events=max_events)

    # ------------------------------------------------------------------ life cycle

    def start(self) -> CameraFeed:
        """Starts the threads (a second call does nothing); returns the feed."""
        with self._lock:
            if self._stopped:
                raise RuntimeError("a stopped CameraFeed cannot start again")
            if self._started:
                return self
            self._started = True
        self._threads = [
            threading.Thread(target=self._decode_loop, name="feed-decode", daemon=True)
        ]
        if self.source is not None:
            self._threads.append(
                threading.Thread(target=self._capture_loop, name="feed-capture", daemon=True)
            )
        for thread in self._threads:
            thread.start()
        return self

    def stop(self, timeout: float = 1.0) -> None:
        """Stops the threads and closes the source; safe to call again.

        Waits at most about ``timeout`` seconds in all for the threads: a
        frame being decoded is finished first. A thread still busy then (a
        camera read that hangs) is a daemon and closes the source itself
        when it gets back. Stopping does not make the feed `ended`.
        """
        with self._lock:
            if self._stopped:
                return
            self._stopped = True
            self._halt.set()
            self._changed.notify_all()
        deadline = time.monotonic() + timeout
        for thread in self._threads:
            thread.join(max(0.0, deadline - time.monotonic()))
        if self.source is not None and len(self._threads) < 2:
            self.source.close()  # never started; otherwise the capture thread closes it

    @property
    def running(self) -> bool:
        """Whether any of the feed's threads is still alive."""
        return any(thread.is_alive() for thread in self._threads)

    def __enter__(self) -> CameraFeed:
        return self.start()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.stop()

    # ------------------------------------------------------------------ the UI side

    def poll(self) -> FeedUpdate:
        """What is new since the last poll; never waits for decoding, never raises."""
        with self._lock:
            events = list(self._events)
            self._events.clear()
            frame = self._preview
            if frame is not None and frame.number > self._polled:
                self._polled = frame.number
            else:
                frame = None
            return FeedUpdate(events, frame, self._overlay, self._snapshot())

    def push(self, image: Image, t: float | None = None) -> None:
        """Hands the feed a frame (BGR ``uint8``; grey or BGRA decode too), at once.

        ``t`` is the frame's time in seconds (default: the clock, from the
        first push); a time before the previous frame's counts as that time.
        The array is kept, not copied: pass a fresh one and do not write into
        it afterwards. Ignored once the feed is stopped or `finish` ed.
        """
        now = time.monotonic()
        with self._lock:
            if self._stopped or self._input_done:
                return
            if t is None:
                if self._push_start is None:
                    self._push_start = now
                t = now - self._push_start
            t = max(t, self._push_t)  # the tracker refuses time going back
            self._push_t = t
            self._offer(Frame(self._read, t, image))

    def finish(self) -> None:
        """No more frames will be pushed: the feed ends once the last one is decoded."""
        with self._lock:
            self._input_done = True
            self._changed.notify_all()

    @property
    def stats(self) -> FeedStats:
        with self._lock:
            return self._snapshot()

    @property
    def ended(self) -> bool:
        """The source finished (or failed) and its last frame was decoded; not when looping.

        The tracker is not flushed at the end: a card still on the table
        when a video stops stays in view, as it would for a camera.
        """
        with self._lock:
            return self._ended

    @property
    def error(self) -> str | None:
        """One line saying why the source or the decoder failed, or None."""
        with self._lock:
            return self._error

    def wait(self, timeout: float | None = None) -> bool:
        """Waits (never on the UI thread) until the feed has `ended`; returns whether it has."""
        with self._changed:
            self._changed.wait_for(lambda: self._ended or self._halt.is_set(), timeout)
            return self._ended

    # ------------------------------------------------------------------ the threads

    def _snapshot(self) -> FeedStats:  # with _lock held
        return FeedStats(
            frames_read=self._read,
            frames_decoded=self._decoded,
            frames_skipped=self._skipped,
            events_dropped=self._dropped,
            last_decode_ms=self._last_ms,
            mean_decode_ms=self._total_ms / self._decoded if self._decoded else 0.0,
            loops=self._loops,
            ended=self._ended,
            error=self._error,
        )

    def _offer(self, frame: Frame) -> None:  # with _lock held
        """A new frame into both slots; an undecoded frame it replaces is skipped."""
        self._read += 1
        if self._pending is not None:
            self._skipped += 1
        self._preview = self._pending = frame
        self._changed.notify_all()

    def _reopen(self, source: FrameSource) -> FrameSource:
        if self._factory is not None:
            return self._factory()
        if isinstance(source, VideoSource):
            return VideoSource(source.path, fps=source.fps)
        if isinstance(source, FolderSource):
            return FolderSource(source.path, fps=source.fps)
        raise AssertionError(f"cannot reopen {source!r}")  # refused in __init__

    def _capture_loop(self) -> None:
        source = self.source
        assert source is not None
        paced = self.realtime and not self.live
        wait_for_decoder = not self.realtime and not self.live
        offset = 0.0  # added to the times of this pass
        last_t: float | None = None
        clock: float | None = None  # wall time at which feed time 0 is due
        try:
            while not self._halt.is_set():
                frames_this_pass = 0
                for frame in source:
                    t = offset + frame.t
                    if last_t is not None and t < last_t:
                        t = last_t
                    last_t = t
                    frames_this_pass += 1
                    if paced:
                        now = time.monotonic()
                        if clock is None or now - (clock + t) > MAX_LAG:
                            clock = now - t
                        delay = clock + t - now
                        if delay > 0 and self._halt.wait(delay):
                            return
                    frame.image.flags.writeable = False  # shared with poll and the decoder
                    with self._lock:
                        if wait_for_decoder:
                            self._changed.wait_for(
                                lambda: self._pending is None or self._halt.is_set()
                            )
                        if self._halt.is_set():
                            return
                        self._offer(Frame(self._read, t, frame.image))
                if not self.loop or frames_this_pass == 0 or self._halt.is_set():
                    return
                source.close()
                source = self.source = self._reopen(source)
                offset = (last_t if last_t is not None else 0.0) + 1.0 / source.fps
                with self._lock:
                    self._loops += 1
        except Exception as error:  # a source failing mid-way ends the feed, it never raises
            with self._lock:
                self._error = _one_line(error)
        finally:
            source.close()
            with self._lock:
                self._input_done = True
                self._changed.notify_all()

    def _decode_loop(self) -> None:
        while True:
            with self._lock:
                self._changed.wait_for(
                    lambda: self._pending is not None or self._input_done or self._halt.is_set()
                )
                if self._halt.is_set():
                    return
                frame, self._pending = self._pending, None
                if frame is None:  # input done and everything decoded
                    self._ended = True
                    self._changed.notify_all()
                    return
                self._changed.notify_all()  # a waiting capture thread may read on
            try:
                start = time.perf_counter()
                readings = list(self._decode(frame.image))
                events = self.tracker.feed(readings, frame.t)
                ms = (time.perf_counter() - start) * 1000.0
                overlay = self._overlay_of(frame, readings, events)
            except Exception as error:  # a failing decoder ends the feed, it never raises
                with self._lock:
                    self._error = _("decoding failed: {error}").format(error=_one_line(error))
                    self._ended = True
                    self._halt.set()
                    self._changed.notify_all()
                return
            with self._lock:
                self._decoded += 1
                self._last_ms = ms
                self._total_ms += ms
                self._overlay = overlay
                for event in events:
                    if len(self._events) >= self.max_events:
                        self._events.popleft()
                        self._dropped += 1
                    self._events.append(event)

    def _overlay_of(self, frame: Frame, readings: list[Reading], events: list[Event]) -> Overlay:
        in_view = self.tracker.in_view()
        new = {e.payload for e in events if e.kind == "seen"}
        boxes = []
        for reading in readings:
            label, fault = _label(reading.payload)
            boxes.append(
                StickerBox(
                    reading.payload,
                    reading.polygon,
                    label,
                    fault,
                    reading.payload in in_view,
                    reading.payload in new,
                )
            )
        height, width = frame.image.shape[:2]
        return Overlay(frame.number, frame.t, (width, height), tuple(boxes))
