"""Generals (武将) and their skills (技能), with the effects each skill declares."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import Enum

from engine.effects import AsCard, Effect, card_keys_named, effect_as_dict, parse_effect
from engine.errors import CatalogueError
from engine.fields import EntryReader, load_toml
from engine.text import Text, say


class Kingdom(Enum):
    """势力."""

    WEI = "wei"
    SHU = "shu"
    WU = "wu"
    QUN = "qun"
    GOD = "god"
    # 群雄演义's 国战 (rules 003 line 416: 汉、夷、戎、蛮、狄、野心家): its generals are
    # a table's own (003 gives none); no packaged general is of them.
    HAN = "han"
    YI = "yi"
    RONG = "rong"
    MAN = "man"
    DI = "di"

    @property
    def name_zh(self) -> str:
        return _KINGDOM_NAMES[self]

    @property
    def source_name(self) -> str:
        """As a sentence names it (engine.text): by its Chinese name, like the cards."""
        return _KINGDOM_NAMES[self]


_KINGDOM_NAMES = {
    Kingdom.WEI: "魏",
    Kingdom.SHU: "蜀",
    Kingdom.WU: "吴",
    Kingdom.QUN: "群",
    Kingdom.GOD: "神",
    Kingdom.HAN: "汉",
    Kingdom.YI: "夷",
    Kingdom.RONG: "戎",
    Kingdom.MAN: "蛮",
    Kingdom.DI: "狄",
}

QUNXIONG_KINGDOMS = (Kingdom.HAN, Kingdom.YI, Kingdom.RONG, Kingdom.MAN, Kingdom.DI)
"""The kingdoms of 群雄演义's 国战 (rules 003 line 416)."""


class Gender(Enum):
    MALE = "male"
    FEMALE = "female"


class Timing(Enum):
    """When a skill may be used; see the comment at the top of generals.toml."""

    PLAY_PHASE = "play_phase"
    START_PHASE = "start_phase"
    PREPARATION_PHASE = "preparation_phase"
    JUDGEMENT_PHASE = "judgement_phase"
    DRAW_PHASE = "draw_phase"
    DISCARD_PHASE = "discard_phase"
    END_PHASE = "end_phase"
    AFTER_DAMAGED = "after_damaged"
    SHA_TARGETING = "sha_targeting"
    SHA_TARGETED = "sha_targeted"
    JUDGEMENT_BEFORE = "judgement_before"
    JUDGEMENT_AFTER = "judgement_after"
    SHAN_NEEDED = "shan_needed"
    SHA_NEEDED = "sha_needed"
    PEACH_DYING = "peach_dying"
    TRICK_USED = "trick_used"
    EQUIPMENT_LOST = "equipment_lost"
    HAND_EMPTIED = "hand_emptied"
    CARD_NEEDED = "card_needed"
    ALWAYS = "always"
    # 神话再临's moments (the packs' data files use them)
    SETUP = "setup"  # at the start of the game (七星, 化身)
    DAMAGE_DEALT = "damage_dealt"  # after someone deals damage
    DAMAGE_TAKING = "damage_taking"  # when the owner is about to take damage
    DYING = "dying"  # when the owner is dying (or his HP falls to 0)
    SHAN_USED = "shan_used"  # after the owner uses or plays a Shan
    SHA_DODGED = "sha_dodged"  # when the owner's Sha is dodged
    DEATH = "death"  # when a player dies
    CARD_LOST = "card_lost"  # when the owner loses a card
    TURN_END = "turn_end"  # at the end of a turn


class Limit(Enum):
    ONCE_PER_PLAY_PHASE = "once_per_play_phase"


class SkillKind(Enum):
    """A skill's type beyond 锁定技 and 主公技 (rules 003, 游戏技能类型 3-7; the
    settlement's side: engine/skilltypes.py)."""

    LIMITED = "limited"  # 限定技: 每局游戏只能使用一次
    AWAKENING = "awakening"  # 觉醒技: 限定技和锁定技的结合 ... 每局游戏只能发动一次
    SWITCHING = "switching"  # 转换技: 游戏开始时状态为"阳",使用后转为另一个状态
    HIDDEN = "hidden"  # 隐匿技: 发动此技能时无需声明


