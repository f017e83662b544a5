"""The vocabulary of skill effects on the numbers the engine tracks.

A general's skills declare their effects in ``generals.toml``; the engine's
derived quantities (distance, attack range, Sha limit, draws, hand limit,
discard skipping, legal targets) read these declarations, so no general is
special-cased in code. A skill whose effect is not in this vocabulary is
still listed (with its timing) but changes no number.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import Enum

from engine.cards import Card, CardType, Colour, Suit
from engine.fields import EntryReader
from engine.text import Text, say, say_n


@dataclass(frozen=True, slots=True)
class DistanceFromSelf:
    """The owner's distance to every other player changes by ``delta`` (马术: -1)."""

    delta: int


@dataclass(frozen=True, slots=True)
class DistancePerGeneralCard:
    """The owner's distance to every other player changes by ``delta`` for each card on
    his general card (屯田's 田: -1 each)."""

    delta: int


@dataclass(frozen=True, slots=True)
class DistanceToSelf:
    """Every other player's distance to the owner changes by ``delta``."""

    delta: int


@dataclass(frozen=True, slots=True)
class AttackRange:
    """The owner's attack range changes by ``delta``."""

    delta: int


@dataclass(frozen=True, slots=True)
class ShaLimit:
    """Sha uses per play phase: no limit at all (咆哮), or ``delta`` more."""

    unlimited: bool
    delta: int


@dataclass(frozen=True, slots=True)
class DrawPhase:
    """Cards drawn in the draw phase change by ``delta`` (英姿 +1, 裸衣 -1)."""

    delta: int
    optional: bool


@dataclass(frozen=True, slots=True)
class ReplaceDraw:
    """The owner may take something else instead of drawing (突袭)."""


@dataclass(frozen=True, slots=True)
class HandLimit:
    """Hand limit: fixed to max HP (``fixed_to_max_hp``), and/or changed by ``delta``."""

    fixed_to_max_hp: bool
    delta: int


@dataclass(frozen=True, slots=True)
class HandLimitPerKingdom:
    """Hand limit +``delta`` for each other living player of ``kingdom`` (血裔)."""

    kingdom: str
    delta: int


class SkipCondition(Enum):
    NO_SHA_THIS_TURN = "no_sha_this_turn"


@dataclass(frozen=True, slots=True)
class SkipDiscard:
    """The owner may skip the discard phase when the condition holds (克己)."""

    condition: SkipCondition


class TargetCondition(Enum):
    NO_HAND_CARDS = "no_hand_cards"


@dataclass(frozen=True, slots=True)
class Untargetable:
    """The owner cannot be the target of these card kinds (while ``condition`` holds)."""

    cards: frozenset[str]
    condition: TargetCondition | None


@dataclass(frozen=True, slots=True)
class NoEffect:
    """These card kinds have no effect on the owner (祸首, 巨象: 南蛮入侵)."""

    cards: frozenset[str]


@dataclass(frozen=True, slots=True)
class TrickDistanceUnlimited:
    """The owner's tricks ignore their distance limit (奇才)."""


@dataclass(frozen=True, slots=True)
class TrickDistance:
    """The owner's cards of these kinds reach ``delta`` farther than their distance
    limit (断粮: his 兵粮寸断 reaches distance 2)."""

    cards: frozenset[str]
    delta: int


@dataclass(frozen=True, slots=True)
class RedirectSha:
    """When targeted by a Sha, may move it to another player in attack range (流离)."""


class DrawEvent(Enum):
    TRICK_USED = "trick_used"
    END_PHASE = "end_phase"
    EQUIPMENT_LOST = "equipment_lost"
    HAND_EMPTIED = "hand_emptied"
    DAMAGE_POINT = "damage_point"
    TURN_START = "turn_start"  # 回合开始阶段 (斗地主's 跋扈: compulsory, settled by the engine)


@dataclass(frozen=True, slots=True)
class DrawOn:
    """The owner may draw ``count`` cards when ``event`` happens (集智, 闭月, 枭姬 ...)."""

    event: DrawEvent
    count: int


class CardZone(Enum):
    HAND = "hand"
    HAND_OR_EQUIPMENT = "hand_or_equipment"


