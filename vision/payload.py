"""Sticker payloads: the text inside every QR sticker, read and written.

Every physical card, role card, seat marker and action token at the table
carries a QR sticker whose text is a *payload*. The grammar is fixed for good:
it is printed on stickers that must keep working, so this module only ever
grows a reader for a new format version, never changes what version 1 means.

Grammar (format version 1)
==========================

::

    payload   = "SG" version kind-body check
    version   = "1"
    kind-body = "C" 3DIGIT       ; game card, catalogue id 001-213
              / "G" 3DIGIT       ; general, number 001-999
              / "R" 1DIGIT       ; role card, number 1-9
              / "S" 2DIGIT       ; seat marker, seat 01-10
              / "A" action       ; action token
    action    = "OK" / "NO" / "UN" / "EP" / "PS"
    check     = one character of 0-9 A-Z (see below)

- Only the 36 characters ``0-9`` and ``A-Z`` occur, so a payload fits the
  QR alphanumeric mode; the longest payload has 8 characters, well inside the
  10 that QR version 1 holds at error-correction level H.
- Lengths are fixed per kind: card and general 8, role 6, seat 7, action 7.
- Numbers are zero-padded to their width and start at 1: ``000``, ``0`` and
  ``00`` are never valid.
- The ranges are syntax, not rules. Vision knows nothing of the game: a card
  id is a number the engine's catalogue resolves; general numbers span the
  whole 001-999 whatever the catalogue holds today; a role card carries a
  number 1-9 and the assistant decides which role that number names; seats
  01-10 cover the largest tables (10 players).
- The action set is closed. Action tokens are printed by us and their
  two-letter codes are part of the grammar (see `Action` for what each one
  asks for). An unknown pair of letters is rejected, not passed on.

Check character
===============

ISO/IEC 7064 MOD 37,36 (hybrid system) over everything before it, with the
characters valued ``0``-``9`` = 0-9 and ``A``-``Z`` = 10-35. Starting from
``P = 36``, each character of value ``v`` gives ``S = (P + v) mod 36``
(``0`` counts as 36) and then ``P = 2 * S mod 37``; the check character has
the value ``(37 - P) mod 36``. It catches every single changed character.
It catches nearly every swap of two adjacent characters, as the standard
promises, but not all: whatever comes before, exactly one of the 630 pairs of
different characters can swap unnoticed. Among all valid payloads that leaves
six pairs of general payloads, each a swap away from the other:
``SG1G0201``/``SG1G0210`` and ``SG1G1001``/``SG1G1010`` (last digit and check
swapped), ``SG1G278L``/``SG1G287L``, ``SG1G356P``/``SG1G365P``,
``SG1G434T``/``SG1G443T`` and ``SG1G512X``/``SG1G521X`` (last two digits
swapped). Payloads are written by `encode` and read through QR's own error
correction, so a swap is no practical risk at the table.
``docs/payload.md`` works an example by hand.

>>> check_character("SG1C042")
'G'
>>> parse("SG1C042G")
CardTag(card_id=42)
>>> str(SeatTag(5))
'SG1S05S'
>>> parse("SG1AUNC").action
<Action.UNDO: 'UN'>

Rejection
=========

Anything else is rejected with a `PayloadError` (a `ValueError`) carrying a
one-line message and a machine-readable `Fault` code; nothing is up-cased,
stripped, padded or otherwise guessed:

>>> parse("sg1c042g")
Traceback (most recent call last):
...
vision.payload.PayloadError: 'sg1c042g': lower-case letter 's' at position 0; \
stickers are upper case and a reading is never up-cased
>>> try:
...     parse("SG1C2148")
... except PayloadError as error:
...     print(error.code, "|", error.reason)
out-of-range | card id 214 is out of range 001-213

``str(error)`` quotes the text; `PayloadError.summary` quotes it only when it
can be a damaged sticker, so that a message shown or kept at the table never
repeats another QR code (a Wi-Fi login's password, a link's credentials).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum, StrEnum
from typing import Final, TypeAlias

__all__ = [
    "ALPHABET",
    "CARD_IDS",
    "FORMAT_VERSION",
    "GENERAL_NUMBERS",
    "PREFIX",
    "ROLE_NUMBERS",
    "SEATS",
    "Action",
    "ActionTag",
    "CardTag",
    "Fault",
    "GeneralTag",
    "PayloadError",
    "RoleTag",
    "SeatTag",
    "Tag",
    "check_character",
    "encode",
    "parse",
]

ALPHABET: Final = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
"""The characters of a payload, in the order of their check values 0-35."""

PREFIX: Final = "SG"
FORMAT_VERSION: Final = "1"

CARD_IDS: Final = range(1, 214)
"""Game card catalogue ids a sticker may carry (``C001``-``C213``)."""
GENERAL_NUMBERS: Final = range(1, 1000)
"""General numbers a sticker may carry (``G001``-``G999``)."""
ROLE_NUMBERS: Final = range(1, 10)
"""Role card numbers a sticker may carry (``R1``-``R9``)."""
SEATS: Final = range(1, 11)
"""Seats a seat marker may carry (``S01``-``S10``)."""

_HEAD: Final = PREFIX + FORMAT_VERSION
_VALUES: Final = {character: value for value, character in enumerate(ALPHABET)}
_MODULUS: Final = 36  # M of MOD M+1,M: the size of the alphabet
_SHOW_LIMIT: Final = 40
_WHITESPACE: Final = frozenset(" \t\n\r\x0b\x0c")
_ONLY_ALPHABET: Final = re.compile(r"[0-9A-Z]+")
# Other QR codes on a table (a box, a phone, a menu) hold links, Wi-Fi logins
# or contact cards. None of these can contain a payload, so they are named as
# what they are instead of being picked apart character by character.
_FOREIGN: Final = re.compile(
    r"[A-Za-z][A-Za-z0-9+.\-]*://"
    r"|www\."
    r"|(?:mailto|tel|sms|smsto|mms|geo|wifi|mecard|matmsg|bizcard|begin|market|bitcoin):",
    re.IGNORECASE,
)


class Fault(StrEnum):
    """Why a text is not a payload: the machine-readable `PayloadError.code`.

    Each kind of fault has its own code; the values are stable strings that
    may be stored or compared.
    """

    NOT_TEXT = "not-text"
    """The reading is not a ``str`` at all (for instance undecoded bytes)."""
    EMPTY = "empty"
    """The text is empty."""
    URI = "uri"
    """A link, Wi-Fi login, contact card or other QR content that is not ours."""
    FULL_WIDTH = "full-width"
    """A full-width form (``Ｓ``, ``１``, ideographic space), as typed by an IME."""
    NON_ASCII = "non-ascii"
    """Any other character outside ASCII."""
    CONTROL = "control-character"
    """An ASCII control character such as NUL or ESC."""
    WHITESPACE = "whitespace"
    """A space, tab or line break, anywhere (a payload is never stripped)."""
    LOWER_CASE = "lower-case"
    """A lower-case letter (a payload is never up-cased)."""
    BAD_CHARACTER = "bad-character"
    """Printable ASCII outside ``0-9 A-Z``, such as ``-`` or ``:``."""
    TRUNCATED = "truncated"
    """The text stops before its kind letter: ``S``, ``SG`` or ``SG1``."""
    BAD_PREFIX = "bad-prefix"
    """The text does not start with ``SG``."""
    BAD_VERSION = "bad-version"
    """No format version digit after ``SG``."""
    UNSUPPORTED_VERSION = "unsupported-version"
    """A format version other than ``1``."""
    UNKNOWN_KIND = "unknown-kind"
    """A kind other than ``C``, ``G``, ``R``, ``S`` or ``A``."""
    TOO_SHORT = "too-short"
    """Fewer characters than the kind needs (a check left off shows up here)."""
    TOO_LONG = "too-long"
    """More characters than the kind needs."""
    NOT_DIGITS = "not-digits"
    """A card, general, role or seat number with a letter in it."""
    NOT_LETTERS = "not-letters"
    """An action code with a digit in it."""
    BAD_CHECK = "bad-check"
    """The check character does not match the rest of the payload."""
    OUT_OF_RANGE = "out-of-range"
    """A well-formed number outside its kind's range (``C214``, ``S00``)."""
    UNKNOWN_ACTION = "unknown-action"
    """Two letters that are not one of the action codes."""


