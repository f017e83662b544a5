"""The catalogue: every card and general the engine knows, loaded from the package data.

>>> cat = standard_catalogue()
>>> len(cat.cards), len(cat.generals)
(213, 65)
>>> cat.general("shenzhugeliang").package, cat.general("shenzhugeliang").number
('fire', 45)
>>> str(cat.card(42))
'#42 闪♦9'
>>> cat.general("machao").max_hp
4
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources

from engine.cards import Card, CardKind, parse_card_kinds, parse_cards
from engine.errors import CatalogueError
from engine.generals import General, Skill, parse_generals, parse_mode_skills
from engine.text import say

CARD_KINDS_FILE = "card_kinds.toml"
CARDS_FILE = "cards.csv"
GENERALS_FILE = "generals.toml"  # a one-file catalogue's (tests, load_catalogue's default)
GENERALS_FOLDER = "generals"
# The packages of generals shipped, in sticker order: the standard box, then
# 神话再临's four packs (each with its 神 generals). Each file names its first
# sticker number, so a pack that grows never renumbers the next.
GENERAL_PACKAGES = ("standard", "wind", "fire", "forest", "mountain")
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

    def general_numbered(self, number: int) -> General | None:
        """The general whose sticker carries ``number`` (None: no such general)."""
        for general in self.generals:
            if general.number == number:
                return general
        return None

    def packages(self) -> tuple[str, ...]:
        """The packages of generals known, in order."""
        return tuple(dict.fromkeys(g.package for g in self.generals))

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
    card_kinds: str,
    cards: str,
    generals: str,
    mode_skills: str = "",
    *,
    origin: str = "",
    more_generals: Sequence[tuple[str, str]] = (),
) -> Catalogue:
    """Build a catalogue from the texts of the data files, checking everything.

    ``generals`` is the standard generals' file; ``more_generals`` other
    packages' files as (file name, text), the package named by the file's stem
    (or its ``package`` field). ``origin`` prefixes the file names in error
    messages (e.g. a folder). Raises :class:`CatalogueError` naming the file,
    the entry and the field.
    """
    kinds = parse_card_kinds(card_kinds, origin + CARD_KINDS_FILE)
    card_list = parse_cards(cards, origin + CARDS_FILE, kinds)
    general_list = parse_generals(generals, origin + GENERALS_FILE, frozenset(kinds))
    for name, text in more_generals:
        package = name.rsplit("/", 1)[-1].removesuffix(".toml")
        found = parse_generals(text, origin + name, frozenset(kinds), package)
        general_list = join_generals(general_list, found, origin + name)
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


def join_generals(
    known: tuple[General, ...], more: tuple[General, ...], source: str
) -> tuple[General, ...]:
    """``known`` then ``more``, refusing a key, a skill's key (unless the same skill)
    or a sticker number already taken."""
    skills = {s.key: s for g in known for s in g.skills}
    for general in more:
        label = say("general {key}", key=repr(general.key))
        if any(g.key == general.key for g in known):
            raise CatalogueError(source, label, "key", say("a general has this key already"))
        if any(g.number == general.number for g in known):
            raise CatalogueError(
                source,
                label,
                "first_number",
                say("sticker number {n} is taken", n=general.number),
            )
        for skill in general.skills:
            if skills.get(skill.key, skill) != skill:
                raise CatalogueError(
                    source,
                    say("{entry} skill {key}", entry=label, key=repr(skill.key)),
                    "key",
                    say("another general's skill has this key"),
                )
    return known + more


# Called with the generals a table's own file adds, so that what was worked out
# from the catalogue once (skill types, package names) learns them.
_ON_NEW_GENERALS: list[Callable[[tuple[General, ...]], None]] = []


def on_new_generals(listener: Callable[[tuple[General, ...]], None]) -> None:
    """Have ``listener`` called with the generals each table's own file adds."""
    _ON_NEW_GENERALS.append(listener)


def add_generals(text: str, source: str) -> tuple[General, ...]:
    """A table's own generals (a file of the packaged format: docs/generals.md) join
    the catalogue; returns the file's generals.

    The package is the file's ``package`` field, else its name without
    ``.toml``; its generals sit in a game whose setup names it. A general may
    take a known skill as it is (``uses = "wusheng"``); a skill written out is
    built from the effects and timings the engine offers (a skill with no rule
    is entered by the table as the moves it makes). Everything is checked
    first (``CatalogueError`` naming file, entry and field) and nothing joins
    unless all of it is good; the same file added twice adds nothing.
    """
    catalogue = standard_catalogue()
    package = source.replace("\\", "/").rsplit("/", 1)[-1].removesuffix(".toml")
    found = parse_generals(
        text, source, frozenset(catalogue.kinds), package, known=catalogue.skills()
    )
    new = tuple(g for g in found if g not in catalogue.generals)
    if new:
        shipped = {g.package for g in catalogue.generals if g.number <= 100}
        for general in new:
            if general.package in shipped:
                raise CatalogueError(
                    source,
                    say("file"),
                    "package",
                    say("{package} is a packaged set of generals", package=general.package),
                )
        generals = join_generals(catalogue.generals, new, source)
        object.__setattr__(catalogue, "generals", generals)  # the one catalogue grows
        for listener in _ON_NEW_GENERALS:
            listener(new)
    return found


def _package_text(*name: str) -> str:
    return resources.files("engine").joinpath("data", *name).read_text(encoding="utf-8")


@cache
def standard_catalogue() -> Catalogue:
    """The 213 cards, the 25 standard generals and 神话再临's 40 (loaded once)."""
    folder = GENERALS_FOLDER + "/"
    return load_catalogue(
        _package_text(CARD_KINDS_FILE),
        _package_text(CARDS_FILE),
        _package_text(GENERALS_FOLDER, "standard.toml"),
        _package_text(MODE_SKILLS_FILE),
        origin="engine/data/",
        more_generals=[
            (f"{folder}{p}.toml", _package_text(GENERALS_FOLDER, f"{p}.toml"))
            for p in GENERAL_PACKAGES[1:]
        ],
    )
