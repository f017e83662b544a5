"""Corrections that keep the game, on the 8-player sample stored and played through a session.

Each test runs on a SQLite file and on the throwaway PostgreSQL server (the
``store`` fixture of conftest.py). The sample (samples/identity-8.sgs, 314
moves) is imported, then corrected the way the table does it: the table
script's ``replace``, ``insert``, ``delete``, ``redo`` and ``dismiss``
through `perform`, as the app and ``sgs-table play`` do.

Move 19 of the sample is 孙权's 过河拆桥 on seat 2, move 20 the table's silence
(nobody nullified it), move 21 seat 2's discard it caused; move 23 孙权 equips
青釭剑 (#90); move 26 starts seat 6's play phase.
"""

from __future__ import annotations

import re
import shutil
import sqlite3
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event, text

from assistant.cli.entry import main
from assistant.session import (
    Command,
    CorrectionRefused,
    Reply,
    TableSession,
    parse_script,
    perform,
)
from assistant.store import ConflictError, Store
from engine.corrections import Edit
from engine.game import Game
from engine.moves import Move, Pass
from engine.record import parse_record
from tests.assistant.test_corrections_cli import PREVIEW
from tests.assistant.test_read_only_store import READ_ONLY_FILE, READ_ONLY_FOLDER
from tests.assistant.test_read_only_store import _as_a_reader as as_a_reader

SAMPLE = Path(__file__).resolve().parents[2] / "samples" / "identity-8.sgs"
RECORD = parse_record(SAMPLE.read_text(encoding="utf-8"))
MOVES = RECORD.moves
OpenStore = Callable[[], Store]


def stored(store: Store) -> tuple[int, TableSession]:
    """The sample imported, and a session on it (as the app's 继续 opens it)."""
    game_id = store.import_record(RECORD)
    session = TableSession.resume(store, game_id)
    perform(session, Command("resume"))
    return game_id, session


def do(session: TableSession, line: str) -> Reply:
    """Perform one table script line (journaled, as the app and `sgs-table play` do)."""
    (command,) = parse_script(line)
    return perform(session, command)


def ok(reply: Reply) -> Reply:
    assert reply.ok, reply.message
    return reply


def counts(store: Store) -> dict[str, int]:
    """Rows in the tables a correction writes (or must not)."""
    with store.db.engine.connect() as conn:
        return {
            table: conn.execute(text(f"SELECT count(*) FROM {table}")).scalar_one()
            for table in ("moves", "snapshots", "settled", "seats", "games")
        }


def texts(moves: tuple[Move, ...]) -> list[str]:
    return [str(m) for m in moves]


# ---------------------------------------------------------------- the acceptance


def test_replacing_move_20_keeps_every_later_move_that_still_fits(store: Store) -> None:
    game_id, s = stored(store)
    rows = len(store.rows(game_id))
    reply = ok(do(s, "replace 20 respond 2 #76"))  # seat 2's 无懈可击 against the 过河拆桥
    assert reply.message == (
        "move 20: pass → respond 2 #76; 293 of 294 later moves kept, 1 set aside"
    )
    # Only the discard the 过河拆桥 caused no longer fits; the table's silence on
    # seat 2's 无懈可击 is added, and every other later move is the same, in order.
    assert [(m.number, str(m.move)) for m in s.set_aside] == [(21, "discard 2 x1")]
    assert s.game.moves == (*MOVES[:19], Move.parse("respond 2 #76"), Pass(None), *MOVES[21:])
    assert len(s.game.moves) == len(MOVES) and s.state.winner == Game(MOVES).state.winner
    # One transaction of rows: the superseding row, the 293 kept and the silence.
    assert len(store.rows(game_id)) == rows + 1 + 293 + 1
    first, *written = store.rows(game_id)[rows:]
    assert (first.text, first.supersedes) == ("respond 2 #76", 20)
    assert all(row.supersedes is None for row in written)
    # The store keeps both versions: the sample as imported, and the corrected game.
    versions = store.versions(game_id)
    assert [(v.number, v.kind, v.move, v.kept, v.silences) for v in versions] == [
        (0, "start", 0, 0, 0),
        (1, "replace", 20, 293, 1),
    ]
    assert (versions[1].seq, versions[1].ends_at, versions[1].was) == (rows + 1, rows + 295, "pass")
    assert store.record(game_id, version=0) == RECORD
    assert store.load_game(game_id, version=0).state == Game(MOVES).state
    assert store.record(game_id, version=1).moves == s.game.moves == store.record(game_id).moves
    assert store.verify(game_id) == []


