"""How well and how fast QR codes are read: raw decoders against the pipeline.

Run ``python -m bench.bench_decode`` (``--help`` for options). In one run,
on the same frames, it measures

- raw pyzbar: the whole greyscale frame in one ``pyzbar.decode`` call;
- raw zxing-cpp: the same with ``zxingcpp.read_barcodes`` (if installed);
- the pipeline, ``vision.decode.decode`` (and with ``--zxing-pipeline`` its
  zxing backend);

on synthetic table scenes of every difficulty level (recall of fully
visible stickers, readings that are in no sticker, median and 90th
percentile time per frame) and on the real photos of
``../shared/bench/qr-photos`` (photos read to exactly their text, photos
with any reading, mean time). Times are wall-clock per call; each frame is
decoded ``--repeat`` times by each decoder and the fastest run counts, which
keeps other processes on the machine from skewing the comparison.

With ``--videos N`` it also runs N synthetic videos frame by frame through
the stream decoder (``vision.decode.Decoder``) and the pure function, once
each (a stream decoder remembers, so it cannot be timed twice on a frame).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np
from numpy.typing import NDArray

from bench.scenes import LEVELS, make_scene, make_video

Decoder = Callable[[NDArray[np.uint8]], list[str]]

PHOTOS = Path(__file__).resolve().parents[2] / "shared" / "bench" / "qr-photos"
IMAGE_SUFFIXES = {".png", ".jpg", ".jpeg", ".webp", ".bmp", ".gif", ".pgm"}


def _pyzbar_raw() -> Decoder:
    from pyzbar.pyzbar import ZBarSymbol
    from pyzbar.pyzbar import decode as pyzbar_decode

    def read(frame: NDArray[np.uint8]) -> list[str]:
        gray = frame if frame.ndim == 2 else cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
        found = pyzbar_decode(gray, symbols=[ZBarSymbol.QRCODE])
        return [d.data.decode("utf-8", errors="replace") for d in found]

    return read


def _zxing_raw() -> Decoder | None:
    try:
        import zxingcpp
    except ImportError:
        return None

    def read(frame: NDArray[np.uint8]) -> list[str]:
        gray = frame if frame.ndim == 2 else cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
        qr = zxingcpp.BarcodeFormats(zxingcpp.BarcodeFormat.QRCode)
        found = zxingcpp.read_barcodes(gray, formats=qr)
        return [b.text for b in found]

    return read


def _pipeline(backend: str) -> Decoder:
    from vision.decode import decode

    def read(frame: NDArray[np.uint8]) -> list[str]:
        return [r.payload for r in decode(frame, backend=backend)]  # type: ignore[arg-type]

    return read


def decoders(with_zxing_pipeline: bool = False) -> dict[str, Decoder]:
    """The decoders to compare, by name; zxing-cpp ones only where it is installed."""
    out: dict[str, Decoder] = {"pyzbar raw": _pyzbar_raw()}
    zx = _zxing_raw()
    if zx is not None:
        out["zxing-cpp raw"] = zx
    out["pipeline (zbar)"] = _pipeline("zbar")
    if with_zxing_pipeline and zx is not None:
        out["pipeline (zxing)"] = _pipeline("zxing")
    return out


def _timed(decoder: Decoder, frame: NDArray[np.uint8], repeat: int) -> tuple[list[str], float]:
    best = float("inf")
    texts: list[str] = []
    for _ in range(repeat):
        start = time.perf_counter()
        texts = decoder(frame)
        best = min(best, time.perf_counter() - start)
    return texts, best


@dataclass
class SceneScore:
    visible: int = 0
    read: int = 0
    false: int = 0
    times: list[float] = field(default_factory=list)

    def row(self) -> dict[str, float]:
        ms = [t * 1000 for t in self.times]
        return {
            "recall": self.read / self.visible if self.visible else 1.0,
            "read": self.read,
            "visible": self.visible,
            "false": self.false,
            "median_ms": statistics.median(ms) if ms else 0.0,
            "p90_ms": float(np.percentile(ms, 90)) if ms else 0.0,
        }


@dataclass
class PhotoScore:
    exact: int = 0
    any: int = 0
    total: int = 0
    times: list[float] = field(default_factory=list)

    def row(self) -> dict[str, float]:
        return {
            "exact": self.exact,
            "any": self.any,
            "total": self.total,
            "mean_ms": 1000 * statistics.fmean(self.times) if self.times else 0.0,
        }


class Progress:
    """One line on stderr, rewritten in place."""

    def __init__(self, total: int, quiet: bool) -> None:
        self.total, self.done, self.quiet = total, 0, quiet
        self.start = time.perf_counter()

    def step(self, what: str) -> None:
        self.done += 1
        if self.quiet:
            return
        elapsed = time.perf_counter() - self.start
        sys.stderr.write(f"\r{self.done}/{self.total} {what:<28} {elapsed:6.1f}s")
        sys.stderr.flush()

    def close(self) -> None:
        if not self.quiet:
            sys.stderr.write("\n")


def bench_scenes(
    named: dict[str, Decoder],
    levels: Sequence[str],
    count: int,
    seed: int,
    repeat: int,
    progress: Progress,
) -> dict[str, dict[str, SceneScore]]:
    scores = {name: {level: SceneScore() for level in levels} for name in named}
    for level in levels:
        for i in range(count):
            scene = make_scene(seed * 100_003 + LEVELS_ORDER.index(level) * 10_007 + i, level)
            visible = scene.visible_payloads
            for name, decoder in named.items():
                texts, seconds = _timed(decoder, scene.image, repeat)
                got = set(texts)
                score = scores[name][level]
                score.visible += len(visible)
                score.read += len(visible & got)
                score.false += len(got - scene.payloads)
                score.times.append(seconds)
            progress.step(f"{level} scene {i + 1}/{count}")
    return scores


LEVELS_ORDER = list(LEVELS)


def bench_videos(count: int, level: str, seed: int, progress: Progress) -> dict[str, SceneScore]:
    """The stream decoder against the pure function, frame by frame, on ``count``
    synthetic videos (cards played and picked up, a hand passing over)."""
    from vision.decode import Decoder, decode

    scores = {"pipeline, one frame at a time": SceneScore(), "Decoder (stream)": SceneScore()}
    for i in range(count):
        video = make_video(seed * 100_003 + i, level)
        stream = Decoder()
        for frame, truth in zip(video.frames, video.truth, strict=True):
            visible = {s.payload for s in truth if s.visible}
            present = {s.payload for s in truth}
            for name, read in (
                ("pipeline, one frame at a time", decode),
                ("Decoder (stream)", stream.decode),
            ):
                start = time.perf_counter()
                got = {r.payload for r in read(frame)}
                score = scores[name]
                score.times.append(time.perf_counter() - start)
                score.visible += len(visible)
                score.read += len(visible & got)
                score.false += len(got - present)
        progress.step(f"video {i + 1}/{count}")
    return scores


LEVELS_ORDER = list(LEVELS)


def photo_files(folder: Path) -> list[tuple[Path, str]]:
    """(image, expected text) pairs; the text file's trailing whitespace is dropped."""
    pairs = []
    for text_file in sorted(folder.glob("*.txt")):
        images = [
            p for p in folder.glob(text_file.stem + ".*") if p.suffix.lower() in IMAGE_SUFFIXES
        ]
        if images:
            # bytes, so that CR LF in the expected text stays as it is
            expected = text_file.read_bytes().decode("utf-8").rstrip()
            pairs.append((images[0], expected))
    return pairs


