"""Small helpers the skill rules share: checking a skill move's cards and targets."""

from __future__ import annotations

from collections.abc import Callable

from engine.catalogue import standard_catalogue
from engine.context import Ctx
from engine.frames import Expect, Occasion, SkillUse
from engine.moves import Skill
from engine.registry import rule_source
from engine.settlement import push
from engine.state import Seat, evolve
from engine.table import IllegalMove, Table
from engine.text import Text, say


def count_cards(m: Skill) -> int:
    return len(m.cards) + m.unknown


def need_targets(m: Skill, low: int, high: int, what: Text) -> None:
    if not low <= len(m.targets) <= high:
        raise IllegalMove(what)


def living_other(t: Table, m: Skill, target: int) -> None:
    """``target`` is a living seat other than the skill's owner."""
    s = t.seat(target)
    if target == m.seat:
        raise IllegalMove(
            say("{skill}: choose another player, not yourself", skill=rule_source(m.skill))
        )
    if not s.alive:
        raise IllegalMove(
            say("{skill}: seat {seat} is dead", skill=rule_source(m.skill), seat=target)
        )


SHOWN_AS: list[Callable[[Seat], str | None]] = []
"""A general a seat counts as, besides its own, by its marks (化身: 左慈 has the gender of
the 化身 card he shows): the general's key, or None."""


def gender_of(t: Table, seat: int) -> str:
    """The seat's gender (``male``, ``female``): its face-up general's, or the one it
    counts as (化身); "" when no general shows."""
    s = t.seat(seat)
    if s.marks:
        for shown_as in SHOWN_AS:
            key = shown_as(s)
            if key:
                return standard_catalogue().general(key).gender.value
    shown = [g for g in s.generals if g not in s.hidden]
    return standard_catalogue().general(shown[0]).gender.value if shown else ""


def hand_targets(t: Table, m: Skill) -> None:
    """The skill's targets are different living other players, each with a hand card
    to take (突袭, 巧变's skipped draw)."""
    if len(set(m.targets)) != len(m.targets):
        raise IllegalMove(say("{skill}: two different players", skill=rule_source(m.skill)))
    for target in m.targets:
        living_other(t, m, target)
        if t.seat(target).hand_count == 0:
            raise IllegalMove(
                say(
                    "{skill}: seat {seat} has no hand cards",
                    skill=rule_source(m.skill),
                    seat=target,
                )
            )


def is_male(t: Table, seat: int) -> bool:
    return gender_of(t, seat) == "male"


def take_from(ctx: Ctx, taker: int, source: int, zones: str, reason: Text) -> None:
    """``taker`` takes one card of ``source``'s ``zones``: at once when the only
    possibility is an unseen hand card, else the table says which (``take``)."""
    t = ctx.table
    s = t.seat(source)
    has_equipment = "e" in zones and bool(s.equipment)
    has_judgement = "j" in zones and bool(s.judgement)
    if s.hand_unknown and not s.hand and not has_equipment and not has_judgement:
        t.set_seat(evolve(s, hand_unknown=s.hand_unknown - 1))
        t.hand_to_unknown(taker, 1)
        return
    if s.hand_count == 0 and not has_equipment and not has_judgement:
        return
    push(t, Expect("take_one", taker, reason, other=source, zones=zones))


def can_compare(t: Table, seat: int, other: int) -> bool:
    """A point fight (拼点) may start: both have a hand card, ``other`` another living
    player (rules 000, 拼點: 角色髮起拼點的條件是其有手牌...)."""
    o = t.seat(other)
    return other != seat and o.alive and t.seat(seat).hand_count > 0 and o.hand_count > 0


def ask_compare(t: Table, use: SkillUse, other: int) -> None:
    """The skill's owner and ``other`` fight a point (拼点): each lays a hand card
    (``compare SEAT #ID``); the skill's step runs again with ``value`` the winner
    (0: a tie, nobody won)."""
    reason = say(
        "{skill}: seats {a} and {b} each lay a hand card (compare SEAT #id)",
        skill=rule_source(use.key),
        a=use.seat,
        b=other,
    )
    push(t, Expect("compare", use.seat, reason, other=other))


def judge_for(t: Table, use: SkillUse) -> None:
    """A skill's judgement: the owner turns over a card; the result comes back to
    ``use`` (``value``, one step on) once it takes effect."""
    t.stack[-1] = evolve(use, step=use.step + 1)
    reason = say("{what}: turn over the judgement card", what=rule_source(use.key))
    push(t, Expect("judge", use.seat, reason))


def no_arguments(m: Skill) -> None:
    if m.cards or m.unknown or m.targets:
        raise IllegalMove(say("{skill} takes no cards or targets here", skill=rule_source(m.skill)))


def own_occasion(t: Table, owner: int, event: object) -> bool:
    """A rule's ``can`` for the owner's own occasion: its phase point (洛神, 观星, 闭月),
    its hand emptied (连营), its equipment lost (枭姬)."""
    return isinstance(event, Occasion) and event.seat == owner
