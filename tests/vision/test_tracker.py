"""The tracker: readings frame by frame to one ``seen`` and one ``gone`` per sticker.

The unit tests feed hand-made `Reading` lists (what a decoder returns); the
end-to-end tests run synthetic videos of ``bench.scenes`` through the real
decoder and tracker and compare with the videos' ground truth.
"""

from __future__ import annotations

import doctest
import itertools
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import vision.tracker
from bench.bench_tracker import Run, episodes, score, track_video
from bench.scenes import Video, make_video
from vision.payload import CardTag, Fault, SeatTag
from vision.reading import Polygon, Reading
from vision.tracker import DEFAULT_K, DEFAULT_M, Event, Region, Tracker

SHA = str(CardTag(42))  # SG1C042G
TAO = str(CardTag(7))
SEAT = str(SeatTag(5))
FPS = 30.0


def square(x: float, y: float, side: int = 60) -> Polygon:
    x0, y0 = round(x), round(y)
    return ((x0, y0), (x0 + side, y0), (x0 + side, y0 + side), (x0, y0 + side))


def read(payload: str, x: float = 100, y: float = 100) -> Reading:
    return Reading(payload, square(x, y))


class Feeder:
    """Feeds a tracker frame by frame at 30 fps and keeps every event."""

    def __init__(self, tracker: Tracker) -> None:
        self.tracker = tracker
        self.events: list[Event] = []

    def frame(self, *readings: Reading) -> list[Event]:
        got = self.tracker.feed(list(readings), self.tracker.frame / FPS)
        self.events.extend(got)
        return got

    def frames(self, n: int, *readings: Reading) -> list[Event]:
        return [event for _ in range(n) for event in self.frame(*readings)]

    def kinds(self) -> list[tuple[str, str, int]]:
        return [(e.kind, e.payload, e.frame) for e in self.events]


def test_the_docstring_examples_run() -> None:
    assert doctest.testmod(vision.tracker, optionflags=doctest.ELLIPSIS).failed == 0


def test_defaults() -> None:
    tracker = Tracker()
    assert (tracker.k, tracker.m, tracker.gap) == (DEFAULT_K, DEFAULT_M, 0) == (3, 45, 0)


# ----------------------------------------------------------------------------
# seen


def test_k_consecutive_reads_make_one_seen() -> None:
    feed = Feeder(Tracker(k=3, m=10))
    assert feed.frame(read(SHA)) == []
    assert feed.frame(read(SHA)) == []
    [seen] = feed.frame(read(SHA, 102, 99))
    assert seen.kind == "seen"
    assert seen.payload == SHA and seen.tag == CardTag(42)
    assert (seen.frame, seen.t) == (2, 2 / FPS)
    assert (seen.read_frame, seen.read_t) == (2, 2 / FPS)
    assert seen.polygon == square(102, 99)
    assert seen.region is None
    # the card stays on the table: read again and again, never a second event
    assert feed.frames(200, read(SHA)) == []
    assert feed.tracker.in_view() == {SHA: square(100, 100)}


def test_k_of_one_sees_at_the_first_read() -> None:
    feed = Feeder(Tracker(k=1, m=5))
    assert [e.kind for e in feed.frame(read(SHA))] == ["seen"]


def test_fewer_than_k_reads_are_not_seen() -> None:
    feed = Feeder(Tracker(k=3, m=10))
    feed.frames(2, read(SHA))
    feed.frames(30)
    assert feed.events == []
    assert feed.tracker.in_view() == {}


def test_a_missed_frame_before_seen_starts_the_count_again() -> None:
    feed = Feeder(Tracker(k=3, m=10))
    feed.frames(2, read(SHA))
    feed.frame()
    feed.frames(2, read(SHA))
    assert feed.events == []
    feed.frame(read(SHA))
    assert feed.kinds() == [("seen", SHA, 5)]


def test_gap_lets_a_missed_frame_pass_before_seen() -> None:
    feed = Feeder(Tracker(k=3, m=10, gap=1))
    feed.frames(2, read(SHA))
    feed.frame()
    feed.frame(read(SHA))
    assert feed.kinds() == [("seen", SHA, 3)]
    # but not two missed frames in a row
    feed = Feeder(Tracker(k=3, m=10, gap=1))
    feed.frames(2, read(SHA))
    feed.frames(2)
    feed.frames(2, read(SHA))
    assert feed.events == []


