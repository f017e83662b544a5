"""牌桌: the ring of seats, whose turn and phase, the recent sightings and the prompt bar.

Everything shown comes from the controller's views (`assistant.views.table`,
`assistant.session.buttons`); a tap on a seat answers a target prompt, or
opens the distances screen for that seat.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kivy.animation import Animation
from kivy.app import App
from kivy.factory import Factory
from kivy.lang import Builder
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.screenmanager import Screen

from assistant.session import Button
from mobile.controller import TableController
from mobile.widgets.base import not_started, unit
from mobile.widgets.ring import SeatRing  # noqa: F401  (the .kv uses it)

Builder.load_file(str(Path(__file__).with_suffix(".kv")))

__all__ = ["TableScreen"]

# Button accents by style (see assistant.session.buttons.Button.style).
ACCENTS = {
    "go": (0.960, 0.760, 0.250, 1),
    "target": (0.980, 0.620, 0.300, 1),
    "pass": (0.965, 0.925, 0.820, 1),
    "cancel": (0.800, 0.780, 0.740, 1),
    "screen": (0.960, 0.760, 0.250, 1),
    "hint": (0.600, 0.700, 0.640, 1),
}
SEEN_SHOWN = 7


class TableScreen(Screen):  # type: ignore[misc]  # Kivy ships no type hints
    heading = StringProperty("")
    centre_text = StringProperty("")
    prompt_text = StringProperty("")
    message_text = StringProperty("")
    message_ok = BooleanProperty(True)
    camera_text = StringProperty("")
    flash_alpha = NumericProperty(0.0)
    ring = ObjectProperty(None)
    buttons = ObjectProperty(None)
    seen_box = ObjectProperty(None)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.controller: TableController = App.get_running_app().controller
        self.ring.on_seat = self.seat_tapped
        self.controller.bind(revision=self.refresh, flash=self._flash)
        self.controller.bind(camera_status=self._camera)
        self.button_widgets: list[Any] = []
        self._buttons_key: tuple[tuple[str, str], ...] = ()
        self._seen_key: tuple[tuple[float, str, str], ...] = ()
        self._seen_lines: list[Any] = []
        self.seen_box.bind(height=self._resized)
        self._camera()
        self.refresh()

    def release(self) -> None:
        """The screen is dropped (the language changed): stop listening to the controller."""
        self.controller.unbind(revision=self.refresh, flash=self._flash)
        self.controller.unbind(camera_status=self._camera)

    def on_pre_enter(self, *_args: object) -> None:
        self.refresh()

    def refresh(self, *_args: object) -> None:
        if self.manager is not None and self.manager.current != self.name:
            return  # hidden: on_pre_enter refreshes when it is shown again
        c = self.controller
        table = c.table()
        self.heading = table.heading
        if table.seats:
            self.ring.show(table)
        self.centre_text = f"{table.phase}" if table.seats else not_started()
        self.prompt_text = c.prompt_text()
        self.message_text = c.message
        self.message_ok = c.message_ok
        self._buttons(c.buttons())
        self._seen()

    def _buttons(self, buttons: tuple[Button, ...]) -> None:
        key = tuple((b.label, b.style) for b in buttons)
        if key == self._buttons_key:
            # Same labels: keep the widgets, take the new actions.
            for widget, button in zip(self.button_widgets, buttons, strict=True):
                widget.prompt_button = button
            return
        self._buttons_key = key
        box = self.buttons
        box.clear_widgets()
        self.button_widgets = []
        for button in buttons:
            widget = Factory.TableButton(text=button.label)
            widget.accent = ACCENTS.get(button.style, ACCENTS["hint"])
            widget.bind(on_release=lambda w: self.pressed(w.prompt_button))
            widget.prompt_button = button
            box.add_widget(widget)
            self.button_widgets.append(widget)

    def _seen(self) -> None:
        lines = list(self.controller.sightings)[:SEEN_SHOWN]
        key = tuple((line.t, line.payload, line.message) for line in lines)
        if key == self._seen_key:
            return
        self._seen_key = key
        if not self._seen_lines:
            # Made once, then only their text changes (see ScanScreen._list_sightings).
            for _i in range(SEEN_SHOWN):
                label = Factory.SeenLine(text="")
                self.seen_box.add_widget(label)
                self._seen_lines.append(label)
            self.seen_box.add_widget(Factory.Widget())
        # As many as the panel holds (fewer in portrait); the rest take no room.
        room = self.seen_box.height + self.seen_box.spacing
        fits = max(1, int(room // (unit() * 8 + self.seen_box.spacing)))
        for i, label in enumerate(self._seen_lines):
            label.height = unit() * 8 if i < fits else 0
            if i < min(len(lines), fits):
                line = lines[i]
                label.text = f"{'√' if line.ok else '×'} {line.label}\n   {line.message}"
                label.color = (0.965, 0.925, 0.820, 1) if line.ok else (0.690, 0.800, 0.730, 1)
            else:
                label.text = ""

    def _resized(self, *_args: object) -> None:
        self._seen_key = ()
        self._seen()

    def _camera(self, *_args: object) -> None:
        self.camera_text = self.controller.camera_status

    def _flash(self, *_args: object) -> None:
        Animation.cancel_all(self, "flash_alpha")
        self.flash_alpha = 1.0
        Animation(flash_alpha=0.0, duration=0.45).start(self)

    def pressed(self, button: Button) -> None:
        if button.screen is not None:
            self.manager.current = button.screen
            return
        self.controller.press(button)

    def seat_tapped(self, seat: int) -> None:
        prompt = self.controller.session.prompt
        # A card or a skill waiting for its seats takes the tap; else the seat's distances.
        waiting = prompt.pending is not None or prompt.skill is not None
        self.controller.tap_seat(seat)
        if not waiting and self.manager is not None and self.manager.has_screen("distances"):
            self.manager.current = "distances"