@dataclass(frozen=True, slots=True)
class AsCard:
    """The owner may use or play a matching card as ``card`` (武圣, 龙胆, 倾国 ...).

    A matching card has the given colour, suit or kind (whichever are set)
    and comes from ``zone``.
    """

    card: str
    zone: CardZone
    colour: Colour | None
    suit: Suit | None
    from_card: str | None
    outside_own_turn: bool
    compulsory: bool = False  # the matching cards count as ``card`` only (武神)
    types: frozenset[CardType] = frozenset()  # only cards of these types (断粮: basic, equipment)

    def fits(self, c: Card, in_equipment: bool, own_turn: bool) -> bool:
        """Whether ``c`` (from the owner's equipment or hand, in or out of the
        owner's turn) is a card this conversion takes."""
        return (
            (not in_equipment or self.zone is CardZone.HAND_OR_EQUIPMENT)
            and not (self.outside_own_turn and own_turn)
            and (self.colour is None or c.colour is self.colour)
            and (self.suit is None or c.suit is self.suit)
            and (self.from_card is None or c.key == self.from_card)
            and (not self.types or c.kind.type in self.types)
        )


@dataclass(frozen=True, slots=True)
class ShaDistanceUnlimited:
    """The owner's Sha (of ``suit``, when set) has no distance limit (武神: a heart Sha)."""

    suit: Suit | None


@dataclass(frozen=True, slots=True)
class DoubleResponse:
    """Answering the owner's ``cards`` takes two cards instead of one (无双)."""

    cards: frozenset[str]


@dataclass(frozen=True, slots=True)
class SuitAs:
    """The owner's cards of ``suit`` count as ``as_suit`` (红颜: spades as hearts),
    judgement cards she turns over included."""

    suit: Suit
    as_suit: Suit


Effect = (
    DistanceFromSelf
    | DistancePerGeneralCard
    | DistanceToSelf
    | AttackRange
    | ShaLimit
    | DrawPhase
    | ReplaceDraw
    | HandLimit
    | HandLimitPerKingdom
    | SkipDiscard
    | Untargetable
    | NoEffect
    | TrickDistanceUnlimited
    | TrickDistance
    | RedirectSha
    | DrawOn
    | AsCard
    | DoubleResponse
    | ShaDistanceUnlimited
    | SuitAs
)


def _as_card(r: EntryReader) -> AsCard:
    effect = AsCard(
        card=r.text("card"),
        zone=r.choice("zone", CardZone),
        colour=r.optional_choice("colour", Colour),
        suit=r.optional_choice("suit", Suit),
        from_card=r.optional_text("from_card"),
        outside_own_turn=r.flag("outside_own_turn"),
        compulsory=r.flag("compulsory"),
        types=frozenset(CardType(v) for v in r.optional_text_list("types")),
    )
    if effect.colour is None and effect.suit is None and effect.from_card is None:
        raise r.fail("colour", say("say which cards convert: colour, suit or from_card"))
    return effect


_PARSERS: Mapping[str, Callable[[EntryReader], Effect]] = {
    "distance_from_self": lambda r: DistanceFromSelf(r.integer("delta", -9, 9)),
    "distance_to_self": lambda r: DistanceToSelf(r.integer("delta", -9, 9)),
    "distance_per_general_card": lambda r: DistancePerGeneralCard(r.integer("delta", -9, 9)),
    "attack_range": lambda r: AttackRange(r.integer("delta", -9, 9)),
    "sha_limit": lambda r: ShaLimit(r.flag("unlimited"), r.optional_integer("delta", -9, 9) or 0),
    "draw_phase": lambda r: DrawPhase(r.integer("delta", -9, 9), r.flag("optional")),
    "replace_draw": lambda r: ReplaceDraw(),
    "hand_limit": lambda r: HandLimit(
        r.flag("fixed_to_max_hp"), r.optional_integer("delta", -9, 9) or 0
    ),
    "hand_limit_per_kingdom": lambda r: HandLimitPerKingdom(
        r.text("kingdom"), r.integer("delta", -9, 9)
    ),
    "skip_discard": lambda r: SkipDiscard(r.choice("condition", SkipCondition)),
    "untargetable": lambda r: Untargetable(
        frozenset(r.text_list("cards")), r.optional_choice("condition", TargetCondition)
    ),
    "no_effect": lambda r: NoEffect(frozenset(r.text_list("cards"))),
    "trick_distance_unlimited": lambda r: TrickDistanceUnlimited(),
    "trick_distance": lambda r: TrickDistance(
        frozenset(r.text_list("cards")), r.integer("delta", -9, 9)
    ),
    "redirect_sha": lambda r: RedirectSha(),
    "draw_on": lambda r: DrawOn(r.choice("event", DrawEvent), r.integer("count", 1, 9)),
    "as_card": _as_card,
    "double_response": lambda r: DoubleResponse(frozenset(r.text_list("cards"))),
    "sha_distance_unlimited": lambda r: ShaDistanceUnlimited(r.optional_choice("suit", Suit)),
    "suit_as": lambda r: SuitAs(r.choice("suit", Suit), r.choice("as_suit", Suit)),
}

