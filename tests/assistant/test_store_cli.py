"""``sgs-table games``, ``export`` and ``import`` (assistant/store_cli.py) on SQLite files."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from assistant.cli import build_parser, run
from engine.record import parse_record
from tests.assistant.test_store import SHORT_GAME


def sgs_table(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    return run(build_parser(), list(argv), out), out.getvalue()


def test_import_list_and_export(tmp_path: Path) -> None:
    db = str(tmp_path / "games.db")
    record = tmp_path / "short.sgs"
    record.write_text(SHORT_GAME, encoding="utf-8")
    assert sgs_table("import", str(record), "--db", db) == (
        0,
        f"imported {record} as game 1 (18 moves)\n",
    )
    code, listing = sgs_table("games", "--db", db)
    assert code == 0
    assert "over: lord" in listing and "Friday club" in listing and listing.endswith("1 game\n")
    code, games = sgs_table("games", "--json", "--db", db)
    assert json.loads(games)[0]["moves"] == 18
    code, text = sgs_table("export", "1", "--db", db)
    assert code == 0 and parse_record(text) == parse_record(SHORT_GAME)
    out = tmp_path / "again.json"
    assert sgs_table("export", "1", "--format", "json", "-o", str(out), "--db", db) == (
        0,
        f"wrote game 1 to {out}\n",
    )
    assert sgs_table("import", str(out), "--db", db)[0] == 0


def test_the_environment_names_the_database(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SGS_TABLE_DB", f"sqlite:///{tmp_path / 'club.db'}")
    record = tmp_path / "short.sgs"
    record.write_text(SHORT_GAME, encoding="utf-8")
    assert sgs_table("import", str(record))[0] == 0
    assert (tmp_path / "club.db").exists()
    assert sgs_table("games")[1].endswith("1 game\n")


def test_errors_are_one_line_and_store_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "games.db")
    bad = tmp_path / "bad.sgs"
    bad.write_text(SHORT_GAME.replace("pass 4\n", "pass 4\nheal 9 1\n"), encoding="utf-8")
    assert sgs_table("import", str(bad), "--db", db) == (1, "")
    assert capsys.readouterr().err == (
        f"sgs-table: {bad}: line 16: heal 9 1: there is no seat 9 (seats 1-4); nothing was stored\n"
    )
    assert not Path(db).exists()  # a refused record creates no database either
    good = tmp_path / "good.sgs"
    good.write_text(SHORT_GAME, encoding="utf-8")
    assert sgs_table("import", str(good), "--db", db)[0] == 0
    capsys.readouterr()
    assert sgs_table("export", "7", "--db", db) == (1, "")
    assert capsys.readouterr().err == f"sgs-table: no game 7 in {db}\n"
    nowhere = tmp_path / "gone" / "games.db"
    assert sgs_table("games", "--db", str(nowhere)) == (3, "")
    assert capsys.readouterr().err == (
        f"sgs-table: database {nowhere} does not exist (nothing was created)\n"
    )
    assert not nowhere.parent.exists()
    assert sgs_table("import", str(good), "--db", str(nowhere)) == (3, "")
    assert capsys.readouterr().err == (
        f"sgs-table: cannot open database {nowhere}: folder {nowhere.parent} does not exist\n"
    )
