"""Sizes and the navigation bar shared by the screens.

`unit` is one hundredth of the window's shorter side: paddings and fonts in
the .kv files are multiples of it, so a phone in portrait or landscape and a
desktop window all keep the same proportions.

Text a player reads during play is never smaller than `READ_MM` on the
screen, whatever the window's pixels: `sizes.read` is that height in pixels
at the display's density (Kivy's `~kivy.metrics.Metrics`: ``KIVY_DPI`` and
``KIVY_METRICS_DENSITY`` where Kivy cannot ask the system), times the user's
font scale. A .kv file sizes such text ``max(S.read, S.unit * k)`` (``S``:
`sizes`): the proportional size where there is room, never below the
minimum; both properties follow the window, so a rotated phone or a resized
window lays out again.
"""

from __future__ import annotations

from typing import Any

from kivy.clock import Clock
from kivy.core.text import Label as CoreLabel
from kivy.core.window import Window
from kivy.event import EventDispatcher
from kivy.metrics import Metrics
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.button import Button
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.scrollview import ScrollView
from kivy.uix.stacklayout import StackLayout

from assistant.i18n import _

__all__ = [
    "LINE",
    "READ_MM",
    "SCREENS",
    "FlowRow",
    "NavBar",
    "ScreenColumn",
    "Sizes",
    "TableButton",
    "not_started",
    "read_px",
    "sizes",
    "tab_labels",
    "text_size_of",
    "wrapped_height",
]

# The smallest text a player reads during play, in millimetres on the screen:
# 20 minutes of arc seen from 50 cm (500 mm x tan(20')), what legibility
# guidance asks for text read at a glance.
READ_MM = 2.9
# A line of text is this many times its font size high (the packaged CJK font's
# ascent and descent: 1.45 em), which is what a label's texture takes.
LINE = 1.45


def read_px() -> float:
    """`READ_MM` in pixels at the display's density and the user's font scale."""
    # Reading one of Kivy's metrics makes Kivy compute it and hand it to its unit
    # conversions; read all three, or "16sp" and "3dp" come out negative, from a
    # density still unset (a Slider then refuses its own default sizes).
    dpi, _density, fontscale = Metrics.dpi, Metrics.density, Metrics.fontscale
    return float(dpi) / 25.4 * READ_MM * max(float(fontscale), 1.0)


class Sizes(EventDispatcher):  # type: ignore[misc]  # Kivy ships no type hints
    """The sizes the layouts follow: ``unit`` (1/100 of the window's shorter side) and
    ``read`` (the smallest text a player reads, `READ_MM`), in pixels; ``portrait``
    while the window is taller than wide."""

    unit = NumericProperty(8.0)
    read = NumericProperty(11.0)
    portrait = NumericProperty(0)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        Window.bind(size=self._window)
        # The density changes when the window moves to another screen, the font scale
        # when the user changes it: the reading minimum follows.
        Metrics.bind(dpi=self._metrics, density=self._metrics, fontscale=self._metrics)
        self._window(Window, Window.size)

    def _metrics(self, *_args: object) -> None:
        self.read = read_px()

    def _window(self, _window: object, size: tuple[int, int]) -> None:
        width, height = size
        self.read = read_px()
        self.unit = float(min(width, height)) / 100.0
        self.portrait = 1 if height > width else 0

    def text(self, k: float) -> float:
        """A reading font size: ``k`` units where there is room, never below ``read``."""
        return float(max(self.read, self.unit * k))


sizes = Sizes()

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


class TableButton(Button):  # type: ignore[misc]  # Kivy ships no type hints
    """A rounded button (theme.kv draws it); ``accent`` is its colour."""

    accent = ListProperty([0.965, 0.925, 0.820, 1])


def text_size_of(text: str, font_size: float, bold: bool = False) -> tuple[float, float]:
    """The size of ``text`` set in one line per line at ``font_size`` (no wrapping), in
    pixels: what a label of it needs."""
    key = (text, round(font_size, 2), bold)
    found = _MEASURED.get(key)
    if found is None:
        measure = CoreLabel(font_size=font_size, bold=bold)
        lines = text.split("\n")
        width = max(measure.get_extents(line)[0] for line in lines)
        height = measure.get_extents("Ag")[1] * len(lines)
        if len(_MEASURED) > 4000:
            _MEASURED.clear()
        found = _MEASURED[key] = (float(width), float(height))
    return found


_MEASURED: dict[tuple[str, float, bool], tuple[float, float]] = {}


def wrapped_height(text: str, font_size: float, width: float, bold: bool = False) -> float:
    """The height of ``text`` wrapped inside ``width`` pixels at ``font_size`` (a word
    longer than the width is broken, as a label breaks it)."""
    key = (text, round(font_size, 2), round(width, 1), bold)
    found = _WRAPPED.get(key)
    if found is None:
        measure = CoreLabel(text=text, font_size=font_size, bold=bold, text_size=(width, None))
        measure.resolve_font_name()
        found = float(measure.render()[1])
        if len(_WRAPPED) > 4000:
            _WRAPPED.clear()
        _WRAPPED[key] = found
    return found


_WRAPPED: dict[tuple[str, float, float, bool], float] = {}