def bench_photos(
    named: dict[str, Decoder], folder: Path, repeat: int, progress: Progress
) -> dict[str, PhotoScore]:
    scores = {name: PhotoScore() for name in named}
    for path, expected in photo_files(folder):
        image = cv2.imread(str(path), cv2.IMREAD_COLOR)
        if image is None:
            raise SystemExit(f"OpenCV cannot read {path}")
        frame = np.asarray(image, np.uint8)
        for name, decoder in named.items():
            texts, seconds = _timed(decoder, frame, repeat)
            score = scores[name]
            score.total += 1
            score.any += bool(texts)
            score.exact += any(t.rstrip() == expected for t in texts)
            score.times.append(seconds)
        progress.step(path.name)
    return scores


def markdown(scenes: dict[str, dict[str, SceneScore]], photos: dict[str, PhotoScore] | None) -> str:
    lines = []
    if scenes:
        levels = list(next(iter(scenes.values())))
        lines.append("| decoder | level | recall | read / visible | false | median ms | p90 ms |")
        lines.append("| --- | --- | --- | --- | --- | --- | --- |")
        for name, per_level in scenes.items():
            total = SceneScore()
            for level in levels:
                s = per_level[level]
                total.visible += s.visible
                total.read += s.read
                total.false += s.false
                total.times += s.times
                lines.append(_scene_line(name, level, s))
            lines.append(_scene_line(name, "**all**", total))
    if photos:
        lines.append("")
        lines.append("| decoder | photos read exactly | photos with any reading | mean ms |")
        lines.append("| --- | --- | --- | --- |")
        for name, p in photos.items():
            r = p.row()
            lines.append(
                f"| {name} | {p.exact} / {p.total} | {p.any} / {p.total} | {r['mean_ms']:.2f} |"
            )
    return "\n".join(lines)


