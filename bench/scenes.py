"""Synthetic table scenes: a phone's view of Sanguosha cards carrying QR stickers.

Everything is drawn from a seeded :class:`numpy.random.Generator`, so a seed
and a level name give the same picture on every machine. Each scene comes
with its ground truth: every sticker's payload, the corners of its code in
frame pixels, and whether the whole sticker is in view (inside the frame and
not under another card or a hand).

The drawing follows the camera, not the decoder: cards are laid on a table
plane, a tilted pinhole camera looks at it, and the optics and the phone
spoil the picture in the order they do in a real camera (light, lens blur,
shake, sensor noise, JPEG). Blur and shake are sized in modules of the
smallest sticker in view, so the hardest levels stay at the edge of what is
readable rather than past it.

``make_scene(seed, level)`` gives one picture; ``LEVELS`` holds the levels
easy, medium, hard and extreme (any :class:`Difficulty` will do).

``make_video`` plays cards onto the table and takes them away with a hand,
for the tracker.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import cv2
import numpy as np
import segno
from numpy.typing import NDArray

from bench.payloads import card_payload, other_payload

Image = NDArray[np.uint8]
FloatImage = NDArray[np.float32]
Matrix = NDArray[np.float64]
Point = tuple[float, float]

FRAME_SIZE = (1280, 720)
SUPERSAMPLE = 2  # cards are drawn at twice the frame size, then averaged down (no aliasing)
QUIET = 4  # quiet-zone width in modules
CODE = 21  # modules across a version-1 symbol
STICKER = CODE + 2 * QUIET


@dataclass(frozen=True)
class Difficulty:
    """How hard a level is. Ranges are (low, high) and are sampled per scene."""

    name: str
    module_px: tuple[float, float]  # module size at the frame centre (never below the low end)
    cards: tuple[int, int]
    tilt_deg: float  # most camera tilt away from looking straight down
    defocus: tuple[float, float]  # lens blur sigma, in modules of the smallest sticker
    motion: tuple[float, float]  # shake length, likewise
    noise: tuple[float, float]  # sensor noise sigma, grey levels
    jpeg: tuple[int, int]
    glare: float  # chance of each of up to three glare spots
    shadow: float  # chance of a soft shadow over part of the table
    ink: tuple[int, int]  # grey level of printed black
    brightness: tuple[float, float]
    gradient: float  # strength of uneven lighting
    spill: float  # how far card centres may lie outside the frame, in card widths
    pile: float  # chance that a card is dropped onto another one
    inverted: float = 0.0  # chance of a light-on-dark sticker


LEVELS: dict[str, Difficulty] = {
    "easy": Difficulty(
        name="easy",
        module_px=(3.5, 6.0),
        cards=(3, 6),
        tilt_deg=10.0,
        defocus=(0.0, 0.12),
        motion=(0.0, 0.15),
        noise=(1.0, 3.0),
        jpeg=(85, 95),
        glare=0.0,
        shadow=0.0,
        ink=(10, 40),
        brightness=(0.85, 1.0),
        gradient=0.15,
        spill=0.0,
        pile=0.0,
    ),
    "medium": Difficulty(
        name="medium",
        module_px=(3.0, 5.0),
        cards=(4, 9),
        tilt_deg=20.0,
        defocus=(0.08, 0.25),
        motion=(0.0, 0.3),
        noise=(2.0, 5.0),
        jpeg=(70, 90),
        glare=0.2,
        shadow=0.2,
        ink=(15, 60),
        brightness=(0.7, 1.0),
        gradient=0.3,
        spill=0.3,
        pile=0.15,
    ),
    "hard": Difficulty(
        name="hard",
        module_px=(2.5, 4.0),
        cards=(6, 12),
        tilt_deg=30.0,
        defocus=(0.12, 0.32),
        motion=(0.0, 0.45),
        noise=(3.0, 6.0),
        jpeg=(50, 80),
        glare=0.35,
        shadow=0.35,
        ink=(15, 70),
        brightness=(0.55, 1.0),
        gradient=0.45,
        spill=0.4,
        pile=0.25,
    ),
    "extreme": Difficulty(
        name="extreme",
        module_px=(2.5, 3.5),
        cards=(8, 16),
        tilt_deg=40.0,
        defocus=(0.15, 0.38),
        motion=(0.0, 0.6),
        noise=(3.0, 8.0),
        jpeg=(40, 70),
        glare=0.5,
        shadow=0.5,
        ink=(20, 80),
        brightness=(0.5, 1.0),
        gradient=0.6,
        spill=0.5,
        pile=0.3,
        inverted=0.03,
    ),
}


@dataclass(frozen=True)
class StickerTruth:
    """One sticker as the camera sees it."""

    payload: str
    polygon: tuple[Point, ...]  # corners of the code (not the quiet zone): TL, TR, BR, BL
    visible: bool  # the whole sticker, quiet zone included, is in the frame and uncovered
    module_px: float  # mean module size in frame pixels
    inverted: bool = False


@dataclass
class Scene:
    image: Image  # BGR, as OpenCV gives frames
    stickers: list[StickerTruth]
    level: str
    seed: int

    @property
    def visible_payloads(self) -> set[str]:
        return {s.payload for s in self.stickers if s.visible}

    @property
    def payloads(self) -> set[str]:
        return {s.payload for s in self.stickers}


@dataclass(frozen=True)
class VideoEvent:
    frame: int  # first frame in which the change holds
    kind: str  # "played" (card laid on the table) or "removed" (card picked up)
    payload: str


@dataclass
class Video:
    frames: list[Image]
    truth: list[list[StickerTruth]]  # per frame
    on_table: list[frozenset[str]]  # per frame: cards lying on the table, seen or covered
    events: list[VideoEvent]
    fps: float = 30.0


# ----------------------------------------------------------------------------
# geometry


def _translate(dx: float, dy: float) -> Matrix:
    return np.array([[1.0, 0.0, dx], [0.0, 1.0, dy], [0.0, 0.0, 1.0]])


def _rotate(angle: float) -> Matrix:
    c, s = math.cos(angle), math.sin(angle)
    return np.array([[c, -s, 0.0], [s, c, 0.0], [0.0, 0.0, 1.0]])


def _scale(sx: float, sy: float | None = None) -> Matrix:
    return np.diag([sx, sx if sy is None else sy, 1.0])


def _apply(h: Matrix, points: NDArray[np.float64]) -> NDArray[np.float64]:
    pts = np.hstack([points, np.ones((len(points), 1))]) @ h.T
    return np.asarray(pts[:, :2] / pts[:, 2:3], dtype=np.float64)


def _inv(h: Matrix) -> Matrix:
    return np.asarray(np.linalg.inv(h), np.float64)


def _local_scale(h: Matrix, x: float, y: float) -> float:
    """Linear magnification of ``h`` around (x, y): sqrt of the Jacobian's determinant."""
    eps = 0.5
    p = _apply(h, np.array([[x, y], [x + eps, y], [x, y + eps]]))
    jac = np.array([p[1] - p[0], p[2] - p[0]]) / eps
    return math.sqrt(abs(float(np.linalg.det(jac))))


