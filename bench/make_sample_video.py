"""Writes ``samples/table-demo.mp4`` and its ground truth ``samples/table-demo.json``.

Run ``python -m bench.make_sample_video`` (``--help`` for the knobs). The
video is one seeded ``bench.scenes.make_video`` clip: cards played onto a
table and picked up again, a hand passing over now and then, as a phone on
a stand films it. The same seed gives the same frames on every machine (the MPEG-4
encoding may differ by a few grey levels between FFmpeg builds).

The app's fake camera and the demo play it; ``tests/assistant`` checks
``sgs-table scan`` against the JSON. For every sticker (most are game
cards, a few generals, roles, seats or action tokens) the JSON says when it
was played and picked up (null: on the table from the start, or still there
at the end) and in which frames its whole sticker was in view, uncovered.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Final

import cv2

from assistant.stickers import describe_tag
from bench.bench_tracker import score, track_video
from bench.scenes import Video, make_video
from vision.payload import parse
from vision.sources import VideoSource
from vision.tracker import DEFAULT_M, Tracker

ROOT: Final = Path(__file__).resolve().parent.parent
SEED: Final = 5
LEVEL: Final = "medium"
ACTIONS: Final = 8
# OpenCV's FFmpeg writer has no bitrate setting: its MPEG-4 of these noisy
# frames takes about 1 MB a second at 1280x720 and a fifth of that at 640x360.
SIZE: Final = (640, 360)
FOURCC: Final = "mp4v"


def intervals(frames: Sequence[int]) -> list[list[int]]:
    """Runs of consecutive frame numbers as ``[first, last]`` pairs.

    >>> intervals([3, 4, 5, 9, 10, 12])
    [[3, 5], [9, 10], [12, 12]]
    """
    runs: list[list[int]] = []
    for frame in frames:
        if runs and frame == runs[-1][1] + 1:
            runs[-1][1] = frame
        else:
            runs.append([frame, frame])
    return runs


def truth(video: Video, name: str, seed: int, level: str) -> dict[str, object]:
    """The ground truth of ``video`` as JSON-ready values."""
    fps = video.fps

    def at(frame: int | None) -> dict[str, float | int] | None:
        return None if frame is None else {"frame": frame, "t": round(frame / fps, 4)}

    visible: dict[str, list[int]] = {}
    for index, stickers in enumerate(video.truth):
        for sticker in stickers:
            if sticker.visible:
                visible.setdefault(sticker.payload, []).append(index)
    played = {e.payload: e.frame for e in video.events if e.kind == "played"}
    removed = {e.payload: e.frame for e in video.events if e.kind == "removed"}
    payloads = list(dict.fromkeys([*(s.payload for s in video.truth[0]), *played]))
    entries: list[dict[str, object]] = []
    for payload in payloads:
        frames = visible.get(payload, [])
        entries.append(
            {
                "payload": payload,
                "name": describe_tag(parse(payload)),
                "played": at(played.get(payload)),
                "removed": at(removed.get(payload)),
                "on_table_at_end": payload in video.on_table[-1],
                "first_visible": at(frames[0] if frames else None),
                "last_visible": at(frames[-1] if frames else None),
                "visible_frames": intervals(frames),
            }
        )
    height, width = video.frames[0].shape[:2]
    return {
        "video": name,
        "generator": "python -m bench.make_sample_video",
        "seed": seed,
        "level": level,
        "size": [width, height],
        "fps": fps,
        "frames": len(video.frames),
        "note": "frame numbers count from 0; t = frame / fps. 'played'/'removed' is the first "
        "frame after the card was laid down / lifted (null: on the table from the start / "
        "still there at the end); visible_frames are the runs of frames in which the whole "
        "sticker is in the picture and uncovered (a card in the hand does not count); "
        "name is what sgs-table scan prints for the sticker.",
        "stickers": entries,
        "events": [
            {"frame": e.frame, "t": round(e.frame / fps, 4), "kind": e.kind, "payload": e.payload}
            for e in video.events
        ],
    }


def write_video(video: Video, path: Path, fourcc: str = FOURCC) -> None:
    """Encodes ``video``'s frames to ``path``, then checks that every frame reads back."""
    height, width = video.frames[0].shape[:2]
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter.fourcc(*fourcc), video.fps, (width, height))
    if not writer.isOpened():
        raise RuntimeError(f"OpenCV cannot write {fourcc} video to {path}")
    for frame in video.frames:
        writer.write(frame)
    writer.release()
    capture = cv2.VideoCapture(str(path))
    count = 0
    while capture.read()[0]:
        count += 1
    capture.release()
    if count != len(video.frames):
        raise RuntimeError(f"{path}: wrote {len(video.frames)} frames, read back {count}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.make_sample_video", description=__doc__)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--level", default=LEVEL)
    parser.add_argument("--actions", type=int, default=ACTIONS)
    parser.add_argument(
        "--output", type=Path, default=ROOT / "samples" / "table-demo.mp4", help="video to write"
    )
    args = parser.parse_args(argv)
    video = make_video(args.seed, args.level, actions=args.actions, size=SIZE)
    args.output.parent.mkdir(parents=True, exist_ok=True)
    write_video(video, args.output)
    data = truth(video, args.output.name, args.seed, args.level)
    json_path = args.output.with_suffix(".json")
    json_path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    size = args.output.stat().st_size
    print(f"wrote {args.output} ({len(video.frames)} frames, {size / 1e6:.2f} MB) and {json_path}")
    # the file as a camera would give it, through the decoder and tracker
    with VideoSource(args.output) as source:
        run = track_video(video, Tracker(), (frame.image for frame in source))
    result = score(video, run, DEFAULT_M)
    verdict = "ok" if result.ok else "; ".join(result.problems)
    print(
        f"tracker on the file: {result.seen} seen, {result.gone} gone (with the final flush), "
        f"latency max {max(result.latencies, default=0)} frames: {verdict}"
    )
    return 0 if result.ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
