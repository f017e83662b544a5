"""刘禅's skills (山): 享乐 (xiangle) 放权 (fangquan) 若愚 (ruoyu)."""

from __future__ import annotations

from engine.cardops import discard_cards
from engine.context import Ctx
from engine.frames import CardUse, Death, Expect, Occasion, Point, SkillUse
from engine.moves import Skill
from engine.registry import AT_POINT, rule, rule_source
from engine.settlement import SHA, heal, push
from engine.skills.common import count_cards, living_other, need_targets, no_arguments
from engine.state import Phase, evolve
from engine.table import IllegalMove, Table
from engine.text import say


def gain_skill(t: Table, seat: int, key: str) -> None:
    """The seat gains a skill (觉醒技's reward: 激将, 观星, 急袭 ...) for the rest of the game."""
    s = t.seat(seat)
    if key not in s.extra_skills:
        t.set_seat(evolve(s, extra_skills=(*s.extra_skills, key)))


def change_max_hp(t: Table, seat: int, delta: int) -> None:
    """Max HP changes by ``delta``; HP never stays above it."""
    s = t.seat(seat)
    max_hp = s.max_hp + delta
    t.set_seat(evolve(s, max_hp=max_hp, hp=min(s.hp, max_hp)))
    if max_hp <= 0:
        push(t, Death(seat, None))


# ---------------------------------------------------------------- 享乐


def _sha_on_him(t: Table, owner: int, event: object) -> bool:
    return (
        isinstance(event, CardUse)
        and event.kind in SHA
        and event.target == owner
        and event.user != owner
    )


def _xiangle_step(ctx: Ctx, use: SkillUse) -> None:
    t = ctx.table
    if use.step == 0 and t.seat(use.other).hand_count > 0:
        t.stack[-1] = evolve(use, step=1)
        reason = say(
            "{skill} of seat {seat}: discard a basic card, or the Sha has no effect on him",
            skill=rule_source(use.key),
            seat=use.seat,
        )
        push(t, Expect("discard_or_pass", use.other, reason, other=use.seat, options=("basic",)))
        return
    t.stack.pop()
    if use.value:  # a basic card was discarded: the Sha goes on
        return
    for n in range(len(t.stack) - 1, -1, -1):
        frame = t.stack[n]
        if isinstance(frame, CardUse) and frame.kind in SHA and frame.target == use.seat:
            t.stack[n] = evolve(frame, nullified=True)
            return


@rule(
    "xiangle", point=Point.AFTER_TARGETING, can=_sha_on_him, step=_xiangle_step, whose=("target",)
)
def xiangle(ctx: Ctx, m: Skill, event: object) -> None:
    """享乐 (compulsory): when another player's Sha targets him, that player discards a
    basic card (``discard USER #id``), or (``pass USER``) the Sha has no effect on him."""
    no_arguments(m)
    assert isinstance(event, CardUse)
    push(ctx.table, SkillUse(m.seat, "xiangle", other=event.user))


# ---------------------------------------------------------------- 放权


def _fangquan_can(t: Table, owner: int, event: object) -> bool:
    if not (isinstance(event, Occasion) and event.seat == owner):
        return False
    if event.point is Point.PLAY_START:
        return f"{owner}:fangquan" not in t.turn.flags
    return f"{owner}:fangquan" in t.turn.flags and t.seat(owner).hand_count > 0


@rule(
    "fangquan",
    point=Point.PLAY_START,
    can=_fangquan_can,
    cards=(0, 1),
    targets=(0, 1),
    whose=("seat",),
)
def fangquan(ctx: Ctx, m: Skill, event: object) -> None:
    """放权: at the start of his play phase he may skip it (``skill N fangquan``); then in
    his end phase he may discard a hand card to give another player an extra turn
    (``skill N fangquan #id -> T``)."""
    assert isinstance(event, Occasion)
    t = ctx.table
    if event.point is Point.PLAY_START:
        no_arguments(m)
        t.set_turn(skips=t.turn.skips | {Phase.PLAY}, flags=t.turn.flags | {f"{m.seat}:fangquan"})
        return
    if count_cards(m) != 1:
        raise IllegalMove(
            say("{skill}: discard one hand card (#id, or x1 unseen)", skill=rule_source(m.skill))
        )
    need_targets(
        m,
        1,
        1,
        say("{skill}: the player who takes an extra turn (-> N)", skill=rule_source(m.skill)),
    )
    living_other(t, m, m.targets[0])
    discard_cards(ctx, m.seat, m.cards, m.unknown, ("hand",))
    t.extra_turns = (*t.extra_turns, m.targets[0])


# 放权's second moment: the same rule's window opens in his end phase too.
AT_POINT[Point.END_PHASE] = AT_POINT.get(Point.END_PHASE, frozenset()) | {"fangquan"}


# ---------------------------------------------------------------- 若愚


def _lowest_hp(t: Table, owner: int, event: object) -> bool:
    if not (isinstance(event, Occasion) and event.seat == owner):
        return False
    hp = t.seat(owner).hp
    return all(s.hp >= hp for s in t.seats if s.alive)


@rule("ruoyu", point=Point.PREPARATION, can=_lowest_hp, whose=("seat",))
def ruoyu(ctx: Ctx, m: Skill, event: object) -> None:
    """若愚 (lord, awakening): in his preparation phase with the lowest HP (ties count),
    he gains 1 max HP, recovers 1 HP and gains 激将."""
    no_arguments(m)
    t = ctx.table
    change_max_hp(t, m.seat, 1)
    heal(t, m.seat, 1)
    gain_skill(t, m.seat, "jijiang")
