"""神诸葛亮's skills (火): 七星 (qixing), 狂风 (kuangfeng), 大雾 (dawu).

七星's 星 lie face down on his general card (zone ``general:N``): unseen, they are
``Seat.on_general_unknown``; a 星 is named by its id once it is seen (discarded for
狂风 or 大雾). The marks ``kuangfeng`` and ``dawu`` (``Seat.marks``) last until his
next turn starts (registry.TURN_STARTS) and act only while he lives.
"""

from __future__ import annotations

from engine.cards import Element
from engine.context import Ctx
from engine.derived import owned_keys
from engine.frames import DamageEvent, Occasion, Point
from engine.moves import Skill
from engine.registry import AT_DEAL, TURN_STARTS, compulsory, rule, rule_source
from engine.settlement import set_marks
from engine.skills.common import living_other
from engine.state import evolve
from engine.table import IllegalMove, Table
from engine.text import say, say_n
from engine.windows import owned_anywhere

STARS = 7  # 七星: of his eleven starting cards, seven go onto his general card


def _stars(t: Table, seat: int) -> int:
    s = t.seat(seat)
    return len(s.on_general) + s.on_general_unknown


# ---------------------------------------------------------------- 七星


def _deal_stars(t: Table, seat: int) -> None:
    """七星: he is dealt 11 cards and lays 7 of them face down on his general card;
    the table sees only that 7 more cards left the draw pile."""
    t.to_general_unseen(seat, STARS)


AT_DEAL["qixing"] = _deal_stars


def _may_swap(t: Table, owner: int, event: object) -> bool:
    return (
        isinstance(event, Occasion)
        and event.seat == owner
        and t.seat(owner).hand_count > 0
        and _stars(t, owner) > 0
    )


@rule("qixing", point=Point.DRAW_END, can=_may_swap, cards=(1, None), whose=("seat",))
def qixing(ctx: Ctx, m: Skill, event: object) -> None:
    """七星: after his draw phase he may swap any number of his hand cards with as many
    星 (``skill N qixing xK``: K cards each way, face down). The table cannot see which
    went where: his known hand cards and known 星 become unseen again."""
    t = ctx.table
    count = len(m.cards) + m.unknown
    if m.targets or count == 0:
        raise IllegalMove(
            say(
                "{skill}: say how many cards he swaps (xN), no seats",
                skill=rule_source(m.skill),
            )
        )
    s = t.seat(m.seat)
    for c in m.cards:
        if t.where.get(c) not in (f"hand:{m.seat}", None):
            raise IllegalMove(
                say("{skill}: #{id} is not in his hand", skill=rule_source(m.skill), id=c)
            )
    limit = min(s.hand_count, _stars(t, m.seat))
    if count > limit:
        raise IllegalMove(
            say_n(
                "{skill}: at most {n} card each way",
                "{skill}: at most {n} cards each way",
                limit,
                skill=rule_source(m.skill),
            )
        )
    hand, stars = s.hand, s.on_general
    for c in (*hand, *stars):
        t.lift(c)
    s = t.seat(m.seat)
    t.set_seat(
        evolve(
            s,
            hand_unknown=s.hand_unknown + len(hand),
            on_general_unknown=s.on_general_unknown + len(stars),
        )
    )


# ---------------------------------------------------------------- 狂风 大雾


def _end_phase_with_stars(t: Table, owner: int, event: object) -> bool:
    return isinstance(event, Occasion) and event.seat == owner and _stars(t, owner) > 0


def _discard_stars(ctx: Ctx, m: Skill, count: int) -> None:
    """The named 星 are turned face up into the discard pile."""
    t = ctx.table
    if m.unknown or len(m.cards) != count or len(set(m.cards)) != count:
        raise IllegalMove(
            say_n(
                "{skill}: name the {n} 星 discarded from his general card (#id)",
                "{skill}: name the {n} 星 discarded from his general card (#id ...)",
                count,
                skill=rule_source(m.skill),
            )
        )
    s = t.seat(m.seat)
    unseen = [c for c in m.cards if t.where.get(c) is None]
    for c in m.cards:
        where = t.where.get(c)
        if where is not None and where != f"general:{m.seat}":
            raise IllegalMove(
                say(
                    "{skill}: #{id} is not a 星 on his general card",
                    skill=rule_source(m.skill),
                    id=c,
                )
            )
    if len(unseen) > s.on_general_unknown:
        raise IllegalMove(say("{skill}: he has not that many 星", skill=rule_source(m.skill)))
    for c in m.cards:
        t.move(c, "discard", source=f"general:{m.seat}")


def _targets(ctx: Ctx, m: Skill) -> None:
    t = ctx.table
    if not m.targets or len(set(m.targets)) != len(m.targets):
        raise IllegalMove(say("{skill}: name the players (-> N,M)", skill=rule_source(m.skill)))
    for target in m.targets:
        if not t.seat(target).alive:
            living_other(t, m, target)  # says the seat is dead


@rule(
    "kuangfeng",
    point=Point.END_PHASE,
    can=_end_phase_with_stars,
    cards=(1, 1),
    targets=(1, 1),
    whose=("seat",),
)
def kuangfeng(ctx: Ctx, m: Skill, event: object) -> None:
    """狂风: in his end phase, discards a 星 to give a player the 狂风 mark: until his
    next turn, fire damage to that player is 1 more (``skill N kuangfeng #id -> T``)."""
    _targets(ctx, m)
    if len(m.targets) != 1:
        raise IllegalMove(say("{skill}: one player", skill=rule_source(m.skill)))
    _discard_stars(ctx, m, 1)
    set_marks(ctx.table, ((m.targets[0], "kuangfeng", 1),))


@rule(
    "dawu",
    point=Point.END_PHASE,
    can=_end_phase_with_stars,
    cards=(1, None),
    targets=(1, None),
    whose=("seat",),
)
def dawu(ctx: Ctx, m: Skill, event: object) -> None:
    """大雾: in his end phase, discards X 星 to give X players the 大雾 mark: until his
    next turn, damage other than thunder to them is prevented (``skill N dawu #a #b ->
    T,U``)."""
    _targets(ctx, m)
    _discard_stars(ctx, m, len(m.targets))
    set_marks(ctx.table, tuple((target, "dawu", 1) for target in m.targets))


def _marks_end(t: Table, seat: int) -> None:
    """His turn starts: the 狂风 and 大雾 marks he gave are gone."""
    keys = owned_keys(t.seat(seat))
    if "kuangfeng" not in keys and "dawu" not in keys:
        return
    for s in t.seats:
        if s.marks and ("kuangfeng" in dict(s.marks) or "dawu" in dict(s.marks)):
            set_marks(t, ((s.seat, "kuangfeng", 0), (s.seat, "dawu", 0)))


TURN_STARTS.append(_marks_end)


@compulsory(Point.RECEIVING)
def storm_and_fog(t: Table, f: DamageEvent) -> DamageEvent:
    """大雾's mark: damage other than thunder is prevented; 狂风's mark: fire damage is
    1 more (while a living player has the skill)."""
    marks = t.seats[f.target - 1].marks
    if not marks or f.amount <= 0:
        return f
    held = dict(marks)
    if held.get("dawu") and f.element is not Element.THUNDER and "dawu" in owned_anywhere(t):
        return evolve(f, amount=0)
    if held.get("kuangfeng") and f.element is Element.FIRE and "kuangfeng" in owned_anywhere(t):
        return evolve(f, amount=f.amount + 1)
    return f
