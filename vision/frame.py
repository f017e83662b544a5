"""Reading one frame: candidates first, quick looks, then second tries for the few
that show finder patterns.

1. ``vision.locate`` finds blobs that may be codes; blobs that are one code
   seen twice are grouped.
2. Each group, most code-like first, gets one quick look (upright, 3-4
   pixels per module, zbar scanning every second line). Groups falling on a
   code already read are skipped.
3. A group the quick look could not read is checked for finder patterns
   (``vision.finder``); if it shows them, it gets the second tries of
   ``vision.views.LADDER``, strongest patterns first, at most MAX_HARD per
   frame. If it does not, but looked much like a code, it gets one look
   with room around it (glare or shadow may have cut the blob down to part
   of a code).
4. A small picture in which nothing was read is scanned whole, as is and
   enhanced: photos of one code that fills the picture have no blob to find.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field

import cv2
import numpy as np
from numpy.typing import NDArray

from vision import enhance
from vision.backends import CropReader
from vision.finder import FinderFit
from vision.locate import Candidate, Pyramid, find_candidates
from vision.reading import Reading
from vision.views import View, read_hard, read_quick, read_wide, readings

GrayImage = NDArray[np.uint8]
Matrix = NDArray[np.float64]

QUICK_SCORE = 0.45  # groups less code-like than this get no quick look (see locate)
FIT_SCORE = 0.3  # nor, below this, a look for finder patterns
# A group gets second tries only if its corners show finder patterns this
# clearly (see vision.finder): codes score 0.3-0.8, texture and text below 0.2.
FINDER_MIN = 0.22
FITS = 2  # members of a group searched for finder patterns
MAX_HARD = 6  # groups given second tries per frame; bounds the slowest frame
SMALL_FRAME = 700_000  # pixels; a picture this small is scanned whole as a last resort


@dataclass
class FrameStats:
    """What one frame's reading did, for tuning and the benchmark."""

    candidates: int = 0
    quick: int = 0
    hard: int = 0
    rescued_by: list[str] = field(default_factory=list)  # second tries that read a code
    whole: bool = False


@dataclass
class FrameResult:
    readings: list[Reading]
    # places that looked like codes but could not be read: (centre, side) in frame pixels
    misses: list[tuple[tuple[float, float], float]]


def inside(point: tuple[float, float], reading: Reading) -> bool:
    """Whether ``point`` lies within ``reading``'s polygon (or its box, for fewer than
    three corners)."""
    if len(reading.polygon) < 3:
        x0, y0, x1, y1 = reading.box
        return x0 <= point[0] <= x1 and y0 <= point[1] <= y1
    contour = np.array(reading.polygon, np.float32).reshape(-1, 1, 2)
    return bool(cv2.pointPolygonTest(contour, point, False) >= 0)


def covers(reading: Reading, centre: tuple[float, float], side: float) -> bool:
    """Whether a candidate of ``side`` at ``centre`` is ``reading``'s code again and not
    a smaller code inside it (a code printed within another's quiet zone)."""
    x0, y0, x1, y1 = reading.box
    return max(x1 - x0, y1 - y0) < 2.5 * side and inside(centre, reading)


def merge(found: Iterable[Reading]) -> list[Reading]:
    """Drops repeats: the same text read twice at the same place (two looks, two levels)."""
    kept: list[Reading] = []
    for r in found:
        if not any(k.payload == r.payload and inside(r.centre, k) for k in kept):
            kept.append(r)
    return kept


def groups(candidates: Sequence[Candidate]) -> list[list[Candidate]]:
    """Candidates that are one blob seen more than once (on two pyramid levels, or
    eroded twice: close centres, similar sizes) grouped, best-scored first."""
    out: list[list[Candidate]] = []
    for cand in candidates:  # best first
        cx, cy = cand.centre
        side = cand.side
        for group in out:
            k = group[0]
            kx, ky = k.centre
            if math.hypot(cx - kx, cy - ky) < 0.3 * max(side, k.side) and (
                0.67 < side / k.side < 1.5
            ):
                group.append(cand)
                break
        else:
            out.append([cand])
    return out


@dataclass
class _Outcome:
    """What the first look at one group came to."""

    read: list[Reading] = field(default_factory=list)
    second: tuple[FinderFit, View] | None = None  # worth second tries
    miss: tuple[tuple[float, float], float] | None = None
    quick: bool = False


