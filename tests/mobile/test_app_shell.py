"""The real app, started headless in a subprocess: it draws its Chinese title with
the packaged font, its buttons answer, and it exits cleanly.

The tofu check: the title row of the screenshot is cut into glyphs, and each
glyph must look like the same character rendered straight from the font file
by Pillow, and unlike the other six. A missing font draws seven identical
boxes or nothing, and fails; test_tofu_check_fails_without_a_cjk_font runs
the app with Kivy's Latin-only Roboto to prove it does. The app speaks
Chinese for these (``SGS_TABLE_LANG=zh_CN``), and the source's words (``C``)
for the others.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from assistant.views import table_view
from engine.record import replay
from engine.state import Phase
from mobile.app import FONT_OVERRIDE_ENV
from tests.mobile.app_run import app_environment
from tests.mobile.glyphs import Mask, glyph_problems, ink_mask

REPO = Path(__file__).resolve().parents[2]
TITLE = "三国杀牌桌助手"
TITLE_GLYPHS = TITLE.replace(" ", "")
SCREEN = (1280, 800)


def app_process(
    args: list[str], *, lang: str = "C", env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """The app (``python ARGS``) run to its end, speaking ``lang``, with a store of its own."""
    command = [sys.executable, *args]
    if not os.environ.get("DISPLAY"):
        width, height = SCREEN
        command = ["xvfb-run", "-a", "-s", f"-screen 0 {width}x{height}x24", *command]
    folder = Path(tempfile.mkdtemp())
    result = subprocess.run(
        command,
        cwd=REPO,
        env={
            **app_environment(folder / "shell.db", folder / "settings.json", lang),
            **(env or {}),
        },
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, f"app exited {result.returncode}:\n{result.stderr}"
    return result


def screenshot_home(path: Path, *, env: dict[str, str] | None = None) -> Path:
    app_process(
        ["-m", "mobile.app", "--screenshot", str(path), "--exit-after", "1.5"],
        lang="zh_CN",
        env=env,
    )
    assert path.is_file()
    return path


def kivy_roboto() -> Path:
    spec = importlib.util.find_spec("kivy")
    assert spec is not None and spec.origin is not None
    return Path(spec.origin).parent / "data" / "fonts" / "Roboto-Regular.ttf"


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


def title_glyph_problems(screenshot: Path) -> list[str]:
    """Why the title row does not show 三国杀牌桌助手; empty when it does."""
    return glyph_problems(title_band(ink_mask(Image.open(screenshot))), TITLE)


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

from mobile.kivy_app import Options, run


def tap_each_button(index):
    # One button at a time: back home, wait for the (instant) transition to
    # finish (a screen ignores touches while one is active), tap, report.
    manager = App.get_running_app().root
    home = manager.get_screen("home")
    assert tuple(home.size) == tuple(Window.size), (home.size, Window.size)
    buttons = [w for w in home.walk() if getattr(w, "destination", "")]
    if index == len(buttons):
        App.get_running_app().stop()
        return
    manager.current = "home"

    def tap(_dt):
        button = buttons[index]
        touch = UnitTestTouch(*button.to_window(*button.center))
        touch.touch_down()
        touch.touch_up()
        print(f"{button.destination}|{manager.current}|{home.status}", flush=True)
        Clock.schedule_once(lambda _dt: tap_each_button(index + 1), 0)

    Clock.schedule_once(tap, 0.3)


# The first callback runs on the first frame; by half a second later the
# buttons have their final size and place.
Clock.schedule_once(lambda _dt: Clock.schedule_once(lambda _dt: tap_each_button(0), 0.5), 0)
sys.exit(run(Options(exit_after=10), font=None))
"""


def test_home_buttons_open_their_screens(tmp_path: Path) -> None:
    db = tmp_path / "empty.db"
    result = app_process(["-c", TAP_DRIVER], env={"SGS_TABLE_DB": str(db)})
    lines = [line.split("|") for line in result.stdout.splitlines() if line.count("|") == 2]
    assert [destination for destination, _screen, _status in lines] == ["setup", "table", "replay"]
    screens = {destination: (screen, status) for destination, screen, status in lines}
    assert screens["setup"][0] == "setup"
    assert screens["replay"][0] == "replay"
    # Nothing stored yet: "continue" stays home and says why, in one line.
    screen, status = screens["table"]
    assert screen == "home"
    assert status == "Continue: no game to continue: start a new table"


