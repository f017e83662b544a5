"""A resumed session's undo takes back one move, in the session and in the store alike."""

from __future__ import annotations

from pathlib import Path

from assistant.session import TableSession
from assistant.store import Store
from engine.record import parse_record

SAMPLE = Path(__file__).resolve().parents[2] / "samples" / "identity-8.sgs"


def test_undo_after_resume_takes_back_one_move_in_the_session_and_the_store(
    store: Store,
) -> None:
    """The session's game is its own: the store's undo does not take a second move from it
    (it did, when the session replayed nothing and shared the store's game)."""
    record = parse_record(SAMPLE.read_text(encoding="utf-8"))
    game_id = store.import_record(record)
    s = TableSession.resume(store, game_id)
    assert s.undo().message == f"undone: {record.moves[-1]}"
    assert s.game.moves == record.moves[:-1] == store.record(game_id).moves
    assert s.undo().ok
    assert s.game.moves == record.moves[:-2] == store.record(game_id).moves
