"""Records: the .sgs text and JSON forms, hostile input, and the documented example."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from engine.record import (
    RecordError,
    format_record,
    load_record,
    parse_record,
    record_from_json,
    record_to_json,
    replay,
)

DOCS = Path(__file__).resolve().parents[2] / "docs" / "record-format.md"


def documented_game() -> str:
    text = DOCS.read_text(encoding="utf-8")
    section = text.split("## A complete short game", 1)[1]
    match = re.search(r"```\n(.*?)```", section, re.S)
    assert match
    return match.group(1)


def test_the_documented_game_replays_to_its_result() -> None:
    record = parse_record(documented_game())
    game = replay(record)
    assert game.state.over and game.state.winner == record.headers["Result"]
    assert [n for n, _ in game.flagged()] == [13, 16]


def test_text_and_json_round_trip() -> None:
    record = parse_record(documented_game())
    again = parse_record(format_record(record))
    assert again == record
    assert record_from_json(record_to_json(record)) == record
    assert load_record(record_to_json(record)) == record
    assert replay(again).state == replay(record).state


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[Format "sgs-table 9"]\n\nsetup identity 5\n', "format 'sgs-table 9' is not supported"),
        ("setup identity 5\nfly 3\n", "line 2: 'fly 3': unknown move 'fly'"),
        ("setup identity 5\nuse 1 #5 -> \n", "line 2: 'use 1 #5 ->': expected more"),
        ('setup identity 5\n[Event "x"]\n', "line 2: a header after the moves began"),
        ("[Event x]\n", 'line 1: a header looks like [Key "value"]'),
        ('[Event "a"]\n[Event "b"]\n', "line 2: header Event given twice"),
        (
            "setup identity 5\ndraw 1 x0\n",
            "line 2: 'draw 1 x0': expected cards (#id) or a count (xN)",
        ),
    ],
)
def test_bad_text_records_say_where_and_why(text: str, message: str) -> None:
    with pytest.raises(RecordError) as refused:
        parse_record(text)
    assert message in str(refused.value)


def test_an_impossible_move_is_refused_with_its_line() -> None:
    record = parse_record("; a comment\nsetup identity 5\n\nrole 1 lord\nrole 2 lord\n")
    with pytest.raises(RecordError, match=r"^line 5: role 2 lord: a 5-player game has only 1 lord"):
        replay(record)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[" * 100000 + "]" * 100000, "nested too deeply"),
        ('{"format": "sgs-table/1", "moves": ' + "[" * 40 + "]" * 40 + "}", "nested too deeply"),
        ('{"format": "other", "moves": []}', "format 'other' is not supported"),
        ('{"format": "sgs-table/1", "moves": [1, 2]}', "moves must be a list of strings"),
        (
            '{"format": "sgs-table/1", "moves": ["setup identity 5", "jump"]}',
            "move 2: 'jump': unknown move",
        ),
        (
            '{"format": "sgs-table/1", "headers": {"a": 1}, "moves": []}',
            "headers must map names to strings",
        ),
        ("[1, 2, 3]", "a JSON record is an object"),
        ('{"format": "sgs-table/1", "moves": [', "not valid JSON"),
        (
            json.dumps({"format": "sgs-table/1", "moves": ["next"] * 10}) + " " * 5_000_000,
            "record too large",
        ),
    ],
)
def test_hostile_json_is_refused(text: str, message: str) -> None:
    with pytest.raises(RecordError) as refused:
        record_from_json(text)
    assert message in str(refused.value)


def test_a_general_may_be_written_by_its_chinese_name() -> None:
    """``general 1 曹操`` reads as ``general 1 caocao``; the record is written back with keys."""
    chinese = parse_record(
        "setup hegemony 4\ngeneral 1 曹操,司马懿 hidden\ngeneral 2 liubei,关羽 hidden\n"
        "reveal 1 曹操\n"
    )
    keys = parse_record(
        "setup hegemony 4\ngeneral 1 caocao,simayi hidden\ngeneral 2 liubei,guanyu hidden\n"
        "reveal 1 caocao\n"
    )
    assert chinese.moves == keys.moves
    assert "曹操" not in format_record(chinese)
    assert "general 1 caocao,simayi hidden" in format_record(chinese)


def test_a_chinese_name_of_no_general_is_refused_where_it_is() -> None:
    with pytest.raises(RecordError) as refused:
        parse_record("setup identity 4\nrole 1 lord\ngeneral 1 曹超\n")
    assert "line 3" in str(refused.value) and "'曹超'" in str(refused.value)
