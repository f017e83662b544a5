"""吴 (wu) generals' skills, each by its key in generals.toml.

奇袭, 国色 (conversions), 克己 (skipping the discard phase), 英姿 (one more
card drawn) and 谦逊 are effects declared in generals.toml; 救援 is applied
where a Peach heals (engine.rules).
"""

from __future__ import annotations

from engine.cardops import discard_cards
from engine.cards import Suit, suit_word
from engine.context import Ctx
from engine.derived import card, check_target, kind
from engine.frames import CardUse, DamageEvent, Expect, Point, SkillUse
from engine.moves import Skill
from engine.registry import rule, rule_source
from engine.settlement import SHA, heal, lose_hp, push
from engine.skills.common import (
    count_cards,
    is_male,
    living_other,
    need_targets,
    no_arguments,
    own_occasion,
)
from engine.state import Phase, evolve
from engine.table import IllegalMove, Table
from engine.text import say
from engine.windows import set_event

# ---------------------------------------------------------------- 孙权


@rule("zhiheng", phases=(Phase.PLAY,), limit_per_phase=1, cards=(1, None))
def zhiheng(ctx: Ctx, m: Skill, event: object) -> None:
    """制衡: discards any number of cards (hand or equipment), then draws as many."""
    if m.targets:
        raise IllegalMove(say("{skill} has no targets", skill=rule_source(m.skill)))
    n = count_cards(m)
    if n < 1:
        raise IllegalMove(
            say(
                "{skill}: discard at least one card (#id, or xN unseen hand cards)",
                skill=rule_source(m.skill),
            )
        )
    discard_cards(ctx, m.seat, m.cards, m.unknown, ("hand", "equipment"))
    ctx.table.draw_unknown(m.seat, n)


# ---------------------------------------------------------------- 黄盖


def _kurou_step(ctx: Ctx, use: SkillUse) -> None:
    t = ctx.table
    t.stack.pop()
    if t.seat(use.seat).alive:
        t.draw_unknown(use.seat, 2)


@rule("kurou", phases=(Phase.PLAY,), step=_kurou_step)
def kurou(ctx: Ctx, m: Skill, event: object) -> None:
    """苦肉: loses 1 HP, then (if still alive) draws two cards."""
    no_arguments(m)
    push(ctx.table, SkillUse(m.seat, "kurou"))
    lose_hp(ctx, m.seat, 1)  # dying settles first, on top


# ---------------------------------------------------------------- 周瑜

SUITS = tuple(suit.value for suit in Suit)


def _fanjian_step(ctx: Ctx, use: SkillUse) -> None:
    t = ctx.table
    target = use.targets[0]
    if use.step == 0:
        t.stack[-1] = evolve(use, step=1)
        reason = say("{skill}: name a suit", skill=rule_source(use.key))
        push(t, Expect("choose", target, reason, options=SUITS))
        return
    if use.step == 2:  # the suit is named: the target takes one of his hand cards, shown
        t.stack[-1] = evolve(use, step=3)
        push(
            t,
            Expect(
                "take_shown",
                target,
                say(
                    "{skill}: take one of seat {seat}'s hand cards and show it",
                    skill=rule_source(use.key),
                    seat=use.seat,
                ),
                other=use.seat,
                zones="h",
            ),
        )
        return
    t.stack.pop()
    if use.step == 3 and use.value and suit_word(card(use.value)) != use.word:
        push(t, DamageEvent(target, 1, None, use.seat, None))


@rule("fanjian", phases=(Phase.PLAY,), limit_per_phase=1, step=_fanjian_step, targets=(1, 1))
def fanjian(ctx: Ctx, m: Skill, event: object) -> None:
    """反间: another player names a suit and takes one of his hand cards; if its suit
    differs, that player takes 1 damage from him."""
    t = ctx.table
    if m.cards or m.unknown:
        raise IllegalMove(
            say(
                "{skill}: the other player takes the card; name the player only",
                skill=rule_source(m.skill),
            )
        )
    need_targets(m, 1, 1, say("{skill}: one other player (-> N)", skill=rule_source(m.skill)))
    living_other(t, m, m.targets[0])
    if t.seat(m.seat).hand_count == 0:
        raise IllegalMove(say("{skill} needs a hand card to be taken", skill=rule_source(m.skill)))
    push(t, SkillUse(m.seat, "fanjian", targets=m.targets))


