"""The events on the settlement stack (结算), newest last.

Each frame records where its settlement stands (its timing point) and whom
it waits for. The state exposes the stack so the timing helper can say
"now: seat 3 is asked for a Shan; under it: seat 1's Sha". Frames are named
tuples, like the rest of the state.
"""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple

from engine.cards import Element
from engine.text import Text


class Point(Enum):
    """Timing points (时机) of the rules: 003's orders for using a card and for damage,
    judgement, 001's turn flow, and the moments some skills watch for."""

    # using a card (003 卡牌使用顺序)
    DECLARE = "declare"  # 使用牌时
    CHOOSE_TARGETS = "choose_targets"  # 选择目标时
    BECOME_TARGET = "become_target"  # 成为牌的目标时
    AFTER_TARGETING = "after_targeting"  # 使用牌指定目标后 / 成为目标后
    RESPOND = "respond"  # 响应牌时
    DODGED = "dodged"  # 牌被响应后 (a Sha answered by Shan)
    TAKE_EFFECT = "take_effect"  # 结算效果时
    TO_DISCARD = "to_discard"  # 进入弃牌堆时
    # damage (003 伤害结算)
    BEFORE_CAUSING = "before_causing"  # 即将造成伤害时
    CAUSING = "causing"  # 造成伤害时
    RECEIVING = "receiving"  # 受到伤害时
    HP_CHANGE = "hp_change"  # 扣减体力
    AFTER_DAMAGE = "after_damage"  # 造成伤害后 / 受到伤害后
    # judgement
    JUDGE_BEFORE = "judge_before"  # 判定牌生效前
    JUDGE_AFTER = "judge_after"  # 判定牌生效后
    # asked for a card
    SHAN_NEEDED = "shan_needed"  # 需要使用或打出闪时
    SHA_NEEDED = "sha_needed"  # 需要使用或打出杀时
    # the turn (001 回合流程)
    TURN_START = "turn_start"  # 回合开始时
    PREPARATION = "preparation"  # 准备阶段
    JUDGEMENT_PHASE = "judgement_phase"  # 判定阶段开始时
    DRAW_START = "draw_start"  # 摸牌阶段开始时
    DRAW_END = "draw_end"  # 摸牌阶段结束时
    PLAY_START = "play_start"  # 出牌阶段开始时
    PLAY_END = "play_end"  # 出牌阶段结束时
    DISCARD_START = "discard_start"  # 弃牌阶段开始时
    DISCARD_END = "discard_end"  # 弃牌阶段结束时
    END_PHASE = "end_phase"  # 结束阶段
    TURN_END = "turn_end"  # 回合结束时
    # cards leaving a seat
    HAND_EMPTIED = "hand_emptied"  # 失去最后的手牌时
    EQUIPMENT_LOST = "equipment_lost"  # 失去装备区里的牌时
    CARD_LOST = "card_lost"  # 失去牌时 (屯田: any hand or equipment card)
    # others
    DYING = "dying"  # 濒死
    DEATH = "death"  # 死亡
    JUDGEMENT = "judgement"  # 判定
    DRAW = "draw"  # 摸牌阶段摸牌
    WAIT = "wait"  # waiting for a player's choice
    DISCARDED = "discarded"  # 弃牌阶段弃置两张或更多的牌时 (琴音)
    SHAN_USED = "shan_used"  # 使用或打出闪后 (雷击); last, so the bits before keep their values

    # Points are looked up in dicts at every step of a settlement: hash them by
    # identity (members are singletons) rather than by name in Python code.
    __hash__ = object.__hash__


BIT = {point: 1 << n for n, point in enumerate(Point)}
"""A point's bit in a frame's ``opened`` mask: the windows already opened for it."""


class CardUse(NamedTuple):
    """A card being used (使用) and settled target by target."""

    user: int
    kind: str
    cards: tuple[int, ...]
    targets: tuple[int, ...]
    at: int = 0  # the target being settled
    point: Point = Point.DECLARE
    nullified: bool = False  # the current target's effect was nullified (无懈可击)
    answered: bool = False  # the last Ask of this card was answered (闪 given, 杀 played)
    bonus: int = 0  # extra damage (酒)
    step: int = 0  # progress inside one target's effect (e.g. whose turn in a Duel)
    counts_for_limit: bool = True
    opened: int = 0  # windows opened (bits of BIT) for the current target
    no_shan: tuple[int, ...] = ()  # targets that cannot answer with a Shan (铁骑)
    nullifiable: bool = True  # 离间's Duel cannot be nullified

    @property
    def target(self) -> int:
        return self.targets[self.at]


