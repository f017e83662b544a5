"""Moves: everything that happens at a real table, as frozen values with a text form.

Every move prints as one short line and parses back to an equal value::

    >>> m = Move.parse("use 1 #5 -> 3")
    >>> m
    Use(seat=1, cards=(5,), as_kind=None, targets=(3,))
    >>> str(m)
    'use 1 #5 -> 3'
    >>> Move.parse(str(m)) == m
    True

Notation: seats are plain numbers, cards are ``#id`` (the number on the
sticker), a count of unseen cards is ``xN``, targets follow ``->``, a card
used as another names the kind after ``as``; a general is its key, or its
Chinese name (read as the key). A ``!`` in front forces a move
the engine thinks illegal (it is applied and flagged). See
docs/record-format.md for every verb with examples.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import ClassVar

from engine.cards import Element
from engine.catalogue import on_new_generals, standard_catalogue
from engine.modes import mode_named
from engine.text import Text, say

MAX_MOVE_CHARS = 1000  # the longest real move (制衡 of a whole hand) is under 100


def shown(text: str, limit: int = 60) -> Text | str:
    """``text`` quoted for a message, cut to ``limit`` characters: a bad line is named,
    never echoed whole.

    >>> shown("abc")
    "'abc'"
    >>> str(shown("x" * 100, 10))
    "'xxxxxxxxxx'... (100 characters)"
    """
    if len(text) <= limit:
        return repr(text)
    return say("{start}... ({count} characters)", start=repr(text[:limit]), count=f"{len(text):,}")


class MoveSyntaxError(ValueError):
    """A line that is not a move; ``text`` says why (``str(exc)`` is its English)."""

    def __init__(self, text: Text) -> None:
        super().__init__(str(text))
        self.text = text


class Move(ABC):
    """Base of every move type. ``Move.parse`` reads any of them."""

    __slots__ = ()
    verb: ClassVar[str]

    @staticmethod
    def parse(text: str) -> Move:
        return parse_move(text)

    @abstractmethod
    def tokens(self) -> list[str]:
        """The words after the verb."""

    def __str__(self) -> str:
        return " ".join([self.verb, *self.tokens()])


# ---------------------------------------------------------------- tokens


def _cards(cards: tuple[int, ...]) -> list[str]:
    return [f"#{c}" for c in cards]


def _cards_or_count(cards: tuple[int, ...], unknown: int) -> list[str]:
    return _cards(cards) + ([f"x{unknown}"] if unknown else [])


def _targets(targets: tuple[int, ...]) -> list[str]:
    return ["->", ",".join(str(t) for t in targets)] if targets else []


_SEAT = re.compile(r"[1-9][0-9]?")
_NUMBER = re.compile(r"[0-9]{1,4}")
_SIGNED_NUMBER = re.compile(r"[+-][0-9]{1,4}")
_CARD = re.compile(r"#([1-9][0-9]{0,2})")
_COUNT = re.compile(r"x([1-9][0-9]{0,2})")
_NAME = re.compile(r"[a-z][a-z0-9_]*")
_MODE = re.compile(r"[a-z0-9][a-z0-9_]*")
_ZONE = re.compile(r"(hand|equip|judge|general):([1-9][0-9]?)|pile|discard|processing|removed")


_END_OF_LINE = say("the end of the line")


def general_key(word: str) -> str | None:
    """The key a general is written with: its key as it is (the rules refuse a key of no
    general), or the key of the general whose Chinese name ``word`` is (曹操 -> caocao);
    None for anything else. A record or a move may name a general either way; it is
    written back with the key.

    >>> general_key("caocao"), general_key("曹操"), general_key("曹超")
    ('caocao', 'caocao', None)
    """
    if _NAME.fullmatch(word):
        return word
    return _chinese_names().get(word)


@cache
def _chinese_names() -> dict[str, str]:
    return {g.name: g.key for g in standard_catalogue().generals}


on_new_generals(lambda _new: _chinese_names.cache_clear())


class _Reader:
    """Reads the words of one line left to right, with clear errors."""

    def __init__(self, words: list[str], line: str) -> None:
        self.words = words
        self.line = line
        self.i = 0

    def fail(self, what: Text | str) -> MoveSyntaxError:
        got = shown(self.words[self.i], 30) if self.i < len(self.words) else _END_OF_LINE
        return MoveSyntaxError(
            # TRANSLATORS: {what} is what the notation needs here ("a seat number" ...)
            say("{line}: expected {what}, got {got}", line=shown(self.line), what=what, got=got)
        )

    def peek(self) -> str | None:
        return self.words[self.i] if self.i < len(self.words) else None

    def take(self) -> str:
        word = self.peek()
        if word is None:
            raise self.fail(say("more"))
        self.i += 1
        return word

    def seat(self) -> int:
        word = self.peek()
        if word is None or not _SEAT.fullmatch(word):
            raise self.fail(say("a seat number"))
        self.i += 1
        return int(word)

    def optional_seat(self) -> int | None:
        word = self.peek()
        return self.seat() if word is not None and _SEAT.fullmatch(word) else None

    def number(self, signed: bool = False) -> int:
        word = self.peek()
        # Bounded before conversion: no count in a game has more than four digits.
        pattern = _SIGNED_NUMBER if signed else _NUMBER
        if word is None or not pattern.fullmatch(word):
            raise self.fail(
                say("a signed number like +1") if signed else say("a number (at most 4 digits)")
            )
        self.i += 1
        return int(word)

    def name(self, what: Text, pattern: re.Pattern[str] | None = None) -> str:
        word = self.peek()
        if word is None or not (pattern or _NAME).fullmatch(word):
            raise self.fail(what)
        self.i += 1
        return word

    def cards(self) -> tuple[int, ...]:
        out = []
        while (word := self.peek()) is not None and (m := _CARD.fullmatch(word)):
            out.append(int(m.group(1)))
            self.i += 1
        return tuple(out)

    def cards_or_count(self) -> tuple[tuple[int, ...], int]:
        cards = self.cards()
        word = self.peek()
        if word is not None and (m := _COUNT.fullmatch(word)):
            self.i += 1
            return cards, int(m.group(1))
        return cards, 0

    def keyword(self, word: str) -> bool:
        if self.peek() == word:
            self.i += 1
            return True
        return False

    def targets(self) -> tuple[int, ...]:
        if not self.keyword("->"):
            return ()
        word = self.take()
        parts = word.split(",")
        if not all(_SEAT.fullmatch(p) for p in parts):
            self.i -= 1
            raise self.fail(say("target seats like 3 or 3,4"))
        return tuple(int(p) for p in parts)

    def zone(self) -> str:
        word = self.peek()
        if word is None or not _ZONE.fullmatch(word):
            raise self.fail(
                say(
                    "a zone (hand:N, equip:N, judge:N, general:N, pile, discard, processing, "
                    "removed)"
                )
            )
        self.i += 1
        return word

    def end(self) -> None:
        if self.i != len(self.words):
            raise self.fail(_END_OF_LINE)


# ---------------------------------------------------------------- the moves


@dataclass(frozen=True, slots=True)
class Setup(Move):
    """Start a game: mode, number of players, card packages, mode variant."""

    verb: ClassVar[str] = "setup"
    mode: str
    players: int
    packages: tuple[str, ...] = ("standard", "ex", "maneuvering")
    variant: str = ""

    def tokens(self) -> list[str]:
        out = [self.mode, str(self.players), "packages=" + ",".join(self.packages)]
        return out + ([f"variant={self.variant}"] if self.variant else [])

    @staticmethod
    def read(r: _Reader) -> Setup:
        mode = r.name(say("a mode"), _MODE)
        players = r.number()
        packages = default_packages(mode)
        variant = ""
        while (word := r.peek()) is not None:
            if word.startswith("packages="):
                packages = tuple(word.removeprefix("packages=").split(","))
            elif word.startswith("variant="):
                variant = word.removeprefix("variant=")
            else:
                raise r.fail(say("packages=... or variant=..."))
            r.i += 1
        return Setup(mode, players, packages, variant)


def default_packages(mode: str) -> tuple[str, ...]:
    """The packages a setup line that names none takes: the mode's (新1V1: its own deck)."""
    known = mode_named(mode)
    return known.default_packages if known is not None else ("standard", "ex", "maneuvering")


