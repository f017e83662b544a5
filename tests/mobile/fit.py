"""Does every word on a screen fit? Checks on a live widget tree, inside the app's process.

For UI drivers (``tests/mobile/drive_*.py``): walk a screen's widgets and
report, in words, each problem a player would see:

- `clipped_labels`: a label whose text does not fit its box: its text set
  again, unconstrained in height (and in width when it does not wrap), is
  larger than the label; ``shorten`` cut it; or the label's box sticks out
  of a box that holds it (a tile, a panel, the window) — a scrolling box
  excepted, whose content may lie beyond its viewport;
- `overlaps`: widgets (seat tiles) whose boxes overlap;
- `overlapping_labels`: two labels a player sees over each other (each
  label's box cut to the scrolling boxes holding it: what scrolled out of
  sight is not seen);
- `reading_sizes`: every visible label's font size, to compare with the
  reading minimum (`mobile.widgets.base.read_px`).

Only what is visible counts: a label with no text, of no size, or under a
widget that is transparent or has no size is not seen.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from kivy.core.window import Window
from kivy.uix.label import Label
from kivy.uix.scrollview import ScrollView

__all__ = [
    "clipped_labels",
    "overlapping_labels",
    "overlaps",
    "reading_sizes",
    "visible_labels",
    "window_box",
]

Box = tuple[float, float, float, float]  # x, y, width, height in window pixels

# Rounding of layouts and textures: a pixel either way is no clipping.
SLACK = 1.5
# Label properties that decide how its text is set.
_STYLE = (
    "font_size", "font_name", "bold", "italic", "underline", "strikethrough", "markup",
    "halign", "valign", "padding", "line_height", "strip", "split_str", "font_family",
    "font_context", "font_features", "outline_width", "base_direction", "font_hinting",
    "font_kerning", "font_blended", "unicode_errors",
)  # fmt: skip


def window_box(widget: Any) -> Box:
    """The widget's box in window coordinates."""
    x0, y0 = widget.to_window(widget.x, widget.y)
    x1, y1 = widget.to_window(widget.right, widget.top)
    return (min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0))


def _seen(widget: Any) -> bool:
    """Not transparent, not of no size, for itself and everything holding it."""
    w = widget
    while w is not None and w is not Window:
        if getattr(w, "opacity", 1) <= 0.01 or w.width < 1 or w.height < 1:
            return False
        w = w.parent
    return True


def visible_labels(root: Any) -> Iterator[Any]:
    """Every label (buttons included) under ``root`` a player can see, with words on it."""
    for widget in root.walk(restrict=True):
        if isinstance(widget, Label) and str(widget.text).strip() and _seen(widget):
            yield widget


def natural_size(label: Any) -> tuple[float, float]:
    """The size the label's text takes set again without limits: its own width when it
    wraps, else one line per line; any height."""
    style = {name: getattr(label, name) for name in _STYLE if hasattr(label, name)}
    wraps = label.text_size[0] is not None
    probe = Label(text=label.text, **style)
    probe.text_size = (label.text_size[0], None) if wraps else (None, None)
    probe.max_lines = 0
    probe.shorten = False
    probe.texture_update()
    width, height = probe.texture_size
    if wraps:
        # Wider than the box when one word alone does not fit (padding included).
        width = probe._label._internal_size[0]
    return float(width), float(height)


def _inside(inner: Box, outer: Box) -> bool:
    x, y, w, h = inner
    ox, oy, ow, oh = outer
    return (
        x >= ox - SLACK
        and y >= oy - SLACK
        and x + w <= ox + ow + SLACK
        and y + h <= oy + oh + SLACK
    )


def _ancestors(widget: Any) -> Iterator[Any]:
    w = widget.parent
    while w is not None and w is not Window:
        yield w
        w = w.parent


def _holders(widget: Any) -> Iterator[Any]:
    """The boxes around a widget up to its screen (or the window), stopping at a
    scrolling box (whose content may go beyond it)."""
    w = widget.parent
    while w is not None and w is not Window:
        if isinstance(w, ScrollView):
            return
        yield w
        if type(w).__name__.endswith("Screen"):
            return
        w = w.parent


