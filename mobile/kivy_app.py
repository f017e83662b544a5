"""The Kivy App object. Imported only by mobile.app.run_app, after it has set up
the environment Kivy reads at import time."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.core.text import DEFAULT_FONT, LabelBase
from kivy.core.window import Window
from kivy.uix.screenmanager import NoTransition, ScreenManager

from assistant.resources import cjk_font_path
from mobile.screens.home import HomeScreen

# Seconds after the first frame: long enough for the layout to settle
# (sizes in the .kv follow the window's, which may change in the first frames).
SCREENSHOT_DELAY = 0.5


class SgsTableApp(App):  # type: ignore[misc]  # Kivy ships no type hints
    def __init__(self, *, screenshot: Path | None, exit_after: float | None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.title = "三国杀 桌面助手 sgs-table"
        self.screenshot_path = screenshot
        self.screenshot_saved = False
        self._exit_after = exit_after
        self._stop_after_screenshot = False
        self._capture_pending = False

    def build(self) -> ScreenManager:
        # Screens appear at once: a phone on a stand gains nothing from slides.
        manager = ScreenManager(transition=NoTransition())
        manager.add_widget(HomeScreen(name="home"))
        return manager

    def on_start(self) -> None:
        if self.screenshot_path is not None:
            # Bound for good: unbinding from inside a dispatch can make Kivy
            # skip the next observer of the same event.
            Window.bind(on_flip=self._capture)
        # Kivy's clock has not ticked since import, so a delay scheduled now
        # would count the start-up time too; count from the first frame.
        Clock.schedule_once(self._start_timers, 0)

    def _start_timers(self, _dt: float) -> None:
        if self.screenshot_path is not None:
            Clock.schedule_once(self._request_screenshot, SCREENSHOT_DELAY)
        if self._exit_after is not None:
            Clock.schedule_once(self._finish, self._exit_after)

    def _request_screenshot(self, _dt: float = 0) -> None:
        # Read the pixels in on_flip, before the buffers swap: the frame just
        # drawn is then certainly in the back buffer. Asking for an update
        # makes sure a frame is drawn even when nothing on screen changed.
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
        if written:
            os.replace(written, target)
            self.screenshot_saved = True
        if self._stop_after_screenshot:
            Clock.schedule_once(lambda _dt: self.stop(), 0)

    def _finish(self, _dt: float) -> None:
        if self.screenshot_path is not None and not self.screenshot_saved:
            self._stop_after_screenshot = True
            self._request_screenshot()
        else:
            self.stop()


def use_font(font: Path) -> None:
    """Make every Label without an explicit font_name use this file."""
    LabelBase.register(DEFAULT_FONT, fn_regular=str(font))


def run(
    *,
    screenshot: Path | None,
    exit_after: float | None,
    font: Path | None,
) -> int:
    use_font(font if font is not None else cjk_font_path())
    app = SgsTableApp(screenshot=screenshot, exit_after=exit_after)
    app.run()
    if screenshot is not None and not app.screenshot_saved:
        return 1
    return 0
