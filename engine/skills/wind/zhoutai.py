"""周泰's skill (风): 不屈 (buqu).

His 创 (wounds) lie face up on his general card (zone ``general:N``). While he
is dying he may turn over cards from the top of the draw pile
(``move #id -> processing`` while it waits for ``reveal``), one for each HP
below 1 not yet covered; they go onto his general. While no two 创 share a
number he does not die (the Peaches are not asked); two that share one: he is
dying as usual. When he recovers HP, 创 go to the discard pile (the last laid
first) until as many are left as he has HP below 1.
"""

from __future__ import annotations

from engine.context import Ctx
from engine.derived import card, owned_keys
from engine.frames import Dying, Expect, Point, SkillUse
from engine.moves import Skill
from engine.registry import rule, rule_source
from engine.settlement import HEALED, push
from engine.skills.common import no_arguments
from engine.state import evolve
from engine.table import Table
from engine.text import say


def _wounds_needed(t: Table, seat: int) -> int:
    """How many 创 his HP calls for: one for each HP below 1."""
    return max(0, 1 - t.seat(seat).hp)


def _own_dying(t: Table, owner: int, event: object) -> bool:
    return isinstance(event, Dying) and event.seat == owner


def _buqu_step(ctx: Ctx, use: SkillUse) -> None:
    t = ctx.table
    seat = use.seat
    if use.step == 0:
        count = _wounds_needed(t, seat) - len(t.seat(seat).on_general)
        if count > 0:
            # what lies in the processing area already (the Sha that hurt him ...)
            t.stack[-1] = evolve(use, step=1, value=count, cards=tuple(t.processing))
            reason = say(
                "{skill}: turn over the top card of the draw pile as a 创",
                skill=rule_source(use.key),
            )
            push(t, Expect("reveal", seat, reason, counts=(count,)))
            return
    t.stack.pop()
    for c in tuple(t.processing):
        if c not in use.cards:  # the cards turned over for 创
            t.move(c, f"general:{seat}")
    ranks = [card(c).rank for c in t.seat(seat).on_general]
    if len(set(ranks)) != len(ranks):
        return  # two 创 share a number: he is dying as usual
    # He does not die: the dying (and its window) is over.
    for at in range(len(t.stack) - 1, -1, -1):
        frame = t.stack[at]
        if isinstance(frame, Dying) and frame.seat == seat:
            del t.stack[at:]
            return


@rule("buqu", point=Point.DYING, can=_own_dying, step=_buqu_step, whose=("seat",))
def buqu(ctx: Ctx, m: Skill, event: object) -> None:
    """不屈: when he is dying, turns over a card from the top of the draw pile for each
    HP below 1 not yet covered and puts it on his general as a 创; while no two 创
    share a number, he does not die."""
    no_arguments(m)
    push(ctx.table, SkillUse(m.seat, "buqu"))


def _wounds_heal(t: Table, seat: int) -> None:
    """不屈: as he recovers HP, the 创 his HP no longer calls for are discarded."""
    s = t.seat(seat)
    if "buqu" not in owned_keys(s):
        return
    excess = len(s.on_general) - _wounds_needed(t, seat)
    for c in s.on_general[len(s.on_general) - excess :] if excess > 0 else ():
        t.move(c, "discard")


HEALED.append(_wounds_heal)
