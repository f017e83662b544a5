"""The real app, started headless in a subprocess: it draws its Chinese title with
the packaged font, its buttons answer, and it exits cleanly.

The tofu check: the title row of the screenshot is cut into glyphs, and each
glyph must look like the same character rendered straight from the font file
by Pillow, and unlike the other six. A missing font draws seven identical
boxes or nothing, and fails; test_tofu_check_fails_without_a_cjk_font runs
the app with Kivy's Latin-only Roboto to prove it does.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest
from PIL import Image, ImageDraw, ImageFont

from assistant.resources import cjk_font_path
from mobile.app import FONT_OVERRIDE_ENV

REPO = Path(__file__).resolve().parents[2]
TITLE = "三国杀 桌面助手"
TITLE_GLYPHS = TITLE.replace(" ", "")
SCREEN = (1280, 800)
# Glyph images are compared at this size after cropping to their ink.
CELL = 32
# The same character drawn by Kivy and by Pillow correlates at ~0.98; two
# different title characters at most ~0.4, a tofu box with anything ~0.35.
SAME_GLYPH = 0.85


def app_process(
    args: list[str], *, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, *args]
    if not os.environ.get("DISPLAY"):
        width, height = SCREEN
        command = ["xvfb-run", "-a", "-s", f"-screen 0 {width}x{height}x24", *command]
    result = subprocess.run(
        command,
        cwd=REPO,
        env={**os.environ, **(env or {})},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, f"app exited {result.returncode}:\n{result.stderr}"
    return result


def screenshot_home(path: Path, *, env: dict[str, str] | None = None) -> Path:
    app_process(
        ["-m", "mobile.app", "--screenshot", str(path), "--exit-after", "1.5"],
        env=env,
    )
    assert path.is_file()
    return path


def kivy_roboto() -> Path:
    spec = importlib.util.find_spec("kivy")
    assert spec is not None and spec.origin is not None
    return Path(spec.origin).parent / "data" / "fonts" / "Roboto-Regular.ttf"


Mask = npt.NDArray[np.bool_]
Floats = npt.NDArray[np.float64]


def ink_mask(image: Image.Image) -> Mask:
    pixels = np.asarray(image.convert("RGB"), dtype=np.int64)
    background = pixels[2, 2]  # the felt, in a corner no widget covers
    inked: Mask = np.abs(pixels - background).max(axis=2) > 80
    return inked


def title_band(mask: Mask) -> Mask | None:
    """The first row of text in the top quarter of the screen: the title."""
    rows: Mask = np.any(mask[: mask.shape[0] // 4], axis=1)
    inked = np.flatnonzero(rows)
    if inked.size == 0:
        return None
    top = bottom = int(inked[0])
    while bottom + 1 < rows.size and rows[bottom + 1]:
        bottom += 1
    return mask[top : bottom + 1]


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


def title_glyph_problems(screenshot: Path) -> list[str]:
    """Why the title row does not show 三国杀 桌面助手; empty when it does."""
    band = title_band(ink_mask(Image.open(screenshot)))
    if band is None:
        return ["nothing drawn in the title area"]
    runs = column_runs(band, len(TITLE_GLYPHS))
    if len(runs) < len(TITLE_GLYPHS):
        return [f"{len(runs)} glyphs in the title row, expected {len(TITLE_GLYPHS)}"]
    drawn = [normalised(band[:, a:b]) for a, b in runs]

    problems = []
    alike = sum(
        1
        for i in range(len(drawn))
        for j in range(i + 1, len(drawn))
        if float(drawn[i] @ drawn[j]) > SAME_GLYPH
    )
    if alike:
        problems.append(f"{alike} pairs of title glyphs have the same shape (tofu boxes?)")

    font = ImageFont.truetype(str(cjk_font_path()), 96)
    references = [reference_glyph(font, ch) for ch in TITLE_GLYPHS]
    for ch, glyph in zip(TITLE_GLYPHS, drawn, strict=True):
        scores = [float(glyph @ ref) for ref in references]
        best = TITLE_GLYPHS[scores.index(max(scores))]
        own = scores[TITLE_GLYPHS.index(ch)]
        if best != ch or own < SAME_GLYPH:
            problems.append(f"{ch}: drawn glyph matches it at {own:.2f}, looks most like {best}")
    return problems


@pytest.fixture(scope="module")
def home_screenshot(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = screenshot_home(tmp_path_factory.mktemp("app") / "home.png")
    print(f"home screen screenshot: {path}")
    return path


def test_screenshot_is_the_window_at_the_asked_path(home_screenshot: Path) -> None:
    with Image.open(home_screenshot) as image:
        assert image.size == SCREEN
    # Kivy's own screenshot names carry a counter; none may be left behind.
    assert sorted(p.name for p in home_screenshot.parent.iterdir()) == ["home.png"]


def test_home_screen_draws_the_chinese_title(home_screenshot: Path) -> None:
    assert title_glyph_problems(home_screenshot) == []


def test_tofu_check_fails_without_a_cjk_font(home_screenshot: Path, tmp_path: Path) -> None:
    roboto = screenshot_home(tmp_path / "roboto.png", env={FONT_OVERRIDE_ENV: str(kivy_roboto())})
    problems = title_glyph_problems(roboto)
    print("with Roboto:", *problems, sep="\n  ")
    assert problems, "the tofu check passed a font without Chinese glyphs"

    with Image.open(home_screenshot) as cjk, Image.open(roboto) as latin:
        top = SCREEN[1] // 4
        a = ink_mask(cjk)[:top]
        b = ink_mask(latin)[:top]
    assert (a != b).mean() > 0.01, "the title area should differ between the two fonts"


# Run inside the app's process: tap each home button through Kivy's input
# path (hit-testing included) and report the status line after each tap.
TAP_DRIVER = """
import sys
from mobile.app import configure_kivy

