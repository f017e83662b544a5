"""The home screen: start a new table, continue a game, or review replays; and the language.

A button per language (`assistant.i18n.LANGUAGE_NAMES`, each in its own
words) chooses the language of the whole app (`SgsTableApp.use_language`):
kept for the next start, every screen made anew in it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kivy.app import App
from kivy.factory import Factory
from kivy.lang import Builder
from kivy.properties import StringProperty
from kivy.uix.screenmanager import Screen

from assistant.i18n import LANGUAGE_NAMES, _, language

Builder.load_file(str(Path(__file__).with_suffix(".kv")))

__all__ = ["HomeScreen", "destination_name"]

GOLD = (0.960, 0.760, 0.250, 1)
IVORY = (0.965, 0.925, 0.820, 1)


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
        self._language_buttons()

    def _language_buttons(self) -> None:
        box = self.ids.language_box
        box.clear_widgets()
        for code, name in LANGUAGE_NAMES.items():
            button = Factory.TableButton(text=name)
            button.language = code
            button.accent = GOLD if code == language() else IVORY
            button.bind(on_release=lambda _b, code=code: self.choose_language(code))
            box.add_widget(button)

    def language_buttons(self) -> list[Any]:
        """The language buttons, in order; each has ``language`` (its code)."""
        return list(reversed(self.ids.language_box.children))

    def choose_language(self, code: str) -> None:
        """A language button: the whole app in that language from now on."""
        if code != language():
            App.get_running_app().use_language(code)

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
