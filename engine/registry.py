"""The rule registry: every skill and equipment effect the engine settles, by key.

A rule is the data the settlement needs about one skill (or one equipment
card's effect): when it may be used, whether it applies by itself, and the
handlers that carry it out. The general data (``generals.toml``) names the
skills; the modules beside this one (``wei``, ``shu``, ``wu``, ``qun``,
``equipment``) register one rule per key with :func:`rule`. A skill with no
rule here is still recorded (``skill SEAT KEY``), and the moves that enter
its effects are then allowed as the skill's own (advisory, never blocking).

How a rule is used:

- ``point`` set: a **window** opens at that timing point when ``can`` holds
  for its owner; owners are asked in seat order from the current player,
  and ``use`` runs when the owner answers with ``skill SEAT KEY ...``.
- ``phases`` set: used **actively** in those phases of the owner's own turn
  (出牌阶段 skills; 突袭 in the draw phase); ``use`` runs on ``skill``.
- ``step``: a skill whose effect waits for the table in between (a
  judgement, a choice) pushes a :class:`~engine.frames.SkillUse` frame; the
  settlement calls ``step`` whenever that frame is on top.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from engine.cards import CardKind
from engine.catalogue import standard_catalogue
from engine.frames import Point, SkillUse
from engine.generals import Skill as GeneralSkill
from engine.state import Phase

if TYPE_CHECKING:
    from engine.context import Ctx
    from engine.frames import CardUse, DamageEvent
    from engine.moves import Skill
    from engine.table import Table

Condition = Callable[["Table", int, object], bool]
"""``can(table, owner, event)``: whether the owner may use it now (``event``: the
frame under the window)."""

Use = Callable[["Ctx", "Skill", object], None]
"""``use(ctx, move, event)``: check the move's cards and targets, then settle."""

Step = Callable[["Ctx", SkillUse], None]


def _always(t: Table, owner: int, event: object) -> bool:
    return True


@dataclass(frozen=True, slots=True)
class Rule:
    key: str
    use: Use
    point: Point | None = None
    can: Condition = _always
    phases: frozenset[Phase] = frozenset()
    step: Step | None = None
    limit_per_phase: int = 0  # 0: no limit (限一次: 1)
    cards: tuple[int, int | None] = (0, 0)  # how many cards the move names (None: any)
    targets: tuple[int, int | None] = (0, 0)  # how many seats it chooses
    # The event's fields naming the seat that may own it ("target", "user" ...);
    # () when any seat may (鬼才): the settlement asks only those seats.
    whose: tuple[str, ...] = ()
    # Its cards come from the owner's hand or equipment (流离's discard); False when
    # they are another seat's (麒麟弓: the damaged seat's horse).
    own_cards: bool = True
    # Another seat may use it, as the owner's gift (黄天: the other 群 players in their
    # own play phase): ``lent_to(table, seat)`` says whether ``seat`` may.
    lent_to: Callable[[Table, int], bool] | None = None
    # It may answer the request for a card on top (an Ask of the owner), outside its
    # phases (蛊惑: a card played face down for the 闪, 杀 or 桃 asked).
    answers: Condition | None = None


def rule_name(key: str) -> str:
    """A rule's name as players say it: the skill's, or the equipment card's."""
    found = _sources().get(key)
    return found.name if found is not None else key


def rule_source(key: str) -> GeneralSkill | CardKind | str:
    """What a rule key names: the skill, or the equipment card's kind (a value for a
    sentence: each language names it); an unknown key as it is."""
    return _sources().get(key, key)


@cache
def _sources() -> dict[str, GeneralSkill | CardKind]:
    sources: dict[str, GeneralSkill | CardKind] = dict(standard_catalogue().kinds)
    sources.update(standard_catalogue().skills())  # the generals' and the modes' skills
    return sources


RULES: dict[str, Rule] = {}
"""Every rule by key (a skill key of generals.toml, or an equipment card kind's key)."""

AT_POINT: dict[Point, frozenset[str]] = {}
"""The keys whose windows open at each point (a quick test before looking at seats)."""


def rule(
    key: str,
    *,
    point: Point | None = None,
    can: Condition = _always,
    phases: tuple[Phase, ...] = (),
    step: Step | None = None,
    limit_per_phase: int = 0,
    cards: tuple[int, int | None] = (0, 0),
    targets: tuple[int, int | None] = (0, 0),
    whose: tuple[str, ...] = (),
    own_cards: bool = True,
    lent_to: Callable[[Table, int], bool] | None = None,
    answers: Condition | None = None,
) -> Callable[[Use], Use]:
    """Register ``use`` as the rule of ``key`` (a decorator).

    ``cards`` and ``targets`` say how many cards and seats a ``skill`` move of
    it names (low, high; high None: any number): what a table is asked for
    before the move is complete.
    """

    def register(use: Use) -> Use:
        if key in RULES:
            raise AssertionError(f"two rules for {key!r}")
        RULES[key] = Rule(
            key,
            use,
            point,
            can,
            frozenset(phases),
            step,
            limit_per_phase,
            cards,
            targets,
            whose,
            own_cards,
            lent_to,
            answers,
        )
        if point is not None:
            AT_POINT[point] = AT_POINT.get(point, frozenset()) | {key}
        return use

    return register


