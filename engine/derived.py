"""Derived quantities: functions of the state, each with its reasons.

Nothing here is stored: distance, attack range, hand limit, Sha uses left and
legal targets are recomputed from the state whenever they are asked for. The
skills' contributions come from the effects the catalogue declares, never
from code that names a general.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache

from engine.cards import Card, CardKind, Colour, Subtype, Suit, Target, TargetNeeds
from engine.catalogue import standard_catalogue
from engine.effects import (
    AttackRange,
    DistanceFromSelf,
    DistancePerGeneralCard,
    DistanceToSelf,
    Effect,
    HandLimit,
    HandLimitPerKingdom,
    NoEffect,
    ShaDistanceUnlimited,
    ShaLimit,
    SuitAs,
    TargetCondition,
    TrickDistance,
    TrickDistanceUnlimited,
    Untargetable,
)
from engine.generals import Skill
from engine.modes import MODES as _MODES
from engine.modes import Mode
from engine.state import Phase, PublicState, Role, Seat
from engine.text import Text, say, say_n


@dataclass(frozen=True, slots=True)
class Measure:
    """A number with the reasons that made it."""

    value: int
    reasons: tuple[Text, ...]

    def __str__(self) -> str:
        return f"{self.value} ({'; '.join(map(str, self.reasons))})"


@dataclass(frozen=True, slots=True)
class TargetCheck:
    seat: int
    legal: bool
    reason: Text | str  # why not, or a note such as "distance 2, in range 3"; "" for none


_CARDS = (None, *standard_catalogue().cards)  # index = card id
_KINDS = standard_catalogue().kinds


def card(card_id: int) -> Card:
    found = _CARDS[card_id] if 0 < card_id < len(_CARDS) else None
    if found is None:
        raise KeyError(f"no card with id {card_id}")
    return found


def kind(key: str) -> CardKind:
    return _KINDS[key]


@cache
def _general_skills(key: str) -> tuple[Skill, ...]:
    return standard_catalogue().general(key).own_skills


@cache
def _extra_skill(key: str) -> Skill:
    """A skill a seat has beside its generals': a mode's, or one a skill gave it
    (急袭, 极略, 观星 by 志继 ...)."""
    return standard_catalogue().skills()[key]


SKILLESS = "skilless"
"""A seat's mark: it has lost every skill (断肠 of 蔡文姬 on her killer)."""


def skilless(seat: Seat) -> bool:
    """Whether the seat has lost every skill (断肠): cheap while it has no marks."""
    return bool(seat.marks) and any(name == SKILLESS for name, _ in seat.marks)


NO_LORD_SKILLS = "no_lord_skills"
"""A seat's mark: the lord whose lord skills do not work (忠胆英杰: 主公不能使用主公技)."""


def lord_skills_work(seat: Seat) -> bool:
    """Whether the seat's lord skills work: the lord's, unless his mode withholds them
    (cheap for every other seat: asked each time what a seat owns is)."""
    return seat.role is Role.LORD and not (seat.marks and _withheld(seat))


def _withheld(seat: Seat) -> bool:
    return any(name == NO_LORD_SKILLS for name, _ in seat.marks)


def active_skills(seat: Seat) -> Iterator[Skill]:
    """Skills that work now: face-up generals only; lord skills only for the lord; then
    the skills the mode or a skill gave the seat (``Seat.extra_skills``); none for a
    seat that lost them all (断肠)."""
    if skilless(seat):
        return
    for general in seat.generals:
        if general in seat.hidden:
            continue
        for skill in _general_skills(general):
            if skill.lord and not lord_skills_work(seat):
                continue
            yield skill
    for key in seat.extra_skills:
        yield _extra_skill(key)


def owned_keys(s: Seat) -> frozenset[str]:
    """The rule keys a seat owns now: its working skills and its weapon's and armour's."""
    key = (s.generals, s.hidden, lord_skills_work(s), s.weapon, s.armour, s.extra_skills)
    if s.marks and skilless(s):  # 断肠: no skills, only the arms
        key = ((), (), False, s.weapon, s.armour, ())
    found = _OWNED.get(key)
    if found is None:
        weapon = card(s.weapon).key if s.weapon is not None else ""
        armour = card(s.armour).key if s.armour is not None else ""
        found = _OWNED[key] = _owned(key[0], key[1], key[2], weapon, armour, key[5])
    return found


