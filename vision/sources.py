"""Where frames come from: a camera, a video file or a folder of images, behind one interface.

A `FrameSource` is a single pass over numbered, timestamped BGR frames::

    with open_source("game.mp4") as source:
        for index, t, image in source:
            ...

`open_source` turns what a person types into a source: ``0`` is camera 0, a
folder is a `FolderSource`, any other path a `VideoSource`. Whatever cannot be
opened is refused at once with a `SourceError` whose message is one line
naming the source, so a command line can print it as it is.

Timestamps are seconds from the first frame: a file's come from its frame
rate (frame index / fps, so they are the same on every run), a camera's from
the clock.
"""

from __future__ import annotations

import os
import re
import time
from abc import ABC, abstractmethod
from collections.abc import Iterator
from pathlib import Path
from types import TracebackType
from typing import Final, NamedTuple

import cv2
import numpy as np
from numpy.typing import NDArray

__all__ = [
    "DEFAULT_FPS",
    "IMAGE_SUFFIXES",
    "CameraSource",
    "FolderSource",
    "Frame",
    "FrameSource",
    "SourceError",
    "VideoSource",
    "open_source",
    "quiet_native_logs",
]

Image = NDArray[np.uint8]

DEFAULT_FPS: Final = 30.0
"""Frame rate assumed for a folder of images, or a file or camera that does not say."""

IMAGE_SUFFIXES: Final = (".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff", ".webp")
"""Files of a folder that `FolderSource` reads as frames (case-insensitive)."""


class SourceError(ValueError):
    """A source that cannot be opened or read; ``str(error)`` is one line naming it."""


class Frame(NamedTuple):
    """One frame of a source: its number (index from 0), its time in seconds, the BGR picture.

    (The index is called ``number`` because a tuple already has an ``index`` method.)
    """

    number: int
    t: float
    image: Image


class FrameSource(ABC):
    """A single pass over the frames of a camera, a video or a folder of images.

    Iterating yields `Frame` tuples ``(number, t, image)`` with ``number``
    counting from 0 and ``t`` in seconds from the first frame; ``image`` is
    BGR ``uint8``. `fps` is the frame rate (measured or assumed) and
    `frame_count` the number of frames, or None where it is not known in
    advance (a camera). Use it as a context manager, or call `close`.
    """

    name: str
    fps: float
    frame_count: int | None

    @abstractmethod
    def __iter__(self) -> Iterator[Frame]: ...

    def close(self) -> None:  # noqa: B027 (a source holding nothing has nothing to close)
        """Release the device or file; iterating afterwards yields nothing."""

    def __enter__(self) -> FrameSource:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.name!r})"


def _fps_of(capture: cv2.VideoCapture, fallback: float) -> float:
    fps = float(capture.get(cv2.CAP_PROP_FPS))
    # Some containers and webcams report 0, NaN or a nonsense rate such as 90000.
    return fps if 0.0 < fps <= 1000.0 else fallback


class _CaptureSource(FrameSource):
    """Shared by camera and file: an open `cv2.VideoCapture` and its first frame."""

    def __init__(self, capture: cv2.VideoCapture, name: str) -> None:
        self._capture: cv2.VideoCapture | None = capture
        self.name = name
        self._next = 0

    def _read(self) -> Image | None:
        if self._capture is None:
            return None
        ok, image = self._capture.read()
        if not ok or image is None:
            return None
        return np.asarray(image, np.uint8)

    def close(self) -> None:
        if self._capture is not None:
            self._capture.release()
            self._capture = None


class VideoSource(_CaptureSource):
    """The frames of a video file, read with OpenCV's FFmpeg; ``t = index / fps``.

    The file is opened and its first frame decoded at once, so a missing or
    unreadable file is a `SourceError` here rather than an empty stream later.
    `frame_count` is what the container states (None if it states nothing);
    iteration stops at the last frame that decodes.
    """

    def __init__(self, path: str | Path, *, fps: float | None = None) -> None:
        path = Path(path)
        if not path.exists():
            raise SourceError(f"{path}: no such file")
        if not path.is_file():
            raise SourceError(f"{path}: not a video file")
        capture = cv2.VideoCapture(str(path))
        if not capture.isOpened():
            capture.release()
            raise SourceError(f"{path}: cannot read this file as a video")
        super().__init__(capture, str(path))
        self.path = path
        self.fps = fps if fps is not None else _fps_of(capture, DEFAULT_FPS)
        count = int(capture.get(cv2.CAP_PROP_FRAME_COUNT))
        self.frame_count = count if count > 0 else None
        self._first = self._read()
        if self._first is None:
            self.close()
            raise SourceError(f"{path}: the video has no frame that can be decoded")

    def __iter__(self) -> Iterator[Frame]:
        image, self._first = self._first, None
        if image is None:
            image = self._read()
        while image is not None:
            index = self._next
            self._next += 1
            yield Frame(index, index / self.fps, image)
            image = self._read()


