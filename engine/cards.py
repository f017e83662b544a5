"""Cards: the kinds (牌名) and the 160 physical cards (each with its sticker id)."""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum

from engine.errors import CatalogueError
from engine.fields import EntryReader, load_toml
from engine.text import say


class Suit(Enum):
    """花色."""

    SPADE = "spade"
    HEART = "heart"
    CLUB = "club"
    DIAMOND = "diamond"

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def colour(self) -> Colour:
        return Colour.BLACK if self in (Suit.SPADE, Suit.CLUB) else Colour.RED


_SUIT_SYMBOLS = {Suit.SPADE: "♠", Suit.HEART: "♥", Suit.CLUB: "♣", Suit.DIAMOND: "♦"}


class Colour(Enum):
    """颜色: spades and clubs are black, hearts and diamonds red."""

    BLACK = "black"
    RED = "red"


class CardType(Enum):
    """类别."""

    BASIC = "basic"
    TRICK = "trick"
    DELAYED_TRICK = "delayed_trick"
    EQUIPMENT = "equipment"


class Subtype(Enum):
    """Equipment slot (副类别)."""

    WEAPON = "weapon"
    ARMOUR = "armour"
    DEFENSIVE_HORSE = "defensive_horse"  # +1 马
    OFFENSIVE_HORSE = "offensive_horse"  # -1 马
    TREASURE = "treasure"


class Element(Enum):
    """属性 of an elemental Sha (and of the damage it deals)."""

    FIRE = "fire"
    THUNDER = "thunder"


class Package(Enum):
    STANDARD = "standard"
    EX = "ex"
    MANEUVERING = "maneuvering"
    NEW1V1 = "new1v1"  # the new 1v1 deck (《三国杀1V1》), played on its own
    ZHULU = "zhulu"  # 逐鹿天下's 玉玺 (rules 003), shuffled into that mode's deck alone


class Target(Enum):
    """Who a card is used on; see card_kinds.toml."""

    SELF = "self"
    ONE_OTHER = "one_other"
    ONE = "one"
    ALL_OTHERS = "all_others"
    ALL = "all"
    UP_TO_TWO = "up_to_two"
    RESPONSE = "response"


class TargetNeeds(Enum):
    HAS_CARDS = "has_cards"
    HAS_HAND_CARDS = "has_hand_cards"
    HAS_WEAPON = "has_weapon"


RANK_LABELS = {1: "A", 11: "J", 12: "Q", 13: "K"}


def rank_label(rank: int) -> str:
    """A=1 ... J=11, Q=12, K=13.

    >>> rank_label(1), rank_label(10), rank_label(12)
    ('A', '10', 'Q')
    """
    return RANK_LABELS.get(rank, str(rank))


@dataclass(frozen=True, slots=True)
class CardKind:
    """What every copy of a card shares: 杀, 闪, 诸葛连弩 ..."""

    key: str
    name: str
    english: str
    type: CardType
    subtype: Subtype | None
    attack_range: int | None
    element: Element | None
    distance_limit: int | None
    target: Target
    target_needs: TargetNeeds | None
    in_attack_range: bool
    recastable: bool
    package: Package
    # A card printed without suit or rank (逐鹿天下's 玉玺, rules 003 概念解析 3): it has
    # no colour either, so no judgement or conversion that asks for one takes it.
    suitless: bool = False

    def __str__(self) -> str:
        return self.name

    @property
    def is_sha(self) -> bool:
        """Any Sha, elemental or not."""
        return self.key in SHA_KEYS

    @property
    def is_trick(self) -> bool:
        return self.type in (CardType.TRICK, CardType.DELAYED_TRICK)

    @property
    def heals(self) -> bool:
        """A recovery card (桃, 桃园结义): it cannot target a seat at full HP (000)."""
        return self.key in ("tao", "god_salvation")


SHA_KEYS = frozenset({"sha", "fire_sha", "thunder_sha"})


@dataclass(frozen=True, slots=True)
class Card:
    """One physical card. ``id`` is printed on its sticker and never changes."""

    id: int
    kind: CardKind
    suit: Suit | None  # None: a card without suit or rank (玉玺)
    rank: int | None
    package: Package

    @property
    def key(self) -> str:
        return self.kind.key

    @property
    def name(self) -> str:
        return self.kind.name

    @property
    def colour(self) -> Colour | None:
        """Black or red; None for a card without suit (玉玺: no colour, 000 颜色)."""
        return self.suit.colour if self.suit is not None else None

    @property
    def face(self) -> str:
        """Suit and rank as printed, e.g. ``♠A``; "" for a card without them (玉玺)."""
        if self.suit is None or self.rank is None:
            return ""
        return f"{self.suit.symbol}{rank_label(self.rank)}"

    def __str__(self) -> str:
        return f"#{self.id} {self.kind.name}{self.face}"

    def as_dict(self) -> dict[str, object]:
        kind = self.kind
        return {
            "id": self.id,
            "name": kind.name,
            "key": kind.key,
            "english": kind.english,
            "suit": self.suit.value if self.suit is not None else None,
            "colour": self.colour.value if self.colour is not None else None,
            "rank": self.rank,
            "rank_label": rank_label(self.rank) if self.rank is not None else None,
            "type": kind.type.value,
            "subtype": kind.subtype.value if kind.subtype else None,
            "attack_range": kind.attack_range,
            "element": kind.element.value if kind.element else None,
            "distance_limit": kind.distance_limit,
            "package": self.package.value,
        }


