"""扫描: the camera's picture, a box on every code it reads, and the last sightings.

The preview fills most of the screen (aspect kept). Over it, each code of
the controller's latest `assistant.camera.Overlay` gets an outline and its
label in a dark pill: green for a sticker counted as seen, yellow for one
read but not yet confirmed, red for a code that is not a sticker. When the
controller takes a sighting (``flash`` bumps) the picture flashes. The panel
lists the last sightings, the camera's status and a button to open or close
the camera: on a desktop ``App.start_camera("0")``, on Android the phone's
camera (`mobile.phone_camera`), whose Kivy `Camera` widget is then shown as
the preview itself, with the boxes drawn over it.

Cost on the main thread: nothing while the screen is hidden (the bindings to
the controller are made on entering and dropped on leaving). While shown,
each new preview frame (``preview_revision``) is copied into one reused
staging array and uploaded into one reused texture (created again only when
the frame size changes); the boxes are redrawn only for a new overlay (a
newly decoded frame) or a new layout, and label textures are cached.

For UI tests:

- ``ScanScreen.shown_boxes()`` -> list of ``(payload, label, colour)`` of the
  boxes drawn now, colour ``"green"``, ``"yellow"`` or ``"red"``;
- ``ScanScreen.preview_size()`` -> ``(width, height)`` of the picture shown
  (``(0, 0)`` when none: camera off, or no frame yet);
- ``ScanScreen.update_ms``: a deque of the main-thread milliseconds spent in
  `ScanScreen.update_preview` for the latest preview frames.
"""

from __future__ import annotations

import time
from collections import deque
from pathlib import Path
from typing import Any, Final

import cv2
import numpy as np
import numpy.typing as npt
from kivy.animation import Animation
from kivy.app import App
from kivy.clock import Clock
from kivy.core.text import Label as CoreLabel
from kivy.factory import Factory
from kivy.graphics import Color, InstructionGroup, Line, Rectangle, RoundedRectangle
from kivy.graphics.texture import Texture
from kivy.lang import Builder
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.screenmanager import Screen

from assistant.camera import Overlay
from assistant.i18n import _
from mobile.controller import SightingLine, TableController
from mobile.phone_camera import PhoneCamera, on_android
from mobile.widgets.base import sizes

__all__ = ["BOX_COLOURS", "ScanScreen", "ScanView"]

DESKTOP_CAMERA: Final = "0"
"""What the open button asks `SgsTableApp.start_camera` for off Android."""

BOX_COLOURS: Final[dict[str, tuple[float, float, float, float]]] = {
    "green": (0.30, 0.92, 0.42, 1.0),  # a sticker the tracker counts as seen
    "yellow": (1.00, 0.84, 0.20, 1.0),  # read, not yet confirmed
    "red": (1.00, 0.34, 0.30, 1.0),  # a code that is not a sticker
}
MUTED: Final = (0.690, 0.800, 0.730, 1.0)
PILL: Final = (0.03, 0.06, 0.05, 0.80)
LETTERBOX: Final = (0.02, 0.09, 0.07, 1.0)
FLASH: Final = (0.55, 1.00, 0.62)
SIGHTINGS_SHOWN: Final = 14
STATUS_INTERVAL: Final = 0.25
UPDATE_SAMPLES: Final = 600
LABEL_CACHE: Final = 256

Builder.load_file(str(Path(__file__).with_suffix(".kv")))


def box_colour(seen: bool, fault: str | None) -> str:
    if fault is not None:
        return "red"
    return "green" if seen else "yellow"


