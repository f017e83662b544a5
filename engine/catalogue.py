"""The catalogue: every card and general the engine knows, loaded from the package data.

>>> cat = standard_catalogue()
>>> len(cat.cards), len(cat.generals)
(213, 25)
>>> str(cat.card(42))
'#42 闪♦9'
>>> cat.general("machao").max_hp
4
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache
from importlib import resources

from engine.cards import Card, CardKind, parse_card_kinds, parse_cards
from engine.errors import CatalogueError
from engine.generals import General, Skill, parse_generals, parse_mode_skills
from engine.text import say

CARD_KINDS_FILE = "card_kinds.toml"
CARDS_FILE = "cards.csv"
GENERALS_FILE = "generals.toml"
MODE_SKILLS_FILE = "mode_skills.toml"


@dataclass(frozen=True)
class Catalogue:
    kinds: dict[str, CardKind]
    cards: tuple[Card, ...]
    generals: tuple[General, ...]
    # Skills a mode gives a seat besides its generals' (斗地主's 飞扬 and 跋扈 ...).
    mode_skills: tuple[Skill, ...] = ()

    def card(self, card_id: int) -> Card:
        """The physical card with sticker id ``card_id`` (1-based)."""
        if not 1 <= card_id <= len(self.cards):
            raise KeyError(f"no card with id {card_id} (ids run 1..{len(self.cards)})")
        return self.cards[card_id - 1]

    def general(self, key: str) -> General:
        for general in self.generals:
            if general.key == key:
                return general
        raise KeyError(f"no general {key!r}")

    def general_named(self, name: str) -> General:
        """By key or Chinese name."""
        for general in self.generals:
            if name in (general.key, general.name):
                return general
        raise KeyError(f"no general {name!r}")

    def skills(self) -> dict[str, Skill]:
        """Every skill by key: the generals' and the modes'."""
        found = {s.key: s for g in self.generals for s in g.skills}
        found.update((s.key, s) for s in self.mode_skills)
        return found

    def mode_skill(self, key: str) -> Skill:
        for skill in self.mode_skills:
            if skill.key == key:
                return skill
        raise KeyError(f"no mode skill {key!r}")

    def kind_counts(self) -> Counter[str]:
        return Counter(card.key for card in self.cards)


def load_catalogue(
    card_kinds: str, cards: str, generals: str, mode_skills: str = "", *, origin: str = ""
) -> Catalogue:
    """Build a catalogue from the texts of the data files, checking everything.

    ``origin`` prefixes the file names in error messages (e.g. a folder).
    Raises :class:`CatalogueError` naming the file, the entry and the field.
    """
    kinds = parse_card_kinds(card_kinds, origin + CARD_KINDS_FILE)
    card_list = parse_cards(cards, origin + CARDS_FILE, kinds)
    general_list = parse_generals(generals, origin + GENERALS_FILE, frozenset(kinds))
    unused = sorted(set(kinds) - {c.key for c in card_list})
    if unused:
        raise CatalogueError(
            origin + CARD_KINDS_FILE,
            say("card kind {key}", key=repr(unused[0])),
            None,
            say("no card in {file}", file=CARDS_FILE),
        )
    skills = parse_mode_skills(mode_skills, origin + MODE_SKILLS_FILE, frozenset(kinds))
    general_skills = {s.key for g in general_list for s in g.skills}
    for skill in skills:
        if skill.key in general_skills:
            raise CatalogueError(
                origin + MODE_SKILLS_FILE,
                say("skill {key}", key=repr(skill.key)),
                "key",
                say("a general's skill has this key already"),
            )
    return Catalogue(kinds, card_list, general_list, skills)


def _package_text(name: str) -> str:
    return resources.files("engine").joinpath("data", name).read_text(encoding="utf-8")


@cache
def standard_catalogue() -> Catalogue:
    """The 160 cards and 25 generals shipped with the package (loaded once)."""
    return load_catalogue(
        _package_text(CARD_KINDS_FILE),
        _package_text(CARDS_FILE),
        _package_text(GENERALS_FILE),
        _package_text(MODE_SKILLS_FILE),
        origin="engine/data/",
    )
