"""荀彧's skills (火): 驱虎 (quhu) 节命 (jieming)."""

from __future__ import annotations

from engine.context import Ctx
from engine.derived import attack_range_value, distance_value
from engine.frames import DamageEvent, Expect, Point, SkillUse
from engine.moves import Skill
from engine.registry import rule, rule_source
from engine.settlement import push
from engine.skills.common import ask_compare, can_compare, living_other, need_targets
from engine.state import Phase, evolve
from engine.table import IllegalMove, Table
from engine.text import say

# ---------------------------------------------------------------- 驱虎


def _in_range_of(t: Table, seat: int) -> tuple[int, ...]:
    """The living players within ``seat``'s attack range, in seat order from the
    current player."""
    reach = attack_range_value(t, seat)
    out = []
    for other in t.order_from(t.turn.seat or seat):
        if other == seat or not t.seat(other).alive:
            continue
        d = distance_value(t, seat, other)
        if d is not None and d <= reach:
            out.append(other)
    return tuple(out)


def seat_word(seat: int) -> str:
    """A seat as a choice's word (``choose 2 seat4``)."""
    return f"seat{seat}"


def _quhu_step(ctx: Ctx, use: SkillUse) -> None:
    t = ctx.table
    tiger = use.targets[0]
    if use.step == 0:
        t.stack[-1] = evolve(use, step=1)
        ask_compare(t, use, tiger)
        return
    if use.step == 1:
        if use.value != use.seat:  # not won (a tie included): the tiger hurts him
            t.stack.pop()
            if t.seat(tiger).alive:
                push(t, DamageEvent(use.seat, 1, None, tiger, None))
            return
        victims = _in_range_of(t, tiger)
        if len(victims) > 1:
            t.stack[-1] = evolve(use, step=2)
            reason = say(
                "{skill}: choose whom seat {seat} damages (a player within its attack range)",
                skill=rule_source(use.key),
                seat=tiger,
            )
            push(t, Expect("choose", use.seat, reason, options=tuple(map(seat_word, victims))))
            return
        t.stack.pop()
        if victims:
            push(t, DamageEvent(victims[0], 1, None, tiger, None))
        return
    t.stack.pop()  # a victim chosen (step 3)
    push(t, DamageEvent(int(use.word.removeprefix("seat")), 1, None, tiger, None))


@rule("quhu", phases=(Phase.PLAY,), limit_per_phase=1, step=_quhu_step, targets=(1, 1))
def quhu(ctx: Ctx, m: Skill, event: object) -> None:
    """驱虎: fights a point against a player with more HP than his; winning, that player
    deals 1 damage to one within its attack range whom he chooses; otherwise that
    player deals 1 damage to him."""
    t = ctx.table
    if m.cards or m.unknown:
        raise IllegalMove(
            say(
                "{skill}: the cards are laid in the point fight; name the player only",
                skill=rule_source(m.skill),
            )
        )
    need_targets(m, 1, 1, say("{skill}: one other player (-> N)", skill=rule_source(m.skill)))
    target = m.targets[0]
    living_other(t, m, target)
    if t.seat(target).hp <= t.seat(m.seat).hp:
        raise IllegalMove(
            say(
                "{skill}: seat {seat} must have more HP than he has",
                skill=rule_source(m.skill),
                seat=target,
            )
        )
    if not can_compare(t, m.seat, target):
        raise IllegalMove(
            say("{skill}: both players need a hand card to fight", skill=rule_source(m.skill))
        )
    push(t, SkillUse(m.seat, "quhu", targets=(target,)))


# ---------------------------------------------------------------- 节命


def _short(t: Table, seat: int) -> int:
    """How many cards 节命 makes ``seat`` draw: up to its max HP, at most five."""
    s = t.seat(seat)
    return max(0, min(s.max_hp, 5) - s.hand_count)


def _took_damage(t: Table, owner: int, event: object) -> bool:
    return isinstance(event, DamageEvent) and event.target == owner and event.amount > 0


@rule("jieming", point=Point.AFTER_DAMAGE, can=_took_damage, targets=(1, None), whose=("target",))
def jieming(ctx: Ctx, m: Skill, event: object) -> None:
    """节命: for each 1 damage taken, a player he chooses (``-> A,B``: one per point)
    draws until his hand cards equal his max HP (at most five)."""
    assert isinstance(event, DamageEvent)
    t = ctx.table
    if m.cards or m.unknown:
        raise IllegalMove(
            say("{skill}: name the players who draw only", skill=rule_source(m.skill))
        )
    if not 1 <= len(m.targets) <= event.amount:
        raise IllegalMove(
            say(
                "{skill}: one player for each point of damage, {n} at most",
                skill=rule_source(m.skill),
                n=event.amount,
            )
        )
    for seat in m.targets:
        if not t.seat(seat).alive:
            raise IllegalMove(
                say("{skill}: seat {seat} is dead", skill=rule_source(m.skill), seat=seat)
            )
    for seat in m.targets:
        n = _short(t, seat)  # 0: nothing to draw
        t.draw_unknown(seat, n)