class ScanView(FloatLayout):  # type: ignore[misc]  # Kivy ships no type hints
    """The picture (a texture, or the phone's Camera widget), the boxes and the flash.

    Drawn with canvas instructions made once: ``canvas.before`` holds the
    letterbox and the picture, children (the hint label, the Camera widget)
    come next, ``canvas.after`` holds the boxes and the flash.
    """

    flash_alpha = NumericProperty(0.0)
    aspect = NumericProperty(9 / 16)  # the picture's height / width
    picture_on = BooleanProperty(False)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._texture: Any = None
        self._staging: npt.NDArray[np.uint8] | None = None
        self._staging_view: memoryview | None = None
        self._camera: Any = None  # the phone's kivy.uix.camera.Camera
        self._size = (0, 0)  # the picture's (width, height)
        self._rect = (0.0, 0.0, 0.0, 0.0)  # where it is drawn: x, y, width, height
        self._overlay: Overlay | None = None
        self._shown: list[tuple[str, str, str]] = []
        self._labels: dict[tuple[str, int], Any] = {}
        with self.canvas.before:
            Color(*LETTERBOX)
            self._back = Rectangle()
            self._picture_colour = Color(1, 1, 1, 0)
            self._picture = Rectangle()
        self._boxes = InstructionGroup()
        self.canvas.after.add(self._boxes)
        with self.canvas.after:
            self._flash_fill_colour = Color(1, 1, 1, 0)
            self._flash_fill = Rectangle()
            self._flash_line_colour = Color(*FLASH, 0)
            self._flash_line = Line(width=1.0)
        self.bind(pos=self._relayout, size=self._relayout)
        self.bind(flash_alpha=self._flash_changed, picture_on=self._relayout)

    # ------------------------------------------------------------ the picture

    def show_frame(self, image: npt.NDArray[np.uint8]) -> None:
        """Upload a BGR frame into the one texture (made anew only for a new size)."""
        if image.ndim != 3 or image.shape[2] != 3:  # grey or BGRA: not from our sources
            code = cv2.COLOR_GRAY2BGR if image.ndim == 2 else cv2.COLOR_BGRA2BGR
            image = np.asarray(cv2.cvtColor(image, code), dtype=np.uint8)
        height, width = image.shape[:2]
        if self._staging is None or self._staging.shape != image.shape:
            texture = Texture.create(size=(width, height), colorfmt="bgr")
            texture.flip_vertical()  # image rows go down, texture rows up
            self._texture = texture
            self._picture.texture = texture
            # The feed's frames are read-only and Kivy blits only from
            # writable buffers: copy into one array kept for the purpose.
            self._staging = np.empty_like(image)
            self._staging_view = self._staging.reshape(-1).data
            self._set_size((width, height))
        np.copyto(self._staging, image)
        self._texture.blit_buffer(self._staging_view, colorfmt="bgr", bufferfmt="ubyte")
        self.canvas.ask_update()

    def attach_camera(self, widget: Any) -> None:
        """Show the phone's Camera widget as the picture (None: take it away)."""
        if self._camera is not None:
            self._camera.unbind(texture_size=self._camera_size)
            if self._camera.parent is self:
                self.remove_widget(self._camera)
        self._camera = widget
        if widget is None:
            self._relayout()
            return
        widget.size_hint = (None, None)
        widget.fit_mode = "fill"  # it is given the picture's own shape
        self.add_widget(widget, index=len(self.children))  # under the hint label
        widget.bind(texture_size=self._camera_size)
        self._camera_size(widget, widget.texture_size)

    def _camera_size(self, widget: Any, size: Any) -> None:
        width, height = (int(v) for v in size)
        if width <= 1 or height <= 1:  # not loaded yet: the size asked for
            width, height = (int(v) for v in widget.resolution)
        self._set_size((width, height))

    def _set_size(self, size: tuple[int, int]) -> None:
        self._size = size
        if size[0] > 0 and size[1] > 0:
            self.aspect = size[1] / size[0]
        self._relayout()

    def picture_size(self) -> tuple[int, int]:
        if not self.picture_on:
            return (0, 0)
        if self._camera is not None and self._camera.texture is not None:
            width, height = self._camera.texture.size
            return int(width), int(height)
        return self._size if self._texture is not None else (0, 0)

    def _relayout(self, *_args: object) -> None:
        x, y = self.pos
        width, height = self.size
        self._back.pos = (x, y)
        self._back.size = (width, height)
        pw, ph = self._size
        if pw > 0 and ph > 0 and width > 0 and height > 0:
            scale = min(width / pw, height / ph)
            rw, rh = pw * scale, ph * scale
            self._rect = (x + (width - rw) / 2, y + (height - rh) / 2, rw, rh)
        else:
            self._rect = (x, y, width, height)
        rx, ry, rw, rh = self._rect
        self._picture.pos = (rx, ry)
        self._picture.size = (rw, rh)
        shown = self.picture_on and self._texture is not None and self._camera is None
        self._picture_colour.a = 1.0 if shown else 0.0
        if self._camera is not None:
            self._camera.pos = (rx, ry)
            self._camera.size = (rw, rh)
            self._camera.opacity = 1.0 if self.picture_on else 0.0
        self._flash_fill.pos = (rx, ry)
        self._flash_fill.size = (rw, rh)
        inset = sizes.unit * 0.5
        self._flash_line.width = max(2.0, sizes.unit * 0.9)
        self._flash_line.rectangle = (rx + inset, ry + inset, rw - 2 * inset, rh - 2 * inset)
        self._draw_boxes()

    def _flash_changed(self, _view: object, alpha: float) -> None:
        self._flash_fill_colour.a = 0.22 * alpha
        self._flash_line_colour.a = alpha

    # ------------------------------------------------------------ the boxes

    def show_overlay(self, overlay: Overlay | None) -> None:
        self._overlay = overlay
        self._draw_boxes()

    def shown_boxes(self) -> list[tuple[str, str, str]]:
        return list(self._shown)

    def _label_texture(self, text: str, font_size: int) -> Any:
        key = (text, font_size)
        texture = self._labels.get(key)
        if texture is None:
            if len(self._labels) >= LABEL_CACHE:
                self._labels.clear()
            label = CoreLabel(text=text, font_size=font_size)
            label.refresh()
            texture = self._labels[key] = label.texture
        return texture

    def _draw_boxes(self) -> None:
        group = self._boxes
        group.clear()
        self._shown = []
        overlay = self._overlay
        if overlay is None or not self.picture_on or not overlay.boxes:
            return
        frame_w, frame_h = overlay.size
        rx, ry, rw, rh = self._rect
        if frame_w <= 0 or frame_h <= 0 or rw <= 0 or rh <= 0:
            return
        sx, sy = rw / frame_w, rh / frame_h
        u = sizes.unit
        line_width = max(1.5, u * 0.35)
        # What a sticker is, read at a glance during play: the reading minimum at least.
        font_size = round(max(sizes.read, u * 2.3))
        pad = u * 0.7
        gap = u * 0.6
        placed: list[tuple[float, float, float, float]] = []
        for box in overlay.boxes:
            colour = box_colour(box.seen, box.fault)
            rgba = BOX_COLOURS[colour]
            points: list[float] = []
            for px, py in box.polygon:
                points += [rx + px * sx, ry + rh - py * sy]  # image y goes down, Kivy y up
            group.add(Color(*rgba))
            group.add(Line(points=points, close=True, width=line_width))
            texture = self._label_texture(box.label, font_size)
            tw, th = texture.size
            pill_w, pill_h = tw + 2 * pad, th + pad
            xs, ys = points[0::2], points[1::2]
            left = min(max(min(xs), rx), rx + rw - pill_w)
            candidates = [max(ys) + gap, min(ys) - gap - pill_h]  # above, then below
            bottom = _free_spot(candidates, left, pill_w, pill_h, placed, ry, ry + rh)
            placed.append((left, bottom, pill_w, pill_h))
            group.add(Color(*PILL))
            group.add(RoundedRectangle(pos=(left, bottom), size=(pill_w, pill_h), radius=[u]))
            group.add(Color(*rgba))
            group.add(Rectangle(texture=texture, pos=(left + pad, bottom + pad / 2), size=(tw, th)))
            self._shown.append((box.payload, box.label, colour))