def _camera(rng: np.random.Generator, size: tuple[int, int], tilt_max: float) -> Matrix:
    """Table plane -> frame: a pinhole camera tilted away from straight down.

    Plane units are frame pixels at the centre of the picture; the focal
    length is that of a phone's main camera at 1280 pixels across.
    """
    width, height = size
    tilt = math.radians(rng.uniform(0.0, tilt_max))
    focal = width * rng.uniform(0.7, 1.0)
    # the table's far side may be at any edge of the picture
    direction = rng.uniform(0.0, 2 * math.pi)
    project = np.array(
        [[1.0, 0.0, 0.0], [0.0, math.cos(tilt), 0.0], [0.0, math.sin(tilt) / focal, 1.0]]
    )
    camera = _translate(width / 2, height / 2) @ _rotate(direction) @ project @ _rotate(-direction)
    return np.asarray(camera, np.float64)


def _polygon_inside(poly: NDArray[np.float64], size: tuple[int, int]) -> bool:
    width, height = size
    return bool(
        (poly[:, 0] >= 0).all()
        and (poly[:, 0] <= width - 1).all()
        and (poly[:, 1] >= 0).all()
        and (poly[:, 1] <= height - 1).all()
    )


def _overlap(a: NDArray[np.float64], b: NDArray[np.float64]) -> bool:
    area, _ = cv2.intersectConvexConvex(a.astype(np.float32), b.astype(np.float32))
    return bool(area > 0.5)


# ----------------------------------------------------------------------------
# textures


