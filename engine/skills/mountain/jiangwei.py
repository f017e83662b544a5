"""姜维's skills (山): 挑衅 (tiaoxin) 志继 (zhiji)."""

from __future__ import annotations

from engine.context import Ctx
from engine.derived import attack_range_value, distance_value
from engine.frames import Ask, Expect, Occasion, Point, SkillUse
from engine.moves import Skill
from engine.registry import rule, rule_source
from engine.settlement import heal, push
from engine.skills.common import living_other, need_targets, no_arguments
from engine.skills.mountain.liushan import change_max_hp, gain_skill
from engine.state import Phase, evolve
from engine.table import IllegalMove, Table
from engine.text import say

# ---------------------------------------------------------------- 挑衅


def in_their_range(t: Table, seat: int, other: int) -> bool:
    """``seat`` is within ``other``'s attack range."""
    d = distance_value(t, other, seat)
    return d is not None and d <= attack_range_value(t, other)


def _tiaoxin_step(ctx: Ctx, use: SkillUse) -> None:
    t = ctx.table
    target = use.targets[0]
    if use.step == 0:
        t.stack[-1] = evolve(use, step=1)
        reason = say(
            "{skill} of seat {seat}: use a Sha on him, or he discards one of your cards",
            skill=rule_source(use.key),
            seat=use.seat,
        )
        push(t, Ask("sha", (target,), reason, for_seat=use.seat))
        return
    t.stack.pop()
    if use.step != 1:  # the Sha was used on him
        return
    s = t.seat(target)
    if s.alive and s.card_count > 0:
        reason = say(
            "{skill}: discard one card of seat {seat}", skill=rule_source(use.key), seat=target
        )
        push(t, Expect("discard_one", use.seat, reason, other=target, zones="he"))


@rule("tiaoxin", phases=(Phase.PLAY,), limit_per_phase=1, step=_tiaoxin_step, targets=(1, 1))
def tiaoxin(ctx: Ctx, m: Skill, event: object) -> None:
    """挑衅: once in his play phase, a player whose attack range includes him uses a Sha
    on him (``use T #id``), or (``pass T``) he discards one of that player's cards."""
    t = ctx.table
    if m.cards or m.unknown:
        raise IllegalMove(
            say("{skill} spends no cards: name the player", skill=rule_source(m.skill))
        )
    need_targets(m, 1, 1, say("{skill}: one other player (-> N)", skill=rule_source(m.skill)))
    target = m.targets[0]
    living_other(t, m, target)
    if not in_their_range(t, m.seat, target):
        raise IllegalMove(
            say(
                "{skill}: seat {seat}'s attack range does not include him",
                skill=rule_source(m.skill),
                seat=target,
            )
        )
    push(t, SkillUse(m.seat, "tiaoxin", targets=(target,)))


# ---------------------------------------------------------------- 志继

ZHIJI_CHOICES = ("recover", "draw")


def _no_hand(t: Table, owner: int, event: object) -> bool:
    return isinstance(event, Occasion) and event.seat == owner and t.seat(owner).hand_count == 0


def _zhiji_step(ctx: Ctx, use: SkillUse) -> None:
    t = ctx.table
    if use.step == 0:
        t.stack[-1] = evolve(use, step=1)
        reason = say("{skill}: recover 1 HP or draw two cards", skill=rule_source(use.key))
        push(t, Expect("choose", use.seat, reason, options=ZHIJI_CHOICES))
        return
    t.stack.pop()
    if use.word == "recover":
        heal(t, use.seat, 1)
    else:
        t.draw_unknown(use.seat, 2)
    change_max_hp(t, use.seat, -1)
    gain_skill(t, use.seat, "guanxing")


@rule("zhiji", point=Point.PREPARATION, can=_no_hand, step=_zhiji_step, whose=("seat",))
def zhiji(ctx: Ctx, m: Skill, event: object) -> None:
    """志继 (awakening): in his preparation phase with no hand cards, recovers 1 HP or draws
    two cards (``choose N recover|draw``), loses 1 max HP and gains 观星."""
    no_arguments(m)
    push(ctx.table, SkillUse(m.seat, "zhiji"))
