"""The game so far: the log's entries, the HP series, and a stored game resumed.

The log is checked against the narration (assistant.review.narration) and the moves,
the HP series against ``Game.state_at``; a resumed session against the
session that played the moves, on both store backends.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from assistant.review import hp_series, log_entries, narrate
from assistant.review.history import silent_words
from assistant.session import TableSession
from assistant.store import Store, StoreError
from engine.game import Game
from engine.moves import Forced, Next, Pass, unforced
from engine.record import load_record, replay
from tests.engine.helpers import cid

SAMPLES = sorted((Path(__file__).resolve().parents[2] / "samples").glob("*.sgs"))
STEMS = [p.stem for p in SAMPLES]
GENERALS = ["caocao", "liubei", "sunquan", "guanyu", "zhangfei"]


@cache
def sample(stem: str) -> Game:
    path = next(p for p in SAMPLES if p.stem == stem)
    return replay(load_record(path.read_text(encoding="utf-8")))


def told(game: Game, upto: int | None = None) -> dict[int, list[tuple[int, str, str]]]:
    """The narration's sentences by move number: (turn, heading, text)."""
    out: dict[int, list[tuple[int, str, str]]] = {}
    for part in narrate(game, upto):
        for line in part.lines:
            out.setdefault(line.move, []).append((part.number, part.heading, line.text))
    return out


def played(store: Store | None = None) -> TableSession:
    """A 5-player identity table a few moves into the first turn, one move forced."""
    s = TableSession(store)
    for reply in (
        s.setup("identity", 5, ("standard", "ex")),
        s.reveal_role(1, "lord"),
        *(s.seat_general(seat, key) for seat, key in enumerate(GENERALS, start=1)),
        s.deal(),
        s.next_phase(),
        s.draw(1, 2),
        s.adjust_hp(3, -1),
    ):
        assert reply.ok, reply.message
    return s


# ---------------------------------------------------------------- log


@pytest.mark.parametrize("stem", STEMS)
def test_log_entries_tell_every_move_in_order(stem: str) -> None:
    game = sample(stem)
    entries = log_entries(game)
    numbers = [e.move for e in entries]
    assert numbers == sorted(numbers)
    assert set(numbers) == set(range(1, len(game) + 1))
    said = told(game)
    for n in range(1, len(game) + 1):
        mine = [e for e in entries if e.move == n]
        move = game.moves[n - 1]
        assert all(e.notation == str(move) for e in mine)
        assert all(e.forced == isinstance(move, Forced) for e in mine)
        if n in said:
            assert [(e.turn, e.heading, e.text) for e in mine] == said[n]
        else:  # a silent move (a phase step, a pass) still gets one entry, in words
            assert [e.text for e in mine] == [silent_words(game, n)]
            assert mine[0].text != str(move) or not isinstance(unforced(move), Pass | Next)
    # Every sentence of the narration is in the log, in the same order.
    assert [e.text for e in entries if e.move in said] == [
        text for n in sorted(said) for _, _, text in said[n]
    ]


