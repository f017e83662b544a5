"""Does a candidate have a QR code's finder patterns at three of its corners?

A second opinion on a candidate before the costly retries: the candidate's
outline is warped to an upright square, and each corner is searched for the
finder pattern (dark 7x7 ring, light ring, dark 3x3 centre) by normalised
correlation, allowing the outline to be a couple of modules off. A code
shows it at three corners; table texture, text and card art hardly ever
do. Light-on-dark codes correlate negatively, which counts too.

Where the three patterns are found also tells where the code is far more
precisely than the blob it was found as: :func:`fit_finders` returns the
code's corners from them, in reading order, for a sharper rectification.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np
from numpy.typing import NDArray

GrayImage = NDArray[np.uint8]

PPM = 2  # warped pixels per module: enough to see a one-module ring
MARGIN = 3  # modules of slack around the 21-module outline
SIDE = 21 + 2 * MARGIN
WINDOW = 13  # modules searched at each corner: 9 (pattern and its light ring) + slack
PATTERN = 9  # modules across the template: the 7-module pattern and a light ring


def _template() -> GrayImage:
    cells = np.full((PATTERN, PATTERN), 255, np.uint8)
    cells[1:8, 1:8] = 0
    cells[2:7, 2:7] = 255
    cells[3:6, 3:6] = 0
    size = PATTERN * PPM
    return np.asarray(cv2.resize(cells, (size, size), interpolation=cv2.INTER_NEAREST), np.uint8)


_TEMPLATE = _template()


@dataclass(frozen=True)
class FinderFit:
    """The outcome of :func:`fit_finders`."""

    score: float  # correlation at the third-best corner: 0.3-0.8 for codes, < 0.2 mostly else
    inverted: bool  # the patterns are light on dark
    quad: NDArray[np.float64]  # code corners TL, TR, BR, BL (reading order), frame pixels


def clockwise(quad: NDArray[np.float64]) -> NDArray[np.float64]:
    """``quad`` (four corners in order around it) turned to run clockwise on screen."""
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = quad.tolist()
    area = (x0 * y1 - x1 * y0) + (x1 * y2 - x2 * y1) + (x2 * y3 - x3 * y2) + (x3 * y0 - x0 * y3)
    return quad if area >= 0 else quad[::-1].copy()


def _offset(lo: float, mid: float, hi: float) -> float:
    """Where a parabola through three equally spaced samples peaks, from the middle one."""
    denom = lo - 2.0 * mid + hi
    if abs(denom) < 1e-6:
        return 0.0
    return max(-0.5, min(0.5, 0.5 * (lo - hi) / denom))


def fit_finders(gray: GrayImage, quad: NDArray[np.float64]) -> FinderFit:
    """Looks for finder patterns at the corners of ``quad`` (pixels of ``gray``,
    corners in order around it) and places the code from the three best."""
    quad = clockwise(quad)
    lo, hi = MARGIN * PPM, (MARGIN + 21) * PPM
    target = np.array([[lo, lo], [hi, lo], [hi, hi], [lo, hi]], np.float32)
    warp = cv2.getPerspectiveTransform(quad.astype(np.float32), target)
    size = SIDE * PPM
    square = cv2.warpPerspective(
        gray, warp, (size, size), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
    )
    # one correlation over the whole square; each corner's best is taken from its window
    match = cv2.matchTemplate(square, _TEMPLATE, cv2.TM_CCOEFF_NORMED)
    strength = np.abs(match)
    reach = (WINDOW - PATTERN) * PPM + 1
    far = match.shape[0] - reach
    corners = ((0, 0), (far, 0), (far, far), (0, far))  # x, y of each window; clockwise
    scores: list[float] = []
    spots: list[tuple[int, int]] = []
    for x, y in corners:
        _, best, _, (bx, by) = cv2.minMaxLoc(strength[y : y + reach, x : x + reach])
        scores.append(best)
        spots.append((x + bx, y + by))
    missing = min(range(4), key=scores.__getitem__)  # no pattern: the code's bottom right
    order = ((missing + 2) % 4, (missing + 3) % 4, (missing + 1) % 4)  # TL, TR, BL
    third = sorted(scores)[1]
    negative = sum(match[spots[i][1], spots[i][0]] < 0 for i in order)
    half = PATTERN * PPM / 2
    centres = []
    last = match.shape[0] - 1
    for i in order:
        x, y = spots[i]
        dx = _offset(*strength[y, x - 1 : x + 2].tolist()) if 0 < x < last else 0.0
        dy = _offset(*strength[y - 1 : y + 2, x].tolist()) if 0 < y < last else 0.0
        centres.append((x + dx + half, y + dy + half))
    # module coordinates of the pattern centres -> warped pixels, then the code's corners
    src = np.array([[3.5, 3.5], [17.5, 3.5], [3.5, 17.5]], np.float32)
    affine = cv2.getAffineTransform(src, np.array(centres, np.float32))
    code = np.array([[[0, 0], [21, 0], [21, 21], [0, 21]]], np.float32)
    warped = cv2.transform(code, affine)
    frame = cv2.perspectiveTransform(warped, np.linalg.inv(warp))[0]
    return FinderFit(float(third), bool(negative >= 2), frame.astype(np.float64))