def test_importing_mobile_app_leaves_kivy_unloaded() -> None:
    """Kivy reads argv and may open a window on import; that waits for run_app()."""
    check = "import sys, mobile.app; sys.exit(any(m.split('.')[0] == 'kivy' for m in sys.modules))"
    assert subprocess.run([sys.executable, "-c", check], cwd=REPO).returncode == 0


def test_the_command_line_app_renders_and_exits(tmp_path: Path) -> None:
    """`sgs-table app --screenshot FILE --exit-after SECONDS`, as a user types it."""
    shot = tmp_path / "cli-home.png"
    entry = str(Path(sys.executable).parent / "sgs-table")
    command = [entry, "app", "--screenshot", str(shot), "--exit-after", "2"]
    command += ["--db", str(tmp_path / "cli.db")]
    if not os.environ.get("DISPLAY"):
        command = ["xvfb-run", "-a", "-s", "-screen 0 1280x800x24", *command]
    env = app_environment(tmp_path / "cli.db", tmp_path / "settings.json")
    result = subprocess.run(
        command, capture_output=True, text=True, timeout=120, check=False, env=env
    )
    assert result.returncode == 0, result.stderr[-2000:]
    with Image.open(shot) as image:
        assert image.size == SCREEN
        # Not a blank window: the home screen's colours are there.
        colours = image.convert("RGB").getcolors(maxcolors=1 << 16)
        assert colours is not None and len(colours) > 50


def test_the_command_line_app_plays_a_video_as_the_camera(tmp_path: Path) -> None:
    """`sgs-table app --camera samples/demo.mp4 --exit-after 10 --screenshot FILE`.

    The video's taps script (samples/demo-taps.txt) sets up the table; every
    card the video shows must be taken (√) and be in a stored move.
    """
    from assistant.camera import sticker_label
    from assistant.i18n import speaking
    from assistant.store import Store
    from vision.decode import Decoder
    from vision.sources import VideoSource
    from vision.tracker import Scanner, Tracker

    shot, db = tmp_path / "table.png", tmp_path / "app.db"
    entry = str(Path(sys.executable).parent / "sgs-table")
    # The words of a Chinese table (the tests' environment says C: the source's messages).
    command = [
        entry,
        "--lang",
        "zh_CN",
        "app",
        "--camera",
        "samples/demo.mp4",
        "--exit-after",
        "10",
    ]
    command += ["--screenshot", str(shot), "--db", str(db)]
    if not os.environ.get("DISPLAY"):
        command = ["xvfb-run", "-a", "-s", "-screen 0 1280x800x24", *command]
    env = app_environment(db, tmp_path / "settings.json")
    result = subprocess.run(
        command, cwd=REPO, capture_output=True, text=True, timeout=120, check=False, env=env
    )
    assert result.returncode == 0, result.stderr[-2000:]
    with Image.open(shot) as image:
        assert image.size == SCREEN
    with VideoSource(REPO / "samples" / "demo.mp4") as source:
        payloads = {e.payload for e in Scanner(source, Decoder(), Tracker()) if e.kind == "seen"}
    assert len(payloads) == 5
    taken = [line for line in result.stdout.splitlines() if line.startswith("seen ")]
    for payload in payloads:
        with speaking("zh_CN"):  # the app's language
            label = sticker_label(payload)
        assert any(f"√ {label}:" in line for line in taken), (payload, taken)
    with Store.open(f"sqlite:///{db}") as store:
        [game] = store.games()
        moves = [m.text or "" for m in store.moves(game.id)]
        state = replay(store.record(game.id)).state
    for payload in payloads:
        assert any(f"#{int(payload[4:7])}" in move.split() for move in moves), (payload, moves)
    # The table at the end: seat 2 (关羽) in the play phase of turn 2, as the app says it.
    assert (state.turn.number, state.turn.seat, state.turn.phase) == (2, 2, Phase.PLAY)
    assert state.seat(2).generals == ("guanyu",)
    with speaking("zh_CN"):
        heading = table_view(state).heading
    assert f" · {heading}\n" in result.stdout
