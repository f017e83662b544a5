"""典韦's skills (火): 强袭 (qiangxi)."""

from __future__ import annotations

from engine.cardops import discard_cards
from engine.cards import Subtype
from engine.context import Ctx
from engine.derived import attack_range_value, card, distance_value
from engine.frames import DamageEvent
from engine.moves import Skill
from engine.registry import rule, rule_source
from engine.settlement import lose_hp, push
from engine.skills.common import count_cards, living_other, need_targets
from engine.state import Phase
from engine.table import IllegalMove
from engine.text import say

WEAPON = Subtype.WEAPON


@rule("qiangxi", phases=(Phase.PLAY,), limit_per_phase=1, cards=(0, 1), targets=(1, 1))
def qiangxi(ctx: Ctx, m: Skill, event: object) -> None:
    """强袭: loses 1 HP (no card named) or discards a weapon card (``#id``, from his hand
    or his weapon slot), then deals 1 damage to a player within his attack range."""
    t = ctx.table
    need_targets(
        m, 1, 1, say("{skill}: one player within attack range (-> N)", skill=rule_source(m.skill))
    )
    target = m.targets[0]
    living_other(t, m, target)
    if m.unknown or count_cards(m) > 1 or (m.cards and card(m.cards[0]).kind.subtype is not WEAPON):
        raise IllegalMove(
            say(
                "{skill}: discard one weapon card (#id), or name no card to lose 1 HP",
                skill=rule_source(m.skill),
            )
        )
    reach = distance_value(t, m.seat, target, m.cards)
    if reach is None or reach > attack_range_value(t, m.seat, m.cards):
        raise IllegalMove(
            say(
                "{skill}: seat {seat} is not within his attack range",
                skill=rule_source(m.skill),
                seat=target,
            )
        )
    push(t, DamageEvent(target, 1, None, m.seat, None))
    if m.cards:
        discard_cards(ctx, m.seat, m.cards, 0, ("hand", "equipment"))
    else:
        lose_hp(ctx, m.seat, 1)  # his dying, if it comes, settles before the damage