class CameraSource(_CaptureSource):
    """Live frames of camera ``index`` (0 is the first); timestamps from the clock.

    `frame_count` is None. The stream ends when the camera stops giving
    frames (unplugged) or is closed.
    """

    def __init__(self, index: int = 0) -> None:
        capture = cv2.VideoCapture(index)
        if not capture.isOpened():
            capture.release()
            raise SourceError(f"camera {index}: cannot be opened (none there, or in use)")
        super().__init__(capture, f"camera {index}")
        self.index = index
        self.fps = _fps_of(capture, DEFAULT_FPS)
        self.frame_count = None

    def __iter__(self) -> Iterator[Frame]:
        start: float | None = None
        while (image := self._read()) is not None:
            now = time.monotonic()
            start = now if start is None else start
            index = self._next
            self._next += 1
            yield Frame(index, now - start, image)


def _natural_key(path: Path) -> tuple[tuple[int, int | str], ...]:
    """Sorts ``frame2.png`` before ``frame10.png``."""
    parts = re.split(r"(\d+)", path.name)
    return tuple((0, int(p)) if p.isdigit() else (1, p) for p in parts if p)


class FolderSource(FrameSource):
    """The images of a folder as frames, in natural name order; ``t = index / fps``.

    Files ending in one of `IMAGE_SUFFIXES` count, other files are passed
    over. An empty folder is a `SourceError` at once; an image that cannot be
    decoded is one when iteration reaches it.
    """

    def __init__(self, path: str | Path, *, fps: float = DEFAULT_FPS) -> None:
        path = Path(path)
        if not path.is_dir():
            raise SourceError(f"{path}: no such folder")
        if fps <= 0:
            raise SourceError(f"{path}: fps must be more than 0, not {fps}")
        self.path = path
        self.name = str(path)
        self.files = sorted(
            (f for f in path.iterdir() if f.suffix.lower() in IMAGE_SUFFIXES and f.is_file()),
            key=_natural_key,
        )
        if not self.files:
            raise SourceError(f"{path}: no images in the folder ({', '.join(IMAGE_SUFFIXES)})")
        self.fps = fps
        self.frame_count = len(self.files)
        self._closed = False

    def __iter__(self) -> Iterator[Frame]:
        for index, file in enumerate(self.files):
            if self._closed:
                return
            # imdecode of the raw bytes also reads paths that imread chokes on
            data = np.fromfile(file, np.uint8)
            image = cv2.imdecode(data, cv2.IMREAD_COLOR) if data.size else None
            if image is None:
                raise SourceError(f"{file}: cannot read this file as an image")
            yield Frame(index, index / self.fps, np.asarray(image, np.uint8))

    def close(self) -> None:
        self._closed = True


def open_source(spec: str, *, fps: float | None = None) -> FrameSource:
    """The source a person means by ``spec``: a camera number, a folder or a video file.

    ``fps`` overrides the frame rate of a folder or file (a folder has
    `DEFAULT_FPS` otherwise); a camera's own rate is kept.

    >>> open_source("no/such/game.mp4")
    Traceback (most recent call last):
    ...
    vision.sources.SourceError: no/such/game.mp4: no such file or folder
    """
    if spec.isdecimal():
        return CameraSource(int(spec))
    path = Path(spec)
    if path.is_dir():
        return FolderSource(path, fps=fps if fps is not None else DEFAULT_FPS)
    if not path.exists():
        raise SourceError(f"{spec}: no such file or folder")
    return VideoSource(path, fps=fps)


def quiet_native_logs() -> None:
    """Silences OpenCV's and FFmpeg's own messages on stderr, for a command line.

    A missing camera or a broken file makes them print warnings of their
    own beside our one-line `SourceError`. FFmpeg reads its setting when it
    is first used, so call this before opening a source; a level the user
    set in ``OPENCV_FFMPEG_LOGLEVEL`` is kept.
    """
    os.environ.setdefault("OPENCV_FFMPEG_LOGLEVEL", "-8")  # AV_LOG_QUIET
    # cv2.utils.logging is missing from some OpenCV builds (4.12 on Android).
    logging = getattr(getattr(cv2, "utils", None), "logging", None)
    if logging is not None:
        logging.setLogLevel(logging.LOG_LEVEL_ERROR)