EFFECT_KINDS = frozenset(_PARSERS)


def parse_effect(r: EntryReader) -> Effect:
    """One effect table, e.g. ``{ kind = "distance_from_self", delta = -1 }``."""
    kind = r.text("kind")
    parser = _PARSERS.get(kind)
    if parser is None:
        raise r.fail(
            "kind",
            say(
                "unknown effect {kind} (known: {known})",
                kind=repr(kind),
                known=", ".join(sorted(_PARSERS)),
            ),
        )
    effect = parser(r)
    r.done()
    return effect


def card_keys_named(effect: Effect) -> frozenset[str]:
    """The card kinds an effect names, for checking them against the catalogue."""
    if isinstance(effect, Untargetable | DoubleResponse | TrickDistance | NoEffect):
        return effect.cards
    if isinstance(effect, AsCard):
        return frozenset(k for k in (effect.card, effect.from_card) if k is not None)
    return frozenset()


def effect_as_dict(effect: Effect) -> dict[str, object]:
    """A plain JSON-ready form: ``{"kind": ..., <parameters>}``."""
    out: dict[str, object] = {"kind": _KIND_OF[type(effect)]}
    for name in effect.__slots__:
        value = getattr(effect, name)
        if isinstance(value, Enum):
            value = value.value
        elif isinstance(value, frozenset):
            value = sorted(v.value if isinstance(v, Enum) else v for v in value)
        out[name] = value
    return out


_KIND_OF: Mapping[type, str] = {
    DistanceFromSelf: "distance_from_self",
    DistanceToSelf: "distance_to_self",
    DistancePerGeneralCard: "distance_per_general_card",
    AttackRange: "attack_range",
    ShaLimit: "sha_limit",
    DrawPhase: "draw_phase",
    ReplaceDraw: "replace_draw",
    HandLimit: "hand_limit",
    HandLimitPerKingdom: "hand_limit_per_kingdom",
    SkipDiscard: "skip_discard",
    Untargetable: "untargetable",
    NoEffect: "no_effect",
    TrickDistanceUnlimited: "trick_distance_unlimited",
    TrickDistance: "trick_distance",
    RedirectSha: "redirect_sha",
    DrawOn: "draw_on",
    AsCard: "as_card",
    DoubleResponse: "double_response",
    ShaDistanceUnlimited: "sha_distance_unlimited",
    SuitAs: "suit_as",
}


