"""The timing helper (时机): the settlement stack in words, the timing point, who may act.

Pure functions of the public state. :func:`timing_view` lists the stack
newest first (each entry says what it interrupted), names the current timing
point, and lists the seats that may act now with the working skills whose
``timing`` (engine/generals.py) fits the moment.

Which skills fit which moment (frame on top of the stack, else the phase):

==========================================  =========================================
moment                                      seats: Timing values listed
==========================================  =========================================
Ask for 闪 (Sha, 万箭齐发)                    asked seat: SHAN_NEEDED (倾国, 护驾),
                                            CARD_NEEDED that give 闪 (龙胆)
  ... and the Ask answers a 杀 aimed at it   asked seat also: SHA_TARGETED (流离);
                                            the Sha's user first: SHA_TARGETING (铁骑)
Ask for 杀 (决斗, 南蛮入侵, 借刀杀人)          asked seat: SHA_NEEDED (激将),
                                            CARD_NEEDED that give 杀 (武圣, 龙胆)
Ask for 无懈可击 (anyone)                     every seat not yet passed, in order from
                                            the current player: CARD_NEEDED that give
                                            无懈可击
Ask for 桃 (dying)                           the remaining peach order, the asked seat
                                            first: CARD_NEEDED that give 桃 (急救,
                                            outside the owner's turn); then the dying
                                            seat if it has PEACH_DYING (救援, lord only)
Dying (before the peach round)              the same, from the frame's own order
DamageEvent at AFTER_DAMAGE on top          damaged seat: AFTER_DAMAGED (奸雄, 反馈,
                                            刚烈, 遗计)
Expect judge / Judging                      judged seat: JUDGEMENT_BEFORE,
                                            JUDGEMENT_AFTER (天妒); then every other
                                            living seat with JUDGEMENT_BEFORE (鬼才),
                                            in order from the current player
Expect draw (draw phase)                    drawing seat: DRAW_PHASE (突袭, 裸衣, 英姿)
other Expect (choose a card, 火攻, 五谷, role)  the expected seat: no skills
no settlement, play phase                   current seat: PLAY_PHASE, and CARD_NEEDED
                                            that give a card used actively (武圣, 龙胆)
no settlement, preparation / draw /         current seat: PREPARATION_PHASE /
discard / end phase                         DRAW_PHASE / DISCARD_PHASE / END_PHASE
setup, game over                            nobody
==========================================  =========================================

A window on top (engine.windows) lists exactly the seats it asks, in order,
with what each may use. ALWAYS skills take effect by themselves and are not
listed. Only working skills count (face-up generals;
lord skills for the lord), as ``engine.derived.active_skills`` says.
"""

from __future__ import annotations

from dataclasses import dataclass

from assistant.i18n import phase_name
from assistant.views.table import shown_general_name
from engine.derived import active_skills, kind
from engine.effects import AsCard
from engine.frames import Ask, CardUse, DamageEvent, Death, Dying, Expect, Judging, Point, Window
from engine.generals import Skill, Timing
from engine.registry import rule_name
from engine.state import GameState, Phase
from engine.views import describe_frame
from engine.windows import window_offers


@dataclass(frozen=True, slots=True)
class Actor:
    """A seat that may act now, with the skills that fit the moment."""

    seat: int
    general: str
    skills: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class TimingView:
    stack: tuple[str, ...]  # newest first
    point: str
    acting: tuple[Actor, ...]


POINT_NAMES = {
    Point.DECLARE: "declare (使用牌时)",
    Point.CHOOSE_TARGETS: "choose targets (选择目标时)",
    Point.BECOME_TARGET: "become a target (成为目标时)",
    Point.AFTER_TARGETING: "after targeting (指定目标后 / 成为目标后)",
    Point.RESPOND: "respond (响应牌时)",
    Point.TAKE_EFFECT: "take effect (结算效果时)",
    Point.TO_DISCARD: "to the discard pile (进入弃牌堆时)",
    Point.BEFORE_CAUSING: "before causing damage (即将造成伤害时)",
    Point.CAUSING: "causing damage (造成伤害时)",
    Point.RECEIVING: "receiving damage (受到伤害时)",
    Point.HP_CHANGE: "losing HP (扣减体力)",
    Point.AFTER_DAMAGE: "after damage (造成伤害后 / 受到伤害后)",
    Point.DYING: "dying (濒死)",
    Point.DEATH: "death (死亡)",
    Point.JUDGEMENT: "judgement (判定)",
    Point.DRAW: "draw (摸牌阶段摸牌)",
    Point.WAIT: "waiting for a choice",
    Point.DODGED: "after being answered (牌被响应后)",
    Point.JUDGE_BEFORE: "before the judgement takes effect (判定牌生效前)",
    Point.JUDGE_AFTER: "after the judgement took effect (判定牌生效后)",
    Point.SHAN_NEEDED: "a 闪 is needed (需要闪时)",
    Point.SHA_NEEDED: "a 杀 is needed (需要杀时)",
    Point.TURN_START: "start of the turn (回合开始时)",
    Point.PREPARATION: "preparation phase (准备阶段)",
    Point.JUDGEMENT_PHASE: "judgement phase (判定阶段)",
    Point.DRAW_START: "start of the draw phase (摸牌阶段开始时)",
    Point.DRAW_END: "end of the draw phase (摸牌阶段结束时)",
    Point.PLAY_START: "start of the play phase (出牌阶段开始时)",
    Point.PLAY_END: "end of the play phase (出牌阶段结束时)",
    Point.DISCARD_START: "start of the discard phase (弃牌阶段开始时)",
    Point.DISCARD_END: "end of the discard phase (弃牌阶段结束时)",
    Point.END_PHASE: "end phase (结束阶段)",
    Point.TURN_END: "end of the turn (回合结束时)",
    Point.HAND_EMPTIED: "the last hand card is lost (失去最后的手牌时)",
    Point.EQUIPMENT_LOST: "an equipment card is lost (失去装备区里的牌时)",
}

