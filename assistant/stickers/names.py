"""What a sticker names, in the catalogue's words: the line a scan or a sighting prints.

>>> describe_tag(CardTag(42))
'card 42 闪♦9'
>>> describe_tag(SeatTag(5))
'seat 5'
"""

from __future__ import annotations

from assistant.i18n import SOURCE, _, card_name, general_name, language, pgettext, role_name
from assistant.terms import ROLE_CARDS
from engine.catalogue import standard_catalogue
from engine.state import Role
from vision.payload import (
    Action,
    ActionTag,
    CardTag,
    Fault,
    GeneralTag,
    PayloadError,
    RoleTag,
    SeatTag,
    Tag,
)

__all__ = ["action_name", "describe_tag", "role_card_name", "sticker_problem"]

_ROLE_KEYS = {number: english for number, _chinese, english, _copies in ROLE_CARDS}


def action_name(action: Action) -> str:
    """What an action token says (确定, 取消 ...), in the language in use."""
    names = {
        Action.OK: pgettext("action token", "confirm"),
        Action.NO: pgettext("action token", "cancel"),
        Action.UNDO: pgettext("action token", "undo"),
        Action.END_PHASE: pgettext("action token", "end phase"),
        Action.PASS: pgettext("action token", "pass"),
    }
    return names[action]


def role_card_name(number: int) -> str | None:
    """The role a role card's number names (1 主公 ...), in the language in use."""
    key = _ROLE_KEYS.get(number)
    return role_name(Role(key)) if key is not None else None


def describe_tag(tag: Tag) -> str:
    """What a sticker names, in the catalogue's words."""
    catalogue = standard_catalogue()
    match tag:
        case CardTag(card_id=card_id):
            try:
                card = catalogue.card(card_id)
            except KeyError:
                return _("card {id}").format(id=card_id)
            named = f"{card_name(card)}{card.face}"
            return _("card {id} {card}").format(id=card_id, card=named)
        case GeneralTag(number=number):
            found = catalogue.general_numbered(number)
            if found is not None:
                general = general_name(found)
                return _("general {number} {general}").format(number=number, general=general)
            return _("general {number}").format(number=number)
        case RoleTag(number=number):
            role = role_card_name(number)
            if role is None:
                return _("role {number}").format(number=number)
            return _("role {number} {role}").format(number=number, role=role)
        case SeatTag(seat=seat):
            return _("seat {seat}").format(seat=seat)
        case ActionTag(action=action):
            return _("action {action} {name}").format(action=action.value, name=action_name(action))
    raise TypeError(f"not a sticker tag: {tag!r}")  # pragma: no cover


def _problems() -> dict[Fault, str]:
    characters = _("characters no sticker has")
    return {
        Fault.NOT_TEXT: _("not text"),
        Fault.EMPTY: _("nothing was read"),
        Fault.URI: _("another QR code (a link, a Wi-Fi login ...), not a sticker"),
        Fault.FULL_WIDTH: characters,
        Fault.NON_ASCII: characters,
        Fault.CONTROL: characters,
        Fault.WHITESPACE: characters,
        Fault.LOWER_CASE: characters,
        Fault.BAD_CHARACTER: characters,
        Fault.TRUNCATED: _("cut short: part of the sticker was not read"),
        Fault.TOO_SHORT: _("cut short: part of the sticker was not read"),
        Fault.TOO_LONG: _("too long for a sticker"),
        Fault.BAD_PREFIX: _("not an sgs-table sticker"),
        Fault.BAD_VERSION: _("a sticker format this version does not read"),
        Fault.UNSUPPORTED_VERSION: _("a sticker format this version does not read"),
        Fault.UNKNOWN_KIND: _("an unknown kind of sticker"),
        Fault.NOT_DIGITS: _("a damaged sticker: its number is not all digits"),
        Fault.NOT_LETTERS: _("a damaged sticker: its action code is not all letters"),
        Fault.BAD_CHECK: _("the check character does not match: a misprinted or altered sticker"),
        Fault.OUT_OF_RANGE: _("a number no sticker carries"),
        Fault.UNKNOWN_ACTION: _("an unknown action token"),
    }


def sticker_problem(error: PayloadError) -> str:
    """Why a text read is not a sticker, in the language in use; one line.

    The source's messages (``C``) keep vision's own detailed reason
    (`PayloadError.summary`); a language says what kind of fault it is. Either
    way only a damaged sticker's text is quoted, never another QR code's.
    """
    if language() == SOURCE:
        return error.summary
    problem = _problems()[error.code]
    text = error.quotable
    return (
        problem if text is None else _("{text}: {problem}").format(text=repr(text), problem=problem)
    )