@pytest.mark.parametrize("stem", ["identity-5", "hegemony"])
def test_log_entries_upto_is_a_prefix(stem: str) -> None:
    game = sample(stem)
    whole = log_entries(game)
    for upto in (0, 1, 9, len(game) // 3, len(game) - 1, len(game)):
        assert log_entries(game, upto) == [e for e in whole if e.move <= upto]


@pytest.mark.parametrize("stem", STEMS)
def test_every_entry_is_under_the_turn_it_was_made_in(stem: str) -> None:
    """Every entry, silent moves too, is under the turn of the state the move was made
    in (a move that ends a turn stays under it; the next heading follows)."""
    game = sample(stem)
    for e in log_entries(game):
        assert e.turn == game.state_at(e.move - 1).turn.number, e


def test_forced_moves_are_flagged() -> None:
    s = played()
    assert s.force(f"draw 2 #{cid('tao')}").ok
    entries = log_entries(s.game)
    flagged = {n for n, _ in s.game.flagged()}
    assert len(flagged) == 2
    assert {e.move for e in entries if e.forced} == flagged
    assert all(e.notation.startswith("!") for e in entries if e.forced)
    for n in flagged:  # the move's own sentence says it was forced
        assert any("forced" in e.text for e in entries if e.move == n)
    assert not any(e.forced for e in entries if e.move not in flagged)


# ---------------------------------------------------------------- HP


@pytest.mark.parametrize("stem", STEMS)
def test_hp_series_deaths_and_scale(stem: str) -> None:
    game = sample(stem)
    series = hp_series(game)
    assert series.moves == len(game)
    final = game.state
    assert sorted(series.hp) == [s.seat for s in final.seats]
    for s in final.seats:
        states = [game.state_at(n) for n in range(1, len(game) + 1)]
        assert series.max_hp[s.seat] == max(st.seat(s.seat).max_hp for st in states)
        died = next(
            (n for n in range(1, len(game) + 1) if not game.state_at(n).seat(s.seat).alive), None
        )
        if died is None:
            assert s.seat not in series.deaths
        else:
            assert series.deaths[s.seat] == died
            assert game.state_at(died - 1).seat(s.seat).alive
    # the first death of each seat (血战到底's generals come back: dead once, not at the end)
    ever = {s.seat for n in range(1, len(game) + 1) for s in game.state_at(n).seats if not s.alive}
    assert set(series.deaths) == ever
    assert series.deaths  # every sample game has a death


@pytest.mark.parametrize("stem", ["identity-5", "2v2"])
def test_hp_series_is_the_hp_after_each_move(stem: str) -> None:
    game = sample(stem)
    series = hp_series(game)
    for seat, values in series.hp.items():
        assert len(values) == len(game) + 1, seat
        for n in range(1, len(game) + 1):
            assert values[n] == game.state_at(n).seat(seat).hp, (seat, n)


def test_hp_series_follows_a_forced_correction() -> None:
    s = played()
    series = hp_series(s.game)
    n = len(s.game)  # the last move took 1 HP from seat 3
    assert series.hp[3][-1] == s.state.seat(3).hp == s.state.seat(3).max_hp - 1
    assert max(series.hp[3]) == s.state.seat(3).max_hp
    assert series.moves == n and not series.deaths


# ---------------------------------------------------------------- resume


def test_resume_gives_the_same_table_and_goes_on(store: Store) -> None:
    s = played(store)
    assert s.game_id is not None
    resumed = TableSession.resume(store, s.game_id)
    assert resumed.game_id == s.game_id
    assert resumed.moves == s.moves
    assert resumed.state == s.state
    assert resumed.prompt.base == s.prompt.base
    assert resumed.prompt.pending is None and resumed.prompt.question is None

    # The next move appends to the stored game.
    assert resumed.prompt.base.expects == "play"
    reply = resumed.next_phase()
    assert reply.ok, reply.message
    assert resumed.moves == (*s.moves, "next")
    again = TableSession.resume(store, s.game_id)
    assert again.moves == resumed.moves and again.state == resumed.state
    assert replay(store.record(s.game_id)).state == resumed.state

    # Undo on the resumed session is stored too.
    assert resumed.undo().ok
    assert TableSession.resume(store, s.game_id).moves == s.moves


def test_the_session_that_did_not_resume_is_refused_and_unchanged(store: Store) -> None:
    s = played(store)
    assert s.game_id is not None
    resumed = TableSession.resume(store, s.game_id)
    assert resumed.next_phase().ok
    # The first session's view of the store is stale: its move is refused, nothing changes.
    moves, state = s.moves, s.state
    reply = s.next_phase()
    assert not reply.ok and reply.move is None
    assert s.moves == moves and s.state == state
    assert TableSession.resume(store, s.game_id).moves == resumed.moves


def test_resume_after_corrections_and_undo(store: Store) -> None:
    s = played(store)
    assert s.game_id is not None
    assert s.undo().ok  # the forced damage is taken back
    drawn = f"draw 1 #{cid('tao')} #{cid('sha')}"
    assert s.correct(len(s.moves), drawn).ok  # the two cards drawn were seen after all
    resumed = TableSession.resume(store, s.game_id)
    assert resumed.moves == s.moves and resumed.moves[-1] == drawn
    assert resumed.state == s.state
    assert set(resumed.state.seat(1).hand) == {cid("tao"), cid("sha")}
    assert resumed.adjust_hp(2, -1).ok
    assert TableSession.resume(store, s.game_id).moves == resumed.moves


def test_resume_of_an_unknown_game_raises(store: Store) -> None:
    with pytest.raises(StoreError):
        TableSession.resume(store, 12345)