_SHA_KINDS = ("sha", "fire_sha", "thunder_sha")
# The kinds an Ask accepts, for the conversion skills that fit it.
_ASK_KINDS = {
    "shan": ("shan",),
    "sha": _SHA_KINDS,
    "tao": ("tao",),
    "nullification": ("nullification",),
}
_PHASE_TIMINGS = {
    Phase.PREPARATION: Timing.PREPARATION_PHASE,
    Phase.DRAW: Timing.DRAW_PHASE,
    Phase.PLAY: Timing.PLAY_PHASE,
    Phase.DISCARD: Timing.DISCARD_PHASE,
    Phase.END: Timing.END_PHASE,
}


def timing_view(state: GameState) -> TimingView:
    """The settlement in progress: the stack in words, the timing point, who may act."""
    return TimingView(_stack_words(state), _point(state), _acting(state))


def _frame_word(frame: object) -> str:
    if isinstance(frame, CardUse):
        return f"{kind(frame.kind).name} of seat {frame.user}"
    if isinstance(frame, Ask):
        return f"the ask for {kind(frame.want).name}" if frame.want in _ASK_KINDS else "an ask"
    if isinstance(frame, DamageEvent):
        return f"the damage to seat {frame.target}"
    if isinstance(frame, Dying):
        return f"seat {frame.seat}'s dying"
    if isinstance(frame, Death):
        return f"seat {frame.seat}'s death"
    if isinstance(frame, Judging):
        return f"the judgement of {kind(frame.kind).name}"
    if isinstance(frame, Expect):
        return f"waiting for seat {frame.seat}"
    return type(frame).__name__


def _stack_words(state: GameState) -> tuple[str, ...]:
    frames = list(reversed(state.stack))
    out: list[str] = []
    for i, frame in enumerate(frames):
        text = str(describe_frame(frame))
        if i > 0:
            text += f" — interrupted by {_frame_word(frames[i - 1])}"
        out.append(text)
    return tuple(out)


def _point(state: GameState) -> str:
    if state.over:
        return phase_name(Phase.OVER)
    for frame in reversed(state.stack):
        if isinstance(frame, Ask):
            if frame.want == "tao":
                return f"{POINT_NAMES[Point.DYING]}: asking for 桃"
            if frame.want == "nullification":
                return f"{POINT_NAMES[Point.RESPOND]}: 无懈可击 window"
            return POINT_NAMES[Point.RESPOND]
        if isinstance(frame, Expect):
            if frame.what == "draw":
                return POINT_NAMES[Point.DRAW]
            if frame.what == "judge":
                return POINT_NAMES[Point.JUDGEMENT]
            if frame.what == "role":
                return f"{POINT_NAMES[Point.DEATH]}: reveal the role"
            return f"{POINT_NAMES[Point.WAIT]}: {frame.reason}"
        if isinstance(frame, Dying):
            return POINT_NAMES[Point.DYING]
        if isinstance(frame, Death):
            return POINT_NAMES[Point.DEATH]
        point = getattr(frame, "point", None)
        if isinstance(point, Point):
            return POINT_NAMES[point]
    return phase_name(state.turn.phase)


def _gives(skill: Skill, kinds: tuple[str, ...], own_turn: bool) -> bool:
    """Whether a CARD_NEEDED skill can make one of ``kinds`` now (no effects: it may)."""
    made = [e for e in skill.effects if isinstance(e, AsCard)]
    if not made:
        return True
    return any(e.card in kinds and not (e.outside_own_turn and own_turn) for e in made)


