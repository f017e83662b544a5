"""QR decoding: golden synthetic scenes, colour handling, real photos, a recall floor.

Scenes come from ``bench.scenes`` with fixed seeds, so every assertion here
is exact and repeatable. The photos in ``data/`` are three of the ZXing
project's test images (see ``data/NOTICE``).
"""

from __future__ import annotations

import doctest
import math
from dataclasses import replace
from pathlib import Path
from types import ModuleType

import cv2
import numpy as np
import pytest
import segno
from numpy.typing import NDArray
from pyzbar.pyzbar import ZBarSymbol
from pyzbar.pyzbar import decode as pyzbar_decode

import bench.payloads
import bench.scenes
import vision.decode
import vision.reading
import vision.zbar
from bench.scenes import LEVELS, Scene, make_scene
from vision.decode import Decoder, decode, to_gray
from vision.reading import Reading
from vision.zbar import ZbarScanner, text_of

DATA = Path(__file__).parent / "data"
Image = NDArray[np.uint8]


def sticker(payload: str, module: int, border: int = 4) -> Image:
    """A clean grey image of one code: dark modules 0, light 255."""
    code = segno.make(payload, version=1, error="H", mode="alphanumeric", boost_error=False)
    cells = np.array(list(code.matrix_iter(scale=1, border=border)), dtype=np.uint8)
    return np.kron(1 - cells, np.ones((module, module), np.uint8)) * 255


def corner_error(reading: Reading, truth: tuple[tuple[float, float], ...]) -> float:
    """Largest distance from a true corner to the nearest corner read (order-free)."""
    return max(min(math.dist(t, p) for p in reading.polygon) for t in truth)


@pytest.fixture(scope="module")
def golden() -> list[Scene]:
    return [make_scene(11, "easy"), make_scene(12, "medium")]


@pytest.fixture(scope="module")
def batch() -> list[Scene]:
    """20 seeded scenes, five per level."""
    return [make_scene(500 + i, level) for level in LEVELS for i in range(5)]


# ----------------------------------------------------------------------------
# golden scenes


def test_golden_scenes_give_exactly_their_visible_stickers(golden: list[Scene]) -> None:
    for scene in golden:
        got = {r.payload for r in decode(scene.image)}
        assert scene.visible_payloads, "a golden scene needs stickers in view"
        # every sticker in full view is read; nothing is read that is not on the table
        assert scene.visible_payloads <= got <= scene.payloads


def test_golden_polygons_sit_on_the_true_corners(golden: list[Scene]) -> None:
    for scene in golden:
        readings = {r.payload: r for r in decode(scene.image)}
        for truth in scene.stickers:
            if not truth.visible:
                continue
            reading = readings[truth.payload]
            assert len(reading.polygon) == 4
            # within two modules: zbar reports the code's corners, not the quiet zone's
            assert corner_error(reading, truth.polygon) < 2 * truth.module_px + 2


def test_each_code_is_read_once(golden: list[Scene]) -> None:
    for scene in golden:
        payloads = [r.payload for r in decode(scene.image)]
        assert len(payloads) == len(set(payloads))


def test_decode_is_pure(golden: list[Scene]) -> None:
    frame = golden[0].image
    before = frame.copy()
    assert decode(frame) == decode(frame)
    assert np.array_equal(frame, before)


# ----------------------------------------------------------------------------
# colour and grey


def test_grey_and_bgr_give_the_same_readings(golden: list[Scene]) -> None:
    for scene in golden:
        grey = cv2.cvtColor(scene.image, cv2.COLOR_BGR2GRAY)
        assert decode(grey) == decode(scene.image)


def test_a_code_only_in_the_red_and_green_channels_is_read() -> None:
    code = sticker("SG1C042G", 6)
    frame = np.empty((*code.shape, 3), np.uint8)
    frame[..., 0] = 255  # blue: all light, no code at all
    frame[..., 1] = code
    frame[..., 2] = code
    frame = cv2.copyMakeBorder(frame, 40, 40, 60, 60, cv2.BORDER_CONSTANT, value=(255, 255, 255))
    # the trap: pyzbar given colour reads channel 0 only, and finds nothing
    assert pyzbar_decode(frame, symbols=[ZBarSymbol.QRCODE]) == []
    assert [r.payload for r in decode(frame)] == ["SG1C042G"]


def test_to_gray_takes_every_layout() -> None:
    bgr = np.zeros((4, 5, 3), np.uint8)
    bgr[..., 2] = 200
    assert to_gray(bgr).shape == (4, 5)
    assert to_gray(bgr)[0, 0] == round(0.299 * 200)
    assert to_gray(bgr[..., :1]).shape == (4, 5)
    assert to_gray(np.dstack([bgr, bgr[..., :1]])).shape == (4, 5)
    with pytest.raises(ValueError):
        to_gray(np.zeros((4, 5), np.float32))
    with pytest.raises(ValueError):
        to_gray(np.zeros((4, 5, 2), np.uint8))


# ----------------------------------------------------------------------------
# nothing to read, light on dark


@pytest.mark.parametrize("fill", [0, 128, 255])
def test_blank_frames_give_nothing(fill: int) -> None:
    assert decode(np.full((720, 1280, 3), fill, np.uint8)) == []


