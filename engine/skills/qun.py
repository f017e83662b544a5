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
from engine.registry import rule, rule_source
from engine.settlement import heal, push
from engine.skills.common import count_cards, is_male, need_targets, no_arguments, own_occasion
from engine.state import Phase
from engine.table import IllegalMove
from engine.text import say

# ---------------------------------------------------------------- 华佗


@rule("qingnang", phases=(Phase.PLAY,), limit_per_phase=1, cards=(1, 1), targets=(1, 1))
def qingnang(ctx: Ctx, m: Skill, event: object) -> None:
    """青囊: discards a hand card; a wounded player of his choice recovers 1 HP."""
    t = ctx.table
    if count_cards(m) != 1:
        raise IllegalMove(say("{skill}: discard one hand card", skill=rule_source(m.skill)))
    need_targets(m, 1, 1, say("{skill}: one wounded player (-> N)", skill=rule_source(m.skill)))
    target = m.targets[0]
    s = t.seat(target)
    if not s.alive or not s.wounded:
        raise IllegalMove(
            say(
                "{skill}: seat {seat} is not wounded (HP {hp}/{max_hp})",
                skill=rule_source(m.skill),
                seat=target,
                hp=s.hp,
                max_hp=s.max_hp,
            )
        )
    discard_cards(ctx, m.seat, m.cards, m.unknown, ("hand",))
    heal(t, target, 1)


# ---------------------------------------------------------------- 貂蝉


@rule("lijian", phases=(Phase.PLAY,), limit_per_phase=1, cards=(1, 1), targets=(2, 2))
def lijian(ctx: Ctx, m: Skill, event: object) -> None:
    """离间: discards a card and chooses two male generals: the first uses a Duel on the
    second (outside his own turn; it cannot be nullified)."""
    t = ctx.table
    if count_cards(m) != 1:
        raise IllegalMove(say("{skill}: discard one card", skill=rule_source(m.skill)))
    need_targets(
        m,
        2,
        2,
        say(
            "{skill}: two male generals, the Duel's user first (-> A,B)",
            skill=rule_source(m.skill),
        ),
    )
    first, second = m.targets
    for seat in m.targets:
        if seat == m.seat or not t.seat(seat).alive or not is_male(t, seat):
            raise IllegalMove(
                say(
                    "{skill}: seat {seat} must be another living male general",
                    skill=rule_source(m.skill),
                    seat=seat,
                )
            )
    if first == second:
        raise IllegalMove(say("{skill}: two different generals", skill=rule_source(m.skill)))
    check = check_target(t, first, kind("duel"), second)
    if not check.legal:
        raise IllegalMove(
            say(
                "{skill}: seat {seat} cannot be the Duel's target: {reason}",
                skill=rule_source(m.skill),
                seat=second,
                reason=check.reason,
            )
        )
    discard_cards(ctx, m.seat, m.cards, m.unknown, ("hand", "equipment"))
    push(t, CardUse(first, "duel", (), (second,), counts_for_limit=False, nullifiable=False))


@rule("biyue", point=Point.END_PHASE, can=own_occasion, whose=("seat",))
def biyue(ctx: Ctx, m: Skill, event: object) -> None:
    """闭月: in her end phase, draws one card."""
    no_arguments(m)
    ctx.table.draw_unknown(m.seat, 1)
