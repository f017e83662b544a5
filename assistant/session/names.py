"""Names the session shows, in the language in use: rules by key, seats, roles by word.

The engine names a rule (a skill, or an equipment card's effect) in Chinese
(`engine.registry.rule_name`), which is also the word a table script may use;
what a player reads goes through the catalogs instead.

>>> from assistant.i18n import set_language
>>> chosen = set_language("C")
>>> rule_label("rende"), rule_label("spear"), rule_label("no such rule")
('仁德', '丈八蛇矛', 'no such rule')
>>> rule_label("jiemeng"), rule_label("huimeng_end"), rule_label("feiyang")
('结盟', '毁盟', '飞扬')
"""

from __future__ import annotations

from functools import cache

from assistant.i18n import card_name, general_name, role_name, skill_name
from engine.catalogue import on_new_generals, standard_catalogue
from engine.generals import Skill
from engine.state import GameState, Role

__all__ = ["role_label", "rule_label", "shown_general"]


@cache
def _skills() -> dict[str, Skill]:
    """Every skill by key: the generals' and the modes' (逐鹿天下's 结盟 ...)."""
    return standard_catalogue().skills()


on_new_generals(lambda _new: _skills.cache_clear())


def rule_label(key: str) -> str:
    """A rule by its key, as a player reads it: the skill's name, or the equipment card's."""
    skill = _skills().get(key)
    if skill is not None:
        return skill_name(skill)
    kinds = standard_catalogue().kinds
    return card_name(kinds[key]) if key in kinds else key


def role_label(role: str, mode: str = "identity") -> str:
    """A role by its value (``lord``), as the mode names it; an unknown word as it is."""
    try:
        return role_name(Role(role), mode)
    except ValueError:
        return role


def shown_general(state: GameState, seat: int) -> str:
    """The name of the seat's face-up general ('' when none is known or shown)."""
    s = state.seat(seat)
    shown = [g for g in s.generals if g not in s.hidden]
    return general_name(standard_catalogue().general(shown[0])) if shown else ""