def _low_freq(rng: np.random.Generator, shape: tuple[int, int], cells: int) -> FloatImage:
    """Smooth noise in [-1, 1] varying over about ``cells`` cells across."""
    height, width = shape
    small = rng.uniform(-1.0, 1.0, (max(2, cells * height // width + 1), cells + 1))
    smooth = cv2.resize(small.astype(np.float32), (width, height), interpolation=cv2.INTER_CUBIC)
    return np.asarray(smooth, np.float32)


def _table(rng: np.random.Generator, size: tuple[int, int]) -> FloatImage:
    """A table top: wood, felt, woven cloth or a checked cloth, BGR floats 0-255."""
    width, height = size
    kind = rng.choice(["wood", "felt", "cloth", "gingham", "laminate"])
    yy, xx = np.mgrid[0:height, 0:width].astype(np.float32)
    if kind == "wood":
        angle = rng.uniform(0, math.pi)
        along = xx * math.cos(angle) + yy * math.sin(angle)
        across = -xx * math.sin(angle) + yy * math.cos(angle)
        warp = _low_freq(rng, (height, width), 6) * rng.uniform(10, 40)
        period = rng.uniform(6, 25)
        grain = np.sin((across + warp + 0.02 * along) * 2 * math.pi / period)
        streak = _low_freq(rng, (height, width), 90) * 0.3
        t = np.clip(0.5 + 0.35 * grain + streak, 0, 1)[..., None]
        light = np.array(rng.uniform([60, 100, 150], [110, 150, 210]), np.float32)
        dark = light * rng.uniform(0.45, 0.75)
        img = dark + (light - dark) * t
    elif kind == "felt":
        base = np.array(rng.uniform([20, 40, 10], [120, 130, 90]), np.float32)
        base = base[rng.permutation(3)]
        fine = rng.normal(0, rng.uniform(4, 12), (height, width)).astype(np.float32)
        fine = np.asarray(cv2.GaussianBlur(fine, (0, 0), 0.8), np.float32)
        img = base + (fine + _low_freq(rng, (height, width), 8) * 10)[..., None]
    elif kind == "cloth":
        base = np.array(rng.uniform(40, 200, 3), np.float32)
        period = rng.uniform(2.5, 7.0)
        weave = np.sin(xx * 2 * math.pi / period) * np.sin(yy * 2 * math.pi / period)
        amp = rng.uniform(8, 30)
        fine = rng.normal(0, 5, (height, width)).astype(np.float32)
        img = base + (weave * amp + fine + _low_freq(rng, (height, width), 10) * 12)[..., None]
    elif kind == "gingham":
        # big checks: a square pattern that is not a code, to tempt the locator
        cell = rng.uniform(14, 60)
        a = (np.floor(xx / cell) % 2).astype(np.float32)
        b = (np.floor(yy / cell) % 2).astype(np.float32)
        colour = np.array(rng.uniform(30, 200, 3), np.float32)
        paper = np.array(rng.uniform(200, 245, 3), np.float32)
        t = ((a + b) / 2)[..., None]
        img = paper + (colour - paper) * t
        img = img + rng.normal(0, 4, (height, width, 1)).astype(np.float32)
    else:
        base = np.array(rng.uniform(60, 230, 3), np.float32)
        speck = rng.normal(0, rng.uniform(2, 8), (height, width)).astype(np.float32)
        img = base + (speck + _low_freq(rng, (height, width), 5) * 15)[..., None]
    return np.asarray(np.clip(img, 0, 255), dtype=np.float32)


_WORDS = (
    "SHA",
    "SHAN",
    "TAO",
    "JIU",
    "WUXIE",
    "JUEDOU",
    "NANMAN",
    "WANJIAN",
    "GUOHE",
    "SHUNSHOU",
    "LEBU",
    "BINGLIANG",
)
_FONTS = [cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_DUPLEX, cv2.FONT_HERSHEY_COMPLEX]


def _qr_modules(payload: str) -> NDArray[np.uint8]:
    """The sticker's modules, quiet zone included: 1 = dark."""
    code = segno.make(payload, version=1, error="H", mode="alphanumeric", boost_error=False)
    return np.array(list(code.matrix_iter(scale=1, border=QUIET)), dtype=np.uint8)


def _card_texture(
    rng: np.random.Generator,
    payload: str,
    unit: int,
    ink: int,
    inverted: bool,
) -> tuple[Image, NDArray[np.float64]]:
    """A card face with printed clutter and one sticker, and its code's corners.

    ``unit`` is texture pixels per module. The corners are in texture pixels,
    in the code's own order TL, TR, BR, BL.
    """
    width_m = int(rng.integers(44, 55))
    height_m = round(width_m * 88 / 63)
    w, h = width_m * unit, height_m * unit
    paper = np.array(rng.uniform([215, 220, 225], [245, 250, 252]), np.float64)
    card = np.empty((h, w, 3), np.uint8)
    card[:] = paper.astype(np.uint8)
    # printed clutter: border, art, text, suit and rank; the sticker then covers part of it
    frame_colour = tuple(int(c) for c in rng.integers(0, 200, 3))
    margin = int(unit * rng.uniform(1.5, 3.0))
    cv2.rectangle(card, (margin, margin), (w - margin, h - margin), frame_colour, max(1, unit // 2))
    for _ in range(int(rng.integers(2, 7))):
        colour = tuple(int(c) for c in rng.integers(0, 256, 3))
        x0, y0 = int(rng.integers(0, w)), int(rng.integers(0, h))
        shape = rng.integers(0, 3)
        if shape == 0:
            x1, y1 = (
                x0 + int(rng.integers(unit * 3, w // 2)),
                y0 + int(rng.integers(unit * 3, h // 3)),
            )
            cv2.rectangle(card, (x0, y0), (x1, y1), colour, -1)
        elif shape == 1:
            axes = (int(rng.integers(unit * 2, w // 3)), int(rng.integers(unit * 2, h // 4)))
            cv2.ellipse(card, (x0, y0), axes, float(rng.uniform(0, 180)), 0, 360, colour, -1)
        else:
            pts = rng.integers(0, [w, h], (int(rng.integers(3, 7)), 2)).astype(np.int32)
            cv2.polylines(card, [pts], False, colour, max(1, int(unit * rng.uniform(0.3, 1.5))))
    if rng.random() < 0.3:
        # a busy dotted pattern in the art: the kind of thing a locator may mistake for a code
        px, py = int(rng.integers(0, w // 2)), int(rng.integers(0, h // 2))
        cells = rng.random((int(rng.integers(6, 16)), int(rng.integers(6, 16)))) < 0.5
        block = np.kron(cells, np.ones((unit, unit), bool))
        bh, bw = min(block.shape[0], h - py), min(block.shape[1], w - px)
        card[py : py + bh, px : px + bw][block[:bh, :bw]] = (40, 40, 40)
    for _ in range(int(rng.integers(2, 6))):
        text = " ".join(rng.choice(_WORDS, int(rng.integers(1, 4))))
        scale = unit * rng.uniform(0.08, 0.2)
        org = (int(rng.integers(0, w // 2)), int(rng.integers(unit * 2, h)))
        colour = (0, 0, 0) if rng.random() < 0.6 else (20, 20, int(rng.integers(120, 220)))
        cv2.putText(card, text, org, int(rng.choice(_FONTS)), scale, colour, max(1, unit // 4))
    rank = str(rng.choice(list("A23456789JQK")))
    cv2.putText(
        card, rank, (margin + unit, margin + 5 * unit), _FONTS[0], unit * 0.18, (0, 0, 160), 2
    )

    # the sticker: its own paper, somewhere it fits, turned by a multiple of 90 degrees
    modules = _qr_modules(payload)
    turns = int(rng.integers(0, 4))
    modules = np.rot90(modules, turns)
    side = STICKER * unit
    sx = int(rng.integers(unit, w - side - unit + 1))
    sy = int(rng.integers(unit, h - side - unit + 1))
    sticker_paper = np.clip(paper + rng.uniform(-10, 8), 0, 255)
    ink_colour = np.array([ink, ink, ink], np.float64) + rng.uniform(-8, 8, 3)
    if inverted:
        dark = np.ones_like(modules)
        dark[QUIET:-QUIET, QUIET:-QUIET] = 1 - modules[QUIET:-QUIET, QUIET:-QUIET]
        # a dark label needs a light rim to stand out from dark card art, as printed ones have
        dark[:1, :] = dark[-1:, :] = dark[:, :1] = dark[:, -1:] = 0
        modules = dark
    big = np.kron(modules, np.ones((unit, unit), np.uint8)).astype(bool)
    patch = np.empty((side, side, 3), np.float64)
    patch[:] = sticker_paper
    patch[big] = np.clip(ink_colour, 0, 255)
    card[sy : sy + side, sx : sx + side] = patch.astype(np.uint8)

    corners = np.array(
        [
            [QUIET, QUIET],
            [STICKER - QUIET, QUIET],
            [STICKER - QUIET, STICKER - QUIET],
            [QUIET, STICKER - QUIET],
        ],
        np.float64,
    )
    for _ in range(turns):
        # np.rot90 turns counter-clockwise: (x, y) -> (y, n - x)
        corners = np.stack([corners[:, 1], STICKER - corners[:, 0]], axis=1)
    corners = corners * unit + [sx, sy]
    return card, corners


def _sticker_square(code_corners: NDArray[np.float64]) -> NDArray[np.float64]:
    """The whole sticker (quiet zone included) from the corners of its code."""
    centre = code_corners.mean(axis=0)
    return np.asarray(centre + (code_corners - centre) * (STICKER / CODE), dtype=np.float64)


# ----------------------------------------------------------------------------
# cards on the table


@dataclass
class _Card:
    payload: str
    texture: Image
    code: NDArray[np.float64]  # code corners in texture pixels
    inverted: bool
    unit: int  # texture pixels per module
    module_plane: float  # module size in table-plane units
    to_plane: Matrix = field(default_factory=lambda: np.eye(3))  # texture -> table plane
    alpha: Image = field(init=False)

    def __post_init__(self) -> None:
        h, w = self.texture.shape[:2]
        self.alpha = np.full((h, w), 255, np.uint8)
        r = max(2, w // 14)  # rounded corners, as real cards have
        for cx, cy in ((r, r), (w - r - 1, r), (r, h - r - 1), (w - r - 1, h - r - 1)):
            x0, y0 = (0 if cx == r else cx), (0 if cy == r else cy)
            self.alpha[y0 : y0 + r, x0 : x0 + r] = 0
            cv2.circle(self.alpha, (cx, cy), r, 255, -1)

    def outline(self) -> NDArray[np.float64]:
        h, w = self.texture.shape[:2]
        return np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float64)


def _new_card(
    rng: np.random.Generator,
    payload: str,
    module_plane: float,
    unit: int,
    level: Difficulty,
) -> _Card:
    inverted = bool(rng.random() < level.inverted)
    ink = int(rng.integers(level.ink[0], level.ink[1] + 1))
    texture, code = _card_texture(rng, payload, unit, ink, inverted)
    return _Card(payload, texture, code, inverted, unit, module_plane)


def _place(card: _Card, centre: Point, angle: float) -> None:
    """Puts ``card`` on the table plane, centred at ``centre``, turned by ``angle``."""
    h, w = card.texture.shape[:2]
    card.to_plane = (
        _translate(*centre)
        @ _rotate(angle)
        @ _scale(card.module_plane / card.unit)
        @ _translate(-w / 2, -h / 2)
    )


def _draw_card(canvas: FloatImage, card: _Card, to_canvas: Matrix, shadow: float) -> None:
    """Warps ``card`` onto ``canvas`` (float BGR) in place, with a soft drop shadow."""
    h_total = to_canvas @ card.to_plane
    outline = _apply(h_total, card.outline())
    ch, cw = canvas.shape[:2]
    pad = 12
    x0 = max(0, math.floor(outline[:, 0].min()) - pad)
    y0 = max(0, math.floor(outline[:, 1].min()) - pad)
    x1 = min(cw, math.ceil(outline[:, 0].max()) + pad)
    y1 = min(ch, math.ceil(outline[:, 1].max()) + pad)
    if x1 <= x0 or y1 <= y0:
        return
    local = _translate(-x0, -y0) @ h_total
    size = (x1 - x0, y1 - y0)
    warped = cv2.warpPerspective(card.texture, local, size, flags=cv2.INTER_LINEAR)
    alpha = cv2.warpPerspective(card.alpha, local, size, flags=cv2.INTER_LINEAR)
    roi = canvas[y0:y1, x0:x1]
    if shadow > 0:
        blurred = cv2.GaussianBlur(alpha, (0, 0), 4.0).astype(np.float32) / 255.0
        dark = np.zeros_like(blurred)
        dark[3:, 3:] = blurred[:-3, :-3]  # light from the top left
        roi *= (1.0 - shadow * dark)[..., None]
    a = alpha.astype(np.float32)[..., None] / 255.0
    roi *= 1.0 - a
    roi += warped.astype(np.float32) * a


def _lay_cards(
    rng: np.random.Generator,
    level: Difficulty,
    to_frame: Matrix,
    size: tuple[int, int],
    module_plane: float,
    payloads: Sequence[str],
) -> list[_Card]:
    """Cards dealt onto the table, bottom to top.

    A card meant for a pile lands near a card already there; any other card
    tries a few spots to keep clear of the stickers already down, as players
    spread cards out to read them.
    """
    width, height = size
    cards: list[_Card] = []
    inverse = _inv(to_frame)
    card_w = 50 * module_plane
    # spill 0 keeps whole cards in the frame, 0.5 lets centres reach the edge
    margin = (0.7 - level.spill) * card_w * 1.4 * _local_scale(to_frame, 0.0, 0.0)
    margin = min(margin, 0.45 * min(width, height))
    stickers: list[NDArray[np.float64]] = []
    for payload in payloads:
        centre_frame = rng.uniform([margin, margin], [width - margin, height - margin])
        centre = _apply(inverse, centre_frame[None])[0]
        local = module_plane * _local_scale(to_frame, float(centre[0]), float(centre[1]))
        unit = int(np.clip(round(local * SUPERSAMPLE), 4, 32))
        card = _new_card(rng, payload, module_plane, unit, level)
        piled = bool(cards) and rng.random() < level.pile
        for attempt in range(1 if piled else 25):
            if piled:
                below = cards[int(rng.integers(0, len(cards)))]
                base = _apply(below.to_plane, below.outline()).mean(axis=0)
                centre = base + rng.normal(0, card_w * 0.3, 2)
            elif attempt:
                centre_frame = rng.uniform([margin, margin], [width - margin, height - margin])
                centre = _apply(inverse, centre_frame[None])[0]
            _place(card, (float(centre[0]), float(centre[1])), rng.uniform(0, 2 * math.pi))
            outline = _apply(to_frame @ card.to_plane, card.outline())
            if not any(_overlap(outline, st) for st in stickers):
                break
        cards.append(card)
        stickers.append(_sticker_square(_apply(to_frame @ card.to_plane, card.code)))
    return cards


def _truths(
    cards: Sequence[_Card],
    to_frame: Matrix,
    size: tuple[int, int],
    covers: Sequence[NDArray[np.float64]] = (),
    in_hand: frozenset[str] = frozenset(),
) -> list[StickerTruth]:
    """Ground truth of every card's sticker, cards listed bottom to top."""
    outlines = [_apply(to_frame @ c.to_plane, c.outline()) for c in cards]
    out = []
    for i, card in enumerate(cards):
        code = _apply(to_frame @ card.to_plane, card.code)
        square = _sticker_square(code)
        visible = _polygon_inside(square, size) and card.payload not in in_hand
        if visible:
            above = list(outlines[i + 1 :]) + list(covers)
            visible = not any(_overlap(square, other) for other in above)
        area = cv2.contourArea(code.astype(np.float32))
        out.append(
            StickerTruth(
                payload=card.payload,
                polygon=tuple((float(x), float(y)) for x, y in code),
                visible=visible,
                module_px=math.sqrt(area) / CODE,
                inverted=card.inverted,
            )
        )
    return out


# ----------------------------------------------------------------------------
# light and the camera


@dataclass(frozen=True)
class _Optics:
    """One scene's light and camera faults, drawn once (a video keeps them)."""

    light: FloatImage  # multiplicative, HxWx3
    glare: FloatImage  # 0..1 blend towards white, HxW
    kernel: NDArray[np.float32] | None
    noise: float
    jpeg: int

    @staticmethod
    def draw(
        rng: np.random.Generator, level: Difficulty, size: tuple[int, int], module_px: float
    ) -> _Optics:
        width, height = size
        yy, xx = np.mgrid[0:height, 0:width].astype(np.float32)
        gx, gy = rng.normal(0, 1, 2)
        grad = (gx * (xx / width - 0.5) + gy * (yy / height - 0.5)) * level.gradient
        r2 = ((xx - width / 2) ** 2 + (yy - height / 2) ** 2) / (width / 2) ** 2
        vignette = 1.0 - rng.uniform(0.0, 0.25) * r2
        light = (rng.uniform(*level.brightness) * (1.0 + grad) * vignette).astype(np.float32)
        tint = rng.uniform([0.85, 0.92, 0.95], [1.0, 1.0, 1.1]).astype(np.float32)
        light3 = light[..., None] * tint
        if rng.random() < level.shadow:
            mask = np.zeros((height, width), np.float32)
            centre = (int(rng.integers(0, width)), int(rng.integers(0, height)))
            axes = (int(rng.integers(80, 400)), int(rng.integers(60, 250)))
            cv2.ellipse(mask, centre, axes, float(rng.uniform(0, 180)), 0, 360, 1.0, -1)
            mask = np.asarray(
                cv2.GaussianBlur(mask, (0, 0), float(rng.uniform(15, 50))), np.float32
            )
            light3 *= (1.0 - rng.uniform(0.25, 0.55) * mask)[..., None]
        glare = np.zeros((height, width), np.float32)
        for _ in range(3):
            if rng.random() < level.glare:
                spot = np.zeros((height, width), np.float32)
                centre = (int(rng.integers(0, width)), int(rng.integers(0, height)))
                axes = (int(rng.integers(10, 80)), int(rng.integers(8, 50)))
                cv2.ellipse(spot, centre, axes, float(rng.uniform(0, 180)), 0, 360, 1.0, -1)
                spot = np.asarray(
                    cv2.GaussianBlur(spot, (0, 0), float(rng.uniform(6, 30))), np.float32
                )
                glare = np.maximum(glare, spot * rng.uniform(0.3, 0.65))
        return _Optics(
            light=np.asarray(light3, np.float32),
            glare=glare,
            kernel=_blur_kernel(rng, level, module_px),
            noise=float(rng.uniform(*level.noise)),
            jpeg=int(rng.integers(level.jpeg[0], level.jpeg[1] + 1)),
        )

    def expose(self, rng: np.random.Generator, scene: FloatImage) -> Image:
        """The picture the phone hands over: light, blur, noise, JPEG."""
        img = scene * self.light
        img += self.glare[..., None] * (255.0 - np.clip(img, 0, 255))
        if self.kernel is not None:
            img = np.asarray(
                cv2.filter2D(img, -1, self.kernel, borderType=cv2.BORDER_REFLECT), np.float32
            )
        # shot noise grows with brightness; read noise does not
        sigma = np.sqrt(self.noise**2 + np.clip(img, 0, 255) * (self.noise / 40.0))
        img += rng.standard_normal(img.shape, dtype=np.float32) * sigma
        frame = np.clip(img + 0.5, 0, 255).astype(np.uint8)
        ok, buf = cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, self.jpeg])
        assert ok
        return np.asarray(cv2.imdecode(buf, cv2.IMREAD_COLOR), dtype=np.uint8)


def _blur_kernel(
    rng: np.random.Generator, level: Difficulty, module_px: float
) -> NDArray[np.float32] | None:
    """Lens blur (a disc or a Gaussian) combined with a straight shake."""
    defocus = rng.uniform(*level.defocus) * module_px
    shake = rng.uniform(*level.motion) * module_px
    if defocus < 0.2 and shake < 0.5:
        return None
    radius = math.ceil(max(3 * defocus, shake / 2 + 1)) + 1
    size = 2 * radius + 1
    kernel = np.zeros((size, size), np.float32)
    if defocus >= 0.2 and rng.random() < 0.5:
        # a disc of the same spread as the Gaussian (variance r^2/4 per axis)
        cv2.circle(kernel, (radius, radius), max(1, round(2 * defocus)), 1.0, -1, cv2.LINE_AA)
    else:
        kernel[radius, radius] = 1.0
        if defocus >= 0.2:
            kernel = np.asarray(cv2.GaussianBlur(kernel, (size, size), defocus), np.float32)
    if shake >= 0.5:
        line = np.zeros((size, size), np.float32)
        angle = rng.uniform(0, math.pi)
        dx, dy = math.cos(angle) * shake / 2, math.sin(angle) * shake / 2
        cv2.line(
            line,
            (round(radius - dx), round(radius - dy)),
            (round(radius + dx), round(radius + dy)),
            1.0,
            1,
            cv2.LINE_AA,
        )
        kernel = np.asarray(
            cv2.filter2D(kernel, -1, line / line.sum(), borderType=cv2.BORDER_CONSTANT), np.float32
        )
    return np.asarray(kernel / kernel.sum(), np.float32)


# ----------------------------------------------------------------------------
# scenes


def _rng(seed: int | np.random.Generator) -> np.random.Generator:
    return seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)


def _scale_ratios(to_frame: Matrix, size: tuple[int, int]) -> list[float]:
    """Magnification of the table plane at the frame's corners, then at its centre."""
    width, height = size
    inverse = _inv(to_frame)
    return [
        _local_scale(to_frame, *_apply(inverse, np.array([[x, y]], np.float64))[0])
        for x, y in ((0, 0), (width, 0), (0, height), (width, height), (width / 2, height / 2))
    ]


def _module_scale(
    rng: np.random.Generator, level: Difficulty, to_frame: Matrix, size: tuple[int, int]
) -> tuple[float, float]:
    """Module size in plane units, chosen so that no sticker drops below the level's
    smallest; and the smallest module size in frame pixels anywhere in the frame."""
    ratios = _scale_ratios(to_frame, size)
    wanted = rng.uniform(*level.module_px)
    plane = max(wanted / ratios[-1], level.module_px[0] / min(ratios))
    return plane, plane * min(ratios)


def _pick_payloads(rng: np.random.Generator, n: int) -> list[str]:
    """Mostly game cards (catalogue ids 1-160), now and then another kind of sticker."""
    cards = [card_payload(int(i)) for i in rng.choice(np.arange(1, 161), size=n, replace=False)]
    others = [other_payload(rng) for _ in range(n)]
    return [
        o if rng.random() < 0.15 and o not in cards else c
        for c, o in zip(cards, others, strict=True)
    ]


def _compose(
    table: FloatImage,
    cards: Sequence[_Card],
    to_frame: Matrix,
    size: tuple[int, int],
    shadow: float,
) -> FloatImage:
    """Table and cards (bottom to top) at frame size, before light and optics."""
    big = _compose_big(table, cards, to_frame, size, shadow)
    return np.asarray(cv2.resize(big, size, interpolation=cv2.INTER_AREA), np.float32)


def _compose_big(
    table: FloatImage,
    cards: Sequence[_Card],
    to_frame: Matrix,
    size: tuple[int, int],
    shadow: float,
) -> FloatImage:
    """The same at the supersampled size, for videos to draw moving things on."""
    width, height = size
    big = np.asarray(
        cv2.resize(
            table, (width * SUPERSAMPLE, height * SUPERSAMPLE), interpolation=cv2.INTER_LINEAR
        ),
        np.float32,
    )
    to_canvas = _scale(SUPERSAMPLE) @ to_frame
    for card in cards:
        _draw_card(big, card, to_canvas, shadow)
    return np.asarray(big, np.float32)


def make_scene(
    seed: int | np.random.Generator,
    level: str | Difficulty = "medium",
    size: tuple[int, int] = FRAME_SIZE,
) -> Scene:
    """One table picture with its ground truth.

    >>> s = make_scene(1, "easy")
    >>> s.image.shape, s.image.dtype.name
    ((720, 1280, 3), 'uint8')
    """
    diff = LEVELS[level] if isinstance(level, str) else level
    rng = _rng(seed)
    to_frame = _camera(rng, size, diff.tilt_deg)
    module_plane, smallest = _module_scale(rng, diff, to_frame, size)
    n = int(rng.integers(diff.cards[0], diff.cards[1] + 1))
    cards = _lay_cards(rng, diff, to_frame, size, module_plane, _pick_payloads(rng, n))
    table = _table(rng, size)
    scene = _compose(table, cards, to_frame, size, float(rng.uniform(0.1, 0.35)))
    # blur in pixels is the same everywhere: sized to the smallest modules in view
    optics = _Optics.draw(rng, diff, size, smallest)
    image = optics.expose(rng, scene)
    seed_value = seed if isinstance(seed, int) else -1
    return Scene(image, _truths(cards, to_frame, size), diff.name, seed_value)


# ----------------------------------------------------------------------------
# videos


@dataclass
class _Hand:
    """A hand and forearm reaching in from the edge of the frame nearest the player."""

    colour: NDArray[np.float64]
    edge: Point  # where the arm enters, in frame pixels
    width: float  # palm width in frame pixels

    def polygons(self, tip: Point) -> list[NDArray[np.float64]]:
        """Palm, fingers and arm as convex polygons in frame pixels, fingertips at ``tip``."""
        tx, ty = tip
        ex, ey = self.edge
        angle = math.atan2(ty - ey, tx - ex)
        w = self.width
        along = np.array([math.cos(angle), math.sin(angle)])
        across = np.array([-along[1], along[0]])
        palm_c = np.array(tip) - along * w * 0.9
        shapes = []
        ring = np.linspace(0, 2 * math.pi, 20, endpoint=False)
        palm = (
            palm_c
            + np.outer(np.cos(ring), along) * w * 0.6
            + np.outer(np.sin(ring), across) * w * 0.5
        )
        shapes.append(palm)
        for k in range(4):
            base = palm_c + along * w * 0.35 + across * (k - 1.5) * w * 0.24
            finger = [
                base + across * w * 0.1,
                base - across * w * 0.1,
                base - across * w * 0.08 + along * w * 0.6,
                base + across * w * 0.08 + along * w * 0.6,
            ]
            shapes.append(np.array(finger))
        arm_end = np.array(self.edge) - along * w
        arm = [
            palm_c + across * w * 0.45,
            palm_c - across * w * 0.45,
            arm_end - across * w * 0.55,
            arm_end + across * w * 0.55,
        ]
        shapes.append(np.array(arm))
        return [np.asarray(s, np.float64) for s in shapes]

    def draw(self, canvas: FloatImage, tip: Point) -> None:
        """Paints the hand onto the supersampled ``canvas`` in place."""
        mask = np.zeros(canvas.shape[:2], np.uint8)
        for poly in self.polygons(tip):
            pts = np.round(poly * SUPERSAMPLE).astype(np.int32)
            cv2.fillConvexPoly(mask, pts, 255, cv2.LINE_AA)
        soft = cv2.GaussianBlur(mask, (0, 0), 1.5).astype(np.float32)[..., None] / 255.0
        canvas *= 1.0 - soft
        canvas += soft * self.colour.astype(np.float32)


def make_video(
    seed: int | np.random.Generator,
    level: str | Difficulty = "medium",
    actions: int = 6,
    size: tuple[int, int] = FRAME_SIZE,
    fps: float = 30.0,
) -> Video:
    """Cards played onto and picked up from a table, with a hand passing over now and then.

    The camera stands still (a phone on a stand); light and blur stay fixed
    for the clip, sensor noise and JPEG are new in every frame.
    """
    diff = LEVELS[level] if isinstance(level, str) else level
    rng = _rng(seed)
    width, height = size
    to_frame = _camera(rng, size, min(diff.tilt_deg, 25.0))
    module_plane, smallest = _module_scale(rng, diff, to_frame, size)
    table = _table(rng, size)
    optics = _Optics.draw(rng, diff, size, smallest)
    shadow = float(rng.uniform(0.1, 0.35))
    inverse = _inv(to_frame)
    pool = _pick_payloads(rng, 3 + actions)
    start = int(rng.integers(1, 4))
    resting: list[_Card] = _lay_cards(rng, diff, to_frame, size, module_plane, pool[:start])
    fresh = list(pool[start:])
    hand = _Hand(
        colour=rng.uniform([90, 120, 170], [150, 180, 235]),
        edge=(rng.uniform(0.2, 0.8) * width, height * 1.05),
        width=module_plane * 40,
    )
    edge_frame = hand.edge

    frames: list[Image] = []
    truth: list[list[StickerTruth]] = []
    on_table: list[frozenset[str]] = []
    events: list[VideoEvent] = []
    static_key: tuple[str, ...] | None = None
    static: FloatImage | None = None

    def shoot(tip: Point | None, carried: _Card | None) -> None:
        nonlocal static_key, static
        key = tuple(c.payload for c in resting)
        if key != static_key:
            static = _compose_big(table, resting, to_frame, size, shadow)
            static_key = key
        assert static is not None
        canvas = static.copy()
        to_canvas = _scale(SUPERSAMPLE) @ to_frame
        if carried is not None:
            _draw_card(canvas, carried, to_canvas, shadow)
        covers: list[NDArray[np.float64]] = []
        if tip is not None:
            hand.draw(canvas, tip)
            covers = hand.polygons(tip)
        small = np.asarray(cv2.resize(canvas, size, interpolation=cv2.INTER_AREA), np.float32)
        frames.append(optics.expose(rng, small))
        cards = [*resting, *([carried] if carried is not None else [])]
        held = frozenset([carried.payload]) if carried is not None else frozenset()
        truth.append(_truths(cards, to_frame, size, covers, held))
        on_table.append(frozenset(c.payload for c in resting))

    def path(a: Point, b: Point, n: int) -> list[Point]:
        ts = (1 - np.cos(np.linspace(0, math.pi, n))) / 2  # ease in and out
        return [(a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t) for t in ts]

    def card_at(card: _Card, tip: Point) -> None:
        """Moves ``card`` so that its centre sits just beyond the fingertips."""
        plane = _apply(inverse, np.array([tip]))[0]
        h, w = card.texture.shape[:2]
        centre_now = _apply(card.to_plane, np.array([[w / 2, h / 2]]))[0]
        card.to_plane = _translate(*(plane - centre_now)) @ card.to_plane

    for _ in range(int(rng.integers(5, 12))):
        shoot(None, None)
    # every kind of action at least once (from three actions on), the rest at random
    plan = ["play", "pass", "remove"][:actions]
    plan += [
        str(k)
        for k in rng.choice(["play", "remove", "pass"], actions - len(plan), p=[0.45, 0.3, 0.25])
    ]
    plan = plan[:1] + [plan[i] for i in rng.permutation(np.arange(1, len(plan)))]
    for kind in plan:
        if kind == "remove" and not resting:
            kind = "play"
        if kind == "play" and not fresh:
            kind = "pass"
        steps = int(rng.integers(10, 20))
        if kind == "play":
            target = (rng.uniform(0.15, 0.85) * width, rng.uniform(0.15, 0.75) * height)
            card = _lay_cards(rng, diff, to_frame, size, module_plane, [fresh.pop(0)])[0]
            for tip in path(edge_frame, target, steps):
                card_at(card, tip)
                shoot(tip, card)
            resting.append(card)
            events.append(VideoEvent(len(frames), "played", card.payload))
            for tip in path(target, edge_frame, steps):
                shoot(tip, None)
        elif kind == "remove":
            card = resting[int(rng.integers(0, len(resting)))]
            h, w = card.texture.shape[:2]
            spot = _apply(to_frame @ card.to_plane, np.array([[w / 2, h / 2]]))[0]
            target = (float(spot[0]), float(spot[1]))
            for tip in path(edge_frame, target, steps):
                shoot(tip, None)
            resting.remove(card)
            events.append(VideoEvent(len(frames), "removed", card.payload))
            for tip in path(target, edge_frame, steps):
                card_at(card, tip)
                shoot(tip, card)
        else:
            if resting:
                card = resting[int(rng.integers(0, len(resting)))]
                h, w = card.texture.shape[:2]
                spot = _apply(to_frame @ card.to_plane, np.array([[w / 2, h / 2]]))[0]
                target = (float(spot[0]), float(spot[1]))
            else:
                target = (width / 2, height / 2)
            for tip in path(edge_frame, target, steps):
                shoot(tip, None)
            for _ in range(int(rng.integers(2, 8))):
                shoot(target, None)
            for tip in path(target, edge_frame, steps):
                shoot(tip, None)
        for _ in range(int(rng.integers(8, 20))):
            shoot(None, None)
    return Video(frames, truth, on_table, events, fps)