configure_kivy()
from kivy.app import App
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.tests.common import UnitTestTouch

from mobile.kivy_app import run


def tap_every_button(_dt):
    manager = App.get_running_app().root
    home = manager.get_screen("home")
    assert tuple(home.size) == tuple(Window.size), (home.size, Window.size)
    buttons = [w for w in home.walk() if hasattr(w, "subtitle")]
    for button in buttons:
        touch = UnitTestTouch(*button.to_window(*button.center))
        touch.touch_down()
        touch.touch_up()
        print(f"{button.subtitle}|{manager.current}|{home.status}", flush=True)


# The first callback runs on the first frame; by half a second later the
# buttons have their final size and place.
Clock.schedule_once(lambda _dt: Clock.schedule_once(tap_every_button, 0.5), 0)
sys.exit(run(screenshot=None, exit_after=1.5, font=None))
"""


def test_home_buttons_say_coming_soon_without_crashing() -> None:
    result = app_process(["-c", TAP_DRIVER])
    lines = [line.split("|") for line in result.stdout.splitlines() if line.count("|") == 2]
    assert [subtitle for subtitle, _, _ in lines] == ["New table", "Continue", "Replays"]
    for subtitle, screen, status in lines:
        assert screen == "home"
        assert "即将推出" in status and "coming soon" in status and subtitle in status


def test_importing_mobile_app_leaves_kivy_unloaded() -> None:
    """Kivy reads argv and may open a window on import; that waits for run_app()."""
    check = "import sys, mobile.app; sys.exit(any(m.split('.')[0] == 'kivy' for m in sys.modules))"
    assert subprocess.run([sys.executable, "-c", check], cwd=REPO).returncode == 0


def test_the_command_line_app_renders_and_exits(tmp_path: Path) -> None:
    """`sgs-table app --screenshot FILE --exit-after SECONDS`, as a user types it."""
    shot = tmp_path / "cli-home.png"
    entry = str(Path(sys.executable).parent / "sgs-table")
    command = [entry, "app", "--screenshot", str(shot), "--exit-after", "2"]
    if not os.environ.get("DISPLAY"):
        command = ["xvfb-run", "-a", "-s", "-screen 0 1280x800x24", *command]
    result = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stderr[-2000:]
    with Image.open(shot) as image:
        assert image.size == SCREEN
        # Not a blank window: the home screen's colours are there.
        colours = image.convert("RGB").getcolors(maxcolors=1 << 16)
        assert colours is not None and len(colours) > 50
