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
    from engine.frames import DamageEvent
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


Change = Callable[["Table", "DamageEvent"], "DamageEvent"]

COMPULSORY: dict[Point, list[Change]] = {}
"""Compulsory changes to damage (锁定技 and equipment that apply themselves), by point."""


def compulsory(point: Point) -> Callable[[Change], Change]:
    """Register a compulsory change of a damage event at ``point`` (a decorator)."""

    def register(change: Change) -> Change:
        COMPULSORY.setdefault(point, []).append(change)
        return change

    return register
