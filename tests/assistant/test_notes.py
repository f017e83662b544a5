"""Reviewers' notes on moves (issue 13): stored append-only with the game, kept by
export and import in both forms, shown by ``sgs-table replay``; on SQLite and
PostgreSQL (the ``store`` and ``database_url`` fixtures of conftest.py).

The ``.sgs`` form writes a note as a line ``;; note "text"`` after its move
(docs/record-format.md): a comment to the readers before notes, kept by this one.
"""

from __future__ import annotations

import contextlib
import io
import json
from collections.abc import Callable
from pathlib import Path

import pytest

from assistant.cli import build_parser, run
from assistant.store import Note, Store, StoreError
from engine.record import (
    MAX_NOTE_CHARS,
    MAX_NOTES,
    Record,
    RecordError,
    check_game,
    format_record,
    load_record,
    parse_record,
    record_to_json,
)

SAMPLE_PATH = Path(__file__).resolve().parents[2] / "samples" / "identity-5.sgs"
SAMPLE = parse_record(SAMPLE_PATH.read_text("utf-8"))
# Texts a note must keep whatever the form: the characters that end a line, start a
# comment, end a quoted value, start an escape, steer a terminal or hide text.
HARD_TEXTS = [
    "seat 2 should have played 闪; the lord saw it",
    'a "quoted" word and a lone "',
    "first line\nsecond line\r\nthird\rfourth",
    "a\u2028line separator\u2029and paragraph",
    "controls \x01\x07\x1b[31m red \x7f\x85",
    "a backslash \\ and \\u0041 and \\n written out",
    "format characters \u202e reversed \u200b \U000e0020",
    "  leading and trailing blanks\t ",
    ';; note "a note in a note"',
    "x" * MAX_NOTE_CHARS,
]


def sgs_table(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    return run(build_parser(), list(argv), out), out.getvalue()


def _imported(store: Store) -> int:
    return store.import_record(SAMPLE)


def _game_count(store: Store) -> int:
    return len(store.games())


def test_a_note_on_move_30_survives_export_and_import(store: Store) -> None:
    game_id = _imported(store)
    assert store.add_note(game_id, 30, "seat 2 held a 闪") == 1
    for form in ("sgs", "json"):
        exported = load_record(store.export(game_id, form))
        assert exported.notes == ((30, "seat 2 held a 闪"),), form
        again = store.import_record(exported)
        assert [(n.move, n.text) for n in store.notes(again)] == [(30, "seat 2 held a 闪")]
        assert store.record(again) == store.record(game_id)


def test_the_note_sits_under_its_move_in_the_sgs_form(store: Store) -> None:
    game_id = _imported(store)
    store.add_note(game_id, 30, "two\nlines")
    lines = store.export(game_id).splitlines()
    at = lines.index("") + 30  # the line of move 30
    assert lines[at] == str(SAMPLE.moves[29])
    assert lines[at + 1] == ';; note "two\\nlines"'
    # The readers before notes cut every line at its first ";": a note is a comment to them.
    assert lines[at + 1].split(";", 1)[0].strip() == ""


@pytest.mark.parametrize("text", HARD_TEXTS, ids=range(len(HARD_TEXTS)))
def test_any_text_reads_back_in_both_forms(store: Store, text: str) -> None:
    game_id = _imported(store)
    store.add_note(game_id, 12, text)
    store.add_note(game_id, 12, "a second note on the same move")
    expected = ((12, text), (12, "a second note on the same move"))
    for form in ("sgs", "json"):
        exported = store.export(game_id, form)
        record = load_record(exported)
        assert record.notes == expected, form
        assert [(n.move, n.text) for n in store.notes(store.import_record(record))] == list(
            expected
        )
    assert "\u2028" not in format_record(store.record(game_id)).split("\n", 1)[1]


def test_a_note_on_move_0_is_on_the_game_before_its_first_move(store: Store) -> None:
    game_id = _imported(store)
    store.add_note(game_id, 0, "played at Bob's, house rules")
    text = store.export(game_id)
    before_setup = text.split("\nsetup ", 1)[0]
    assert before_setup.endswith('\n\n;; note "played at Bob\'s, house rules"')
    assert load_record(text).notes == ((0, "played at Bob's, house rules"),)
    assert load_record(store.export(game_id, "json")).notes == (
        (0, "played at Bob's, house rules"),
    )


def test_a_note_on_the_last_move_is_taken_one_beyond_is_refused(store: Store) -> None:
    game_id = _imported(store)
    last = len(SAMPLE.moves)
    store.add_note(game_id, last, "the end")
    for move in (last + 1, -1, 10**12):
        with pytest.raises(StoreError) as refused:
            store.add_note(game_id, move, "nowhere")
        assert f"a note goes on move 0..{last}" in str(refused.value)
        assert "\n" not in str(refused.value)
    assert [(n.move, n.text) for n in store.notes(game_id)] == [(last, "the end")]


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "a note is not empty"),
        ("x" * (MAX_NOTE_CHARS + 1), f"at most {MAX_NOTE_CHARS:,} characters"),
        ("lone \udcff surrogate", "not valid Unicode"),
        ("a \x00 NUL", "no NUL character"),
    ],
    ids=["empty", "long", "surrogate", "nul"],
)
def test_a_note_no_record_could_hold_is_refused(store: Store, text: str, reason: str) -> None:
    game_id = _imported(store)
    with pytest.raises(StoreError, match=reason):
        store.add_note(game_id, 3, text)
    assert store.notes(game_id) == []


