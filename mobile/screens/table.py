"""牌桌: the ring of seats, whose turn and phase, the recent sightings and the prompt bar.

Everything shown comes from the controller's views (`assistant.views.table`,
`assistant.session.buttons`); a tap on a seat answers a target prompt, or
opens the distances screen for that seat.

The seats take the room: the recent sightings have a side panel only in a
landscape window wide enough for the ring to keep its full text size beside
it, and only while there is something to show (a camera or a sighting);
otherwise the newest sighting is one line above the prompt, and a tap on it
lists them all. The prompt, the reply and the buttons wrap and take the
height they need.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kivy.animation import Animation
from kivy.app import App
from kivy.clock import Clock
from kivy.factory import Factory
from kivy.lang import Builder
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.popup import Popup
from kivy.uix.screenmanager import Screen
from kivy.uix.scrollview import ScrollView
from kivy.utils import escape_markup

from assistant.i18n import _
from assistant.session import Button
from assistant.views import TableView
from mobile.controller import SightingLine, TableController
from mobile.widgets.base import LINE, not_started, sizes, text_size_of
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


def seen_text(line: SightingLine) -> str:
    """A sighting as the table screen says it: '√ 杀♠7: what it did' (× when refused)."""
    return f"{'√' if line.ok else '×'} {line.label}: {line.message}"


def legend(table: TableView) -> str:
    """What the seats' →N and green frames mean: the distance from the turn's seat, and
    its attack range; once the game is over, who won."""
    if not table.current:
        return table.result
    me = table.seats[table.current - 1]
    if not me.alive:
        return ""
    return _("→: distance from seat {seat}; green: in its attack range ({range})").format(
        seat=me.seat, range=me.attack_range
    )


class TableScreen(Screen):  # type: ignore[misc]  # Kivy ships no type hints
    heading = StringProperty("")
    legend = StringProperty("")
    heading_text = StringProperty("")  # the heading and the legend, in markup
    prompt_text = StringProperty("")
    message_text = StringProperty("")
    message_ok = BooleanProperty(True)
    camera_text = StringProperty("")
    flash_alpha = NumericProperty(0.0)
    strip_text = StringProperty("")
    side_panel = BooleanProperty(False)
    ring = ObjectProperty(None)
    buttons = ObjectProperty(None)
    seen_box = ObjectProperty(None)
    body = ObjectProperty(None)
    ring_scroll = ObjectProperty(None)

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
        self._seen_panel = self.ids.seen_panel.__self__
        self.ids.side.remove_widget(self._seen_panel)
        self.bind(side_panel=self._show_panel)
        self._place = Clock.create_trigger(self._choose_panel, -1)
        self.body.bind(size=self._place)
        sizes.bind(read=self._restyle, unit=self._restyle)
        self._camera()
        self.refresh()

    def release(self) -> None:
        """The screen is dropped (the language changed): stop listening to the controller."""
        self.controller.unbind(revision=self.refresh, flash=self._flash)
        self.controller.unbind(camera_status=self._camera)
        sizes.unbind(read=self._restyle, unit=self._restyle)

    def on_pre_enter(self, *_args: object) -> None:
        self.refresh()

    def refresh(self, *_args: object) -> None:
        if self.manager is not None and self.manager.current != self.name:
            return  # hidden: on_pre_enter refreshes when it is shown again
        c = self.controller
        table = c.table()
        self.heading = table.heading if table.seats else not_started()
        self.legend = legend(table) if table.seats else ""
        self.heading_text = escape_markup(self.heading)
        if self.legend:
            self.heading_text += f"  [color=#80e094]{escape_markup(self.legend)}[/color]"
        if table.seats:
            self.ring.show(table)
        self.prompt_text = c.prompt_text()
        self.message_text = c.message
        self.message_ok = c.message_ok
        self._buttons(c.buttons())
        self._seen()
        self._place()

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
            widget = Factory.PromptButton(text=button.label)
            widget.accent = ACCENTS.get(button.style, ACCENTS["hint"])
            widget.bind(on_release=lambda w: self.pressed(w.prompt_button))
            widget.prompt_button = button
            box.add_widget(widget)
            self.button_widgets.append(widget)
        self.fit_buttons()

    def fit_buttons(self, *_args: object) -> None:
        """Each prompt button as wide as its words (the theme wraps them inside it), at
        most the bar's width."""
        room = self.buttons.width
        for widget in self.button_widgets:
            font = float(widget.font_size)
            pad = max(font * 0.6, sizes.unit * 1.2)
            natural = text_size_of(widget.text, font)[0] + 2 * pad
            widget.width = max(min(natural, room), font * 2)

    def _restyle(self, *_args: object) -> None:
        """The reading sizes changed (the window did): buttons and lines again."""
        Clock.schedule_once(lambda _dt: self.fit_buttons(), 0)
        self._seen_key = ()
        self._seen()
        self._place()

    def _choose_panel(self, *_args: object) -> None:
        """The side panel only where the ring keeps its full text size beside it, and only
        with something to show; else the strip above the prompt."""
        width, height = self.body.size
        something = bool(self.controller.sightings) or self.controller.feed is not None
        # Landscape: a column beside the ring; the panel takes what the prompt leaves.
        self.side_panel = something and width > height and height > sizes.read * LINE * 9
        lines = list(self.controller.sightings)
        if self.side_panel or not lines:
            self.strip_text = ""
        else:
            newest = seen_text(lines[0])
            self.strip_text = _("Recent sightings: {newest}").format(newest=newest)

    def _show_panel(self, *_args: object) -> None:
        panel = self._seen_panel
        if self.side_panel and panel.parent is None:
            self.ids.side.add_widget(panel)
        elif not self.side_panel and panel.parent is not None:
            panel.parent.remove_widget(panel)

    def open_sightings(self) -> None:
        """The strip tapped: every recent sighting in a scrolling list."""
        from kivy.uix.boxlayout import BoxLayout

        box = BoxLayout(orientation="vertical", size_hint_y=None, spacing=sizes.unit)
        box.bind(minimum_height=box.setter("height"))
        for line in self.controller.sightings:
            box.add_widget(Factory.SeenLine(text=seen_text(line)))
        scroll = ScrollView(do_scroll_x=False)
        scroll.add_widget(box)
        Popup(title=_("Recent sightings"), content=scroll, size_hint=(0.9, 0.8)).open()

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
        for i, label in enumerate(self._seen_lines):
            line = lines[i] if i < len(lines) else None
            label.text = seen_text(line) if line is not None else ""
            label.color = (0.965, 0.925, 0.820, 1) if line is None or line.ok else (
                0.690, 0.800, 0.730, 1)  # fmt: skip
        self._place()

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
