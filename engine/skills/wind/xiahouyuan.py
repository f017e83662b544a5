"""夏侯渊's skills (风): 神速 (shensu).

神速 has two choices at two moments, so its rule is offered at two points: at his
preparation phase (skip the judgement and draw phases) and at the start of his play
phase (skip the play phase and discard an equipment card). Each choice made is a
Sha on another player with no distance limit, a virtual card (no card is used).
"""

from __future__ import annotations

from engine.cardops import discard_cards
from engine.cards import CardType
from engine.context import Ctx
from engine.derived import card, kind, untargetable
from engine.frames import CardUse, Occasion, Point
from engine.moves import Skill
from engine.registry import AT_POINT, rule, rule_source
from engine.settlement import push
from engine.skills.common import living_other, need_targets
from engine.state import Phase
from engine.table import IllegalMove, Table
from engine.text import say

_SKIPPED = {
    Point.PREPARATION: frozenset({Phase.JUDGEMENT, Phase.DRAW}),
    Point.PLAY_START: frozenset({Phase.PLAY}),
}


def _shensu_can(t: Table, owner: int, event: object) -> bool:
    if not (isinstance(event, Occasion) and event.seat == owner and event.point in _SKIPPED):
        return False
    if event.point is Point.PLAY_START:
        return t.seat(owner).card_count > 0  # an equipment card to discard, maybe in hand
    return True


@rule(
    "shensu",
    point=Point.PREPARATION,
    can=_shensu_can,
    cards=(0, 1),
    targets=(1, 1),
    whose=("seat",),
)
def shensu(ctx: Ctx, m: Skill, event: object) -> None:
    """神速: at his preparation phase, may skip his judgement and draw phases; at the
    start of his play phase, may skip it and discard an equipment card (hand or
    equipment). Each time, he uses a Sha with no distance limit on another player
    (``skill SEAT shensu [#equipment] -> T``)."""
    assert isinstance(event, Occasion)
    t = ctx.table
    need_targets(
        m, 1, 1, say("{skill}: name the target of the Sha (-> N)", skill=rule_source(m.skill))
    )
    target = m.targets[0]
    living_other(t, m, target)
    why = untargetable(t.seat(target), "sha")
    if why is not None:
        raise IllegalMove(
            say(
                "{skill}: seat {seat}: {reason}",
                skill=rule_source(m.skill),
                seat=target,
                reason=why,
            )
        )
    if event.point is Point.PLAY_START:
        if (
            len(m.cards) != 1
            or m.unknown
            or kind(card(m.cards[0]).key).type is not CardType.EQUIPMENT
        ):
            raise IllegalMove(
                say(
                    "{skill}: skipping the play phase discards an equipment card (#id)",
                    skill=rule_source(m.skill),
                )
            )
        discard_cards(ctx, m.seat, m.cards, 0, ("hand", "equipment"))
    elif m.cards or m.unknown:
        raise IllegalMove(
            say(
                "{skill}: skipping the judgement and draw phases costs no card",
                skill=rule_source(m.skill),
            )
        )
    t.set_turn(skips=t.turn.skips | _SKIPPED[event.point], sha_this_turn=True)
    push(t, CardUse(m.seat, "sha", (), (target,), counts_for_limit=False))


# The second moment of 神速: its window opens at the start of his play phase too.
AT_POINT[Point.PLAY_START] = AT_POINT.get(Point.PLAY_START, frozenset()) | {"shensu"}
