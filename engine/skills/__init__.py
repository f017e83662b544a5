"""Every skill of the standard generals and every equipment effect, as rules.

Find a skill by its key (``generals.toml``) or an equipment card by its kind
key (``card_kinds.toml``) in the module of its kingdom or in ``equipment``;
``registry`` says what a rule is and how the settlement uses it. Importing
this package registers them all.
"""

from engine.registry import AT_POINT, COMPULSORY, RULES, Rule
from engine.skills import equipment, modes, qun, shu, wei, wu

__all__ = [
    "AT_POINT",
    "COMPULSORY",
    "RULES",
    "Rule",
    "equipment",
    "modes",
    "qun",
    "shu",
    "wei",
    "wu",
]
