"""Words in the language in use: gettext's functions, game names, and the engine's sentences.

``_`` (gettext), ``ngettext``, ``pgettext`` and ``npgettext`` translate in
the language `assistant.i18n.languages.language` names; ``N_`` only marks a
message for the catalogs, for a table of words translated where it is shown.
`tr` words anything the engine says: a `~engine.text.Text`, an
`~engine.table.IllegalMove`, a card, a phase ...

Names are translated with a context, so a word that is both a card and a
skill (or a general's name) can differ between languages: ``card``,
``general``, ``skill``, ``skill text``, ``kingdom``, ``phase``, ``role``.
The message ids of names are the Chinese names of the catalogue's data, the
game's own language; everything else has an English message id.

>>> from assistant.i18n.languages import set_language
>>> from engine.text import say
>>> chosen = set_language("en")
>>> tr(say("seat {seat} is dead", seat=3))
'seat 3 is dead'
>>> phase_name(Phase.PLAY)
'play phase'
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum
from typing import Final

from assistant.i18n.languages import catalog, language
from engine.cards import Card, CardKind, CardType, Colour, Element, Package, Subtype, Suit
from engine.frames import Point
from engine.generals import Gender, General, Kingdom, Skill
from engine.modes import Mode
from engine.state import Phase, Role
from engine.table import IllegalMove
from engine.text import Text

__all__ = [
    "HUASHEN_MARK",
    "N_",
    "_",
    "card_name",
    "card_text",
    "careerist_name",
    "colour_name",
    "element_name",
    "gender_name",
    "general_name",
    "general_package_name",
    "gettext",
    "join_list",
    "kingdom_name",
    "mark_name",
    "mode_name",
    "ngettext",
    "npgettext",
    "package_name",
    "pgettext",
    "phase_name",
    "point_name",
    "role_name",
    "skill_name",
    "skill_text",
    "subtype_name",
    "tr",
    "type_name",
    "variant_name",
]


def gettext(message: str) -> str:
    """``message`` (an English message id) in the language in use."""
    return catalog(language()).gettext(message)


_ = gettext


def N_(message: str) -> str:
    """Marks ``message`` for the catalogs without translating it (yet)."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the number ``n``, in the language in use."""
    return catalog(language()).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in ``context`` (a name: ``card``, ``general``, ``skill`` ...)."""
    return catalog(language()).pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return catalog(language()).npgettext(context, singular, plural, n)


# ---------------------------------------------------------------- names
# The tables hold message ids: the functions word them in the language in use.

_ROLE_NAMES: Final = {
    Role.LORD: N_("lord"),
    Role.LOYALIST: N_("loyalist"),
    Role.REBEL: N_("rebel"),
    Role.RENEGADE: N_("renegade"),
    Role.CIVILIAN: N_("civilian"),
}
# Modes that use the identity roles as team markers name them their own way (rules 001).
_MODE_ROLE_NAMES: Final = {
    "3v3": {
        Role.LORD: N_("warm marshal"),
        Role.LOYALIST: N_("warm vanguard"),
        Role.RENEGADE: N_("cold marshal"),
        Role.REBEL: N_("cold vanguard"),
    },
    "1v1": {Role.LORD: N_("first player"), Role.RENEGADE: N_("second player")},
    # 新1V1: the 内奸 card makes the 先手 (rules 001 line 116)
    "new1v1": {Role.RENEGADE: N_("first player"), Role.LORD: N_("second player")},
    # TRANSLATORS: 斗地主's landlord (地主), the role; English: "landlord"
    "doudizhu": {Role.LORD: N_("landlord (role)"), Role.REBEL: N_("farmer")},
    "zhuhou": {
        Role.REBEL: N_("coalition player"),
        Role.LORD: N_("level leader"),
        Role.LOYALIST: N_("soldier"),
    },
    # 虎牢关: 神吕布 against the allies (联军)
    "hulao": {Role.LORD: N_("Lü Bu (role)"), Role.REBEL: N_("ally")},
}

_PHASE_NAMES: Final = {
    Phase.SETUP: N_("setup"),
    Phase.START: N_("start phase"),
    Phase.PREPARATION: N_("preparation phase"),
    Phase.JUDGEMENT: N_("judgement phase"),
    Phase.DRAW: N_("draw phase"),
    Phase.PLAY: N_("play phase"),
    Phase.DISCARD: N_("discard phase"),
    Phase.END: N_("end phase"),
    Phase.OVER: N_("game over"),
}

_VARIANT_NAMES: Final = {
    "": N_("standard"),
    "two_renegades": N_("two renegades"),
    "international": N_("international"),
    "qunxiong": N_("heroes' saga"),  # 群雄演义 (rules 003)
    # TRANSLATORS: 诸侯伐董's special level (特殊关卡): six AI seats, one the players' ally
    "special": N_("special level"),
    "cold_first": N_("cold side first"),
    # TRANSLATORS: 1V1's 四禁: 孙权, 曹操, 华佗, 吕蒙 left out (rules 001)
    "four_bans": N_("four bans"),
    # TRANSLATORS: 虎牢关's reshuffle rule: the first reshuffle turns 吕布, the third is a draw
    "reshuffle": N_("reshuffle rule"),
    # TRANSLATORS: 虎牢关 as 无名杀 (noname) plays it: 吕布 discards his equipment as he turns
    "noname": N_("Noname's rules"),
}
_MODE_NAMES: Final = {
    "identity": N_("identity"),
    "1v1": N_("1v1"),
    "2v2": N_("2v2"),
    "3v3": N_("3v3"),
    "hegemony": N_("hegemony"),
    "new1v1": N_("new 1v1"),
    "zhulu": N_("chasing the deer"),
    "doudizhu": N_("landlord"),
    "zhongdan": N_("loyal hero"),
    "zhuhou": N_("coalition against Dong Zhuo"),
    "xuezhan": N_("fight to the end"),
    "jiange": N_("Jiange defence"),
    "hulao": N_("Hulao Pass"),
}
_KINGDOM_KEYS: Final = {
    "wei": "魏",
    "shu": "蜀",
    "wu": "吴",
    "qun": "群",
    "god": "神",
    "han": "汉",
    "yi": "夷",
    "rong": "戎",
    "man": "蛮",
    "di": "狄",
}


def role_name(role: Role, mode: str = "identity") -> str:
    """A role as the mode names it: 主公 in identity, 暖色主帅 in 3v3, 先手 in 1v1."""
    own = _MODE_ROLE_NAMES.get(mode, {}).get(role)
    return _(own if own is not None else _ROLE_NAMES[role])


def phase_name(phase: Phase) -> str:
    """A phase as the table screen's heading names it (出牌阶段)."""
    return _(_PHASE_NAMES[phase])