@dataclass(frozen=True, slots=True)
class General(Move):
    """A seat takes its general(s); ``hidden`` keeps them face down (hegemony);
    ``kingdom`` is the kingdom a 神 general chooses (identity)."""

    verb: ClassVar[str] = "general"
    seat: int
    generals: tuple[str, ...]
    hidden: bool = False
    kingdom: str = ""

    def tokens(self) -> list[str]:
        out = [str(self.seat), ",".join(self.generals)] + (["hidden"] if self.hidden else [])
        return out + ([f"kingdom={self.kingdom}"] if self.kingdom else [])

    @staticmethod
    def read(r: _Reader) -> General:
        seat = r.seat()
        keys = tuple(general_key(n) for n in r.take().split(","))
        if not all(keys):
            r.i -= 1
            raise r.fail(say("general keys or Chinese names like caocao, 曹操 or caocao,simayi"))
        hidden = r.keyword("hidden")
        kingdom = ""
        word = r.peek()
        if word is not None and word.startswith("kingdom="):
            kingdom = _KINGDOM_WORDS.get(
                word.removeprefix("kingdom="), word.removeprefix("kingdom=")
            )
            r.i += 1
        return General(seat, tuple(k for k in keys if k), hidden, kingdom)


# A kingdom as a setup line may write it: its key or its Chinese name.
_KINGDOM_WORDS = {"魏": "wei", "蜀": "shu", "吴": "wu", "吳": "wu", "群": "qun"}


