"""The camera feed on the real sample videos, with the real decoder and tracker."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np
import pytest

from assistant.camera import CameraFeed, FeedUpdate, Overlay
from vision.decode import Decoder
from vision.reading import Reading
from vision.sources import FolderSource, Image, VideoSource
from vision.tracker import Event, Scanner, Tracker

ROOT = Path(__file__).resolve().parents[2]
TABLE = ROOT / "samples" / "table-demo.mp4"  # 382 frames, 640x360, 30 fps
TRUTH = json.loads((ROOT / "samples" / "table-demo.json").read_text(encoding="utf-8"))
DEMO = ROOT / "samples" / "demo.mp4"


@pytest.fixture(scope="module")
def reference() -> list[Event]:
    """The events of table-demo.mp4 read in a plain loop, frame after frame."""
    with VideoSource(TABLE) as source:
        return list(Scanner(source, Decoder(), Tracker()))


@dataclass
class Polled:
    """What a UI thread polling a feed collected."""

    events: list[Event] = field(default_factory=list)
    frames: list[tuple[int, float]] = field(default_factory=list)  # (number, t) of previews
    last: FeedUpdate | None = None

    def take(self, update: FeedUpdate) -> FeedUpdate:
        self.events.extend(update.events)
        if update.frame is not None:
            self.frames.append((update.frame.number, update.frame.t))
        self.last = update
        return update


def poll_until(
    feed: CameraFeed, done: Callable[[FeedUpdate], bool], timeout: float, polled: Polled
) -> float:
    """Polls as a UI would (every 5 ms) until ``done``; returns the seconds it took."""
    start = time.monotonic()
    while not done(polled.take(feed.poll())):
        if time.monotonic() - start > timeout:
            pytest.fail(f"not done after {timeout} s: {feed.stats}")
        time.sleep(0.005)
    return time.monotonic() - start


def decoded(frames: int) -> Callable[[FeedUpdate], bool]:
    """Whether an update says ``frames`` frames have been decoded."""
    return lambda update: update.stats.frames_decoded >= frames


def slowed(decoder: Decoder, seconds: float) -> Callable[[Image], list[Reading]]:
    """A real decoder that takes ``seconds`` longer per frame, as on a slow phone."""

    def decode(image: Image) -> list[Reading]:
        time.sleep(seconds)
        return decoder.decode(image)

    return decode


def test_batch_run_decodes_every_frame_as_a_plain_loop_does(reference: list[Event]) -> None:
    polled = Polled()
    with CameraFeed(VideoSource(TABLE), realtime=False) as feed:
        poll_until(feed, lambda u: u.ended, 20.0, polled)
    polled.take(feed.poll())

    assert polled.events == reference
    seen = {e.payload for e in polled.events if e.kind == "seen"}
    assert seen == {s["payload"] for s in TRUTH["stickers"]}
    stats = feed.stats
    assert (stats.frames_read, stats.frames_decoded, stats.frames_skipped) == (382, 382, 0)
    assert stats.ended and stats.error is None and stats.events_dropped == 0
    assert stats.mean_decode_ms > 0
    numbers = [n for n, _ in polled.frames]
    assert numbers == sorted(set(numbers)) and numbers[-1] == 381
    # the overlay of the last frame: the card still on the table, labelled
    overlay = polled.last.overlay if polled.last else None
    assert isinstance(overlay, Overlay)
    assert (overlay.number, overlay.size) == (381, (640, 360))
    boxes = {b.payload: b for b in overlay.boxes}
    last = next(s for s in TRUTH["stickers"] if s["payload"] == "SG1C114G")
    box = boxes["SG1C114G"]
    assert box.label == last["name"] and box.valid and box.seen and not box.new
    assert len(box.polygon) >= 4 and all(0 <= x <= 640 and 0 <= y <= 360 for x, y in box.polygon)


def test_realtime_plays_at_the_pace_of_the_timestamps() -> None:
    """No frame is shown before its time: frame t comes at least t seconds after the
    start. (A busy machine may show it later; that is its speed, not the pacing.)"""
    polled = Polled()
    arrived: list[tuple[float, float]] = []  # (frame time, seconds since the start)
    with CameraFeed(VideoSource(DEMO), realtime=True) as feed:
        start = time.monotonic()

        def done(update: FeedUpdate) -> bool:
            if update.frame is not None:
                arrived.append((update.frame.t, time.monotonic() - start))
            return update.frame is not None and update.frame.t >= 1.5

        took = poll_until(feed, done, 120.0, polled)
    assert took >= 1.5 - 0.1
    assert all(seen >= t - 0.1 for t, seen in arrived), arrived[:5]
    assert not feed.running


class Held:
    """A real decoder that holds its first frame until released: a decoder as slow as
    a test needs it to be, whatever the machine's speed."""

    def __init__(self, decoder: Decoder) -> None:
        self.decoder = decoder
        self.started = threading.Event()
        self.release = threading.Event()

    def __call__(self, image: Image) -> list[Reading]:
        self.started.set()
        assert self.release.wait(300), "never released"
        return self.decoder.decode(image)


