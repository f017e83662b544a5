"""``sgs-table scan``: the real decoder and tracker on the sample video, against its truth."""

from __future__ import annotations

import contextlib
import doctest
import io
import json
import re
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest

import assistant.cli.scan
from assistant.cli import build_parser, run
from assistant.cli.scan import parse_region
from assistant.cli.terminal import ProgressBar
from assistant.stickers import describe_tag
from vision.payload import Action, ActionTag, CardTag, GeneralTag, RoleTag, SeatTag
from vision.tracker import DEFAULT_K, DEFAULT_M

SAMPLES = Path(__file__).resolve().parent.parent.parent / "samples"
VIDEO = SAMPLES / "table-demo.mp4"
TRUTH = json.loads((SAMPLES / "table-demo.json").read_text(encoding="utf-8"))
FPS = float(TRUTH["fps"])
LINE = re.compile(
    r"^ *(?P<t>\d+\.\d\d)s  (?P<kind>seen|gone|moved|duplicate) +(?P<payload>SG1\w+) +"
    r"(?P<name>.+?)(?:  \((?P<region>[^)]*)\))?$"
)


def scan(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err):
        code = run(build_parser(), ["scan", *argv], out)
    return code, out.getvalue(), err.getvalue()


def episodes(runs: list[list[int]]) -> list[list[int]]:
    """Runs of frames in view, joined where the sticker was hidden for fewer than m frames."""
    joined: list[list[int]] = []
    for first, last in runs:
        if joined and first - joined[-1][1] - 1 < DEFAULT_M:
            joined[-1][1] = last
        else:
            joined.append([first, last])
    return joined


@pytest.fixture(scope="module")
def text_run() -> tuple[int, str, str]:
    return scan(str(VIDEO))


@pytest.fixture(scope="module")
def json_run() -> tuple[int, str, str]:
    return scan(str(VIDEO), "--json", "--flush", "--progress")


def parsed_lines(output: str) -> tuple[list[dict[str, Any]], str]:
    *lines, summary = output.splitlines()
    events = []
    for line in lines:
        match = LINE.match(line)
        assert match, f"not an event line: {line!r}"
        events.append(match.groupdict())
    return events, summary


def test_the_docstring_examples_run() -> None:
    assert doctest.testmod(assistant.cli.scan, optionflags=doctest.ELLIPSIS).failed == 0


def test_the_sample_video_is_small_and_reads_back() -> None:
    assert VIDEO.stat().st_size < 5_000_000
    capture = cv2.VideoCapture(str(VIDEO))
    assert capture.isOpened()
    width, height = TRUTH["size"]
    assert int(capture.get(cv2.CAP_PROP_FRAME_WIDTH)) == width
    assert int(capture.get(cv2.CAP_PROP_FRAME_HEIGHT)) == height
    assert int(capture.get(cv2.CAP_PROP_FRAME_COUNT)) == TRUTH["frames"]
    capture.release()


def test_events_match_the_ground_truth(text_run: tuple[int, str, str]) -> None:
    code, out, err = text_run
    assert code == 0 and err == ""  # stderr is no terminal here: no progress bar
    events, summary = parsed_lines(out)
    stickers = {s["payload"]: s for s in TRUTH["stickers"]}
    assert {e["payload"] for e in events} <= set(stickers)
    checked = 0
    for payload, sticker in stickers.items():
        mine = [e for e in events if e["payload"] == payload]
        assert all(e["name"] == sticker["name"] for e in mine), mine
        in_view = episodes(sticker["visible_frames"])
        if len(in_view) != 1:
            # never wholly in view, or hidden under another card for a while
            assert sum(e["kind"] == "seen" for e in mine) <= max(len(in_view), 1), mine
            continue
        checked += 1
        [(first, last)] = in_view
        kinds = [e["kind"] for e in mine]
        seen_t = float(mine[0]["t"])
        # seen once, within k + 2 frames of the card coming into view
        assert kinds[0] == "seen" and kinds.count("seen") == 1, mine
        assert seen_t <= (first + DEFAULT_K + 2) / FPS + 0.005, (payload, seen_t, first)
        if sticker["removed"] is None and last == TRUTH["frames"] - 1:
            assert kinds == ["seen"], mine  # still on the table: no gone without --flush
        else:
            # gone once, m frames after its last read: after it was picked up, or
            # covered by another card for good
            assert kinds == ["seen", "gone"], mine
            gone_t = float(mine[1]["t"])
            assert (last + 1) / FPS <= gone_t <= (last + DEFAULT_M + 30) / FPS, mine
    assert checked >= 4
    still = sum(
        1
        for sticker in TRUTH["stickers"]
        if sticker["on_table_at_end"]
        and sticker["visible_frames"][-1:]
        and sticker["visible_frames"][-1][1] == TRUTH["frames"] - 1
    )
    end = f"{(TRUTH['frames'] - 1) / FPS:6.2f}s  end   {TRUTH['frames']} frames, {still} sticker"
    assert summary.startswith(end), summary


