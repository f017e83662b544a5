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


class Point(Enum):
    """Timing points (时机) of the rules (003, 004)."""

    # using a card
    DECLARE = "declare"  # 使用牌时
    CHOOSE_TARGETS = "choose_targets"  # 选择目标时
    BECOME_TARGET = "become_target"  # 成为目标时
    AFTER_TARGETING = "after_targeting"  # 指定目标后 / 成为目标后
    RESPOND = "respond"  # 响应牌时
    TAKE_EFFECT = "take_effect"  # 结算效果时
    TO_DISCARD = "to_discard"  # 进入弃牌堆时
    # damage
    BEFORE_CAUSING = "before_causing"  # 即将造成伤害时
    CAUSING = "causing"  # 造成伤害时
    RECEIVING = "receiving"  # 受到伤害时
    HP_CHANGE = "hp_change"  # 扣减体力
    AFTER_DAMAGE = "after_damage"  # 造成伤害后 / 受到伤害后
    # others
    DYING = "dying"  # 濒死
    DEATH = "death"  # 死亡
    JUDGEMENT = "judgement"  # 判定
    DRAW = "draw"  # 摸牌阶段摸牌
    WAIT = "wait"  # waiting for a player's choice


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
    reason: str
    at: int = 0  # the seat asked now (not ``anyone``)
    anyone: bool = False
    need: int = 1
    got: int = 0
    passed: frozenset[int] = frozenset()
    judged: bool = False  # 八卦阵 already tried for this ask
    for_seat: int = 0  # whose need it is (the dying seat for 桃)

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


class Dying(NamedTuple):
    seat: int
    killer: int | None
    order: tuple[int, ...]
    at: int = 0  # how far the Peach round has gone


class Expect(NamedTuple):
    """Waiting for one specific kind of move from a seat.

    ``what``: ``draw`` (the draw phase; ``counts`` lists allowed numbers),
    ``discard_one`` / ``take_one`` (过河拆桥 / 顺手牵羊 on ``other``),
    ``judge`` (a judgement card for ``reason``), ``role`` (a dead seat's
    role), ``show`` (火攻), ``fire_discard`` (火攻: a card of ``suit``),
    ``reveal`` (五谷丰登: cards turned over), ``pick`` (五谷丰登).
    """

    what: str
    seat: int
    reason: str
    other: int = 0
    counts: tuple[int, ...] = ()
    suit: str = ""
    card: int = 0


class Judging(NamedTuple):
    """A delayed trick in the judgement phase: nullification window, then the judgement."""

    seat: int
    card: int
    kind: str
    point: Point = Point.JUDGEMENT
    step: int = 0  # 0 ask nullification, 1 wait for the judgement card
    nullified: bool = False


class Death(NamedTuple):
    seat: int
    killer: int | None
    step: int = 0


Frame = CardUse | Ask | DamageEvent | Dying | Expect | Judging | Death
