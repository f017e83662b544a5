"""What the command line writes: files (-o) and the terminal.

A ``-o`` file is never the database in use, never an existing file without
``--force``, never a symbolic link followed; what a record holds (headers,
names, file names) reaches the terminal with its controls escaped, in text
and in ``--json`` alike.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from assistant.cli.entry import main
from assistant.cli.terminal import terminal_safe
from assistant.store import Store

SAMPLE = Path(__file__).resolve().parents[2] / "samples" / "identity-5.sgs"
HOSTILE = {
    "Event": "club \x1b]0;owned\x07 night \x1b[2J",
    "Players": "Alice \u202eboB; \x9b31m Carol\u2028Dave",
}
UNSAFE = ("\x1b", "\x07", "\x9b", "\u202e", "\u2028")


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.fixture
def db(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "games.db"
    assert _run(capsys, "import", str(SAMPLE), "--db", str(path))[0] == 0
    return path


def test_export_never_writes_over_the_database_in_use(
    db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = db.read_bytes()
    for target in (db, db.parent / "." / db.name, Path(f"{db}-wal"), Path(f"{db}-journal")):
        status, _, err = _run(capsys, "export", "1", "-o", str(target), "--db", str(db), "--force")
        assert status == 1 and "is the database in use" in err and err.count("\n") == 1
    assert db.read_bytes() == before
    assert not Path(f"{db}-journal").exists()
    with Store.open(str(db)) as store:
        assert len(store.games()) == 1


def test_an_existing_file_needs_force(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = db.parent / "game.sgs"
    target.write_text("mine", encoding="utf-8")
    status, _, err = _run(capsys, "export", "1", "-o", str(target), "--db", str(db))
    assert status == 1 and "exists: add --force to overwrite it" in err
    assert target.read_text(encoding="utf-8") == "mine"
    status, _, _ = _run(capsys, "export", "1", "-o", str(target), "--db", str(db), "--force")
    assert status == 0 and target.read_text(encoding="utf-8").startswith("[Format")
    assert [p.name for p in db.parent.iterdir() if p.name.startswith(".game.sgs")] == []


def test_a_symbolic_link_is_not_followed(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    real = db.parent / "real.txt"
    real.write_text("keep", encoding="utf-8")
    link = db.parent / "link.sgs"
    link.symlink_to(real)
    for extra in ((), ("--force",)):
        status, _, err = _run(capsys, "export", "1", "-o", str(link), "--db", str(db), *extra)
        assert status == 1 and "is a symbolic link" in err
    assert real.read_text(encoding="utf-8") == "keep" and link.is_symlink()


def test_inputs_and_labels_refuse_an_existing_file_too(
    db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = db.parent / "taken.pdf"
    target.write_bytes(b"%PDF mine")
    status, _, err = _run(capsys, "labels", "--what", "seats", "-o", str(target))
    assert status == 1 and "exists: add --force" in err
    assert target.read_bytes() == b"%PDF mine"
    played = db.parent / "played.db"
    script = SAMPLE.parent / "skills-4.txt"
    assert _run(capsys, "play", str(script), "--db", str(played))[0] == 0
    status, _, err = _run(capsys, "inputs", "1", "-o", str(played), "--db", str(played))
    assert status == 1 and "is the database in use" in err
    assert _run(capsys, "inputs", "1", "--db", str(played))[0] == 0


def _hostile_db(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    record = tmp_path / "hostile.json"
    moves = [line for line in SAMPLE.read_text("utf-8").splitlines()[9:] if line][:12]
    record.write_text(
        json.dumps({"format": "sgs-table/1", "headers": HOSTILE, "moves": moves}),
        encoding="utf-8",
    )
    path = tmp_path / "games.db"
    assert _run(capsys, "import", str(record), "--db", str(path))[0] == 0
    return path


def test_header_values_reach_the_terminal_escaped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = _hostile_db(tmp_path, capsys)
    for argv in (
        ("games", "--db", str(db)),
        ("games", "--json", "--db", str(db)),
        ("export", "1", "--db", str(db)),
        ("export", "1", "--format", "json", "--db", str(db)),
    ):
        status, out, err = _run(capsys, *argv)
        assert status == 0, (argv, err)
        assert not any(ch in out for ch in UNSAFE), argv
    _, out, _ = _run(capsys, "export", "1", "--format", "json", "--db", str(db))
    assert json.loads(out)["headers"] == {"Format": "sgs-table 1", **HOSTILE}


def test_a_file_name_with_controls_is_escaped_in_a_refusal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "x\x1b[31m\u202e.sgs"
    bad.write_text("teleport 1 2\n", encoding="utf-8")
    status, _, err = _run(capsys, "check", str(bad))
    assert status == 1 and err.count("\n") == 1
    assert not any(ch in err for ch in UNSAFE) and "\\u001b[31m" in err


def test_terminal_safe_keeps_text_and_lines() -> None:
    assert terminal_safe("杀 ♠7 → seat 2\n\tnext") == "杀 ♠7 → seat 2\n\tnext"
    assert terminal_safe("\r\x00\U000e0001") == "\\u000d\\u0000\\udb40\\udc01"
