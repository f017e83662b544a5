"""群 (qun) generals' skills, each by its key in generals.toml.

急救 (a red card as a Peach outside his turn) and 无双 are effects declared
in generals.toml.
"""

from __future__ import annotations

from engine.cardops import discard_cards
from engine.context import Ctx
from engine.derived import check_target, kind
from engine.frames import CardUse, Point
from engine.moves import Skill
from engine.registry import rule
from engine.settlement import heal, push
from engine.skills.common import count_cards, is_male, need_targets, no_arguments, own_occasion
from engine.state import Phase
from engine.table import IllegalMove

# ---------------------------------------------------------------- 华佗


@rule("qingnang", phases=(Phase.PLAY,), limit_per_phase=1, cards=(1, 1), targets=(1, 1))
def qingnang(ctx: Ctx, m: Skill, event: object) -> None:
    """青囊: discards a hand card; a wounded player of his choice recovers 1 HP."""
    t = ctx.table
    if count_cards(m) != 1:
        raise IllegalMove("青囊: discard one hand card")
    need_targets(m, 1, 1, "青囊: one wounded player (-> N)")
    target = m.targets[0]
    s = t.seat(target)
    if not s.alive or not s.wounded:
        raise IllegalMove(f"青囊: seat {target} is not wounded (HP {s.hp}/{s.max_hp})")
    discard_cards(ctx, m.seat, m.cards, m.unknown, ("hand",))
    heal(t, target, 1)


# ---------------------------------------------------------------- 貂蝉


@rule("lijian", phases=(Phase.PLAY,), limit_per_phase=1, cards=(1, 1), targets=(2, 2))
def lijian(ctx: Ctx, m: Skill, event: object) -> None:
    """离间: discards a card and chooses two male generals: the first uses a Duel on the
    second (outside his own turn; it cannot be nullified)."""
    t = ctx.table
    if count_cards(m) != 1:
        raise IllegalMove("离间: discard one card")
    need_targets(m, 2, 2, "离间: two male generals, the Duel's user first (-> A,B)")
    first, second = m.targets
    for seat in m.targets:
        if seat == m.seat or not t.seat(seat).alive or not is_male(t, seat):
            raise IllegalMove(f"离间: seat {seat} must be another living male general")
    if first == second:
        raise IllegalMove("离间: two different generals")
    check = check_target(t, first, kind("duel"), second)
    if not check.legal:
        raise IllegalMove(f"离间: seat {second} cannot be the Duel's target: {check.reason}")
    discard_cards(ctx, m.seat, m.cards, m.unknown, ("hand", "equipment"))
    push(t, CardUse(first, "duel", (), (second,), counts_for_limit=False, nullifiable=False))


@rule("biyue", point=Point.END_PHASE, can=own_occasion, whose=("seat",))
def biyue(ctx: Ctx, m: Skill, event: object) -> None:
    """闭月: in her end phase, draws one card."""
    no_arguments(m, "闭月")
    ctx.table.draw_unknown(m.seat, 1)