def mode_name(mode: str) -> str:
    """A mode by its key (``identity`` -> 身份局); an unknown key as it is."""
    name = _MODE_NAMES.get(mode)
    return _(name) if name is not None else mode


def variant_name(variant: str) -> str:
    """A mode variant by its key (``""`` is the standard game); an unknown key as it is."""
    name = _VARIANT_NAMES.get(variant)
    return _(name) if name is not None else variant


def kingdom_name(kingdom: str | Kingdom) -> str:
    """A kingdom by its key (``wei`` -> 魏); an unknown key as it is."""
    if isinstance(kingdom, Kingdom):
        kingdom = kingdom.value
    name = _KINGDOM_KEYS.get(kingdom)
    return pgettext("kingdom", name) if name is not None else kingdom


def careerist_name(mark: str) -> str:
    """A careerist (野心家) with the mark of his camp, his surname (群雄演义's 国战)."""
    if not mark:
        return pgettext("side", "careerist")
    # TRANSLATORS: a careerist (野心家) and the surname his mark shows (野心家·刘)
    return _("careerist ({surname})").format(surname=mark)


def card_name(kind: CardKind | Card) -> str:
    """A card's name (杀, 青龙偃月刀 ...) in the language in use."""
    if isinstance(kind, Card):
        kind = kind.kind
    return pgettext("card", kind.name)


def card_text(c: Card) -> str:
    """A physical card as the log names it: ``#8 杀♣2``."""
    return f"#{c.id} {card_name(c.kind)}{c.face}"


def general_name(general: General) -> str:
    return pgettext("general", general.name)


def skill_name(skill: Skill) -> str:
    return pgettext("skill", skill.name)


def skill_text(skill: Skill) -> str:
    """What a skill does, in short."""
    return pgettext("skill text", skill.text)


def join_list(items: Iterable[object]) -> str:
    """Items one after the other, as the language lists them (``1、3、5`` or ``1, 3, 5``)."""
    # TRANSLATORS: what separates the items of a list (Chinese and Japanese: 、)
    return pgettext("list separator", ", ").join(tr(item) for item in items)


