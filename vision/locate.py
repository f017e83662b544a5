"""Where in a frame the QR codes may be: cheap, before any decoding.

A QR code is a square of dense, high-contrast detail ringed by a flat quiet
zone. On a small copy of the frame, "dense detail" is where the 3x3 range
(max - min) is a good part of the local brightness, which holds in dim and
bright light alike. Eroding that mask by a small disc removes text strokes,
card edges, lines of art and specks of table texture, and leaves a code's
solid square. Each remaining blob that is square enough and fills its
outline becomes a candidate, ranked by how square and how solid it is. A
code whose quiet zone is cut (art printed up to the sticker, a textured
table, blur) stays joined to the detail around it in one big blob, which is
eroded further until the joints break.

Codes of every size land in the same range of blob sizes on one level of a
pyramid (halving the frame each time), so one set of kernels serves all.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property

import cv2
import numpy as np
from numpy.typing import NDArray

GrayImage = NDArray[np.uint8]

# Detail counts as dense where range > RATIO * (local max + FLOOR): a fifth of
# the local brightness, and never less than sensor noise on a black area.
RATIO = 0.2
FLOOR = 8
# On each pyramid level a code should span about 20-64 pixels: a 21-module
# code with 1-3 pixels per module there. The ends overlap the next level's
# (a frame's smallest stickers, 2.5 pixels per module, span 26 at half size;
# a tilted table squashes that to 20).
MIN_SIDE = 20
MAX_SIDE = 64
# Erosions (disc radii, in pixels of a level), tried in turn on blobs too
# big or ragged to be a code: strokes, edges and specks go first, then the
# joints between a code and detail around it.
EROSIONS = (2, 4, 6)
MIN_FILL = 0.5  # blob area over its min-area rectangle (a code fills most of it)
MAX_ASPECT = 2.5  # a tilted table squashes codes, but not beyond this
SKEW_FILL = 0.85  # a blob far from rectangular must fill its own quadrilateral this well
SKEW_PENALTY = 0.7  # and ranks behind rectangular ones
SKEW_MIN_FILL = 0.35  # below this even a skewed square is ruled out (it fills half its box)
SMALL_PICTURE = 480  # short side; a picture this small is searched at full size too
MIN_LEVEL_SIDE = 48  # stop the pyramid when the short side gets smaller than this

_RANGE = np.ones((3, 3), np.uint8)


def _gray(image: object) -> GrayImage:
    return np.asarray(image, np.uint8)


_DISCS = {r: cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * r + 1, 2 * r + 1)) for r in EROSIONS}


@dataclass(frozen=True)
class Candidate:
    """A blob that may be a QR code, in frame pixels.

    ``box`` holds the corners of the blob's min-area rectangle (roughly the
    code's outline); ``module`` estimates pixels per module for a 21-module
    code; higher ``score`` is more code-like (fill over aspect ratio, 0-1).
    """

    box: tuple[tuple[float, float], ...]
    module: float
    score: float
    centre: tuple[float, float]
    outline: NDArray[np.int32] = field(repr=False, compare=False)  # eroded blob, level pixels
    grow: float = 0.0  # pixels the erosion took off each side, on its level
    factor: int = 1  # the pyramid level it was found on

    @property
    def side(self) -> float:
        return self.module * 21.0

    @cached_property
    def corners(self) -> tuple[tuple[float, float], ...]:
        """The blob as four corners, following a tilted code's trapezoid where the
        blob is a clean quadrilateral, else the min-area rectangle."""
        area = float(cv2.contourArea(self.outline))
        quad = _quadrilateral(self.outline, area, self.grow)
        if quad is None:
            return self.box
        return _to_frame(quad, self.factor)


def _to_frame(corners: NDArray[np.float64], factor: int) -> tuple[tuple[float, float], ...]:
    # pixel centres: level pixel (x, y) covers frame pixels factor * [x, x + 1)
    return tuple((float((x + 0.5) * factor), float((y + 0.5) * factor)) for x, y in corners)


class Pyramid:
    """A frame and copies of it halved again and again (area-averaged).

    ``levels`` maps each shrink factor (1, 2, 4, ...) to its image; the
    smallest keeps a short side of at least MIN_LEVEL_SIDE pixels.
    """

    def __init__(self, gray: GrayImage) -> None:
        self.levels: dict[int, GrayImage] = {1: gray}
        factor, image = 1, gray
        while min(image.shape) // 2 >= MIN_LEVEL_SIDE:
            h, w = image.shape
            image = _gray(cv2.resize(image, (w // 2, h // 2), interpolation=cv2.INTER_AREA))
            factor *= 2
            self.levels[factor] = image

    @property
    def full(self) -> GrayImage:
        return self.levels[1]

    def at_most(self, shrink: float) -> tuple[int, GrayImage]:
        """The most shrunken level that shrinks by no more than ``shrink``."""
        factor = 1
        while factor * 2 in self.levels and factor * 2 <= shrink:
            factor *= 2
        return factor, self.levels[factor]


def dense_mask(image: GrayImage) -> GrayImage:
    """255 where ``image`` has dense high-contrast detail."""
    high = cv2.dilate(image, _RANGE)
    spread = cv2.subtract(high, cv2.erode(image, _RANGE))
    threshold = cv2.convertScaleAbs(high, alpha=RATIO, beta=RATIO * FLOOR)
    return _gray(cv2.compare(spread, threshold, cv2.CMP_GT))


def _judge(contour: NDArray[np.int32], grow: float, factor: int) -> Candidate | bool:
    """A candidate from one eroded blob's outline (``grow`` pixels each way undo the
    erosion); else True if the blob is big enough to hold a code joined to other
    detail (worth eroding further), False if it is not."""
    _, _, w, h = cv2.boundingRect(contour)
    if max(w, h) + 2 * grow < MIN_SIDE or min(w, h) + 2 * grow < MIN_SIDE * 0.7:
        return False
    area = cv2.contourArea(contour)
    (cx, cy), (rw, rh), angle = cv2.minAreaRect(contour)
    fill = area / max(rw * rh, 1.0)
    rw, rh = rw + 2 * grow, rh + 2 * grow
    short, long = min(rw, rh), max(rw, rh)
    if short < MIN_SIDE * 0.7:
        return False
    aspect = long / max(short, 1.0)
    size = math.sqrt(rw * rh)
    if long > MAX_SIDE * 1.4 or aspect > MAX_ASPECT or fill < MIN_FILL:
        # a strongly skewed code is a good quadrilateral but fills its min-area box
        # badly: let it in on its own shape, held to a stricter fill
        skewed = None
        if fill >= SKEW_MIN_FILL and long <= MAX_SIDE * 1.4:
            corners = _quadrilateral(contour, area, grow)
            skewed = None if corners is None else _skewed_fit(corners, area, grow)
        if skewed is None:
            # worth eroding further only if a whole code could hide inside
            return short >= MIN_SIDE and size * size * fill >= MIN_SIDE * MIN_SIDE
        fill, aspect, size = skewed
        fill *= SKEW_PENALTY
    box = _to_frame(np.asarray(cv2.boxPoints(((cx, cy), (rw, rh), angle)), np.float64), factor)
    centre = (float((cx + 0.5) * factor), float((cy + 0.5) * factor))
    return Candidate(box, size * factor / 21.0, fill / aspect, centre, contour, grow, factor)


def _skewed_fit(
    corners: NDArray[np.float64], area: float, grow: float
) -> tuple[float, float, float] | None:
    """(fill, aspect, size) of a blob judged on its own four corners, or None if it
    does not fill them well or is too long or too big for a code."""
    quad_area = float(cv2.contourArea(corners.astype(np.float32)))
    sides = np.hypot(*(np.roll(corners, -1, axis=0) - corners).T)
    fill = min(1.0, (area + grow * float(sides.sum())) / max(quad_area, 1.0))
    aspect = float(sides.max()) / max(float(sides.min()), 1.0)
    if fill < SKEW_FILL or aspect > MAX_ASPECT or float(sides.max()) > MAX_SIDE * 1.4:
        return None
    return fill, aspect, math.sqrt(quad_area)


def _quadrilateral(
    contour: NDArray[np.int32], area: float, grow: float
) -> NDArray[np.float64] | None:
    """The blob's outline as four corners, each side pushed out by ``grow``; None if
    it is no quadrilateral. On a tilted table a code is a trapezoid, not the
    rectangle a min-area box would make of it."""
    hull = cv2.convexHull(contour)
    perimeter = cv2.arcLength(hull, True)
    for share in (0.03, 0.06, 0.1):
        approx = cv2.approxPolyDP(hull, share * perimeter, True)
        if len(approx) == 4:
            break
    else:
        return None
    corners = approx.reshape(4, 2).astype(np.float64)
    if cv2.contourArea(corners.astype(np.float32)) < 0.9 * max(area, 1.0):
        return None
    # each side moves out along its normal; new corners are where neighbours meet
    pts = corners.tolist()
    mx = sum(p[0] for p in pts) / 4
    my = sum(p[1] for p in pts) / 4
    lines = []
    for i in range(4):
        (px, py), (qx, qy) = pts[i], pts[(i + 1) % 4]
        dx, dy = qx - px, qy - py
        length = math.hypot(dx, dy) or 1e-9
        nx, ny = dy / length, -dx / length
        if nx * (px - mx) + ny * (py - my) < 0:
            nx, ny = -nx, -ny
        lines.append((px + nx * grow, py + ny * grow, dx, dy))
    out = np.empty((4, 2))
    for i in range(4):
        x1, y1, dx1, dy1 = lines[i - 1]
        x2, y2, dx2, dy2 = lines[i]
        cross = dx1 * dy2 - dy1 * dx2
        if abs(cross) < 1e-9:
            return None
        t = ((x2 - x1) * dy2 - (y2 - y1) * dx2) / cross
        out[i] = (x1 + t * dx1, y1 + t * dy1)
    return out


def _outlines(
    mask: GrayImage, radius: float, offset: tuple[int, int] = (0, 0)
) -> list[NDArray[np.int32]]:
    """Outlines of the blobs in ``mask`` (eroded by ``radius``) that may matter.

    Most blobs are specks of texture. A blob that grows back to MIN_SIDE
    across has an outline of at least about 2.5 times its eroded side in
    points (a diagonal square's); shorter outlines are dropped unlooked-at.
    """
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE, offset=offset)
    shortest = 2.5 * max(MIN_SIDE * 0.7 - 2 * radius, 2.0)
    return [np.asarray(c, np.int32) for c in contours if len(c) >= shortest]


def _split(
    dense: GrayImage, outline: NDArray[np.int32], radii: Sequence[int], factor: int
) -> list[Candidate]:
    """Candidates inside one blob too big or ragged to be a code, found by eroding
    it further (only its own bounding box is worked on)."""
    if not radii:
        return []
    x, y, w, h = cv2.boundingRect(outline)
    region = np.zeros((h, w), np.uint8)
    cv2.drawContours(region, [outline], -1, 255, cv2.FILLED, offset=(-x, -y))
    region = _gray(cv2.bitwise_and(region, dense[y : y + h, x : x + w]))
    core = _gray(cv2.erode(region, _DISCS[radii[0]]))
    found: list[Candidate] = []
    for part in _outlines(core, radii[0], (x, y)):
        verdict = _judge(part, radii[0], factor)
        if isinstance(verdict, Candidate):
            found.append(verdict)
        elif verdict:
            found.extend(_split(dense, part, radii[1:], factor))
    return found


def level_candidates(image: GrayImage, factor: int) -> list[Candidate]:
    """Candidates on one pyramid level, in frame pixels.

    The dense mask is eroded by a disc, which removes strokes, edges and
    specks and leaves a code's solid square. A code whose quiet zone is cut
    (art printed up to the sticker, a textured table, blur) stays joined to
    the detail around it in one big blob; such blobs are eroded further,
    which cuts the narrow joints.
    """
    dense = dense_mask(image)
    first = EROSIONS[0]
    found: list[Candidate] = []
    for outline in _outlines(_gray(cv2.erode(dense, _DISCS[first])), first):
        verdict = _judge(outline, first, factor)
        if isinstance(verdict, Candidate):
            found.append(verdict)
        elif verdict:
            found.extend(_split(dense, outline, EROSIONS[1:], factor))
    return found


def find_candidates(frame: Pyramid | GrayImage, finest: int | None = None) -> list[Candidate]:
    """Candidate codes from every pyramid level from ``finest`` on, most code-like first.

    By default a camera frame is searched from half size on (its codes have
    2.5 or more pixels per module), a small picture also at full size.
    The same code may show up on two neighbouring levels; the caller skips a
    candidate that falls on a code already read.
    """
    pyramid = frame if isinstance(frame, Pyramid) else Pyramid(frame)
    if finest is None:
        finest = 1 if min(pyramid.full.shape) <= SMALL_PICTURE else 2
    found: list[Candidate] = []
    for factor, image in pyramid.levels.items():
        if factor >= finest:
            found.extend(level_candidates(image, factor))
    found.sort(key=lambda c: -c.score)
    return found