def _skills(
    state: GameState, seat: int, timings: tuple[Timing, ...], needed: tuple[str, ...] = ()
) -> tuple[str, ...]:
    own_turn = state.turn.seat == seat
    out: list[str] = []
    for skill in active_skills(state.seat(seat)):
        fits = skill.timing in timings or (
            skill.timing is Timing.CARD_NEEDED and bool(needed) and _gives(skill, needed, own_turn)
        )
        if fits and skill.name not in out:
            out.append(skill.name)
    return tuple(out)


def _actor(
    state: GameState, seat: int, timings: tuple[Timing, ...], needed: tuple[str, ...] = ()
) -> Actor:
    return Actor(seat, shown_general_name(state, seat), _skills(state, seat, timings, needed))


def _acting(state: GameState) -> tuple[Actor, ...]:
    if state.over or not state.mode or (state.turn.phase is Phase.SETUP and not state.stack):
        return ()
    if not state.stack:
        seat = state.turn.seat
        if not seat or not state.seat(seat).alive:
            return ()
        timing = _PHASE_TIMINGS.get(state.turn.phase)
        if timing is None:
            return (_actor(state, seat, ()),)
        active = _SHA_KINDS if timing is Timing.PLAY_PHASE else ()
        return (_actor(state, seat, (timing,), active),)
    top = state.stack[-1]
    below = state.stack[-2] if len(state.stack) > 1 else None
    if isinstance(top, Window):  # the owners the window asks, in order, with what it offers
        return tuple(
            Actor(s, shown_general_name(state, s), tuple(rule_name(k) for k in keys))
            for s in top.seats
            if (keys := window_offers(state, top, s))
        )
    if isinstance(top, Ask):
        return _ask_actors(state, top, below)
    if isinstance(top, Dying):
        return _peach_round(state, top.order[top.at :], top.seat)
    if isinstance(top, DamageEvent):
        if top.point is Point.AFTER_DAMAGE and state.seat(top.target).alive:
            return (_actor(state, top.target, (Timing.AFTER_DAMAGED,)),)
        return ()
    if isinstance(top, Judging) or (isinstance(top, Expect) and top.what == "judge"):
        return _judgement_actors(state, top.seat)
    if isinstance(top, Expect):
        if top.what == "draw":
            return (_actor(state, top.seat, (Timing.DRAW_PHASE,)),)
        return (_actor(state, top.seat, ()),)
    return ()


def _ask_actors(state: GameState, ask: Ask, below: object) -> tuple[Actor, ...]:
    needed = _ASK_KINDS.get(ask.want, (ask.want,))
    if ask.anyone:
        return tuple(
            _actor(state, s, (), needed)
            for s in ask.seats
            if s not in ask.passed and state.seat(s).alive
        )
    if ask.want == "tao":
        return _peach_round(state, ask.seats[ask.at :], ask.for_seat)
    seat = ask.asked
    need = Timing.SHAN_NEEDED if ask.want == "shan" else Timing.SHA_NEEDED
    timings: tuple[Timing, ...] = (need,)
    actors: list[Actor] = []
    if (
        ask.want == "shan"
        and isinstance(below, CardUse)
        and below.kind in _SHA_KINDS
        and below.target == seat
    ):
        timings += (Timing.SHA_TARGETED,)
        user = below.user
        if state.seat(user).alive:
            tieji = _skills(state, user, (Timing.SHA_TARGETING,))
            if tieji:
                actors.append(Actor(user, shown_general_name(state, user), tieji))
    actors.append(_actor(state, seat, timings, needed))
    return tuple(actors)


def _peach_round(state: GameState, order: tuple[int, ...], dying: int) -> tuple[Actor, ...]:
    actors = [_actor(state, s, (), ("tao",)) for s in order if state.seat(s).alive]
    saved_by = _skills(state, dying, (Timing.PEACH_DYING,))
    if saved_by and state.seat(dying).alive:
        if any(a.seat == dying for a in actors):
            actors = [
                Actor(a.seat, a.general, (*a.skills, *saved_by)) if a.seat == dying else a
                for a in actors
            ]
        else:
            actors.append(Actor(dying, shown_general_name(state, dying), saved_by))
    return tuple(actors)


def _judgement_actors(state: GameState, judged: int) -> tuple[Actor, ...]:
    actors = [_actor(state, judged, (Timing.JUDGEMENT_BEFORE, Timing.JUDGEMENT_AFTER))]
    first = state.turn.seat if state.turn.seat and state.seat(state.turn.seat).alive else judged
    for s in state.order_from(first):
        if s == judged:
            continue
        skills = _skills(state, s, (Timing.JUDGEMENT_BEFORE,))
        if skills:
            actors.append(Actor(s, shown_general_name(state, s), skills))
    return tuple(actors)
