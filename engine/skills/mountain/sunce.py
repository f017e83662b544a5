"""孙策's skills (山): 激昂 (jiang) 魂姿 (hunzi) 制霸 (zhiba)."""

from __future__ import annotations

from engine.cards import Colour
from engine.context import Ctx
from engine.derived import owned_keys
from engine.frames import CardUse, Expect, Occasion, Point, SkillUse
from engine.moves import Skill
from engine.registry import LENT, rule, rule_source
from engine.settlement import SHA, card_colour, push
from engine.skills.common import ask_compare, can_compare, need_targets, no_arguments
from engine.skilltypes import used_this_game
from engine.state import Phase, Role, evolve
from engine.table import IllegalMove, Table
from engine.text import say

# ---------------------------------------------------------------- 激昂


def _jiang_can(t: Table, owner: int, event: object) -> bool:
    if not isinstance(event, CardUse):
        return False
    if event.kind != "duel" and not (event.kind in SHA and card_colour(event.cards) is Colour.RED):
        return False
    # using it: once, at its first target; becoming a target: each time
    return (event.user == owner and event.at == 0) or event.target == owner


@rule("jiang", point=Point.AFTER_TARGETING, can=_jiang_can, whose=("user", "target"))
def jiang(ctx: Ctx, m: Skill, event: object) -> None:
    """激昂: when he uses a 决斗 or a red Sha, or becomes the target of one, he may draw
    a card."""
    no_arguments(m)
    ctx.table.draw_unknown(m.seat, 1)


# ---------------------------------------------------------------- 魂姿


def _hunzi_can(t: Table, owner: int, event: object) -> bool:
    return isinstance(event, Occasion) and event.seat == owner and t.seat(owner).hp == 1


@rule("hunzi", point=Point.PREPARATION, can=_hunzi_can, whose=("seat",))
def hunzi(ctx: Ctx, m: Skill, event: object) -> None:
    """魂姿 (awakening): in his preparation phase with 1 HP, he loses 1 max HP and gains
    英姿 and 英魂."""
    no_arguments(m)
    t = ctx.table
    s = t.seat(m.seat)
    max_hp = s.max_hp - 1
    gained = tuple(k for k in ("yingzi", "yinghun") if k not in s.extra_skills)
    t.set_seat(
        evolve(s, max_hp=max_hp, hp=min(s.hp, max_hp), extra_skills=(*s.extra_skills, *gained))
    )


# ---------------------------------------------------------------- 制霸


def _zhiba_lord(t: Table, seat: int) -> bool:
    s = t.seat(seat)
    return s.alive and s.role is Role.LORD and "zhiba" in owned_keys(s)


def _may_start(t: Table, seat: int) -> bool:
    """Another 吴 player may start 制霸's point fight in his play phase."""
    return t.seat(seat).kingdom == "wu" and any(
        _zhiba_lord(t, s.seat) for s in t.seats if s.seat != seat
    )


LENT["zhiba"] = _may_start

TAKE, LEAVE, ACCEPT, REFUSE = "take", "leave", "accept", "refuse"


def _zhiba_step(ctx: Ctx, use: SkillUse) -> None:
    t = ctx.table
    lord = use.targets[0]
    if use.step == 0:
        if used_this_game(t.seat(lord), "hunzi"):  # after 魂姿 he may refuse the fight
            t.stack[-1] = evolve(use, step=1)
            reason = say(
                "{skill}: seat {seat} accepts the point fight or refuses it",
                skill=rule_source(use.key),
                seat=lord,
            )
            push(t, Expect("choose", lord, reason, options=(ACCEPT, REFUSE)))
            return
        use = evolve(use, step=2, word=ACCEPT)
    if use.step == 2:
        if use.word == REFUSE or not can_compare(t, use.seat, lord):
            t.stack.pop()
            return
        use = evolve(use, step=3)
        t.stack[-1] = use
        ask_compare(t, use, lord)
        return
    if use.step == 3:  # the fight is over: value is the winner (0: a tie)
        if use.value == use.seat:
            t.stack.pop()
            return
        cards = tuple(t.discard_pile[-2:])
        t.stack[-1] = evolve(use, step=4, cards=cards)
        reason = say(
            "{skill}: seat {seat} may take both cards of the point fight",
            skill=rule_source(use.key),
            seat=lord,
        )
        push(t, Expect("choose", lord, reason, options=(TAKE, LEAVE)))
        return
    t.stack.pop()
    if use.word == TAKE and t.seat(lord).alive:
        for c in use.cards:
            if t.where.get(c) == "discard":
                t.move(c, f"hand:{lord}")


@rule("zhiba", phases=(Phase.PLAY,), limit_per_phase=1, step=_zhiba_step, targets=(1, 1))
def zhiba(ctx: Ctx, m: Skill, event: object) -> None:
    """制霸 (lord): once in his play phase another 吴 player may fight a point with the
    lord (who may refuse once 魂姿 has awakened); unless that player wins, the lord may
    take both cards (``skill 2 zhiba -> 1``, then ``choose 1 take``)."""
    t = ctx.table
    if m.cards or m.unknown:
        raise IllegalMove(say("{skill}: name the lord only (-> N)", skill=rule_source(m.skill)))
    need_targets(m, 1, 1, say("{skill}: the lord (-> N)", skill=rule_source(m.skill)))
    lord = m.targets[0]
    if lord == m.seat or not _zhiba_lord(t, lord) or t.seat(m.seat).kingdom != "wu":
        raise IllegalMove(
            say(
                "{skill}: another 吴 player fights the lord who has it",
                skill=rule_source(m.skill),
            )
        )
    if not can_compare(t, m.seat, lord):
        raise IllegalMove(
            say("{skill}: both need a hand card for the point fight", skill=rule_source(m.skill))
        )
    push(t, SkillUse(m.seat, "zhiba", targets=(lord,)))