# Seats asked about many times a move: what they own, by what decides it. The
# combinations of generals and equipment a game can have are few.
_OWNED: dict[tuple[object, ...], frozenset[str]] = {}


@cache
def _owned(
    generals: tuple[str, ...],
    hidden: tuple[str, ...],
    lord: bool,
    weapon: str,
    armour: str,
    extra: tuple[str, ...] = (),
) -> frozenset[str]:
    probe = Seat(
        0, generals=generals, hidden=hidden, role=Role.LORD if lord else None, extra_skills=extra
    )
    keys = {skill.key for skill in active_skills(probe)}
    keys.update(k for k in (weapon, armour) if k)
    return frozenset(keys)


def owned_by_living(seats: Iterable[Seat]) -> frozenset[str]:
    """Every rule key the living seats own between them (a quick "does anyone?")."""
    return frozenset().union(*(owned_keys(s) for s in seats if s.alive))


def effects_of(seat: Seat) -> tuple[tuple[Skill, Effect], ...]:
    """The effects a seat's working skills declare (cached: asked many times a move)."""
    if seat.marks and skilless(seat):  # 断肠
        return ()
    return _effects(seat.generals, seat.hidden, lord_skills_work(seat), seat.extra_skills)


@cache
def _effects(
    generals: tuple[str, ...], hidden: tuple[str, ...], lord: bool, extra: tuple[str, ...] = ()
) -> tuple[tuple[Skill, Effect], ...]:
    out: list[tuple[Skill, Effect]] = []
    for general in generals:
        if general in hidden:
            continue
        for skill in _general_skills(general):
            if skill.lord and not lord:
                continue
            out.extend((skill, effect) for effect in skill.effects)
    for key in extra:
        skill = _extra_skill(key)
        out.extend((skill, effect) for effect in skill.effects)
    return tuple(out)


def suit_for(state: PublicState, seat: int, card_id: int) -> Suit | None:
    """A card's suit as it counts for ``seat`` (its owner, or the seat judging): the
    printed one, unless a skill changes it (红颜: her spades are hearts)."""
    suit = card(card_id).suit
    for _skill, effect in effects_of(state.seats[seat - 1]):
        if isinstance(effect, SuitAs) and effect.suit is suit:
            return effect.as_suit
    return suit


# The modes that seat the players otherwise than in seat order (``Mode.ring``
# overridden): the others never pay for asking.
_RINGED = frozenset(name for name, m in _MODES.items() if type(m).ring is not Mode.ring)


def around_the_table(state: PublicState) -> list[int]:
    """The living seats in the order they sit around the table: the seat order, or
    the order the mode seats them in (``Mode.ring``: 守卫剑阁's two sides facing
    each other)."""
    if state.mode in _RINGED:
        ring = _MODES[state.mode].ring(state)
        if ring is not None:
            seats = state.seats
            return [n for n in ring if seats[n - 1].alive]
    return [s.seat for s in state.seats if s.alive]


def ring_distance(state: PublicState, a: int, b: int) -> int:
    """Seats between a and b counted both ways among the living around the table
    (:func:`around_the_table`), the smaller."""
    living = around_the_table(state)
    i, j = living.index(a), living.index(b)
    steps = abs(i - j)
    return min(steps, len(living) - steps)


