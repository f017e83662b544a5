"""Writes ``samples/demo.mp4`` and ``samples/demo-taps.txt`` for ``sgs-table demo``.

Run ``python -m bench.make_demo_video``. The video is drawn with the
``bench.scenes`` machinery (seeded, so the same frames on every machine up to
the MPEG-4 encoder): a phone on a stand films an empty table on which five
Sanguosha cards are played one after the other, each brought in by a hand and
left where it lands. The taps file holds what the players tap around them
(the setup, a target, a pass, the end of a phase), at the video times that
fit the cards, so the two tell one moment of a 5-player identity game
(7.1 s; the last card is seen at 6.3 s, so that a phone app playing the clip
as its camera sees it all within a 10-second run, start-up included):

1. setup taps: identity for 5, seat 1 the lord, five generals, deal, start,
   seat 1 draws 2;
2. seat 1 plays 杀♠7 (card 1) and taps seat 2 as its target;
3. seat 2 answers with 闪♥2 (card 31);
4. seat 1 equips 青龙偃月刀 (card 92), then taps ``next``: seat 2's turn, it draws 2;
5. seat 2 plays 杀♣2 (card 8) and taps seat 1, who taps ``pass`` and is hit;
6. seat 2 equips 赤兔 (card 102).

The taps file is a table script (docs/table-script.md): one input a line,
``SECONDS COMMAND ARGS...``, where ``SECONDS`` is the video time at which
the tap is made (it runs before the first frame at or after that time). The
camera's sightings of the clip, as the decoder and tracker report them, are
written in time order among the taps as comments (``# camera: 0.83 see
SG1C001Y``): ``sgs-table demo`` and the app read them from the video itself.
With the ``# camera: `` prefixes removed, the file is the whole game as a
script, for ``sgs-table play`` without the video.

Once written, the clip is read back through the decoder and tracker as
``sgs-table demo`` runs them; the script fails if a card is never seen or a
tap comes less than TAP_AFTER_SEEN after the sighting of the card it answers.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import cv2
import numpy as np
from numpy.typing import NDArray

from bench.make_sample_video import write_video
from bench.payloads import card_payload
from bench.scenes import (
    SUPERSAMPLE,
    Difficulty,
    FloatImage,
    Image,
    Point,
    StickerTruth,
    Video,
    VideoEvent,
    _apply,
    _camera,
    _Card,
    _compose_big,
    _draw_card,
    _Hand,
    _inv,
    _lay_cards,
    _module_scale,
    _Optics,
    _scale,
    _table,
    _translate,
    _truths,
)

ROOT: Final = Path(__file__).resolve().parent.parent
SEED: Final = 7
SIZE: Final = (640, 360)
FPS: Final = 30.0

DEMO_LEVEL: Final = Difficulty(
    name="demo",
    module_px=(3.2, 3.6),
    cards=(5, 5),
    tilt_deg=12.0,
    defocus=(0.05, 0.15),
    motion=(0.0, 0.15),
    noise=(0.5, 1.0),
    jpeg=(88, 95),
    glare=0.0,
    shadow=0.2,
    ink=(15, 40),
    brightness=(0.85, 1.0),
    gradient=0.2,
    spill=0.0,
    pile=0.0,
)

SETUP_TAPS: Final = (
    "setup identity 5",
    "role 1 lord",
    "general 1 liubei",
    "general 2 guanyu",
    "general 3 zhaoyun",
    "general 4 zhouyu",
    "general 5 lvbu",
    "deal",
    "next",
    "draw 1 2",
)


# The timeline, short enough for a phone app that plays the clip as its camera to
# see every card within a 10-second run (start-up included): the last card is
# seen by about 6.5 s, the clip ends by 7.5 s.
LEAD_IN: Final = 0.3
"""Seconds of empty table before the first hand comes in."""
HAND_IN: Final = 12
"""Frames a hand takes from the bottom edge to where it lays its card."""
HAND_OUT: Final = 10
"""Frames a hand takes back to the edge."""
HOLD: Final = 0.8
"""Seconds at least from a card landing to the next hand coming in."""
AFTER_TAP: Final = 0.3
"""Seconds at least from a play's last tap to the next hand coming in."""
END: Final = 1.0
"""Seconds from the last card landing to the end of the clip."""
TAP_AFTER_SEEN: Final = 0.25
"""Seconds at least from the tracker seeing a card to a tap that answers it (checked)."""


