"""What a sticker names, in the catalogue's words: the line a scan or a sighting prints.

>>> describe_tag(CardTag(42))
'card 42 闪♦9'
>>> describe_tag(SeatTag(5))
'seat 5'
"""

from __future__ import annotations

from typing import Final

from assistant.terms import ACTION_LABELS, ROLE_CARDS
from engine.catalogue import standard_catalogue
from vision.payload import ActionTag, CardTag, GeneralTag, RoleTag, SeatTag, Tag

__all__ = ["describe_tag"]

_ROLE_NAMES: Final = {number: f"{chinese} {english}" for number, chinese, english, _ in ROLE_CARDS}


def describe_tag(tag: Tag) -> str:
    """What a sticker names, in the catalogue's words."""
    catalogue = standard_catalogue()
    match tag:
        case CardTag(card_id=card_id):
            try:
                card = catalogue.card(card_id)
            except KeyError:
                return f"card {card_id}"
            return f"card {card_id} {card.name}{card.face}"
        case GeneralTag(number=number):
            generals = catalogue.generals
            if number <= len(generals):
                return f"general {number} {generals[number - 1].name}"
            return f"general {number}"
        case RoleTag(number=number):
            role = _ROLE_NAMES.get(number)
            return f"role {number} {role}" if role else f"role {number}"
        case SeatTag(seat=seat):
            return f"seat {seat}"
        case ActionTag(action=action):
            chinese, english = ACTION_LABELS[action]
            return f"action {action.value} {chinese} {english}"
    raise TypeError(f"not a sticker tag: {tag!r}")  # pragma: no cover
