"""Tracker benchmark: synthetic videos through the real decoder and tracker, scored against truth.

Run ``python -m bench.bench_tracker`` (``--json`` for machines, ``--help``
for the knobs). For each difficulty level it plays several seeded videos of
``bench.scenes.make_video`` (cards played onto the table and picked up, a
hand passing over now and then) through `vision.decode.Decoder` and
`vision.tracker.Tracker`, flushing the tracker at the end of each video.

The truth is counted in *episodes* (see `episodes`): the stretches in which
a sticker can be read, either because the truth has it wholly in view or
because the decoder read it anyway (partly covered, in the hand), a hand
passing over it for fewer than ``m`` frames not breaking one. A card covered
by another card for longer, or out of the picture, ends an episode; when it
shows again a new one begins, and the tracker rightly says gone and seen
again. Columns:

- *cards*: stickers wholly in view at some time; *in view*: their episodes;
  *partial*: episodes of partial reads only (never wholly in view), which
  may or may not be seen;
- *seen*, *gone*: events; each episode in view should have one of each;
- *dup*: ``seen`` events beyond the first of an episode (a card counted twice);
- *missed*: episodes in view never seen;
- *early gone*: ``gone`` within an episode;
- *wrong gone*: seen episodes without exactly one ``gone`` after them (before
  the sticker's next episode, or in the flush at the end);
- *stray*: events outside every episode;
- *latency*: frames from the first frame with the sticker wholly in view to
  its ``seen`` (negative when it was read in the hand before it was laid
  down), against the bound ``k + 2``;
- *gone delay*: frames from an episode's last frame to its ``gone`` (``m``,
  when the tracker works as it should);
- *ms/frame*: decoder and tracker time per frame.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field

import numpy as np
from numpy.typing import NDArray

from bench.scenes import Video, make_video
from vision.decode import Decoder
from vision.tracker import DEFAULT_K, DEFAULT_M, Event, Tracker

LEVELS = ("easy", "medium", "hard")
SEEDS = (1, 2, 3, 4)


@dataclass
class Run:
    """A video through the decoder and a tracker: what was read, and the events."""

    reads: list[frozenset[str]]  # per frame, the payloads the decoder read
    events: list[Event]  # decided by the frames
    flushed: list[Event]  # the tracker's flush at the end of the video
    seconds: float  # spent decoding and tracking


def track_video(
    video: Video, tracker: Tracker, frames: Iterable[NDArray[np.uint8]] | None = None
) -> Run:
    """``video`` through a fresh `vision.decode.Decoder` and ``tracker``, flushed at the end.

    ``frames`` replaces the video's own pictures, e.g. as read back from a file.
    """
    decoder = Decoder()
    reads: list[frozenset[str]] = []
    events: list[Event] = []
    started = time.perf_counter()
    count = 0
    for index, image in enumerate(video.frames if frames is None else frames):
        readings = decoder.decode(image)
        reads.append(frozenset(r.payload for r in readings))
        events.extend(tracker.feed(readings, index / video.fps))
        count += 1
    spent = time.perf_counter() - started
    return Run(reads, events, tracker.flush(count / video.fps), spent)


@dataclass(frozen=True)
class Episode:
    """A stretch of frames in which a sticker can be read.

    Its frames are those in which the truth has the whole sticker in view,
    together with those in which the decoder read it anyway (partly covered,
    at the edge of the picture, in the hand): the tracker cannot tell these
    apart, nor should it. Stretches separated by fewer than ``m`` other
    frames (a hand passing over) make one episode; a card hidden for longer
    (under another card, out of the picture) starts a new one, and the
    tracker rightly says gone and seen again. `visible` is the episode's
    first frame with the whole sticker in view, or None if it had none.
    """

    payload: str
    first: int
    last: int
    visible: int | None


def episodes(video: Video, reads: Sequence[frozenset[str]], m: int) -> list[Episode]:
    """Every sticker's episodes in ``video``, given what was read, in order of first frame."""
    visible: dict[str, set[int]] = {}
    for index, stickers in enumerate(video.truth):
        for sticker in stickers:
            if sticker.visible:
                visible.setdefault(sticker.payload, set()).add(index)
    frames: dict[str, set[int]] = {payload: set(found) for payload, found in visible.items()}
    for index, payloads in enumerate(reads):
        for payload in payloads:
            frames.setdefault(payload, set()).add(index)
    found: list[Episode] = []
    for payload, present in frames.items():
        shown = visible.get(payload, set())
        ordered = sorted(present)
        first = last = ordered[0]
        for frame in [*ordered[1:], None]:
            if frame is None or frame - last - 1 >= m:
                first_shown = min((f for f in shown if first <= f <= last), default=None)
                found.append(Episode(payload, first, last, first_shown))
                if frame is None:
                    break
                first = frame
            last = frame
    return sorted(found, key=lambda e: (e.first, e.payload))