@dataclass(frozen=True, slots=True)
class RoleReveal(Move):
    """A seat's role becomes known (the lord at setup; others at death or game end)."""

    verb: ClassVar[str] = "role"
    seat: int
    role: str

    def tokens(self) -> list[str]:
        return [str(self.seat), self.role]

    @staticmethod
    def read(r: _Reader) -> RoleReveal:
        return RoleReveal(r.seat(), r.name(say("a role")))


@dataclass(frozen=True, slots=True)
class Reveal(Move):
    """Hegemony: a seat turns a face-down general face up."""

    verb: ClassVar[str] = "reveal"
    seat: int
    general: str

    def tokens(self) -> list[str]:
        return [str(self.seat), self.general]

    @staticmethod
    def read(r: _Reader) -> Reveal:
        seat = r.seat()
        key = general_key(r.peek() or "")
        if key is None:
            raise r.fail(say("a general's key or Chinese name"))
        r.i += 1
        return Reveal(seat, key)


@dataclass(frozen=True, slots=True)
class Deal(Move):
    """Every seat draws its starting hand."""

    verb: ClassVar[str] = "deal"

    def tokens(self) -> list[str]:
        return []

    @staticmethod
    def read(r: _Reader) -> Deal:
        return Deal()


@dataclass(frozen=True, slots=True)
class Shuffle(Move):
    """The discard pile is shuffled into the draw pile."""

    verb: ClassVar[str] = "shuffle"

    def tokens(self) -> list[str]:
        return []

    @staticmethod
    def read(r: _Reader) -> Shuffle:
        return Shuffle()


@dataclass(frozen=True, slots=True)
class Draw(Move):
    """A seat draws cards from the draw pile: ``xN`` unseen, or named cards."""

    verb: ClassVar[str] = "draw"
    seat: int
    count: int = 0
    cards: tuple[int, ...] = ()

    def tokens(self) -> list[str]:
        return [str(self.seat), *_cards_or_count(self.cards, self.count)]

    @staticmethod
    def read(r: _Reader) -> Draw:
        seat = r.seat()
        cards, count = r.cards_or_count()
        if not cards and not count:
            raise r.fail(say("cards (#id) or a count (xN)"))
        return Draw(seat, count, cards)


