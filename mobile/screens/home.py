"""The home screen: start a new table, continue a game, or review replays."""

from __future__ import annotations

from pathlib import Path

from kivy.app import App
from kivy.lang import Builder
from kivy.properties import StringProperty
from kivy.uix.screenmanager import Screen

Builder.load_file(str(Path(__file__).with_suffix(".kv")))

# Screen name -> (Chinese, English) label. A button whose screen is not
# registered yet says so instead of failing, so the home screen can ship
# before the screens it leads to.
DESTINATIONS: dict[str, tuple[str, str]] = {
    "setup": ("新的牌桌", "New table"),
    "table": ("继续对局", "Continue"),
    "replay": ("回放", "Replays"),
}

WELCOME = "选择一项开始 · Choose one to begin"


class HomeScreen(Screen):  # type: ignore[misc]  # Kivy ships no type hints
    """主页: the first screen; the .kv lays it out, this class reacts to taps."""

    status = StringProperty(WELCOME)

    def choose(self, destination: str) -> None:
        manager = self.manager
        if destination == "table":
            controller = App.get_running_app().controller
            if not controller.started:
                reply = controller.continue_latest()
                if not reply.ok:
                    self.status = f"继续对局：{reply.message}"
                    return
        if manager is not None and manager.has_screen(destination):
            manager.current = destination
            return
        chinese, english = DESTINATIONS[destination]
        self.status = f"{chinese}：即将推出 · {english}: coming soon"
