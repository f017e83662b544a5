"""蔡文姬's skills (山): 悲歌 (beige) 断肠 (duanchang)."""

from __future__ import annotations

from engine.cardops import discard_cards
from engine.cards import Suit
from engine.context import Ctx
from engine.derived import SKILLESS, card, owned_keys
from engine.frames import DamageEvent, Expect, Point, SkillUse
from engine.moves import Skill
from engine.registry import ON_DEATH, rule, rule_source
from engine.settlement import SHA, heal, push, set_marks
from engine.skills.common import count_cards
from engine.state import evolve
from engine.table import IllegalMove, Table
from engine.text import say

# ---------------------------------------------------------------- 悲歌


def _beige_can(t: Table, owner: int, event: object) -> bool:
    return (
        isinstance(event, DamageEvent)
        and event.card_kind in SHA
        and t.seats[event.target - 1].alive
        and t.seats[owner - 1].card_count > 0
    )


def _beige_step(ctx: Ctx, use: SkillUse) -> None:
    t = ctx.table
    target = use.targets[0]
    if use.step == 0:
        t.stack[-1] = evolve(use, step=1)
        reason = say(
            "{what}: seat {seat} turns over the judgement card",
            what=rule_source(use.key),
            seat=target,
        )
        push(t, Expect("judge", target, reason))
        return
    t.stack.pop()
    if use.step == 1:  # no judgement was made
        return
    suit = card(use.value).suit
    source = use.other
    if suit is Suit.HEART:
        if t.seat(target).alive:
            heal(t, target, 1)
    elif suit is Suit.DIAMOND:
        if t.seat(target).alive:
            t.draw_unknown(target, 2)
    elif not source or not t.seat(source).alive:
        return
    elif suit is Suit.CLUB:
        reason = say(
            "{skill}: seat {seat} discards a card (hand or equipment)",
            skill=rule_source(use.key),
            seat=source,
        )
        for _ in range(min(2, t.seat(source).card_count)):
            push(t, Expect("discard_one", source, reason, other=source, zones="he"))
    elif suit is Suit.SPADE:
        s = t.seat(source)
        t.set_seat(evolve(s, flipped=not s.flipped))


@rule("beige", point=Point.AFTER_DAMAGE, can=_beige_can, step=_beige_step, cards=(1, 1))
def beige(ctx: Ctx, m: Skill, event: object) -> None:
    """悲歌: after a player takes damage from a Sha, she may discard a card to have
    them judge: heart, they recover 1 HP; diamond, they draw two cards; club, the
    damage source discards two cards; spade, the source turns over."""
    assert isinstance(event, DamageEvent)
    if count_cards(m) != 1 or m.targets:
        raise IllegalMove(
            say("{skill}: discard one card (#id, or x1 unseen)", skill=rule_source(m.skill))
        )
    discard_cards(ctx, m.seat, m.cards, m.unknown, ("hand", "equipment"))
    push(ctx.table, SkillUse(m.seat, "beige", targets=(event.target,), other=event.source or 0))


# ---------------------------------------------------------------- 断肠


def _duanchang(t: Table, dead: int, killer: int | None) -> None:
    """断肠 (compulsory): when she dies, the player who killed her loses every skill."""
    if not killer or killer == dead or "duanchang" not in owned_keys(t.seat(dead)):
        return
    set_marks(t, ((killer, SKILLESS, 1),))
    t.owned_union = None  # what the living own has changed


ON_DEATH.append(_duanchang)
