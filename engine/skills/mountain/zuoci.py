"""左慈's skills (山): 化身 (huashen) 新生 (xinsheng).

His 化身 are general cards that are not in the game, taken face down. The table
names each one as it is taken (``choose SEAT GENERAL``: a real table draws them
from the unused generals); the seat keeps them as marks ``huashen_KEY`` (1 face
down, 2 the one shown). The skill he declares of the shown one is in his
``extra_skills``, and his kingdom is that general's while it is shown.
"""

from __future__ import annotations

from functools import cache

from engine.catalogue import standard_catalogue
from engine.context import Ctx
from engine.frames import DamageEvent, Expect, Occasion, Point, SkillUse
from engine.generals import General, SkillKind
from engine.moves import Skill
from engine.registry import AT_POINT, rule, rule_source
from engine.settlement import push, set_marks
from engine.skills.common import SHOWN_AS, no_arguments
from engine.state import Seat, evolve
from engine.table import Table
from engine.text import say

HUASHEN = "huashen_"  # the mark of a 化身 card: 1 face down, 2 shown
SHOWN = 2
OWN = frozenset({"huashen", "xinsheng"})


def huashen_cards(s: Seat) -> tuple[str, ...]:
    """The seat's 化身 generals, by key."""
    return tuple(name[len(HUASHEN) :] for name, _ in s.marks if name.startswith(HUASHEN))


def unused_generals(t: Table) -> tuple[str, ...]:
    """Generals not in the game: of the packages that sit, on no seat, nobody's 化身."""
    packages = ("standard", *t.base.general_packages)
    taken: set[str] = set()
    for s in t.seats:
        taken.update(s.generals)
        taken.update(huashen_cards(s))
    return tuple(
        g.key for g in standard_catalogue().generals if g.package in packages and g.key not in taken
    )


@cache
def _general(key: str) -> General:
    return standard_catalogue().general(key)


@cache
def declarable(key: str) -> tuple[str, ...]:
    """The skills of a general that 化身 may declare: not a lord, limited or awakening
    skill (nor one only given later)."""
    return tuple(
        sk.key
        for sk in _general(key).skills
        if not sk.lord
        and not sk.acquired
        and sk.kind not in (SkillKind.LIMITED, SkillKind.AWAKENING)
        and sk.key not in OWN
    )


def _take_step(ctx: Ctx, use: SkillUse) -> bool:
    """Take ``use.value`` more 化身 cards, one ``choose`` each; False once done."""
    t = ctx.table
    if use.step == 2:  # a general was named
        set_marks(t, ((use.seat, HUASHEN + use.word, 1),))
        use = evolve(use, step=0, value=use.value - 1)
        t.stack[-1] = use
    if use.step == 0 and use.value > 0:
        unused = unused_generals(t)
        if unused:
            t.stack[-1] = evolve(use, step=1)
            reason = say(
                "{skill}: name the general taken as a face-down 化身 card",
                skill=rule_source(use.key),
            )
            push(t, Expect("choose", use.seat, reason, options=unused))
            return True
    return False


def _huashen_step(ctx: Ctx, use: SkillUse) -> None:
    t = ctx.table
    if use.step in (0, 2) and _take_step(ctx, use):
        return
    use = t.stack[-1]  # type: ignore[assignment]
    assert isinstance(use, SkillUse)
    if use.step in (0, 2):  # every card taken: declare a skill of one of them
        s = t.seat(use.seat)
        options = tuple(k for g in huashen_cards(s) for k in declarable(g))
        if not options:
            t.stack.pop()
            return
        t.stack[-1] = evolve(use, step=3)
        reason = say(
            "{skill}: show a 化身 card and declare one of its skills",
            skill=rule_source(use.key),
        )
        push(t, Expect("choose", use.seat, reason, options=tuple(dict.fromkeys(options))))
        return
    t.stack.pop()  # step 4: the skill was declared
    s = t.seat(use.seat)
    shown = next(g for g in huashen_cards(s) if use.word in declarable(g))
    set_marks(
        t, tuple((use.seat, HUASHEN + g, SHOWN if g == shown else 1) for g in huashen_cards(s))
    )
    s = t.seat(use.seat)
    kingdom = _general(shown).kingdom.value
    t.set_seat(
        evolve(
            s,
            extra_skills=(use.word,),
            kingdom=kingdom if kingdom != "god" else s.kingdom,
        )
    )


def _huashen_can(t: Table, owner: int, event: object) -> bool:
    if not isinstance(event, Occasion):
        return False
    s = t.seats[owner - 1]
    cards = huashen_cards(s) if s.marks else ()
    if not cards:  # the game's start (or the first turn start since): take three
        return event.point is Point.TURN_START
    return event.seat == owner


@rule("huashen", point=Point.TURN_START, can=_huashen_can, step=_huashen_step)
def huashen(ctx: Ctx, m: Skill, event: object) -> None:
    """化身: at the start of the game he takes three unused generals face down as 化身
    cards and shows one, declaring one of its skills (not a lord, limited or awakening
    skill), which he has, with its kingdom, while it is shown; at the start and the
    end of his turn he may show another."""
    no_arguments(m)
    s = ctx.table.seat(m.seat)
    take = 0 if huashen_cards(s) else 3
    push(ctx.table, SkillUse(m.seat, "huashen", value=take))


def shown_huashen(s: Seat) -> str | None:
    """The 化身 card he shows (his gender is its general's), or None."""
    for name, value in s.marks:
        if value == SHOWN and name.startswith(HUASHEN):
            return name[len(HUASHEN) :]
    return None


SHOWN_AS.append(shown_huashen)

# 化身 is offered at the end of his turn too (回合结束后), by the same rule.
AT_POINT[Point.TURN_END] = AT_POINT.get(Point.TURN_END, frozenset()) | {"huashen"}


# ---------------------------------------------------------------- 新生


def _xinsheng_step(ctx: Ctx, use: SkillUse) -> None:
    if not _take_step(ctx, use):
        ctx.table.stack.pop()


def _xinsheng_can(t: Table, owner: int, event: object) -> bool:
    return isinstance(event, DamageEvent) and event.target == owner and event.amount > 0


@rule(
    "xinsheng",
    point=Point.AFTER_DAMAGE,
    can=_xinsheng_can,
    step=_xinsheng_step,
    whose=("target",),
)
def xinsheng(ctx: Ctx, m: Skill, event: object) -> None:
    """新生: for each 1 damage he takes, he may take another unused general as a 化身."""
    no_arguments(m)
    assert isinstance(event, DamageEvent)
    push(ctx.table, SkillUse(m.seat, "xinsheng", value=event.amount))