class PayloadError(ValueError):
    """A text that is not a valid payload, or a value no payload can carry.

    ``str(error)`` is one printable line: the offending text (shortened when
    long) and the `reason`. `code` says the same for a program.

    >>> error = PayloadError(Fault.EMPTY, "empty text", "")
    >>> str(error), error.code
    ("'': empty text", <Fault.EMPTY: 'empty'>)
    """

    code: Fault
    reason: str
    payload: object

    def __init__(self, code: Fault, reason: str, payload: object = None) -> None:
        message = reason if payload is None else f"{_show(payload)}: {reason}"
        super().__init__(message)
        self.code = code
        self.reason = reason
        self.payload = payload

    def __reduce__(self) -> tuple[type[PayloadError], tuple[Fault, str, object]]:
        return (type(self), (self.code, self.reason, self.payload))

    @property
    def quotable(self) -> str | None:
        """The text read, when it may be shown: a damaged sticker, never another QR
        code's content (see `summary`)."""
        text = self.payload
        return text if isinstance(text, str) and _sticker_like(text) else None

    @property
    def summary(self) -> str:
        """One line on the fault that never repeats a text that is not a sticker.

        ``str(error)`` quotes the text, which is right for a damaged sticker
        but not for another QR code the camera happens to read: a Wi-Fi login
        carries its password, a link its credentials. So only a text that can
        be a damaged sticker (``SG`` then at most 6 more printable ASCII
        characters) is quoted; for anything else the summary says what kind of
        text it is and its length, or gives a reason that holds no part of it.

        >>> try:
        ...     parse("WIFI:S:home;T:WPA;P:hunter2;;")
        ... except PayloadError as error:
        ...     print(error.summary)
        not an sgs-table sticker (a WIFI code, 29 characters)
        >>> try:
        ...     parse("SG1C042X")
        ... except PayloadError as error:
        ...     print(error.summary)
        'SG1C042X': check character 'X' does not match 'G' computed over 'SG1C042' \
(misprinted or altered sticker)
        """
        text = self.payload
        if text is None or (isinstance(text, str) and _sticker_like(text)):
            return str(self)
        if self.code in _TEXT_FREE or not isinstance(text, str):
            return self.reason
        return (
            f"not an sgs-table sticker ({_foreign_words(self.code, text)}, {len(text)} characters)"
        )


