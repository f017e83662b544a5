"""The command line: tables for people, JSON for machines, clear errors."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from mobile.cli import main

VENV_BIN = Path(sys.executable).parent


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    from assistant.cli import run as run_cli
    from mobile.cli import build_parser

    code = run_cli(build_parser(), list(argv), out)
    return code, out.getvalue()


def test_cards_json_has_the_documented_keys() -> None:
    code, text = run("cards", "--json")
    assert code == 0
    cards = json.loads(text)
    assert len(cards) == 213
    keys = {"id", "name", "key", "suit", "rank", "type", "subtype", "attack_range", "package"}
    for card in cards:
        assert keys <= set(card)
        if card["key"] == "yuxi":  # 逐鹿天下's 玉玺: no suit, rank or colour (rules 003)
            assert card["suit"] is card["rank"] is card["colour"] is None
            continue
        assert card["suit"] in {"spade", "heart", "club", "diamond"}
        assert 1 <= card["rank"] <= 13
        assert card["type"] in {"basic", "trick", "delayed_trick", "equipment"}
        assert card["package"] in {"standard", "ex", "maneuvering", "new1v1", "zhulu"}
        assert (card["subtype"] == "weapon") == (card["attack_range"] is not None)
    assert cards[0]["name"] == "杀"


def test_cards_table_is_aligned_for_chinese() -> None:
    code, text = run("cards", "--type", "equipment", "--package", "standard")
    assert code == 0
    lines = text.splitlines()
    assert lines[-1] == "17 cards"
    from assistant.cli.terminal import display_width

    widths = {display_width(line) for line in lines[2:-1]}
    assert len(widths) == 1, "rows of different display width: columns drift"
    assert any("青龙偃月刀" in line and " 3 " in line for line in lines)


def test_cards_filter_by_name_both_ways() -> None:
    assert run("cards", "--name", "tao")[1] == run("cards", "--name", "桃")[1]
    # 12 in the base game, 4 in the new 1v1 deck
    assert run("cards", "--name", "桃")[1].splitlines()[-1] == "16 cards"


def test_unknown_card_name_is_one_clear_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert run("cards", "--name", "slash")[0] == 1
    assert capsys.readouterr().err == "sgs-table: no card named 'slash'\n"
    assert run("cards", "--name", "shaa")[0] == 1
    assert capsys.readouterr().err == "sgs-table: no card named 'shaa'; did you mean sha (杀)?\n"


def test_generals_json() -> None:
    code, text = run("generals", "--json")
    generals = json.loads(text)
    assert code == 0 and len(generals) == 25
    for g in generals:
        assert {"name", "key", "kingdom", "max_hp", "gender", "lord", "skills"} <= set(g)
    assert [g["key"] for g in generals if g["lord"]] == ["caocao", "liubei", "sunquan"]
    machao = next(g for g in generals if g["key"] == "machao")
    assert machao["skills"][0]["effects"] == [{"kind": "distance_from_self", "delta": -1}]


def test_one_general_in_words() -> None:
    code, text = run("generals", "诸葛亮")
    assert code == 0
    assert "空城 kongcheng [compulsory]" in text
    assert (
        "tracks: cannot be targeted by duel, fire_sha, sha, thunder_sha while no hand cards" in text
    )
    assert run("generals", "nobody")[0] == 1


def test_generals_by_kingdom() -> None:
    text = run("generals", "--kingdom", "qun")[1]
    assert text.splitlines()[-1] == "3 generals"


def test_generals_by_package() -> None:
    """神话再临's packs: ten generals each (their 神 generals among them); all: 65."""
    code, text = run("generals", "--package", "wind", "--json")
    wind = json.loads(text)
    assert code == 0 and len(wind) == 10 and {g["package"] for g in wind} == {"wind"}
    assert [g["number"] for g in wind] == list(range(26, 36))
    assert [g["key"] for g in wind if g["kingdom"] == "god"] == ["shenguanyu", "shenlvmeng"]
    text = run("generals", "--package", "all", "--kingdom", "god")[1]
    assert text.splitlines()[-1] == "8 generals"
    code, text = run("generals", "--package", "fire,mountain")
    assert code == 0 and text.splitlines()[-1] == "20 generals"
    assert "mountain" in text.splitlines()[-2]  # a column names the package of each


def test_generals_refuses_an_unknown_package(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--lang", "en", "generals", "--package", "wood"])
    assert done.value.code == 2
    assert "unknown package of generals 'wood'" in capsys.readouterr().err


def test_help_lists_every_subcommand(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--help"])
    assert done.value.code == 0
    text = capsys.readouterr().out
    for command in ("cards", "generals", "app"):
        assert f"    {command} " in text


def test_installed_entry_point_runs() -> None:
    result = subprocess.run(
        [str(VENV_BIN / "sgs-table"), "cards", "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert len(json.loads(result.stdout)) == 213


SAMPLES = Path(__file__).resolve().parents[2] / "samples"


def test_state_json_has_the_documented_keys() -> None:
    code, text = run("state", str(SAMPLES / "identity-5.sgs"), "--at", "60", "--json")
    assert code == 0
    view = json.loads(text)
    for seat in view["seats"]:
        assert {
            "seat",
            "general",
            "alive",
            "hp",
            "max_hp",
            "hand_count",
            "hand_limit",
            "attack_range",
        } <= set(seat)
    matrix = view["distance"]
    assert len(matrix) == 5 and all(len(row) == 5 for row in matrix)
    for a, row in enumerate(matrix):
        alive = view["seats"][a]["alive"]
        assert row[a] == (0 if alive else None)
    assert set(view["turn"]) >= {"seat", "phase"}
    assert "winner" in view and view["move"] == 60


def test_state_at_the_end_names_the_winner() -> None:
    code, text = run("state", str(SAMPLES / "2v2.sgs"))
    assert code == 0
    assert "game over: the rebels win" in text
    # A finished game is its result: who won, seat by seat; no table of the dead.
    assert "distance (row: from, column: to)" not in text
    lines = text.splitlines()
    assert lines[0] == "2v2, 4 players, game over after move 97 of 97"
    assert lines[3].split() == ["seat", "general", "role", "result", "hp"]
    assert [line.split()[3] for line in lines[5:]] == ["lost", "won", "won", "lost"]


def test_check_lists_forced_moves_and_refuses_a_bad_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "game.sgs"
    record.write_text("setup identity 4\nrole 1 lord\n!role 2 lord\n", encoding="utf-8")
    code, text = run("check", str(record))
    assert code == 0
    assert "flagged: move 3 (line 3): !role 2 lord" in text
    record.write_text("setup identity 4\nrole 1 lord\nrole 2 lord\n", encoding="utf-8")
    assert run("check", str(record))[0] == 1
    err = capsys.readouterr().err
    assert err.strip().endswith("line 3: role 2 lord: a 4-player game has only 1 lord(s)")
    assert err.count("\n") == 1
