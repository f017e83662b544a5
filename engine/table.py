"""A mutable working copy of the state, used while one move is applied.

Applying a move copies the state into a :class:`Table`, changes it through
the operations here (which keep every card in exactly one place), and
freezes it back into a new :class:`GameState`. A move that turns out illegal
raises :class:`IllegalMove` before anything is frozen, so the old state is
untouched.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from engine.cards import Subtype
from engine.derived import card, owned_by_living
from engine.state import Delayed, GameState, Seat, Turn, evolve
from engine.text import Text, say


class IllegalMove(ValueError):
    """The move breaks the rules (or the public state); the message says why in one line.

    ``text`` is the reason as the engine said it: a `Text` the assistant words
    in the table's language (``str(exc)`` is its English).
    """

    def __init__(self, reason: str | Text) -> None:
        super().__init__(str(reason))
        self.text = reason


class GameOver(Exception):
    """Raised inside settlement when the game ends: everything in progress stops."""


class Table:
    # (reshuffles, winning side) that end the game at once (Mode.shuffle_end); set by
    # apply() for a mode variant that has one, None (this default) otherwise
    shuffle_end: tuple[int, str] | None = None
    # what else a reshuffle changes (Mode.shuffle_form: a general's form); set by apply()
    # like shuffle_end, None otherwise
    on_shuffle: Callable[[Table], None] | None = None

    def __init__(self, state: GameState) -> None:
        self.base = state
        self.seats = list(state.seats)
        self.draw_pile = state.draw_pile
        # The piles stay the state's tuples until a card goes in or out (_writable).
        self.discard_pile: list[int] | tuple[int, ...] = state.discard_pile
        self.discard_unknown = state.discard_unknown
        self.processing: list[int] | tuple[int, ...] = state.processing
        self.removed: list[int] | tuple[int, ...] = state.removed
        self.turn = state.turn
        self.extra_turns = state.extra_turns
        self.stack: list[object] = list(state.stack)
        self.winner = state.winner
        self.shuffles = state.shuffles
        self.skill_context = state.skill_context
        self.where: Mapping[int, str] = state.where  # copied on first write
        self._written: dict[int, str] | None = None
        # (seat, card) of equipment cards that left a seat, for 枭姬 and 白银狮子
        self.lost_equipment: list[tuple[int, int]] = []
        # hand sizes of the seats whose skills watch for an emptied hand (连营)
        self.hand_watch: dict[int, int] | None = None
        # every rule key some living seat owns (engine.windows.owned_anywhere), kept
        # until a seat's generals, role, weapon, armour or life change
        self.owned_union: frozenset[str] | None = state.owned

    # ------------------------------------------------------------ reading

    def seat(self, number: int) -> Seat:
        if not 1 <= number <= len(self.seats):
            raise IllegalMove(
                say("there is no seat {seat} (seats 1-{last})", seat=number, last=len(self.seats))
            )
        return self.seats[number - 1]

    def set_seat(self, seat: Seat) -> None:
        old = self.seats[seat.seat - 1]
        self.seats[seat.seat - 1] = seat
        if self.owned_union is not None and (
            old.generals is not seat.generals
            or old.hidden is not seat.hidden
            or old.role is not seat.role
            or old.weapon != seat.weapon
            or old.armour != seat.armour
            or old.alive is not seat.alive
            or old.extra_skills is not seat.extra_skills
        ):
            self.owned_union = None

    def freeze(self) -> GameState:
        base = self.base
        owned = self.owned_union
        # Positional, in GameState's field order: this runs once for every move.
        return tuple.__new__(
            GameState,
            (
                base.mode,
                base.players,
                base.variant,
                base.packages,
                base.deck,
                tuple(self.seats),
                self.draw_pile,
                tuple(self.discard_pile),
                self.discard_unknown,
                tuple(self.processing),
                tuple(self.removed),
                self.turn,
                self.extra_turns,
                tuple(self.stack),
                self.winner,
                self.shuffles,
                self.skill_context,
                self.where,
                owned if owned is not None else owned_by_living(self.seats),
                base.general_packages,
            ),
        )

    def _writable(self, pile: str) -> list[int]:
        """A pile as a list the move may change (copied from the state's tuple once)."""
        cards = getattr(self, pile)
        if type(cards) is tuple:
            cards = list(cards)
            setattr(self, pile, cards)
        return cards  # type: ignore[no-any-return]

    @property
    def mode(self) -> str:
        return self.base.mode

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def variant(self) -> str:
        return self.base.variant

    @property
    def living(self) -> tuple[Seat, ...]:
        return tuple(s for s in self.seats if s.alive)

    def order_from(self, first: int) -> tuple[int, ...]:
        n = len(self.seats)
        return tuple(
            s for s in ((first - 1 + i) % n + 1 for i in range(n)) if self.seats[s - 1].alive
        )

    def next_living(self, seat: int) -> int:
        n = len(self.seats)
        for i in range(1, n + 1):
            candidate = (seat - 1 + i) % n + 1
            if self.seats[candidate - 1].alive:
                return candidate
        return seat

    def set_turn(self, **changes: object) -> None:
        self.turn = evolve(self.turn, **changes)

    # ------------------------------------------------------------ card locations

    def _set_where(self, card_id: int, zone: str | None) -> None:
        written = self._written
        if written is None:
            written = self._written = dict(self.where)
            self.where = written
        if zone is None:
            written.pop(card_id, None)
        else:
            written[card_id] = zone

    def check_in_deck(self, card_id: int) -> None:
        if card_id not in self.base.deck:
            if 1 <= card_id <= 160:
                raise IllegalMove(
                    say(
                        "card #{id} ({card}) is not in this game's deck",
                        id=card_id,
                        card=card(card_id),
                    )
                )
            raise IllegalMove(say("there is no card #{id}", id=card_id))

    def lift(self, card_id: int, source: str | None = None) -> str:
        """Take a card out of wherever it is; returns the zone it left.

        An unlocated card is taken from the unknown pool: from ``source`` if
        given (``hand:N``, ``pile``, ``discard``), else it is an error.
        """
        self.check_in_deck(card_id)
        zone = self.where.get(card_id)
        if zone is None:
            if source is None:
                raise IllegalMove(
                    say(
                        "card #{id} is not known to be anywhere; say where it came from",
                        id=card_id,
                    )
                )
            self._take_unknown(source, card_id)
            return source
        if (
            source is not None
            and source != zone
            and not (source.startswith("hand:") and zone == source)
        ):
            raise IllegalMove(
                say(
                    "{card} is in {zone}, not in {source}",
                    card=card(card_id),
                    zone=describe_zone(zone),
                    source=describe_zone(source),
                )
            )
        kind, _, owner = zone.partition(":")
        if kind == "hand":
            s = self.seats[int(owner) - 1]
            hand = list(s.hand)
            hand.remove(card_id)
            self.set_seat(evolve(s, hand=tuple(hand)))
        elif kind == "equip":
            s = self.seats[int(owner) - 1]
            slot = _slot_holding(s, card_id)
            self.set_seat(s.with_equipped(slot, None))
            self.lost_equipment.append((s.seat, card_id))
        elif kind == "judge":
            s = self.seats[int(owner) - 1]
            self.set_seat(evolve(s, judgement=tuple(d for d in s.judgement if d.card != card_id)))
        elif kind == "general":
            s = self.seats[int(owner) - 1]
            self.set_seat(evolve(s, on_general=tuple(c for c in s.on_general if c != card_id)))
        elif zone == "discard":
            self._writable("discard_pile").remove(card_id)
        elif zone == "processing":
            self._writable("processing").remove(card_id)
        elif zone == "removed":
            self._writable("removed").remove(card_id)
        self._set_where(card_id, None)
        return zone

    def _take_unknown(self, source: str, card_id: int) -> None:
        kind, _, owner = source.partition(":")
        if kind == "hand":
            s = self.seat(int(owner))
            if s.hand_unknown <= 0:
                raise IllegalMove(
                    say(
                        "{card} cannot come from seat {seat}'s hand: "
                        "no unseen cards there ({known} known)",
                        card=card(card_id),
                        seat=s.seat,
                        known=s.hand_count,
                    )
                )
            self.set_seat(evolve(s, hand_unknown=s.hand_unknown - 1))
        elif kind == "general":
            s = self.seat(int(owner))
            if s.on_general_unknown <= 0:
                raise IllegalMove(
                    say(
                        "{card} cannot come from seat {seat}'s general card: no unseen cards there",
                        card=card(card_id),
                        seat=s.seat,
                    )
                )
            self.set_seat(evolve(s, on_general_unknown=s.on_general_unknown - 1))
        elif source == "pile":
            if self.draw_pile <= 0:
                raise IllegalMove(say("the draw pile is empty"))
            self.draw_pile -= 1
        elif source == "discard":
            if self.discard_unknown <= 0:
                raise IllegalMove(say("{card} is not among the discards", card=card(card_id)))
            self.discard_unknown -= 1
        else:
            raise IllegalMove(
                say(
                    "{card} is not known to be in {zone}",
                    card=card(card_id),
                    zone=describe_zone(source),
                )
            )

    def put(self, card_id: int, zone: str, as_kind: str | None = None) -> None:
        """Place a lifted card into a zone."""
        kind, _, owner = zone.partition(":")
        if kind == "hand":
            s = self.seat(int(owner))
            self.set_seat(evolve(s, hand=(*s.hand, card_id)))
        elif kind == "equip":
            s = self.seat(int(owner))
            slot = card(card_id).kind.subtype
            if slot is None:
                raise IllegalMove(say("{card} is not equipment", card=card(card_id)))
            old = s.equipped(slot)
            if old is not None:
                self._set_where(old, None)
                self._writable("discard_pile").append(old)
                self._set_where(old, "discard")
                self.lost_equipment.append((s.seat, old))
            self.set_seat(s.with_equipped(slot, card_id))
        elif kind == "judge":
            s = self.seat(int(owner))
            delayed = Delayed(card_id, as_kind or card(card_id).key)
            self.set_seat(evolve(s, judgement=(*s.judgement, delayed)))
        elif kind == "general":
            s = self.seat(int(owner))
            self.set_seat(evolve(s, on_general=(*s.on_general, card_id)))
        elif zone == "discard":
            self._writable("discard_pile").append(card_id)
        elif zone == "processing":
            self._writable("processing").append(card_id)
        elif zone == "removed":
            self._writable("removed").append(card_id)
        elif zone == "pile":
            # A card returned to the pile is no longer located.
            self.draw_pile += 1
            return
        else:
            raise IllegalMove(say("unknown zone {zone}", zone=repr(zone)))
        self._set_where(card_id, zone)

    def move(
        self, card_id: int, zone: str, source: str | None = None, as_kind: str | None = None
    ) -> str:
        left = self.lift(card_id, source)
        self.put(card_id, zone, as_kind)
        return left

    def hand_to_unknown(self, seat: int, count: int) -> None:
        """Unseen cards join a hand from the draw pile."""
        s = self.seat(seat)
        self.set_seat(evolve(s, hand_unknown=s.hand_unknown + count))

    def discard_everything(self, seat: int) -> int:
        """All the cards of a seat's zones, and those on its general card, go to the
        discard pile (death, 主公杀忠臣)."""
        s = self.seat(seat)
        cards = [*s.hand, *s.equipment, *(d.card for d in s.judgement), *s.on_general]
        for c in cards:
            self.move(c, "discard")
        s = self.seat(seat)
        unseen = s.hand_unknown + s.on_general_unknown
        self.discard_unknown += unseen
        moved = len(cards) + unseen
        self.set_seat(evolve(s, hand_unknown=0, on_general_unknown=0))
        return moved

    def to_general_unseen(self, seat: int, count: int) -> None:
        """Unseen cards go face down onto a seat's general card from the draw pile (七星)."""
        if self.draw_pile < count:
            self.ensure_pile(count)
        self.draw_pile -= count
        s = self.seat(seat)
        self.set_seat(evolve(s, on_general_unknown=s.on_general_unknown + count))

    def discard_hand(self, seat: int) -> None:
        s = self.seat(seat)
        for c in s.hand:
            self.move(c, "discard")
        s = self.seat(seat)
        self.discard_unknown += s.hand_unknown
        self.set_seat(evolve(s, hand_unknown=0))

    def discard_hand_and_equipment(self, seat: int) -> None:
        s = self.seat(seat)
        for c in (*s.hand, *s.equipment):
            self.move(c, "discard")
        s = self.seat(seat)
        self.discard_unknown += s.hand_unknown
        self.set_seat(evolve(s, hand_unknown=0))

    # ------------------------------------------------------------ the draw pile

    def ensure_pile(self, count: int) -> None:
        """Shuffle the discard pile in when the draw pile runs short; a draw when both cannot."""
        if self.draw_pile >= count:
            return
        available = self.draw_pile + len(self.discard_pile) + self.discard_unknown
        if available < count:
            self.winner = "draw"
            raise GameOver
        self.reshuffle()

    def reshuffle(self) -> None:
        for c in self.discard_pile:
            self._set_where(c, None)
        self.draw_pile += len(self.discard_pile) + self.discard_unknown
        self.discard_pile = []
        self.discard_unknown = 0
        self.shuffles += 1
        if self.shuffle_end is not None and self.shuffles >= self.shuffle_end[0]:
            self.winner = self.shuffle_end[1]
            raise GameOver
        if self.on_shuffle is not None:
            self.on_shuffle(self)

    def draw_unknown(self, seat: int, count: int) -> None:
        if count <= 0:
            return
        self.ensure_pile(count)
        self.draw_pile -= count
        self.hand_to_unknown(seat, count)

    def draw_known(self, seat: int, cards: tuple[int, ...]) -> None:
        self.ensure_pile(len(cards))
        for c in cards:
            self.check_in_deck(c)
            if c in self.where:
                raise IllegalMove(
                    say(
                        "{card} cannot be drawn: it is in {zone}",
                        card=card(c),
                        zone=describe_zone(self.where[c]),
                    )
                )
            self.draw_pile -= 1
            self.put(c, f"hand:{seat}")

    def reset_turn(self, seat: int, number: int) -> None:
        self.turn = Turn(seat=seat, number=number)


def _slot_holding(seat: Seat, card_id: int) -> Subtype:
    for slot in (
        Subtype.WEAPON,
        Subtype.ARMOUR,
        Subtype.DEFENSIVE_HORSE,
        Subtype.OFFENSIVE_HORSE,
        Subtype.TREASURE,
    ):
        if seat.equipped(slot) == card_id:
            return slot
    raise AssertionError(f"card {card_id} not equipped by seat {seat.seat}")


def describe_zone(zone: str) -> Text | str:
    """A zone (``hand:3``, ``discard`` ...) in words; an unknown one as it is."""
    kind, _, owner = zone.partition(":")
    if kind == "hand":
        return say("seat {seat}'s hand", seat=owner)
    if kind == "equip":
        return say("seat {seat}'s equipment", seat=owner)
    if kind == "judge":
        return say("seat {seat}'s judgement zone", seat=owner)
    if kind == "general":
        return say("seat {seat}'s general card", seat=owner)
    return _PILES.get(kind, zone)


_PILES = {
    "discard": say("the discard pile"),
    "processing": say("the processing area"),
    "removed": say("the removed cards"),
    "pile": say("the draw pile"),
}