class Action(Enum):
    """What an action token asks for; the value is the code on the sticker.

    The set is closed: these five codes are the whole grammar of kind ``A``.
    They are a person's intent shown to the camera, not rules; the assistant
    decides what each one does at the moment it is shown.

    >>> Action("EP")
    <Action.END_PHASE: 'EP'>
    >>> Action.OK.meaning
    'yes: confirm what the screen asks'
    """

    OK = "OK"
    NO = "NO"
    UNDO = "UN"
    END_PHASE = "EP"
    PASS = "PS"

    @property
    def meaning(self) -> str:
        """One line on what the token asks for."""
        return _ACTION_MEANINGS[self]


_ACTION_MEANINGS: Final = {
    Action.OK: "yes: confirm what the screen asks",
    Action.NO: "no: decline or cancel what the screen asks",
    Action.UNDO: "undo the last recorded move",
    Action.END_PHASE: "end the current phase",
    Action.PASS: "pass: let this moment go by without responding or acting",
}


def _check_number(name: str, value: int, numbers: range, width: int) -> None:
    """Refuse a number that a `width`-digit body of this kind cannot carry."""
    if type(value) is not int:
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    if value not in numbers:
        raise PayloadError(Fault.OUT_OF_RANGE, _range_reason(name, value, numbers, width))


def _range_reason(name: str, value: int, numbers: range, width: int) -> str:
    low, high = numbers[0], numbers[-1]
    return f"{name} {value:0{width}d} is out of range {low:0{width}d}-{high:0{width}d}"


@dataclass(frozen=True, slots=True)
class CardTag:
    """A game card's sticker (kind ``C``): its catalogue id, 1-213.

    Which card an id stands for is the engine catalogue's business.

    >>> CardTag(42)
    CardTag(card_id=42)
    >>> str(CardTag(1))
    'SG1C001Y'
    """

    card_id: int

    def __post_init__(self) -> None:
        _check_number("card id", self.card_id, CARD_IDS, 3)

    def __str__(self) -> str:
        return encode(self)


@dataclass(frozen=True, slots=True)
class GeneralTag:
    """A general's sticker (kind ``G``): a number, 1-999.

    >>> str(GeneralTag(1))
    'SG1G0017'
    """

    number: int

    def __post_init__(self) -> None:
        _check_number("general number", self.number, GENERAL_NUMBERS, 3)

    def __str__(self) -> str:
        return encode(self)


@dataclass(frozen=True, slots=True)
class RoleTag:
    """A role card's sticker (kind ``R``): a number, 1-9.

    The number is all vision knows; the assistant maps it to a role
    (docs/payload.md proposes a numbering that, once printed, stays).

    >>> str(RoleTag(1))
    'SG1R1L'
    """

    number: int

    def __post_init__(self) -> None:
        _check_number("role card number", self.number, ROLE_NUMBERS, 1)

    def __str__(self) -> str:
        return encode(self)