def _free_spot(
    candidates: list[float],
    left: float,
    width: float,
    height: float,
    placed: list[tuple[float, float, float, float]],
    low: float,
    high: float,
) -> float:
    """The bottom of a pill: the first candidate inside [low, high] clear of the others.

    Failing that, the first candidate inside moved up (then down) past the
    pills in its way; failing that, the first candidate clamped inside.
    """

    def clear(bottom: float) -> bool:
        return all(
            left + width <= x or x + w <= left or bottom + height <= y or y + h <= bottom
            for x, y, w, h in placed
        )

    inside = [b for b in candidates if low <= b and b + height <= high]
    for bottom in inside:
        if clear(bottom):
            return bottom
    start = inside[0] if inside else min(max(candidates[0], low), high - height)
    for step in (height * 1.1, -height * 1.1):
        bottom = start
        while low <= bottom and bottom + height <= high:
            if clear(bottom):
                return bottom
            bottom += step
    return start


class ScanScreen(Screen):  # type: ignore[misc]  # Kivy ships no type hints
    view = ObjectProperty(None)
    seen_box = ObjectProperty(None)
    camera_text = StringProperty("")
    camera_on = BooleanProperty(False)
    hint_text = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.controller: TableController = App.get_running_app().controller
        self.update_ms: deque[float] = deque(maxlen=UPDATE_SAMPLES)
        self.phone: PhoneCamera | None = None
        self._frame: Any = None  # the controller's preview Frame last shown
        self._overlay: Overlay | None = None
        self._newest: SightingLine | None = None
        self._listed = -1
        self._rows: list[tuple[Any, Any]] = []
        self._shown = False
        # The status changes with every tick (frame counters): show it at most 4 times a second.
        self._status_later = Clock.create_trigger(self._sync_camera, STATUS_INTERVAL)
        # The controller bumps preview_revision before it stores the new
        # overlay: update once its tick is over (still before this frame is drawn).
        self._update_soon = Clock.create_trigger(self.update_preview, 0)
        App.get_running_app().bind(on_stop=self._app_stops)
        self._sync_camera()

    # ------------------------------------------------------------ for UI tests

    def shown_boxes(self) -> list[tuple[str, str, str]]:
        """``(payload, label, colour)`` of each box drawn now."""
        return self.view.shown_boxes()  # type: ignore[no-any-return]

    def preview_size(self) -> tuple[int, int]:
        """``(width, height)`` of the picture shown; ``(0, 0)`` when none (camera off, no frame)."""
        return self.view.picture_size()  # type: ignore[no-any-return]

    # ------------------------------------------------------------ shown / hidden

    def on_pre_enter(self, *_args: object) -> None:
        if not self._shown:
            self._shown = True
            self.controller.bind(
                preview_revision=self._update_soon,
                camera_status=self._status,
                revision=self._list_sightings,
                flash=self._flash,
            )
        self._sync_camera()
        self._list_sightings()
        self.update_preview()

    def release(self) -> None:
        """The screen is dropped (the language changed): no bindings, the phone's camera closed.

        A camera the controller runs (a video, a desktop camera) runs on.
        """
        self.on_leave()
        App.get_running_app().unbind(on_stop=self._app_stops)
        if self.phone is not None:
            self.view.attach_camera(None)
            self._app_stops()

    def on_leave(self, *_args: object) -> None:
        if self._shown:
            self._shown = False
            self.controller.unbind(
                preview_revision=self._update_soon,
                camera_status=self._status,
                revision=self._list_sightings,
                flash=self._flash,
            )

    # ------------------------------------------------------------ per frame

    def update_preview(self, *_args: object) -> None:
        """A new preview frame: upload it (unless the phone's widget shows itself), new boxes."""
        started = time.perf_counter()
        c = self.controller
        frame = c.preview
        if frame is not None and frame is not self._frame and self.phone is None:
            self._frame = frame
            self.view.show_frame(frame.image)
            if self.hint_text:
                self._sync_camera()
        overlay = c.overlay
        if overlay is not self._overlay:
            self._overlay = overlay
            self.view.show_overlay(overlay)
        self.update_ms.append((time.perf_counter() - started) * 1000.0)

    def _flash(self, *_args: object) -> None:
        view = self.view
        Animation.cancel_all(view, "flash_alpha")
        view.flash_alpha = 1.0
        Animation(flash_alpha=0.0, duration=0.5, t="out_quad").start(view)

    # ------------------------------------------------------------ panel

    def _status(self, *_args: object) -> None:
        if self.camera_on != (self.controller.feed is not None):
            self._sync_camera()
        else:
            self._status_later()

    def _sync_camera(self, *_args: object) -> None:
        c = self.controller
        self.camera_on = c.feed is not None
        self.camera_text = c.camera_status
        waiting = self.phone is None and (c.preview is None or self._frame is None)
        if not self.camera_on:
            self.hint_text = _("camera off")
        elif waiting:
            self.hint_text = _("Waiting for frames…")
        else:
            self.hint_text = ""
        if self.view is not None:
            self.view.picture_on = self.camera_on

    def _list_sightings(self, *_args: object) -> None:
        lines = self.controller.sightings
        newest = lines[0] if lines else None
        if newest is self._newest and len(lines) == self._listed:
            return
        self._newest, self._listed = newest, len(lines)
        rows = self._sighting_rows()
        shown = list(lines)[:SIGHTINGS_SHOWN]
        # The labels are made once and re-used: making widgets on the main
        # thread while the decoder runs costs far more than changing text.
        for i, (head, body) in enumerate(rows):
            if i < len(shown):
                line = shown[i]
                head.text = f"{'√' if line.ok else '×'} {line.label}"
                head.color = (0.30, 0.92, 0.42, 1) if line.ok else (1.0, 0.45, 0.40, 1)
                body.text = line.message
            elif i == 0:
                head.text, head.color, body.text = _("Nothing read yet"), MUTED, ""
            else:
                head.text = body.text = ""

    def _sighting_rows(self) -> list[tuple[Any, Any]]:
        if not self._rows:
            box = self.seen_box
            box.clear_widgets()
            for _i in range(SIGHTINGS_SHOWN):
                head = Factory.ScanSeenHead(text="")
                body = Factory.ScanSeenBody(text="")
                box.add_widget(head)
                box.add_widget(body)
                self._rows.append((head, body))
        return self._rows

    # ------------------------------------------------------------ the button

    def toggle_camera(self) -> None:
        if self.camera_on or self.phone is not None:
            self.stop_camera()
        else:
            self.start_camera()

    def start_camera(self) -> None:
        if on_android():
            phone = self.phone = PhoneCamera(self.controller)
            phone.open(
                lambda widget: self._phone_ready(phone, widget),
                lambda reason: self._phone_failed(phone, reason),
            )
        else:
            App.get_running_app().start_camera(DESKTOP_CAMERA)
        self._sync_camera()

    def stop_camera(self) -> None:
        phone, self.phone = self.phone, None
        if phone is not None:
            self.view.attach_camera(None)
            phone.close()
        self.controller.stop_camera()
        self._frame = None
        self._sync_camera()

    def _phone_ready(self, phone: PhoneCamera, widget: Any) -> None:
        if self.phone is not phone:  # closed while the permission was asked
            phone.close()
            return
        self.view.attach_camera(widget)
        self._sync_camera()

    def _phone_failed(self, phone: PhoneCamera, reason: str) -> None:
        if self.phone is phone:
            self.phone = None
        self.controller.camera_status = reason
        self._sync_camera()

    def _app_stops(self, *_args: object) -> None:
        if self.phone is not None:
            self.phone.close()
            self.phone = None
