"""One input is one unit: refused, it changes nothing; accepted, its moves and its journal
row are stored together.

The table's slips (a card laid before the last window closed, a tap too many) end in
refusals; a refusal that still changed the game (a window declined on the way, a seat
passed) is a record the players cannot trust. The case found at a table: 寒冰剑's
window open, a 桃 laid in front of seat 3 for the seat the 杀 would bring to 0 HP.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from assistant.session import Command, Reply, TableSession, parse_script, perform
from assistant.store import ConflictError, JournalEntry, Store
from engine.moves import Move, Pass
from tests.assistant.test_script import SETUP

# Seat 1 (刘备) wields 寒冰剑 (#107); its 杀 (#1) hits seat 2 (关羽, 1 HP), who has no 闪:
# 寒冰剑's window is open for seat 1 (prevent the damage, discard two of seat 2's cards).
ICE_SWORD_WINDOW = (
    SETUP  # 5 seats, seat 1 in its draw phase
    + """\
draw 1 2
see #107 seat1
hp 2 -3
see #1 seat1
target 2
pass 2
"""
)
TAO = 46  # 桃♥3


@pytest.fixture
def stored(tmp_path: Path) -> Iterator[Store]:
    store = Store.open("sqlite:///" + str(tmp_path / "g.db"))
    yield store
    store.close()


def at_the_window(store: Store | None = None) -> TableSession:
    session = TableSession(store)
    for command in parse_script(ICE_SWORD_WINDOW):
        assert perform(session, command).ok, str(command)
    assert "寒冰剑" in session.prompt.text
    return session


def test_a_tao_laid_by_a_later_seat_closes_the_window_and_saves(stored: Store) -> None:
    """The table moved on: nobody used 寒冰剑, seat 2 fell to 0 HP, and seat 3 saves him;
    seats 1 and 2, asked before seat 3, passed. (It was refused, and the window's
    silence recorded all the same, as seat 1's pass.)"""
    session = at_the_window(stored)
    before = len(session.game.moves)
    reply = perform(session, parse_script(f"see #{TAO} seat3")[0])
    assert reply.ok, reply.message
    assert [str(m) for m in session.game.moves[before:]] == [
        "pass",
        "pass 1",
        "pass 2",
        f"respond 3 #{TAO}",
    ]
    assert session.state.seat(2).hp == 1
    assert session.game_id is not None
    assert [str(m) for m in stored.record(session.game_id).moves] == [
        str(m) for m in session.game.moves
    ]


def test_a_tao_laid_by_the_seat_asked_first_needs_no_pass() -> None:
    session = at_the_window()
    before = len(session.game.moves)
    assert perform(session, parse_script(f"see #{TAO} seat1")[0]).ok
    assert [str(m) for m in session.game.moves[before:]] == [f"respond 1 #{TAO}"]


def stored_game(store: Store, game_id: int) -> tuple[list[str], list[str]]:
    """The moves stored, and the journal's inputs with whether each was refused."""
    moves = [str(m) for m in store.record(game_id).moves]
    journal = [
        f"{entry.text} {'refused' if entry.refused else 'ok'}" for entry in store.inputs(game_id)
    ]
    return moves, journal


def test_an_input_refused_after_moves_on_the_way_changes_nothing(stored: Store) -> None:
    """Whatever an input did before its refusal (here a window declined and a seat
    passed) is undone in the game, the store and what the session waits for; the
    journal keeps the refused input."""
    session = at_the_window(stored)
    assert session.game_id is not None
    moves, prompt = session.moves, session.prompt
    stored_moves, journal = stored_game(stored, session.game_id)

    session.begin_input()
    assert session.pass_turn(1).ok  # 寒冰剑 declined: seat 2 dying, seat 1 asked for 桃
    assert session.pass_turn(1).ok
    reply = session.end_input(9.0, "a slip", Reply(False, "refused for the test"))

    assert reply.refused
    assert session.moves == moves and session.prompt == prompt
    after_moves, after_journal = stored_game(stored, session.game_id)
    assert after_moves == stored_moves
    assert after_journal == [*journal, "a slip refused"]
    # The session goes on as if the refused input had never come.
    assert perform(session, Command("pass", ("1",), 10.0)).ok
    assert [str(m) for m in stored.record(session.game_id).moves][-1] == "pass 1"


def test_an_accepted_input_is_stored_with_its_journal_row(stored: Store) -> None:
    session = at_the_window(stored)
    assert session.game_id is not None
    stored_moves, journal = stored_game(stored, session.game_id)
    reply = perform(session, parse_script(f"9 see #{TAO} seat3")[0])
    assert reply.ok
    after_moves, after_journal = stored_game(stored, session.game_id)
    assert len(after_moves) == len(stored_moves) + 4
    assert after_journal == [*journal, f"see SG1C{TAO:03d}8 seat3 ok"]


def test_moves_and_journal_row_are_written_all_or_nothing(stored: Store) -> None:
    """Another session journaled the input's row first: none of the input's moves is
    stored either (one transaction)."""
    session = at_the_window(stored)
    game_id = session.game_id
    assert game_id is not None
    seq = stored.next_seq(game_id)
    moves, (next_input, _t) = stored_game(stored, game_id)[0], stored.next_input(game_id)
    stored.append_input(game_id, next_input, 8.0, "another session")
    closing: list[Move] = [Pass(None), Pass(1)]
    with pytest.raises(ConflictError):
        stored.append_moves(game_id, closing, seq, JournalEntry(next_input, 9.0, "pass"))
    assert stored_game(stored, game_id)[0] == moves
    # Without the clash the same moves go in, with their row.
    assert stored.append_moves(game_id, closing, seq, JournalEntry(next_input + 1, 9.0, "x")) == (
        seq + 1
    )
    assert stored_game(stored, game_id)[0] == [*moves, "pass", "pass 1"]
