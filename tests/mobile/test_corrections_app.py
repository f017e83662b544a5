"""Corrections on the log screen, through the real app, headless.

The 8-player sample is stored first; tests/mobile/drive_corrections.py opens
it as the table and taps 修改, 插入, 删除 with the confirmation's 确定 and
取消, the set-aside list's 忽略 and 放回, 撤销 and 重做. What the screen showed
is checked here against the engine's own corrections of the sample (a
separate path from what the app computed), and the game against the store
and its journal.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from assistant.store import Store
from engine.corrections import Edit, rewrite
from engine.moves import Move
from engine.record import parse_record
from tests.assistant.test_corrections_cli import PREVIEW
from tests.mobile.app_run import run_driver

REPO = Path(__file__).resolve().parents[2]
DRIVER = Path(__file__).with_name("drive_corrections.py")
SAMPLE = REPO / "samples" / "identity-8.sgs"
MOVES = parse_record(SAMPLE.read_text(encoding="utf-8")).moves


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], Path, int]:
    out = tmp_path_factory.mktemp("corrections-app")
    db = out / "corrections.db"
    with Store.open(f"sqlite:///{db}") as store:
        game_id = store.import_record(parse_record(SAMPLE.read_text(encoding="utf-8")))
    report = run_driver(DRIVER, out, db, args=[str(game_id)])
    return report, db, game_id


def seen(report: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {entry["step"]: entry for entry in report["seen"]}


def test_the_confirmation_shows_what_changes_before_anything_does(
    run: tuple[dict[str, Any], Path, int],
) -> None:
    steps = seen(run[0])
    shown = steps["replace 20: confirmation"]
    assert shown["confirmation"] == "Replace move 20?"
    assert shown["preview"] == PREVIEW  # the 8-player sample's move 20 replaced
    assert shown["moves"] == 314 and shown["set_aside"] == []  # nothing changed yet
    made = steps["replace 20: confirmed"]
    assert made["confirmation"] is None and made["ok"]
    assert made["message"] == (
        "move 20: pass → respond 2 #76; 293 of 294 later moves kept, 1 set aside"
    )
    assert made["set_aside"] == [
        "move 21 set aside: discard 2 x1 (discarding now needs a skill that does it: "
        "record 'skill SEAT KEY' first, or force it)"
    ]
    assert steps["dismiss 1"]["set_aside"] == []


def test_cancel_changes_nothing_and_confirm_makes_it(
    run: tuple[dict[str, Any], Path, int],
) -> None:
    steps = seen(run[0])
    asked = steps["delete 23: confirmation"]
    assert asked["confirmation"] == "Delete move 23?"
    assert asked["preview"][:2] == [
        "move 23 deleted: use 5 #90",
        "291 of 291 later moves kept",
    ]
    cancelled = steps["delete 23: cancelled"]
    assert cancelled["moves"] == 314 and cancelled["confirmation"] is None
    assert cancelled["message"] == "correction cancelled: nothing changed"
    assert steps["delete 23: confirmed"]["moves"] == 313
    assert (steps["undo"]["moves"], steps["undo"]["redo"]) == (312, True)
    assert (steps["redo"]["moves"], steps["redo"]["redo"]) == (313, False)
    assert steps["insert 23: confirmation"]["confirmation"] == "Insert as move 23?"
    assert steps["insert 23: confirmed"]["moves"] == 314


def test_a_set_aside_move_is_put_back_from_its_row(run: tuple[dict[str, Any], Path, int]) -> None:
    steps = seen(run[0])
    assert steps["delete 132: confirmed"]["set_aside"] == [
        "move 133 set aside: pass 6 (seat 7 is asked, not seat 6)"
    ]
    asked = steps["put back 1: confirmation"]
    assert asked["confirmation"] == "Insert as move 133?"
    assert "puts back the move set aside: pass 6" in asked["preview"]
    assert steps["put back 1: confirmed"]["set_aside"] == []


def test_the_game_is_the_engines_corrections_and_the_store_keeps_every_version(
    run: tuple[dict[str, Any], Path, int],
) -> None:
    report, db, game_id = run
    moves = rewrite(MOVES, Edit("replace", 20, Move.parse("respond 2 #76"))).moves
    moves = rewrite(moves, Edit("delete", 23)).moves
    moves = rewrite(moves, Edit("insert", 23, Move.parse("use 5 #90"))).moves
    moves = rewrite(moves, Edit("delete", 132)).moves
    moves = rewrite(moves, Edit("insert", 133, Move.parse("pass 6"))).moves
    assert report["moves"] == [str(m) for m in moves]
    with Store.open(f"sqlite:///{db}") as store:
        assert store.record(game_id).moves == moves
        assert store.record(game_id, version=0).moves == MOVES
        assert [v.kind for v in store.versions(game_id)] == [
            "start", "replace", "delete", "undo", "insert", "delete", "insert",
        ]  # fmt: skip
        assert store.set_aside(game_id) == []
        journal = [entry.text for entry in store.inputs(game_id)]
    # The confirmations and the one cancelled are no inputs: what was made is.
    assert journal == [
        "resume",
        "replace 20 respond 2 #76",
        "dismiss 1",
        "delete 23",
        "undo",
        "redo",
        "insert 23 use 5 #90",
        "delete 132",
        "insert 133 pass 6",
    ]