def test_stickers_are_tracked_each_on_its_own() -> None:
    feed = Feeder(Tracker(k=2, m=3))
    feed.frame(read(SHA), read(TAO, 400))
    feed.frame(read(SHA), read(TAO, 400), read(SEAT, 600))
    feed.frame(read(TAO, 400), read(SEAT, 600))
    assert feed.kinds() == [("seen", SHA, 1), ("seen", TAO, 1), ("seen", SEAT, 2)]
    feed.frames(2, read(TAO, 400), read(SEAT, 600))
    assert feed.kinds()[3:] == [("gone", SHA, 4)]  # last read in frame 1, missing in 2-4


# ----------------------------------------------------------------------------
# gone


def test_a_dropout_of_one_or_two_frames_changes_nothing() -> None:
    feed = Feeder(Tracker(k=3, m=5))
    feed.frames(3, read(SHA))
    for dropout in (1, 2, 1, 2, 2, 1):
        feed.frames(dropout)
        feed.frames(3, read(SHA))
    assert feed.kinds() == [("seen", SHA, 2)]


def test_missing_for_m_frames_is_gone() -> None:
    feed = Feeder(Tracker(k=3, m=5))
    feed.frames(3, read(SHA))
    feed.frame(read(SHA, 130, 140))  # frame 3: last read, a little to the side
    assert feed.frames(4) == []  # frames 4-7: missing, 4 < m
    [gone] = feed.frame()  # frame 8: the fifth missing frame
    assert (gone.kind, gone.payload, gone.frame, gone.t) == ("gone", SHA, 8, 8 / FPS)
    assert (gone.read_frame, gone.read_t) == (3, 3 / FPS)
    assert gone.polygon == square(130, 140)
    assert feed.tracker.in_view() == {}
    assert feed.frames(50) == []


def test_a_hand_passing_over_for_fewer_than_m_frames_changes_nothing() -> None:
    feed = Feeder(Tracker(k=3, m=20))
    feed.frames(10, read(SHA))
    feed.frames(19)  # the hand covers the sticker
    feed.frames(10, read(SHA))
    feed.frames(19)
    feed.frames(10, read(SHA))
    assert feed.kinds() == [("seen", SHA, 2)]


def test_a_card_read_again_after_gone_is_seen_again() -> None:
    feed = Feeder(Tracker(k=2, m=3))
    feed.frames(4, read(SHA))
    feed.frames(3)
    feed.frames(2, read(SHA, 300))
    assert feed.kinds() == [("seen", SHA, 1), ("gone", SHA, 6), ("seen", SHA, 8)]
    assert feed.events[-1].polygon == square(300, 100)


def test_jitter_and_slides_never_make_a_second_seen() -> None:
    feed = Feeder(Tracker(k=3, m=5))
    wobble = [(0, 0), (2, -1), (-1, 3), (3, 2), (-2, -2), (1, 0)]
    for i in range(120):
        dx, dy = wobble[i % len(wobble)]
        # the card is also slid slowly across the table
        feed.frame(read(SHA, 100 + i * 3 + dx, 100 + dy))
    assert feed.kinds() == [("seen", SHA, 2)]


def test_gone_events_come_first_in_the_order_seen() -> None:
    feed = Feeder(Tracker(k=1, m=2))
    feed.frame(read(TAO), read(SHA, 300))
    feed.frame()
    got = feed.frame(read(SEAT))
    assert [(e.kind, e.payload) for e in got] == [("gone", TAO), ("gone", SHA), ("seen", SEAT)]


# ----------------------------------------------------------------------------
# flush


