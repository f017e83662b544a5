"""The skills a mode gives a seat (``engine/data/mode_skills.toml``), as rules.

斗地主 (rules 001 lines 183-186): the landlord's 〖飞扬〗 (a window at the start
of his judgement phase) and 〖跋扈〗 (its draw at the start of the turn and its
second Sha are declared effects: ``draw_on turn_start`` and ``sha_limit``,
settled by the engine); the surviving farmer's reward (``farmer_reward``, a
choice settled after the other farmer's death).

虎牢关 (engine/modes/hulao.py): 吕布's 修罗 (a window at the start of his turn); his
马术 and 神威 are declared effects, 神戟 is read where a Sha's targets are checked
(engine.rules).
"""

from __future__ import annotations

from engine.cardops import discard_cards, lift_from, possess
from engine.context import Ctx
from engine.derived import card, untargetable
from engine.frames import CardUse, Expect, Point, SkillUse
from engine.modes.hegemony import CAREERIST, JOIN, STAY
from engine.modes.zhulu import ALLY, SEAL, ally_of, seal_holder
from engine.moves import Skill
from engine.registry import rule, rule_source
from engine.settlement import SPLIT_CHOICE, check_victory, heal, lose_hp, push, set_marks
from engine.skills.common import count_cards, need_targets, no_arguments, own_occasion
from engine.state import Phase, evolve
from engine.table import IllegalMove, Table
from engine.text import say

# ---------------------------------------------------------------- 斗地主: 飞扬


def _feiyang_can(t: Table, owner: int, event: object) -> bool:
    s = t.seat(owner)
    return (
        own_occasion(t, owner, event) and bool(s.judgement) and s.hand_count + len(s.equipment) >= 2
    )


@rule(
    "feiyang",
    point=Point.JUDGEMENT_PHASE,
    can=_feiyang_can,
    whose=("seat",),
    cards=(2, 3),
)
def feiyang(ctx: Ctx, m: Skill, event: object) -> None:
    """飞扬 (001: 你可以棄置兩張牌來棄置你判定區的一張牌): at the start of his judgement
    phase (the document gives no time: the last moment it can matter, before the
    delayed tricks are judged), the landlord discards two of his cards (hand or
    equipment) and a card of his judgement zone. The move names the two cards and,
    when the zone holds more than one, the judgement card (``skill 1 feiyang #a #b #j``).
    """
    t = ctx.table
    skill = rule_source(m.skill)
    judged, cost = _judged_and_cost(t, m, skill)
    if len(cost) + m.unknown != 2:
        raise IllegalMove(
            say("{skill}: discard exactly two cards (#id, or xN unseen hand cards)", skill=skill)
        )
    target = _judgement_card(t, m, judged, skill)
    discard_cards(ctx, m.seat, cost, m.unknown, ("hand", "equipment"))
    lift_from(ctx, m.seat, target, possess(ctx, m.seat, target, ("judge",)))
    t.put(target, "discard")


# ---------------------------------------------------------------- 虎牢关: 修罗


def _xiuluo_can(t: Table, owner: int, event: object) -> bool:
    s = t.seat(owner)
    return own_occasion(t, owner, event) and bool(s.judgement) and s.hand_count > 0


@rule(
    "xiuluo",
    point=Point.TURN_START,
    can=_xiuluo_can,
    whose=("seat",),
    cards=(1, 2),
)
def xiuluo(ctx: Ctx, m: Skill, event: object) -> None:
    """修罗 (虎牢关's 吕布, second form; sources in engine/modes/hulao.py): at the start
    of his turn he discards a hand card, then a delayed trick of the same suit from
    his judgement zone. The move names the hand card (its suit must be seen) and,
    when the zone holds more than one card, the one to discard
    (``skill 1 xiuluo #h #j``)."""
    t = ctx.table
    skill = rule_source(m.skill)
    judged, cost = _judged_and_cost(t, m, skill)
    if len(cost) != 1 or m.unknown:
        raise IllegalMove(say("{skill}: discard exactly one hand card, named (#id)", skill=skill))
    target = _judgement_card(t, m, judged, skill)
    if card(cost[0]).suit is not card(target).suit:
        raise IllegalMove(
            say("{skill}: the hand card and the delayed trick must be of one suit", skill=skill)
        )
    discard_cards(ctx, m.seat, cost, 0, ("hand",))
    lift_from(ctx, m.seat, target, possess(ctx, m.seat, target, ("judge",)))
    t.put(target, "discard")


