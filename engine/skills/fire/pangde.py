"""庞德's skills (火): 马术 (mashu: a distance effect, declared in fire.toml) and 猛进
(mengjin)."""

from __future__ import annotations

from engine.context import Ctx
from engine.frames import CardUse, Expect, Point
from engine.moves import Skill
from engine.registry import rule, rule_source
from engine.settlement import SHA, push
from engine.skills.common import no_arguments
from engine.table import Table
from engine.text import say


def _dodged_target_has_cards(t: Table, owner: int, event: object) -> bool:
    """His own Sha was just answered by a Shan, and its target has a card to lose."""
    if not (isinstance(event, CardUse) and event.user == owner and event.kind in SHA):
        return False
    target = t.seat(event.target)
    return target.alive and target.card_count > 0


@rule("mengjin", point=Point.DODGED, can=_dodged_target_has_cards, whose=("user",))
def mengjin(ctx: Ctx, m: Skill, event: object) -> None:
    """猛进: when his Sha is dodged by a Shan, discards one card (hand or equipment) of
    its target: the table then writes ``discard TARGET #id`` (``x1``: an unseen hand
    card)."""
    no_arguments(m)
    assert isinstance(event, CardUse)
    target = event.target
    push(
        ctx.table,
        Expect(
            "discard_one",
            m.seat,
            say(
                "{skill}: discard a card of seat {seat}",
                skill=rule_source(m.skill),
                seat=target,
            ),
            other=target,
            zones="he",
        ),
    )
