"""张角's skills (风): 雷击 (leiji) 鬼道 (guidao) 黄天 (huangtian)."""

from __future__ import annotations

from engine.cardops import lift_from, possess, transfer
from engine.cards import Colour, Element, Suit
from engine.context import Ctx
from engine.derived import card, owned_keys, suit_for
from engine.frames import DamageEvent, Expect, Judgement, Occasion, Point, SkillUse
from engine.moves import Skill
from engine.registry import rule, rule_source
from engine.settlement import push
from engine.skills.common import count_cards, need_targets
from engine.state import Phase, evolve
from engine.table import IllegalMove, Table
from engine.text import say
from engine.windows import set_event

# ---------------------------------------------------------------- 雷击


def _shan_used(t: Table, owner: int, event: object) -> bool:
    return isinstance(event, Occasion) and event.point is Point.SHAN_USED and event.seat == owner


def _leiji_step(ctx: Ctx, use: SkillUse) -> None:
    t = ctx.table
    target = use.targets[0]
    if use.step == 0:
        t.stack[-1] = evolve(use, step=1)
        reason = say("{what}: turn over the judgement card", what=rule_source(use.key))
        push(t, Expect("judge", target, reason))
        return
    t.stack.pop()
    if use.value and suit_for(t, target, use.value) is Suit.SPADE and t.seat(target).alive:
        push(t, DamageEvent(target, 2, Element.THUNDER, use.seat, None))


@rule(
    "leiji",
    point=Point.SHAN_USED,
    can=_shan_used,
    step=_leiji_step,
    targets=(1, 1),
    whose=("seat",),
)
def leiji(ctx: Ctx, m: Skill, event: object) -> None:
    """雷击: after he uses or plays a Shan, a player he names judges; a spade: that
    player takes 2 thunder damage from him."""
    t = ctx.table
    if m.cards or m.unknown:
        raise IllegalMove(say("{skill}: name the player only (-> N)", skill=rule_source(m.skill)))
    need_targets(m, 1, 1, say("{skill}: one player judges (-> N)", skill=rule_source(m.skill)))
    if not t.seat(m.targets[0]).alive:
        raise IllegalMove(
            say("{skill}: seat {seat} is dead", skill=rule_source(m.skill), seat=m.targets[0])
        )
    push(t, SkillUse(m.seat, "leiji", targets=m.targets))


# ---------------------------------------------------------------- 鬼道


def _black_to_play(t: Table, owner: int, event: object) -> bool:
    if not isinstance(event, Judgement):
        return False
    s = t.seat(owner)
    return s.hand_count > 0 or any(card(c).colour is Colour.BLACK for c in s.equipment)


@rule("guidao", point=Point.JUDGE_BEFORE, can=_black_to_play, cards=(1, 1))
def guidao(ctx: Ctx, m: Skill, event: object) -> None:
    """鬼道: before any judgement card takes effect, plays a black card (hand or
    equipment) in its place and gains the card it replaces."""
    assert isinstance(event, Judgement)
    t = ctx.table
    if len(m.cards) != 1 or m.unknown or m.targets:
        raise IllegalMove(
            say(
                "{skill}: name the black card played in place of the judgement card",
                skill=rule_source(m.skill),
            )
        )
    if card(m.cards[0]).colour is not Colour.BLACK:
        raise IllegalMove(
            say("{skill}: {card} is not black", skill=rule_source(m.skill), card=card(m.cards[0]))
        )
    source = possess(ctx, m.seat, m.cards[0], ("hand", "equipment"))
    lift_from(ctx, m.seat, m.cards[0], source)
    t.put(m.cards[0], "processing")
    if t.where.get(event.card) == "processing":
        t.move(event.card, f"hand:{m.seat}")
    set_event(t, evolve(event, card=m.cards[0]))


# ---------------------------------------------------------------- 黄天


def _huangtian_lords(t: Table, giver: int) -> tuple[int, ...]:
    """The living lords with 黄天 other than ``giver``."""
    return tuple(
        s.seat for s in t.seats if s.alive and s.seat != giver and "huangtian" in owned_keys(s)
    )


def _qun_giver(t: Table, seat: int) -> bool:
    return t.seat(seat).kingdom == "qun" and bool(_huangtian_lords(t, seat))


@rule(
    "huangtian",
    phases=(Phase.PLAY,),
    limit_per_phase=1,
    cards=(1, 1),
    targets=(0, 1),
    lent_to=_qun_giver,
)
def huangtian(ctx: Ctx, m: Skill, event: object) -> None:
    """黄天 (lord): once in each of their play phases, another 群 player may give him a
    Shan or a 闪电 from the hand (``skill GIVER huangtian #id``)."""
    t = ctx.table
    lords = _huangtian_lords(t, m.seat)
    if not lords or t.seat(m.seat).kingdom != "qun":
        raise IllegalMove(
            say(
                "{skill}: another 群 player gives the card to the lord",
                skill=rule_source(m.skill),
            )
        )
    if count_cards(m) != 1 or m.unknown:
        raise IllegalMove(say("{skill}: give one Shan or 闪电 (#id)", skill=rule_source(m.skill)))
    if card(m.cards[0]).key not in ("shan", "lightning"):
        raise IllegalMove(
            say(
                "{skill}: {card} is not a Shan or a 闪电",
                skill=rule_source(m.skill),
                card=card(m.cards[0]),
            )
        )
    lord = m.targets[0] if m.targets else lords[0]
    if lord not in lords:
        raise IllegalMove(
            say("{skill}: seat {seat} has no {skill}", skill=rule_source(m.skill), seat=lord)
        )
    transfer(ctx, m.seat, lord, m.cards, 0, ("hand",))