def describe_effect(effect: Effect) -> Text | str:
    """A short phrase for what the effect changes (card kinds by their keys).

    >>> str(describe_effect(DistanceFromSelf(-1)))
    'distance to others -1'
    >>> str(describe_effect(Untargetable(frozenset({"snatch", "indulgence"}), None)))
    'cannot be targeted by indulgence, snatch'
    """
    match effect:
        case DistanceFromSelf(delta):
            return say("distance to others {delta}", delta=f"{delta:+d}")
        case DistancePerGeneralCard(delta):
            return say("distance to others {delta} per card on the general", delta=f"{delta:+d}")
        case DistanceToSelf(delta):
            return say("others' distance to this player {delta}", delta=f"{delta:+d}")
        case AttackRange(delta):
            return say("attack range {delta}", delta=f"{delta:+d}")
        case ShaLimit(unlimited, delta):
            if unlimited:
                return say("no limit on Sha per play phase")
            return say("Sha per play phase {delta}", delta=f"{delta:+d}")
        case DrawPhase(delta, optional):
            if optional:
                return say_n(
                    "draw phase {delta} card (optional)",
                    "draw phase {delta} cards (optional)",
                    abs(delta),
                    delta=f"{delta:+d}",
                )
            return say_n(
                "draw phase {delta} card",
                "draw phase {delta} cards",
                abs(delta),
                delta=f"{delta:+d}",
            )
        case ReplaceDraw():
            return say("may replace the draw phase's draw")
        case HandLimit(fixed, delta):
            if fixed and delta:
                return say("hand limit = max HP, hand limit {delta}", delta=f"{delta:+d}")
            if fixed:
                return say("hand limit = max HP")
            if delta:
                return say("hand limit {delta}", delta=f"{delta:+d}")
            return ""
        case HandLimitPerKingdom(kingdom, delta):
            return say(
                "hand limit {delta} for each other living {kingdom} player",
                delta=f"{delta:+d}",
                kingdom=kingdom,
            )
        case SkipDiscard(condition):
            return say("may skip the discard phase ({condition})", condition=_CONDITIONS[condition])
        case Untargetable(cards, condition):
            keys = ", ".join(sorted(cards))
            if condition is not None:
                return say(
                    "cannot be targeted by {cards} while {condition}",
                    cards=keys,
                    condition=_CONDITIONS[condition],
                )
            return say("cannot be targeted by {cards}", cards=keys)
        case NoEffect(cards):
            return say("{cards} have no effect on this player", cards=", ".join(sorted(cards)))
        case TrickDistanceUnlimited():
            return say("tricks have no distance limit")
        case TrickDistance(cards, delta):
            return say(
                "{cards} reach distance {delta}",
                cards=", ".join(sorted(cards)),
                delta=f"{delta:+d}",
            )
        case RedirectSha():
            return say("may redirect a Sha to another player in attack range")
        case DrawOn(event, count):
            return say("draws {count} on {event}", count=count, event=_EVENTS[event])
        case AsCard(card, zone, colour, suit, from_card, outside_own_turn, True):
            return say(
                "{source} cards ({zone}) count as {card} only",
                source=from_card or suit or colour or "",
                zone=_ZONES[zone],
                card=card,
            )
        case AsCard(card, zone, colour, suit, from_card, outside_own_turn):
            source = from_card or suit or colour or ""
            if outside_own_turn:
                return say(
                    "{source} cards ({zone}) as {card} outside own turn",
                    source=source,
                    zone=_ZONES[zone],
                    card=card,
                )
            return say(
                "{source} cards ({zone}) as {card}", source=source, zone=_ZONES[zone], card=card
            )
        case DoubleResponse(cards):
            return say("answering {cards} takes two cards", cards=", ".join(sorted(cards)))
        case ShaDistanceUnlimited(suit):
            if suit is not None:
                return say("{suit} Sha have no distance limit", suit=suit)
            return say("Sha have no distance limit")
        case SuitAs(suit, as_suit):
            return say("{suit} cards count as {as_suit}", suit=suit.value, as_suit=as_suit.value)
    raise AssertionError(effect)


# The words of the conditions, events and zones effects name, for describe_effect.
_CONDITIONS: Mapping[SkipCondition | TargetCondition, Text] = {
    SkipCondition.NO_SHA_THIS_TURN: say("no sha this turn"),
    TargetCondition.NO_HAND_CARDS: say("no hand cards"),
}
_EVENTS: Mapping[DrawEvent, Text] = {
    DrawEvent.TRICK_USED: say("trick used"),
    DrawEvent.END_PHASE: say("end phase"),
    DrawEvent.EQUIPMENT_LOST: say("equipment lost"),
    DrawEvent.HAND_EMPTIED: say("hand emptied"),
    DrawEvent.DAMAGE_POINT: say("damage point"),
}
_ZONES: Mapping[CardZone, Text] = {
    CardZone.HAND: say("hand"),
    CardZone.HAND_OR_EQUIPMENT: say("hand or equipment"),
}
