"""Every skill of the generals and every equipment effect, as rules.

Find a standard general's skill by its key (``generals/standard.toml``) in the
module of its kingdom; a 神话再临 general's in the module of its key in the
package of its pack (``wind``, ``fire``, ``forest``, ``mountain``); an
equipment card by its kind key (``card_kinds.toml``) in ``equipment``;
``registry`` says what a rule is and how the settlement uses it. Importing
this package registers them all.
"""

from engine.registry import AT_POINT, COMPULSORY, RULES, Rule
from engine.skills import equipment, fire, forest, modes, mountain, qun, shu, wei, wind, wu

__all__ = [
    "AT_POINT",
    "COMPULSORY",
    "RULES",
    "Rule",
    "equipment",
    "fire",
    "forest",
    "modes",
    "mountain",
    "qun",
    "shu",
    "wei",
    "wind",
    "wu",
]
