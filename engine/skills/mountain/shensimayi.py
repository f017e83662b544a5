"""神司马懿's skills (山): 忍戒 (renjie) 拜印 (baiyin) 连破 (lianpo) 极略 (jilve)."""

from __future__ import annotations

from functools import cache

from engine.catalogue import standard_catalogue
from engine.context import Ctx
from engine.derived import owned_keys
from engine.frames import DamageEvent, Occasion, Point
from engine.moves import Skill
from engine.registry import DAMAGED, DISCARD_PHASE, ON_DEATH, TURN_END, rule, rule_source
from engine.settlement import set_marks
from engine.skills.common import no_arguments
from engine.skilltypes import COSTS, UNPAYABLE
from engine.state import Phase, Seat, evolve
from engine.table import Table
from engine.text import say
from engine.windows import owned_anywhere

REN = "ren"  # 忍: the marks of 忍戒

# ---------------------------------------------------------------- 忍戒


def _gain_ren(t: Table, seat: int, count: int) -> None:
    s = t.seat(seat)
    set_marks(t, ((seat, REN, s.mark(REN) + count),))


def _renjie_damaged(t: Table, f: DamageEvent) -> None:
    """忍戒 (compulsory): a 忍 for each point of damage he takes."""
    if "renjie" not in owned_anywhere(t):
        return
    s = t.seats[f.target - 1]
    if f.amount > 0 and "renjie" in owned_keys(s):
        _gain_ren(t, f.target, f.amount)


def _renjie_discarded(t: Table, seat: int, cards: tuple[int, ...], unknown: int) -> None:
    """忍戒 (compulsory): a 忍 for each card he discards in his discard phase."""
    if "renjie" in owned_anywhere(t) and "renjie" in owned_keys(t.seat(seat)):
        _gain_ren(t, seat, len(cards) + unknown)


DAMAGED.append(_renjie_damaged)
DISCARD_PHASE.append(_renjie_discarded)

# ---------------------------------------------------------------- 拜印

# 极略's skills, in force while he has it: each use spends a 忍 (完杀 through 极略 itself).
JILVE_SKILLS = ("guicai", "fangzhu", "jizhi", "zhiheng")


def _baiyin_can(t: Table, owner: int, event: object) -> bool:
    return isinstance(event, Occasion) and event.seat == owner and t.seat(owner).mark(REN) >= 4


@rule("baiyin", point=Point.PREPARATION, can=_baiyin_can, whose=("seat",))
def baiyin(ctx: Ctx, m: Skill, event: object) -> None:
    """拜印 (awakening): in his preparation phase with four or more 忍, he loses 1 max HP
    and gains 极略."""
    no_arguments(m)
    t = ctx.table
    s = t.seat(m.seat)
    max_hp = s.max_hp - 1
    gained = tuple(k for k in ("jilve", *JILVE_SKILLS) if k not in s.extra_skills)
    t.set_seat(
        evolve(s, max_hp=max_hp, hp=min(s.hp, max_hp), extra_skills=(*s.extra_skills, *gained))
    )


# ---------------------------------------------------------------- 极略


@cache
def _native(generals: tuple[str, ...], key: str) -> bool:
    """Whether one of the generals has the skill printed on its card (not through 极略)."""
    catalogue = standard_catalogue()
    return any(sk.key == key for g in generals for sk in catalogue.general(g).own_skills)


def _through_jilve(seat: Seat, key: str) -> bool:
    return "jilve" in seat.extra_skills and not _native(seat.generals, key)


def _pay_ren(ctx: Ctx, seat: int, key: str) -> None:
    """极略: using 鬼才, 放逐, 集智 or 制衡 through it spends a 忍."""
    t = ctx.table
    s = t.seat(seat)
    if not _through_jilve(s, key):
        return
    if s.mark(REN) < 1:
        ctx.refuse(
            say(
                "{skill}: seat {seat} has no 忍 mark to spend",
                skill=rule_source("jilve"),
                seat=seat,
            )
        )
        return
    _gain_ren(t, seat, -1)


def _cannot_pay(seat: Seat, key: str) -> bool:
    return bool(seat.extra_skills) and _through_jilve(seat, key) and seat.mark(REN) < 1


for _key in JILVE_SKILLS:
    COSTS[_key] = _pay_ren
    UNPAYABLE[_key] = _cannot_pay

WANSHA_UNTIL_END = "jilve_wansha"  # Turn.flags: 完杀 through 极略 lasts until the turn ends


@rule("jilve", phases=(Phase.PLAY,))
def jilve(ctx: Ctx, m: Skill, event: object) -> None:
    """极略: spends a 忍 to use 鬼才, 放逐, 集智 or 制衡 (once a phase; each by its own
    key while he has 忍), or (this move) to have 完杀 until the end of the turn."""
    no_arguments(m)
    t = ctx.table
    s = t.seat(m.seat)
    if s.mark(REN) < 1:
        ctx.refuse(
            say(
                "{skill}: seat {seat} has no 忍 mark to spend",
                skill=rule_source(m.skill),
                seat=m.seat,
            )
        )
        return
    _gain_ren(t, m.seat, -1)
    s = t.seat(m.seat)
    if "wansha" not in s.extra_skills:
        t.set_seat(evolve(s, extra_skills=(*s.extra_skills, "wansha")))
        t.set_turn(flags=t.turn.flags | {f"{m.seat}:{WANSHA_UNTIL_END}"})


def _wansha_ends(t: Table) -> None:
    """极略's 完杀 ends with the turn."""
    for flag in t.turn.flags:
        if flag.endswith(WANSHA_UNTIL_END):
            seat = int(flag.partition(":")[0])
            s = t.seat(seat)
            t.set_seat(evolve(s, extra_skills=tuple(k for k in s.extra_skills if k != "wansha")))


TURN_END.append(_wansha_ends)

# ---------------------------------------------------------------- 连破

KILLED = "killed:"  # Turn.flags: a seat that killed a player this turn


def _note_kill(t: Table, dead: int, killer: int | None) -> None:
    if killer:
        t.set_turn(flags=t.turn.flags | {KILLED + str(killer)})


ON_DEATH.append(_note_kill)


def _lianpo_can(t: Table, owner: int, event: object) -> bool:
    return isinstance(event, Occasion) and KILLED + str(owner) in t.turn.flags


@rule("lianpo", point=Point.TURN_END, can=_lianpo_can)
def lianpo(ctx: Ctx, m: Skill, event: object) -> None:
    """连破: at the end of a turn in which he killed a player, he takes an extra turn."""
    no_arguments(m)
    t = ctx.table
    t.extra_turns = (*t.extra_turns, m.seat)