@dataclass
class Score:
    """How a tracker's events on one or more videos compare with their truth."""

    videos: int = 0
    frames: int = 0
    cards: int = 0
    episodes: int = 0
    partial: int = 0
    played: int = 0
    removed: int = 0
    seen: int = 0
    gone: int = 0
    duplicates: int = 0
    missed: int = 0
    early_gone: int = 0
    wrong_gone: int = 0
    unattributed: int = 0
    latencies: list[int] = field(default_factory=list)
    gone_delays: list[int] = field(default_factory=list)
    gaps: list[int] = field(default_factory=list)
    long_gaps: list[str] = field(default_factory=list)
    seconds: float = 0.0
    problems: list[str] = field(default_factory=list)

    def add(self, other: Score) -> None:
        for name, value in vars(other).items():
            setattr(self, name, getattr(self, name) + value)

    @property
    def ok(self) -> bool:
        """No card counted twice, none missed, every gone in its place, none stray."""
        return not (
            self.duplicates
            or self.missed
            or self.early_gone
            or self.wrong_gone
            or self.unattributed
        )


def score(video: Video, run: Run, m: int, label: str = "") -> Score:
    """Compares a run's events, and its flush, with ``video``'s truth, episode by episode.

    An episode with the whole sticker in view at some time should have
    exactly one ``seen``, within the episode; one that only ever had partial
    reads may have none (too few reads in a row) or one. Each ``seen`` needs
    exactly one ``gone`` after its episode's last frame and before the
    sticker's next episode (or in the flush), and no ``gone`` falls inside
    an episode. Latency is counted from the first frame with the whole
    sticker in view; gone delay from the episode's last frame.
    """
    end = len(video.frames)  # the flush counts as a frame past the last
    found = episodes(video, run.reads, m)
    s = Score(videos=1, frames=len(video.frames), episodes=len(found))
    s.cards = len({e.payload for e in found if e.visible is not None})
    s.partial = sum(e.visible is None for e in found)
    s.played = sum(e.kind == "played" for e in video.events)
    s.removed = sum(e.kind == "removed" for e in video.events)
    timeline = [(e.frame, e) for e in run.events] + [(end, e) for e in run.flushed]
    s.seen = sum(e.kind == "seen" for _, e in timeline)
    s.gone = sum(e.kind == "gone" for _, e in timeline)
    used: set[int] = set()
    for n, ep in enumerate(found):
        after = [e.first for e in found[n + 1 :] if e.payload == ep.payload]
        until = after[0] if after else end
        mine = [(i, f, e.kind) for i, (f, e) in enumerate(timeline) if e.payload == ep.payload]
        seen = [(i, f) for i, f, kind in mine if kind == "seen" and ep.first <= f <= ep.last]
        early = [(i, f) for i, f, kind in mine if kind == "gone" and ep.first <= f <= ep.last]
        gone = [(i, f) for i, f, kind in mine if kind == "gone" and ep.last < f <= until]
        used.update(i for i, _ in seen + early + gone)
        where = f"{label} {ep.payload} in frames {ep.first}-{ep.last}"
        if not seen and ep.visible is not None:
            s.missed += 1
            s.problems.append(f"{where}: never seen")
        if seen and ep.visible is not None:
            s.latencies.append(seen[0][1] - ep.visible)
        if len(seen) > 1:
            s.duplicates += len(seen) - 1
            s.problems.append(f"{where}: seen at {[f for _, f in seen]}")
        if early:
            s.early_gone += len(early)
            s.problems.append(f"{where}: gone at {[f for _, f in early]}")
        if len(gone) != min(len(seen), 1):
            s.wrong_gone += 1
            s.problems.append(f"{where}: {len(gone)} gone in {ep.last + 1}-{until}")
        elif gone and gone[0][1] < end:
            s.gone_delays.append(gone[0][1] - ep.last)
    gaps = read_gaps(video, run.reads)
    s.gaps = [length for length, _, _ in gaps]
    s.long_gaps = [
        f"{label} {payload} unread in frames {start}-{start + length - 1} ({length})"
        for length, payload, start in gaps
        if length >= m * 2 // 3
    ]
    s.unattributed = len(timeline) - len(used)
    if s.unattributed:
        stray = [(f, e.kind, e.payload) for i, (f, e) in enumerate(timeline) if i not in used]
        s.problems.append(f"{label} events outside every episode: {stray}")
    return s


def read_gaps(video: Video, reads: Sequence[frozenset[str]]) -> list[tuple[int, str, int]]:
    """The runs of frames in which a card lying on the table was not read.

    Only runs between two reads count, the card on the table throughout: a
    hand passing over it, another card laid on it for a while, or a missed
    read. ``m`` must outlast the hands to keep one sighting per card. Each
    run is (length, payload, first frame).
    """
    gaps: list[tuple[int, str, int]] = []
    last_read: dict[str, int] = {}
    for index, payloads in enumerate(reads):
        for payload in payloads:
            before = last_read.get(payload)
            if before is not None and index - before > 1:
                lying = all(payload in video.on_table[f] for f in range(before, index + 1))
                if lying:
                    gaps.append((index - before - 1, payload, before + 1))
            last_read[payload] = index
    return gaps