@dataclass(frozen=True, slots=True)
class Skill:
    key: str
    name: str
    text: str
    compulsory: bool
    lord: bool
    limit: Limit | None
    timing: Timing
    effects: tuple[Effect, ...]
    kind: SkillKind | None = None  # 限定技, 觉醒技, 转换技, 隐匿技; None: none of them
    text_yin: str | None = None  # 转换技: the text of its 阴 state (``text`` is 阳's)
    # Printed on the card but not in force until another skill gives it (急袭 by 凿险,
    # 极略 by 拜印): the seat's ``extra_skills`` then holds its key.
    acquired: bool = False

    def __str__(self) -> str:
        return self.name

    def as_dict(self) -> dict[str, object]:
        return {
            "key": self.key,
            "name": self.name,
            "text": self.text,
            "compulsory": self.compulsory,
            "lord": self.lord,
            "limit": self.limit.value if self.limit else None,
            "timing": self.timing.value,
            "effects": [effect_as_dict(e) for e in self.effects],
            "kind": self.kind.value if self.kind else None,
            "text_yin": self.text_yin,
            "acquired": self.acquired,
        }


@dataclass(frozen=True, slots=True)
class General:
    key: str
    name: str
    kingdom: Kingdom
    max_hp: int
    gender: Gender
    lord: bool
    skills: tuple[Skill, ...]
    package: str = "standard"  # the file it comes from: standard, wind, fire ... or a table's own
    number: int = 0  # its sticker's number (SG1G...): stable, the standard ones 1-25
    # 君主 (群雄演义's 国战, rules 003 line 430): its kingdom's ruler.
    ruler: bool = False
    # The family name (姓氏) a careerist's mark shows (003 line 434); "" when its
    # name starts with it (`surname`).
    family_name: str = ""

    @property
    def surname(self) -> str:
        """姓氏: the file's ``surname``, else the name's compound family name (诸葛,
        司马, 夏侯 ...) or its first character."""
        if self.family_name:
            return self.family_name
        for two in _COMPOUND_SURNAMES:
            if self.name.startswith(two):
                return two
        return self.name[:1]

    def __str__(self) -> str:
        return self.name

    @property
    def own_skills(self) -> tuple[Skill, ...]:
        """The skills it starts with (not the ``acquired`` ones)."""
        return tuple(s for s in self.skills if not s.acquired)

    def as_dict(self) -> dict[str, object]:
        return {
            "key": self.key,
            "name": self.name,
            "kingdom": self.kingdom.value,
            "max_hp": self.max_hp,
            "gender": self.gender.value,
            "lord": self.lord,
            "skills": [s.as_dict() for s in self.skills],
            "package": self.package,
            "number": self.number,
            "ruler": self.ruler,
            "surname": self.surname,
        }


_COMPOUND_SURNAMES = (
    *("诸葛", "司马", "夏侯", "公孙", "太史", "皇甫"),
    *("慕容", "欧阳", "宇文", "长孙", "呼延", "拓跋"),
)


def parse_generals(
    text: str,
    source: str,
    card_keys: frozenset[str],
    package: str = "standard",
    known: Mapping[str, Skill] | None = None,
) -> tuple[General, ...]:
    """Generals from the TOML text of one generals file (``engine/data/generals/*.toml``,
    or a table's own file), checked.

    ``card_keys`` are the known card kinds, for effects that name cards. The
    generals are numbered (for their stickers) from the file's ``first_number``
    (1 when it has none), in the order they are written.

    ``known`` are the skills of the catalogue so far, for a table's own file:
    its generals may take one of them as it is (a skill entry ``uses =
    "wusheng"``), rules and all; the file must then say its ``first_number``,
    101 or above (1-100 are the packaged generals').
    """
    data = load_toml(text, source)
    top = EntryReader(source, say("file"), data)
    if known is None:
        first = top.optional_integer("first_number", 1, 999) or 1
    else:
        first = top.integer("first_number", 101, 999)
    package = top.optional_text("package") or package
    generals: list[General] = []
    for number, table in enumerate(top.tables("general"), start=1):
        key = table.get("key")
        if isinstance(key, str):
            label = say("general #{number} {key}", number=number, key=repr(key))
        else:
            label = say("general #{number}", number=number)
        general = _general(EntryReader(source, label, table), source, label, card_keys, known)
        if any(g.key == general.key for g in generals):
            raise CatalogueError(
                source, label, "key", say("duplicate key {key}", key=repr(general.key))
            )
        if first + number - 1 > 999:
            raise top.fail("first_number", say("sticker numbers run 1-999"))
        generals.append(replace(general, package=package, number=first + number - 1))
    top.done()
    return tuple(generals)