@dataclass(frozen=True, slots=True)
class Use(Move):
    """使用: a seat uses card(s), maybe as another kind, on targets.

    No cards (``-``) is a virtual card (视为使用).
    """

    verb: ClassVar[str] = "use"
    seat: int
    cards: tuple[int, ...]
    as_kind: str | None = None
    targets: tuple[int, ...] = ()

    def tokens(self) -> list[str]:
        out = [str(self.seat), *(_cards(self.cards) or ["-"])]
        if self.as_kind:
            out += ["as", self.as_kind]
        return out + _targets(self.targets)

    @staticmethod
    def read(r: _Reader) -> Use:
        seat = r.seat()
        cards = () if r.keyword("-") else r.cards()
        if not cards and r.words[r.i - 1] != "-":
            raise r.fail(say("cards (#id) or - for a virtual card"))
        as_kind = r.name(say("a card kind")) if r.keyword("as") else None
        if not cards and as_kind is None:
            raise r.fail(say("'as KIND' for a virtual card"))
        return Use(seat, cards, as_kind, r.targets())


@dataclass(frozen=True, slots=True)
class Respond(Move):
    """Uses or plays a card in response to what is being asked (闪, 杀, 桃, 无懈可击)."""

    verb: ClassVar[str] = "respond"
    seat: int
    cards: tuple[int, ...]
    as_kind: str | None = None

    def tokens(self) -> list[str]:
        out = [str(self.seat), *(_cards(self.cards) or ["-"])]
        return out + (["as", self.as_kind] if self.as_kind else [])

    @staticmethod
    def read(r: _Reader) -> Respond:
        seat = r.seat()
        cards = () if r.keyword("-") else r.cards()
        if not cards and r.words[r.i - 1] != "-":
            raise r.fail(say("cards (#id) or - for a virtual card"))
        as_kind = r.name(say("a card kind")) if r.keyword("as") else None
        if not cards and as_kind is None:
            raise r.fail(say("'as KIND' for a virtual card"))
        return Respond(seat, cards, as_kind)


@dataclass(frozen=True, slots=True)
class Pass(Move):
    """A seat declines to respond; with no seat, nobody (else) responds."""

    verb: ClassVar[str] = "pass"
    seat: int | None = None

    def tokens(self) -> list[str]:
        return [] if self.seat is None else [str(self.seat)]

    @staticmethod
    def read(r: _Reader) -> Pass:
        return Pass(r.optional_seat())


@dataclass(frozen=True, slots=True)
class Discard(Move):
    """弃置: cards of a seat go to the discard pile (``xN``: unidentified hand cards)."""

    verb: ClassVar[str] = "discard"
    seat: int
    cards: tuple[int, ...] = ()
    unknown: int = 0

    def tokens(self) -> list[str]:
        return [str(self.seat), *_cards_or_count(self.cards, self.unknown)]

    @staticmethod
    def read(r: _Reader) -> Discard:
        seat = r.seat()
        cards, unknown = r.cards_or_count()
        if not cards and not unknown:
            raise r.fail(say("cards (#id) or a count (xN)"))
        return Discard(seat, cards, unknown)


@dataclass(frozen=True, slots=True)
class Give(Move):
    """交给: a seat gives its cards to another (``xN``: unseen hand cards)."""

    verb: ClassVar[str] = "give"
    seat: int
    to: int
    cards: tuple[int, ...] = ()
    unknown: int = 0

    def tokens(self) -> list[str]:
        return [str(self.seat), "->", str(self.to), *_cards_or_count(self.cards, self.unknown)]

    @staticmethod
    def read(r: _Reader) -> Give:
        seat = r.seat()
        if not r.keyword("->"):
            raise r.fail("->")
        to = r.seat()
        cards, unknown = r.cards_or_count()
        if not cards and not unknown:
            raise r.fail(say("cards (#id) or a count (xN)"))
        return Give(seat, to, cards, unknown)


@dataclass(frozen=True, slots=True)
class Take(Move):
    """获得: a seat gains cards from another seat's zones (``xN``: unseen hand cards)."""

    verb: ClassVar[str] = "take"
    seat: int
    source: int
    cards: tuple[int, ...] = ()
    unknown: int = 0

    def tokens(self) -> list[str]:
        out = [str(self.seat), "<-", str(self.source)]
        return out + _cards_or_count(self.cards, self.unknown)

    @staticmethod
    def read(r: _Reader) -> Take:
        seat = r.seat()
        if not r.keyword("<-"):
            raise r.fail("<-")
        source = r.seat()
        cards, unknown = r.cards_or_count()
        if not cards and not unknown:
            raise r.fail(say("cards (#id) or a count (xN)"))
        return Take(seat, source, cards, unknown)


