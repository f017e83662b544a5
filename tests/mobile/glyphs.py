"""Is the Chinese text in a screenshot really drawn with CJK glyphs (not tofu boxes)?

A row of text is cut into glyphs at its blank columns; each glyph must look
like the same character rendered straight from the packaged font by Pillow
(correlation of ink shapes), and the glyphs of different characters must
not all look alike. A missing font draws identical boxes or nothing: both fail.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from PIL import Image, ImageDraw, ImageFont

from assistant.resources import cjk_font_path

# Glyph images are compared at this size after cropping to their ink.
CELL = 32
# The same character drawn by Kivy and by Pillow correlates at ~0.98; two
# different characters at most ~0.4, a tofu box with anything ~0.35.
SAME_GLYPH = 0.85
# Labels of ~25-30 px (tabs, seat names) match a little less well (~0.8-0.95):
# still far above a box's ~0.35.
SMALL_TEXT = 0.75

Mask = npt.NDArray[np.bool_]
Floats = npt.NDArray[np.float64]


def ink_mask(image: Image.Image, background: tuple[int, int] = (2, 2)) -> Mask:
    pixels = np.asarray(image.convert("RGB"), dtype=np.int64)
    x, y = background
    colour = pixels[y, x]
    inked: Mask = np.abs(pixels - colour).max(axis=2) > 80
    return inked


def column_runs(band: Mask, expected: int) -> list[tuple[int, int]]:
    """Horizontal extents of the glyphs; parts of one glyph (助) rejoined."""
    columns: list[bool] = np.any(band, axis=0).tolist()
    runs: list[list[int]] = []
    for x, inked in enumerate(columns):
        if inked and (not runs or runs[-1][1] != x):
            runs.append([x, x + 1])
        elif inked:
            runs[-1][1] = x + 1
    while len(runs) > expected:
        gaps = [runs[i + 1][0] - runs[i][1] for i in range(len(runs) - 1)]
        i = gaps.index(min(gaps))
        runs[i : i + 2] = [[runs[i][0], runs[i + 1][1]]]
    return [(a, b) for a, b in runs]


def normalised(gray: npt.ArrayLike) -> Floats:
    """Crop to the ink, scale to CELL x CELL, zero mean, unit length."""
    values = np.asarray(gray, dtype=np.float64)
    ys, xs = np.nonzero(values > 0.5 * values.max())
    crop = values[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1]
    image = Image.fromarray(np.uint8(255 * crop / crop.max()))
    cell = image.resize((CELL, CELL), Image.Resampling.BILINEAR)
    vector = np.asarray(cell, dtype=np.float64).ravel()
    vector = vector - vector.mean()
    norm = float(np.linalg.norm(vector))
    unit: Floats = vector / norm if norm else vector
    return unit


def reference_glyph(font: ImageFont.FreeTypeFont, ch: str) -> Floats:
    canvas = Image.new("L", (160, 160))
    ImageDraw.Draw(canvas).text((16, 8), ch, font=font, fill=255)
    return normalised(np.asarray(canvas))


def glyph_problems(band: Mask | None, text: str, threshold: float = SAME_GLYPH) -> list[str]:
    """Why the ink ``band`` (one row of text) does not show ``text``; empty when it does."""
    glyphs = text.replace(" ", "")
    if band is None or not band.any():
        return ["nothing drawn where the text should be"]
    runs = column_runs(band, len(glyphs))
    if len(runs) < len(glyphs):
        return [f"{len(runs)} glyphs drawn, expected {len(glyphs)} ({text})"]
    drawn = [normalised(band[:, a:b]) for a, b in runs]
    problems = []
    if len(set(glyphs)) > 1:
        alike = sum(
            1
            for i in range(len(drawn))
            for j in range(i + 1, len(drawn))
            if glyphs[i] != glyphs[j] and float(drawn[i] @ drawn[j]) > SAME_GLYPH
        )
        if alike:
            problems.append(f"{alike} pairs of different glyphs have the same shape (tofu?)")
    font = ImageFont.truetype(str(cjk_font_path()), 96)
    references = {ch: reference_glyph(font, ch) for ch in set(glyphs)}
    for ch, glyph in zip(glyphs, drawn, strict=True):
        scores = {other: float(glyph @ ref) for other, ref in references.items()}
        own = scores[ch]
        best = max(scores, key=lambda other: scores[other])
        if own < threshold or best != ch:
            problems.append(
                f"{ch}: the drawn glyph matches it at {own:.2f}, looks most like {best}"
            )
    return problems


def text_problems(
    screenshot: Image.Image,
    box: tuple[float, float, float, float],
    text: str,
    threshold: float = SMALL_TEXT,
) -> list[str]:
    """Check the text drawn inside ``box`` (x0, y0, x1, y1 in image pixels, y down)."""
    x0, y0, x1, y1 = (round(v) for v in box)
    crop = screenshot.convert("RGB").crop((x0 - 2, y0 - 2, x1 + 2, y1 + 2))
    mask = ink_mask(crop, background=(0, 0))
    rows = np.flatnonzero(np.any(mask, axis=1))
    if rows.size == 0:
        return [f"nothing drawn in {box} where {text!r} should be"]
    return glyph_problems(mask[rows[0] : rows[-1] + 1], text, threshold)
