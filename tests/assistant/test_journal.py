"""The journal of inputs: every sighting and tap a session performs, stored beside the moves.

Each test runs twice, on a SQLite file and on the throwaway PostgreSQL server
(the ``store`` and ``open_store`` fixtures of conftest.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event

from assistant.cli.inputs import format_inputs
from assistant.cli.play import play_script
from assistant.session import Command, TableSession, parse_script, perform, prompt_buttons
from assistant.store import ConflictError, Store, StoreError

OpenStore = Callable[[], Store]
SAMPLE = Path(__file__).resolve().parents[2] / "samples" / "table-script.txt"


def played(store: Store, text: str) -> TableSession:
    session = TableSession(store)
    for command in parse_script(text):
        perform(session, command)
    return session


def test_every_input_from_the_setup_on_is_journaled_with_its_time(store: Store) -> None:
    script = "0.5 next\n1 setup identity 5\n2 role 1 lord\n3 pass 4\n3 general 1 liubei\n"
    session = played(store, script)
    assert session.game_id is not None
    inputs = store.inputs(session.game_id)
    # The `next` came before any game: nothing to journal it in.
    assert [(i.seq, i.t, i.text, i.refused) for i in inputs] == [
        (1, 1.0, "setup identity 5", False),
        (2, 2.0, "role 1 lord", False),
        (3, 3.0, "pass 4", True),
        (4, 3.0, "general 1 liubei", False),
    ]
    assert inputs[2].reply == "nothing to pass on: nobody is being asked"
    assert inputs[3].reply == "seat 1 takes 刘备"
    assert all(i.created_at.endswith("+00:00") for i in inputs)
    assert store.next_input(session.game_id) == (5, 3.0)


def test_a_malformed_input_is_journaled_refused(store: Store) -> None:
    session = played(store, "setup identity 5\n")
    assert session.game_id is not None
    reply = perform(session, Command("draw", ("one",), 2.0))
    assert reply.refused
    last = store.inputs(session.game_id)[-1]
    assert (last.text, last.refused) == ("draw one", True)
    assert last.reply.startswith("draw: SEAT should be a number")


def test_a_second_session_continues_the_journal(open_store: OpenStore) -> None:
    store = open_store()
    first = played(store, SAMPLE.read_text(encoding="utf-8"))
    assert first.game_id is not None
    count = len(store.inputs(first.game_id))
    second = TableSession.resume(open_store(), first.game_id)
    assert second.t == 64.0  # the clock runs on from the last input
    perform(second, Command("resume", (), 70.0))
    perform(second, Command("ok", (), 71.0))  # seat 5 must discard: nothing to confirm
    inputs = store.inputs(first.game_id)
    assert [i.seq for i in inputs] == list(range(1, count + 3))
    assert [(i.text, i.t, i.refused) for i in inputs[-2:]] == [
        ("resume", 70.0, False),
        ("ok", 71.0, True),
    ]


def test_the_journal_is_append_only(store: Store) -> None:
    session = played(store, "setup identity 5\n")
    game_id = session.game_id
    assert game_id is not None
    with pytest.raises(ConflictError, match="already has input 1"):
        store.append_input(game_id, 1, 0.0, "deal")
    with pytest.raises(StoreError, match="no game 99"):
        store.append_input(99, 1, 0.0, "deal")
    with pytest.raises(StoreError, match="no game 99"):
        store.inputs(99)

    statements: list[str] = []

    def seen(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        statements.append(" ".join(statement.split()))

    event.listen(store.db.engine, "before_cursor_execute", seen)
    for command in parse_script("role 1 lord\nundo\ngeneral 9 liubei\n"):
        perform(session, command)
    store.inputs(game_id)
    event.remove(store.db.engine, "before_cursor_execute", seen)
    touching = [s for s in statements if re.search(r"\binputs\b", s, re.IGNORECASE)]
    assert len(touching) >= 4
    for statement in touching:
        assert statement.split()[0].upper() in ("INSERT", "SELECT"), statement


def test_buttons_journal_the_command_they_stand_for(store: Store) -> None:
    session = played(store, "\n".join(SAMPLE.read_text(encoding="utf-8").splitlines()[:13]))
    assert session.prompt.base.expects == "draw"
    [draw] = prompt_buttons(session)
    assert draw.press is not None and draw.press().move == "draw 1 x2"
    end_play = prompt_buttons(session)[-1]  # after the seat's play-phase skills
    assert end_play.label == "End the play phase"  # 结束出牌
    assert end_play.press is not None and end_play.press().move == "next"
    assert session.game_id is not None
    assert [i.text for i in store.inputs(session.game_id)[-2:]] == ["draw 1 2", "next"]


def test_the_journal_plays_back_to_the_same_game(store: Store) -> None:
    text = SAMPLE.read_text(encoding="utf-8") + "70 pass 3\n71 draw 9 1\n72 undo\n"
    session = played(store, text)
    assert session.game_id is not None
    inputs = store.inputs(session.game_id)
    script = format_inputs(session.game_id, inputs)
    assert "\n72.00 undo\n" in script
    assert "\n70.00 pass 3  # refused: " in script
    assert "\n71.00 draw 9 1  # refused: there is no seat 9 (seats 1-5)\n" in script
    with Store.open("sqlite://") as scratch:
        again = play_script(parse_script(script), scratch)
        assert again.session.moves == session.moves
        assert again.session.state == session.state
        assert [p.input for p in again.played] == [i.text for i in inputs]
        assert [p.outcome == "refused" for p in again.played] == [i.refused for i in inputs]
