"""Words the command line's tables share: card types, packages, genders, winners, statuses.

Each function words a key of the engine's or the store's in the language in
use; a key it does not know stays as it is.

>>> side_name("rebel"), side_name("lord", "1v1"), side_name("wei"), side_name("x")
('rebel', 'first player', '魏', 'x')
"""

from __future__ import annotations

from assistant.i18n import (
    card_name,
    gender_name,
    general_name,
    kingdom_name,
    package_name,
    pgettext,
    role_name,
    subtype_name,
    type_name,
)
from engine.catalogue import standard_catalogue
from engine.derived import kind
from engine.generals import Kingdom
from engine.state import Role

__all__ = [
    "card_key_name",
    "gender_name",
    "general_key_name",
    "package_name",
    "side_name",
    "status_name",
    "subtype_name",
    "type_name",
]


def card_key_name(key: str) -> str:
    """The name of the card kind whose key is ``key`` (sha -> 杀); an unknown key as it is."""
    try:
        return card_name(kind(key))
    except KeyError:
        return key


def general_key_name(key: str) -> str:
    """The name of the general whose key is ``key`` (a key of no general stays as it is)."""
    try:
        return general_name(standard_catalogue().general(key))
    except KeyError:
        return key


def status_name(status: str) -> str:
    """A stored game's status (``playing``, ``over``)."""
    names = {
        "playing": pgettext("game status", "playing"),
        "over": pgettext("game status", "over"),
    }
    return names.get(status, status)


def side_name(side: str, mode: str = "identity") -> str:
    """The side a key names (a game's ``winner``, a seat's side): a role as the mode
    names it, a kingdom, a 3v3 side, the careerist, or a draw."""
    if side in {r.value for r in Role}:
        return role_name(Role(side), mode)
    if side in {k.value for k in Kingdom}:
        return kingdom_name(side)
    names = {
        "warm": pgettext("side", "warm side"),
        "cold": pgettext("side", "cold side"),
        "careerist": pgettext("side", "careerist"),
        "draw": pgettext("side", "draw"),
    }
    return names.get(side, side)
