"""魏 (wei) generals' skills, each by its key in generals.toml."""

from __future__ import annotations

from engine.cardops import lift_from, possess
from engine.cards import Colour, suit_word
from engine.context import Ctx
from engine.derived import card
from engine.frames import Ask, DamageEvent, Expect, Judgement, Occasion, Point, SkillUse
from engine.moves import Skill
from engine.registry import compulsory, rule, rule_source
from engine.settlement import SHA, push, replace_top
from engine.skills.common import (
    hand_targets,
    judge_for,
    need_targets,
    no_arguments,
    own_occasion,
    take_from,
)
from engine.state import Phase, evolve
from engine.table import IllegalMove, Table
from engine.text import say, say_n
from engine.windows import set_event

# ---------------------------------------------------------------- 曹操


def _caused_by_cards(t: Table, owner: int, event: object) -> bool:
    return (
        isinstance(event, DamageEvent)
        and event.target == owner
        and any(t.where.get(c) == "processing" for c in event.cards)
    )


@rule("jianxiong", point=Point.AFTER_DAMAGE, can=_caused_by_cards, whose=("target",))
def jianxiong(ctx: Ctx, m: Skill, event: object) -> None:
    """奸雄: after taking damage, gains the cards that caused it."""
    no_arguments(m)
    assert isinstance(event, DamageEvent)
    t = ctx.table
    for c in event.cards:
        if t.where.get(c) == "processing":
            t.move(c, f"hand:{m.seat}")


def _wei_helpers(t: Table, owner: int) -> tuple[int, ...]:
    return tuple(s for s in t.order_from(owner) if s != owner and t.seat(s).kingdom == "wei")


def _shan_asked(t: Table, owner: int, event: object) -> bool:
    return (
        isinstance(event, Ask)
        and event.want == "shan"
        and event.asked == owner
        and bool(_wei_helpers(t, owner))
    )


@rule("hujia", point=Point.SHAN_NEEDED, can=_shan_asked, whose=("asked",))
def hujia(ctx: Ctx, m: Skill, event: object) -> None:
    """护驾 (lord): the other 魏 seats, in order, may play a Shan for him."""
    no_arguments(m)
    t = ctx.table
    helpers = _wei_helpers(t, m.seat)
    push(
        t,
        Ask(
            "shan",
            helpers,
            say("{skill}: play a Shan for seat {seat}", skill=rule_source(m.skill), seat=m.seat),
            for_seat=m.seat,
            helping=True,
        ),
    )


# ---------------------------------------------------------------- 司马懿


def _source_has_cards(t: Table, owner: int, event: object) -> bool:
    if not (isinstance(event, DamageEvent) and event.target == owner and event.source):
        return False
    source = t.seat(event.source)
    return event.source != owner and source.alive and source.card_count > 0


@rule("fankui", point=Point.AFTER_DAMAGE, can=_source_has_cards, whose=("target",))
def fankui(ctx: Ctx, m: Skill, event: object) -> None:
    """反馈: after taking damage, takes one card (hand or equipment) of the source."""
    no_arguments(m)
    assert isinstance(event, DamageEvent) and event.source
    take_from(
        ctx,
        m.seat,
        event.source,
        "he",
        say("{skill}: take one card of the damage source", skill=rule_source(m.skill)),
    )


def _has_hand(t: Table, owner: int, event: object) -> bool:
    return isinstance(event, Judgement) and t.seat(owner).hand_count > 0


@rule("guicai", point=Point.JUDGE_BEFORE, can=_has_hand, cards=(1, 1))
def guicai(ctx: Ctx, m: Skill, event: object) -> None:
    """鬼才: before a judgement card takes effect, plays a hand card in its place."""
    assert isinstance(event, Judgement)
    t = ctx.table
    if len(m.cards) != 1 or m.unknown or m.targets:
        raise IllegalMove(
            say(
                "{skill}: name the hand card played in place of the judgement card",
                skill=rule_source(m.skill),
            )
        )
    source = possess(ctx, m.seat, m.cards[0], ("hand",))
    lift_from(ctx, m.seat, m.cards[0], source)
    t.put(m.cards[0], "processing")
    if t.where.get(event.card) == "processing":
        t.move(event.card, "discard")
    set_event(t, evolve(event, card=m.cards[0]))


# ---------------------------------------------------------------- 夏侯惇


def _has_source(t: Table, owner: int, event: object) -> bool:
    return (
        isinstance(event, DamageEvent)
        and event.target == owner
        and bool(event.source)
        and event.source != owner
        and t.seat(event.source or owner).alive
    )


def _ganglie_step(ctx: Ctx, use: SkillUse) -> None:
    t = ctx.table
    if use.step == 0:
        judge_for(t, use)
        return
    t.stack.pop()
    if use.step == 1 or suit_word(card(use.value)) == "heart":
        return  # no judgement, or a heart: nothing happens
    source = t.seat(use.other)
    if not source.alive:
        return
    if source.hand_count < 2:
        push(t, DamageEvent(use.other, 1, None, use.seat, None))
        return
    push(
        t,
        Expect(
            "discard_or_damage",
            use.other,
            say(
                "{skill} of seat {seat}: discard two hand cards, or take 1 damage",
                skill=rule_source(use.key),
                seat=use.seat,
            ),
            other=use.seat,
            counts=(2,),
        ),
    )


@rule("ganglie", point=Point.AFTER_DAMAGE, can=_has_source, step=_ganglie_step, whose=("target",))
def ganglie(ctx: Ctx, m: Skill, event: object) -> None:
    """刚烈: after taking damage, judges; unless a heart, the source discards two hand
    cards or takes 1 damage from him."""
    no_arguments(m)
    assert isinstance(event, DamageEvent) and event.source
    push(ctx.table, SkillUse(m.seat, "ganglie", other=event.source))