@dataclass(frozen=True, slots=True)
class MoveCards(Move):
    """移动: cards go to a zone; ``source`` names where an unlocated card came from.

    Zones: ``hand:N``, ``equip:N``, ``judge:N``, ``general:N`` (on seat N's
    general card: 星, 田, 创), ``pile``, ``discard``, ``processing``, ``removed``.
    ``as_kind`` says which delayed trick a card counts as in a judgement zone.
    """

    verb: ClassVar[str] = "move"
    cards: tuple[int, ...]
    to: str
    source: str | None = None
    as_kind: str | None = None

    def tokens(self) -> list[str]:
        out = [*_cards(self.cards)]
        if self.source:
            out += ["from", self.source]
        out += ["->", self.to]
        return out + (["as", self.as_kind] if self.as_kind else [])

    @staticmethod
    def read(r: _Reader) -> MoveCards:
        cards = r.cards()
        if not cards:
            raise r.fail(say("cards (#id)"))
        source = r.zone() if r.keyword("from") else None
        if not r.keyword("->"):
            raise r.fail("->")
        to = r.zone()
        as_kind = r.name(say("a card kind")) if r.keyword("as") else None
        return MoveCards(cards, to, source, as_kind)


@dataclass(frozen=True, slots=True)
class Show(Move):
    """展示: a seat shows hand cards (火攻); they stay in the hand, now known."""

    verb: ClassVar[str] = "show"
    seat: int
    cards: tuple[int, ...]

    def tokens(self) -> list[str]:
        return [str(self.seat), *_cards(self.cards)]

    @staticmethod
    def read(r: _Reader) -> Show:
        seat = r.seat()
        cards = r.cards()
        if not cards:
            raise r.fail(say("cards (#id)"))
        return Show(seat, cards)


@dataclass(frozen=True, slots=True)
class Compare(Move):
    """拼点: a seat lays its hand card face down for a point fight; once both have
    laid theirs, both are shown and the higher rank wins (rules 000, 拼點)."""

    verb: ClassVar[str] = "compare"
    seat: int
    card: int

    def tokens(self) -> list[str]:
        return [str(self.seat), f"#{self.card}"]

    @staticmethod
    def read(r: _Reader) -> Compare:
        return Compare(*_seat_and_card(r))


@dataclass(frozen=True, slots=True)
class Recast(Move):
    """重铸: put a card into the discard pile and draw one."""

    verb: ClassVar[str] = "recast"
    seat: int
    card: int

    def tokens(self) -> list[str]:
        return [str(self.seat), f"#{self.card}"]

    @staticmethod
    def read(r: _Reader) -> Recast:
        return Recast(*_seat_and_card(r))


def _seat_and_card(r: _Reader) -> tuple[int, int]:
    """``SEAT #ID``: a seat and one card."""
    seat = r.seat()
    cards = r.cards()
    if len(cards) != 1:
        raise r.fail(say("one card (#id)"))
    return seat, cards[0]


@dataclass(frozen=True, slots=True)
class Judge(Move):
    """判定: the top card of the draw pile is turned over as a seat's judgement card."""

    verb: ClassVar[str] = "judge"
    seat: int
    card: int
    reason: str | None = None  # a skill or armour key when nothing pending says why

    def tokens(self) -> list[str]:
        return [str(self.seat), f"#{self.card}"] + (["for", self.reason] if self.reason else [])

    @staticmethod
    def read(r: _Reader) -> Judge:
        seat = r.seat()
        cards = r.cards()
        if len(cards) != 1:
            raise r.fail(say("one card (#id)"))
        reason = r.name(say("a reason")) if r.keyword("for") else None
        return Judge(seat, cards[0], reason)


