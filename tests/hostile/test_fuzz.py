"""Random bytes and random Unicode at every reader of outside input.

The record reader (bytes, text, JSON, a real record with junk spliced in),
the sticker payload parser and the table session (sightings and script
lines) may refuse anything, but only with the project's own one-line
refusals: no other exception, and a refused input stores nothing.
"""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from assistant.session import ScriptError, Sighting, TableSession, parse_script, perform
from assistant.store import Store
from engine.record import RecordError, check_game, decode_record, load_record, record_from_json
from vision.payload import PayloadError, parse

SAMPLE = (Path(__file__).resolve().parents[2] / "samples" / "identity-5.sgs").read_text("utf-8")
# Any code point, lone surrogates included (JSON escapes can make them).
any_text = st.text(st.characters(exclude_categories=()), max_size=200)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | any_text,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(any_text, inner, max_size=4),
    max_leaves=20,
)
FUZZ = settings(max_examples=300, deadline=None)


def _read(text: str) -> None:
    try:
        check_game(load_record(text))
    except RecordError as exc:
        assert "\n" not in str(exc)


@FUZZ
@given(st.binary(max_size=400))
def test_random_bytes(data: bytes) -> None:
    try:
        check_game(decode_record(data))
    except RecordError as exc:
        assert "\n" not in str(exc)


@FUZZ
@given(any_text)
def test_random_text(text: str) -> None:
    _read(text)


@FUZZ
@given(st.integers(min_value=0, max_value=len(SAMPLE)), any_text)
def test_junk_spliced_into_a_real_record(at: int, junk: str) -> None:
    _read(SAMPLE[:at] + junk + SAMPLE[at:])


@FUZZ
@given(json_values)
def test_random_json(value: object) -> None:
    try:
        check_game(record_from_json(json.dumps(value)))
    except RecordError as exc:
        assert "\n" not in str(exc)


@FUZZ
@given(
    st.dictionaries(any_text, any_text, max_size=4),
    st.lists(any_text, max_size=4),
)
def test_random_json_records(headers: dict[str, str], moves: list[str]) -> None:
    text = json.dumps({"format": "sgs-table/1", "headers": headers, "moves": moves})
    try:
        check_game(record_from_json(text))
    except RecordError as exc:
        assert "\n" not in str(exc)


@FUZZ
@given(any_text)
def test_random_payloads(payload: str) -> None:
    try:
        parse(payload)
    except PayloadError as exc:
        assert "\n" not in str(exc)


SEATED = [
    "setup identity 5",
    "role 1 lord",
    *(
        f"general {n} {g}"
        for n, g in enumerate(["caocao", "liubei", "sunquan", "lvbu", "huatuo"], 1)
    ),
    "deal",
    "next",
]
lines = st.one_of(
    any_text,
    st.sampled_from(["see", "pass", "target", "skill", "draw", "discard", "pick", "role"]).flatmap(
        lambda verb: st.lists(any_text | st.integers().map(str), max_size=3).map(
            lambda words: " ".join([verb, *words])
        )
    ),
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(st.tuples(any_text, st.one_of(st.none(), any_text), any_text), max_size=6),
    st.lists(lines, max_size=6),
)
def test_a_session_takes_random_sightings_and_lines(
    sightings: list[tuple[str, str | None, str]], texts: list[str]
) -> None:
    with Store.open("sqlite://") as store:
        session = TableSession(store)
        for line in SEATED:
            perform(session, parse_script(line)[0])
        assert session.game_id is not None
        for payload, region, kind in sightings:
            before = len(store.moves(session.game_id))
            reply = session.sight(Sighting(payload, region, 1000.0, kind))
            if not reply.ok:
                assert len(store.moves(session.game_id)) == before
                assert "\n" not in reply.message
        for text in texts:
            try:
                commands = parse_script(text)
            except ScriptError as exc:
                assert "\n" not in str(exc)
                continue
            for command in commands:
                before = len(store.moves(session.game_id))
                reply = perform(session, command)
                if not reply.ok:
                    assert len(store.moves(session.game_id)) == before
        assert [m.text for m in store.moves(session.game_id)] == list(session.moves)


def test_force_and_correct_refuse_a_number_of_thousands_of_digits() -> None:
    """The app's last resorts read a typed move: a huge number is one line, not a crash."""
    with Store.open("sqlite://") as store:
        session = TableSession(store)
        for line in SEATED:
            perform(session, parse_script(line)[0])
        moves = session.moves
        huge = "9" * 5000
        for reply in (
            session.force(f"damage 1 {huge}"),
            session.correct(3, f"setup identity {huge}"),
            session.enter(f"heal 1 {huge}"),
        ):
            assert not reply.ok and "\n" not in reply.message and len(reply.message) < 300
        assert session.moves == moves


SCRIPTS = sorted((Path(__file__).resolve().parents[2] / "samples").glob("skills-*.txt"))


@st.composite
def mangled_scripts(draw: st.DrawFn) -> list[str]:
    """A real table script with a few lines dropped, repeated, swapped or retyped:
    what a careless table (or a camera that missed a card) makes of a game."""
    lines = draw(st.sampled_from(SCRIPTS)).read_text(encoding="utf-8").splitlines()
    for _ in range(draw(st.integers(min_value=1, max_value=6))):
        at = draw(st.integers(min_value=0, max_value=len(lines) - 1))
        change = draw(st.sampled_from(["drop", "repeat", "swap", "retype"]))
        if change == "drop":
            del lines[at]
        elif change == "repeat":
            lines.insert(at, lines[at])
        elif change == "swap" and at + 1 < len(lines):
            lines[at], lines[at + 1] = lines[at + 1], lines[at]
        elif change == "retype":
            lines[at] = draw(lines_typed)
    return lines


lines_typed = st.sampled_from(
    ["pass", "pass 3", "next", "undo", "ok", "no", "cancel", "unseen", "target 2", "draw 1 2"]
) | st.from_regex(
    r"(see #[0-9]{1,3}( seat[1-5])?|skill [1-5] [a-z_]{3,10}|pick #[0-9]{1,3})", fullmatch=True
)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mangled_scripts())
def test_a_mangled_game_is_refused_line_by_line_never_broken(lines: list[str]) -> None:
    try:
        commands = parse_script("\n".join(lines) + "\n")
    except ScriptError:
        return
    with Store.open("sqlite://") as store:
        session = TableSession(store)
        for command in commands:
            perform(session, command)  # refused or not: never an exception
            assert "\n" not in session.prompt.base.text
        if session.game_id is not None:
            assert [m.text for m in store.moves(session.game_id)] == list(session.moves)