def type_name(kind: CardType) -> str:
    """A card type (basic, trick, delayed trick, equipment)."""
    return {
        CardType.BASIC: pgettext("card type", "basic"),
        CardType.TRICK: pgettext("card type", "trick"),
        CardType.DELAYED_TRICK: pgettext("card type", "delayed trick"),
        CardType.EQUIPMENT: pgettext("card type", "equipment"),
    }[kind]


def subtype_name(subtype: Subtype) -> str:
    """An equipment slot (weapon, armour, +1 horse ...)."""
    return {
        Subtype.WEAPON: pgettext("card type", "weapon"),
        Subtype.ARMOUR: pgettext("card type", "armour"),
        Subtype.DEFENSIVE_HORSE: pgettext("card type", "+1 horse"),
        Subtype.OFFENSIVE_HORSE: pgettext("card type", "-1 horse"),
        Subtype.TREASURE: pgettext("card type", "treasure"),
    }[subtype]


# The marks skills put on a seat (Seat.marks), by key: what the table screen calls
# them. A mark not named here is not shown (a mode's own marks have their heading).
_MARK_NAMES: Final[dict[str, str]] = {
    # TRANSLATORS: 神司马懿's 忍戒 marks (忍)
    "ren": N_("忍"),
    # TRANSLATORS: 神吕布's 狂暴 marks (暴怒)
    "baonu": N_("暴怒"),
    # TRANSLATORS: 神关羽's 武魂 marks on the damage sources (梦魇)
    "nightmare": N_("梦魇"),
    # TRANSLATORS: 神诸葛亮's 狂风 mark (fire damage +1 until his next turn)
    "kuangfeng": N_("狂风"),
    # TRANSLATORS: 神诸葛亮's 大雾 mark (damage but thunder prevented until his next turn)
    "dawu": N_("大雾"),
    # TRANSLATORS: 断肠: the seat has lost every skill
    "skilless": N_("断肠"),
}
# 左慈's 化身 cards (a general's key after the prefix): 1 face down, 2 shown.
HUASHEN_MARK: Final = "huashen_"


def mark_name(key: str) -> str | None:
    """A skill's mark (忍, 暴怒, 梦魇 ...) in the language in use; None for a mark the
    table screen does not show."""
    name = _MARK_NAMES.get(key)
    return _(name) if name is not None else None


def general_package_name(package: str) -> str:
    """A package of generals (standard, 风 wind ...); a table's own by its name."""
    names = {
        "standard": pgettext("general package", "standard"),
        "wind": pgettext("general package", "wind"),
        "fire": pgettext("general package", "fire"),
        "forest": pgettext("general package", "forest"),
        "mountain": pgettext("general package", "mountain"),
    }
    return names.get(package, package)


def package_name(package: Package) -> str:
    """A card package (standard, EX, maneuvering)."""
    return {
        Package.STANDARD: pgettext("card package", "standard"),
        Package.EX: pgettext("card package", "EX"),
        Package.MANEUVERING: pgettext("card package", "maneuvering"),
        Package.NEW1V1: pgettext("card package", "new 1v1"),
        Package.ZHULU: pgettext("card package", "chasing the deer"),
    }[package]


def gender_name(gender: Gender) -> str:
    return {
        Gender.MALE: pgettext("gender", "male"),
        Gender.FEMALE: pgettext("gender", "female"),
    }[gender]


