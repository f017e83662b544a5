"""``sgs-table demo`` on the committed sample video and taps, end to end."""

from __future__ import annotations

import io
import time
from pathlib import Path

import pytest

pytest.importorskip("cv2")

from assistant.cli import build_parser, run
from assistant.cli.demo import DEFAULT_TAPS, DEFAULT_VIDEO
from assistant.cli.state import format_state
from assistant.session import TapError, parse_taps
from engine.record import load_record, replay

EXPECTED_MOVES = [
    "use 1 #1 -> 2",  # seat 1's 杀♠7 (video), seat 2 as its target (tap)
    "respond 2 #31",  # seat 2's 闪♥2 (video)
    "use 1 #92",  # seat 1 equips 青龙偃月刀 (video)
    "next",  # seat 1 ends its play phase (tap)
    "draw 2 x2",
    "use 2 #8 -> 1",  # seat 2's 杀♣2 (video) on seat 1 (tap)
    "pass 1",  # seat 1 takes the hit (tap)
    "use 2 #102",  # seat 2 equips 赤兔 (video)
]


def test_demo_runs_end_to_end(tmp_path: Path) -> None:

    assert DEFAULT_VIDEO.stat().st_size < 5_000_000
    record_path = tmp_path / "demo.sgs"
    db = tmp_path / "demo.db"
    out = io.StringIO()
    started = time.monotonic()
    status = run(
        build_parser(),
        ["demo", "--db", str(db), "--record", str(record_path)],
        out,
    )
    elapsed = time.monotonic() - started
    text = out.getvalue()
    assert status == 0, text
    assert elapsed < 30, f"the demo took {elapsed:.1f} s"
    assert "warning" not in text.replace("0 warnings", "")

    moves = [
        line.split("move: ", 1)[1].split("  (")[0] for line in text.splitlines() if "move: " in line
    ]
    assert moves[0].startswith("setup identity 5")
    play = moves[moves.index("draw 1 x2") + 1 :]
    assert play == EXPECTED_MOVES
    assert "prompt: seat 2 (关羽): play 闪 to answer 杀 from seat 1, or pass [闪 | pass]" in text

    record = load_record(record_path.read_text(encoding="utf-8"))
    game = replay(record)
    assert [str(m) for m in game.moves] == moves
    n = len(game.moves)
    assert format_state(game.state, n, n) in text
    assert game.state.seat(1).hp == game.state.seat(1).max_hp - 1
    assert db.exists()
    assert f"record written to {record_path}" in text


def test_taps_script_format() -> None:
    taps = parse_taps("# comment\n2.5 target 2  # seat 2\n0 setup identity 5\n1 force use 1 #3\n")
    assert [(t.t, str(t)) for t in taps] == [
        (0.0, "setup identity 5"),
        (1.0, "force use 1 #3"),
        (2.5, "target 2"),
    ]
    assert len(parse_taps(DEFAULT_TAPS.read_text(encoding="utf-8"))) > 10
    with pytest.raises(TapError):
        parse_taps("soon next\n")
