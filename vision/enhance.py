"""Image operations that help the decoder with a hard crop.

Those that move pixels return, with the new image, the 3x3 matrix that maps
the new image's pixels back to the old one's, so that corners found in it
can be placed in the frame.
"""

from __future__ import annotations

import cv2
import numpy as np
from numpy.typing import NDArray

GrayImage = NDArray[np.uint8]
Matrix = NDArray[np.float64]


def _gray(image: object) -> GrayImage:
    return np.asarray(image, np.uint8)


def scaling(factor: float) -> Matrix:
    """Maps pixels of an image resized by ``factor`` back to the original."""
    return np.diag([1.0 / factor, 1.0 / factor, 1.0])


def resized(crop: GrayImage, factor: float) -> tuple[GrayImage, Matrix]:
    """``crop`` scaled by ``factor``: area averaging down, bicubic up."""
    if abs(factor - 1.0) < 1e-3:
        return crop, np.eye(3)
    h, w = crop.shape
    size = (max(1, round(w * factor)), max(1, round(h * factor)))
    method = cv2.INTER_AREA if factor < 1 else cv2.INTER_CUBIC
    return _gray(cv2.resize(crop, size, interpolation=method)), scaling(size[0] / w)


def sharpened(image: GrayImage, sigma: float, amount: float = 1.5) -> GrayImage:
    """Unsharp mask: undoes some lens blur, so module edges get steep enough for zbar."""
    blurred = cv2.GaussianBlur(image, (0, 0), sigma)
    return _gray(cv2.addWeighted(image, 1.0 + amount, blurred, -amount, 0))


def binarised(image: GrayImage, block: int, offset: float = 2.0) -> GrayImage:
    """Local-mean threshold over ``block`` pixels: evens out glare, shadow and low contrast."""
    block = max(3, block | 1)
    return _gray(
        cv2.adaptiveThreshold(
            image, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY, block, offset
        )
    )


def inverted(image: GrayImage) -> GrayImage:
    """Light modules on a dark ground become the usual dark on light."""
    return _gray(cv2.bitwise_not(image))


def padded(image: GrayImage, border: int) -> tuple[GrayImage, Matrix]:
    """A white frame around ``image``: a code printed to the edge gets the quiet zone
    zbar needs to find its finder patterns."""
    out = cv2.copyMakeBorder(image, border, border, border, border, cv2.BORDER_CONSTANT, value=255)
    back = np.array([[1.0, 0.0, -border], [0.0, 1.0, -border], [0.0, 0.0, 1.0]])
    return _gray(out), back


def rectified(
    gray: GrayImage,
    quad: NDArray[np.float64],
    pixels_per_module: float,
    modules: float = 21.0,
    border: float = 6.0,
) -> tuple[GrayImage, Matrix]:
    """The quadrilateral ``quad`` (pixels of ``gray``, corners clockwise from the
    code's top left) warped to an upright square ``modules`` modules across at
    ``pixels_per_module``, with ``border`` modules around it (the quiet zone and
    slack for a rough outline).

    Upright modules are what zbar's row and column scans read best; an outline
    that follows a trapezoid also undoes most of a tilted table's squashing.
    Shrinking by much more than 1.5 aliases: pass a smaller copy of the image.
    """
    lo, hi = border * pixels_per_module, (border + modules) * pixels_per_module
    target = np.array([[lo, lo], [hi, lo], [hi, hi], [lo, hi]], np.float32)
    forward = cv2.getPerspectiveTransform(quad.astype(np.float32), target)
    size = round((modules + 2 * border) * pixels_per_module)
    out = cv2.warpPerspective(
        gray, forward, (size, size), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
    )
    return _gray(out), np.asarray(np.linalg.inv(forward), np.float64)