@dataclass(frozen=True)
class Play:
    """A card laid on the table, then the taps that follow it (seconds after it lands)."""

    card_id: int
    note: str
    taps: tuple[tuple[float, str], ...] = ()


# The tracker sees a card 3-5 frames after it lands; each tap comes 0.3 s or more
# after that sighting, and the next hand 0.3 s (AFTER_TAP) after the last tap.
PLAYS: Final = (
    Play(1, "seat 1 plays 杀♠7", ((0.5, "target 2"),)),
    Play(31, "seat 2 answers with 闪♥2"),
    Play(92, "seat 1 equips 青龙偃月刀", ((0.5, "next"), (0.8, "draw 2 2"))),
    Play(8, "seat 2 plays 杀♣2", ((0.5, "target 1"), (0.8, "pass 1"))),
    Play(102, "seat 2 equips 赤兔"),
)


def make_demo_video(
    seed: int = SEED, size: tuple[int, int] = SIZE, fps: float = FPS
) -> tuple[Video, list[tuple[float, str]]]:
    """The demo clip with its ground truth, and the timed taps (play taps only)."""
    rng = np.random.default_rng(seed)
    width, height = size
    to_frame = _camera(rng, size, DEMO_LEVEL.tilt_deg)
    module_plane, smallest = _module_scale(rng, DEMO_LEVEL, to_frame, size)
    table = _table(rng, size)
    optics = _Optics.draw(rng, DEMO_LEVEL, size, smallest)
    shadow = float(rng.uniform(0.1, 0.3))
    inverse = _inv(to_frame)
    # where every card ends up: laid out at once, so no card covers an earlier sticker
    laid = _lay_cards(
        rng, DEMO_LEVEL, to_frame, size, module_plane, [card_payload(p.card_id) for p in PLAYS]
    )
    hand = _Hand(
        colour=rng.uniform([90, 120, 170], [150, 180, 235]),
        edge=(0.5 * width, height * 1.05),
        width=module_plane * 40,
    )
    resting: list[_Card] = []
    frames: list[Image] = []
    truth: list[list[StickerTruth]] = []
    on_table: list[frozenset[str]] = []
    events: list[VideoEvent] = []
    static_key: tuple[str, ...] | None = None
    static: FloatImage | None = None

    def shoot(tip: Point | None, carried: _Card | None) -> None:
        nonlocal static_key, static
        key = tuple(c.payload for c in resting)
        if key != static_key:
            static = _compose_big(table, resting, to_frame, size, shadow)
            static_key = key
        assert static is not None
        canvas = static.copy()
        if carried is not None:
            _draw_card(canvas, carried, _scale(SUPERSAMPLE) @ to_frame, shadow)
        covers: list[NDArray[np.float64]] = []
        if tip is not None:
            hand.draw(canvas, tip)
            covers = hand.polygons(tip)
        small = np.asarray(cv2.resize(canvas, size, interpolation=cv2.INTER_AREA), np.float32)
        frames.append(optics.expose(rng, small))
        cards = [*resting, *([carried] if carried is not None else [])]
        held = frozenset([carried.payload]) if carried is not None else frozenset()
        truth.append(_truths(cards, to_frame, size, covers, held))
        on_table.append(frozenset(c.payload for c in resting))

    def path(a: Point, b: Point, n: int) -> list[Point]:
        ts = (1 - np.cos(np.linspace(0, math.pi, n))) / 2
        return [(a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t) for t in ts]

    def idle(seconds: float) -> None:
        for _ in range(round(seconds * fps)):
            shoot(None, None)

    taps: list[tuple[float, str]] = []
    idle(LEAD_IN)
    for n, (play, card) in enumerate(zip(PLAYS, laid, strict=True), 1):
        h, w = card.texture.shape[:2]
        final = card.to_plane.copy()
        spot = _apply(to_frame @ final, np.array([[w / 2, h / 2]]))[0]
        target = (float(spot[0]), float(spot[1]))
        centre_plane = _apply(final, np.array([[w / 2, h / 2]]))[0]
        for tip in path(hand.edge, target, HAND_IN):
            plane = _apply(inverse, np.array([tip]))[0]
            card.to_plane = _translate(*(plane - centre_plane)) @ final
            shoot(tip, card)
        card.to_plane = final
        resting.append(card)
        landed = len(frames) / fps
        events.append(VideoEvent(len(frames), "played", card.payload))
        for tip in path(target, hand.edge, HAND_OUT):
            shoot(tip, None)
        taps += [(round(landed + after, 2), text) for after, text in play.taps]
        last = max((after for after, _ in play.taps), default=0.0)
        idle((max(HOLD, last + AFTER_TAP) if n < len(PLAYS) else END) - HAND_OUT / fps)
    return Video(frames, truth, on_table, events, fps), taps


