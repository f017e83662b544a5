"""``sgs-table demo`` on the committed sample video and taps, end to end."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

pytest.importorskip("cv2")

from assistant.cli import build_parser, run
from assistant.cli.demo import DEFAULT_TAPS, DEFAULT_VIDEO
from assistant.cli.inputs import format_inputs
from assistant.cli.play import play_script
from assistant.cli.state import format_state
from assistant.session import parse_script
from assistant.store import Store
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
    status = run(
        build_parser(),
        ["demo", "--db", str(db), "--record", str(record_path)],
        out,
    )
    text = out.getvalue()
    assert status == 0, text
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

    # The game's journal holds the video's sightings and the script's taps: as a
    # script, it plays back to the same game without the video.
    with Store.open(f"sqlite:///{db}") as store:
        inputs = store.inputs(1)
    assert [i.text for i in inputs][:2] == ["setup identity 5", "role 1 lord"]
    assert any(i.text.startswith("gone ") for i in inputs)
    assert not any(i.refused for i in inputs)
    with Store.open("sqlite://") as scratch:
        again = play_script(parse_script(format_inputs(1, inputs)), scratch)
        assert list(again.session.moves) == moves


def test_the_demo_taps_are_a_table_script_with_the_camera_in_comments() -> None:
    text = DEFAULT_TAPS.read_text(encoding="utf-8")
    taps = parse_script(text)
    assert [c.text for c in taps[-5:]] == ["target 2", "next", "draw 2 2", "target 1", "pass 1"]
    assert all(c.verb not in ("see", "gone") for c in taps)
    # Without the "# camera: " prefixes, the same game plays without the video.
    whole = parse_script(text.replace("# camera: ", ""))
    assert [c.text for c in whole if c.verb == "see"] == [
        "see SG1C001Y",
        "see SG1C031M",
        "see SG1C092T",
        "see SG1C008K",
        "see SG1C102O",
    ]
    with Store.open("sqlite://") as store:
        played = play_script(whole, store)
    moves = list(played.session.moves)
    assert moves[moves.index("draw 1 x2") + 1 :] == EXPECTED_MOVES