def test_an_unknown_game_has_no_notes_to_list_or_add(store: Store) -> None:
    with pytest.raises(StoreError, match="no game 9"):
        store.notes(9)
    with pytest.raises(StoreError, match="no game 9"):
        store.add_note(9, 0, "x")


def test_notes_stay_on_their_position_through_corrections(store: Store) -> None:
    """A note names move N of the moves in effect; an undo below it hides it from the
    record (kept in the store), the game growing again shows it again."""
    game_id = store.create_game(SAMPLE.moves[:6])
    store.add_note(game_id, 6, "on move 6")
    store.add_note(game_id, 2, "on move 2")
    seq = store.next_seq(game_id)
    store.undo(game_id, seq)
    assert store.record(game_id).notes == ((2, "on move 2"),)
    assert [n.move for n in store.notes(game_id)] == [2, 6]
    exported = load_record(store.export(game_id))
    assert exported.notes == ((2, "on move 2"),)
    check_game(exported)
    store.correct(game_id, 2, SAMPLE.moves[1], seq + 1)  # the same move again, as row 8
    store.append(game_id, SAMPLE.moves[2], seq + 2)
    assert store.record(game_id).notes == ((2, "on move 2"),)
    for move in SAMPLE.moves[3:6]:
        store.append(game_id, move, store.next_seq(game_id))
    assert store.record(game_id).notes == ((2, "on move 2"), (6, "on move 6"))


def test_notes_from_two_sessions_are_numbered_in_turn(open_store: Callable[[], Store]) -> None:
    first, second = open_store(), open_store()
    game_id = _imported(first)
    assert first.add_note(game_id, 1, "one") == 1
    assert second.add_note(game_id, 1, "two") == 2
    assert first.add_note(game_id, 1, "three") == 3
    notes = second.notes(game_id)
    assert [n.text for n in notes] == ["one", "two", "three"]
    assert all(isinstance(n, Note) and n.created_at for n in notes)


def test_a_record_without_notes_is_as_before() -> None:
    plain = Record({"Event": "x"}, SAMPLE.moves[:3])
    assert Record({"Event": "x"}, SAMPLE.moves[:3], (1, 2, 3)) == plain
    assert "notes" not in json.loads(record_to_json(plain))
    assert ";;" not in format_record(plain)
    assert Record({"Event": "x"}, SAMPLE.moves[:3], notes=((1, "n"),)) != plain


def test_check_game_refuses_a_note_beyond_the_moves_in_one_line() -> None:
    record = Record({}, SAMPLE.moves[:3], notes=((4, "too far"),))
    with pytest.raises(
        RecordError, match=r"^note 1 is on move 4, outside the game \(moves 0..3\)$"
    ):
        check_game(record)
    with pytest.raises(RecordError, match=r"^note 1: a note is not empty$"):
        check_game(Record({}, SAMPLE.moves[:3], notes=((1, ""),)))