def _general(
    r: EntryReader,
    source: str,
    label: Text,
    card_keys: frozenset[str],
    known: Mapping[str, Skill] | None = None,
) -> General:
    key = r.text("key")
    skills = tuple(
        _skill_entry(
            EntryReader(source, say("{entry} skill #{n}", entry=label, n=n), t), card_keys, known
        )
        for n, t in enumerate(r.tables("skills"), start=1)
    )
    general = General(
        key=key,
        name=r.text("name"),
        kingdom=r.choice("kingdom", Kingdom),
        max_hp=r.integer("max_hp", 1, 9),
        gender=r.choice("gender", Gender),
        lord=r.flag("lord"),
        skills=skills,
        ruler=r.flag("ruler"),
        family_name=r.optional_text("surname") or "",
    )
    r.done()
    if not general.own_skills:
        raise r.fail("skills", say("a general needs at least one skill"))
    if general.lord != any(s.lord for s in skills):
        raise r.fail(
            "lord", say("a lord general has a lord skill, and only a lord general has one")
        )
    return general


def _skill_entry(
    r: EntryReader, card_keys: frozenset[str], known: Mapping[str, Skill] | None
) -> Skill:
    """A skill written out, or (a table's own file) ``uses = KEY``: a known skill as it is."""
    if known is None or not r.has("uses"):
        return _skill(r, card_keys)
    key = r.text("uses")
    r.done()
    if key not in known:
        raise r.fail("uses", say("no skill {key} to use", key=repr(key)))
    return known[key]


def _skill(r: EntryReader, card_keys: frozenset[str]) -> Skill:
    effects: list[Effect] = []
    for n, table in enumerate(r.tables("effects"), start=1):
        er = EntryReader(r.source, say("{entry} effect #{n}", entry=r.entry, n=n), table)
        effect = parse_effect(er)
        unknown = sorted(card_keys_named(effect) - card_keys)
        if unknown:
            field = "card" if isinstance(effect, AsCard) else "cards"
            raise er.fail(field, say("unknown card kind {key}", key=repr(unknown[0])))
        effects.append(effect)
    skill = Skill(
        key=r.text("key"),
        name=r.text("name"),
        text=r.text("text"),
        compulsory=r.flag("compulsory"),
        lord=r.flag("lord"),
        limit=r.optional_choice("limit", Limit),
        timing=r.choice("timing", Timing),
        effects=tuple(effects),
        kind=r.optional_choice("kind", SkillKind),
        text_yin=r.optional_text("text_yin"),
        acquired=r.flag("acquired"),
    )
    r.done()
    if (skill.kind is SkillKind.SWITCHING) != (skill.text_yin is not None):
        raise r.fail("text_yin", say("a switching skill needs text_yin, and only it has one"))
    if skill.kind is SkillKind.AWAKENING and not skill.compulsory:
        raise r.fail("compulsory", say("an awakening skill is compulsory"))
    return skill


def parse_mode_skills(text: str, source: str, card_keys: frozenset[str]) -> tuple[Skill, ...]:
    """The skills a mode gives a seat besides its generals' (``mode_skills.toml``), checked:
    the same fields as a general's skill."""
    data = load_toml(text, source)
    top = EntryReader(source, say("file"), data)
    skills: list[Skill] = []
    for number, table in enumerate(top.tables("skill"), start=1):
        label = say("skill #{n}", n=number)
        skill = _skill(EntryReader(source, label, table), card_keys)
        if any(s.key == skill.key for s in skills):
            raise CatalogueError(
                source, label, "key", say("duplicate key {key}", key=repr(skill.key))
            )
        skills.append(skill)
    top.done()
    return tuple(skills)


def generals_by_key(generals: tuple[General, ...]) -> Mapping[str, General]:
    return {g.key: g for g in generals}