def distance_value(
    state: PublicState, a: int, b: int, spending: tuple[int, ...] = ()
) -> int | None:
    """The number of :func:`distance` without its reasons (for legality checks).

    A -1 horse that ``a`` is spending as another card no longer counts (001
    基本原则: a card being used is no longer equipment).
    """
    sa, sb = state.seat(a), state.seat(b)
    if not (sa.alive and sb.alive):
        return None
    if a == b:
        return 0
    value = ring_distance(state, a, b)
    if sb.defensive_horse is not None:
        value += 1
    if sa.offensive_horse is not None and sa.offensive_horse not in spending:
        value -= 1
    for _, effect in effects_of(sa):
        if isinstance(effect, DistanceFromSelf):
            value += effect.delta
        elif isinstance(effect, DistancePerGeneralCard):  # 屯田
            value += effect.delta * (len(sa.on_general) + sa.on_general_unknown)
    for _, effect in effects_of(sb):
        if isinstance(effect, DistanceToSelf):
            value += effect.delta
    return max(value, 1)


def attack_range_value(state: PublicState, seat: int, spending: tuple[int, ...] = ()) -> int:
    """The number of :func:`attack_range` without its reasons."""
    s = state.seat(seat)
    value = 1
    if s.weapon is not None and s.weapon not in spending:
        value = card(s.weapon).kind.attack_range or 1
    for _, effect in effects_of(s):
        if isinstance(effect, AttackRange):
            value += effect.delta
    return max(value, 0)


def distance(state: PublicState, a: int, b: int) -> Measure | None:
    """计算距离 from seat a to seat b; None when either is dead.

    Asymmetric: horses and skills count on one side only.
    """
    sa, sb = state.seat(a), state.seat(b)
    if not (sa.alive and sb.alive):
        return None
    if a == b:
        return Measure(0, (_YOURSELF,))
    base = ring_distance(state, a, b)
    value = base
    reasons = [_apart(base)]
    if sb.defensive_horse is not None:
        value += 1
        reasons.append(_defending(sb.defensive_horse, b))
    if sa.offensive_horse is not None:
        value -= 1
        reasons.append(_attacking(sa.offensive_horse, a))
    for skill, effect in effects_of(sa):
        if isinstance(effect, DistanceFromSelf):
            value += effect.delta
            reasons.append(say("{skill}: {delta}", skill=skill, delta=f"{effect.delta:+d}"))
        elif isinstance(effect, DistancePerGeneralCard):  # 屯田
            delta = effect.delta * (len(sa.on_general) + sa.on_general_unknown)
            if delta:
                value += delta
                reasons.append(say("{skill}: {delta}", skill=skill, delta=f"{delta:+d}"))
    for skill, effect in effects_of(sb):
        if isinstance(effect, DistanceToSelf):
            value += effect.delta
            reasons.append(
                say(
                    "{skill} of seat {seat}: {delta}",
                    skill=skill,
                    seat=b,
                    delta=f"{effect.delta:+d}",
                )
            )
    if value < 1:
        value = 1
        reasons.append(_AT_LEAST_1)
    return Measure(value, tuple(reasons))


# The reasons a table asks for again and again, said once for each number (a Text
# never changes): asking for every derived quantity of a table stays cheap.
@cache
def _apart(seats: int) -> Text:
    return say_n("{n} seat apart", "{n} seats apart", seats)


@cache
def _defending(horse: int, seat: int) -> Text:
    return say("+1 horse {horse} on seat {seat}: +1", horse=card(horse).kind, seat=seat)


@cache
def _attacking(horse: int, seat: int) -> Text:
    return say("-1 horse {horse} of seat {seat}: -1", horse=card(horse).kind, seat=seat)


@cache
def _weapon_range(weapon: int, reach: int) -> Text:
    return say("{weapon}: {range}", weapon=card(weapon).kind, range=reach)


@cache
def _out_of_range(distance: int, reach: int) -> Text:
    return say("distance {distance} > attack range {range}", distance=distance, range=reach)


def _no_hand_cards(skill: Skill) -> Text:
    found = _SKILL_NO_HAND_CARDS.get(skill.key)
    if found is None:
        found = _SKILL_NO_HAND_CARDS[skill.key] = say("{skill}: no hand cards", skill=skill)
    return found


_SKILL_NO_HAND_CARDS: dict[str, Text] = {}


@cache
def _hp(hp: int) -> Text:
    return say("HP {hp}", hp=hp) if hp >= 0 else say("HP {hp}, at least 0", hp=hp)