def test_noise_and_texture_give_nothing() -> None:
    rng = np.random.default_rng(3)
    noise = rng.integers(0, 256, (720, 1280), dtype=np.uint8)
    assert decode(noise) == []
    checks = np.asarray(np.indices((720, 1280)).sum(axis=0) // 9 % 2 * 255, np.uint8)
    assert decode(checks) == []


def test_a_light_on_dark_sticker_is_read() -> None:
    code = 255 - sticker("SG1S05S", 4)
    frame = np.full((720, 1280), 200, np.uint8)
    frame[300 : 300 + code.shape[0], 500 : 500 + code.shape[1]] = code
    blurred = np.asarray(cv2.GaussianBlur(frame, (0, 0), 0.8), np.uint8)
    assert [r.payload for r in decode(blurred)] == ["SG1S05S"]


def test_light_on_dark_stickers_in_a_scene_are_read() -> None:
    level = replace(LEVELS["easy"], name="easy-inverted", inverted=1.0)
    scene = make_scene(21, level)
    assert all(s.inverted for s in scene.stickers)
    got = {r.payload for r in decode(scene.image)}
    assert scene.visible_payloads <= got <= scene.payloads


# ----------------------------------------------------------------------------
# real photos (ZXing's test images, see data/NOTICE)


def expected_text(stem: str) -> str:
    # bytes, so that the CR LF inside some payloads stays as it is
    return (DATA / f"{stem}.txt").read_bytes().decode("utf-8").rstrip()


@pytest.mark.parametrize(
    "name",
    [
        "qrcode-2-30.png",  # UTF-8 Chinese, which zbar's own text guess mangles
        "qrcode-2-17.webp",  # Shift_JIS half-width katakana
        "qrcode-2-qr-inv-2.webp",  # light on dark
    ],
)
def test_real_photos_decode_to_their_exact_text(name: str) -> None:
    frame = cv2.imread(str(DATA / name), cv2.IMREAD_COLOR)
    assert frame is not None, f"OpenCV cannot read {name}"
    texts = [r.payload.rstrip() for r in decode(frame)]
    assert texts == [expected_text(Path(name).stem)]


def test_raw_pyzbar_mangles_the_photo_that_binary_mode_reads() -> None:
    # why vision.zbar asks zbar for bytes: its own encoding guess gets this wrong
    gray = np.asarray(cv2.imread(str(DATA / "qrcode-2-30.png"), cv2.IMREAD_GRAYSCALE), np.uint8)
    raw = [d.data.decode("utf-8") for d in pyzbar_decode(gray, symbols=[ZBarSymbol.QRCODE])]
    assert raw and raw[0] != expected_text("qrcode-2-30")
    found = ZbarScanner().scan(gray)
    assert [text_of(data) for data, _ in found] == [expected_text("qrcode-2-30")]


def test_text_of_guesses_encodings() -> None:
    assert text_of(b"SG1C042G") == "SG1C042G"
    assert text_of("測試".encode()) == "測試"
    assert text_of("\ufeffBOM".encode()) == "BOM"
    assert text_of("ﾃﾞｻﾞｲﾝQR".encode("shift_jis")) == "ﾃﾞｻﾞｲﾝQR"
    assert text_of("モバイル".encode("shift_jis")) == "モバイル"
    assert text_of(b"caf\xe9") == "café"


# ----------------------------------------------------------------------------
# a recall floor


def test_recall_floor_on_a_seeded_batch(batch: list[Scene]) -> None:
    visible = read = false = 0
    for scene in batch:
        got = {r.payload for r in decode(scene.image)}
        visible += len(scene.visible_payloads)
        read += len(scene.visible_payloads & got)
        false += len(got - scene.payloads)
    assert visible > 100
    assert read / visible >= 0.97, f"read {read} of {visible}"
    assert false == 0


# ----------------------------------------------------------------------------
# streams


def test_decoder_follows_a_sticker_that_is_covered_and_uncovered(golden: list[Scene]) -> None:
    scene = golden[0]
    truth = next(s for s in scene.stickers if s.visible)
    covered = scene.image.copy()
    pts = np.round(np.array(truth.polygon)).astype(np.int32)
    cv2.fillConvexPoly(covered, cv2.convexHull(pts), (60, 90, 140))  # a hand over it
    decoder = Decoder()
    frames = [scene.image, scene.image, scene.image, covered, covered, scene.image]
    seen = [{r.payload for r in decoder.decode(f)} for f in frames]
    assert seen[0] == seen[1] == seen[2] == {r.payload for r in decode(scene.image)}
    assert truth.payload not in seen[3] and truth.payload not in seen[4]
    assert seen[3] == seen[0] - {truth.payload}
    assert seen[5] == seen[0]


def test_decoder_carries_unchanged_codes_without_decoding(golden: list[Scene]) -> None:
    scene = golden[1]
    decoder = Decoder()
    first = decoder.decode(scene.image)
    second = decoder.decode(scene.image)
    assert second == first
    assert decoder.stats.quick == 0 and decoder.stats.hard == 0  # nothing was decoded again


def test_decoder_rereads_a_card_that_moved(golden: list[Scene]) -> None:
    scene = golden[0]
    decoder = Decoder()
    first = {r.payload: r for r in decoder.decode(scene.image)}
    moved = np.roll(scene.image, (6, -9), axis=(0, 1))
    second = {r.payload: r for r in decoder.decode(moved)}
    assert second.keys() == first.keys()
    for payload, r in second.items():
        cx, cy = first[payload].centre
        assert math.dist(r.centre, (cx - 9, cy + 6)) < 3


# ----------------------------------------------------------------------------
# the optional zxing-cpp backend


def test_zxing_backend_reads_the_same(golden: list[Scene]) -> None:
    # zxing-cpp is optional for users; the dev extra installs it so this runs.
    scene = golden[0]
    got = {r.payload for r in decode(scene.image, backend="zxing")}
    assert scene.visible_payloads <= got <= scene.payloads


def test_unknown_backend_is_refused() -> None:
    with pytest.raises(ValueError):
        decode(np.zeros((10, 10), np.uint8), backend="tesseract")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "module", [vision.decode, vision.reading, vision.zbar, bench.payloads, bench.scenes]
)
def test_docstring_examples(module: ModuleType) -> None:
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