@dataclass(frozen=True, slots=True)
class SeatTag:
    """A seat marker's sticker (kind ``S``): the seat, 1-10.

    >>> str(SeatTag(5))
    'SG1S05S'
    """

    seat: int

    def __post_init__(self) -> None:
        _check_number("seat", self.seat, SEATS, 2)

    def __str__(self) -> str:
        return encode(self)


@dataclass(frozen=True, slots=True)
class ActionTag:
    """An action token's sticker (kind ``A``).

    >>> ActionTag(Action.OK)
    ActionTag(action=Action.OK)
    >>> str(ActionTag(Action.OK))
    'SG1AOK7'
    """

    action: Action

    def __post_init__(self) -> None:
        if not isinstance(self.action, Action):
            raise TypeError(f"action must be an Action, not {type(self.action).__name__}")

    def __repr__(self) -> str:
        # Like the other tags, a repr that evaluates back to the tag.
        return f"ActionTag(action=Action.{self.action.name})"

    def __str__(self) -> str:
        return encode(self)


Tag: TypeAlias = CardTag | GeneralTag | RoleTag | SeatTag | ActionTag
"""Any value a sticker can carry."""


def check_character(body: str) -> str:
    """The ISO/IEC 7064 MOD 37,36 hybrid check character for `body`.

    `body` may hold only ``0-9 A-Z``; anything else is a `ValueError`.

    >>> check_character("A12425GABC1234002")  # the standard's GRid example
    'M'
    >>> check_character("SG1AOK")
    '7'
    """
    product = _MODULUS
    for position, character in enumerate(body):
        value = _VALUES.get(character)
        if value is None:
            raise ValueError(
                f"character {character!r} at position {position} of {_show(body)} "
                "is outside 0-9 A-Z"
            )
        total = (product + value) % _MODULUS or _MODULUS
        product = total * 2 % (_MODULUS + 1)
    return ALPHABET[(_MODULUS + 1 - product) % _MODULUS]


def encode(tag: Tag) -> str:
    """The payload printed on the sticker for `tag`; ``str(tag)`` gives the same.

    >>> encode(CardTag(160))
    'SG1C1604'
    >>> encode(ActionTag(Action.UNDO))
    'SG1AUNC'
    """
    match tag:
        case CardTag(card_id=number):
            kind_body = f"C{number:03d}"
        case GeneralTag(number=number):
            kind_body = f"G{number:03d}"
        case RoleTag(number=number):
            kind_body = f"R{number:01d}"
        case SeatTag(seat=number):
            kind_body = f"S{number:02d}"
        case ActionTag(action=action):
            kind_body = f"A{action.value}"
        case _:
            raise TypeError(f"not a sticker tag: {type(tag).__name__}")
    unchecked = _HEAD + kind_body
    return unchecked + check_character(unchecked)


@dataclass(frozen=True, slots=True)
class _Kind:
    """How the body of one kind is spelled."""

    letter: str
    noun: str  # "card payload ..."
    number_name: str  # "card id 214 is out of range ..."; empty for actions
    width: int
    numbers: range | None  # None: the body is letters (actions)

    @property
    def length(self) -> int:
        return len(_HEAD) + 1 + self.width + 1

    @property
    def layout(self) -> str:
        body = f"{self.width} digits" if self.numbers is not None else f"{self.width} letters"
        return f"{_HEAD}{self.letter} + {body} + check"


_KINDS: Final = {
    kind.letter: kind
    for kind in (
        _Kind("C", "card", "card id", 3, CARD_IDS),
        _Kind("G", "general", "general number", 3, GENERAL_NUMBERS),
        _Kind("R", "role", "role card number", 1, ROLE_NUMBERS),
        _Kind("S", "seat", "seat", 2, SEATS),
        _Kind("A", "action", "", 2, None),
    )
}
_KNOWN_KINDS: Final = "C card, G general, R role, S seat, A action"
_KNOWN_ACTIONS: Final = ", ".join(action.value for action in Action)


