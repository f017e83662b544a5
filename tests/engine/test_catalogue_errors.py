"""A broken catalogue entry fails to load, naming the file, the entry and the field."""

from __future__ import annotations

from importlib import resources

import pytest

from engine.catalogue import load_catalogue
from engine.errors import CatalogueError


def text(name: str) -> str:
    return resources.files("engine").joinpath("data", name).read_text(encoding="utf-8")


KINDS, CARDS, GENERALS = text("card_kinds.toml"), text("cards.csv"), text("generals/standard.toml")


def load(kinds: str = KINDS, cards: str = CARDS, generals: str = GENERALS) -> None:
    load_catalogue(kinds, cards, generals, origin="data/")


def test_the_shipped_files_load() -> None:
    load()


@pytest.mark.parametrize(
    ("old", "new", "entry", "field", "problem"),
    [
        (
            "17,sha,club,9,standard",
            "17,sha,clubs,11,standard",
            "entry 17",
            "suit",
            "unknown value 'clubs'",
        ),
        (
            "17,sha,club,9,standard",
            "17,sha,club,14,standard",
            "entry 17",
            "rank",
            "14 is out of range (1..13)",
        ),
        (
            "17,sha,club,9,standard",
            "17,sha,club,0,standard",
            "entry 17",
            "rank",
            "0 is out of range",
        ),
        (
            "17,sha,club,9,standard",
            "17,sha,club,J,standard",
            "entry 17",
            "rank",
            "expected a whole number",
        ),
        ("17,sha,club,9,standard", "16,sha,club,11,standard", "entry 17", "id", "duplicate id 16"),
        ("17,sha,club,9,standard", "18,sha,club,11,standard", "entry 17", "id", "out of order"),
        ("17,sha,club,9,standard", "17,sha,club,,standard", "entry 17", "rank", "missing"),
        ("17,sha,club,9,standard", "17,sha,club,9", "entry 17", "package", "missing"),
        (
            "17,sha,club,9,standard",
            "17,slash,club,11,standard",
            "entry 17",
            "kind",
            "unknown card kind 'slash'",
        ),
        (
            "17,sha,club,9,standard",
            "17,sha,club,9,base",
            "entry 17",
            "package",
            "unknown value 'base'",
        ),
        ("17,sha,club,9,standard", "17,sha,club,9,standard,x", "entry 17", None, "6 columns"),
    ],
)
def test_broken_card_entry(old: str, new: str, entry: str, field: str | None, problem: str) -> None:
    assert old in CARDS
    with pytest.raises(CatalogueError) as caught:
        load(cards=CARDS.replace(old, new))
    message = str(caught.value)
    assert message.startswith("data/cards.csv: ")
    assert entry in message
    if field is not None:
        assert f"field '{field}'" in message
    assert problem in message
    assert "\n" not in message


@pytest.mark.parametrize(
    ("old", "new", "entry", "field", "problem"),
    [
        (
            '[halberd]\nname = "方天画戟"',
            '[halberd]\nname = "方天画戟"\nrange = 4',
            "'halberd'",
            "range",
            "unknown field",
        ),
        (
            'subtype = "weapon"\nattack_range = 4',
            'subtype = "weapon"',
            "'halberd'",
            "attack_range",
            "needs an attack range",
        ),
        (
            'english = "Duel"\ntype = "trick"',
            'english = "Duel"\ntype = "magic"',
            "'duel'",
            "type",
            "unknown value 'magic'",
        ),
        ('[duel]\nname = "决斗"\n', "[duel]\n", "'duel'", "name", "missing"),
    ],
)
def test_broken_card_kind(old: str, new: str, entry: str, field: str, problem: str) -> None:
    assert old in KINDS
    with pytest.raises(CatalogueError) as caught:
        load(kinds=KINDS.replace(old, new, 1))
    message = str(caught.value)
    assert message.startswith("data/card_kinds.toml: card kind ")
    assert entry in message and f"field '{field}'" in message and problem in message


@pytest.mark.parametrize(
    ("old", "new", "entry", "field", "problem"),
    [
        (
            'key = "simayi"\nname = "司马懿"\nkingdom = "wei"',
            'key = "simayi"\nname = "司马懿"\nkingdom = "jin"',
            "general #2 'simayi'",
            "kingdom",
            "unknown value 'jin'",
        ),
        (
            'key = "simayi"\nname = "司马懿"\nkingdom = "wei"\nmax_hp = 3',
            'key = "simayi"\nname = "司马懿"\nkingdom = "wei"',
            "general #2 'simayi'",
            "max_hp",
            "missing",
        ),
        (
            'key = "simayi"\nname = "司马懿"\nkingdom = "wei"\nmax_hp = 3',
            'key = "simayi"\nname = "司马懿"\nkingdom = "wei"\nmax_hp = 0',
            "general #2 'simayi'",
            "max_hp",
            "out of range",
        ),
        (
            'key = "simayi"',
            'key = "caocao"',
            "general #2 'caocao'",
            "key",
            "duplicate key 'caocao'",
        ),
        ('gender = "female"', 'gender = "f"', "general #7 'zhenji'", "gender", "unknown value 'f'"),
        (
            '{ kind = "distance_from_self", delta = -1 }',
            '{ kind = "distance_from", delta = -1 }',
            "'machao' skill #1 effect #1",
            "kind",
            "unknown effect 'distance_from'",
        ),
        (
            '{ kind = "distance_from_self", delta = -1 }',
            '{ kind = "distance_from_self" }',
            "'machao' skill #1 effect #1",
            "delta",
            "missing",
        ),
        (
            'cards = ["snatch", "indulgence"]',
            'cards = ["snatch", "indulgance"]',
            "'luxun' skill #1 effect #1",
            "cards",
            "unknown card kind 'indulgance'",
        ),
        (
            'timing = "end_phase"',
            'timing = "night"',
            "'diaochan' skill #2",
            "timing",
            "unknown value 'night'",
        ),
        (
            'key = "hujia"\nname = "护驾"\nlord = true',
            'key = "hujia"\nname = "护驾"',
            "general #1 'caocao'",
            "lord",
            "lord skill",
        ),
    ],
)
def test_broken_general(old: str, new: str, entry: str, field: str, problem: str) -> None:
    assert old in GENERALS
    with pytest.raises(CatalogueError) as caught:
        load(generals=GENERALS.replace(old, new, 1))
    message = str(caught.value)
    assert message.startswith("data/generals.toml: ")
    assert entry in message, message
    assert f"field '{field}'" in message, message
    assert problem in message, message


def test_invalid_toml_names_the_file() -> None:
    with pytest.raises(CatalogueError, match=r"^data/generals.toml: file: not valid TOML"):
        load(generals=GENERALS + "\n[[general\n")


def test_wrong_csv_header() -> None:
    with pytest.raises(CatalogueError, match=r"^data/cards.csv: header: expected columns"):
        load(cards=CARDS.replace("id,kind,suit,rank,package", "id,kind,suit,rank"))


def test_card_kind_without_cards_is_reported() -> None:
    extra = (
        '\n[wooden_ox]\nname = "木牛流马"\nenglish = "Wooden Ox"\ntype = "equipment"\n'
        'subtype = "treasure"\ntarget = "self"\npackage = "standard"\n'
    )
    with pytest.raises(CatalogueError, match=r"card kind 'wooden_ox': no card in cards\.csv"):
        load(kinds=KINDS + extra)