def test_deleting_move_23_and_inserting_it_back(store: Store) -> None:
    game_id, s = stored(store)
    reply = ok(do(s, "delete 23"))
    assert reply.message == "move 23 deleted: use 5 #90; 291 of 291 later moves kept"
    assert s.state.seat(5).weapon is None or s.game.moves != MOVES
    assert s.game.moves == (*MOVES[:22], *MOVES[23:]) and s.set_aside == ()
    reply = ok(do(s, "insert 23 use 5 #90"))
    assert reply.message == (
        "use 5 #90 inserted as move 23, before next; 291 of 291 later moves kept"
    )
    assert s.game.moves == MOVES and s.state == Game(MOVES).state
    versions = store.versions(game_id)
    assert [(v.kind, v.move, v.before, v.kept, v.moves) for v in versions] == [
        ("start", 0, 0, 0, 314),
        ("delete", 23, 314, 291, 313),
        ("insert", 23, 313, 291, 314),
    ]
    assert store.record(game_id, version=0) == RECORD == store.record(game_id, version=2)
    assert store.record(game_id, version=1).moves == (*MOVES[:22], *MOVES[23:])


def test_inserting_a_missed_move(store: Store) -> None:
    # Seat 6 equipped a 诸葛连弩 (#88) the camera missed, first thing in its play phase:
    # it was one of seat 6's unseen hand cards, so the cards seat 6 plays later from
    # its hand no longer all fit.
    game_id, s = stored(store)
    reply = ok(do(s, "insert 26 use 6 #88"))
    assert reply.message == (
        "use 6 #88 inserted as move 26, before use 6 #4 -> 7; "
        "285 of 289 later moves kept, 4 set aside"
    )
    assert [(m.number, str(m.move)) for m in s.set_aside] == [
        (58, "use 6 #61 -> 7"),
        (59, "pass"),
        (60, "take 6 <- 7 x1"),
        (61, "use 6 #94"),
    ]
    assert "no unseen cards there" in str(s.set_aside[0].reason)
    assert s.game.moves[25] == Move.parse("use 6 #88") and len(s.game.moves) == 311
    assert store.record(game_id, version=0) == RECORD


def test_a_move_set_aside_is_put_back_by_inserting_it(store: Store) -> None:
    # Moves 131-134: seat 6's 杀 on seat 7, then seat 7, seat 6 and seat 7 pass in turn.
    # The first of them forgotten, seat 6's pass no longer fits (seat 7 is asked):
    game_id, s = stored(store)
    assert texts(MOVES[130:134]) == ["use 6 #27 -> 7", "pass 7", "pass 6", "pass 7"]
    assert ok(do(s, "delete 132")).message == (
        "move 132 deleted: pass 7; 181 of 182 later moves kept, 1 set aside"
    )
    assert [(m.number, str(m.move)) for m in s.set_aside] == [(133, "pass 6")]
    assert "seat 7 is asked, not seat 6" in str(s.set_aside[0].reason)
    before = counts(store)
    # The table puts it back after seat 7's pass, where it fits now.
    assert ok(do(s, "insert 133 pass 6")).message == (
        "pass 6 inserted as move 133, before pass; 180 of 180 later moves kept"
    )
    assert s.set_aside == () and counts(store)["settled"] == before["settled"] + 1
    assert s.game.moves == (*MOVES[:131], *MOVES[133:134], *MOVES[132:133], *MOVES[134:])
    # A session opened afterwards reads the same list: nothing left to fix.
    assert TableSession.resume(store, game_id).set_aside == ()


def test_a_forced_move_puts_back_the_move_it_forces() -> None:
    s = TableSession()
    s.game = Game(MOVES)
    ok(s.delete(132))
    plan = s.plan_correction("insert", 133, "!pass 6")
    assert plan.puts_back is not None and plan.puts_back.number == 133
    assert "puts back the move set aside: pass 6" in plan.lines()
    ok(s.apply_correction(plan))
    assert s.set_aside == () and str(s.game.moves[132]) == "!pass 6"