def test_flush_says_gone_for_what_is_still_seen() -> None:
    feed = Feeder(Tracker(k=3, m=10))
    feed.frames(5, read(SHA))
    feed.frames(2, read(TAO, 300))  # not seen yet: dropped without an event
    feed.frame()
    gone = feed.tracker.flush(9.0)
    assert [(e.kind, e.payload, e.t, e.frame, e.read_frame) for e in gone] == [
        ("gone", SHA, 9.0, 7, 4)
    ]
    assert feed.tracker.in_view() == {}
    assert feed.tracker.flush(9.0) == []
    # the stream may go on: a sticker read again is new
    feed.tracker.feed([read(TAO)], 9.1)
    feed.tracker.feed([read(TAO)], 9.2)
    assert [e.kind for e in feed.tracker.feed([read(TAO)], 9.3)] == ["seen"]


def test_without_flush_the_end_of_a_stream_is_no_gone() -> None:
    feed = Feeder(Tracker(k=3, m=10))
    feed.frames(20, read(SHA))
    assert feed.kinds() == [("seen", SHA, 2)]
    assert list(feed.tracker.in_view()) == [SHA]


def test_time_may_not_go_backwards() -> None:
    tracker = Tracker()
    tracker.feed([], 1.0)
    tracker.feed([], 1.0)  # the same time twice is fine (a camera's clock is coarse)
    with pytest.raises(ValueError, match="before the previous frame"):
        tracker.feed([], 0.5)
    with pytest.raises(ValueError, match="before the last frame"):
        tracker.flush(0.5)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"k": 0}, "k must be at least 1"),
        ({"m": 0}, "m must be at least 1"),
        ({"gap": -1}, "gap must be 0 or more"),
        ({"regions": {"a": (10, 10, 5, 20)}}, "x0 < x1"),
        ({"regions": {"a": [(0, 0), (5, 5)]}}, "at least 3 points"),
        ({"regions": {"a": "centre"}}, "rectangle"),
    ],
)
def test_bad_settings_are_refused(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Tracker(**kwargs)  # type: ignore[arg-type]


# ----------------------------------------------------------------------------
# what is not a sticker


def test_other_qr_codes_are_ignored_and_counted() -> None:
    feed = Feeder(Tracker(k=1, m=2))
    junk = [
        "https://example.com/menu",
        "SG1C042X",  # misprinted: wrong check character
        "SG1C2148",  # card 214 is not in the catalogue
        "sg1c042g",
    ]
    feed.frames(10, *(read(text, 50 * i) for i, text in enumerate(junk)))
    assert feed.events == []
    stats = feed.tracker.stats
    assert (stats.frames, stats.readings, stats.ignored) == (10, 40, 40)
    assert stats.faults == {
        Fault.URI: 10,
        Fault.BAD_CHECK: 10,
        Fault.OUT_OF_RANGE: 10,
        Fault.LOWER_CASE: 10,
    }


def test_junk_beside_a_sticker_does_not_disturb_it() -> None:
    feed = Feeder(Tracker(k=2, m=2))
    feed.frames(5, read(SHA), read("WIFI:S:cafe;;", 300))
    assert feed.kinds() == [("seen", SHA, 1)]
    assert feed.tracker.stats.events == {"seen": 1}


# ----------------------------------------------------------------------------
# duplicates


def test_the_same_payload_at_two_places_is_one_sighting_and_a_warning() -> None:
    feed = Feeder(Tracker(k=2, m=3))
    feed.frames(3, read(SHA, 100, 100), read(SHA, 600, 300))
    assert feed.kinds() == [("seen", SHA, 1), ("duplicate", SHA, 1)]
    seen, duplicate = feed.events
    assert seen.polygon == square(100, 100)
    assert duplicate.polygon == square(600, 300)  # where the second copy is
    # more frames with both copies: no more warnings, never a second count
    feed.frames(20, read(SHA, 600, 300), read(SHA, 101, 100))
    # one copy taken away: the sticker is still in view
    feed.frames(10, read(SHA, 600, 300))
    assert len(feed.events) == 2
    assert list(feed.tracker.in_view()) == [SHA]
    assert feed.tracker.in_view()[SHA] == square(600, 300)
    feed.frames(3)
    assert [e.kind for e in feed.events] == ["seen", "duplicate", "gone"]


def test_the_duplicate_copy_is_the_one_away_from_the_tracked_place() -> None:
    feed = Feeder(Tracker(k=2, m=3))
    feed.frames(2, read(SHA, 100, 100))
    # the second copy shows up listed first
    feed.frame(read(SHA, 700, 400), read(SHA, 103, 99))
    duplicate = feed.events[-1]
    assert duplicate.kind == "duplicate" and duplicate.polygon == square(700, 400)
    assert feed.tracker.in_view()[SHA] == square(103, 99)


def test_one_code_read_twice_at_the_same_place_is_no_duplicate() -> None:
    feed = Feeder(Tracker(k=2, m=3))
    feed.frames(5, read(SHA, 100, 100), read(SHA, 104, 97))
    assert [e.kind for e in feed.events] == ["seen"]


def test_a_duplicate_is_reported_again_after_the_sticker_was_gone() -> None:
    feed = Feeder(Tracker(k=1, m=2))
    feed.frame(read(SHA), read(SHA, 500))
    feed.frames(2)
    feed.frame(read(SHA), read(SHA, 500))
    assert [e.kind for e in feed.events] == ["seen", "duplicate", "gone", "seen", "duplicate"]


# ----------------------------------------------------------------------------
# regions

REGIONS: dict[str, Region] = {
    "centre": (400, 200, 880, 520),
    # a triangle in the top left corner
    "seat 1": [(0, 0), (300, 0), (0, 300)],
}


def test_events_name_the_region_holding_the_sticker() -> None:
    feed = Feeder(Tracker(k=2, m=2, regions=REGIONS))
    feed.frames(2, read(SHA, 600, 300))  # centre (630, 330)
    feed.frames(2, read(TAO, 20, 20))  # centre (50, 50): in the triangle
    feed.frames(2, read(SEAT, 1000, 600))  # outside every region
    assert [(e.kind, e.payload, e.region) for e in feed.events] == [
        ("seen", SHA, "centre"),
        ("gone", SHA, "centre"),
        ("seen", TAO, "seat 1"),
        ("gone", TAO, "seat 1"),
        ("seen", SEAT, None),
    ]


def test_region_edges_and_order() -> None:
    tracker = Tracker(regions={"a": (0, 0, 100, 100), "b": (50, 50, 200, 200)})
    assert tracker.region_of([(100.0, 100.0)]) == "a"  # on the edge counts as inside
    assert tracker.region_of(square(60, 60, 10)) == "a"  # in both: the first named wins
    assert tracker.region_of(square(150, 150, 10)) == "b"
    assert tracker.region_of(square(300, 300, 10)) is None
    assert Tracker().region_of(square(10, 10)) is None


def test_a_card_that_settles_in_another_region_is_moved() -> None:
    feed = Feeder(Tracker(k=3, m=5, regions=REGIONS))
    # seen in the hand, on its way to the centre
    feed.frames(3, read(SHA, 1000, 600))
    # one jittery read across the edge, then back: nothing
    feed.frame(read(SHA, 600, 300))
    feed.frames(2, read(SHA, 1000, 600))
    feed.frames(2, read(SHA, 600, 300))
    assert [(e.kind, e.region) for e in feed.events] == [("seen", None)]
    feed.frame(read(SHA, 600, 300))  # the third read in a row in the centre
    assert [(e.kind, e.region, e.frame) for e in feed.events] == [
        ("seen", None, 2),
        ("moved", "centre", 8),
    ]
    feed.frames(20, read(SHA, 602, 301))
    feed.frames(5)
    assert [(e.kind, e.region) for e in feed.events][2:] == [("gone", "centre")]


def test_without_regions_nothing_moves() -> None:
    feed = Feeder(Tracker(k=2, m=5))
    for i in range(50):
        feed.frame(read(SHA, 10 * i, 5 * i))
    assert [e.kind for e in feed.events] == ["seen"]


# ----------------------------------------------------------------------------
# properties over any pattern of reads


def _check_stream(present: Sequence[bool], k: int, m: int) -> None:
    feed = Feeder(Tracker(k=k, m=m))
    for i, here in enumerate(present):
        jitter = (i * 7) % 5 - 2
        feed.frame(*([read(SHA, 100 + jitter, 100 - jitter)] if here else []))
    end = feed.tracker.flush(len(present) / FPS)
    events = feed.events
    kinds = [e.kind for e in events] + [e.kind for e in end]
    # seen and gone alternate, beginning with seen, and a flush closes every seen
    assert kinds == ["seen", "gone"] * (len(kinds) // 2)
    for event in events:
        f = event.frame
        if event.kind == "seen":
            # read in the k frames up to it, and not already counted
            assert all(present[f - k + 1 : f + 1]) and f - k + 1 >= 0
        else:
            # missing in the m frames up to it, read just before
            assert not any(present[f - m + 1 : f + 1])
            assert event.read_frame == f - m and present[f - m]
    # no gone while the sticker is never missing for m frames in a row
    reads = [i for i, here in enumerate(present) if here]
    if (
        reads
        and all(b - a <= m for a, b in itertools.pairwise(reads))
        and len(present) - 1 - reads[-1] < m
    ):
        assert [e.kind for e in events].count("seen") <= 1
        assert "gone" not in [e.kind for e in events]


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.booleans(), max_size=120),
    st.integers(min_value=1, max_value=5),
    st.integers(min_value=1, max_value=12),
)
def test_any_pattern_of_reads_gives_alternating_seen_and_gone(
    present: list[bool], k: int, m: int
) -> None:
    _check_stream(present, k, m)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=DEFAULT_M - 1), min_size=1, max_size=8))
