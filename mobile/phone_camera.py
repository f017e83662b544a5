"""The phone's own camera on Android: Kivy's `Camera` widget feeding the controller.

UNVERIFIED: written against Kivy 2.3's ``kivy.uix.camera.Camera`` (its
Android provider, ``kivy.core.camera.camera_android``) and
python-for-android's ``android.permissions``, but never run on a device (the
development machines have neither Android nor a camera). Only
`texture_to_bgr` and the throttled push have been exercised, on a desktop,
with a Kivy texture standing in for the camera's.

On Android the scan screen calls `PhoneCamera.open`: it asks for the CAMERA
permission at runtime, then makes a `Camera` widget (``play=True``, 1280x720
asked for), starts a pushed feed with ``controller.start_camera(None)`` and
hands the widget back for the screen to show as its preview. Each time the
camera's texture is updated (on Kivy's main thread, about 30 times a
second), at most `MAX_PUSH_FPS` times a second, the texture's pixels are read
back (RGBA), turned into the BGR top-row-first picture the decoder expects
and pushed with ``controller.push_frame``; the decoding itself runs on the
feed's threads. `PhoneCamera.close` stops the camera and the feed.

Importing this module imports no Android module (they are imported inside
`request_camera_permission`, on Android only) and creates no window.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from typing import Any, Final, Protocol

import cv2
import numpy as np
import numpy.typing as npt
from kivy.clock import Clock
from kivy.utils import platform

from assistant.i18n import _

__all__ = [
    "MAX_PUSH_FPS",
    "RESOLUTION",
    "FrameSink",
    "PhoneCamera",
    "on_android",
    "request_camera_permission",
    "texture_to_bgr",
]

RESOLUTION: Final = (1280, 720)
"""The preview size asked of the camera (the provider may pick another)."""

MAX_PUSH_FPS: Final = 15.0
"""Frames pushed to the decoder per second at most: each costs the UI thread a
read-back of the texture and a colour conversion."""


class FrameSink(Protocol):
    """What the phone camera needs of `mobile.controller.TableController`."""

    def start_camera(self, source: None) -> None: ...

    def push_frame(self, image: Any, t: float) -> None: ...

    def stop_camera(self) -> None: ...


def on_android() -> bool:
    return bool(platform == "android")


def request_camera_permission(done: Callable[[bool], None]) -> None:
    """Ask for the CAMERA permission, then call ``done(granted)`` on Kivy's main thread.

    Off Android there is nothing to ask: ``done(True)`` at once.
    """
    if not on_android():
        done(True)
        return
    from android.permissions import (  # type: ignore[import-not-found]
        Permission,
        check_permission,
        request_permissions,
    )

    if check_permission(Permission.CAMERA):
        done(True)
        return

    def answered(_permissions: list[str], grants: list[bool]) -> None:
        # Android answers on its own thread: go back to Kivy's.
        granted = bool(grants) and all(grants)
        Clock.schedule_once(lambda _dt: done(granted), 0)

    request_permissions([Permission.CAMERA], answered)


def texture_to_bgr(
    pixels: bytes, size: tuple[int, int], *, rows_from_bottom: bool
) -> npt.NDArray[np.uint8]:
    """A texture's ``pixels`` (RGBA bytes) as a new BGR image, top row first.

    ``Texture.pixels`` gives the rows in the texture's memory order, whatever
    its texture coordinates. ``rows_from_bottom``: the first row is the one
    displayed at the bottom (a texture drawn into, such as the Android
    camera's, or any texture not flipped with ``flip_vertical``); the image
    is then flipped so that the boxes drawn from it land on the picture shown.
    """
    width, height = size
    rgba = np.frombuffer(pixels, np.uint8).reshape(height, width, 4)
    bgr = cv2.cvtColor(rgba, cv2.COLOR_RGBA2BGR)
    if rows_from_bottom:
        bgr = cv2.flip(bgr, 0)
    return np.asarray(bgr, dtype=np.uint8)


class PhoneCamera:
    """A Kivy `Camera` widget whose frames are pushed to the controller's feed.

    ``sink``: the controller. ``max_fps``: pushes per second at most.
    ``push_ms`` keeps the UI thread's milliseconds per push (read-back,
    conversion, push) for the latest pushes.
    """

    def __init__(
        self,
        sink: FrameSink,
        *,
        resolution: tuple[int, int] = RESOLUTION,
        max_fps: float = MAX_PUSH_FPS,
        index: int = 0,
    ) -> None:
        self.sink = sink
        self.resolution = resolution
        self.min_interval = 1.0 / max_fps
        self.index = index
        self.widget: Any = None  # the kivy.uix.camera.Camera, once open
        self.pushed = 0
        self.push_ms: deque[float] = deque(maxlen=300)
        self._core: Any = None  # the widget's core camera (kivy.core.camera provider)
        self._opening = False
        self._last_push = -float("inf")
        self._start: float | None = None

    @property
    def running(self) -> bool:
        return self.widget is not None

    def open(self, ready: Callable[[Any], object], failed: Callable[[str], object]) -> None:
        """Ask for the permission, then start the camera and call ``ready(widget)``.

        ``failed(reason)`` when the permission is refused or the camera cannot
        be opened. Both are called on Kivy's main thread, perhaps later.
        """
        if self.widget is not None:
            ready(self.widget)
            return
        if self._opening:
            return
        self._opening = True

        def answered(granted: bool) -> None:
            self._opening = False
            if not granted:
                failed(_("camera permission refused"))
                return
            try:
                widget = self._create()
            except Exception as error:  # the provider's errors are of any kind
                failed(_("camera: {reason}").format(reason=error))
                return
            ready(widget)

        request_camera_permission(answered)

    def _create(self) -> Any:
        from kivy.uix.camera import Camera

        widget = Camera(play=True, resolution=self.resolution, index=self.index)
        core = getattr(widget, "_camera", None)  # Kivy keeps the provider there
        if core is None:
            raise RuntimeError(_("no camera provider"))
        self.sink.start_camera(None)
        core.bind(on_texture=self._on_texture)
        self._core = core
        self.widget = widget
        self._start = None
        self._last_push = -float("inf")
        return widget

    def _on_texture(self, core: Any) -> None:
        now = time.monotonic()
        if now - self._last_push < self.min_interval:
            return
        texture = core.texture
        if texture is None:
            return
        self._last_push = now
        started = time.perf_counter()
        image = texture_to_bgr(
            texture.pixels, tuple(texture.size), rows_from_bottom=texture.uvsize[1] >= 0
        )
        if self._start is None:
            self._start = now
        self.sink.push_frame(image, now - self._start)
        self.pushed += 1
        self.push_ms.append((time.perf_counter() - started) * 1000.0)

    def close(self) -> None:
        """Stop the camera (releasing the device) and the feed; safe to call again."""
        core, self._core = self._core, None
        widget, self.widget = self.widget, None
        if core is not None:
            core.unbind(on_texture=self._on_texture)
        if widget is not None:
            widget.play = False
            if widget.parent is not None:
                widget.parent.remove_widget(widget)
            # The Android provider holds the device until released; a new
            # Camera opened before the old one is collected would fail.
            release = getattr(core, "_release_camera", None)
            if callable(release):
                release()
            self.sink.stop_camera()
