"""The catalogue against the reference deck and generals (tests/data/*_reference.md).

The reference files are verbatim copies of shared/reference/, parsed here
independently of engine/data, so a transcription slip in either shows up.
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from pathlib import Path

import pytest

from engine.cards import Card, Subtype, suit_word
from engine.catalogue import standard_catalogue

DATA = Path(__file__).parent.parent / "data"
SUITS = {"♠": "spade", "♥": "heart", "♣": "club", "♦": "diamond"}
RANKS = {"A": 1, "J": 11, "Q": 12, "K": 13}


def reference_deck() -> list[tuple[str, str, int, str, str]]:
    """(name, suit, rank, type, package) for every card of deck_reference.md."""
    text = (DATA / "deck_reference.md").read_text(encoding="utf-8")
    standard, maneuvering = text.split("## Maneuvering")
    cards = []
    for section, package in ((standard, "standard"), (maneuvering, "maneuvering")):
        for line in section.splitlines():
            if not line.startswith("| ") or line.startswith(("| card", "| ---")):
                continue
            name_cell, type_cell, copies_cell = (c.strip() for c in line.strip("|").split("|"))
            names = re.findall(r"[\u4e00-\u9fff]+", name_cell)
            copies = re.findall(r"([♠♥♣♦])(10|[2-9AJQK])( \(EX\))?", copies_cell)
            if len(names) > 1:  # the horses: one name per copy
                assert len(names) == len(copies)
            for i, (suit, rank, ex) in enumerate(copies):
                name = names[i] if len(names) > 1 else names[0]
                ctype = re.sub(r"\s*\(.*?\)", "", type_cell.split(",")[0]).strip()
                cards.append(
                    (
                        name,
                        SUITS[suit],
                        RANKS.get(rank) or int(rank),
                        ctype,
                        "ex" if ex else package,
                    )
                )
    return cards


BASE_PACKAGES = {"standard", "ex", "maneuvering"}


def base_cards() -> list[Card]:
    """The 160 cards of the base game (the packages after it are checked below)."""
    return [c for c in standard_catalogue().cards if c.package.value in BASE_PACKAGES]


def test_exactly_160_base_cards_with_ids_1_to_160() -> None:
    assert [c.id for c in base_cards()] == list(range(1, 161))
    assert [c.id for c in standard_catalogue().cards][:160] == list(range(1, 161))


def test_every_card_matches_the_reference_deck() -> None:
    reference = reference_deck()
    assert len(reference) == 160
    ours = Counter((c.name, suit_word(c), c.rank) for c in base_cards())
    theirs = Counter((name, suit, rank) for name, suit, rank, _, _ in reference)
    assert ours == theirs


def test_totals_per_name_type_and_package() -> None:
    reference = reference_deck()
    cards = base_cards()
    assert Counter(c.name for c in cards) == Counter(r[0] for r in reference)
    assert Counter(c.package.value for c in cards) == Counter(r[4] for r in reference)
    assert Counter(c.package.value for c in cards) == {"standard": 104, "ex": 4, "maneuvering": 52}
    ref_type = {
        "basic": "basic",
        "trick": "trick",
        "delayed trick": "delayed_trick",
        "weapon": "equipment",
        "armour": "equipment",
        "+1 horse": "equipment",
        "-1 horse": "equipment",
    }
    assert Counter(c.kind.type.value for c in cards) == Counter(ref_type[r[3]] for r in reference)
    # The totals printed under each table of the reference.
    by_package = Counter((c.package.value != "maneuvering", c.kind.type.value) for c in cards)
    assert by_package[True, "basic"] == 53
    assert by_package[True, "trick"] == 31
    assert by_package[True, "delayed_trick"] == 5
    assert by_package[True, "equipment"] == 19
    assert by_package[False, "basic"] == 32
    assert by_package[False, "trick"] == 12
    assert by_package[False, "delayed_trick"] == 2
    assert by_package[False, "equipment"] == 6


def test_per_card_package_matches_reference_order_free() -> None:
    ours = Counter((c.name, suit_word(c), c.rank, c.package.value) for c in base_cards())
    theirs = Counter((n, s, r, p) for n, s, r, _, p in reference_deck())
    assert ours == theirs


def test_weapon_ranges_and_slots() -> None:
    text = (DATA / "deck_reference.md").read_text(encoding="utf-8")
    ranges = {
        name: int(rng)
        for name, rng in re.findall(
            r"\| ([\u4e00-\u9fff]+) [a-z ]+(?:, \d+)? *\| weapon, range (\d)", text
        )
    }
    assert len(ranges) == 11
    kinds = {k.name: k for k in standard_catalogue().kinds.values()}
    for name, rng in ranges.items():
        assert kinds[name].attack_range == rng, name
        assert kinds[name].subtype is Subtype.WEAPON
    assert {k.name for k in kinds.values() if k.subtype and k.subtype.value == "armour"} == {
        "八卦阵",
        "仁王盾",
        "藤甲",
        "白银狮子",
    }
    plus = {k.name for k in kinds.values() if k.subtype and k.subtype.value == "defensive_horse"}
    minus = {k.name for k in kinds.values() if k.subtype and k.subtype.value == "offensive_horse"}
    assert plus == {"的卢", "绝影", "爪黄飞电", "骅骝"}
    assert minus == {"赤兔", "大宛", "紫骍"}


def test_elements_and_distance_limits() -> None:
    kinds = standard_catalogue().kinds
    assert {k for k, v in kinds.items() if v.element} == {"fire_sha", "thunder_sha"}
    assert kinds["fire_sha"].element is not None and kinds["fire_sha"].element.value == "fire"
    assert {k for k, v in kinds.items() if v.distance_limit == 1} == {"snatch", "supply_shortage"}
    assert {k for k, v in kinds.items() if v.recastable} == {"iron_chain"}


# The ids are printed on stickers: these digests of (id, kind, suit, rank), one
# per range of ids, change if anyone reorders, renumbers or edits a card. A new
# package adds its own range and digest; never change an existing row.
FROZEN_IDS_DIGESTS = {
    (1, 160): "bf71d6c02e3f0a775aa2310e370ee553ea614238bcb8e0de9ca02b773e0905de",
    (161, 212): "e95ab75a3533b768cf9e3635e1de04ffd16acd805608ff25aa0c2f9e9b685bd1",
    (213, 213): "e36179ac5b33400adce0b84b0dbfc50f1e722bf432a31228cc5e1a517a003375",
}


def test_sticker_ids_never_change() -> None:
    cards = standard_catalogue().cards
    for (first, last), frozen in FROZEN_IDS_DIGESTS.items():
        rows = "\n".join(
            f"{c.id},{c.key},{suit_word(c)},{c.rank}" for c in cards if first <= c.id <= last
        )
        assert hashlib.sha256(rows.encode()).hexdigest() == frozen, (first, last)
    cat = standard_catalogue()
    # A few landmarks, readable by a person checking a printed sheet.
    assert (cat.card(1).name, cat.card(1).face) == ("杀", "♠7")
    assert (cat.card(42).name, cat.card(42).face) == ("闪", "♦9")
    assert (cat.card(105).name, cat.card(105).face) == ("无懈可击", "♦Q")
    assert (cat.card(160).name, cat.card(160).face) == ("骅骝", "♦K")


def reference_generals() -> dict[str, tuple[str, int, str, bool]]:
    """key -> (kingdom, max_hp, gender, lord) from generals_reference.md."""
    text = (DATA / "generals_reference.md").read_text(encoding="utf-8")
    out = {}
    for line in text.splitlines():
        m = re.match(r"\| [^|]+ (wei|shu|wu|qun) \| (.+) \|$", line)
        if not m:
            continue
        kingdom = m.group(1)
        for entry in m.group(2).split(", "):
            g = re.match(
                r"[\u4e00-\u9fff]+ ([a-z]+) (\d)( \(lord: [\u4e00-\u9fff]+\))?( ♀)?", entry
            )
            assert g, entry
            out[g.group(1)] = (
                kingdom,
                int(g.group(2)),
                "female" if g.group(4) else "male",
                bool(g.group(3)),
            )
    return out


def test_generals_match_the_reference() -> None:
    reference = reference_generals()
    assert len(reference) == 25
    ours = {
        g.key: (g.kingdom.value, g.max_hp, g.gender.value, g.lord)
        for g in standard_catalogue().generals
        if g.package == "standard"
    }
    assert ours == reference


def test_lords_have_their_lord_skills() -> None:
    cat = standard_catalogue()
    lord_skills = {g.name: [s.name for s in g.skills if s.lord] for g in cat.generals if g.lord}
    assert lord_skills == {
        "曹操": ["护驾"],
        "刘备": ["激将"],
        "孙权": ["救援"],
        "张角": ["黄天"],  # 风
        "袁绍": ["血裔"],  # 火
        "曹丕": ["颂威"],  # 林
        "董卓": ["暴虐"],
        "刘禅": ["若愚"],  # 山
        "孙策": ["制霸"],
    }


@pytest.mark.parametrize(
    ("general", "skill", "phrase"),
    [
        ("machao", "马术", "distance to others -1"),
        ("zhangfei", "咆哮", "no limit on Sha per play phase"),
        ("zhouyu", "英姿", "draw phase +1 card (optional)"),
        ("xuchu", "裸衣", "draw phase -1 card (optional)"),
        ("zhangliao", "突袭", "may replace the draw phase's draw"),
        ("lvmeng", "克己", "may skip the discard phase (no sha this turn)"),
        (
            "zhugeliang",
            "空城",
            "cannot be targeted by duel, fire_sha, sha, thunder_sha while no hand cards",
        ),
        ("huangyueying", "奇才", "tricks have no distance limit"),
        ("luxun", "谦逊", "cannot be targeted by indulgence, snatch"),
        ("daqiao", "流离", "may redirect a Sha to another player in attack range"),
        ("huangyueying", "集智", "draws 1 on trick used"),
        ("diaochan", "闭月", "draws 1 on end phase"),
        ("sunshangxiang", "枭姬", "draws 2 on equipment lost"),
    ],
)
def test_tracked_skill_effects(general: str, skill: str, phrase: str) -> None:
    from engine.effects import describe_effect

    g = standard_catalogue().general(general)
    (s,) = [s for s in g.skills if s.name == skill]
    assert phrase in [str(describe_effect(e)) for e in s.effects]


def new1v1_reference() -> list[tuple[str, str, int, str]]:
    """(name, suit, rank, type) for every card of new1v1_deck_reference.md."""
    text = (DATA / "new1v1_deck_reference.md").read_text(encoding="utf-8")
    cards = []
    for line in text.splitlines():
        if not line.startswith("| ") or line.startswith(("| card", "| ---")):
            continue
        name_cell, type_cell, copies_cell = (c.strip() for c in line.strip("|").split("|"))
        name = re.findall(r"[\u4e00-\u9fff]+", name_cell)[0]
        count = int(name_cell.split(",")[1])
        copies = re.findall(r"([♠♥♣♦])(10|[2-9AJQK])", copies_cell)
        assert len(copies) == count, name
        for suit, rank in copies:
            cards.append((name, SUITS[suit], RANKS.get(rank) or int(rank), type_cell))
    return cards


def test_the_new_1v1_deck_matches_its_reference() -> None:
    """Ids 161-212: the 52 cards of the new 1v1 deck (rules 001, 新1V1模式), package new1v1."""
    cards = [c for c in standard_catalogue().cards if 161 <= c.id <= 212]
    assert {c.package.value for c in cards} == {"new1v1"}
    reference = new1v1_reference()
    assert len(reference) == len(cards) == 52
    assert Counter((c.name, suit_word(c), c.rank) for c in cards) == Counter(
        (n, s, r) for n, s, r, _ in reference
    )
    types = {"weapon": "equipment", "armour": "equipment", "delayed trick": "delayed_trick"}
    assert Counter(c.kind.type.value for c in cards) == Counter(
        types.get(t, t) for _, _, _, t in reference
    )
    assert not [
        c for c in cards if c.kind.subtype in (Subtype.DEFENSIVE_HORSE, Subtype.OFFENSIVE_HORSE)
    ]