@cache
def _in_range(distance: int, reach: int) -> Text:
    return say("distance {distance}, attack range {range}", distance=distance, range=reach)


@cache
def _unlimited(distance: int) -> Text:
    return say("distance {distance}, no distance limit", distance=distance)


@cache
def _at_distance(distance: int) -> Text:
    return say("distance {distance}", distance=distance)


_YOURSELF = say("yourself")
_AT_LEAST_1 = say("at least 1")
_AT_LEAST_0 = say("at least 0")


def attack_range(state: PublicState, seat: int, spending: Iterable[int] = ()) -> Measure:
    """攻击范围: 1, or the equipped weapon's; a weapon being spent gives no range."""
    s = state.seat(seat)
    value, reasons = 1, [_BASE_1]
    if s.weapon is not None:
        weapon = card(s.weapon).kind
        if s.weapon in set(spending):
            reasons.append(say("{weapon} is being spent: no range from it", weapon=weapon))
        else:
            value = weapon.attack_range or 1
            reasons = [_weapon_range(s.weapon, value)]
    for skill, effect in effects_of(s):
        if isinstance(effect, AttackRange):
            value += effect.delta
            reasons.append(say("{skill}: {delta}", skill=skill, delta=f"{effect.delta:+d}"))
    return Measure(max(value, 0), tuple(reasons))


_BASE_1 = say("base 1")


def hand_limit(state: PublicState, seat: int) -> Measure:
    """手牌上限: the HP (never below 0), unless a skill fixes or corrects it."""
    s = state.seat(seat)
    found = hand_limit_of(s.hp, s.max_hp, effects_of(s))
    for skill, effect in effects_of(s):
        if isinstance(effect, HandLimitPerKingdom):  # 血裔
            more = effect.delta * _others_of_kingdom(state, seat, effect.kingdom)
            reason = say("{skill}: {delta}", skill=skill, delta=f"{more:+d}")
            found = Measure(max(found.value + more, 0), (*found.reasons, reason))
    return found


def _others_of_kingdom(state: PublicState, seat: int, kingdom: str) -> int:
    """The other living players of ``kingdom`` (血裔's count)."""
    return sum(1 for o in state.seats if o.alive and o.seat != seat and o.kingdom == kingdom)


def hand_limit_value(state: PublicState, seat: int) -> int:
    """The number of :func:`hand_limit` without its reasons."""
    s = state.seat(seat)
    value = max(s.hp, 0)
    effects = effects_of(s)
    for _, effect in effects:
        if isinstance(effect, HandLimit) and effect.fixed_to_max_hp:
            value = s.max_hp
    for _, effect in effects:
        if isinstance(effect, HandLimit):
            value += effect.delta
        elif isinstance(effect, HandLimitPerKingdom):  # 血裔
            value += effect.delta * _others_of_kingdom(state, seat, effect.kingdom)
    return max(value, 0)


def hand_limit_of(hp: int, max_hp: int, effects: Iterable[tuple[Skill, Effect]]) -> Measure:
    """The hand limit from HP and skill effects: a fixed value first, then corrections.

    >>> from engine.generals import Limit, Skill, Timing
    >>> refined = Skill("x", "英姿", "", True, False, None, Timing.ALWAYS, ())
    >>> str(hand_limit_of(2, 3, [(refined, HandLimit(True, 0))]))
    '3 (英姿: max HP 3)'
    >>> str(hand_limit_of(-1, 3, []))
    '0 (HP -1, at least 0)'
    """
    effects = tuple(effects)
    value = max(hp, 0)
    reasons = [_hp(hp)]
    for skill, effect in effects:
        if isinstance(effect, HandLimit) and effect.fixed_to_max_hp:
            value = max_hp
            reasons = [say("{skill}: max HP {max_hp}", skill=skill, max_hp=max_hp)]
    for skill, effect in effects:
        if isinstance(effect, HandLimit) and effect.delta:
            value += effect.delta
            reasons.append(say("{skill}: {delta}", skill=skill, delta=f"{effect.delta:+d}"))
    if value < 0:
        value = 0
        reasons.append(_AT_LEAST_0)
    return Measure(value, tuple(reasons))


