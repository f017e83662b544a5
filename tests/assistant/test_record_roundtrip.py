"""What is exported always reads back: any header values, any comments, both forms,
through a real store on SQLite and on PostgreSQL.

A generated game is a real game's first moves (samples/identity-5.sgs) under
arbitrary headers (any Unicode text: ``;``, quotes, backslashes, controls,
U+2028, U+202E ...) with arbitrary notes on its moves (any text a note may
hold: not empty, no NUL), written as a ``.sgs`` text with arbitrary comments
after its lines. It must read as written, import, export as ``.sgs`` and as JSON,
and each export must read and import again as the same game.
"""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from assistant.store import Store
from engine.record import Record, format_record, load_record, parse_record, record_to_json

SAMPLE = parse_record(
    (Path(__file__).resolve().parents[2] / "samples" / "identity-5.sgs").read_text("utf-8")
)
# The text of a record is the part with endless cases: 2,000 written games through
# the reader and both writers. Storing them adds the database's own handling of the
# same values (two backends, three imports and two exports each): fewer games there.
GAMES = 2000
STORED_GAMES = 150  # per backend
# Header values issue 16 found exported as records that import refused.
# A format character beyond U+FFFF (a tag character): escaped as a surrogate pair.
BEYOND = Record({"A": "\U000e0020 \U0001f600"}, SAMPLE.moves[:1])
FOUND = Record({"Players": "Alice; Bob", "Event": "a\u2028b\x0bc\x0cd\x1ce\x85f"}, SAMPLE.moves[:3])
NOTED = Record(
    {}, SAMPLE.moves[:3], notes=((0, ';; note "x"'), (2, "a\nb\r\\n\u2028\x1b"), (2, " "))
)

header_names = st.from_regex(r"[A-Za-z][A-Za-z0-9_]{0,11}", fullmatch=True).filter(
    lambda name: name != "Format"
)
comments = st.text(st.characters(blacklist_characters="\n\r"), max_size=24)
note_texts = st.text(
    st.characters(codec="utf-8", exclude_characters="\x00"), min_size=1, max_size=40
)


@st.composite
def written_games(draw: st.DrawFn) -> tuple[Record, str]:
    """A game and its ``.sgs`` text with comments after some of its lines."""
    headers = draw(st.dictionaries(header_names, st.text(max_size=40), max_size=5))
    moves = SAMPLE.moves[: draw(st.integers(min_value=1, max_value=24))]
    notes = draw(st.lists(st.tuples(st.integers(0, len(moves)), note_texts), max_size=4))
    record = Record(headers, moves, notes=tuple(sorted(notes, key=lambda note: note[0])))
    lines = format_record(record).splitlines()
    noted = [
        f"{line} ;{note}" if line and (note := draw(st.one_of(st.none(), comments))) else line
        for line in lines
    ]
    return record, "\n".join(noted) + "\n"


def _same(a: Record, b: Record) -> bool:
    return (
        a.headers == b.headers
        and [str(m) for m in a.moves] == [str(m) for m in b.moves]
        and a.notes == b.notes
    )


@settings(max_examples=GAMES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=written_games())
@example(game=(FOUND, format_record(FOUND) + "; a comment \u2028 that goes on\n"))
@example(game=(BEYOND, format_record(BEYOND)))
@example(game=(NOTED, format_record(NOTED).replace("\n;;", "\n  ;;") + "; a last comment\n"))
def test_a_written_game_reads_back_in_both_forms(game: tuple[Record, str]) -> None:
    record, text = game
    read = load_record(text)
    assert _same(read, record)
    assert _same(load_record(format_record(read)), record), "sgs"
    assert _same(load_record(record_to_json(read)), record), "json"


@settings(
    max_examples=STORED_GAMES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(game=written_games())
@example(game=(FOUND, format_record(FOUND) + "; a comment \u2028 that goes on\n"))
@example(game=(BEYOND, format_record(BEYOND)))
@example(game=(NOTED, format_record(NOTED).replace("\n;;", "\n  ;;") + "; a last comment\n"))
def test_export_reads_back_in_both_forms(store: Store, game: tuple[Record, str]) -> None:
    """(The store fixture is made once for the test: every generated game goes in it.)"""
    record, text = game
    read = load_record(text)
    assert _same(read, record)
    first = store.import_record(read)
    for form in ("sgs", "json"):
        exported = load_record(store.export(first, form))
        assert _same(exported, record), form
        again = store.import_record(exported)
        assert _same(store.record(again), record), form
