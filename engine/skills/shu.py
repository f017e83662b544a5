"""蜀 (shu) generals' skills, each by its key in generals.toml.

武圣, 咆哮, 空城, 龙胆, 马术 and 奇才 change numbers or conversions only: they
are declared as effects in generals.toml and need no rule here.
"""

from __future__ import annotations

from engine.cardops import transfer
from engine.cards import Colour
from engine.context import Ctx
from engine.derived import card, check_target, kind, sha_uses_left
from engine.frames import Ask, CardUse, Occasion, Point, SkillUse
from engine.generals import Kingdom
from engine.moves import Skill
from engine.registry import rule, rule_source
from engine.settlement import SHA, heal, push
from engine.skills.common import (
    count_cards,
    judge_for,
    living_other,
    need_targets,
    no_arguments,
    own_occasion,
)
from engine.state import Phase, evolve
from engine.table import IllegalMove, Table
from engine.text import say

# ---------------------------------------------------------------- 刘备


@rule("rende", phases=(Phase.PLAY,), cards=(1, None), targets=(1, 1))
def rende(ctx: Ctx, m: Skill, event: object) -> None:
    """仁德: gives hand cards to another player; on the second card given this phase,
    recovers 1 HP."""
    t = ctx.table
    need_targets(
        m, 1, 1, say("{skill}: give to one other player (-> N)", skill=rule_source(m.skill))
    )
    if count_cards(m) < 1:
        raise IllegalMove(
            say(
                "{skill}: give at least one hand card (#id, or xN unseen)",
                skill=rule_source(m.skill),
            )
        )
    target = m.targets[0]
    living_other(t, m, target)
    transfer(ctx, m.seat, target, m.cards, m.unknown, ("hand",))
    key = f"{m.seat}:rende_given"
    uses = dict(t.turn.skill_uses)
    before = uses.get(key, 0)
    uses[key] = before + count_cards(m)
    t.set_turn(skill_uses=tuple(sorted(uses.items())))
    if before < 2 <= uses[key]:
        heal(t, m.seat, 1)  # the second card given this phase


def _shu_helpers(t: Table, owner: int) -> tuple[int, ...]:
    return tuple(s for s in t.order_from(owner) if s != owner and t.seat(s).kingdom == "shu")


def _sha_asked(t: Table, owner: int, event: object) -> bool:
    return (
        isinstance(event, Ask)
        and event.want == "sha"
        and event.asked == owner
        and not event.helping
        and bool(_shu_helpers(t, owner))
    )


def _jijiang_step(ctx: Ctx, use: SkillUse) -> None:
    t = ctx.table
    if use.step == 0:
        t.stack[-1] = evolve(use, step=1)
        helpers = _shu_helpers(t, use.seat)
        push(
            t,
            Ask(
                "sha",
                helpers,
                say(
                    "{skill}: play a Sha for seat {seat}", skill=rule_source(use.key), seat=use.seat
                ),
                for_seat=use.seat,
                helping=True,
            ),
        )
        return
    t.stack.pop()
    if use.step == 1:  # nobody played one
        return
    # A 蜀 player's Sha: the lord uses it on his target, as his own Sha.
    t.set_turn(sha_used=t.turn.sha_used + 1, sha_this_turn=True)
    push(t, CardUse(use.seat, use.word, use.cards, use.targets))


@rule(
    "jijiang",
    point=Point.SHA_NEEDED,
    can=_sha_asked,
    phases=(Phase.PLAY,),
    step=_jijiang_step,
    targets=(0, 1),
    whose=("asked",),
)
def jijiang(ctx: Ctx, m: Skill, event: object) -> None:
    """激将 (lord): when he needs a Sha, the other 蜀 seats, in order, may play one for
    him; in his play phase, to use a Sha on a target (``-> N``)."""
    t = ctx.table
    if m.cards or m.unknown:
        raise IllegalMove(say("{skill} spends none of his own cards", skill=rule_source(m.skill)))
    if not _shu_helpers(t, m.seat):
        raise IllegalMove(
            say(
                "{skill}: no other {kingdom} player is alive",
                skill=rule_source(m.skill),
                kingdom=Kingdom.SHU,
            )
        )
    if isinstance(event, Ask):  # asked for a Sha: the helpers answer that request
        no_arguments(m)
        push(
            t,
            Ask(
                "sha",
                _shu_helpers(t, m.seat),
                say("{skill}: play a Sha for seat {seat}", skill=rule_source(m.skill), seat=m.seat),
                for_seat=m.seat,
                helping=True,
            ),
        )
        return
    need_targets(
        m, 1, 1, say("{skill}: name the target of the Sha (-> N)", skill=rule_source(m.skill))
    )
    target = m.targets[0]
    check = check_target(t, m.seat, kind("sha"), target)
    if not check.legal:
        raise IllegalMove(
            say(
                "{skill}: seat {seat}: {reason}",
                skill=rule_source(m.skill),
                seat=target,
                reason=check.reason,
            )
        )
    left = sha_uses_left(t, m.seat)
    if left is not None and left <= 0:
        raise IllegalMove(say("one Sha per play phase: already used"))
    push(t, SkillUse(m.seat, "jijiang", targets=(target,)))


# ---------------------------------------------------------------- 诸葛亮


@rule("guanxing", point=Point.PREPARATION, can=own_occasion, whose=("seat",))
def guanxing(ctx: Ctx, m: Skill, event: object) -> None:
    """观星: looks at the top cards of the draw pile and puts them back in any order.

    Nothing the table can see changes: the pile stays unknown.
    """
    no_arguments(m)


# ---------------------------------------------------------------- 马超


def _own_sha(t: Table, owner: int, event: object) -> bool:
    return isinstance(event, CardUse) and event.user == owner and event.kind in SHA


def _tieji_step(ctx: Ctx, use: SkillUse) -> None:
    t = ctx.table
    if use.step == 0:
        judge_for(t, use)
        return
    t.stack.pop()
    if use.step == 1 or not _red(use.value):
        return
    for n in range(len(t.stack) - 1, -1, -1):
        frame = t.stack[n]
        if isinstance(frame, CardUse) and frame.user == use.seat and frame.kind in SHA:
            t.stack[n] = evolve(frame, no_shan=(*frame.no_shan, *use.targets))
            return


def _red(card_id: int) -> bool:
    return card(card_id).colour is Colour.RED


@rule("tieji", point=Point.AFTER_TARGETING, can=_own_sha, step=_tieji_step, whose=("user",))
def tieji(ctx: Ctx, m: Skill, event: object) -> None:
    """铁骑: after targeting a player with a Sha, judges; if red, no Shan can answer it."""
    no_arguments(m)
    assert isinstance(event, CardUse)
    push(ctx.table, SkillUse(m.seat, "tieji", targets=(event.target,)))


# ---------------------------------------------------------------- 黄月英


def _own_trick(t: Table, owner: int, event: object) -> bool:
    """She uses a non-delayed trick: one being settled, or 无懈可击 used in response."""
    if isinstance(event, Occasion):
        return event.point is Point.DECLARE and event.seat == owner
    return (
        isinstance(event, CardUse)
        and event.user == owner
        and kind(event.kind).type.value == "trick"
    )


@rule("jizhi", point=Point.DECLARE, can=_own_trick, whose=("user", "seat"))
def jizhi(ctx: Ctx, m: Skill, event: object) -> None:
    """集智: when she uses a non-delayed trick, draws one card."""
    no_arguments(m)
    ctx.table.draw_unknown(m.seat, 1)
