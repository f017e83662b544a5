"""神吕布's skills (林): 狂暴 (kuangbao), 无谋 (wumou), 无前 (wuqian), 神愤 (shenfen).

His 暴怒 marks are ``Seat.marks["baonu"]``. 狂暴 and 无谋 are compulsory: the
engine settles them by itself (triggers at the deal, at a damage's HP change and
at a trick's declaration). 无前's 无双 and ignored armour are read from the turn's
flag ``SEAT:wuqian`` (engine.settlement ``needs`` and ``armour_ignored``).
"""

from __future__ import annotations

from engine.context import Ctx
from engine.derived import kind, owned_keys
from engine.frames import CardUse, DamageEvent, Expect, Occasion, Point, SkillUse
from engine.moves import Skill
from engine.registry import AT_DEAL, rule, rule_source, trigger
from engine.settlement import lose_hp, push
from engine.skills.common import no_arguments
from engine.state import Phase, evolve
from engine.table import IllegalMove, Table
from engine.text import say, say_n
from engine.windows import owned_anywhere

BAONU = "baonu"  # 暴怒 marks
START_MARKS = 2  # 狂暴: two at the start of the game
WUQIAN_COST = 2
SHENFEN_COST = 6
SHENFEN_HAND = 4  # 神愤: hand cards each other player discards


def add_marks(t: Table, seat: int, delta: int) -> None:
    s = t.seat(seat)
    marks = dict(s.marks)
    value = marks.get(BAONU, 0) + delta
    if value:
        marks[BAONU] = value
    else:
        marks.pop(BAONU, None)
    t.set_seat(evolve(s, marks=tuple(sorted(marks.items()))))


def _spend(t: Table, m: Skill, cost: int) -> None:
    have = t.seat(m.seat).mark(BAONU)
    if have < cost:
        raise IllegalMove(
            say_n(
                "{skill} discards {n} 暴怒 mark (seat {seat} has {have})",
                "{skill} discards {n} 暴怒 marks (seat {seat} has {have})",
                cost,
                skill=rule_source(m.skill),
                seat=m.seat,
                have=have,
            )
        )
    add_marks(t, m.seat, -cost)


# ---------------------------------------------------------------- 狂暴


def _kuangbao_setup(t: Table, seat: int) -> None:
    """狂暴: the game starts with two 暴怒 marks on him."""
    add_marks(t, seat, START_MARKS)


AT_DEAL["kuangbao"] = _kuangbao_setup


@trigger(Point.HP_CHANGE)
def _kuangbao_damage(t: Table, event: object) -> bool:
    """狂暴: one 暴怒 mark for each 1 damage he deals or takes."""
    assert isinstance(event, DamageEvent)
    if "kuangbao" not in owned_anywhere(t):
        return False
    for seat in {event.source, event.target}:
        if seat and "kuangbao" in owned_keys(t.seat(seat)):
            add_marks(t, seat, event.amount)
    return False


@rule("kuangbao")
def kuangbao(ctx: Ctx, m: Skill, event: object) -> None:
    """狂暴 (compulsory): two 暴怒 marks at the start; one more for each 1 damage he
    deals or takes. The engine keeps them by itself."""
    raise IllegalMove(say("{skill} applies by itself", skill=rule_source(m.skill)))


# ---------------------------------------------------------------- 无谋

LOSE_HP = "hp"  # 无谋: lose 1 HP
DISCARD_MARK = "mark"  # 无谋: discard a 暴怒 mark


@trigger(Point.DECLARE)
def _wumou_trigger(t: Table, event: object) -> bool:
    """A non-delayed trick declared (``CardUse``), or a 无懈可击 he answered with
    (``Occasion``)."""
    if isinstance(event, CardUse) and kind(event.kind).type.value == "trick":
        user = event.user
    elif isinstance(event, Occasion):
        user = event.seat
    else:
        return False
    s = t.seat(user)
    if not (s.alive and "wumou" in owned_keys(s)):
        return False
    push(t, SkillUse(user, "wumou"))
    return True


def _wumou_step(ctx: Ctx, use: SkillUse) -> None:
    t = ctx.table
    if use.step == 0 and t.seat(use.seat).mark(BAONU) > 0:
        t.stack[-1] = evolve(use, step=1)
        reason = say(
            "{skill}: lose 1 HP (hp) or discard a 暴怒 mark (mark)", skill=rule_source(use.key)
        )
        push(t, Expect("choose", use.seat, reason, options=(LOSE_HP, DISCARD_MARK)))
        return
    t.stack.pop()
    if use.word == DISCARD_MARK:
        add_marks(t, use.seat, -1)
    else:  # no mark to discard, or his choice
        lose_hp(ctx, use.seat, 1)


@rule("wumou", step=_wumou_step)
def wumou(ctx: Ctx, m: Skill, event: object) -> None:
    """无谋 (compulsory): each time he uses a non-delayed trick, he loses 1 HP or
    discards a 暴怒 mark. The engine starts it by itself."""
    raise IllegalMove(say("{skill} applies by itself", skill=rule_source(m.skill)))


# ---------------------------------------------------------------- 无前


@rule("wuqian", phases=(Phase.PLAY,))
def wuqian(ctx: Ctx, m: Skill, event: object) -> None:
    """无前: in his play phase, discards two 暴怒 marks: until the end of the turn he has
    无双 and the other players' armour has no effect."""
    no_arguments(m)
    t = ctx.table
    _spend(t, m, WUQIAN_COST)
    t.set_turn(flags=t.turn.flags | {f"{m.seat}:wuqian"})


# ---------------------------------------------------------------- 神愤


def _shenfen_step(ctx: Ctx, use: SkillUse) -> None:
    """Step 0: the damage, seat by seat; 1: every equipment card discarded; 2 + i: the
    i-th player discards four hand cards (all, with fewer); at the end he turns over."""
    t = ctx.table
    if use.step == 0:
        t.stack[-1] = evolve(use, step=1)
        for seat in reversed(use.targets):
            push(t, DamageEvent(seat, 1, None, use.seat, None))
        return
    if use.step == 1:
        for seat in use.targets:
            s = t.seat(seat)
            if s.alive:
                for c in s.equipment:
                    t.move(c, "discard")
        t.stack[-1] = evolve(use, step=2)
        return
    i = use.step - 2
    if i < len(use.targets):
        t.stack[-1] = evolve(use, step=use.step + 1)
        seat = use.targets[i]
        s = t.seat(seat)
        n = min(SHENFEN_HAND, s.hand_count)
        if s.alive and n:
            reason = say_n(
                "{skill}: seat {seat} discards {n} hand card",
                "{skill}: seat {seat} discards {n} hand cards",
                n,
                skill=rule_source(use.key),
                seat=seat,
            )
            push(t, Expect("discard_n", seat, reason, other=use.seat, counts=(n,), zones="h"))
        return
    t.stack.pop()
    s = t.seat(use.seat)
    if s.alive:
        t.set_seat(evolve(s, flipped=not s.flipped))


@rule("shenfen", phases=(Phase.PLAY,), limit_per_phase=1, step=_shenfen_step)
def shenfen(ctx: Ctx, m: Skill, event: object) -> None:
    """神愤: once in his play phase, discards six 暴怒 marks: every other player takes 1
    damage from him, then discards all their equipment, then four hand cards; then
    he turns his general card over."""
    no_arguments(m)
    t = ctx.table
    _spend(t, m, SHENFEN_COST)
    others = tuple(s for s in t.order_from(m.seat) if s != m.seat)
    push(t, SkillUse(m.seat, "shenfen", targets=others))
