"""Player names: a ``name SEAT "TEXT"`` move, recorded at any time, changing nothing else."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.game import Game
from engine.moves import MAX_PLAYER_NAME, Move, MoveSyntaxError, Name
from engine.record import Record, format_record, parse_record
from engine.table import IllegalMove
from engine.views import summary

SAMPLE = Path(__file__).resolve().parents[2] / "samples" / "identity-8.sgs"


@pytest.mark.parametrize(
    "text",
    ['name 3 "张三"', 'name 10 "Zhang San"', 'name 1 "O\'Neil \\"Ace\\" \\\\ B"', 'name 2 ""'],
)
def test_a_name_round_trips(text: str) -> None:
    move = Move.parse(text)
    assert isinstance(move, Name)
    assert Move.parse(str(move)) == move and str(move) == text


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("name 3 张三", "double quotes"),
        ('name 3 "张三', "double quotes"),
        ('name 3 " 张三"', "no spaces around it"),
        (f'name 3 "{"长" * (MAX_PLAYER_NAME + 1)}"', f"at most {MAX_PLAYER_NAME} characters"),
        ('name 3 "a\\u0007b"', "only visible characters"),
        ('name 3 "a\\u200bb"', "only visible characters"),
        ('name x "张三"', "a seat number"),
    ],
)
def test_a_bad_name_is_refused_in_one_line(text: str, why: str) -> None:
    with pytest.raises(MoveSyntaxError, match=why) as caught:
        Move.parse(text)
    assert "\n" not in str(caught.value)


def test_a_name_changes_nothing_but_the_seats_player_at_any_time() -> None:
    game = Game(parse_record(SAMPLE.read_text(encoding="utf-8")).moves)
    # In the middle of a settlement (move 19: a request for 无懈可击 is open) ...
    middle = Game(game.moves[:19])
    before = middle.state
    middle.push(Move.parse('name 2 "马超的主人"'))
    after = middle.state
    assert after.seat(2).player == "马超的主人"
    assert after.stack == before.stack and after.turn == before.turn
    assert after._replace(seats=before.seats) == before
    # ... the next move reads as it did: the request is still open.
    middle.push(game.moves[19])
    # After the end of the game too (a name may be added when reviewing).
    assert game.state.over
    game.push(Move.parse('name 5 "the lord"'))
    assert game.state.seat(5).player == "the lord"
    assert summary(game.state)["seats"][4]["player"] == "the lord"  # type: ignore[index]


def test_a_name_for_no_seat_or_the_same_name_is_refused() -> None:
    game = Game([Move.parse("setup identity 4"), Move.parse('name 1 "A"')])
    with pytest.raises(IllegalMove, match=r"there is no seat 5 \(seats 1-4\)"):
        game.push(Move.parse('name 5 "B"'))
    with pytest.raises(IllegalMove, match="has that name already"):
        game.push(Move.parse('name 1 "A"'))
    game.push(Move.parse('name 1 ""'))  # forgotten
    assert game.state.seat(1).player == ""


def test_names_travel_with_the_record() -> None:
    record = parse_record(SAMPLE.read_text(encoding="utf-8"))
    moves = (record.moves[0], Move.parse('name 1 "Ann \\"A\\""'), *record.moves[1:])
    named = Record(dict(record.headers), moves)
    again = parse_record(format_record(named))
    assert again.moves == named.moves
    assert Game(again.moves).state.seat(1).player == 'Ann "A"'
