"""鲁肃's skills (林): 好施 (haoshi), 缔盟 (dimeng)."""

from __future__ import annotations

from engine.cardops import discard_cards
from engine.context import Ctx
from engine.frames import Expect, SkillUse
from engine.moves import Skill
from engine.registry import rule, rule_source
from engine.settlement import push
from engine.skills.common import count_cards, living_other, need_targets, no_arguments
from engine.state import Phase, evolve
from engine.table import IllegalMove, Table
from engine.text import say, say_n

# ---------------------------------------------------------------- 好施

HAND_MOST = 5  # 好施: more hand cards than this after drawing, he gives half away


def fewest_hands(t: Table, seat: int) -> tuple[int, ...]:
    """The other living players with the fewest hand cards, in seat order from ``seat``."""
    others = [s for s in t.order_from(seat) if s != seat]
    if not others:
        return ()
    least = min(t.seat(s).hand_count for s in others)
    return tuple(s for s in others if t.seat(s).hand_count == least)


def _haoshi_step(ctx: Ctx, use: SkillUse) -> None:
    t = ctx.table
    t.stack.pop()
    s = t.seat(use.seat)
    receivers = fewest_hands(t, use.seat)
    if s.hand_count <= HAND_MOST or not receivers:
        return
    half = s.hand_count // 2
    reason = say_n(
        "{skill}: give {n} hand card to seat {seats} (fewest hand cards)",
        "{skill}: give {n} hand cards to seat {seats} (fewest hand cards)",
        half,
        skill=rule_source(use.key),
        seats=",".join(map(str, receivers)),
    )
    options = tuple(str(r) for r in receivers)
    push(t, Expect("give", use.seat, reason, counts=(half,), options=options))


@rule("haoshi", phases=(Phase.DRAW,), step=_haoshi_step)
def haoshi(ctx: Ctx, m: Skill, event: object) -> None:
    """好施: in his draw phase he may draw two more cards; then, holding more than five
    hand cards, he gives half of them (rounded down) to the other player with the
    fewest hand cards (he chooses among those tied)."""
    no_arguments(m)
    t = ctx.table
    if not (isinstance(event, Expect) and event.what == "draw" and event.seat == m.seat):
        raise IllegalMove(
            say("{skill} is declared in the draw phase, before drawing", skill=rule_source(m.skill))
        )
    if len(t.stack) > 1 and isinstance(t.stack[-2], SkillUse) and t.stack[-2].key == "haoshi":
        raise IllegalMove(say("{skill} is declared once a turn", skill=rule_source(m.skill)))
    t.stack.pop()
    push(t, SkillUse(m.seat, "haoshi"))
    push(t, evolve(event, counts=tuple(n + 2 for n in event.counts)))


# ---------------------------------------------------------------- 缔盟


def swap_hands(t: Table, a: int, b: int) -> None:
    """Two players swap their hands: the seen cards move as they are, the unseen ones
    by count (``hand_unknown``)."""
    sa, sb = t.seat(a), t.seat(b)
    for c in sa.hand:
        t.move(c, f"hand:{b}")
    for c in sb.hand:
        t.move(c, f"hand:{a}")
    t.set_seat(evolve(t.seat(a), hand_unknown=sb.hand_unknown))
    t.set_seat(evolve(t.seat(b), hand_unknown=sa.hand_unknown))


@rule("dimeng", phases=(Phase.PLAY,), limit_per_phase=1, cards=(0, None), targets=(2, 2))
def dimeng(ctx: Ctx, m: Skill, event: object) -> None:
    """缔盟: once in his play phase, he chooses two other players and discards as many
    cards (hand or equipment) as their hand counts differ by: they swap hands."""
    t = ctx.table
    need_targets(m, 2, 2, say("{skill}: two other players (-> A,B)", skill=rule_source(m.skill)))
    a, b = m.targets
    if a == b:
        raise IllegalMove(say("{skill}: two different players", skill=rule_source(m.skill)))
    living_other(t, m, a)
    living_other(t, m, b)
    differ = abs(t.seat(a).hand_count - t.seat(b).hand_count)
    if count_cards(m) != differ:
        raise IllegalMove(
            say_n(
                "{skill}: discard {n} card (their hands differ by {n})",
                "{skill}: discard {n} cards (their hands differ by {n})",
                differ,
                skill=rule_source(m.skill),
            )
        )
    discard_cards(ctx, m.seat, m.cards, m.unknown, ("hand", "equipment"))
    swap_hands(t, a, b)
