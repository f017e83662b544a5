"""The home screen: start a new table, continue a game, or review replays."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kivy.app import App
from kivy.lang import Builder
from kivy.properties import StringProperty
from kivy.uix.screenmanager import Screen

from assistant.i18n import _

Builder.load_file(str(Path(__file__).with_suffix(".kv")))

__all__ = ["HomeScreen", "destination_name"]


def destination_name(destination: str) -> str:
    """The words of a home button's screen, in the language in use."""
    names = {"setup": _("New table"), "table": _("Continue"), "replay": _("Replays")}
    return names.get(destination, destination)


def tagline() -> str:
    """The program's name, under the home screen's title."""
    # TRANSLATORS: the program's name (the command is sgs-table), under the title of the home
    # screen: keep it, or write it as a reader of the language reads it
    return _("sgs-table")


class HomeScreen(Screen):  # type: ignore[misc]  # Kivy ships no type hints
    """主页: the first screen; the .kv lays it out, this class reacts to taps."""

    status = StringProperty("")
    tagline = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.status = _("Choose one to begin")
        self.tagline = tagline()

    def choose(self, destination: str) -> None:
        manager = self.manager
        if destination == "table":
            controller = App.get_running_app().controller
            if not controller.started:
                reply = controller.continue_latest()
                if not reply.ok:
                    self.status = _("Continue: {reason}").format(reason=reply.message)
                    return
        if manager is not None and manager.has_screen(destination):
            manager.current = destination
            return
        # A button whose screen is not registered yet says so instead of failing,
        # so the home screen can ship before the screens it leads to.
        self.status = _("{screen}: coming soon").format(screen=destination_name(destination))
