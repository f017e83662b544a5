"""张郃's skill (山): 巧变 (qiaobian)."""

from __future__ import annotations

from engine.cardops import discard_cards
from engine.context import Ctx
from engine.derived import card, hand_limit_value, kind
from engine.frames import Expect, Judging, Occasion, Point
from engine.moves import Skill
from engine.registry import AT_POINT, rule, rule_source
from engine.skills.common import hand_targets, take_from
from engine.state import Phase
from engine.table import IllegalMove, Table
from engine.text import say

# The phases 巧变 may skip (not the preparation or end phase), by the point that opens them.
_SKIPPABLE = {
    Point.JUDGEMENT_PHASE: Phase.JUDGEMENT,
    Point.DRAW_START: Phase.DRAW,
    Point.PLAY_START: Phase.PLAY,
    Point.DISCARD_START: Phase.DISCARD,
}


def _qiaobian_can(t: Table, owner: int, event: object) -> bool:
    """He has a hand card to discard; the judgement phase is asked about only with a card
    to judge, the discard phase only with more cards than his hand limit (else skipping
    them changes nothing)."""
    if not (isinstance(event, Occasion) and event.seat == owner and event.point in _SKIPPABLE):
        return False
    s = t.seat(owner)
    if event.point is Point.JUDGEMENT_PHASE:
        return bool(s.judgement) and s.hand_count > 0
    if event.point is Point.DISCARD_START:
        return s.hand_count > hand_limit_value(t, owner)
    return s.hand_count > 0


@rule(
    "qiaobian",
    point=Point.JUDGEMENT_PHASE,
    can=_qiaobian_can,
    cards=(1, 2),
    targets=(0, 2),
    whose=("seat",),
)
def qiaobian(ctx: Ctx, m: Skill, event: object) -> None:
    """巧变: at the start of his judgement, draw, play or discard phase he may discard a
    hand card to skip it (``skill N qiaobian #c``, or ``x1``). Skipping the draw phase
    he may take a hand card from each of one or two other players (``-> A,B``); skipping
    the play phase he may move a card of the field's equipment or judgement zones to
    the same zone of another player (``skill N qiaobian #field x1 -> B``)."""
    assert isinstance(event, Occasion)
    t = ctx.table
    phase = _SKIPPABLE[event.point]
    own = [c for c in m.cards if not _on_field(t, c)]
    field = [c for c in m.cards if _on_field(t, c)]
    if len(own) + m.unknown != 1:
        raise IllegalMove(
            say("{skill}: discard one hand card (#id, or x1 unseen)", skill=rule_source(m.skill))
        )
    if phase is Phase.DRAW:
        if field:
            raise IllegalMove(
                say("{skill}: skipping the draw phase moves no card", skill=rule_source(m.skill))
            )
        hand_targets(t, m)
    elif phase is Phase.PLAY:
        if len(field) > 1 or len(m.targets) != len(field):
            raise IllegalMove(
                say(
                    "{skill}: name one card on the field and who receives it (#id -> N), "
                    "or nothing",
                    skill=rule_source(m.skill),
                )
            )
        if field:
            _check_field_move(t, m, field[0], m.targets[0])
    elif field or m.targets:
        raise IllegalMove(
            say("{skill}: skipping this phase is all it does", skill=rule_source(m.skill))
        )
    discard_cards(ctx, m.seat, tuple(own), m.unknown, ("hand",))
    t.set_turn(skips=t.turn.skips | {phase})
    # What the skipped phase had begun goes: its judgements, its draw.
    t.stack[:] = [
        f
        for f in t.stack
        if not (isinstance(f, Judging) and f.seat == m.seat)
        and not (isinstance(f, Expect) and f.what == "draw" and f.seat == m.seat)
    ]
    if phase is Phase.DRAW:
        order = t.order_from(m.seat)
        for target in sorted(m.targets, key=order.index, reverse=True):
            reason = say(
                "{skill}: take a hand card of seat {seat}", skill=rule_source(m.skill), seat=target
            )
            take_from(ctx, m.seat, target, "h", reason)
    elif field:
        _move_field_card(t, field[0], m.targets[0])


for _point in _SKIPPABLE:  # 巧变 is offered at the start of each phase it may skip
    AT_POINT[_point] = AT_POINT.get(_point, frozenset()) | {"qiaobian"}


def _on_field(t: Table, card_id: int) -> bool:
    where = t.where.get(card_id, "")
    return where.startswith(("equip:", "judge:"))


def _check_field_move(t: Table, m: Skill, card_id: int, to: int) -> None:
    where = t.where[card_id]
    zone, _, owner = where.partition(":")
    receiver = t.seat(to)
    if int(owner) == to or not receiver.alive:
        raise IllegalMove(
            say("{skill}: it goes to another living player", skill=rule_source(m.skill))
        )
    if zone == "equip":
        slot = card(card_id).kind.subtype
        if slot is not None and receiver.equipped(slot) is not None:
            raise IllegalMove(
                say(
                    "{skill}: seat {seat} has that equipment slot filled",
                    skill=rule_source(m.skill),
                    seat=to,
                )
            )
        return
    delayed = next(d for d in t.seat(int(owner)).judgement if d.card == card_id)
    if any(d.kind == delayed.kind for d in receiver.judgement):
        raise IllegalMove(say("already has {card}", card=kind(delayed.kind)))


def _move_field_card(t: Table, card_id: int, to: int) -> None:
    where = t.where[card_id]
    zone, _, owner = where.partition(":")
    if zone == "equip":
        t.move(card_id, f"equip:{to}")
        return
    delayed = next(d for d in t.seat(int(owner)).judgement if d.card == card_id)
    t.move(card_id, f"judge:{to}", as_kind=delayed.kind)
