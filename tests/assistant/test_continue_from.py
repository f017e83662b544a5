"""从这里继续: a new table from the first N moves of a stored game (TableSession.continue_from)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from assistant.session import TableSession
from assistant.store import Store, StoreError
from engine.record import parse_record

SAMPLE = Path(__file__).parent.parent.parent / "samples" / "identity-5.sgs"
LAST = int(parse_record(SAMPLE.read_text(encoding="utf-8")).headers["Moves"])


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with Store.open(f"sqlite:///{tmp_path / 'games.db'}") as opened:
        yield opened


def stored_sample(store: Store) -> int:
    return store.import_record(parse_record(SAMPLE.read_text(encoding="utf-8")))


def texts(store: Store, game_id: int) -> list[str]:
    return [str(move) for move in store.record(game_id).moves]


def test_the_new_game_is_the_prefix_with_its_origin(store: Store) -> None:
    original = stored_sample(store)
    before = texts(store, original)
    session = TableSession.continue_from(store, original, 140)
    assert session.game_id is not None and session.game_id != original
    assert list(session.moves) == before[:140]
    assert texts(store, session.game_id) == before[:140]
    assert store.record(session.game_id).headers["Origin"] == f"game {original}, move 140"
    assert session.state == store.load_game(original).state_at(140)
    # The original is as it was, and the new game is listed as being played.
    assert texts(store, original) == before
    summary = {game.id: game for game in store.games()}
    assert summary[session.game_id].status == "playing"
    assert summary[session.game_id].moves == 140


def test_the_new_table_plays_on(store: Store) -> None:
    original = stored_sample(store)
    session = TableSession.continue_from(store, original, 9)  # turn 1: seat 1 to draw
    reply = session.draw(1, 2)
    assert reply.ok, reply.message
    assert session.game_id is not None
    assert len(store.record(session.game_id).moves) == 10
    assert len(store.record(original).moves) == int(
        parse_record(SAMPLE.read_text()).headers["Moves"]
    )


@pytest.mark.parametrize("moves", [0, LAST + 1, 10_000])
def test_a_position_outside_the_game_is_refused(store: Store, moves: int) -> None:
    original = stored_sample(store)
    with pytest.raises(StoreError) as refused:
        TableSession.continue_from(store, original, moves)
    message = str(refused.value)
    assert "\n" not in message and "cannot continue" in message, message
    assert [game.id for game in store.games()] == [original]


def test_a_missing_game_is_refused(store: Store) -> None:
    with pytest.raises(StoreError, match="no game 7"):
        TableSession.continue_from(store, 7, 1)
