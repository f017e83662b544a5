"""Frames to QR readings: locate candidates cheaply, decode crops, retry the hard ones.

``decode(frame)`` reads one frame and keeps nothing. A :class:`Decoder`
reads a stream of frames and reuses what the frames before found.

Decoding a whole 1280x720 frame with zbar is slow and misses small, blurred
and tilted stickers. Here zbar only sees small images of candidates (found
by ``vision.locate``), turned upright at a few pixels per module; one it
cannot read is tried again sharpened, binarised, re-outlined from its finder
patterns or at its own scale (``vision.views``), and only if its corners
show finder patterns (``vision.finder``). ``vision.frame`` runs the steps.

>>> import numpy as np
>>> decode(np.zeros((720, 1280, 3), np.uint8))
[]
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np
from numpy.typing import NDArray

from vision.backends import Backend, CropReader, crop_reader
from vision.frame import FINDER_MIN, FrameStats, covers, merge, read_frame
from vision.locate import Candidate, Pyramid
from vision.reading import Reading
from vision.views import View, read_hard, read_quick

GrayImage = NDArray[np.uint8]

__all__ = ["Backend", "Decoder", "Reading", "decode", "to_gray"]


def to_gray(frame: NDArray[np.generic]) -> GrayImage:
    """A camera frame as one 8-bit grey channel.

    OpenCV hands over BGR; all three channels count (a code printed in red
    shows mostly in the red channel, which pyzbar given colour would never
    look at: it reads the first channel only).
    """
    if frame.dtype != np.uint8:
        raise ValueError(f"frames are 8-bit, not {frame.dtype}")
    image: GrayImage = np.asarray(frame, np.uint8)
    if image.ndim == 2:
        return image
    if image.ndim == 3 and image.shape[2] == 1:
        return np.asarray(image[:, :, 0], np.uint8)
    if image.ndim == 3 and image.shape[2] == 3:
        return np.asarray(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), np.uint8)
    if image.ndim == 3 and image.shape[2] == 4:
        return np.asarray(cv2.cvtColor(image, cv2.COLOR_BGRA2GRAY), np.uint8)
    raise ValueError(f"not an image: shape {image.shape}")


def decode(frame: NDArray[np.generic], *, backend: Backend = "zbar") -> list[Reading]:
    """Every QR code in one camera frame (BGR or grey, uint8), each read once.

    A pure function: nothing is remembered between calls (see
    :class:`Decoder` for a stream of frames). ``backend="zxing"`` decodes
    with zxing-cpp instead of zbar, where that optional package is installed.
    """
    return read_frame(Pyramid(to_gray(frame)), crop_reader(backend)).readings


# ----------------------------------------------------------------------------
# streams of frames

THUMB = 8  # change is judged on the frame shrunk this much (160 x 90 for 1280 x 720)


@dataclass
class _Memo:
    """Something learnt from a frame: a code read, or a place that failed to read,
    with the small copy of the frame it was learnt from."""

    box: tuple[float, float, float, float]  # x0, y0, x1, y1 in frame pixels
    thumb: GrayImage
    reading: Reading | None = None  # None: a place that looked like a code but did not read
    carried: int = 0  # frames since: carried over unread (a code) or kept (a failure)


class Decoder:
    """Reads a stream of frames from one camera, reusing what earlier frames found.

    Frames are compared on a small copy (THUMB times smaller). A code read
    before whose place looks as it did when it was read is carried over
    without decoding (at most ``carry`` frames in a row); one whose place
    changed is decoded again right there. If nothing in the frame changed
    since the previous one, that is all (for at most ``full_every`` frames in
    a row). Otherwise candidates are located as for a single frame, skipping
    the codes in hand and the places that failed to read before and look as
    they did then.

    Not thread-safe: one Decoder per camera thread.
    """

    def __init__(
        self,
        backend: Backend = "zbar",
        *,
        carry: int = 10,
        full_every: int = 10,
        change: float = 10.0,
    ) -> None:
        self._reader: CropReader = crop_reader(backend)
        self.carry = carry
        self.full_every = full_every
        self.change = change  # grey levels on the small copy that count as a change
        self._seen: list[_Memo] = []
        self._misses: list[_Memo] = []
        self._thumb: GrayImage | None = None
        self._quiet = 0  # frames in a row without a full search
        self.stats = FrameStats()

    def reset(self) -> None:
        """Forgets everything, e.g. when the camera moved."""
        self._seen, self._misses, self._thumb, self._quiet = [], [], None, 0

    def decode(self, frame: NDArray[np.generic]) -> list[Reading]:
        pyramid = Pyramid(to_gray(frame))
        self.stats = FrameStats()
        factor, thumb = pyramid.at_most(THUMB)
        previous, self._thumb = self._thumb, thumb

        def unchanged(box: tuple[float, float, float, float], then: GrayImage | None) -> bool:
            """Whether ``box`` (frame pixels) looks as it did in ``then``."""
            if then is None or then.shape != thumb.shape:
                return False
            h, w = thumb.shape
            x0, y0, x1, y1 = box
            a, b = max(0, int(x0 // factor) - 1), max(0, int(y0 // factor) - 1)
            c, d = min(w, int(x1 // factor) + 2), min(h, int(y1 // factor) + 2)
            diff = cv2.absdiff(thumb[b:d, a:c], then[b:d, a:c])
            return not bool((diff > self.change).any())

        kept: list[_Memo] = []
        for memo in self._seen:
            if memo.carried < self.carry and unchanged(memo.box, memo.thumb):
                memo.carried += 1
                kept.append(memo)
                continue
            for r in self._look_again(pyramid, memo.reading):
                kept.append(_Memo(_box(r), thumb, r))
        readings = merge(m.reading for m in kept if m.reading is not None)
        self._seen = [m for m in kept if m.reading in readings]

        whole = (0.0, 0.0, float(pyramid.full.shape[1]), float(pyramid.full.shape[0]))
        if unchanged(whole, previous) and self._quiet < self.full_every:
            self._quiet += 1
            return readings
        self._quiet = 0

        # a place that failed stays ruled out while all of it looks as it did then
        # (and for a while only: a full search now and then tries it again)
        for memo in self._misses:
            memo.carried += 1
        self._misses = [
            m for m in self._misses if m.carried <= self.carry and unchanged(m.box, m.thumb)
        ]

        def failed_before(cand: Candidate) -> bool:
            cx, cy = cand.centre
            for m in self._misses:
                x0, y0, x1, y1 = m.box
                mx, my, reach = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 4
                if abs(cx - mx) < reach and abs(cy - my) < reach:
                    return True
            return False

        result = read_frame(
            pyramid,
            self._reader,
            known=readings,
            ignore=failed_before,
            whole_frame=False,
            stats=self.stats,
        )
        for (cx, cy), side in result.misses:
            # the whole code and some room: a hand leaving any of it may free it
            half = 0.6 * side
            self._misses.append(_Memo((cx - half, cy - half, cx + half, cy + half), thumb))
        self._seen.extend(_Memo(_box(r), thumb, r) for r in result.readings)
        return merge([*readings, *result.readings])

    def _look_again(self, pyramid: Pyramid, old: Reading | None) -> list[Reading]:
        """Decodes the place where ``old`` was (it may have moved a little)."""
        view = None if old is None else View.of_reading(pyramid, old)
        if old is None or view is None:
            return []
        got = read_quick(self._reader, view)
        if not got:
            fit = view.fit()
            if fit.score < FINDER_MIN:
                return []  # covered or gone: no second tries every frame
            got, _ = read_hard(self._reader, view, fit)
        return [r for r in got if covers(r, old.centre, view.side) or r.payload == old.payload]


def _box(reading: Reading) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = reading.box
    return (float(x0), float(y0), float(x1), float(y1))