CAMERA: Final = "# camera: "
"""The prefix of a sighting's line in the taps file: a comment, since the video holds it."""


def taps_text(
    taps: Sequence[tuple[float, str]],
    video_name: str,
    seen: Sequence[tuple[float, str]] = (),
) -> str:
    """The taps file: a header, the setup taps at 0, then the play taps and the sightings.

    ``seen`` holds the camera's sightings (time, ``see PAYLOAD`` or ``gone
    PAYLOAD``); each is a comment placed after the taps made at or before its time.
    """
    lines = [
        f"# The players' taps for {video_name}, a table script (docs/table-script.md),",
        "# made by python -m bench.make_demo_video. A tap runs before the first frame at",
        "# or after its time. The camera's sightings are the '# camera: ' comments: the",
        "# video holds them. Without those prefixes the file is the whole game for",
        "# sgs-table play.",
        *(f"0.00 {text}" for text in SETUP_TAPS),
    ]
    timed = [(t, 0, f"{t:.2f} {text}") for t, text in taps]
    timed += [(t, 1, f"{CAMERA}{t:.2f} {text}") for t, text in seen]
    lines += [line for _, _, line in sorted(timed)]
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.make_demo_video", description=__doc__)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--output", type=Path, default=ROOT / "samples" / "demo.mp4")
    parser.add_argument("--taps", type=Path, default=ROOT / "samples" / "demo-taps.txt")
    args = parser.parse_args(argv)
    video, taps = make_demo_video(args.seed)
    args.output.parent.mkdir(parents=True, exist_ok=True)
    write_video(video, args.output)
    events = camera_events(args.output)
    seen_lines = [(t, f"{kind} {payload}") for t, kind, payload in events]
    text = taps_text(taps, args.output.name, seen_lines)
    args.taps.write_text(text, encoding="utf-8")
    size = args.output.stat().st_size
    seconds = len(video.frames) / video.fps
    print(
        f"wrote {args.output} ({len(video.frames)} frames, {seconds:.1f} s, "
        f"{size / 1e6:.2f} MB) and {args.taps}"
    )
    seen: dict[str, float] = {}
    for t, kind, payload in events:
        if kind == "see":
            seen.setdefault(payload, t)
    problems: list[str] = []
    pending = iter(taps)
    for event, play in zip(video.events, PLAYS, strict=True):
        at = seen.get(event.payload)
        line = f"  {event.frame / video.fps:5.2f}s  {event.kind}  {event.payload}  seen "
        print(line + ("never" if at is None else f"{at:5.2f}s"))
        if at is None:
            problems.append(f"{event.payload} is never seen")
        for t, text in (next(pending) for _ in play.taps):
            print(f"  {t:5.2f}s  tap  {text}")
            if at is not None and t < at + TAP_AFTER_SEEN:
                problems.append(f"the tap {text!r} at {t:.2f} s comes too soon after {at:.2f} s")
    for problem in problems:
        print(f"error: {problem}")
    return 1 if problems else 0


def camera_events(path: Path) -> list[tuple[float, str, str]]:
    """(t, "see" or "gone", payload) as the decoder and tracker of ``sgs-table demo`` report."""
    from vision.decode import Decoder
    from vision.sources import VideoSource
    from vision.tracker import Scanner, Tracker

    found: list[tuple[float, str, str]] = []
    with VideoSource(path) as source:
        for event in Scanner(source, Decoder(), Tracker()):
            if event.kind in ("seen", "gone"):
                verb = "see" if event.kind == "seen" else "gone"
                found.append((round(event.t, 2), verb, event.payload))
    return found


if __name__ == "__main__":
    raise SystemExit(main())