Settled = Callable[["Table", "CardUse"], None]

SETTLED: dict[str, list[Settled]] = {}
"""What compulsory skills do with a card of a kind once it has settled, before it goes
to the discard pile (巨象 takes 南蛮入侵), by card kind."""


def on_settled(kind: str) -> Callable[[Settled], Settled]:
    """Register a compulsory action on a used card of ``kind`` about to be discarded."""

    def register(action: Settled) -> Settled:
        SETTLED.setdefault(kind, []).append(action)
        return action

    return register


Change = Callable[["Table", "DamageEvent"], "DamageEvent"]

COMPULSORY: dict[Point, list[Change]] = {}
"""Compulsory changes to damage (锁定技 and equipment that apply themselves), by point."""


def compulsory(point: Point) -> Callable[[Change], Change]:
    """Register a compulsory change of a damage event at ``point`` (a decorator)."""

    def register(change: Change) -> Change:
        COMPULSORY.setdefault(point, []).append(change)
        return change

    return register


Conversion = Callable[["Table", int, tuple[int, ...], str], bool]

CONVERSIONS: dict[str, Conversion] = {}
"""Conversions an effect cannot declare, by skill key: ``converts(table, seat, cards,
as_kind)`` says whether the owner may use or play ``cards`` as ``as_kind`` (龙魂: X
cards of one suit, X his HP; 乱击: two hand cards of one suit as 万箭齐发; 双雄: by the
colour of the turn's judgement, a card as 决斗)."""

CONVERSION_KINDS: dict[str, str] = {}
"""The one kind a rule's conversion makes, where it makes one (乱击, 双雄), by skill key:
so a card laid can be read as it."""


def conversion(key: str, kind: str) -> Callable[[Conversion], Conversion]:
    """Register the conversion of skill ``key`` into ``kind`` alone (a decorator)."""

    def register(convert: Conversion) -> Conversion:
        def into_kind(t: Table, seat: int, cards: tuple[int, ...], as_kind: str) -> bool:
            return as_kind == kind and convert(t, seat, cards, as_kind)

        CONVERSIONS[key] = into_kind
        CONVERSION_KINDS[key] = kind
        return convert

    return register


Trigger = Callable[["Table", object], bool]

TRIGGERS: dict[Point, list[Trigger]] = {}
"""Compulsory skills the engine settles by itself at a point, nobody asked (崩坏 at the
end phase, 无谋 on a trick declared, 狂暴 on damage): each gets the event and may push
frames (True when it did)."""


def trigger(point: Point) -> Callable[[Trigger], Trigger]:
    """Register a compulsory trigger at ``point`` (a decorator)."""

    def register(hook: Trigger) -> Trigger:
        TRIGGERS.setdefault(point, []).append(hook)
        return hook

    return register


SeatHook = Callable[["Table", int], None]

AT_DEAL: dict[str, SeatHook] = {}
"""What a skill does as the starting hands are dealt, by skill key, for each seat
owning it (七星: seven more cards face down onto the general as 星; 狂暴: two 暴怒 marks)."""

TURN_STARTS: list[SeatHook] = []
"""Called as a seat's turn starts, before anything else (狂风 and 大雾's marks end)."""


def fire(t: Table, point: Point, event: object) -> bool:
    """Run the triggers at ``point``; True when one pushed a frame to settle first."""
    pushed = False
    for hook in TRIGGERS.get(point, ()):
        pushed = hook(t, event) or pushed
    return pushed


DrawBonus = Callable[["Table", int], int]

DRAW_BONUS: dict[str, DrawBonus] = {}
"""Compulsory changes to the draw phase's count that depend on the state, by skill key
(绝境: as many more as the HP he has lost)."""
Discarded = Callable[["Table", int, tuple[int, ...], int], None]

DISCARD_PHASE: list[Discarded] = []
"""Called when the current player discards in his own discard phase (固政 notes the
cards, 忍戒 counts them): ``(table, seat, known cards, unseen count)``."""


Died = Callable[["Table", int, "int | None"], None]

ON_DEATH: list[Died] = []
"""Called when a seat dies, before its cards are discarded (断肠, 连破):
``(table, dead seat, killer or None)``."""


Lent = Callable[["Table", int], bool]

LENT: dict[str, Lent] = {}
"""Skills of one seat that another seat uses in its own phase (制霸: a 吴 player starts
the point fight with the lord who has it): whether ``seat`` may use it, by key."""


TURN_END: list[Callable[[Table], None]] = []
"""Called once as a turn ends (回合结束时), before its window: what lasts until the end
of the turn ends (极略's 完杀)."""

DAMAGED: list[Callable[[Table, DamageEvent], None]] = []
"""Called as a seat's HP falls by damage (受到伤害): 忍戒 counts the points."""
