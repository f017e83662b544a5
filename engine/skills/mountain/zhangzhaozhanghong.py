"""张昭张纮's skills (山): 直谏 (zhijian) 固政 (guzheng)."""

from __future__ import annotations

from engine.cardops import lift_from, possess
from engine.cards import CardType
from engine.context import Ctx
from engine.derived import card
from engine.frames import Occasion, Point
from engine.moves import Skill
from engine.registry import DISCARD_PHASE, rule, rule_source
from engine.skills.common import living_other, need_targets
from engine.state import Phase
from engine.table import IllegalMove, Table
from engine.text import say
from engine.windows import owned_anywhere

# ---------------------------------------------------------------- 直谏


@rule("zhijian", phases=(Phase.PLAY,), cards=(1, 1), targets=(1, 1))
def zhijian(ctx: Ctx, m: Skill, event: object) -> None:
    """直谏: puts an equipment card of his hand into another player's equipment zone
    (an empty slot: nothing is replaced), then draws a card."""
    t = ctx.table
    if len(m.cards) != 1 or m.unknown:
        raise IllegalMove(
            say("{skill}: name the equipment card of your hand (#id)", skill=rule_source(m.skill))
        )
    need_targets(m, 1, 1, say("{skill}: one other player (-> N)", skill=rule_source(m.skill)))
    target = m.targets[0]
    living_other(t, m, target)
    c = card(m.cards[0])
    if c.kind.type is not CardType.EQUIPMENT or c.kind.subtype is None:
        raise IllegalMove(
            say("{skill}: {card} is not equipment", skill=rule_source(m.skill), card=c)
        )
    if t.seat(target).equipped(c.kind.subtype) is not None:
        raise IllegalMove(
            say(
                "{skill}: seat {seat} already has a card in that slot",
                skill=rule_source(m.skill),
                seat=target,
            )
        )
    source = possess(ctx, m.seat, m.cards[0], ("hand",))
    lift_from(ctx, m.seat, m.cards[0], source)
    t.put(m.cards[0], f"equip:{target}")
    t.draw_unknown(m.seat, 1)


# ---------------------------------------------------------------- 固政

DISCARDED = "discarded:"  # Turn.flags: a card the current player discarded in his discard phase


def _note_discards(t: Table, seat: int, cards: tuple[int, ...], unknown: int) -> None:
    """The cards the current player discards in his discard phase, for 固政 (noted only
    while someone has it)."""
    if cards and "guzheng" in owned_anywhere(t):
        t.set_turn(flags=t.turn.flags | {DISCARDED + str(c) for c in cards})


DISCARD_PHASE.append(_note_discards)


def phase_discards(t: Table) -> list[int]:
    """The cards discarded in this turn's discard phase still in the discard pile."""
    found = [int(f[len(DISCARDED) :]) for f in t.turn.flags if f.startswith(DISCARDED)]
    return sorted(c for c in found if t.where.get(c) == "discard")


def _guzheng_can(t: Table, owner: int, event: object) -> bool:
    return (
        isinstance(event, Occasion)
        and event.point is Point.DISCARD_END
        and event.seat != owner
        and t.seat(event.seat).alive
        and bool(phase_discards(t))
    )


@rule("guzheng", point=Point.DISCARD_END, can=_guzheng_can, cards=(1, 1))
def guzheng(ctx: Ctx, m: Skill, event: object) -> None:
    """固政: at the end of another player's discard phase, returns one of the cards
    they discarded in it to their hand and takes the others."""
    assert isinstance(event, Occasion)
    t = ctx.table
    discards = phase_discards(t)
    if m.targets or m.unknown or len(m.cards) != 1 or m.cards[0] not in discards:
        raise IllegalMove(
            say(
                "{skill}: name the card that goes back to seat {seat} (#id), one of "
                "those discarded in this discard phase",
                skill=rule_source(m.skill),
                seat=event.seat,
            )
        )
    t.move(m.cards[0], f"hand:{event.seat}")
    for c in discards:
        if c != m.cards[0]:
            t.move(c, f"hand:{m.seat}")