def _scene_line(name: str, level: str, s: SceneScore) -> str:
    r = s.row()
    return (
        f"| {name} | {level} | {100 * r['recall']:.1f}% | {s.read} / {s.visible} | {s.false} "
        f"| {r['median_ms']:.1f} | {r['p90_ms']:.1f} |"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", "--scenes", type=int, default=25, help="scenes per level")
    parser.add_argument("--levels", default=",".join(LEVELS), help="comma-separated levels")
    parser.add_argument("--seed", type=int, default=7, help="first seed of the scenes")
    parser.add_argument("--repeat", type=int, default=3, help="runs per frame; fastest counts")
    parser.add_argument("--photos", type=Path, default=PHOTOS, help="folder of NAME.img + NAME.txt")
    parser.add_argument("--no-photos", action="store_true")
    parser.add_argument("--no-scenes", action="store_true")
    parser.add_argument("--zxing-pipeline", action="store_true", help="also the zxing backend")
    parser.add_argument("--json", action="store_true", help="print JSON instead of markdown")
    parser.add_argument("--quiet", action="store_true", help="no progress line")
    parser.add_argument("--quick", action="store_true", help="5 scenes per level, one run each")
    parser.add_argument("--videos", type=int, default=0, help="videos for the stream decoder")
    parser.add_argument("--video-level", default="medium", help="difficulty of the videos")
    # ``python -m bench`` hands every benchmark the whole command line
    args, _ = parser.parse_known_args(sys.argv[1:] if argv is None else argv)
    if args.quick:
        args.scenes, args.repeat = 5, 1

    named = decoders(args.zxing_pipeline)
    levels = [lv for lv in args.levels.split(",") if lv]
    unknown = [lv for lv in levels if lv not in LEVELS]
    if unknown:
        parser.error(f"unknown level(s) {unknown}; known: {list(LEVELS)}")
    photos_wanted = not args.no_photos and args.photos.is_dir()
    total = (
        (0 if args.no_scenes else len(levels) * args.scenes)
        + (len(photo_files(args.photos)) if photos_wanted else 0)
        + args.videos
    )
    progress = Progress(total, args.quiet)
    scenes = (
        {}
        if args.no_scenes
        else bench_scenes(named, levels, args.scenes, args.seed, args.repeat, progress)
    )
    photos = bench_photos(named, args.photos, args.repeat, progress) if photos_wanted else None
    videos = (
        bench_videos(args.videos, args.video_level, args.seed, progress) if args.videos else None
    )
    progress.close()
    if args.json:
        out = {
            "scenes": {
                name: {level: s.row() for level, s in per.items()} for name, per in scenes.items()
            },
            "photos": {name: p.row() for name, p in photos.items()} if photos else None,
            "videos": {name: v.row() for name, v in videos.items()} if videos else None,
            "settings": {"scenes_per_level": args.scenes, "seed": args.seed, "repeat": args.repeat},
        }
        print(json.dumps(out, indent=2))
    else:
        print(markdown(scenes, photos))
        if videos:
            print(f"\n{args.videos} {args.video_level} video(s), every frame:\n")
            print("| decoder | recall | read / visible | false | median ms | p90 ms |")
            print("| --- | --- | --- | --- | --- | --- |")
            for name, v in videos.items():
                print(_scene_line(name, "", v).replace("|  |", "|", 1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