def sha_limit(state: PublicState, seat: int, spending: Iterable[int] = ()) -> Measure | None:
    """Sha uses per play phase (1, plus corrections); None when there is no limit."""
    s = state.seat(seat)
    flags = state.turn.flags
    if flags and f"{seat}:tianyi_lost" in flags:  # 天义 not won: no Sha this turn
        return Measure(0, (say("{skill}: no Sha this turn", skill=_extra_skill("tianyi")),))
    if s.weapon is not None and card(s.weapon).key == "crossbow" and s.weapon not in set(spending):
        return None
    value, reasons = 1, [_ONE_SHA]
    if flags and f"{seat}:tianyi_won" in flags:  # 天义 won: one more Sha this turn
        value += 1
        reasons.append(say("{skill}: {delta}", skill=_extra_skill("tianyi"), delta="+1"))
    for skill, effect in effects_of(s):
        if isinstance(effect, ShaLimit):
            if effect.unlimited:
                return None
            value += effect.delta
            reasons.append(say("{skill}: {delta}", skill=skill, delta=f"{effect.delta:+d}"))
    return Measure(value, tuple(reasons))


_ONE_SHA = say("one Sha per play phase")


def sha_uses_left(state: PublicState, seat: int, spending: Iterable[int] = ()) -> int | None:
    """Sha this seat may still use this play phase; None for no limit."""
    limit = sha_limit(state, seat, spending)
    if limit is None:
        return None
    used = state.turn.sha_used if state.turn.seat == seat and state.turn.phase is Phase.PLAY else 0
    return max(limit.value - used, 0)


def _untargetable_reason(target: Seat, kind_key: str) -> Text | None:
    for skill, effect in effects_of(target):
        if isinstance(effect, Untargetable) and kind_key in effect.cards:
            if effect.condition is TargetCondition.NO_HAND_CARDS:
                if target.hand_count == 0:
                    return _no_hand_cards(skill)
            else:
                return say(
                    "{skill}: cannot be the target of {card}", skill=skill, card=kind(kind_key)
                )
    return None


def _sha_unlimited(user: Seat, spent: tuple[int, ...]) -> bool:
    """A Sha made of ``spent`` has no distance limit for ``user`` (武神: a heart Sha)."""
    for _, effect in effects_of(user):
        if isinstance(effect, ShaDistanceUnlimited) and (
            effect.suit is None or (spent and all(card(c).suit is effect.suit for c in spent))
        ):
            return True
    return False


def _ignores_trick_distance(user: Seat) -> bool:
    return any(isinstance(e, TrickDistanceUnlimited) for _, e in effects_of(user))


def _trick_reach(user: Seat, kind_key: str) -> int:
    """How much farther the user's cards of this kind reach (断粮: 兵粮寸断 +1)."""
    return sum(
        e.delta for _, e in effects_of(user) if isinstance(e, TrickDistance) and kind_key in e.cards
    )


def no_effect_on(target: Seat, kind_key: str) -> bool:
    """Whether a card of this kind has no effect on the seat by its skills (祸首, 巨象)."""
    return any(isinstance(e, NoEffect) and kind_key in e.cards for _, e in effects_of(target))


def untargetable(target: Seat, kind_key: str) -> Text | None:
    """Why a seat's skills keep it from being a card's target (空城, 帷幕 ...), or None."""
    return _untargetable_reason(target, kind_key)


