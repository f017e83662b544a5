"""Frame sources: video files, folders of images and cameras behind one interface."""

from __future__ import annotations

import doctest
from pathlib import Path

import cv2
import numpy as np
import pytest
import segno

import vision.sources
from vision.decode import Decoder
from vision.payload import CardTag
from vision.sources import (
    CameraSource,
    FolderSource,
    Frame,
    FrameSource,
    SourceError,
    VideoSource,
    open_source,
)
from vision.tracker import Scanner, Tracker

WIDTH, HEIGHT = 320, 240


def test_the_docstring_examples_run() -> None:
    assert doctest.testmod(vision.sources, optionflags=doctest.ELLIPSIS).failed == 0


def picture(n: int) -> np.ndarray:
    """A frame that says which it is: grey level 10 n, and a bar at x = 10 n."""
    image = np.full((HEIGHT, WIDTH, 3), 10 * n, np.uint8)
    image[:, 10 * n : 10 * n + 8] = (255, 0, 0)
    return image


def write_video(path: Path, frames: list[np.ndarray], fps: float, fourcc: str = "MJPG") -> None:
    height, width = frames[0].shape[:2]
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter.fourcc(*fourcc), fps, (width, height))
    assert writer.isOpened(), f"OpenCV cannot write {fourcc} here"
    for frame in frames:
        writer.write(frame)
    writer.release()


def sticker_picture(payload: str, at: tuple[int, int] = (100, 60)) -> np.ndarray:
    """A white frame with one QR sticker at 4 pixels per module."""
    qr = segno.make(payload, error="h", boost_error=False)
    modules = np.array(list(qr.matrix_iter(border=4)))
    code = np.where(np.kron(modules, np.ones((4, 4))) > 0, 0, 255).astype(np.uint8)
    image = np.full((HEIGHT, WIDTH, 3), 255, np.uint8)
    x, y = at
    image[y : y + code.shape[0], x : x + code.shape[1]] = code[..., None]
    return image


# ----------------------------------------------------------------------------
# video files


