"""Sizes and the navigation bar shared by the screens.

`unit` is one hundredth of the window's shorter side: fonts and paddings in
the .kv files are multiples of it, so a phone in portrait or landscape and a
desktop window all keep the same proportions.
"""

from __future__ import annotations

from typing import Any

from kivy.core.window import Window
from kivy.properties import ListProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button

from assistant.i18n import _

__all__ = ["SCREENS", "NavBar", "TableButton", "not_started", "tab_labels", "unit"]

# The screens of the navigation bar, in its order.
SCREENS: tuple[str, ...] = ("table", "scan", "distances", "settlement", "log", "replay", "home")


def tab_labels() -> dict[str, str]:
    """Screen name -> its tab's label in the language in use, in the order of the bar."""
    labels = {
        "table": _("Table"),
        "scan": _("Scan"),
        "distances": _("Distances"),
        "settlement": _("Settlement"),
        "log": _("Log"),
        "replay": _("Replay"),
        "home": _("Home"),
    }
    return {name: labels[name] for name in SCREENS}


def not_started() -> str:
    """What a screen of the game says before there is a game."""
    return _("No game yet: start a new table on the home screen")


def unit() -> float:
    """One hundredth of the window's shorter side, in pixels."""
    return float(min(Window.width, Window.height)) / 100.0


class TableButton(Button):  # type: ignore[misc]  # Kivy ships no type hints
    """A rounded button (theme.kv draws it); ``accent`` is its colour."""

    accent = ListProperty([0.965, 0.925, 0.820, 1])


class NavBar(BoxLayout):  # type: ignore[misc]  # Kivy ships no type hints
    """Tabs to the in-game screens; the current one is highlighted."""

    current = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.bind(current=self._build)
        self._build()

    def _build(self, *_args: object) -> None:
        self.clear_widgets()
        for name, label in tab_labels().items():
            button = TableButton(text=label)
            chosen = name == self.current
            button.accent = (0.960, 0.760, 0.250, 1) if chosen else (0.965, 0.925, 0.820, 1)
            button.bind(on_release=lambda _b, name=name: self._go(name))
            self.add_widget(button)

    def _go(self, name: str) -> None:
        widget: Any = self
        while widget is not None and not hasattr(widget, "manager"):
            widget = widget.parent
        manager = getattr(widget, "manager", None)
        if manager is not None and manager.has_screen(name):
            manager.current = name