def suit_word(card: Card) -> str:
    """The card's suit as a word (``spade``), "" for a card without suit (玉玺): what a
    choice of suit (反间, 火攻) or a judgement that names one compares."""
    return card.suit.value if card.suit is not None else ""


def parse_card_kinds(text: str, source: str) -> dict[str, CardKind]:
    """Card kinds from the TOML text of ``card_kinds.toml``, checked."""
    data = load_toml(text, source)
    kinds: dict[str, CardKind] = {}
    for key, table in data.items():
        entry = say("card kind {key}", key=repr(key))
        if not isinstance(table, dict):
            raise CatalogueError(source, entry, None, say("expected a table"))
        kinds[key] = _card_kind(key, EntryReader(source, entry, table))
    return kinds


def _card_kind(key: str, r: EntryReader) -> CardKind:
    if not key.isascii() or not key.replace("_", "").isalnum() or not key.islower():
        raise r.fail(None, say("a key must be lower-case ASCII letters, digits and _"))
    kind = CardKind(
        key=key,
        name=r.text("name"),
        english=r.text("english"),
        type=r.choice("type", CardType),
        subtype=r.optional_choice("subtype", Subtype),
        attack_range=r.optional_integer("attack_range", 1, 9),
        element=r.optional_choice("element", Element),
        distance_limit=r.optional_integer("distance_limit", 1, 9),
        target=r.choice("target", Target),
        target_needs=r.optional_choice("target_needs", TargetNeeds),
        in_attack_range=r.flag("in_attack_range"),
        recastable=r.flag("recastable"),
        package=r.choice("package", Package),
        suitless=r.flag("suitless"),
    )
    r.done()
    if (kind.type is CardType.EQUIPMENT) != (kind.subtype is not None):
        raise r.fail("subtype", say("equipment needs a subtype, and only equipment has one"))
    if (kind.subtype is Subtype.WEAPON) != (kind.attack_range is not None):
        raise r.fail(
            "attack_range", say("a weapon needs an attack range, and only a weapon has one")
        )
    return kind


CARD_FIELDS = ("id", "kind", "suit", "rank", "package")


def parse_cards(text: str, source: str, kinds: Mapping[str, CardKind]) -> tuple[Card, ...]:
    """The physical cards from the CSV text of ``cards.csv``, checked.

    Lines starting with ``#`` are comments. Ids must run 1, 2, 3 ... in order.
    """
    lines = [line for line in text.splitlines() if not line.lstrip().startswith("#")]
    rows = csv.reader(io.StringIO("\n".join(lines)))
    header = next(rows, None)
    if header is None or [h.strip() for h in header] != list(CARD_FIELDS):
        raise CatalogueError(
            source,
            say("header"),
            None,
            say("expected columns {columns}", columns=",".join(CARD_FIELDS)),
        )
    cards: list[Card] = []
    seen: set[int] = set()
    for number, row in enumerate(rows, start=1):
        if not row:
            continue
        label = say("entry {number} ({row})", number=number, row=",".join(row))
        if len(row) > len(CARD_FIELDS):
            raise CatalogueError(
                source,
                label,
                None,
                say("{count} columns, expected {expected}", count=len(row), expected=5),
            )
        r = EntryReader(source, label, dict(zip(CARD_FIELDS, row, strict=False)))
        card_id = r.integer("id", 1, 999)
        expected = len(cards) + 1
        if card_id in seen:
            raise r.fail("id", say("duplicate id {id}", id=card_id))
        seen.add(card_id)
        if card_id != expected:
            raise r.fail(
                "id",
                say(
                    "id {id} out of order (expected {expected}; ids never change)",
                    id=card_id,
                    expected=expected,
                ),
            )
        kind_key = r.text("kind")
        if kind_key not in kinds:
            raise r.fail("kind", say("unknown card kind {key}", key=repr(kind_key)))
        kind = kinds[kind_key]
        if kind.suitless:  # printed without suit or rank (玉玺): both columns empty
            suit, rank = r.optional_choice("suit", Suit), r.optional_integer("rank", 1, 13)
            if suit is not None or rank is not None:
                raise r.fail("suit", say("{card} has no suit or rank", card=kind.name))
        else:
            suit, rank = r.choice("suit", Suit), r.integer("rank", 1, 13)
        cards.append(
            Card(id=card_id, kind=kind, suit=suit, rank=rank, package=r.choice("package", Package))
        )
        r.done()
    return tuple(cards)