def parse(payload: str) -> Tag:
    """The tag a payload carries; `PayloadError` if it is not exactly a payload.

    >>> parse("SG1G0017")
    GeneralTag(number=1)
    >>> parse("SG1R1L")
    RoleTag(number=1)
    >>> parse("SG1C042X")
    Traceback (most recent call last):
    ...
    vision.payload.PayloadError: 'SG1C042X': check character 'X' does not match \
'G' computed over 'SG1C042' (misprinted or altered sticker)
    """
    text = _plain_text(payload)
    kind = _kind_of(text)
    body = _body_of(text, kind)
    unchecked, check = text[:-1], text[-1]
    expected = check_character(unchecked)
    if check != expected:
        raise PayloadError(
            Fault.BAD_CHECK,
            f"check character {check!r} does not match {expected!r} computed over "
            f"{unchecked!r} (misprinted or altered sticker)",
            text,
        )
    if kind.numbers is None:
        try:
            return ActionTag(Action(body))
        except ValueError:
            raise PayloadError(
                Fault.UNKNOWN_ACTION,
                f"unknown action code {body!r} (known: {_KNOWN_ACTIONS})",
                text,
            ) from None
    number = int(body)
    if number not in kind.numbers:
        raise PayloadError(
            Fault.OUT_OF_RANGE,
            _range_reason(kind.number_name, number, kind.numbers, kind.width),
            text,
        )
    match kind.letter:
        case "C":
            return CardTag(number)
        case "G":
            return GeneralTag(number)
        case "R":
            return RoleTag(number)
        case _:
            return SeatTag(number)


def _plain_text(payload: object) -> str:
    """`payload` itself if it is a non-empty string of ``0-9 A-Z`` only."""
    if not isinstance(payload, str):
        raise PayloadError(
            Fault.NOT_TEXT,
            f"a payload is text (str), not {type(payload).__name__}; "
            "decode the QR data as ASCII first",
            payload if isinstance(payload, bytes | bytearray) else None,
        )
    if not payload:
        raise PayloadError(Fault.EMPTY, "empty text is not a payload", payload)
    if _ONLY_ALPHABET.fullmatch(payload):
        return payload
    foreign = _FOREIGN.match(payload)
    if foreign:
        raise PayloadError(
            Fault.URI,
            f"a link or other QR content ({foreign.group()!r}...), not an sgs-table sticker",
            payload,
        )
    for position, character in enumerate(payload):
        if character not in _VALUES:
            raise _character_fault(payload, position, character)
    raise AssertionError("unreachable: the text matched no pattern")  # pragma: no cover


def _character_fault(payload: str, position: int, character: str) -> PayloadError:
    at = f"at position {position}"
    point = ord(character)
    if point > 0x7F:
        if 0xFF01 <= point <= 0xFF5E or point == 0x3000:
            return PayloadError(
                Fault.FULL_WIDTH,
                f"full-width character {character!r} {at}; stickers use plain ASCII",
                payload,
            )
        return PayloadError(
            Fault.NON_ASCII,
            f"non-ASCII character {character!r} (U+{point:04X}) {at}",
            payload,
        )
    if character in _WHITESPACE:
        return PayloadError(
            Fault.WHITESPACE,
            f"whitespace {character!r} {at}; a payload has no spaces or line breaks "
            "and is never stripped",
            payload,
        )
    if point < 0x20 or point == 0x7F:
        return PayloadError(Fault.CONTROL, f"control character U+{point:04X} {at}", payload)
    if "a" <= character <= "z":
        return PayloadError(
            Fault.LOWER_CASE,
            f"lower-case letter {character!r} {at}; stickers are upper case "
            "and a reading is never up-cased",
            payload,
        )
    return PayloadError(
        Fault.BAD_CHARACTER, f"character {character!r} {at} is outside 0-9 A-Z", payload
    )


def _kind_of(text: str) -> _Kind:
    """The kind named by the head ``SG1`` + kind letter of `text`."""
    if not text.startswith(PREFIX):
        if PREFIX.startswith(text):
            raise _truncated(text)
        raise PayloadError(
            Fault.BAD_PREFIX,
            f"starts with {text[:2]!r}, not {PREFIX!r}; not an sgs-table sticker",
            text,
        )
    if len(text) == len(PREFIX):
        raise _truncated(text)
    version = text[len(PREFIX)]
    if not version.isdigit():
        raise PayloadError(
            Fault.BAD_VERSION,
            f"{version!r} where the format version digit belongs, after {PREFIX!r}",
            text,
        )
    if version != FORMAT_VERSION:
        raise PayloadError(
            Fault.UNSUPPORTED_VERSION,
            f"format version {version} is not supported (this reader knows version "
            f"{FORMAT_VERSION})",
            text,
        )
    if len(text) == len(_HEAD):
        raise _truncated(text)
    letter = text[len(_HEAD)]
    kind = _KINDS.get(letter)
    if kind is None:
        raise PayloadError(
            Fault.UNKNOWN_KIND, f"unknown kind {letter!r} (known: {_KNOWN_KINDS})", text
        )
    return kind


