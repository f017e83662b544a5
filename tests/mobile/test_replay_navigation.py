"""The replay screen's navigation and 从这里继续, through the real app, headless.

A sample game is stored first; tests/mobile/drive_replay.py opens its replay
in the app and taps the turn list, 回合 ← →, 关键 ← →, a seat and 下一动作 →,
then 从这里继续. Each move the screen showed is checked here against the
engine's own replay of the sample (a separate path from what the app
computed), and the new game against the store.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from assistant.review import game_stats
from assistant.store import Store
from engine.game import Game
from engine.record import parse_record, replay
from tests.mobile.app_run import REPLAY_NOTE, run_driver
from tests.mobile.drive_replay import CONTINUE_AT, SEAT, TURN

REPO = Path(__file__).resolve().parents[2]
DRIVER = Path(__file__).with_name("drive_replay.py")
SAMPLE = REPO / "samples" / "identity-5.sgs"
# The verbs of a move a seat makes itself: "use 3 ...", "pass 3", "draw 3 x2".
ACTS = {"use", "respond", "pass", "skill", "discard", "give", "take", "recast", "show", "choose",
        "draw"}  # fmt: skip


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], Game, Path]:
    out = tmp_path_factory.mktemp("replay-app")
    db = out / "replay.db"
    with Store.open(f"sqlite:///{db}") as store:
        store.import_record(parse_record(SAMPLE.read_text(encoding="utf-8")))
    report = run_driver(DRIVER, out, db)
    return report, replay(parse_record(SAMPLE.read_text(encoding="utf-8"))), db


def first_move_of(game: Game, turn: int) -> int:
    return next(i for i in range(len(game) + 1) if game.state_at(i).turn.number == turn)


def deaths(game: Game) -> dict[int, int]:
    """seat -> the move it died in (alive before it, dead after)."""
    found: dict[int, int] = {}
    for i in range(1, len(game) + 1):
        before, after = game.state_at(i - 1), game.state_at(i)
        for seat in after.seats:
            if before.seats and before.seat(seat.seat).alive and not seat.alive:
                found[seat.seat] = i
    return found


def made_by(game: Game, i: int, seat: int) -> bool:
    words = str(game.moves[i - 1]).lstrip("!").split()
    return words[0] in ACTS and words[1:2] == [str(seat)]


def shown(report: dict[str, Any]) -> list[tuple[str, int]]:
    return [(name, move) for name, move in report["moves"]]


def test_the_chart_runs_over_turns_with_deaths_marked(
    run: tuple[dict[str, Any], Game, Path],
) -> None:
    report, game, _ = run
    assert report["opened"] == len(game)
    chart = report["chart"]
    turns = game.state.turn.number
    assert chart["unit"] == "turns"
    assert chart["cursor"] == turns
    died = deaths(game)
    assert {int(k): v for k, v in chart["deaths"].items()} == {
        seat: game.state_at(move).turn.number for seat, move in died.items()
    }
    for seat, values in chart["series"].items():
        at_end = died.get(int(seat))
        length = turns + 1 if at_end is None else game.state_at(at_end).turn.number + 1
        assert len(values) == length, seat
    # The lord (seat 1) ends the game alive: its HP at the end is the game's.
    assert chart["series"]["1"][-1] == game.state.seat(1).hp


def test_choosing_a_turn_shows_its_first_move(run: tuple[dict[str, Any], Game, Path]) -> None:
    report, game, _ = run
    moves = shown(report)
    start = first_move_of(game, TURN)
    assert moves[0] == (f"turn {TURN}", start)
    assert game.state_at(start).turn.number == TURN
    assert game.state_at(start - 1).turn.number == TURN - 1
    assert TURN - 1 < report["turn_cursor"] <= TURN
    assert moves[1] == ("turn_on", first_move_of(game, TURN + 1))
    assert moves[2] == ("turn_back", start)
    assert moves[3] == ("turn_back", first_move_of(game, TURN - 1))


def test_the_next_key_event_is_a_death(run: tuple[dict[str, Any], Game, Path]) -> None:
    report, game, _ = run
    died = sorted(deaths(game).values())
    assert shown(report)[4:7] == [("key_on", died[0]), ("key_on", died[1]), ("key_back", died[0])]


def test_a_seats_next_action(run: tuple[dict[str, Any], Game, Path]) -> None:
    report, game, _ = run
    assert report["seat_text"].startswith(f"{SEAT} ")
    start = report["seat_from"]
    first = next(i for i in range(start + 1, len(game) + 1) if made_by(game, i, SEAT))
    second = next(i for i in range(first + 1, len(game) + 1) if made_by(game, i, SEAT))
    assert shown(report)[7:9] == [("seat_on", first), ("seat_on", second)]


def test_continue_from_here_opens_a_new_game(run: tuple[dict[str, Any], Game, Path]) -> None:
    report, game, db = run
    after = report["after_continue"]
    original = report["game_id"]
    prefix = [str(move) for move in game.moves[:CONTINUE_AT]]
    assert after["screen"] == "table"
    assert after["game_id"] != original
    assert after["moves"] == prefix
    with Store.open(f"sqlite:///{db}") as store:
        record = store.record(after["game_id"])
        assert [str(move) for move in record.moves] == prefix
        assert record.headers["Origin"] == f"game {original}, move {CONTINUE_AT}"
        assert [str(move) for move in store.record(original).moves] == [str(m) for m in game.moves]


def test_the_statistics_are_on_the_replay_screen(run: tuple[dict[str, Any], Game, Path]) -> None:
    """A row a seat with the game's damage, healing and deaths (as `sgs-table stats`)."""
    report, game, _ = run
    stats = game_stats(game)
    rows = report["stats_rows"]
    assert [int(r[0]) for r in rows] == [s.seat for s in stats.seats]
    assert [(int(r[2]), int(r[3]), int(r[7])) for r in rows] == [
        (s.dealt, s.taken, s.deaths) for s in stats.seats
    ]
    assert sum(int(r[2]) for r in rows) > 0  # a real game: someone dealt damage
    assert report["stats_shown"] and report["stats_scroll_height"] > 100  # 统计 shows them


def test_a_note_from_the_replay_screen_is_stored_and_shown(
    run: tuple[dict[str, Any], Game, Path],
) -> None:
    """备注 on a stored game's move: the box opens; the note is kept with that game
    (not the table's) and shown under the move."""
    report, _, db = run
    assert report["note_box"] == 1 and report["noted"]
    assert REPLAY_NOTE in report["noted_lines"]
    with Store.open(f"sqlite:///{db}") as store:
        notes = store.notes(report["game_id"])
    assert [(n.move, n.text) for n in notes] == [(CONTINUE_AT, REPLAY_NOTE)]