def test_an_insertion_that_takes_a_moves_place_is_a_replacement(store: Store) -> None:
    # 过河拆桥 on seat 2 discarded an unseen card: "discard 2 x1" inserted as move 21
    # pushes down the recorded one, which no longer fits: it is replaced.
    game_id, s = stored(store)
    ok(do(s, "replace 21 discard 2 #99"))  # first, a wrong card recorded for it
    assert ok(do(s, "insert 21 discard 2 x1")).message.startswith(
        "move 21: discard 2 #99 → discard 2 x1;"
    )
    assert s.game.moves == MOVES and s.set_aside == ()
    assert [v.kind for v in store.versions(game_id)] == ["start", "replace", "replace"]
    assert TableSession.resume(store, game_id).set_aside == ()


# ---------------------------------------------------------------- the preview


def test_the_plan_shows_what_changes_and_changes_nothing(store: Store) -> None:
    game_id, s = stored(store)
    short = TableSession.continue_from(store, game_id, 60)  # turn 2, seat 6's play phase
    before = counts(store)
    plan = short.plan_correction("delete", 23)
    assert counts(store) == before and len(short.game.moves) == 60
    assert plan.lines() == [
        "move 23 deleted: use 5 #90",
        "37 of 37 later moves kept",
        "at the end of the game:",
        "  seat 5: 0 → 1 cards in hand",
        "  seat 5: weapon #90 青釭剑♠6 → none",
    ]
    hurt = short.plan_correction("insert", 50, "!damage 3 1")
    assert hurt.lines()[-2:] == ["at the end of the game:", "  seat 3: HP 3 → 2"]
    assert hurt.as_json()["changes"] == [{"what": "hp", "seat": 3, "before": 3, "after": 2}]
    replaced = s.plan_correction("replace", 20, "respond 2 #76")
    assert replaced.lines() == PREVIEW  # the 8-player sample's move 20 replaced
    data = replaced.as_json()
    assert (data["kept"], data["later"], data["silences"]) == (293, 294, [21])
    assert data["set_aside"] == [
        {
            "number": 21,
            "move": "discard 2 x1",
            "reason": "discarding now needs a skill that does it: record 'skill SEAT KEY' "
            "first, or force it",
        }
    ]
    assert counts(store) == before


def test_a_plan_made_before_the_game_moved_on_is_refused(store: Store) -> None:
    _, s = stored(store)
    plan = s.plan_correction("replace", 20, "respond 2 #76")
    ok(do(s, "undo"))
    reply = s.apply_correction(plan)
    assert reply.refused and "changed since" in reply.message
    assert len(s.game.moves) == len(MOVES) - 1


# ---------------------------------------------------------------- refusals


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("replace 1 setup identity 5", "refused: the setup is not corrected"),
        ("delete 1", "refused: the setup is not corrected"),
        ("replace 315 pass", "refused: move 315 cannot be corrected (moves 2-314)"),
        ("insert 316 pass", "refused: move 316 cannot be corrected (moves 2-315)"),
        ("replace 20 respond 2 #90", "refused: 青釭剑 does not answer"),
        ("replace 20 respond two", "not a move:"),
        ("replace 20 pass", "move 20 is pass already: nothing changes"),
        ("dismiss 1", "no move is set aside"),
        ("redo", "nothing to redo"),
    ],
)
def test_a_refused_correction_changes_nothing(store: Store, line: str, reason: str) -> None:
    game_id, s = stored(store)
    before = counts(store)
    reply = do(s, line)
    assert reply.refused and reply.message.startswith(reason), reply.message
    assert "\n" not in reply.message
    assert counts(store) == before and s.game.moves == MOVES
    assert store.inputs(game_id)[-1].refused  # journaled as refused, like any input
    with pytest.raises(CorrectionRefused):
        s.plan_correction("replace", 20, "pass")


def test_dismissing_a_move_that_is_not_listed_is_refused(store: Store) -> None:
    _game_id, s = stored(store)
    ok(do(s, "replace 20 respond 2 #76"))
    before = counts(store)
    reply = do(s, "dismiss 2")
    assert reply.refused and reply.message == "there is no set-aside move 2 (1-1)"
    assert counts(store) == before and len(s.set_aside) == 1


