"""Corrections that keep the game (engine.corrections), on the 8-player sample.

Move 19 of samples/identity-8.sgs is 孙权's 过河拆桥 on seat 2, move 20 the
table's silence (nobody nullified it), move 21 seat 2's discard it caused.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.corrections import Edit, end_changes, find_edit, rewrite
from engine.game import Game
from engine.moves import Move, Pass
from engine.record import parse_record
from engine.state import Phase
from engine.table import IllegalMove

SAMPLE = Path(__file__).resolve().parents[2] / "samples" / "identity-8.sgs"


@pytest.fixture(scope="module")
def moves() -> tuple[Move, ...]:
    return parse_record(SAMPLE.read_text(encoding="utf-8")).moves


def test_replacing_the_silence_by_a_nullification_keeps_every_move_that_still_fits(
    moves: tuple[Move, ...],
) -> None:
    # Seat 2 did lay a 无懈可击 (#76, not seen before) against the 过河拆桥.
    fixed = rewrite(moves, Edit("replace", 20, Move.parse("respond 2 #76")))
    later = len(moves) - 20
    assert len(fixed.kept) + len(fixed.set_aside) == later == 294
    # Only the discard the 过河拆桥 caused no longer fits.
    assert [(s.number, str(s.move)) for s in fixed.set_aside] == [(21, "discard 2 x1")]
    assert "discarding now needs a skill" in str(fixed.set_aside[0].reason)
    assert len(fixed.kept) == 293
    # Nobody answered seat 2's 无懈可击 at the time: the table's silence is added.
    assert fixed.silences == (21,) and fixed.moves[20] == Pass(None)
    # Every move kept is the same move, in the same order, after it.
    for before, after in fixed.kept:
        assert fixed.moves[after - 1] == moves[before - 1]
    assert fixed.moves[:19] == moves[:19]
    assert fixed.game.state.over and fixed.game.state.winner == Game(moves).state.winner


def test_deleting_and_inserting_back_gives_the_same_game(moves: tuple[Move, ...]) -> None:
    original = Game(moves).state
    gone = rewrite(moves, Edit("delete", 23))  # 孙权 equips 青釭剑 (#90)
    assert len(gone.kept) == len(moves) - 23 and gone.set_aside == ()
    assert gone.game.state.seat(5).weapon is None
    assert original.seat(5).weapon is None or original != gone.game.state
    back = rewrite(gone.moves, Edit("insert", 23, moves[22]))
    assert back.moves == moves and back.set_aside == ()
    assert back.game.state == original


def test_a_missed_move_inserted_lets_the_later_moves_fit_again(moves: tuple[Move, ...]) -> None:
    # The table forgot to record 孙权's 杀 on seat 4 (move 16): seat 4's "pass" and
    # later moves no longer fit. Inserting the missed move puts them back.
    missing = (*moves[:15], *moves[16:])
    broken = Game()
    refused = 0
    for move in missing:
        try:
            broken.push(move)
        except IllegalMove:
            refused += 1
    assert refused > 0
    fixed = rewrite(missing, Edit("insert", 16, moves[15]))
    assert fixed.set_aside == () and fixed.moves == moves


def test_the_same_move_again_changes_nothing(moves: tuple[Move, ...]) -> None:
    same = rewrite(moves, Edit("replace", 100, moves[99]))
    assert same.moves == moves and same.set_aside == () and same.silences == ()
    assert same.kept == tuple((n, n) for n in range(101, len(moves) + 1))


@pytest.mark.parametrize(
    ("edit", "reason"),
    [
        (Edit("delete", 1), "the setup is not corrected"),
        (Edit("replace", 5, Move.parse("setup identity 5")), "the setup is not corrected"),
        (Edit("delete", 315), "move 315 cannot be corrected (moves 2-314)"),
        (Edit("insert", 316, Move.parse("pass")), "move 316 cannot be corrected (moves 2-315)"),
        (Edit("replace", 20), "a replacement or an insertion needs the new move"),
        (Edit("delete", 20, Move.parse("pass")), "a deletion takes no move"),
        (Edit("replace", 20, Move.parse("respond 2 #90")), "青釭剑 does not answer"),
    ],
)
def test_a_refused_correction_says_why(moves: tuple[Move, ...], edit: Edit, reason: str) -> None:
    with pytest.raises(IllegalMove, match=reason.replace("(", r"\(").replace(")", r"\)")):
        rewrite(moves, edit)


def test_a_forced_move_is_accepted_and_stays_flagged(moves: tuple[Move, ...]) -> None:
    fixed = rewrite(moves, Edit("insert", 300, Move.parse("!heal 1 1")))
    assert str(fixed.moves[299]) == "!heal 1 1"
    assert (300, fixed.moves[299]) in fixed.game.flagged()


# ---------------------------------------------------------------- finding the edit again


@pytest.mark.parametrize(
    "edit",
    [
        Edit("replace", 20, Move.parse("respond 2 #76")),
        Edit("delete", 23),
        Edit("insert", 300, Move.parse("!heal 1 1")),
        Edit("replace", 100, Move.parse("!damage 3 1")),
    ],
    ids=str,
)
def test_the_edit_is_found_again_from_the_moves_before_and_after(
    moves: tuple[Move, ...], edit: Edit
) -> None:
    fixed = rewrite(moves, edit)
    found = find_edit(moves, edit.number, edit.move, fixed.moves)
    assert found is not None
    assert found.edit == edit
    assert (found.kept, found.set_aside, found.silences) == (
        fixed.kept,
        fixed.set_aside,
        fixed.silences,
    )


def test_moves_dropped_that_would_fit_are_no_edit(moves: tuple[Move, ...]) -> None:
    # The old correction: move 20 replaced and every later move dropped, though most fit.
    dropped = (*moves[:19], Move.parse("respond 2 #76"))
    assert find_edit(moves, 20, Move.parse("respond 2 #76"), dropped) is None
    assert find_edit(moves, 23, None, moves[:22]) is None
    assert find_edit(moves, 20, Move.parse("pass"), (*moves[:18], *moves[19:])) is None


def test_the_ends_of_two_games_compared(moves: tuple[Move, ...]) -> None:
    first = moves[:60]  # turn 2, seat 6's play phase
    original = Game(first).state
    assert end_changes(original, original) == ()
    gone = rewrite(first, Edit("delete", 23)).game.state  # 孙权 never equipped 青釭剑
    assert [(c.what, c.seat, c.before, c.after) for c in end_changes(original, gone)] == [
        ("hand", 5, 0, 1),
        ("weapon", 5, 90, None),
    ]
    hurt = rewrite(first, Edit("insert", 50, Move.parse("!damage 3 1"))).game.state
    assert [(c.what, c.seat, c.before, c.after) for c in end_changes(original, hurt)] == [
        ("hp", 3, 3, 2)
    ]
    # The whole game: the same winner, the same last turn, whatever the correction.
    fixed = rewrite(moves, Edit("replace", 20, Move.parse("respond 2 #76")))
    assert end_changes(Game(moves).state, fixed.game.state) == ()
    ended = end_changes(Game(moves[:308]).state, Game(moves).state)  # move 309 ends it
    assert [(c.what, c.before, c.after) for c in ended if c.seat == 0] == [
        ("winner", None, "rebel"),
        ("phase", Phase.PLAY, Phase.OVER),
    ]