class NavBar(GridLayout):  # type: ignore[misc]  # Kivy ships no type hints
    """Tabs to the in-game screens; the current one is highlighted.

    One row when every tab's word fits at the reading size, else as many rows
    as it takes (a phone in portrait, in a language of long words).
    """

    current = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.tabs: list[TableButton] = []
        self.bind(current=self._build, width=self._arrange)
        sizes.bind(read=self._arrange, unit=self._arrange)
        self._build()

    def _build(self, *_args: object) -> None:
        self.clear_widgets()
        self.tabs = []
        for name, label in tab_labels().items():
            button = TableButton(text=label, size_hint_y=None)
            chosen = name == self.current
            button.accent = (0.960, 0.760, 0.250, 1) if chosen else (0.965, 0.925, 0.820, 1)
            button.bind(on_release=lambda _b, name=name: self._go(name))
            self.add_widget(button)
            self.tabs.append(button)
        self._arrange()

    def _arrange(self, *_args: object) -> None:
        font = sizes.text(3.6)
        pad = sizes.unit * 0.8
        self.padding = pad
        self.spacing = pad
        words = [text_size_of(tab.text, font)[0] + 2 * pad for tab in self.tabs]
        count = len(self.tabs)
        rows = 1
        while rows < count:
            cols = -(-count // rows)
            cell = (self.width - 2 * pad - (cols - 1) * pad) / cols
            if max(words, default=0) <= cell:
                break
            rows += 1
        self.cols = -(-count // rows)
        height = font * LINE + 2 * pad
        for tab in self.tabs:
            tab.font_size = font
            tab.height = height
        self.height = rows * height + (rows - 1) * pad + 2 * pad

    def _go(self, name: str) -> None:
        widget: Any = self
        while widget is not None and not hasattr(widget, "manager"):
            widget = widget.parent
        manager = getattr(widget, "manager", None)
        if manager is not None and manager.has_screen(name):
            manager.current = name


class FlowRow(StackLayout):  # type: ignore[misc]  # Kivy ships no type hints
    """Buttons and words as wide as their words, in lines that wrap.

    Each label (a button is one) among the children is made as wide as its
    words at its font (plus ``pad`` font sizes each side, at least
    ``min_width`` of its own when it has one), at most the row's width,
    where its words wrap, and as high as its lines; the labels of a line
    are as high as its highest. With ``fill``, a line's labels share its
    spare width. Other children keep their own size. The row is as high as
    its lines (``minimum_height``).
    """

    fill = BooleanProperty(False)
    pad = NumericProperty(0.6)  # each side of a label's words, in font sizes

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("orientation", "lr-tb")
        kwargs.setdefault("size_hint_y", None)
        super().__init__(**kwargs)
        self._arrange = Clock.create_trigger(self.arrange, -1)
        self.bind(width=self._arrange, children=self._watch, fill=self._arrange, pad=self._arrange)
        self.bind(minimum_height=self.setter("height"))

    def _watch(self, *_args: object) -> None:
        for child in self.children:
            if isinstance(child, Label) and not getattr(child, "_flow_bound", False):
                child.bind(text=self._arrange, font_size=self._arrange)
                child._flow_bound = True
            elif not isinstance(child, Label):
                child.bind(width=self._arrange)
        self._arrange()

    def arrange(self, *_args: object) -> None:
        """Size every label to its words and share each line's spare width."""
        if not self.children:
            self.height = 0  # a StackLayout keeps its last height when emptied
            return
        room = max(float(self.width) - self.padding[0] - self.padding[2], 1.0)
        gap = float(self.spacing[0])
        lines: list[list[tuple[Any, float]]] = [[]]
        used = 0.0
        for child in reversed(self.children):  # in the order they were added
            if isinstance(child, Label):
                font = float(child.font_size)
                words = text_size_of(str(child.text), font, bool(child.bold))[0]
                width = words + 2 * font * self.pad + 2
                width = min(max(width, float(getattr(child, "min_width", 0) or 0)), room)
            else:
                width = float(child.width)
            if lines[-1] and used + gap + width > room + 0.5:
                lines.append([])
                used = 0.0
            used += (gap if lines[-1] else 0.0) + width
            lines[-1].append((child, width))
        for line in lines:
            labels = [(c, w) for c, w in line if isinstance(c, Label)]
            if self.fill and labels:
                spare = room - sum(w for _c, w in line) - gap * (len(line) - 1)
                labels = [(c, w + max(spare, 0.0) / len(labels)) for c, w in labels]
            tallest = 0.0
            for child, width in labels:
                font = float(child.font_size)
                inner = max(width - 2 * font * self.pad, 1.0)
                child.size_hint = (None, None)
                child.width = width
                child.text_size = (inner, None)
                tall = wrapped_height(str(child.text), font, inner, bool(child.bold))
                tallest = max(tallest, tall + font * 0.5)
            for child, _width in labels:
                child.height = tallest


class ScreenColumn(ScrollView):  # type: ignore[misc]  # Kivy ships no type hints
    """A column as high as its place, or higher, scrolled, when its words need more.

    Holds one box (a vertical BoxLayout): its parts with a fixed height keep
    it, the parts with a ``size_hint_y`` share what is left, and get at least
    ``least`` pixels together; the box is never lower than its place. It
    scrolls only when the box is higher than its place, so taps otherwise go
    straight through.
    """

    least = NumericProperty(0)

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("do_scroll_x", False)
        kwargs.setdefault("effect_cls", "ScrollEffect")
        super().__init__(**kwargs)
        self._fit = Clock.create_trigger(self.fit, -1)
        self.bind(height=self._fit, least=self._fit, children=self._watch)
        sizes.bind(unit=self._fit)

    def _watch(self, *_args: object) -> None:
        for child in self.children:
            child.size_hint_y = None
            child.bind(minimum_height=self._fit)
        self._fit()

    def fit(self, *_args: object) -> None:
        for child in self.children:
            needed = float(child.minimum_height) + float(self.least)
            child.height = max(float(self.height), needed)
            self.do_scroll_y = child.height > self.height + 1
            if not self.do_scroll_y:
                self.scroll_y = 1
        self.bar_width = sizes.unit * 0.8