# ---------------------------------------------------------------- 张辽


@rule("tuxi", phases=(Phase.DRAW,), targets=(1, 2))
def tuxi(ctx: Ctx, m: Skill, event: object) -> None:
    """突袭: instead of drawing, takes one hand card from each of up to two other players."""
    t = ctx.table
    if not (isinstance(event, Expect) and event.what == "draw" and event.seat == m.seat):
        raise IllegalMove(
            say(
                "{skill} replaces the draw of the draw phase: use it before drawing",
                skill=rule_source(m.skill),
            )
        )
    if m.cards or m.unknown:
        raise IllegalMove(
            say("{skill} spends no cards: name the players (-> N,M)", skill=rule_source(m.skill))
        )
    need_targets(
        m, 1, 2, say("{skill}: one or two other players, not more", skill=rule_source(m.skill))
    )
    hand_targets(t, m)
    t.stack.pop()  # the draw
    order = t.order_from(m.seat)
    for target in sorted(m.targets, key=order.index, reverse=True):
        reason = say(
            "{skill}: take a hand card of seat {seat}", skill=rule_source(m.skill), seat=target
        )
        take_from(ctx, m.seat, target, "h", reason)


# ---------------------------------------------------------------- 许褚


@rule("luoyi", phases=(Phase.DRAW,))
def luoyi(ctx: Ctx, m: Skill, event: object) -> None:
    """裸衣: draws one card fewer; his Sha and Duel deal 1 more damage this turn."""
    no_arguments(m)
    t = ctx.table
    if not (isinstance(event, Expect) and event.what == "draw" and event.seat == m.seat):
        raise IllegalMove(
            say("{skill} is declared in the draw phase, before drawing", skill=rule_source(m.skill))
        )
    if f"{m.seat}:luoyi" in t.turn.flags:
        raise IllegalMove(say("{skill} is declared once a turn", skill=rule_source(m.skill)))
    draw = max(event.counts) - 1
    t.set_turn(flags=t.turn.flags | {f"{m.seat}:luoyi"})
    if draw <= 0:
        t.stack.pop()  # nothing left to draw: the draw phase is over
        return
    replace_top(t, evolve(event, counts=(draw,)))


@compulsory(Point.CAUSING)
def luoyi_damage(t: Table, f: DamageEvent) -> DamageEvent:
    """裸衣 in force: his Sha and Duel deal 1 more damage this turn."""
    if (
        f.source
        and f"{f.source}:luoyi" in t.turn.flags
        and (f.card_kind in SHA or f.card_kind == "duel")
    ):
        return evolve(f, amount=f.amount + 1)
    return f


# ---------------------------------------------------------------- 郭嘉


def _own_judgement(t: Table, owner: int, event: object) -> bool:
    return (
        isinstance(event, Judgement)
        and event.seat == owner
        and t.where.get(event.card) == "processing"
    )


@rule("tiandu", point=Point.JUDGE_AFTER, can=_own_judgement, whose=("seat",))
def tiandu(ctx: Ctx, m: Skill, event: object) -> None:
    """天妒: after his own judgement card takes effect, gains it."""
    no_arguments(m)
    assert isinstance(event, Judgement)
    ctx.table.move(event.card, f"hand:{m.seat}")


def _took_damage(t: Table, owner: int, event: object) -> bool:
    return isinstance(event, DamageEvent) and event.target == owner


@rule("yiji", point=Point.AFTER_DAMAGE, can=_took_damage, targets=(1, None), whose=("target",))
def yiji(ctx: Ctx, m: Skill, event: object) -> None:
    """遗计: for each 1 damage, the top two cards of the draw pile go to the players he
    chooses (``-> A,B`` for each point; one seat alone takes them all)."""
    assert isinstance(event, DamageEvent)
    t = ctx.table
    if m.cards or m.unknown:
        raise IllegalMove(
            say(
                "{skill} hands out cards from the draw pile: name the receivers only",
                skill=rule_source(m.skill),
            )
        )
    count = 2 * event.amount
    receivers = m.targets or (m.seat,)
    if len(receivers) == 1:
        receivers = receivers * count
    if len(receivers) != count:
        raise IllegalMove(
            say_n(
                "{skill}: {n} card to hand out, one receiver each (or one for all)",
                "{skill}: {n} cards to hand out, one receiver each (or one for all)",
                count,
                skill=rule_source(m.skill),
            )
        )
    for seat in receivers:
        if not t.seat(seat).alive:
            raise IllegalMove(
                say("{skill}: seat {seat} is dead", skill=rule_source(m.skill), seat=seat)
            )
    t.ensure_pile(count)
    for seat in receivers:
        t.draw_unknown(seat, 1)


# ---------------------------------------------------------------- 甄姬


def _luoshen_step(ctx: Ctx, use: SkillUse) -> None:
    t = ctx.table
    if use.step == 0:
        judge_for(t, use)
        return
    t.stack.pop()
    if use.step == 1:
        return
    if card(use.value).colour is Colour.BLACK:
        t.move(use.value, f"hand:{use.seat}")
        push(t, Occasion(Point.PREPARATION, use.seat))  # the window opens again


@rule("luoshen", point=Point.PREPARATION, can=own_occasion, step=_luoshen_step, whose=("seat",))
def luoshen(ctx: Ctx, m: Skill, event: object) -> None:
    """洛神: judges again and again, gaining each black card, until a red one."""
    no_arguments(m)
    push(ctx.table, SkillUse(m.seat, "luoshen"))