# ---------------------------------------------------------------- two sessions


def test_a_correction_another_session_stored_first_is_a_conflict(open_store: OpenStore) -> None:
    first = open_store()
    game_id, one = stored(first)
    two = TableSession.resume(open_store(), game_id)
    plan = two.plan_correction("replace", 20, "respond 2 #76")
    ok(do(one, "delete 23"))
    before = counts(first)
    reply = two.apply_correction(plan)
    assert reply.refused and "another session wrote move" in reply.message, reply.message
    assert "reload the game" in reply.message and "\n" not in reply.message
    assert counts(first) == before and two.game.moves == MOVES and two.set_aside == ()
    # Reloaded, the second session has the first one's correction, and can correct on it.
    ok(two.reload())
    assert two.game.moves == one.game.moves
    ok(two.replace(20, "respond 2 #76"))
    assert len(first.versions(game_id)) == 3


def test_the_store_writes_a_correction_whole_or_not_at_all(open_store: OpenStore) -> None:
    first, second = open_store(), open_store()
    game_id = first.import_record(RECORD)
    seq = first.next_seq(game_id)
    second.undo(game_id, second.next_seq(game_id))  # another phone took back the last move
    before = counts(first)
    with pytest.raises(ConflictError):
        first.rewrite(game_id, Edit("replace", 20, Move.parse("respond 2 #76")), seq)
    assert counts(first) == before  # not the first row, not any of the 294 after it
    fixed = first.rewrite(game_id, Edit("replace", 20, Move.parse("respond 2 #76")), seq + 1)
    assert len(fixed.kept) == 292 and len(fixed.moves) == len(MOVES) - 1
    assert first.load_game(game_id).moves == fixed.moves == second.load_game(game_id).moves


