"""小乔's skills (风): 天香 (tianxiang) 红颜 (hongyan).

红颜 is the effect ``suit_as`` declared in generals/wind.toml (her spades are
hearts): ``engine.derived.suit_for`` reads it where a suit of hers counts (her
judgement cards, 天香's heart).
"""

from __future__ import annotations

from engine.cardops import discard_cards
from engine.cards import Element, Suit
from engine.context import Ctx
from engine.derived import suit_for
from engine.frames import DamageEvent, Point, SkillUse
from engine.moves import Skill
from engine.registry import rule, rule_source
from engine.settlement import push
from engine.skills.common import living_other, need_targets
from engine.state import evolve
from engine.table import IllegalMove, Table
from engine.text import say
from engine.windows import set_event


def _about_to_take(t: Table, owner: int, event: object) -> bool:
    return (
        isinstance(event, DamageEvent)
        and event.target == owner
        and event.amount > 0
        and t.seat(owner).hand_count > 0
    )


def _tianxiang_step(ctx: Ctx, use: SkillUse) -> None:
    t = ctx.table
    target = use.targets[0]
    if use.step == 0:  # the damage moves to the target; then he draws
        t.stack[-1] = evolve(use, step=1)
        element = Element(use.word) if use.word else None
        push(t, DamageEvent(target, use.value, element, use.other or None, None))
        return
    t.stack.pop()
    s = t.seat(target)
    if s.alive and s.max_hp > s.hp:
        t.draw_unknown(target, s.max_hp - s.hp)


@rule(
    "tianxiang",
    point=Point.RECEIVING,
    can=_about_to_take,
    step=_tianxiang_step,
    cards=(1, 1),
    targets=(1, 1),
    whose=("target",),
)
def tianxiang(ctx: Ctx, m: Skill, event: object) -> None:
    """天香: when she is about to take damage, discards a heart hand card: another player
    she names takes that damage instead, then draws as many cards as HP he is missing."""
    assert isinstance(event, DamageEvent)
    t = ctx.table
    if len(m.cards) != 1 or m.unknown:
        raise IllegalMove(
            say("{skill}: discard one heart hand card (#id)", skill=rule_source(m.skill))
        )
    need_targets(
        m, 1, 1, say("{skill}: name the player who takes it (-> N)", skill=rule_source(m.skill))
    )
    living_other(t, m, m.targets[0])
    if suit_for(t, m.seat, m.cards[0]) is not Suit.HEART:
        raise IllegalMove(say("{skill}: the card must be a heart", skill=rule_source(m.skill)))
    discard_cards(ctx, m.seat, m.cards, 0, ("hand",))
    set_event(t, evolve(event, amount=0))  # she takes none of it
    element = event.element.value if event.element is not None else ""
    push(
        t,
        SkillUse(
            m.seat,
            "tianxiang",
            targets=m.targets,
            value=event.amount,
            other=event.source or 0,
            word=element,
        ),
    )
