"""Ways to show one candidate code to a decoder.

A :class:`View` is a candidate in the frame: its outline and estimated
module size. From it come the images a decoder is given, each with the map
from its pixels back to the frame's: the quick look (the candidate turned
upright at a few pixels per module), and the second tries of :data:`LADDER`
for a candidate whose corners show finder patterns but which the quick look
could not read.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from vision import enhance
from vision.backends import CropReader, Found
from vision.finder import FinderFit, clockwise, fit_finders
from vision.locate import Candidate, Pyramid
from vision.reading import Reading

GrayImage = NDArray[np.uint8]
Matrix = NDArray[np.float64]

# zbar reads sharp modules from about 2 pixels and works fastest at 3-4: the
# quick look shows a candidate at QUICK_MODULE pixels per module (at its own
# size if smaller, down to QUICK_MIN: a blob that small is seldom a code and
# is cheapest ruled out small).
QUICK_MODULE = 3.5
QUICK_MIN = 2.0
# A blob this many pixels across may be a code of a higher version than a
# sticker's (57 modules at version 10): it also gets a look at its own scale.
LARGE_CODE = 150.0
BIG_MODULE = 4.5  # pixels; see second_tries
WIDE_MARGIN = 0.8  # share of the side added around a blob that may be part of a code

# Second tries, cheapest first by rescues per millisecond on the synthetic
# scenes: (outline, pixels per module, border, filter). "blob" is the
# candidate warped upright by its own outline, "fit" by the outline fitted to
# its finder patterns (border in modules); "native" is the frame around it,
# only scaled, for zbar to find its own way through turns and tilt that a
# rough outline would get wrong (border as a share of the code's side).
LADDER: tuple[tuple[str, float, float, str], ...] = (
    ("blob", 3.5, 3.0, "sharp"),
    ("native", 3.0, 0.2, "sharp"),
    ("fit", 5.0, 3.0, "binarise"),
    ("fit", 3.5, 3.0, "sharp"),
)


def readings(found: Found, back: Matrix) -> list[Reading]:
    """Decoder results as readings, corners mapped by ``back`` to frame pixels."""
    out = []
    for text, corners in found:
        pts = np.hstack([corners, np.ones((len(corners), 1))]) @ back.T
        frame = pts[:, :2] / pts[:, 2:3]
        out.append(Reading(text, tuple((round(float(x)), round(float(y))) for x, y in frame)))
    return out


@dataclass
class View:
    """A candidate code in a frame."""

    pyramid: Pyramid
    quad: NDArray[np.float64]  # outline in frame pixels, corners clockwise
    module: float  # estimated pixels per module

    @staticmethod
    def of(pyramid: Pyramid, cand: Candidate) -> View:
        return View(pyramid, clockwise(np.array(cand.corners, np.float64)), cand.module)

    @staticmethod
    def of_reading(pyramid: Pyramid, reading: Reading) -> View | None:
        """The place of an earlier reading, to look there again; None unless it has
        four corners."""
        if len(reading.polygon) != 4:
            return None
        quad = clockwise(np.array(reading.polygon, np.float64))
        x, y = quad[:, 0], quad[:, 1]
        area = 0.5 * abs(float(np.dot(x, np.roll(y, -1)) - np.dot(y, np.roll(x, -1))))
        return View(pyramid, quad, math.sqrt(max(area, 1.0)) / 21.0)

    @property
    def centre(self) -> tuple[float, float]:
        c = self.quad.mean(axis=0)
        return (float(c[0]), float(c[1]))

    @property
    def side(self) -> float:
        return self.module * 21.0

    def crop(self, margin: float) -> tuple[GrayImage, Matrix]:
        """The frame around the outline, grown by ``margin`` of its side (and 4 pixels),
        and the map from the crop's pixels to the frame's."""
        gray = self.pyramid.full
        height, width = gray.shape
        pad = margin * self.side + 4
        x0 = max(0, int(self.quad[:, 0].min() - pad))
        y0 = max(0, int(self.quad[:, 1].min() - pad))
        x1 = min(width, math.ceil(self.quad[:, 0].max() + pad))
        y1 = min(height, math.ceil(self.quad[:, 1].max() + pad))
        shift = np.array([[1.0, 0.0, x0], [0.0, 1.0, y0], [0.0, 0.0, 1.0]])
        return gray[y0:y1, x0:x1], shift

    def upright(self, pixels_per_module: float, border: float = 6.0) -> tuple[GrayImage, Matrix]:
        """The candidate warped upright, from the pyramid level nearest in scale."""
        factor, source = self.pyramid.at_most(self.module / pixels_per_module * 1.4)
        image, back = enhance.rectified(
            source, self.quad / factor, pixels_per_module, border=border
        )
        return image, enhance.scaling(1.0 / factor) @ back

    def fit(self) -> FinderFit:
        """Its finder patterns, searched on the pyramid level nearest 2 px per module."""
        factor, source = self.pyramid.at_most(self.module / 2.0 * 1.4)
        found = fit_finders(source, self.quad / factor)
        return FinderFit(found.score, found.inverted, found.quad * factor)


def quick_looks(view: View) -> Iterator[tuple[GrayImage, Matrix, bool]]:
    """The cheap looks at a candidate: (image, map to frame, quick scan allowed)."""
    ppm = float(np.clip(view.module, QUICK_MIN, QUICK_MODULE))
    image, back = view.upright(ppm)
    yield image, back, True
    if view.side >= LARGE_CODE:
        crop, shift = view.crop(0.15)
        image, local = enhance.resized(crop, min(1.0, 2.0 * 57.0 / view.side))
        yield image, shift @ local, False


def _filtered(image: GrayImage, how: str, ppm: float) -> GrayImage:
    if how == "sharp":
        return enhance.sharpened(image, sigma=ppm * 0.5)
    if how == "binarise":
        return enhance.binarised(image, block=int(ppm * 4))
    return image


def variant(
    view: View, fit: FinderFit, outline: str, ppm: float, border: float, how: str
) -> tuple[GrayImage, Matrix]:
    """One second-try image of ``view`` (see LADDER) and its map to the frame."""
    if outline == "native":
        crop, shift = view.crop(border)
        image, local = enhance.resized(crop, ppm / max(view.module, 1e-3))
        back = shift @ local
    else:
        source = view if outline == "blob" else View(view.pyramid, fit.quad, view.module)
        image, back = source.upright(ppm, border)
    if fit.inverted:
        image = enhance.inverted(image)
    return _filtered(image, how, ppm), back


def second_tries(view: View, fit: FinderFit) -> Iterator[tuple[str, GrayImage, Matrix]]:
    """The LADDER's images for ``view``, made one at a time as they are asked for.

    A code of large modules that the quick look missed is seldom blurred past
    reading (blur is tied to the lens, not to the code's size) but more often
    partly covered, which no second try mends: it gets the first two only.
    """
    steps = LADDER if view.module < BIG_MODULE else LADDER[:2]
    for outline, ppm, border, how in steps:
        image, back = variant(view, fit, outline, ppm, border, how)
        yield f"{outline}-{ppm:g}-{border:g}-{how}", image, back


def read_quick(reader: CropReader, view: View) -> list[Reading]:
    for image, back, quick in quick_looks(view):
        got = readings(reader.read(image, quick), back)
        if got:
            return got
    return []


def read_wide(reader: CropReader, view: View) -> list[Reading]:
    """The frame around ``view`` with most of its size to spare on every side: for a
    blob that may be only part of its code."""
    crop, shift = view.crop(WIDE_MARGIN)
    image, local = enhance.resized(crop, QUICK_MODULE / max(view.module, 1e-3))
    return readings(reader.read(image), shift @ local)


def read_hard(reader: CropReader, view: View, fit: FinderFit) -> tuple[list[Reading], str]:
    """The first second try that reads, and its name ("" if none did)."""
    for name, image, back in second_tries(view, fit):
        got = readings(reader.read(image), back)
        if got:
            return got, name
    return [], ""