def _judged_and_cost(t: Table, m: Skill, skill: object) -> tuple[list[int], tuple[int, ...]]:
    """A skill that pays with cards to discard one of its judgement zone (飞扬, 修罗):
    the cards the move names there, and those it pays with; it names no seat."""
    zone = f"judge:{m.seat}"
    judged = [c for c in m.cards if t.where.get(c) == zone]
    cost = tuple(c for c in m.cards if c not in judged)
    if m.targets:
        raise IllegalMove(say("{skill} has no targets", skill=skill))
    return judged, cost


def _judgement_card(t: Table, m: Skill, judged: list[int], skill: object) -> int:
    """The card of the judgement zone to discard: the one named, or the only one there."""
    if len(judged) > 1:
        raise IllegalMove(say("{skill}: one card of the judgement zone, not more", skill=skill))
    if judged:
        return judged[0]
    zone_cards = [d.card for d in t.seat(m.seat).judgement]
    if len(zone_cards) != 1:
        raise IllegalMove(
            say("{skill}: name the card of the judgement zone to discard", skill=skill)
        )
    return zone_cards[0]


# ---------------------------------------------------------------- 斗地主: the farmers' reward

RECOVER, DRAW = "recover", "draw"


def _reward_step(ctx: Ctx, use: SkillUse) -> None:
    t = ctx.table
    s = t.seat(use.seat)
    if not s.alive:
        t.stack.pop()
        return
    if use.step == 0:
        if not s.wounded:  # recovering at full HP recovers nothing: the draw it is
            t.stack.pop()
            t.draw_unknown(use.seat, 2)
            return
        t.stack[-1] = evolve(use, step=1)
        reason = say("{skill}: recover 1 HP or draw two cards", skill=rule_source(use.key))
        push(t, Expect("choose", use.seat, reason, options=(RECOVER, DRAW)))
        return
    t.stack.pop()
    if use.word == RECOVER:
        heal(t, use.seat, 1)
    else:
        t.draw_unknown(use.seat, 2)


@rule("farmer_reward", step=_reward_step)
def farmer_reward(ctx: Ctx, m: Skill, event: object) -> None:
    """The surviving farmer's reward (001: 當有一名反賊陣亡時另一名反賊可以回復一點體力或
    摸兩張牌): the engine offers it after the death; it is never used by a move."""
    raise IllegalMove(say("{skill} comes by itself after a death", skill=rule_source(m.skill)))


# ---------------------------------------------------------------- 逐鹿天下: 结盟 and 毁盟
# rules 003 lines 444-446 (quoted and read in engine/modes/zhulu.py)

YES, NO = "yes", "no"
_ALLY_DRAW = "jiemeng_ally"  # the play phase's count of 结盟's discard toward the ally


def _set_ally(t: Table, a: int, b: int, on: bool) -> None:
    set_marks(t, ((a, ALLY, b if on else 0), (b, ALLY, a if on else 0)))


def _once(ctx: Ctx, m: Skill, key: str) -> None:
    t = ctx.table
    counted = f"{m.seat}:{key}"
    uses = dict(t.turn.skill_uses)
    if uses.get(counted, 0):
        ctx.refuse(
            say(
                "{skill} once per {phase}: used already",
                skill=rule_source(m.skill),
                phase=t.turn.phase,
            )
        )
    uses[counted] = 1
    t.set_turn(skill_uses=tuple(sorted(uses.items())))


def _jiemeng_step(ctx: Ctx, use: SkillUse) -> None:
    t = ctx.table
    if use.step == 0:
        reason = say(
            "{skill}: seat {seat} asks seat {target} to be allies",
            skill=rule_source(use.key),
            seat=use.seat,
            target=use.other,
        )
        push(t, Expect("choose", use.other, reason, options=(YES, NO)))
        return
    t.stack.pop()
    if use.word == YES and t.seat(use.seat).alive and t.seat(use.other).alive:
        _set_ally(t, use.seat, use.other, True)