def test_poll_never_waits_for_a_slow_decoder() -> None:
    """While a frame is being decoded (held), polls go on answering: the preview keeps
    showing new frames, the frames the decoder has no time for are skipped."""
    held = Held(Decoder())
    feed = CameraFeed(VideoSource(DEMO), decoder=held, realtime=True)
    polled = Polled()
    skipped: list[int] = []

    def poll_while_held() -> None:
        assert held.started.wait(120)
        first = None
        while True:
            update = polled.take(feed.poll())
            skipped.append(update.stats.frames_skipped)
            assert update.stats.frames_decoded == 0  # the decoder is still on its frame
            if first is None and polled.frames:
                first = polled.frames[-1][0]
            if first is not None and polled.frames[-1][0] >= first + 20:
                return
            time.sleep(0.005)

    with feed:
        poller = threading.Thread(target=poll_while_held, daemon=True)
        poller.start()
        poller.join(240)
        answering = not poller.is_alive()
        held.release.set()
        if answering:
            poll_until(feed, lambda update: update.stats.frames_decoded >= 1, 120.0, polled)
    assert answering, "a poll waited for the decoder"
    assert skipped[-1] > 0 and skipped == sorted(skipped)


def test_stop_returns_promptly_mid_run(tmp_path: Path) -> None:
    feed = CameraFeed(VideoSource(DEMO), decoder=slowed(Decoder(), 0.2), realtime=True)
    feed.start()
    time.sleep(0.3)
    feed.stop(timeout=120.0)  # a bound against a hang: the threads end mid-run
    assert not feed.running
    feed.stop()  # again: nothing happens
    assert not feed.poll().stats.ended  # stopped is not ended

    # a folder at one frame every 1,000 s: stopping does not wait out the pacing
    with VideoSource(TABLE) as video:
        for number, _, image in video:
            cv2.imwrite(str(tmp_path / f"{number}.png"), image)
            if number == 2:
                break
    feed = CameraFeed(FolderSource(tmp_path, fps=0.001), realtime=True)
    polled = Polled()
    with feed:
        poll_until(feed, lambda u: u.frame is not None, 120.0, polled)
        start = time.monotonic()
    assert time.monotonic() - start < 120  # far from the 1,000 s the next frame waits
    assert not feed.running and polled.frames == [(0, 0.0)]


def test_a_looping_video_goes_on_with_time_increasing(reference: list[Event]) -> None:
    polled = Polled()
    with CameraFeed(VideoSource(TABLE), realtime=False, loop=True) as feed:
        poll_until(feed, lambda u: u.stats.frames_read > 382 + 60, 20.0, polled)
        stats = feed.stats
    assert stats.loops >= 1 and not stats.ended and stats.error is None
    assert stats.frames_skipped == 0
    times = [t for _, t in polled.frames]
    assert times == sorted(set(times)) and times[-1] > 382 / 30
    events = polled.events
    assert events[: len(reference)] == reference
    assert [e.t for e in events] == sorted(e.t for e in events)
    # the first card of the clip is read again on the second pass: a new sighting
    again = [e for e in events[len(reference) :] if e.kind == "seen"]
    assert [e.payload for e in again][:1] == ["SG1C1516"] and again[0].t > 382 / 30


def test_a_source_failing_mid_way_ends_the_feed_with_one_line(tmp_path: Path) -> None:
    with VideoSource(TABLE) as video:
        for number, _, image in video:
            cv2.imwrite(str(tmp_path / f"{number}.png"), image)
            if number == 4:
                break
    broken = tmp_path / "5.png"
    broken.write_bytes(b"not a png at all")
    feed = CameraFeed(FolderSource(tmp_path), realtime=False)
    with feed:
        assert feed.wait(5.0)
        update = feed.poll()
    assert update.ended and update.stats.error == f"{broken}: cannot read this file as an image"
    assert (update.stats.frames_read, update.stats.frames_decoded) == (5, 5)
    assert update.frame is not None and update.frame.number == 4


def test_a_decoder_failing_ends_the_feed_with_one_line() -> None:
    with CameraFeed.pushed() as feed:
        feed.push(np.zeros((36, 64, 3), np.float64), 0.0)
        assert feed.wait(5.0)
        update = feed.poll()
    assert update.stats.error == "decoding failed: frames are 8-bit, not float64"
    assert update.ended and update.stats.frames_decoded == 0


def test_pushed_frames_are_decoded_and_polled(reference: list[Event]) -> None:
    polled = Polled()
    with CameraFeed.pushed() as feed, VideoSource(TABLE) as video:
        for number, t, image in video:
            feed.push(image, t)
            # a decoder as fast as the camera: the next frame comes once this one is done
            poll_until(feed, decoded(number + 1), 120.0, polled)
        feed.finish()
        assert feed.wait(5.0)
        polled.take(feed.poll())
    assert polled.events == reference
    assert polled.last is not None and polled.last.stats.frames_skipped == 0


def test_pushing_faster_than_decoding_skips_frames() -> None:
    """20 frames pushed while the decoder holds the first: no push waits for it (they
    all return while it holds), and only the newest frame waits its turn."""
    held = Held(Decoder())
    with CameraFeed.pushed(decoder=held) as feed, VideoSource(DEMO) as video:
        for number, _, image in video:
            feed.push(image)
            if number == 0:
                assert held.started.wait(120)
            if number == 19:
                break
        stats = feed.stats
        held.release.set()
    assert stats.frames_read == 20 and stats.frames_decoded == 0
    assert stats.frames_skipped == 18  # one being decoded, the newest kept


def test_events_nobody_polls_are_bounded_oldest_dropped(reference: list[Event]) -> None:
    with CameraFeed(VideoSource(TABLE), realtime=False, max_events=3) as feed:
        assert feed.wait(20.0)
        update = feed.poll()
    assert len(reference) > 3
    assert update.events == reference[-3:]
    assert update.stats.events_dropped == len(reference) - 3
    assert feed.poll().events == []