def _point_names() -> dict[Point, str]:
    """The timing points as rules 003 names them (使用牌时 ...), in the language in use."""
    return {
        Point.DECLARE: pgettext("timing point", "declare"),
        Point.CHOOSE_TARGETS: pgettext("timing point", "choose targets"),
        Point.BECOME_TARGET: pgettext("timing point", "become a target"),
        Point.AFTER_TARGETING: pgettext("timing point", "after targeting"),
        Point.RESPOND: pgettext("timing point", "respond"),
        Point.TAKE_EFFECT: pgettext("timing point", "take effect"),
        Point.TO_DISCARD: pgettext("timing point", "to the discard pile"),
        Point.BEFORE_CAUSING: pgettext("timing point", "before causing damage"),
        Point.CAUSING: pgettext("timing point", "causing damage"),
        Point.RECEIVING: pgettext("timing point", "receiving damage"),
        Point.HP_CHANGE: pgettext("timing point", "losing HP"),
        Point.AFTER_DAMAGE: pgettext("timing point", "after damage"),
        Point.DYING: pgettext("timing point", "dying"),
        Point.DEATH: pgettext("timing point", "death"),
        Point.JUDGEMENT: pgettext("timing point", "judgement"),
        Point.DRAW: pgettext("timing point", "draw"),
        Point.WAIT: pgettext("timing point", "waiting for a choice"),
        Point.DODGED: pgettext("timing point", "after being answered"),
        Point.JUDGE_BEFORE: pgettext("timing point", "before the judgement takes effect"),
        Point.JUDGE_AFTER: pgettext("timing point", "after the judgement took effect"),
        Point.SHAN_NEEDED: pgettext("timing point", "a Shan is needed"),
        Point.SHA_NEEDED: pgettext("timing point", "a Sha is needed"),
        Point.SHAN_USED: pgettext("timing point", "after a Shan is used or played"),
        Point.TURN_START: pgettext("timing point", "start of the turn"),
        Point.PREPARATION: pgettext("timing point", "preparation phase"),
        Point.JUDGEMENT_PHASE: pgettext("timing point", "judgement phase"),
        Point.DRAW_START: pgettext("timing point", "start of the draw phase"),
        Point.DRAW_END: pgettext("timing point", "end of the draw phase"),
        Point.PLAY_START: pgettext("timing point", "start of the play phase"),
        Point.PLAY_END: pgettext("timing point", "end of the play phase"),
        Point.DISCARD_START: pgettext("timing point", "start of the discard phase"),
        Point.DISCARD_END: pgettext("timing point", "end of the discard phase"),
        Point.END_PHASE: pgettext("timing point", "end phase"),
        Point.TURN_END: pgettext("timing point", "end of the turn"),
        Point.HAND_EMPTIED: pgettext("timing point", "the last hand card is lost"),
        Point.EQUIPMENT_LOST: pgettext("timing point", "an equipment card is lost"),
        # 琴音: two or more cards discarded in one's discard phase
        Point.DISCARDED: pgettext("timing point", "cards discarded in the discard phase"),
        Point.CARD_LOST: pgettext("timing point", "a card is lost"),  # 屯田
    }


def point_name(point: Point) -> str:
    """A timing point's name in the language in use (使用牌时 ...)."""
    return _point_names()[point]


def colour_name(colour: Colour) -> str:
    return {
        Colour.RED: pgettext("colour", "red"),
        Colour.BLACK: pgettext("colour", "black"),
    }[colour]


def element_name(element: Element) -> str:
    return {
        Element.FIRE: pgettext("element", "fire"),
        Element.THUNDER: pgettext("element", "thunder"),
    }[element]


# ---------------------------------------------------------------- the engine's sentences


def tr(thing: object) -> str:
    """Anything the engine says or names, worded in the language in use.

    A `Text` is translated and its values worded in turn; an `IllegalMove`
    is its reason, as is another engine error that carries its `Text` as
    ``text`` (RecordError, MoveSyntaxError, CatalogueError); a card, card
    kind, general, skill, kingdom, phase or role is its name; anything else
    is ``str(thing)``.
    """
    if isinstance(thing, Text):
        return _text(thing)
    if isinstance(thing, IllegalMove):
        return tr(thing.text)
    said = getattr(thing, "text", None) if isinstance(thing, Exception) else None
    if isinstance(said, Text):
        return _text(said)
    if isinstance(thing, Card):
        return card_text(thing)
    if isinstance(thing, CardKind):
        return card_name(thing)
    if isinstance(thing, General):
        return general_name(thing)
    if isinstance(thing, Skill):
        return skill_name(thing)
    if isinstance(thing, Kingdom):
        return kingdom_name(thing)
    if isinstance(thing, Phase):
        return phase_name(thing)
    if isinstance(thing, Role):
        return role_name(thing)
    if isinstance(thing, Point):
        return point_name(thing)
    if isinstance(thing, Suit):
        return thing.symbol
    if isinstance(thing, Colour):
        return colour_name(thing)
    if isinstance(thing, Element):
        return element_name(thing)
    if isinstance(thing, CardType):
        return type_name(thing)
    if isinstance(thing, Subtype):
        return subtype_name(thing)
    if isinstance(thing, Package):
        return package_name(thing)
    if isinstance(thing, Gender):
        return gender_name(thing)
    if isinstance(thing, Mode):
        return mode_name(thing.name)
    if isinstance(thing, Enum):
        return str(thing.value)
    return str(thing)


def _text(text: Text) -> str:
    if text.plural is not None:
        template = ngettext(text.msgid, text.plural, text.count)
    else:
        template = gettext(text.msgid)
    if not text.values:
        return template
    return template.format_map({name: tr(value) for name, value in text.values})