def _first_look(pyramid: Pyramid, reader: CropReader, group: list[Candidate]) -> _Outcome:
    best = group[0]
    out = _Outcome()
    if best.score >= QUICK_SCORE:
        out.quick = True
        out.read = read_quick(reader, View.of(pyramid, best))
        if out.read:
            return out
    # the blob that scored best is not always the one outlined best
    fit, view = max(
        ((v.fit(), v) for v in (View.of(pyramid, c) for c in group[:FITS])),
        key=lambda pair: pair[0].score,
    )
    if fit.score >= FINDER_MIN:
        out.second = (fit, view)
    elif best.score >= QUICK_SCORE:
        # no finder patterns where the blob says: glare or shadow may have cut the
        # blob down to part of a code, so the code gets one look with room around it
        out.read = read_wide(reader, View.of(pyramid, best))
        if not out.read:
            out.miss = (best.centre, best.side)
    return out


def read_frame(
    pyramid: Pyramid,
    reader: CropReader,
    *,
    known: Sequence[Reading] = (),
    ignore: Callable[[Candidate], bool] | None = None,
    whole_frame: bool | None = None,
    stats: FrameStats | None = None,
) -> FrameResult:
    """Every code in one frame that is not in ``known`` already.

    ``ignore`` may rule out candidates before any decoding (a stream decoder
    skips places that did not change since they failed). ``whole_frame``
    decides whether a frame with nothing read is finally scanned whole; by
    default only small pictures are (it costs time in proportion to area).
    """
    stats = stats if stats is not None else FrameStats()
    found: list[Reading] = []
    done = list(known)
    misses: list[tuple[tuple[float, float], float]] = []
    grouped = groups(find_candidates(pyramid))
    stats.candidates = len(grouped)
    hard: list[tuple[FinderFit, View]] = []
    for group in grouped:
        best = group[0]
        if best.score < FIT_SCORE:
            break  # groups come best first: the rest are less code-like still
        if any(covers(r, best.centre, best.side) for r in done):
            continue  # a code read already: the same code seen twice
        if ignore is not None and ignore(best):
            continue
        out = _first_look(pyramid, reader, group)
        stats.quick += out.quick
        found.extend(out.read)
        done.extend(out.read)
        if out.second is not None:
            hard.append(out.second)
        if out.miss is not None:
            misses.append(out.miss)
    hard.sort(key=lambda pair: -pair[0].score)  # clearest finder patterns first
    for fit, view in hard:
        if stats.hard == MAX_HARD:
            break
        if any(covers(r, view.centre, view.side) for r in done):
            continue
        stats.hard += 1
        got, how = read_hard(reader, view, fit)
        if got:
            stats.rescued_by.append(how)
            found.extend(got)
            done.extend(got)
        else:
            misses.append((view.centre, view.side))
    gray = pyramid.full
    if whole_frame is None:
        whole_frame = gray.size <= SMALL_FRAME
    if whole_frame and not found and not known:
        stats.whole = True
        found = read_whole(reader, gray)
    return FrameResult(merge(found), misses)


def whole_looks(gray: GrayImage) -> Iterator[tuple[GrayImage, Matrix]]:
    """The whole picture, as is and enhanced, most often useful first.

    For photos of one code that fills the frame: such a code may lack a
    quiet zone (padding adds one), sit under uneven light (local thresholds
    at a few scales), be light on dark, or be tiny (enlarged without blur).
    """
    h, w = gray.shape
    side = min(h, w)
    border = max(8, side // 10)
    yield gray, np.eye(3)
    yield enhance.padded(gray, border)
    big, to_big = enhance.resized(gray, 2.0)
    yield enhance.binarised(big, block=max(15, side // 4)), to_big
    yield enhance.padded(enhance.inverted(gray), border)
    small, to_small = enhance.resized(gray, 0.5)
    yield enhance.binarised(small, block=max(15, side // 8)), to_small
    yield enhance.binarised(big, block=max(15, side // 8)), to_big
    if side <= 120:
        # a pixel or two per module: nearest-neighbour keeps the edges sharp
        up = np.asarray(cv2.resize(gray, (w * 4, h * 4), interpolation=cv2.INTER_NEAREST), np.uint8)
        image, pad = enhance.padded(up, 16)
        yield image, enhance.scaling(4.0) @ pad
    yield enhance.resized(gray, 3.0)


def read_whole(reader: CropReader, gray: GrayImage) -> list[Reading]:
    """The first whole-picture look that reads anything."""
    for image, back in whole_looks(gray):
        got = readings(reader.read(image), back)
        if got:
            return got
    return []