def _truncated(text: str) -> PayloadError:
    return PayloadError(
        Fault.TRUNCATED,
        f"ends after {len(text)} character{'s' if len(text) > 1 else ''}, "
        f"before its kind letter ({_HEAD} + C, G, R, S or A)",
        text,
    )


def _body_of(text: str, kind: _Kind) -> str:
    """The body of `text` once its length and characters fit `kind`."""
    start = len(_HEAD) + 1
    if len(text) < kind.length:
        # A payload one short may be a whole body whose check was left off
        # (a label written by hand) or a short body with its check: the
        # reason says so only as a possibility, it never decides.
        hint = ""
        if len(text) == kind.length - 1 and _body_spelled(text[start:], kind):
            hint = (
                f"; if the check character was left off, {text!r} needs {check_character(text)!r}"
            )
        raise PayloadError(
            Fault.TOO_SHORT,
            f"{kind.noun} payload too short: {len(text)} characters, needs {kind.length} "
            f"({kind.layout}){hint}",
            text,
        )
    if len(text) > kind.length:
        raise PayloadError(
            Fault.TOO_LONG,
            f"{kind.noun} payload too long: {len(text)} characters, needs {kind.length} "
            f"({kind.layout})",
            text,
        )
    body = text[start:-1]
    if not _body_spelled(body, kind):
        if kind.numbers is None:
            raise PayloadError(
                Fault.NOT_LETTERS,
                f"action code must be {kind.width} letters, found {body!r}",
                text,
            )
        raise PayloadError(
            Fault.NOT_DIGITS,
            f"{kind.number_name} must be {kind.width} digit{'s' if kind.width > 1 else ''}, "
            f"found {body!r}",
            text,
        )
    return body


def _body_spelled(body: str, kind: _Kind) -> bool:
    """Whether `body` (already known to be ``0-9 A-Z``) has the kind's characters."""
    if kind.numbers is None:
        return body.isalpha()
    return body.isdigit()


_LONGEST: Final = 8  # characters of the longest payload (card and general)
# Faults whose reason holds no character of the text, only lengths, a version
# digit or a number: these reasons are safe to give for any text.
_TEXT_FREE: Final = frozenset(
    {Fault.NOT_TEXT, Fault.EMPTY, Fault.TRUNCATED, Fault.UNSUPPORTED_VERSION, Fault.TOO_LONG}
)
_FAULT_WORDS: Final = {
    Fault.FULL_WIDTH: "text with full-width characters",
    Fault.NON_ASCII: "text with characters outside ASCII",
    Fault.CONTROL: "text with control characters",
    Fault.WHITESPACE: "text with spaces or line breaks",
    Fault.LOWER_CASE: "text with lower-case letters",
    Fault.BAD_CHARACTER: "text with characters outside 0-9 A-Z",
    Fault.BAD_PREFIX: "text not starting with SG",
}
_WEB_SCHEMES: Final = frozenset({"http://", "https://", "www."})


def _sticker_like(text: str) -> bool:
    """Whether ``text`` may be one of our stickers, damaged: short, ASCII, starting with SG."""
    return (
        text.startswith(PREFIX) and len(text) <= _LONGEST and text.isascii() and text.isprintable()
    )


def _foreign_words(code: Fault, text: str) -> str:
    """What a text that is not a sticker is, in a few words holding none of its characters."""
    if code is Fault.URI:
        found = _FOREIGN.match(text)
        scheme = found.group().lower() if found else ""
        if scheme in _WEB_SCHEMES:
            return "a web link"
        if scheme.endswith(":") and not scheme.endswith("://"):  # a name _FOREIGN lists
            return f"a {scheme.removesuffix(':').upper()} code"
        return "a link"  # any other scheme is not named: it is part of the text
    return _FAULT_WORDS.get(code, "text that is not a payload")


def _show(payload: object) -> str:
    """`payload` quoted on one printable line, shortened when long."""
    if isinstance(payload, str | bytes | bytearray) and len(payload) > _SHOW_LIMIT:
        return f"{payload[:_SHOW_LIMIT]!r}... ({len(payload)} characters)"
    return repr(payload)