GAP_BINS: tuple[tuple[int, int], ...] = (
    (1, 2),
    (3, 10),
    (11, 20),
    (21, 30),
    (31, 44),
    (45, 89),
    (90, 10**9),
)


def gap_line(gaps: Sequence[int], m: int) -> str:
    """How long cards lying on the table went unread, binned, as one line."""
    bins = ", ".join(
        f"{low}{'+' if high > 10**8 else f'-{high}'}: {sum(low <= g <= high for g in gaps)}"
        for low, high in GAP_BINS
    )
    short = [g for g in gaps if g < m]
    return (
        f"Frames a card lying on the table went unread ({len(gaps)} gaps): {bins}; "
        f"longest under m={m}: {max(short, default=0)}"
    )


def _one(job: tuple[str, int, int, tuple[int, int], int, int, int]) -> Score:
    level, seed, actions, size, k, m, gap = job
    video = make_video(seed, level, actions=actions, size=size)
    run = track_video(video, Tracker(k, m, gap=gap))
    result = score(video, run, m, f"{level}/{seed}")
    result.seconds = run.seconds
    return result


def _median(values: Sequence[int]) -> float | None:
    return float(statistics.median(values)) if values else None


def table(rows: dict[str, Score], k: int) -> str:
    """The scores as a markdown table, one row per level and a total."""
    head = (
        "| level | videos | frames | cards | in view | partial | played | removed | seen | gone "
        "| dup | missed | early gone | wrong gone | stray | latency median | latency max | k+2 "
        "| gone delay median | gone delay max | ms/frame |"
    )
    lines = [head, "|" + "---|" * (head.count("|") - 1)]
    for name, s in rows.items():
        med = _median(s.latencies)
        gmed = _median(s.gone_delays)
        lines.append(
            f"| {name} | {s.videos} | {s.frames} | {s.cards} | {s.episodes - s.partial} "
            f"| {s.partial} | {s.played} | {s.removed} | {s.seen} | {s.gone} "
            f"| {s.duplicates} | {s.missed} | {s.early_gone} | {s.wrong_gone} "
            f"| {s.unattributed} | {'-' if med is None else f'{med:g}'} "
            f"| {max(s.latencies) if s.latencies else '-'} | {k + 2} "
            f"| {'-' if gmed is None else f'{gmed:g}'} "
            f"| {max(s.gone_delays) if s.gone_delays else '-'} "
            f"| {1000 * s.seconds / max(s.frames, 1):.1f} |"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.bench_tracker", description=__doc__)
    parser.add_argument("--levels", default=",".join(LEVELS), help="comma-separated levels")
    parser.add_argument("--seeds", default=",".join(map(str, SEEDS)), help="comma-separated seeds")
    parser.add_argument("--actions", type=int, default=6, help="plays and pick-ups per video")
    parser.add_argument("--size", default="1280x720", help="frame size WIDTHxHEIGHT")
    parser.add_argument("--k", type=int, default=DEFAULT_K, help="tracker k")
    parser.add_argument("--m", type=int, default=DEFAULT_M, help="tracker m")
    parser.add_argument("--gap", type=int, default=0, help="tracker gap")
    parser.add_argument("--jobs", type=int, default=None, help="worker processes")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument(
        "--quick", action="store_true", help="one seed per level, 640x360, 4 actions per video"
    )
    # known args only: ``python -m bench`` passes its whole command line to every benchmark
    args, _ = parser.parse_known_args(sys.argv[1:] if argv is None else argv)
    if args.quick:
        args.seeds, args.size, args.actions = "1", "640x360", 4
    width, height = (int(v) for v in args.size.lower().split("x"))
    levels = [level for level in args.levels.split(",") if level]
    seeds = [int(seed) for seed in args.seeds.split(",") if seed]
    jobs = [
        (level, seed, args.actions, (width, height), args.k, args.m, args.gap)
        for level in levels
        for seed in seeds
    ]
    with ProcessPoolExecutor(args.jobs) as pool:
        results = list(pool.map(_one, jobs))
    rows: dict[str, Score] = {}
    for job, result in zip(jobs, results, strict=True):
        rows.setdefault(job[0], Score()).add(result)
    total = Score()
    for s in rows.values():
        total.add(s)
    rows["all"] = total
    if args.json:
        out = {
            "k": args.k,
            "m": args.m,
            "gap": args.gap,
            "size": [width, height],
            "seeds": seeds,
            "actions": args.actions,
            "levels": {name: asdict(s) for name, s in rows.items()},
        }
        json.dump(out, sys.stdout, indent=1)
        sys.stdout.write("\n")
        return 0
    print(
        f"Tracker k={args.k} m={args.m} gap={args.gap}: {len(seeds)} seeds x "
        f"{len(levels)} levels, {width}x{height}, {args.actions} actions per video\n"
    )
    print(table(rows, args.k))
    print("\n" + gap_line(total.gaps, args.m))
    if total.long_gaps:
        print(f"\nGaps of {args.m * 2 // 3} frames or more:")
        for gap in total.long_gaps:
            print(f"- {gap}")
    if total.problems:
        print("\nProblems:")
        for problem in total.problems:
            print(f"- {problem}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