@dataclass(frozen=True, slots=True)
class Damage(Move):
    """伤害 dealt outside a card's own settlement (skills, corrections)."""

    verb: ClassVar[str] = "damage"
    seat: int
    amount: int
    element: Element | None = None
    source: int | None = None

    def tokens(self) -> list[str]:
        out = [str(self.seat), str(self.amount)]
        if self.element:
            out.append(self.element.value)
        return out + (["from", str(self.source)] if self.source else [])

    @staticmethod
    def read(r: _Reader) -> Damage:
        seat, amount = r.seat(), r.number()
        element = None
        if r.peek() in ("fire", "thunder"):
            element = Element(r.take())
        source = r.seat() if r.keyword("from") else None
        return Damage(seat, amount, element, source)


@dataclass(frozen=True, slots=True)
class Heal(Move):
    """回复 HP."""

    verb: ClassVar[str] = "heal"
    seat: int
    amount: int = 1

    def tokens(self) -> list[str]:
        return [str(self.seat), str(self.amount)]

    @staticmethod
    def read(r: _Reader) -> Heal:
        return Heal(r.seat(), r.number())


@dataclass(frozen=True, slots=True)
class LoseHp(Move):
    """失去体力: HP lost without damage (苦肉); nothing triggered by damage happens."""

    verb: ClassVar[str] = "losehp"
    seat: int
    amount: int = 1

    def tokens(self) -> list[str]:
        return [str(self.seat), str(self.amount)]

    @staticmethod
    def read(r: _Reader) -> LoseHp:
        return LoseHp(r.seat(), r.number())


@dataclass(frozen=True, slots=True)
class MaxHp(Move):
    """体力上限 changes by ``delta``."""

    verb: ClassVar[str] = "maxhp"
    seat: int
    delta: int

    def tokens(self) -> list[str]:
        return [str(self.seat), f"{self.delta:+d}"]

    @staticmethod
    def read(r: _Reader) -> MaxHp:
        return MaxHp(r.seat(), r.number(signed=True))


@dataclass(frozen=True, slots=True)
class Chain(Move):
    """横置 (``chain``) or 重置 (``unchain``) a general card."""

    verb: ClassVar[str] = "chain"
    seat: int
    chained: bool = True

    def __str__(self) -> str:
        return f"{'chain' if self.chained else 'unchain'} {self.seat}"

    def tokens(self) -> list[str]:
        return [str(self.seat)]

    @staticmethod
    def read(r: _Reader) -> Chain:
        return Chain(r.seat(), True)


@dataclass(frozen=True, slots=True)
class Flip(Move):
    """翻面: turn a general card over."""

    verb: ClassVar[str] = "flip"
    seat: int

    def tokens(self) -> list[str]:
        return [str(self.seat)]

    @staticmethod
    def read(r: _Reader) -> Flip:
        return Flip(r.seat())


@dataclass(frozen=True, slots=True)
class Skill(Move):
    """A seat uses a skill or an equipment effect (发动技能), with its cards and targets.

    ``cards`` are what the skill spends or gives (``xN``: unseen hand cards);
    ``targets`` are the seats it chooses, in order (a seat may repeat where a
    skill hands out several things, as 遗计 does).
    """

    verb: ClassVar[str] = "skill"
    seat: int
    skill: str
    cards: tuple[int, ...] = ()
    targets: tuple[int, ...] = ()
    unknown: int = 0

    def tokens(self) -> list[str]:
        return [
            str(self.seat),
            self.skill,
            *_cards_or_count(self.cards, self.unknown),
            *_targets(self.targets),
        ]

    @staticmethod
    def read(r: _Reader) -> Skill:
        seat, skill = r.seat(), r.name(say("a skill key"))
        cards, unknown = r.cards_or_count()
        return Skill(seat, skill, cards, r.targets(), unknown)


@dataclass(frozen=True, slots=True)
class Choose(Move):
    """A seat answers a choice by its word (反间: a suit)."""

    verb: ClassVar[str] = "choose"
    seat: int
    option: str

    def tokens(self) -> list[str]:
        return [str(self.seat), self.option]

    @staticmethod
    def read(r: _Reader) -> Choose:
        seat = r.seat()
        option = general_key(r.peek() or "")  # a word, or 新1V1's next general by his name
        if option is None:
            raise r.fail(say("an option"))
        r.i += 1
        return Choose(seat, option)