def label_problem(label: Any) -> str:
    """Why the label's text is cut or sticks out; '' when it fits."""
    width, height = natural_size(label)
    text = str(label.text).replace("\n", "⏎")[:60]
    problems = []
    if label.shorten:
        label.texture_update()
        if getattr(label._label, "is_shortened", False):
            problems.append("shortened")
    if width > label.width + SLACK:
        problems.append(f"{width:.0f} px wide in {label.width:.0f}")
    if height > label.height + SLACK:
        problems.append(f"{height:.0f} px high in {label.height:.0f}")
    box = window_box(label)
    screen = (0.0, 0.0, float(Window.width), float(Window.height))
    scrolled = any(isinstance(w, ScrollView) for w in _ancestors(label))
    if not scrolled and not _inside(box, screen):
        problems.append("outside the window")
    for holder in _holders(label):
        if holder.width < 1 or holder.height < 1:
            continue
        if not _inside(box, window_box(holder)):
            problems.append(f"sticks out of {type(holder).__name__}")
            break
    if not problems:
        return ""
    return f"{type(label).__name__} {text!r} (font {label.font_size:.0f}): {', '.join(problems)}"


def clipped_labels(root: Any) -> list[str]:
    """Every visible label under ``root`` whose text does not fit, in words."""
    return [p for label in visible_labels(root) if (p := label_problem(label))]


def overlaps(widgets: Iterable[Any]) -> list[str]:
    """Pairs of widgets whose boxes overlap (touching edges do not), in words."""
    boxes = [(w, window_box(w)) for w in widgets]
    found = []
    for i, (a, (ax, ay, aw, ah)) in enumerate(boxes):
        for b, (bx, by, bw, bh) in boxes[i + 1 :]:
            across = min(ax + aw, bx + bw) - max(ax, bx)
            down = min(ay + ah, by + bh) - max(ay, by)
            if across > SLACK and down > SLACK:
                found.append(f"{_name(a)} and {_name(b)} overlap by {across:.0f} x {down:.0f} px")
    return found


def shown_box(widget: Any) -> Box | None:
    """The part of the widget's box a player sees: cut to every scrolling box holding
    it; None when nothing of it is in sight."""
    x0, y0, w, h = window_box(widget)
    x1, y1 = x0 + w, y0 + h
    for holder in _ancestors(widget):
        if isinstance(holder, ScrollView):
            sx, sy, sw, sh = window_box(holder)
            x0, y0, x1, y1 = max(x0, sx), max(y0, sy), min(x1, sx + sw), min(y1, sy + sh)
    if x1 - x0 <= SLACK or y1 - y0 <= SLACK:
        return None
    return (x0, y0, x1 - x0, y1 - y0)


def overlapping_labels(root: Any) -> list[str]:
    """Every two visible labels under ``root`` (neither holding the other) whose boxes, as
    far as they are in sight, overlap: words drawn over words, in words."""
    shown = []
    for label in visible_labels(root):
        box = shown_box(label)
        if box is not None:
            shown.append((label, box, set(map(id, _ancestors(label)))))
    found = []
    for i, (a, (ax, ay, aw, ah), a_up) in enumerate(shown):
        for b, (bx, by, bw, bh), b_up in shown[i + 1 :]:
            if id(a) in b_up or id(b) in a_up:
                continue
            across = min(ax + aw, bx + bw) - max(ax, bx)
            down = min(ay + ah, by + bh) - max(ay, by)
            if across > SLACK and down > SLACK:
                found.append(f"{_said(a)} and {_said(b)} overlap by {across:.0f} x {down:.0f} px")
    return found


def _said(label: Any) -> str:
    return f"{type(label).__name__} {str(label.text).replace(chr(10), '⏎')[:40]!r}"


def _name(widget: Any) -> str:
    seat = getattr(widget, "seat", None)
    return f"seat {seat}" if seat is not None else type(widget).__name__


def reading_sizes(root: Any) -> list[tuple[float, str]]:
    """(font size in pixels, text) of every visible label under ``root``, smallest first."""
    found = [(float(label.font_size), str(label.text)) for label in visible_labels(root)]
    return sorted(found, key=lambda pair: pair[0])
