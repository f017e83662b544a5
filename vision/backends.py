"""The QR decoders behind the pipeline: zbar always, zxing-cpp where installed.

A backend reads one small greyscale image and returns the texts it found
with each code's corners in that image's pixels.
"""

from __future__ import annotations

from typing import Literal, Protocol

import numpy as np
from numpy.typing import NDArray

from vision.zbar import text_of, thread_scanner

GrayImage = NDArray[np.uint8]
Found = list[tuple[str, NDArray[np.float64]]]  # text, and corners in the image read
Backend = Literal["zbar", "zxing"]


class CropReader(Protocol):
    """A QR decoder for one small greyscale image. ``quick`` may trade a little
    sensitivity for speed (zbar then scans every second row and column)."""

    def read(self, gray: GrayImage, quick: bool = False) -> Found: ...


class ZbarReader:
    """zbar in binary mode, through each thread's own scanners (a scanner keeps
    state between images, so threads cannot share one)."""

    def read(self, gray: GrayImage, quick: bool = False) -> Found:
        scanner = thread_scanner(2 if quick else 1)
        return [
            (text_of(data), np.array(corners, np.float64))
            for data, corners in scanner.scan(gray)
            if corners
        ]


class ZxingReader:
    """zxing-cpp (optional: ``pip install zxing-cpp``), light-on-dark codes included."""

    def __init__(self) -> None:
        import zxingcpp

        self._zx = zxingcpp

    def read(self, gray: GrayImage, quick: bool = False) -> Found:
        zx = self._zx
        found: Found = []
        qr = zx.BarcodeFormats(zx.BarcodeFormat.QRCode)
        codes = zx.read_barcodes(gray, formats=qr, try_downscale=False, try_invert=True)
        for code in codes:
            p = code.position
            corners = (p.top_left, p.top_right, p.bottom_right, p.bottom_left)
            found.append((code.text, np.array([[c.x, c.y] for c in corners], np.float64)))
        return found


def crop_reader(backend: Backend = "zbar") -> CropReader:
    """The decoder behind ``backend``; "zxing" needs the optional zxing-cpp package
    (ImportError without it)."""
    if backend == "zbar":
        return ZbarReader()
    if backend == "zxing":
        return ZxingReader()
    raise ValueError(f"unknown backend {backend!r}: use 'zbar' or 'zxing'")
