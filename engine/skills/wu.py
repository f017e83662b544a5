"""吴 (wu) generals' skills, each by its key in generals.toml.

奇袭, 国色 (conversions), 克己 (skipping the discard phase), 英姿 (one more
card drawn) and 谦逊 are effects declared in generals.toml; 救援 is applied
where a Peach heals (engine.rules).
"""

from __future__ import annotations

from engine.cardops import discard_cards
from engine.cards import Suit
from engine.context import Ctx
from engine.derived import card, check_target, kind
from engine.frames import CardUse, DamageEvent, Expect, Point, SkillUse
from engine.moves import Skill
from engine.registry import rule
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
from engine.windows import set_event

# ---------------------------------------------------------------- 孙权


@rule("zhiheng", phases=(Phase.PLAY,), limit_per_phase=1, cards=(1, None))
def zhiheng(ctx: Ctx, m: Skill, event: object) -> None:
    """制衡: discards any number of cards (hand or equipment), then draws as many."""
    if m.targets:
        raise IllegalMove("制衡 has no targets")
    n = count_cards(m)
    if n < 1:
        raise IllegalMove("制衡: discard at least one card (#id, or xN unseen hand cards)")
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
    no_arguments(m, "苦肉")
    push(ctx.table, SkillUse(m.seat, "kurou"))
    lose_hp(ctx, m.seat, 1)  # dying settles first, on top


# ---------------------------------------------------------------- 周瑜

SUITS = tuple(suit.value for suit in Suit)


def _fanjian_step(ctx: Ctx, use: SkillUse) -> None:
    t = ctx.table
    target = use.targets[0]
    if use.step == 0:
        t.stack[-1] = evolve(use, step=1)
        push(t, Expect("choose", target, "反间: name a suit", options=SUITS))
        return
    if use.step == 2:  # the suit is named: the target takes one of his hand cards, shown
        t.stack[-1] = evolve(use, step=3)
        push(
            t,
            Expect(
                "take_shown",
                target,
                f"反间: take one of seat {use.seat}'s hand cards and show it",
                other=use.seat,
                zones="h",
            ),
        )
        return
    t.stack.pop()
    if use.step == 3 and use.value and card(use.value).suit.value != use.word:
        push(t, DamageEvent(target, 1, None, use.seat, None))


@rule("fanjian", phases=(Phase.PLAY,), limit_per_phase=1, step=_fanjian_step, targets=(1, 1))
def fanjian(ctx: Ctx, m: Skill, event: object) -> None:
    """反间: another player names a suit and takes one of his hand cards; if its suit
    differs, that player takes 1 damage from him."""
    t = ctx.table
    if m.cards or m.unknown:
        raise IllegalMove("反间: the other player takes the card; name the player only")
    need_targets(m, 1, 1, "反间: one other player (-> N)")
    living_other(t, m.seat, m.targets[0], "反间")
    if t.seat(m.seat).hand_count == 0:
        raise IllegalMove("反间 needs a hand card to be taken")
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
        raise IllegalMove("流离: discard one card (#id, or x1 unseen)")
    need_targets(m, 1, 1, "流离: name the player the Sha moves to (-> N)")
    new = m.targets[0]
    if not _redirectable(t, m.seat, event, new, m.cards):
        raise IllegalMove(
            f"流离: seat {new} must be another player in her attack range, not the Sha's user"
        )
    discard_cards(ctx, m.seat, m.cards, m.unknown, ("hand", "equipment"))
    targets = list(event.targets)
    targets[event.at] = new
    set_event(t, evolve(event, targets=tuple(targets), opened=0))


# ---------------------------------------------------------------- 陆逊


@rule("lianying", point=Point.HAND_EMPTIED, can=own_occasion, whose=("seat",))
def lianying(ctx: Ctx, m: Skill, event: object) -> None:
    """连营: when he loses his last hand card, draws one card."""
    no_arguments(m, "连营")
    ctx.table.draw_unknown(m.seat, 1)


# ---------------------------------------------------------------- 孙尚香


@rule("jieyin", phases=(Phase.PLAY,), limit_per_phase=1, cards=(2, 2), targets=(1, 1))
def jieyin(ctx: Ctx, m: Skill, event: object) -> None:
    """结姻: discards two hand cards; she and a wounded male general recover 1 HP each."""
    t = ctx.table
    if count_cards(m) != 2:
        raise IllegalMove("结姻: discard two hand cards")
    need_targets(m, 1, 1, "结姻: one wounded male general (-> N)")
    target = m.targets[0]
    living_other(t, m.seat, target, "结姻")
    if not is_male(t, target) or not t.seat(target).wounded:
        raise IllegalMove(f"结姻: seat {target} must be a wounded male general")
    discard_cards(ctx, m.seat, m.cards, m.unknown, ("hand",))
    heal(t, m.seat, 1)
    heal(t, target, 1)


@rule("xiaoji", point=Point.EQUIPMENT_LOST, can=own_occasion, whose=("seat",))
def xiaoji(ctx: Ctx, m: Skill, event: object) -> None:
    """枭姬: when she loses a card from her equipment zone, draws two cards."""
    no_arguments(m, "枭姬")
    ctx.table.draw_unknown(m.seat, 2)