# ---------------------------------------------------------------- broken records


def _json_with_notes(notes: object) -> str:
    data = json.loads(record_to_json(Record(SAMPLE.headers, SAMPLE.moves[:40])))
    data["notes"] = notes
    return json.dumps(data)


BROKEN_JSON = {
    "not a list": ({"move": 1, "text": "x"}, "notes must be a list"),
    "not an object": (["x"], "note 1: notes must be a list"),
    "no text": ([{"move": 1}], "note 1: notes must be a list"),
    "another key": ([{"move": 1, "text": "x", "by": "Al"}], "note 1: notes must be a list"),
    "move a string": ([{"move": "1", "text": "x"}], "note 1: notes must be a list"),
    "move a bool": ([{"move": True, "text": "x"}], "note 1: notes must be a list"),
    "move a float": ([{"move": 1.0, "text": "x"}], "note 1: notes must be a list"),
    "text a number": ([{"move": 1, "text": 5}], "note 1: notes must be a list"),
    "negative move": ([{"move": -1, "text": "x"}], "note 1: move -1 is not a move number"),
    "beyond": ([{"move": 1, "text": "x"}, {"move": 41, "text": "y"}], "note 2 is on move 41"),
    "empty": ([{"move": 1, "text": ""}], "note 1: a note is not empty"),
    "long": ([{"move": 1, "text": "x" * 2001}], "note 1: a note is at most 2,000"),
    "surrogate": ([{"move": 1, "text": "\ud800"}], "note 1: a note is not valid Unicode"),
    "nul": ([{"move": 1, "text": "\x00"}], "note 1: a note holds no NUL character"),
    "too many": ([{"move": 1, "text": "x"}] * (MAX_NOTES + 1), "more than 10,000 notes"),
}