@rule("jiemeng", phases=(Phase.PLAY,), step=_jiemeng_step, cards=(0, 1), targets=(1, 1))
def jiemeng(ctx: Ctx, m: Skill, event: object) -> None:
    """结盟 (003 line 444): with no ally, asks a seat with no ally (``-> N``), which
    answers ``choose N yes|no``; toward the ally, discards a card (``#c``) and both
    draw one. Each once per play phase; nobody allies with the 玉玺's holder."""
    t = ctx.table
    skill = rule_source(m.skill)
    need_targets(m, 1, 1, say("{skill}: one seat (-> N)", skill=skill))
    target = m.targets[0]
    ally = ally_of(t, m.seat)
    if ally is not None:
        if target != ally:
            raise IllegalMove(say("{skill}: seat {seat} is your ally", skill=skill, seat=ally))
        if count_cards(m) != 1:
            raise IllegalMove(say("{skill}: discard one card", skill=skill))
        _once(ctx, m, _ALLY_DRAW)
        discard_cards(ctx, m.seat, m.cards, m.unknown, ("hand", "equipment"))
        t.draw_unknown(m.seat, 1)
        t.draw_unknown(ally, 1)
        return
    if count_cards(m):
        raise IllegalMove(say("{skill}: no cards to ask for an alliance", skill=skill))
    other = t.seat(target)
    if target == m.seat or not other.alive:
        raise IllegalMove(say("{skill}: ask another living seat", skill=skill))
    if ally_of(t, target) is not None:
        raise IllegalMove(say("{skill}: seat {seat} has an ally", skill=skill, seat=target))
    holder = seal_holder(t)
    if holder in (m.seat, target):
        raise IllegalMove(
            say("{skill}: the holder of {card} has no ally", skill=skill, card=card(SEAL).kind)
        )
    _once(ctx, m, m.skill)
    push(t, SkillUse(m.seat, m.skill, other=target))


def _huimeng_can(t: Table, owner: int, event: object) -> bool:
    ally = ally_of(t, owner)
    return own_occasion(t, owner, event) and ally is not None and _sha_fits(t, owner, ally)


def _sha_fits(t: Table, seat: int, ally: int) -> bool:
    """The Sha goes to the ally without regard to distance (the skill names it), but
    not to a seat its skills keep from being a Sha's target (空城)."""
    s = t.seat(ally)
    return s.alive and untargetable(s, "sha") is None


def _huimeng_step(ctx: Ctx, use: SkillUse) -> None:
    t = ctx.table
    if use.step == 0:
        ally = ally_of(t, use.seat)
        if ally is None or not t.seat(use.seat).alive:
            t.stack.pop()
            return
        _set_ally(t, use.seat, ally, False)
        t.draw_unknown(use.seat, 2)
        t.stack[-1] = evolve(use, step=1, other=ally)
        if _sha_fits(t, use.seat, ally):
            push(t, CardUse(use.seat, "sha", (), (ally,), counts_for_limit=False))
        return
    t.stack.pop()
    if not t.seat(use.seat).alive:
        return
    if t.seat(use.other).alive:
        lose_hp(ctx, use.seat, 1)
    else:
        heal(t, use.seat, 1)


def _huimeng(ctx: Ctx, m: Skill, event: object) -> None:
    """毁盟 (003 line 446): draws two, ends the alliance and is treated as using a Sha
    on the ally; then recovers 1 HP if the ally died of it, else loses 1 HP."""
    no_arguments(m)
    push(ctx.table, SkillUse(m.seat, "huimeng"))


rule("huimeng", point=Point.TURN_START, can=_huimeng_can, whose=("seat",), step=_huimeng_step)(
    _huimeng
)
rule("huimeng_end", point=Point.END_PHASE, can=_huimeng_can, whose=("seat",))(_huimeng)


# ---------------------------------------------------------------- 国战 (群雄演义): 归附
# rules 003 line 430 (read in engine/modes/hegemony.py)


def _guifu_step(ctx: Ctx, use: SkillUse) -> None:
    t = ctx.table
    if not t.seat(use.seat).alive:
        t.stack.pop()
        return
    if use.step == 0:
        reason = say(
            "{skill}: seat {seat} stays with its kingdom (stay) or joins a careerist's "
            "camp (joinN: seat {camps})",
            skill=rule_source(use.key),
            seat=use.seat,
            camps=", ".join(str(c) for c in use.targets),
        )
        options = (STAY, *(f"{JOIN}{c}" for c in use.targets))
        push(t, Expect("choose", use.seat, reason, options=options))
        return
    t.stack.pop()
    if use.word.startswith(JOIN):
        t.set_seat(evolve(t.seat(use.seat), kingdom=CAREERIST + use.word[len(JOIN) :]))
    check_victory(ctx)


@rule(SPLIT_CHOICE, step=_guifu_step)
def guifu(ctx: Ctx, m: Skill, event: object) -> None:
    """归附 (003 line 430: 该势力角色可以选择归附其中一名角色加入其野心家阵营): the engine
    asks each seat after a kingdom splits (``choose N stay`` or ``choose N joinM``);
    it is never used by a move."""
    raise IllegalMove(say("{skill} comes by itself", skill=rule_source(m.skill)))
