"""The Kivy App object. Imported only by mobile.app.run_app, after it has set up
the environment Kivy reads at import time.

The app speaks one language at a time (`assistant.i18n`): the one it was
started with (`mobile.settings.start_language`: ``--lang``, else
``SGS_TABLE_LANG``, else the setting, else Simplified Chinese), until a
language button of the home screen chooses another
(`SgsTableApp.use_language`): the choice is kept in the settings file and the
screens are made anew in it, around the same controller, session and camera.
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.core.text import DEFAULT_FONT, LabelBase
from kivy.core.window import Window
from kivy.lang import Builder
from kivy.uix.screenmanager import NoTransition, ScreenManager

from assistant.i18n import _, set_language
from assistant.resources import cjk_font_path
from assistant.store import Store
from mobile.opened import Opened
from mobile.settings import LANGUAGE_KEY, load_settings, save_setting, settings_path, start_language
from mobile.widgets import base  # noqa: F401  (registers the shared widgets)

# Seconds after the first frame: long enough for the layout to settle
# (sizes in the .kv follow the window's, which may change in the first frames).
SCREENSHOT_DELAY = 0.5
# How often the main thread takes what the camera threads have ready.
CAMERA_TICK = 1 / 30

# Screen name -> "module:Class" under mobile.screens, in navigation order.
SCREEN_CLASSES: dict[str, str] = {
    "home": "home:HomeScreen",
    "setup": "setup:SetupScreen",
    "table": "table:TableScreen",
    "scan": "scan:ScanScreen",
    "distances": "distances:DistancesScreen",
    "settlement": "settlement:SettlementScreen",
    "log": "log:LogScreen",
    "replay": "replay:ReplayScreen",
}


@dataclass(frozen=True, slots=True)
class Options:
    """How the app was started (see mobile.app.main)."""

    screenshot: Path | None = None
    exit_after: float | None = None
    camera: str | None = None  # a video, a folder of frames, a camera number; None: none
    taps: Path | None = None
    screen: str | None = None
    db: str | None = None
    lang: str | None = None  # the language for this run (--lang), over the setting
    settings: Path | None = None  # the settings file (default: mobile.settings.settings_path)
    opened: Opened | None = None  # a game to look at (--open): nothing of it is stored


class SgsTableApp(App):  # type: ignore[misc]  # Kivy ships no type hints
    root: Any  # App's: the ScreenManager, once built

    def __init__(self, options: Options, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.options = options
        self.settings_file = options.settings or settings_path()
        saved = load_settings(self.settings_file).get(LANGUAGE_KEY)
        set_language(start_language(options.lang, os.environ, saved))
        self.title = _("Sanguosha table assistant")
        self.screenshot_path = options.screenshot
        self.screenshot_saved = False
        self._stop_after_screenshot = False
        self._capture_pending = False
        self._capture_done: Callable[[Path | None], object] | None = None
        from mobile.controller import TableController

        self.controller = TableController(Store.open(options.db))
        self.failure: str | None = None

    def build(self) -> ScreenManager:
        Builder.load_file(str(Path(__file__).with_name("theme.kv")))
        return self._screens()

    def _screens(self) -> ScreenManager:
        """Every screen, made now (in the language in use), in a new manager."""
        # Screens appear at once: a phone on a stand gains nothing from slides.
        manager = ScreenManager(transition=NoTransition())
        for name, where in SCREEN_CLASSES.items():
            module, cls = where.split(":")
            screen_class = getattr(importlib.import_module(f"mobile.screens.{module}"), cls)
            manager.add_widget(screen_class(name=name))
        return manager

    def use_language(self, code: str) -> str:
        """Speak ``code`` from now on: kept as the setting, every screen made anew in it.

        The controller (the session, the store, the camera) stays; the screen
        shown stays shown. Returns the language chosen; ValueError for a
        language without a catalog. A setting that cannot be written is said
        on the home screen, and the language changes all the same.
        """
        chosen = set_language(code)
        problem = ""
        try:
            save_setting(self.settings_file, LANGUAGE_KEY, chosen)
        except OSError as error:
            problem = _("The language could not be kept for the next start: {reason}").format(
                reason=error.strerror or str(error)
            )
        self.title = _("Sanguosha table assistant")
        self.controller.reword()
        old = self.root
        if old is not None:
            current = old.current
            for screen in old.screens:
                release = getattr(screen, "release", None)
                if release is not None:
                    release()
            new = self._screens()
            new.current = current
            Window.remove_widget(old)
            self.root = new
            Window.add_widget(new)
            if problem:
                new.get_screen("home").status = problem
        return chosen

    def on_start(self) -> None:
        Window.bind(on_flip=self._capture)
        o = self.options
        if o.camera is not None and not self.start_camera(o.camera):
            self.failure = self.controller.camera_status
        if o.taps is not None:
            try:
                self.controller.use_taps(o.taps)
            except (OSError, UnicodeDecodeError, ValueError) as error:
                # A script that does not read: said at the end, the app still runs.
                self.failure = f"{o.taps}: {error}"
        if o.opened is not None:
            self.look_at(o.opened)
        if o.screen is not None:
            self.root.current = o.screen
        elif o.taps is not None or o.opened is not None:
            self.root.current = "table"
        Clock.schedule_interval(self.controller.tick, CAMERA_TICK)
        # Kivy's clock has not ticked since import, so a delay scheduled now
        # would count the start-up time too; count from the first frame.
        Clock.schedule_once(self._start_timers, 0)

    def look_at(self, opened: Opened) -> None:
        """Show a game opened to be looked at: the table after its move ``opened.at``
        (a session without a store), and the whole game on the replay screen there."""
        self.controller.look_at(opened.replay, opened.at)
        replay = self.root.get_screen("replay")
        replay.show_game(opened.replay, opened.title, opened.game_id)
        replay.go_to(opened.at)

    def start_camera(self, spec: str) -> bool:
        """Play ``spec`` (a video, a folder, a camera number) as the camera; False if it fails.

        The reason of a failure is one line in the controller's camera status.
        """
        from vision.sources import SourceError, open_source

        try:
            source = open_source(spec)
        except SourceError as error:
            self.controller.camera_status = str(error)
            return False
        self.controller.start_camera(source)
        return True

    def on_pause(self) -> bool:
        # Android: the app may be paused (screen off, another app); the camera
        # is released by the scan screen's phone camera, the game is stored.
        return True

    def on_stop(self) -> None:
        self.controller.close()

    def _start_timers(self, _dt: float) -> None:
        if self.screenshot_path is not None and self.options.exit_after is None:
            Clock.schedule_once(lambda _dt: self.request_screenshot(), SCREENSHOT_DELAY)
        if self.options.exit_after is not None:
            Clock.schedule_once(self._finish, self.options.exit_after)

    def request_screenshot(
        self, path: Path | None = None, done: Callable[[Path | None], object] | None = None
    ) -> None:
        """Save the next drawn frame as a PNG at ``path`` (default: --screenshot); then ``done``."""
        # Read the pixels in on_flip, before the buffers swap: the frame just
        # drawn is then certainly in the back buffer. Asking for an update
        # makes sure a frame is drawn even when nothing on screen changed.
        if path is not None:
            self.screenshot_path = path
        self._capture_done = done
        self._capture_pending = True
        Window.canvas.ask_update()

    def _capture(self, *_args: object) -> None:
        if not self._capture_pending:
            return
        self._capture_pending = False
        target = self.screenshot_path
        assert target is not None
        target.parent.mkdir(parents=True, exist_ok=True)
        # Window.screenshot numbers its files (name0001.png, via str.format);
        # write beside the target under a hidden name and move it into place.
        hidden = str(target.with_name(f".{target.stem}.png"))
        written = Window.screenshot(name=hidden.replace("{", "{{").replace("}", "}}"))
        saved: Path | None = None
        if written:
            os.replace(written, target)
            self.screenshot_saved = True
            saved = target
        done, self._capture_done = self._capture_done, None
        if done is not None:
            Clock.schedule_once(lambda _dt: done(saved), 0)
        if self._stop_after_screenshot:
            Clock.schedule_once(lambda _dt: self.stop(), 0)

    def _finish(self, _dt: float) -> None:
        if self.options.screenshot is not None:
            self._stop_after_screenshot = True
            self.request_screenshot(self.options.screenshot)
        else:
            self.stop()


def use_font(font: Path) -> None:
    """Make every Label without an explicit font_name use this file."""
    LabelBase.register(DEFAULT_FONT, fn_regular=str(font), fn_bold=str(font))


def run(options: Options, *, font: Path | None) -> int:
    use_font(font if font is not None else cjk_font_path())
    app = SgsTableApp(options)
    app.run()
    if options.exit_after is not None:
        # A timed run is a headless check: say what the table came to.
        print("\n".join(app.controller.summary()), flush=True)
    if options.screenshot is not None and not app.screenshot_saved:
        return 1
    if app.failure:
        print(f"sgs-table app: {app.failure}", file=sys.stderr)
        return 1
    return 0