def test_occlusions_shorter_than_m_never_split_a_sighting(gaps: list[int]) -> None:
    present: list[bool] = [True] * DEFAULT_K
    for gap in gaps:
        present += [False] * gap + [True]
    feed = Feeder(Tracker())
    for here in present:
        feed.frame(*([read(SHA)] if here else []))
    assert [e.kind for e in feed.events] == ["seen"]


# ----------------------------------------------------------------------------
# end to end: synthetic videos through the real decoder and tracker

# (seed, level): short 640x360 clips, a few seconds each to draw
VIDEOS = [(2, "easy"), (1, "medium")]


@pytest.fixture(scope="module", params=VIDEOS, ids=[f"{level}-{seed}" for seed, level in VIDEOS])
def played(request: pytest.FixtureRequest) -> tuple[Video, Run]:
    seed, level = request.param
    video = make_video(seed, level, actions=4, size=(640, 360))
    return video, track_video(video, Tracker())


def test_every_card_played_is_seen_once_and_gone_once(played: tuple[Video, Run]) -> None:
    video, run = played
    cards = {e.payload for e in video.events if e.kind == "played"}
    assert cards, "a clip where nothing is played"
    found = episodes(video, run.reads, DEFAULT_M)
    for card in cards:
        if sum(ep.payload == card for ep in found) == 1:
            # a card not hidden for m frames or more while on the table
            kinds = [e.kind for e in run.events + run.flushed if e.payload == card]
            assert kinds == ["seen", "gone"], card
    result = score(video, run, DEFAULT_M)
    assert result.ok, result.problems  # the same episode by episode, for every sticker
    assert result.episodes - result.partial >= 1  # the clip shows something whole
    assert len(result.latencies) == result.episodes - result.partial
    assert max(result.latencies) <= DEFAULT_K + 2


def test_events_come_only_from_stickers_in_the_video(played: tuple[Video, Run]) -> None:
    video, run = played
    on_the_table = {s.payload for frame in video.truth for s in frame}
    assert {e.payload for e in run.events + run.flushed} <= on_the_table
    assert all(e.frame == e.read_frame for e in run.events if e.kind == "seen")
    assert all(e.frame - e.read_frame == DEFAULT_M for e in run.events if e.kind == "gone")


def test_a_seen_follows_k_frames_of_reads(played: tuple[Video, Run]) -> None:
    _, run = played
    for event in run.events:
        if event.kind == "seen":
            # read in the k frames up to the seen, not in the one before them
            window = run.reads[event.frame - DEFAULT_K + 1 : event.frame + 1]
            assert all(event.payload in payloads for payloads in window)
            before = event.frame - DEFAULT_K
            assert before < 0 or event.payload not in run.reads[before]