def _refused_by_import(tmp_path: Path, database_url: str, name: str, text: str) -> str:
    """Import a broken file through the command line: one line on stderr, status 1,
    nothing stored; the message."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        status, out = sgs_table("import", str(path), "--db", database_url)
    assert status == 1 and out == ""
    message = err.getvalue()
    assert message.count("\n") == 1, message
    with Store.open(database_url) as store:
        assert _game_count(store) == 0
    return message


@pytest.mark.parametrize("case", BROKEN_JSON, ids=list(BROKEN_JSON))
def test_a_broken_json_note_is_refused_in_one_line(
    tmp_path: Path, database_url: str, case: str
) -> None:
    notes, reason = BROKEN_JSON[case]
    assert reason in _refused_by_import(
        tmp_path, database_url, "game.json", _json_with_notes(notes)
    )


def test_a_huge_json_number_is_refused_in_one_line(tmp_path: Path, database_url: str) -> None:
    text = _json_with_notes([{"move": 1, "text": "x"}]).replace(
        '"move": 1', '"move": ' + "9" * 5000
    )
    assert "a number in JSON is at most 15 digits" in _refused_by_import(
        tmp_path, database_url, "game.json", text
    )


BROKEN_SGS = {
    "unterminated": (';; note "no closing quote', "line 4: a note looks like"),
    "junk after": (';; note "x" y', "line 4: a note looks like"),
    "empty": (';; note ""', "line 4: a note is not empty"),
    "bad escape": (';; note "\\u12"', "line 4: a note escape \\u takes four hex digits"),
    "surrogate": (';; note "\\udc00"', "line 4: a note escape names a lone surrogate"),
    "nul": (';; note "\\u0000"', "line 4: a note holds no NUL character"),
    "long": (';; note "' + "x" * 2001 + '"', "line 4: a note is at most 2,000 characters"),
    "long line": (';; note "' + "\\t" * 12_100 + '"', "line 4: a note line is at most 24,016"),
}


@pytest.mark.parametrize("case", BROKEN_SGS, ids=list(BROKEN_SGS))
def test_a_broken_sgs_note_is_refused_in_one_line(
    tmp_path: Path, database_url: str, case: str
) -> None:
    line, reason = BROKEN_SGS[case]
    text = "setup identity 5\nrole 1 lord\ngeneral 1 caocao\n" + line + "\n"
    assert reason in _refused_by_import(tmp_path, database_url, "game.sgs", text)


def test_a_comment_that_is_not_a_note_stays_a_comment() -> None:
    text = 'setup identity 5\n;; note: no quote\n;; a note "x"\n;note\nrole 1 lord ;; note "x"\n'
    assert parse_record(text).notes == ()
    assert parse_record(text.replace(";; note:", ';;note "kept"\n;;')).notes == ((1, "kept"),)


# ---------------------------------------------------------------- the command line


def test_the_note_command_adds_lists_and_replay_shows(database_url: str) -> None:
    with Store.open(database_url) as store:
        game_id = _imported(store)
    db = ("--db", database_url)
    assert sgs_table("note", str(game_id), "30", "seat 2 held\na 闪", *db) == (
        0,
        f"note 1 added to game {game_id}, on move 30\n",
    )
    assert sgs_table("note", str(game_id), "0", "\x1b[31m house rules", *db)[0] == 0
    status, listing = sgs_table("note", str(game_id), *db)
    assert status == 0
    lines = listing.splitlines()
    assert lines[0].startswith("     0  ") and lines[0].endswith(": \\u001b[31m house rules")
    assert lines[1].startswith("    30  ") and lines[1].endswith(": seat 2 held")
    assert lines[2].strip() == "a 闪" and lines[2].index("a") == lines[1].index("seat")
    assert lines[3] == f"2 notes on game {game_id} ({len(SAMPLE.moves)} moves in effect)"
    status, listed = sgs_table("note", str(game_id), "--json", *db)
    assert [(n["move"], n["text"], n["seq"]) for n in json.loads(listed)] == [
        (0, "\x1b[31m house rules", 2),
        (30, "seat 2 held\na 闪", 1),
    ]
    status, story = sgs_table("replay", str(game_id), *db)
    assert status == 0
    story_lines = story.splitlines()
    at = story_lines.index("    30  note: seat 2 held")
    assert story_lines[at + 1] == "              a 闪"
    assert story_lines[at - 1].startswith("    30  seat")  # after the move's own lines
    assert not story_lines[at + 2].startswith("    30  ")
    assert story_lines[0] == "     0  note: \\u001b[31m house rules"
    status, early = sgs_table("replay", str(game_id), "--at", "29", *db)
    assert "seat 2 held" not in early and "house rules" in early


def test_replay_of_a_record_file_shows_its_notes(tmp_path: Path) -> None:
    path = tmp_path / "noted.sgs"
    path.write_text(format_record(Record({}, SAMPLE.moves[:12], notes=((12, "a dodge"),))))
    status, story = sgs_table("replay", str(path))
    lines = story.splitlines()
    assert status == 0 and lines.index("    12  note: a dodge") > lines.index(
        next(line for line in lines if line.startswith("    12  seat"))
    )


def test_the_note_command_refuses_in_one_line(
    database_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with Store.open(database_url) as store:
        game_id = _imported(store)
    db = ("--db", database_url)
    assert sgs_table("note", str(game_id), "9999", "x", *db)[0] == 1
    assert sgs_table("note", str(game_id + 1), "1", "x", *db)[0] == 1
    assert sgs_table("note", str(game_id), "1", *db)[0] == 2
    err = capsys.readouterr().err.splitlines()
    assert err == [
        f"sgs-table: game {game_id} has {len(SAMPLE.moves)} moves: a note goes on move "
        f"0..{len(SAMPLE.moves)}, not 9999",
        f"sgs-table: no game {game_id + 1} in {_db_name(database_url)}",
        "sgs-table: note: give the note's TEXT after its MOVE",
    ]
    with pytest.raises(SystemExit):
        sgs_table("note", str(game_id), "9" * 5000, "x", *db)
    assert len(capsys.readouterr().err) < 400
    with Store.open(database_url) as store:
        assert store.notes(game_id) == []


def _db_name(url: str) -> str:
    with Store.open(url) as store:
        return store.db.name
