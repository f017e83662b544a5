"""Corrections on the command line: ``sgs-table correct``, ``versions``, ``export --at-version``,
and ``sgs-table play`` of a script that corrects its game, on SQLite files."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from assistant.cli import build_parser, run
from assistant.store import Store
from engine.record import parse_record

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
SAMPLE = SAMPLES / "identity-8.sgs"
RECORD = parse_record(SAMPLE.read_text(encoding="utf-8"))
PREVIEW = [
    "move 20: pass → respond 2 #76",
    "293 of 294 later moves kept, 1 set aside",
    "move 21 set aside: discard 2 x1 (discarding now needs a skill that does it: "
    "record 'skill SEAT KEY' first, or force it)",
    "1 pass added: nobody answered the 无懈可击 at the time",
    "at the end of the game: nothing differs",
]
# What the table did after samples/table-script.txt: corrections, undo and redo.
CORRECTIONS = """\
70 insert 22 discard 1 x1   # the 过河拆桥 took an unseen card, not the 青龙偃月刀
71 undo
72 undo
73 redo
74 redo
75 delete 13                # the 青龙偃月刀 never equipped ...
76 insert 13 use 1 #92      # ... it was, after all
77 replace 34 !damage 1 1   # seat 1 took the hit another way: the last next set aside
78 dismiss 1
79 redo
"""


def sgs_table(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    return run(build_parser(), list(argv), out), out.getvalue()


@pytest.fixture
def db(tmp_path: Path) -> str:
    path = tmp_path / "games.db"
    with Store.open(str(path)) as store:
        store.import_record(RECORD)
    return str(path)


def rows(db: str) -> int:
    with Store.open(db) as store:
        return len(store.rows(1))


class Terminal(io.StringIO):
    """Standard input at a terminal, where someone types ``answer``."""

    def isatty(self) -> bool:
        return True


def test_correct_shows_what_changes_then_makes_it(db: str) -> None:
    code, out = sgs_table(
        "correct", "1", "replace", "20", "respond", "2", "#76", "--yes", "--db", db
    )
    assert code == 0
    assert out.splitlines() == [
        *PREVIEW,
        "corrected: move 20: pass → respond 2 #76; 293 of 294 later moves kept, 1 set aside "
        "(game 1, version 1)",
    ]
    with Store.open(db) as store:
        assert store.record(1, version=0) == RECORD
        assert len(store.record(1).moves) == 314 and len(store.set_aside(1)) == 1


def test_correct_without_yes_and_no_terminal_refuses_in_one_line(
    db: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("y\n"))  # a pipe: not a person
    before = rows(db)
    code, out = sgs_table("correct", "1", "replace", "20", "respond", "2", "#76", "--db", db)
    assert code == 1 and out.splitlines() == PREVIEW
    assert capsys.readouterr().err == (
        "sgs-table: correct: not made: confirm with --yes (standard input is not a terminal)\n"
    )
    assert rows(db) == before


@pytest.mark.parametrize(("answer", "made"), [("y\n", True), ("yes\n", True), ("\n", False)])
def test_correct_asks_at_a_terminal(
    db: str, monkeypatch: pytest.MonkeyPatch, answer: str, made: bool
) -> None:
    monkeypatch.setattr(sys, "stdin", Terminal(answer))
    before = rows(db)
    code, out = sgs_table("correct", "1", "delete", "23", "--db", db)
    assert "Make this correction? [y/N] " in out
    assert (code, rows(db) > before) == ((0, True) if made else (1, False))


def test_correct_json(db: str) -> None:
    code, out = sgs_table(
        "correct", "1", "insert", "26", "use", "6", "#88", "--yes", "--json", "--db", db
    )
    assert code == 0
    result = json.loads(out)
    assert (result["applied"], result["version"]) == (True, 1)
    plan = result["plan"]
    assert (plan["kind"], plan["number"], plan["move"], plan["was"]) == (
        "insert",
        26,
        "use 6 #88",
        "use 6 #4 -> 7",
    )
    assert (plan["later"], plan["kept"], len(plan["set_aside"])) == (289, 285, 4)
    assert plan["set_aside"][0] == {
        "number": 58,
        "move": "use 6 #61 -> 7",
        "reason": "#61 顺手牵羊♠4 cannot be in seat 6's hand: no unseen cards there",
    }


def test_a_refused_correction_is_one_line(db: str, capsys: pytest.CaptureFixture[str]) -> None:
    before = rows(db)
    assert (
        sgs_table("correct", "1", "replace", "20", "respond", "2", "#90", "--yes", "--db", db)[0]
        == 1
    )
    err = capsys.readouterr().err
    assert err.startswith("sgs-table: correct: refused: ") and err.count("\n") == 1
    assert sgs_table("correct", "1", "delete", "1", "--yes", "--db", db)[0] == 1
    assert capsys.readouterr().err == "sgs-table: correct: refused: the setup is not corrected\n"
    assert sgs_table("correct", "9", "delete", "3", "--yes", "--db", db)[0] == 1
    assert capsys.readouterr().err.startswith("sgs-table: no game 9 in ")
    assert rows(db) == before


def test_versions_and_export_of_a_version(db: str, capsys: pytest.CaptureFixture[str]) -> None:
    sgs_table("correct", "1", "replace", "20", "respond", "2", "#76", "--yes", "--db", db)
    sgs_table("correct", "1", "delete", "23", "--yes", "--db", db)
    code, out = sgs_table("versions", "1", "--db", db)
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split() == [
        "version",
        "kind",
        "rows",
        "when",
        "(UTC)",
        "moves",
        "what",
        "changed",
    ]
    assert lines[2].split()[:3] == ["0", "stored", "1-314"]
    assert lines[3].split()[:3] == ["1", "replace", "315-609"]
    assert lines[3].endswith(
        "move 20: pass → respond 2 #76; 293 of 294 later moves kept, 1 set aside"
    )
    assert lines[4].endswith("move 23 deleted: use 5 #90; 291 of 291 later moves kept")
    assert lines[-1] == "game 1: 3 versions"
    code, out = sgs_table("versions", "1", "--json", "--db", db)
    versions = json.loads(out)
    assert [(v["version"], v["kind"], v["move"], v["kept"], v["moves"]) for v in versions] == [
        (0, "start", 0, 0, 314),
        (1, "replace", 20, 293, 314),
        (2, "delete", 23, 291, 313),
    ]
    assert versions[1]["set_aside"][0]["move"] == "discard 2 x1"
    # Every version reads back: the first as the sample was imported.
    code, out = sgs_table("export", "1", "--at-version", "0", "--db", db)
    assert code == 0 and parse_record(out) == RECORD
    code, out = sgs_table("export", "1", "--at-version", "1", "--format", "json", "--db", db)
    assert code == 0 and len(json.loads(out)["moves"]) == 314
    code, out = sgs_table("export", "1", "--at-version", "1", "--format", "html", "--db", db)
    assert code == 0 and out.lower().startswith("<!doctype html>")
    assert sgs_table("export", "1", "--at-version", "5", "--db", db) == (1, "")
    assert capsys.readouterr().err == (
        "sgs-table: game 1 has versions 0-2: there is no version 5\n"
    )


def test_play_a_script_that_corrects_its_game(tmp_path: Path) -> None:
    script = tmp_path / "corrected.txt"
    script.write_text(
        (SAMPLES / "table-script.txt").read_text(encoding="utf-8") + CORRECTIONS, encoding="utf-8"
    )
    db = str(tmp_path / "played.db")
    code, out = sgs_table("play", str(script), "--json", "--db", db)
    assert code == 0
    played = json.loads(out)
    last = {entry["input"]: entry for entry in played["inputs"][-10:]}
    assert last["insert 22 discard 1 x1"]["message"] == (
        "move 22: discard 1 #92 → discard 1 x1; 13 of 13 later moves kept"
    )
    assert last["delete 13"]["message"] == "move 13 deleted: use 1 #92; 22 of 22 later moves kept"
    assert last["insert 13 use 1 #92"]["outcome"] == "move"
    assert last["replace 34 !damage 1 1"]["message"] == (
        "move 34: pass 1 → !damage 1 1; 0 of 1 later move kept, 1 set aside"
    )
    assert last["dismiss 1"]["message"] == "dismissed: next (set aside from move 35)"
    assert last["redo"]["outcome"] == "refused"
    assert [entry["outcome"] for entry in played["inputs"][-10:]] == [
        "move", "ok", "ok", "move", "move", "ok", "move", "move", "ok", "refused",
    ]  # fmt: skip
    assert len(played["moves"]) == 34 and played["moves"][-1] == "!damage 1 1"
    assert played["forced"] == 1
    with Store.open(db) as store:
        game_id = played["game"]
        kinds = [v.kind for v in store.versions(game_id)]
        assert kinds == ["start", "replace", "undo", "undo", "delete", "insert", "replace"]
        assert store.set_aside(game_id) == []
    # The journal plays back to the same game, corrections and all.
    code, journal = sgs_table("inputs", str(game_id), "--db", db)
    again = tmp_path / "again.txt"
    again.write_text(journal, encoding="utf-8")
    code, out = sgs_table("play", str(again), "--json")
    assert code == 0 and json.loads(out)["state"] == played["state"]


def test_correct_journals_itself_on_a_played_game(tmp_path: Path) -> None:
    db = str(tmp_path / "played.db")
    assert sgs_table("play", str(SAMPLES / "table-script.txt"), "--db", db)[0] == 0
    code, out = sgs_table("correct", "1", "delete", "13", "--yes", "--db", db)
    assert code == 0 and out.endswith("(game 1, version 1)\n")
    code, journal = sgs_table("inputs", "1", "--db", db)
    assert [line.split(maxsplit=1)[1] for line in journal.splitlines()[-2:]] == [
        "resume",
        "delete 13",
    ]
    again = tmp_path / "again.txt"
    again.write_text(journal, encoding="utf-8")
    code, out = sgs_table("play", str(again), "--json")
    with Store.open(db) as store:
        assert json.loads(out)["moves"] == [str(m) for m in store.record(1).moves]