@pytest.mark.parametrize(("fourcc", "suffix"), [("MJPG", ".avi"), ("mp4v", ".mp4")])
def test_a_video_file_reads_back_frame_by_frame(tmp_path: Path, fourcc: str, suffix: str) -> None:
    path = tmp_path / f"clip{suffix}"
    write_video(path, [picture(n) for n in range(12)], fps=25.0, fourcc=fourcc)
    with VideoSource(path) as source:
        assert isinstance(source, FrameSource)
        assert (source.fps, source.frame_count, source.name) == (25.0, 12, str(path))
        frames = list(source)
    assert [f.number for f in frames] == list(range(12))
    assert [f.t for f in frames] == [n / 25.0 for n in range(12)]
    for n, (number, t, image) in enumerate(frames):  # a frame unpacks as a tuple
        assert (number, t) == (n, n / 25.0)
        assert image.shape == (HEIGHT, WIDTH, 3) and image.dtype == np.uint8
        # lossy codecs: the grey level and the bar's place survive
        assert abs(float(image[:, 200:].mean()) - 10 * n) < 6
        bar = image[HEIGHT // 2, :, 0].astype(int) - image[HEIGHT // 2, :, 2].astype(int)
        assert abs(int(np.argmax(bar)) - (10 * n + 4)) <= 4


def test_fps_may_be_given_for_a_file(tmp_path: Path) -> None:
    path = tmp_path / "clip.avi"
    write_video(path, [picture(n) for n in range(4)], fps=25.0)
    with open_source(str(path), fps=10.0) as source:
        assert source.fps == 10.0
        assert [f.t for f in source] == [0.0, 0.1, 0.2, 0.3]


def test_a_closed_source_yields_nothing_more(tmp_path: Path) -> None:
    path = tmp_path / "clip.avi"
    write_video(path, [picture(n) for n in range(6)], fps=30.0)
    source = VideoSource(path)
    frames = iter(source)
    assert next(frames).number == 0
    source.close()
    assert list(frames) == []
    source.close()  # closing twice is harmless


def test_a_missing_video_file(tmp_path: Path) -> None:
    with pytest.raises(SourceError, match=r"game\.mp4: no such file$"):
        VideoSource(tmp_path / "game.mp4")


def test_a_file_that_is_not_a_video(tmp_path: Path) -> None:
    path = tmp_path / "notes.mp4"
    path.write_text("not a video at all\n")
    with pytest.raises(SourceError) as error:
        VideoSource(path)
    assert str(error.value) == f"{path}: cannot read this file as a video"
    empty = tmp_path / "empty.avi"
    empty.write_bytes(b"")
    with pytest.raises(SourceError, match="cannot read this file as a video"):
        open_source(str(empty))


# ----------------------------------------------------------------------------
# folders


def test_a_folder_of_images_in_natural_order(tmp_path: Path) -> None:
    for n in (0, 1, 2, 10, 11):
        cv2.imwrite(str(tmp_path / f"frame{n}.png"), picture(n))
    cv2.imwrite(str(tmp_path / "frame3.jpg"), picture(3), [cv2.IMWRITE_JPEG_QUALITY, 98])
    (tmp_path / "notes.txt").write_text("not a frame")
    (tmp_path / "sub.png").mkdir()  # a folder named like an image is not one
    with open_source(str(tmp_path)) as source:
        assert isinstance(source, FolderSource)
        assert (source.fps, source.frame_count) == (30.0, 6)
        assert [f.name for f in source.files] == [
            "frame0.png",
            "frame1.png",
            "frame2.png",
            "frame3.jpg",
            "frame10.png",
            "frame11.png",
        ]
        frames = list(source)
    assert [f.number for f in frames] == list(range(6))
    assert [f.t for f in frames] == [n / 30.0 for n in range(6)]
    assert [int(f.image[0, 300, 1]) for f in frames] == [0, 10, 20, 30, 100, 110]


def test_a_folder_with_its_own_frame_rate_and_grey_images(tmp_path: Path) -> None:
    for n in range(3):
        cv2.imwrite(str(tmp_path / f"{n}.png"), picture(n)[:, :, 0])
    with FolderSource(tmp_path, fps=2.0) as source:
        frames = list(source)
    assert [f.t for f in frames] == [0.0, 0.5, 1.0]
    assert frames[1].image.shape == (HEIGHT, WIDTH, 3)  # always BGR, like a camera


def test_an_empty_folder(tmp_path: Path) -> None:
    (tmp_path / "readme.txt").write_text("no frames here")
    with pytest.raises(SourceError) as error:
        open_source(str(tmp_path))
    assert str(error.value).startswith(f"{tmp_path}: no images in the folder (.png, .jpg")
    assert "\n" not in str(error.value)


def test_a_broken_image_in_a_folder(tmp_path: Path) -> None:
    cv2.imwrite(str(tmp_path / "a.png"), picture(1))
    (tmp_path / "b.png").write_bytes(b"\x89PNG broken")
    source = FolderSource(tmp_path)
    frames = iter(source)
    assert next(frames).number == 0
    with pytest.raises(SourceError, match=r"b\.png: cannot read this file as an image"):
        next(frames)


def test_a_folder_source_needs_a_folder(tmp_path: Path) -> None:
    with pytest.raises(SourceError, match="no such folder"):
        FolderSource(tmp_path / "nowhere")
    with pytest.raises(SourceError, match="fps must be more than 0"):
        FolderSource(tmp_path, fps=0)


# ----------------------------------------------------------------------------
# cameras and the spec


def test_a_camera_that_cannot_be_opened() -> None:
    vision.sources.quiet_native_logs()
    with pytest.raises(SourceError) as error:
        CameraSource(97)
    assert str(error.value) == "camera 97: cannot be opened (none there, or in use)"


def test_a_number_means_a_camera() -> None:
    vision.sources.quiet_native_logs()
    try:
        source = open_source("0")
    except SourceError as error:
        assert str(error) == "camera 0: cannot be opened (none there, or in use)"
    else:  # a machine with a camera
        with source:
            assert isinstance(source, CameraSource) and source.frame_count is None


def test_a_path_that_is_nothing(tmp_path: Path) -> None:
    spec = str(tmp_path / "nothing" / "here.mp4")
    with pytest.raises(SourceError) as error:
        open_source(spec)
    assert str(error.value) == f"{spec}: no such file or folder"


# ----------------------------------------------------------------------------
# a source through the real decoder and tracker


def test_a_folder_of_frames_scans_to_events(tmp_path: Path) -> None:
    sha = str(CardTag(42))
    blank = np.full((HEIGHT, WIDTH, 3), 255, np.uint8)
    pictures = [blank] * 2 + [sticker_picture(sha)] * 5 + [blank] * 4
    for n, image in enumerate(pictures):
        cv2.imwrite(str(tmp_path / f"f{n:03d}.png"), image)
    with FolderSource(tmp_path, fps=10.0) as source:
        scanner = Scanner(source, Decoder(), Tracker(k=3, m=3), flush=True)
        events = [(e.kind, e.payload, e.frame, e.t) for e in scanner]
    assert events == [("seen", sha, 4, 0.4), ("gone", sha, 9, 0.9)]
    assert scanner.ended == 1.0


def test_a_scanner_takes_a_plain_decode_function_and_flushes_at_the_end(tmp_path: Path) -> None:
    from vision.decode import decode

    sha = str(CardTag(42))
    path = tmp_path / "clip.avi"
    write_video(path, [sticker_picture(sha, (60 + n, 40)) for n in range(6)], fps=30.0)
    with VideoSource(path) as source:
        steps = list(Scanner(source, decode, Tracker(k=2, m=10), flush=True).steps())
    assert len(steps) == 7  # six frames and the flush
    assert all(step.readings and step.readings[0].payload == sha for step in steps[:6])
    assert [(e.kind, e.frame) for step in steps for e in step.events] == [("seen", 1), ("gone", 5)]
    last: Frame = steps[-1].frame
    assert last.number == 5