@dataclass(frozen=True, slots=True)
class Next(Move):
    """Move on: to the next phase, or the next turn, where something can happen."""

    verb: ClassVar[str] = "next"

    def tokens(self) -> list[str]:
        return []

    @staticmethod
    def read(r: _Reader) -> Next:
        return Next()


@dataclass(frozen=True, slots=True)
class Skip(Move):
    """跳过 a phase of the current turn."""

    verb: ClassVar[str] = "skip"
    phase: str

    def tokens(self) -> list[str]:
        return [self.phase]

    @staticmethod
    def read(r: _Reader) -> Skip:
        return Skip(r.name(say("a phase")))


@dataclass(frozen=True, slots=True)
class ExtraTurn(Move):
    """A seat gets an extra turn after the current one (额外回合)."""

    verb: ClassVar[str] = "extraturn"
    seat: int

    def tokens(self) -> list[str]:
        return [str(self.seat)]

    @staticmethod
    def read(r: _Reader) -> ExtraTurn:
        return ExtraTurn(r.seat())


@dataclass(frozen=True, slots=True)
class Die(Move):
    """A seat dies outside the ordinary dying settlement (a skill, a correction)."""

    verb: ClassVar[str] = "die"
    seat: int
    killer: int | None = None

    def tokens(self) -> list[str]:
        return [str(self.seat)] + (["by", str(self.killer)] if self.killer else [])

    @staticmethod
    def read(r: _Reader) -> Die:
        seat = r.seat()
        return Die(seat, r.seat() if r.keyword("by") else None)


@dataclass(frozen=True, slots=True)
class End(Move):
    """The game ends: the winning side, or ``draw``."""

    verb: ClassVar[str] = "end"
    winner: str

    def tokens(self) -> list[str]:
        return [self.winner]

    @staticmethod
    def read(r: _Reader) -> End:
        return End(r.name(say("the winner")))


MAX_PLAYER_NAME = 24
"""The most characters a player's name has (what a seat tile has room for)."""
_QUOTED = re.compile(r'"((?:[^"\\]|\\.)*)"')
_ESCAPE = re.compile(r"\\(u[0-9a-fA-F]{4}|.)")


def quote_name(text: str) -> str:
    """A player's name as the notation writes it: in double quotes, a quote or a
    backslash escaped, and any character that is not plainly visible as ``\\uXXXX``.

    >>> quote_name('Zhang "Zz" San'), quote_name("张三\u200b")
    ('"Zhang \\\\"Zz\\\\" San"', '"张三\\\\u200b"')
    """
    out = ['"']
    for ch in text:
        if ch in '"\\':
            out.append("\\" + ch)
        elif ch == " " or (ch.isprintable() and not ch.isspace()):
            out.append(ch)
        else:
            out.append(f"\\u{ord(ch):04x}" if ord(ch) <= 0xFFFF else "?")
    out.append('"')
    return "".join(out)


def name_problem(text: str) -> Text | None:
    """Why ``text`` cannot be a player's name, or None: at most `MAX_PLAYER_NAME`
    characters, plainly visible ones and single spaces, nothing around it."""
    if text != text.strip():
        return say("a player's name has no spaces around it")
    if len(text) > MAX_PLAYER_NAME:
        return say("a player's name is at most {limit} characters", limit=MAX_PLAYER_NAME)
    if any(not (ch == " " or (ch.isprintable() and not ch.isspace())) for ch in text):
        return say("a player's name holds only visible characters and spaces")
    return None


def _read_name(line: str) -> Move:
    """``name SEAT "TEXT"``: read from the line itself, as the name may hold spaces."""
    words = line.split(None, 2)
    r = _Reader(words[1:2], line)
    seat = r.seat()
    rest = words[2] if len(words) > 2 else ""
    found = _QUOTED.fullmatch(rest)
    if found is None:
        raise MoveSyntaxError(
            say('{line}: expected the name in double quotes: name SEAT "TEXT"', line=shown(line))
        )
    text = _ESCAPE.sub(_unescape, found.group(1))
    problem = name_problem(text)
    if problem is not None:
        raise MoveSyntaxError(say("{line}: {problem}", line=shown(line), problem=problem))
    return Name(seat, text)