def test_a_correction_only_ever_inserts(store: Store) -> None:
    statements: list[str] = []

    def seen(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        statements.append(" ".join(statement.split()))

    game_id, s = stored(store)
    event.listen(store.db.engine, "before_cursor_execute", seen)
    ok(do(s, "replace 20 respond 2 #76"))
    ok(do(s, "dismiss 1"))
    ok(do(s, "delete 23"))
    ok(do(s, "undo"))
    ok(do(s, "redo"))
    store.versions(game_id)
    store.record(game_id, version=1)
    event.remove(store.db.engine, "before_cursor_execute", seen)
    log_tables = re.compile(r"\b(moves|snapshots|settled)\b", re.IGNORECASE)
    touching = [s for s in statements if log_tables.search(s)]
    assert any(s.upper().startswith("INSERT INTO SETTLED") for s in touching)
    for statement in touching:
        assert statement.split()[0].upper() in ("INSERT", "SELECT"), statement


# ---------------------------------------------------------------- redo and the list kept


def test_redo_makes_the_undone_moves_again_until_another_move(store: Store) -> None:
    game_id, _s = stored(store)
    s = TableSession.continue_from(store, game_id, 100)  # the first 100 moves, a new game
    game_id = s.game_id or 0
    for _i in range(3):
        ok(do(s, "undo"))
    assert list(s.redoable) == [MOVES[99], MOVES[98], MOVES[97]]
    assert len(s.game.moves) == 97 and len(store.moves(game_id)) == 97
    assert ok(do(s, "redo")).message == f"redone: {MOVES[97]}"
    assert list(s.redoable) == [MOVES[99], MOVES[98]]
    # Another session reads the same from the store.
    again = TableSession.resume(store, game_id)
    assert again.redoable == s.redoable and again.game.moves == MOVES[:98]
    ok(do(again, "redo"))
    ok(do(again, "redo"))
    assert again.game.moves == MOVES[:100] and not again.redoable
    assert do(again, "redo").message == "nothing to redo"
    # Any other move ends redoing; a correction too.
    ok(do(s, "reload"))
    ok(do(s, "undo"))
    ok(do(s, "undo"))
    ok(do(s, "hp 3 -1"))
    assert not s.redoable and not TableSession.resume(store, game_id).redoable
    ok(do(s, "undo"))
    assert len(s.redoable) == 1
    ok(do(s, "replace 20 respond 2 #76"))
    assert not s.redoable and not TableSession.resume(store, game_id).redoable


def test_the_set_aside_list_survives_resume_and_reload(store: Store) -> None:
    game_id, s = stored(store)
    ok(do(s, "replace 20 respond 2 #76"))
    ok(do(s, "insert 26 use 6 #88"))
    listed = [(m.number, str(m.move)) for m in s.set_aside]
    assert listed == [
        (21, "discard 2 x1"),
        (58, "use 6 #61 -> 7"),
        (59, "pass"),
        (60, "take 6 <- 7 x1"),
        (61, "use 6 #94"),
    ]
    opened = TableSession.resume(store, game_id)
    assert opened.set_aside == s.set_aside
    assert ok(do(opened, "dismiss 2")).message == (
        "dismissed: use 6 #61 -> 7 (set aside from move 58)"
    )
    assert len(opened.set_aside) == 4
    ok(do(s, "reload"))
    assert s.set_aside == opened.set_aside
    assert TableSession.resume(store, game_id).set_aside == opened.set_aside


def test_a_session_without_a_store_keeps_its_lists_itself() -> None:
    s = TableSession()
    s.game = Game(MOVES)  # the sample, as if played
    ok(s.replace(20, "respond 2 #76"))
    assert [(m.number, str(m.move)) for m in s.set_aside] == [(21, "discard 2 x1")]
    ok(s.dismiss(1))
    assert s.set_aside == ()
    ok(s.undo())
    ok(s.delete(len(s.game.moves)))  # the last move deleted: an undo, redo makes it again
    assert len(s.redoable) == 2
    ok(s.redo())
    ok(s.redo())
    assert s.game.moves[-1] == MOVES[-1] and not s.redoable


# ---------------------------------------------------------------- the old correction


def test_the_old_correction_still_drops_the_later_moves(store: Store) -> None:
    game_id, s = stored(store)
    reply = ok(do(s, "correct 20 respond 2 #76"))
    assert reply.message == "move 20 is now respond 2 #76; later moves dropped"
    assert s.game.moves == (*MOVES[:19], Move.parse("respond 2 #76"))
    (_start, correction) = store.versions(game_id)
    assert (correction.kind, correction.dropped, correction.kept) == ("correct", 294, 0)
    assert s.set_aside == () and TableSession.resume(store, game_id).set_aside == ()
    assert store.record(game_id, version=0) == RECORD


@pytest.fixture
def share() -> Iterator[Path]:
    """A folder anyone may enter, to be made read-only (as test_read_only_store's)."""
    path = Path(tempfile.mkdtemp(prefix="sgs-old-store-"))
    path.chmod(0o755)
    yield path
    for p in (path, *path.iterdir()):
        p.chmod(0o755 if p.is_dir() else 0o644)
    shutil.rmtree(path)


def test_an_old_read_only_store_reads_its_corrections_as_versions(share: Path) -> None:
    """A store made before corrections kept the game (its undos and corrections one row
    each, with a snapshot; no settled table), on a read-only share: its versions,
    the game at each, and a session's lists read as they were."""
    db = share / "old.db"
    with Store.open(str(db)) as store:
        game_id = store.import_record(RECORD)
        store.correct(game_id, 30, MOVES[29], store.next_seq(game_id))  # as the old code did
        store.undo(game_id, store.next_seq(game_id))
    connection = sqlite3.connect(db)
    connection.execute("DROP TABLE settled")
    connection.commit()
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.close()
    db.chmod(READ_ONLY_FILE)
    share.chmod(READ_ONLY_FOLDER)

    def check() -> None:
        with Store.open(str(db)) as store:
            assert [(v.kind, v.move, v.dropped, v.moves) for v in store.versions(game_id)] == [
                ("start", 0, 0, 314),
                ("correct", 30, 284, 30),
                ("undo", 30, 0, 29),
            ]
            assert store.record(game_id, version=0) == RECORD
            assert store.set_aside(game_id) == []
            session = TableSession.resume(store, game_id)
            assert session.redoable == (MOVES[29],) and session.set_aside == ()
        assert main(["versions", str(game_id), "--db", str(db)]) == 0

    as_a_reader(check)


def test_record_of_a_version_out_of_range_is_one_line(store: Store) -> None:
    game_id = store.import_record(RECORD)
    with pytest.raises(Exception, match=r"^game \d+ has versions 0-0: there is no version 3$"):
        store.record(game_id, version=3)
