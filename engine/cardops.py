"""Moving a seat's own cards: checking a card can come from a seat's zones, and taking it.

Used by the move handlers (rules) and by the skill rules alike: a card a
player spends must be where the public state allows it to be; an unseen
hand card is taken from the unknown pool.
"""

from __future__ import annotations

from engine.context import Ctx
from engine.derived import card
from engine.state import evolve
from engine.table import IllegalMove, Table, describe_zone
from engine.text import either, say, say_n

__all__ = [
    "discard_cards",
    "forget_hand",
    "lift_from",
    "possess",
    "take_unseen",
    "transfer",
    "zone_words",
]


def possess(ctx: Ctx, seat: int, card_id: int, zones: tuple[str, ...] = ("hand",)) -> str:
    """Check ``card_id`` can come from the seat's ``zones``; returns the source for ``lift``."""
    t = ctx.table
    t.check_in_deck(card_id)
    where = t.where.get(card_id)
    s = t.seat(seat)
    if where is None:
        if "hand" in zones:
            if s.hand_unknown > 0:
                return f"hand:{seat}"
            ctx.refuse(
                say(
                    "{card} cannot be in seat {seat}'s hand: no unseen cards there",
                    card=card(card_id),
                    seat=seat,
                )
            )
            return "forced"
        ctx.refuse(
            say(
                "{card} is not in seat {seat}'s {zones}",
                card=card(card_id),
                seat=seat,
                zones=zone_words(zones),
            )
        )
        return "forced"
    zone_kind, _, owner = where.partition(":")
    if owner == str(seat) and zone_kind in {"equip" if z == "equipment" else z for z in zones}:
        return where
    if zone_kind in ("discard", "removed"):
        ctx.refuse(
            say(
                "{card} is in {zone}, not seat {seat}'s {zones} "
                "(a misread, or a duplicate sticker?)",
                card=card(card_id),
                zone=describe_zone(where),
                seat=seat,
                zones=zone_words(zones),
            )
        )
    else:
        ctx.refuse(
            say(
                "{card} is in {zone}, not seat {seat}'s {zones}",
                card=card(card_id),
                zone=describe_zone(where),
                seat=seat,
                zones=zone_words(zones),
            )
        )
    return "forced"


_ZONE_WORDS = {"hand": say("hand"), "equipment": say("equipment"), "judge": say("judgement zone")}


def zone_words(zones: tuple[str, ...]) -> object:
    """A seat's zones (``hand``, ``equipment``, ``judge``) in words: ``hand or equipment``."""
    return either([_ZONE_WORDS.get(z, z) for z in zones])


def lift_from(ctx: Ctx, seat: int, card_id: int, source: str) -> None:
    t = ctx.table
    if source == "forced":
        where = t.where.get(card_id)
        if where is None:
            # A forced card from nowhere: take it from the unknown pool where possible.
            s = t.seat(seat)
            if s.hand_unknown > 0:
                t.lift(card_id, f"hand:{seat}")
            elif t.draw_pile > 0:
                t.lift(card_id, "pile")
            else:
                t.lift(card_id, "discard")
        else:
            t.lift(card_id)
    else:
        t.lift(card_id, source)


def transfer(
    ctx: Ctx,
    giver: int,
    receiver: int,
    cards: tuple[int, ...],
    unknown: int,
    zones: tuple[str, ...],
) -> None:
    t = ctx.table
    sources = [possess(ctx, giver, c, zones) for c in cards]
    for c, source in zip(cards, sources, strict=True):
        lift_from(ctx, giver, c, source)
        t.put(c, f"hand:{receiver}")
    if unknown:
        forget_hand(t, giver)  # the unseen card taken may be any of the giver's
        take_unseen(t, giver, unknown)
        t.hand_to_unknown(receiver, unknown)


def forget_hand(t: Table, seat: int) -> None:
    """The seat's known hand cards are no longer known to be there: a card taken
    from its hand unseen may have been any of them. They join the unseen cards."""
    known = t.seat(seat).hand
    for c in known:
        t.lift(c)
    if known:
        t.hand_to_unknown(seat, len(known))


def take_unseen(t: Table, seat: int, count: int) -> None:
    """Unseen cards leave a hand; there must be that many (never forced: cards are physical)."""
    s = t.seat(seat)
    if count > s.hand_unknown:
        raise IllegalMove(
            say_n(
                "seat {seat} has only {n} unseen hand card, not {count}",
                "seat {seat} has only {n} unseen hand cards, not {count}",
                s.hand_unknown,
                seat=seat,
                count=count,
            )
        )
    t.set_seat(evolve(s, hand_unknown=s.hand_unknown - count))


def discard_cards(
    ctx: Ctx,
    seat: int,
    cards: tuple[int, ...],
    unknown: int = 0,
    zones: tuple[str, ...] = ("hand",),
) -> None:
    """A seat's cards go to the discard pile (a skill's cost): checked, then moved."""
    t = ctx.table
    sources = [possess(ctx, seat, c, zones) for c in cards]
    for c, source in zip(cards, sources, strict=True):
        lift_from(ctx, seat, c, source)
        t.put(c, "discard")
    if unknown:
        take_unseen(t, seat, unknown)
        t.discard_unknown += unknown