class Ask(NamedTuple):
    """Someone is asked to respond with a card (闪, 杀, 桃, 无懈可击).

    ``anyone``: every seat in ``seats`` may answer, in any order, until all
    pass (无懈可击); otherwise ``seats[at]`` alone is asked now.
    """

    want: str
    seats: tuple[int, ...]
    reason: Text  # what the card is asked for, in words
    at: int = 0  # the seat asked now (not ``anyone``)
    anyone: bool = False
    need: int = 1
    got: int = 0
    passed: frozenset[int] = frozenset()
    judged: bool = False  # 八卦阵 already tried for this ask
    for_seat: int = 0  # whose need it is (the dying seat for 桃)
    opened: int = 0  # windows opened for the seat asked now (护驾, 激将)
    helping: bool = False  # the seats answer for ``for_seat`` (护驾, 激将)

    @property
    def asked(self) -> int:
        return self.seats[self.at]


class DamageEvent(NamedTuple):
    target: int
    amount: int
    element: Element | None
    source: int | None
    card_kind: str | None
    point: Point = Point.BEFORE_CAUSING
    spread: bool = False  # passed on along the iron chain
    chained_at_start: bool = False  # the target was chained when the damage landed
    cards: tuple[int, ...] = ()  # the cards that caused it (奸雄 gains them)
    opened: int = 0
    near: bool = False  # the source was within distance 1 of the target as its HP fell (狂骨)


class Dying(NamedTuple):
    seat: int
    killer: int | None
    order: tuple[int, ...]
    at: int = 0  # how far the Peach round has gone
    opened: int = 0  # windows opened at 濒死 (不屈, 涅槃)


class Expect(NamedTuple):
    """Waiting for one specific kind of move from a seat.

    ``what``: ``draw`` (the draw phase; ``counts`` lists allowed numbers),
    ``discard_one`` / ``take_one`` (过河拆桥 / 顺手牵羊 on ``other``),
    ``judge`` (a judgement card for ``reason``), ``role`` (a dead seat's
    role), ``show`` (火攻), ``fire_discard`` (火攻: a card of ``suit``),
    ``reveal`` (五谷丰登, 涉猎, 不屈: cards turned over), ``pick`` (五谷丰登, 涉猎),
    ``shown`` (蛊惑: the face-down card turned up, ``show SEAT #id``), ``compare``
    (拼点 between ``seat`` and ``other``: ``card`` the first card laid, ``counts``
    the seat that laid it), ``discard_n`` (a skill's discard of ``counts[0]`` cards
    from ``zones``: 英魂, 神愤), ``give`` (``counts[0]`` hand cards to one of the seats
    in ``options``: 好施), ``use_sha`` (a 杀 on one of the seats in ``counts``, or a
    pass: 乱武).
    """

    what: str
    seat: int
    reason: Text  # what the seat is to do, in words
    other: int = 0
    counts: tuple[int, ...] = ()
    suit: str = ""
    card: int = 0
    options: tuple[str, ...] = ()  # ``choose``: the words that answer it
    zones: str = ""  # ``take_one`` / ``discard_one``: h(and), e(quipment), j(udgement)


class Judging(NamedTuple):
    """A delayed trick in the judgement phase: nullification window, then the judgement."""

    seat: int
    card: int
    kind: str
    point: Point = Point.JUDGEMENT
    step: int = 0  # 0 ask nullification, 1 wait for the judgement card
    nullified: bool = False
    result: int = 0  # the judgement card, once it took effect


class Death(NamedTuple):
    seat: int
    killer: int | None
    step: int = 0
    skills: bool = False  # the dead general's own death skills were settled (武魂)
    opened: int = 0  # windows opened (行殇: before the dead seat's cards are discarded)


class Judgement(NamedTuple):
    """A judgement card turned over (判定): 鬼才 may replace it before it takes effect,
    then the frame under it learns the result; 天妒 may gain it afterwards."""

    seat: int
    card: int
    reason: Text  # what the judgement is for, in words
    opened: int = 0
    delivered: bool = False


class Window(NamedTuple):
    """Optional skills or equipment effects that may be used now, at ``point``.

    The owners are asked one at a time in seat order from the current player
    (003: the same priority settles in seat order); ``seats[0]`` is asked
    now. The frame under the window is the event it is about. ``declined``
    holds ``"seat:key"`` of what was declined or used in this window, so it
    is not offered again.
    """

    point: Point
    seats: tuple[int, ...]
    declined: frozenset[str] = frozenset()
    fresh: bool = True  # just opened: what the first seat is offered was checked then

    @property
    def asked(self) -> int:
        return self.seats[0]


class Occasion(NamedTuple):
    """A moment that is not a card or damage: a phase point, a hand emptied, an
    equipment card lost. It stays while its window is open."""

    point: Point
    seat: int
    cards: tuple[int, ...] = ()
    opened: int = 0


class SkillUse(NamedTuple):
    """A skill whose effect takes several steps, waiting for the table in between."""

    seat: int
    key: str
    step: int = 0
    targets: tuple[int, ...] = ()
    cards: tuple[int, ...] = ()
    value: int = 0  # a judged card, a count ...
    other: int = 0  # another seat it concerns (the damage source ...)
    word: str = ""  # a choice made (反间: the suit named)


Frame = (
    CardUse
    | Ask
    | DamageEvent
    | Dying
    | Expect
    | Judging
    | Death
    | Judgement
    | Window
    | Occasion
    | SkillUse
)