def _unescape(found: re.Match[str]) -> str:
    code = found.group(1)
    return chr(int(code[1:], 16)) if len(code) == 5 and code[0] == "u" else code


@dataclass(frozen=True, slots=True)
class Name(Move):
    """The name of the person playing a seat (optional; ``""`` forgets it). Not a rule:
    it changes nothing else, and may be recorded at any time, after the end too."""

    verb: ClassVar[str] = "name"
    seat: int
    name: str

    def tokens(self) -> list[str]:
        return [str(self.seat), quote_name(self.name)]

    @staticmethod
    def read(r: _Reader) -> Name:  # pragma: no cover - parse_move reads it from the line
        raise AssertionError("a name is read from its whole line")


@dataclass(frozen=True, slots=True)
class Mark(Move):
    """标记: a seat's named marks change by ``delta``."""

    verb: ClassVar[str] = "mark"
    seat: int
    name: str
    delta: int

    def tokens(self) -> list[str]:
        return [str(self.seat), self.name, f"{self.delta:+d}"]

    @staticmethod
    def read(r: _Reader) -> Mark:
        return Mark(r.seat(), r.name(say("a mark name")), r.number(signed=True))


@dataclass(frozen=True, slots=True)
class Forced(Move):
    """A move applied although the engine thinks it illegal; flagged in the log."""

    verb: ClassVar[str] = "!"
    move: Move

    def __str__(self) -> str:
        return f"!{self.move}"

    def tokens(self) -> list[str]:
        return str(self.move).split()


def unforced(move: Move) -> Move:
    """The move itself, a forced one (``!``) unwrapped."""
    return move.move if isinstance(move, Forced) else move


_READERS: dict[str, Callable[[_Reader], Move]] = {
    "setup": Setup.read,
    "general": General.read,
    "role": RoleReveal.read,
    "reveal": Reveal.read,
    "deal": Deal.read,
    "shuffle": Shuffle.read,
    "draw": Draw.read,
    "use": Use.read,
    "respond": Respond.read,
    "pass": Pass.read,
    "discard": Discard.read,
    "give": Give.read,
    "take": Take.read,
    "move": MoveCards.read,
    "show": Show.read,
    "recast": Recast.read,
    "compare": Compare.read,
    "judge": Judge.read,
    "damage": Damage.read,
    "heal": Heal.read,
    "losehp": LoseHp.read,
    "maxhp": MaxHp.read,
    "chain": Chain.read,
    "unchain": lambda r: Chain(r.seat(), False),
    "flip": Flip.read,
    "skill": Skill.read,
    "choose": Choose.read,
    "next": Next.read,
    "skip": Skip.read,
    "extraturn": ExtraTurn.read,
    "die": Die.read,
    "end": End.read,
    "mark": Mark.read,
}

VERBS = frozenset(_READERS)


def parse_move(text: str) -> Move:
    """Read one move from its text form; :class:`MoveSyntaxError` says what is wrong."""
    line = text.strip()
    if not line:
        raise MoveSyntaxError(say("an empty line is not a move"))
    if len(line) > MAX_MOVE_CHARS:
        raise MoveSyntaxError(
            say(
                "{line}: a move is at most {limit} characters",
                line=shown(line),
                limit=MAX_MOVE_CHARS,
            )
        )
    if line.startswith("!"):
        inner = parse_move(line[1:]) if not line.startswith("!!") else None
        if inner is None or isinstance(inner, Forced):
            raise MoveSyntaxError(say("{line}: one ! is enough", line=shown(line)))
        return Forced(inner)
    words = line.split()
    if words[0] == Name.verb:
        return _read_name(line)
    reader = _READERS.get(words[0])
    if reader is None:
        raise MoveSyntaxError(
            say("{line}: unknown move {verb}", line=shown(line), verb=shown(words[0], 30))
        )
    r = _Reader(words[1:], line)
    move = reader(r)
    r.end()
    return move
