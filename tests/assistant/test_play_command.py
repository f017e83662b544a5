"""``sgs-table play`` and ``sgs-table inputs`` on real SQLite files."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from assistant.cli import build_parser, run
from tests.assistant.test_store import SHORT_GAME

SAMPLE = Path(__file__).resolve().parents[2] / "samples" / "table-script.txt"


def sgs_table(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    return run(build_parser(), list(argv), out), out.getvalue()


def play_json(*argv: str) -> dict[str, Any]:
    code, text = sgs_table("play", *argv, "--json")
    assert code == 0, text
    report: dict[str, Any] = json.loads(text)
    return report


def test_play_tells_every_input_and_sums_up() -> None:
    code, text = sgs_table("play", str(SAMPLE))
    assert code == 0
    lines = text.splitlines()
    assert lines[0] == f"play: {SAMPLE}, 42 inputs"
    assert "setup identity 5  ->  move: setup identity 5 packages=standard,ex,maneuvering" in text
    assert "see SG1C001Y seat1 (card 1 杀♠7)  ->  seat 1 (刘备) plays #1 杀♠7" in text
    assert "target 2  ->  move: use 1 #1 -> 2" in text
    assert "see SG1C001Y seat4 (card 1 杀♠7)  ->  question: #1 杀♠7 is already in the" in text
    summary = text[text.index("\nsummary\n") :]
    # 35 moves, 34 inputs that made them: the discard that brings the hand to its limit
    # ends the discard phase too (and the `next` after it has nothing left to do).
    assert "  moves: 35 in effect (34 applied)\n" in summary
    assert "  questions asked: 1\n    line 46: see SG1C001Y seat4: question:" in summary
    assert "  refused: 0\n" in summary and "  forced moves: 0\n" in summary
    assert "  taps: 30 (9 before the first turn)\n" in summary
    assert "  taps per turn: 4.2 over 5 turns (turn 1: 3, turn 2: 4, turn 3: 4" in summary
    assert "  taps per card played: 2.1 (10 cards played)\n" in summary
    state = json.loads(text[text.index("\n{\n") :])
    assert state["turn"] == {"seat": 5, "phase": "discard", "number": 5}


def test_play_json_is_one_object_with_everything() -> None:
    report = play_json(str(SAMPLE))
    assert report["script"] == str(SAMPLE) and report["game"] == 1
    assert report["stored_in"] is None
    assert len(report["inputs"]) == 42
    first = report["inputs"][0]
    assert first == {
        "line": 5,
        "t": 0.0,
        "input": "setup identity 5",
        "outcome": "move",
        "message": "identity table for 5 players",
        "move": "setup identity 5 packages=standard,ex,maneuvering",
        "waiting": None,  # what the table waited for: told of a refused input
    }
    outcomes = [p["outcome"] for p in report["inputs"]]
    assert outcomes.count("move") == 34 and outcomes.count("question") == 1
    assert len(report["moves"]) == 35 and report["moves_applied"] == 34
    assert report["questions"] == [
        {
            "line": 46,
            "input": "see SG1C001Y seat4",
            "question": report["inputs"][33]["message"],
        }
    ]
    assert report["refused"] == [] and report["forced"] == 0
    assert report["taps"] == {
        "total": 30,
        "setup": 9,
        "turns": 5,
        "per_turn": {"1": 3, "2": 4, "3": 4, "4": 6, "5": 4},
        "per_turn_mean": 4.2,
        "cards_played": 10,
        "per_card": 2.1,
    }


def test_play_state_is_what_sgs_table_state_prints_of_the_record(tmp_path: Path) -> None:
    db = str(tmp_path / "games.db")
    report = play_json(str(SAMPLE), "--db", db)
    assert report["game"] == 1 and report["stored_in"] == db
    record = tmp_path / "game.sgs"
    assert sgs_table("export", "1", "--db", db, "-o", str(record))[0] == 0
    code, text = sgs_table("state", str(record), "--json")
    assert code == 0
    assert report["state"] == json.loads(text)
    code, check = sgs_table("check", str(record))
    assert code == 0 and check.endswith("0 forced moves\n")


def test_inputs_of_a_played_game_play_back_to_the_same_moves(tmp_path: Path) -> None:
    db = str(tmp_path / "games.db")
    script = tmp_path / "table.txt"
    extra = "70 pass 3\n71 hp 5 +1\n72 undo\n73 draw 9 2\n"
    script.write_text(SAMPLE.read_text(encoding="utf-8") + extra, encoding="utf-8")
    first = play_json(str(script), "--db", db)
    journal = tmp_path / "journal.txt"
    assert sgs_table("inputs", "1", "--db", db, "-o", str(journal)) == (
        0,
        f"wrote the 46 inputs of game 1 to {journal}\n",
    )
    text = journal.read_text(encoding="utf-8")
    assert text.startswith("# sgs-table inputs 1: identity, 5 players, created ")
    assert "\n0.00 setup identity 5\n0.00 role 1 lord\n" in text
    assert "\n5.10 see SG1C001Y seat1\n6.00 target 2\n" in text
    assert "\n73.00 draw 9 2  # refused: there is no seat 9 (seats 1-5)\n" in text
    again = play_json(str(journal), "--db", db)
    assert again["game"] == 2
    assert again["moves"] == first["moves"]
    assert again["state"] == first["state"]
    assert [(r["input"], r["reason"]) for r in again["refused"]] == [
        (r["input"], r["reason"]) for r in first["refused"]
    ]
    # and the second game's journal is the first's, input for input
    assert sgs_table("inputs", "2", "--db", db)[1].splitlines()[2:] == text.splitlines()[2:]


def test_strict_fails_on_a_refused_input_or_a_forced_move(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sample = SAMPLE.read_text(encoding="utf-8")
    refused = tmp_path / "refused.txt"
    refused.write_text(sample + "70 pass 4\n", encoding="utf-8")
    forced = tmp_path / "forced.txt"
    forced.write_text(sample + "70 hp 5 +1\n", encoding="utf-8")
    assert sgs_table("play", str(SAMPLE), "--strict")[0] == 0
    code, text = sgs_table("play", str(refused))
    assert code == 0
    assert "   57     70.00  pass 4  ->  REFUSED: nothing to pass on" in text
    assert "  refused: 1\n    line 57: pass 4: " in text
    assert sgs_table("play", str(refused), "--strict")[0] == 1
    report = play_json(str(forced))
    assert report["forced"] == 1 and report["refused"] == []
    assert sgs_table("play", str(forced), "--strict")[0] == 1
    assert capsys.readouterr().err == ""


def test_a_script_that_does_not_read_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("0 setup identity 5\n3 next\n2 deal\n", encoding="utf-8")
    assert sgs_table("play", str(bad)) == (1, "")
    assert capsys.readouterr().err == (
        f"sgs-table play: {bad}: line 3: time 2 is earlier than the line before (3): "
        "times never go back\n"
    )
    assert sgs_table("play", str(tmp_path / "missing.txt")) == (1, "")
    assert "cannot read" in capsys.readouterr().err


def test_inputs_of_an_imported_or_unknown_game_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "games.db")
    record = tmp_path / "short.sgs"
    record.write_text(SHORT_GAME, encoding="utf-8")
    assert sgs_table("import", str(record), "--db", db)[0] == 0
    assert sgs_table("inputs", "1", "--db", db) == (1, "")
    assert capsys.readouterr().err == (
        "sgs-table: game 1 has no journaled inputs (a record imported, not played)\n"
    )
    assert sgs_table("inputs", "7", "--db", db) == (1, "")
    assert capsys.readouterr().err.startswith("sgs-table: no game 7 in ")


def test_the_first_refusal_says_what_the_table_waits_for(tmp_path: Path) -> None:
    """A tap left out (the target of seat 2's 杀): the next input is refused, and under
    it the table says what it still waits for and from whom; --json has it per refusal."""
    script = tmp_path / "missing-tap.txt"
    lines = SAMPLE.read_text(encoding="utf-8").splitlines()
    script.write_text("\n".join(x for x in lines if not x.startswith("20.1 target 3")) + "\n")
    code, text = sgs_table("play", str(script))
    assert code == 0
    shown = text.splitlines()
    first = next(i for i, line in enumerate(shown) if "REFUSED" in line)
    assert "pass 3  ->  REFUSED: nothing to pass on: nobody is being asked" in shown[first]
    assert shown[first].endswith("(waiting: seat 2: choose the target of #8 杀♣2 (legal: 1, 3))")
    assert shown[first + 1].strip() == (
        "the table waits for: seat 2: choose the target of #8 杀♣2 (legal: 1, 3)"
    )
    assert sum("the table waits for" in line for line in shown) == 1  # at the first only
    report = play_json(str(script))
    assert report["refused"][0]["waiting"] == "seat 2: choose the target of #8 杀♣2 (legal: 1, 3)"