def check_target(
    state: PublicState, user: int, card_kind: CardKind, target: int, spending: Iterable[int] = ()
) -> TargetCheck:
    """Whether ``user`` may choose ``target`` for a card of ``card_kind``, and why (not)."""
    spent = tuple(spending)
    t = state.seat(target)
    if not t.alive:
        return TargetCheck(target, False, _DEAD)
    mode = card_kind.target
    if mode is Target.RESPONSE:
        return TargetCheck(target, False, say("{card} is only used in response", card=card_kind))
    if mode is Target.SELF and target != user:
        return TargetCheck(target, False, say("{card} is used on yourself", card=card_kind))
    if mode in (Target.ONE_OTHER, Target.ALL_OTHERS) and target == user:
        return TargetCheck(target, False, _NOT_YOURSELF)
    reason = _untargetable_reason(t, card_kind.key)
    if reason is not None:
        return TargetCheck(target, False, reason)
    if (  # 帷幕: no black trick
        spent
        and card_kind.type.value in _TRICKS
        and "weimu" in owned_keys(t)
        and {card(c).colour for c in spent} == {Colour.BLACK}
    ):
        return TargetCheck(target, False, _weimu(card_kind))
    needs = card_kind.target_needs
    if needs is TargetNeeds.HAS_CARDS and t.card_count + len(t.judgement) == 0:
        return TargetCheck(target, False, _NO_CARDS)
    if needs is TargetNeeds.HAS_HAND_CARDS and t.hand_count == 0:
        return TargetCheck(target, False, _NO_HAND_CARDS)
    if needs is TargetNeeds.HAS_WEAPON and t.weapon is None:
        return TargetCheck(target, False, _NO_WEAPON)
    if card_kind.heals and not t.wounded:
        return TargetCheck(target, False, _AT_FULL_HP)
    if card_kind.type.value == "delayed_trick" and any(
        kind(d.kind).key == card_kind.key for d in t.judgement
    ):
        return TargetCheck(target, False, say("already has {card}", card=card_kind))
    note: Text | str = ""
    if target != user and (card_kind.in_attack_range or card_kind.distance_limit is not None):
        d = distance_value(state, user, target, spent)
        assert d is not None
        if card_kind.in_attack_range:
            rng = attack_range_value(state, user, spent)
            if d > rng:
                unlimited = card_kind.is_sha and _sha_unlimited(state.seat(user), spent)
                if not unlimited and not _tianyi_reach(state, user, card_kind):
                    return TargetCheck(target, False, _out_of_range(d, rng))
                note = _unlimited(d)  # 武神's heart Sha, 天义's win
            else:
                note = _in_range(d, rng)
        elif card_kind.distance_limit is not None:
            if _ignores_trick_distance(state.seat(user)):
                note = _unlimited(d)
            elif d > card_kind.distance_limit + _trick_reach(state.seat(user), card_kind.key):
                return TargetCheck(
                    target,
                    False,
                    say(
                        "distance {distance} > {limit}",
                        distance=d,
                        limit=card_kind.distance_limit
                        + _trick_reach(state.seat(user), card_kind.key),
                    ),
                )
            else:
                note = _at_distance(d)
    return TargetCheck(target, True, note)


def _tianyi_reach(state: PublicState, user: int, card_kind: CardKind) -> bool:
    """天义 won: the user's Sha has no distance limit this turn."""
    flags = state.turn.flags
    return bool(flags) and card_kind.is_sha and f"{user}:tianyi_won" in flags


_TRICKS = frozenset({"trick", "delayed_trick"})


@cache
def _weimu(card_kind: CardKind) -> Text:
    return say(
        "{skill}: cannot be the target of a black {card}",
        skill=_extra_skill("weimu"),
        card=card_kind,
    )


_DEAD = say("dead")
_NOT_YOURSELF = say("not yourself")
_NO_CARDS = say("no cards")
_NO_HAND_CARDS = say("no hand cards")
_NO_WEAPON = say("no weapon")
_AT_FULL_HP = say("at full HP (a recovery card needs a wounded target)")


def legal_targets(
    state: PublicState, user: int, card_kind: CardKind, spending: Iterable[int] = ()
) -> tuple[TargetCheck, ...]:
    """Every living seat with whether it is a legal target and why (not)."""
    spent = tuple(spending)
    return tuple(
        check_target(state, user, card_kind, s.seat, spent) for s in state.seats if s.alive
    )


def equipment_slot(card_kind: CardKind) -> Subtype | None:
    return card_kind.subtype