def test_json_lines_carry_the_same_events_and_flush_closes_them(
    text_run: tuple[int, str, str], json_run: tuple[int, str, str]
) -> None:
    code, out, _ = json_run
    assert code == 0
    records = [json.loads(line) for line in out.splitlines()]
    assert records and all(
        set(r) >= {"kind", "payload", "t", "frame", "region", "name"} for r in records
    )
    text_events, _ = parsed_lines(text_run[1])
    as_text = [(e["kind"], e["payload"], e["t"]) for e in text_events]
    before_flush = [(r["kind"], r["payload"], f"{r['t']:.2f}") for r in records][: len(as_text)]
    assert before_flush == as_text
    # --flush: every seen has its gone, the last ones at the end of the video
    for payload in {r["payload"] for r in records}:
        kinds = [r["kind"] for r in records if r["payload"] == payload]
        assert kinds == ["seen", "gone"] * (len(kinds) // 2), (payload, kinds)
    flushed = records[len(as_text) :]
    assert all(r["kind"] == "gone" and r["frame"] == TRUTH["frames"] - 1 for r in flushed)
    for r in records:
        assert len(r["polygon"]) == 4 and r["read_frame"] <= r["frame"]


def test_progress_bar_with_progress(json_run: tuple[int, str, str]) -> None:
    _, _, err = json_run
    total = TRUTH["frames"]
    assert f"{total}/{total}  100%" in err
    assert err.startswith("\r[") and err.endswith(" fps\n")
    assert "[########################]" in err and "fps" in err
    assert err.count("\n") == 1  # redrawn in place, one line at the end


def test_regions_are_reported(text_run: tuple[int, str, str]) -> None:
    width, height = TRUTH["size"]
    code, out, _ = scan(str(VIDEO), "--region", f"table=0,0,{width},{height}", "--m", "200")
    assert code == 0
    events, _ = parsed_lines(out)
    assert events and all(e["region"] == "table" for e in events)
    # a longer m: fewer or later gone events, never more seen
    seen_default = sum(e["kind"] == "seen" for e in parsed_lines(text_run[1])[0])
    assert sum(e["kind"] == "seen" for e in events) <= seen_default


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda tmp: tmp / "missing.mp4", "missing.mp4: no such file or folder"),
        (lambda tmp: _write(tmp / "notes.mp4", b"hello"), "cannot read this file as a video"),
        (lambda tmp: _folder(tmp / "empty"), "no images in the folder"),
    ],
)
def test_a_bad_source_is_one_line_and_exit_1(tmp_path: Path, make: Any, message: str) -> None:
    code, out, err = scan(str(make(tmp_path)))
    assert code == 1 and out == ""
    assert err.startswith("sgs-table scan: ") and message in err
    assert err.count("\n") == 1 and err.endswith("\n")


def test_a_camera_that_cannot_be_opened_is_one_line() -> None:
    code, _, err = scan("97")
    assert code == 1
    assert err == "sgs-table scan: camera 97: cannot be opened (none there, or in use)\n"


def _write(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


def _folder(path: Path) -> Path:
    path.mkdir()
    return path


def test_a_folder_of_frames(tmp_path: Path) -> None:
    capture = cv2.VideoCapture(str(VIDEO))
    for n in range(12):
        ok, frame = capture.read()
        assert ok
        cv2.imwrite(str(tmp_path / f"{n}.png"), frame)
    capture.release()
    code, out, _ = scan(str(tmp_path), "--k", "2", "--fps", "10")
    assert code == 0
    events, summary = parsed_lines(out)
    first = TRUTH["stickers"][0]
    assert first["first_visible"]["frame"] == 0
    assert (events[0]["kind"], events[0]["payload"], events[0]["t"]) == (
        "seen",
        first["payload"],
        "0.10",
    )
    assert summary.startswith("  1.10s  end   12 frames")


@pytest.mark.parametrize("argv", [["--k", "0"], ["--m", "x"], ["--region", "centre=1,2,3"]])
def test_bad_options_are_usage_errors(argv: list[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        scan(str(VIDEO), *argv)
    assert exit_.value.code == 2


def test_what_stickers_name() -> None:
    assert describe_tag(CardTag(42)) == "card 42 闪♦9"
    assert describe_tag(GeneralTag(1)) == "general 1 曹操"
    assert describe_tag(GeneralTag(999)) == "general 999"
    assert describe_tag(RoleTag(1)) == "role 1 lord"  # 主公 in Chinese
    assert describe_tag(RoleTag(9)) == "role 9"
    assert describe_tag(SeatTag(10)) == "seat 10"
    assert describe_tag(ActionTag(Action.END_PHASE)) == "action EP end phase"


def test_region_arguments() -> None:
    assert parse_region("play area=10,20,30.5,40") == ("play area", (10.0, 20.0, 30.5, 40.0))
    for bad in ("centre", "=1,2,3,4", "c=1,2,3", "c=a,b,c,d", "c=5,5,1,1"):
        with pytest.raises(ValueError, match="region"):
            parse_region(bad)


def test_the_progress_bar_draws_sparingly() -> None:
    stream = io.StringIO()
    bar = ProgressBar(stream, 1000, interval=3600)
    for done in range(1, 1001):
        bar.update(done)
    bar.update(1000, final=True)
    drawn = stream.getvalue()
    assert drawn.count("\r") == 2  # the first frame, then the end
    assert drawn.endswith("1000/1000  100%  " + drawn.rsplit("100%  ", 1)[1])
    assert drawn.endswith(" fps\n")
    bar.clear()  # not a terminal: nothing to blank
    assert stream.getvalue() == drawn


def test_a_frame_picture_is_not_needed_to_render_the_bar() -> None:
    bar = ProgressBar(io.StringIO(), 7)
    assert bar.render(0, 0.0) == "[........................]  0/7    0%  0.0 fps"
    assert bar.render(7, 0.5) == "[########################]  7/7  100%  14.0 fps"
    assert np.isclose(float(bar.render(3, 1.5).split()[-2]), 2.0)
