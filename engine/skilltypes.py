"""Skill types of 群雄演义 (rules 003, 概念解析 二 游戏技能类型, lines 142-150) as the
settlement sees them.

003:

    "3. 限定技:每局游戏只能使用一次的技能。
    4. 觉醒技:限定技和锁定技的结合,满足时机立即发动(插入结算),每局游戏只能发动一次。
    6. 转换技:游戏开始时状态为"阳",使用后转为另一个状态。
    7. 隐匿技:发动此技能时无需声明(即其他角色无法知道你是否发动了此技能,且无法查看此技能
    选择的目标)。"
    and line 248: "31. 视为未发动过:即限x次的技能或限定技重置发动状态。"

A skill says its type in ``generals.toml`` (``kind``; a switching skill also has
``text_yin``) and this module keeps what the type means, on the seat's public
marks so that it changes only by moves and replays exactly:

- **limited** and **awakening**: once a game. A use (``skill SEAT KEY``, settled by
  its rule or entered by hand) leaves the mark ``used_KEY``; a second use is
  refused. "视为未发动过" takes the mark off (``mark SEAT used_KEY -1``, entered
  by the skill that resets it). An
  awakening skill is also compulsory (the catalogue refuses one that is not):
  its condition is its own rule's, as for any compulsory skill.
- **switching**: 阳 at the start; each use turns it over (the mark ``yin_KEY``
  while it is 阴). `skill_text` says which of its two texts holds now.
- **hidden** (隐匿技): its use is not declared to the table: `announced` is
  False for it, so a view that tells the table what happened leaves its name
  and targets out. The record still holds the move (the phone of its owner
  enters it).

The checks run only for skills that have a type (one dict look-up per
``skill`` move), so the other skills cost nothing more.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.cards import CardKind
from engine.catalogue import on_new_generals, standard_catalogue
from engine.generals import Skill, SkillKind
from engine.registry import rule_source
from engine.state import Seat, evolve
from engine.text import say

if TYPE_CHECKING:
    from engine.context import Ctx

SKILL_KINDS: dict[str, SkillKind] = {
    sk.key: sk.kind for g in standard_catalogue().generals for sk in g.skills if sk.kind
}
"""Each typed skill's type, by key (from generals.toml; tests add their own)."""
on_new_generals(
    lambda new: SKILL_KINDS.update((sk.key, sk.kind) for g in new for sk in g.skills if sk.kind)
)

ONCE_A_GAME = frozenset({SkillKind.LIMITED, SkillKind.AWAKENING})
USED = "used_"  # the mark of a limited or awakening skill used this game
YIN = "yin_"  # the mark of a switching skill in its 阴 state


def used_this_game(seat: Seat, key: str) -> bool:
    return seat.mark(USED + key) > 0


def spent(seat: Seat, key: str) -> bool:
    """A once-a-game skill (限定技, 觉醒技) the seat has used, or one it cannot pay for
    now (极略's skills without a 忍 mark): no window offers it."""
    unpaid = UNPAYABLE.get(key)
    if unpaid is not None and unpaid(seat, key):
        return True
    return SKILL_KINDS.get(key) in ONCE_A_GAME and used_this_game(seat, key)


COSTS: dict[str, Callable[[Ctx, int, str], None]] = {}
"""Skills a seat may have to pay for as it uses them (极略: a 忍 mark for 鬼才, 放逐,
集智, 制衡), by key: ``pay(ctx, seat, key)`` pays or refuses."""

UNPAYABLE: dict[str, Callable[[Seat, str], bool]] = {}
"""By key: whether the seat cannot pay for the skill now (no window offers it)."""


def switch_state(seat: Seat, key: str) -> str:
    """``yang`` (阳, the state a switching skill starts in) or ``yin`` (阴)."""
    return "yin" if seat.mark(YIN + key) else "yang"


def skill_text(seat: Seat, skill: Skill) -> str:
    """The text that holds now: a switching skill's 阴 text while it is 阴."""
    if skill.text_yin is not None and switch_state(seat, skill.key) == "yin":
        return skill.text_yin
    return skill.text


def announced(key: str) -> bool:
    """Whether a use of the skill is declared to the table (not a 隐匿技's)."""
    return SKILL_KINDS.get(key) is not SkillKind.HIDDEN


def on_use(ctx: Ctx, seat: int, key: str) -> None:
    """A typed skill is used: refuse a second use of a once-a-game skill; keep its marks.
    A skill with a cost (极略's) is paid for."""
    pay = COSTS.get(key)
    if pay is not None:
        pay(ctx, seat, key)
    kind = SKILL_KINDS.get(key)
    if kind is None:
        return
    t = ctx.table
    s = t.seat(seat)
    marks = dict(s.marks)
    if kind in ONCE_A_GAME:
        if used_this_game(s, key):
            ctx.refuse(
                say(
                    "{skill} is used once a game: seat {seat} has used it",
                    skill=_name(key),
                    seat=seat,
                )
            )
        marks[USED + key] = 1
    elif kind is SkillKind.SWITCHING:
        if marks.pop(YIN + key, 0) == 0:
            marks[YIN + key] = 1
    else:
        return
    t.set_seat(evolve(s, marks=tuple(sorted(marks.items()))))


def _name(key: str) -> Skill | CardKind | str:
    return rule_source(key)