# ---------------------------------------------------------------- 大乔


def _liuli_can(t: Table, owner: int, event: object) -> bool:
    if not (isinstance(event, CardUse) and event.kind in SHA and event.target == owner):
        return False
    if t.seat(owner).card_count == 0:
        return False
    return any(_redirectable(t, owner, event, s) for s in t.order_from(owner))


def _redirectable(
    t: Table, owner: int, use: CardUse, seat: int, spent: tuple[int, ...] = ()
) -> bool:
    """Whether the Sha may move to ``seat``: in her attack range (what she discards
    no longer counts), a legal target, not the Sha's user."""
    if seat == use.user:
        return False
    return check_target(t, owner, kind(use.kind), seat, spent).legal


@rule(
    "liuli",
    point=Point.BECOME_TARGET,
    can=_liuli_can,
    cards=(1, 1),
    targets=(1, 1),
    whose=("target",),
)
def liuli(ctx: Ctx, m: Skill, event: object) -> None:
    """流离: when she becomes the target of a Sha, discards a card to move that Sha to
    another player in her attack range (not its user)."""
    assert isinstance(event, CardUse)
    t = ctx.table
    if count_cards(m) != 1:
        raise IllegalMove(
            say("{skill}: discard one card (#id, or x1 unseen)", skill=rule_source(m.skill))
        )
    need_targets(
        m, 1, 1, say("{skill}: name the player the Sha moves to (-> N)", skill=rule_source(m.skill))
    )
    new = m.targets[0]
    if not _redirectable(t, m.seat, event, new, m.cards):
        raise IllegalMove(
            say(
                "{skill}: seat {seat} must be another player in her attack range, "
                "not the Sha's user",
                skill=rule_source(m.skill),
                seat=new,
            )
        )
    discard_cards(ctx, m.seat, m.cards, m.unknown, ("hand", "equipment"))
    targets = list(event.targets)
    targets[event.at] = new
    set_event(t, evolve(event, targets=tuple(targets), opened=0))


# ---------------------------------------------------------------- 陆逊


@rule("lianying", point=Point.HAND_EMPTIED, can=own_occasion, whose=("seat",))
def lianying(ctx: Ctx, m: Skill, event: object) -> None:
    """连营: when he loses his last hand card, draws one card."""
    no_arguments(m)
    ctx.table.draw_unknown(m.seat, 1)


# ---------------------------------------------------------------- 孙尚香


@rule("jieyin", phases=(Phase.PLAY,), limit_per_phase=1, cards=(2, 2), targets=(1, 1))
def jieyin(ctx: Ctx, m: Skill, event: object) -> None:
    """结姻: discards two hand cards; she and a wounded male general recover 1 HP each."""
    t = ctx.table
    if count_cards(m) != 2:
        raise IllegalMove(say("{skill}: discard two hand cards", skill=rule_source(m.skill)))
    need_targets(
        m, 1, 1, say("{skill}: one wounded male general (-> N)", skill=rule_source(m.skill))
    )
    target = m.targets[0]
    living_other(t, m, target)
    if not is_male(t, target) or not t.seat(target).wounded:
        raise IllegalMove(
            say(
                "{skill}: seat {seat} must be a wounded male general",
                skill=rule_source(m.skill),
                seat=target,
            )
        )
    discard_cards(ctx, m.seat, m.cards, m.unknown, ("hand",))
    heal(t, m.seat, 1)
    heal(t, target, 1)


@rule("xiaoji", point=Point.EQUIPMENT_LOST, can=own_occasion, whose=("seat",))
def xiaoji(ctx: Ctx, m: Skill, event: object) -> None:
    """枭姬: when she loses a card from her equipment zone, draws two cards."""
    no_arguments(m)
    ctx.table.draw_unknown(m.seat, 2)
