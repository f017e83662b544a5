"""The public state of a game: what everyone at the table can see.

Cards in hands and in the draw pile are unknown until they are seen, so a
hand is a count of unknown cards plus the cards known to be there; the draw
pile is a count. Every physical card of the game's deck is in exactly one
place: a known zone (by id) or the unknown pool (draw pile, unknown hand
cards, and face-up discards the camera did not identify).

States are immutable: applying a move makes a new state, so undo and replay
are exact. The value types are named tuples: a move makes several new seats
and a new state, and a named tuple's ``_replace`` is four times faster than
a frozen dataclass's ``replace`` (the replay benchmark feels it).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import Enum
from typing import Any, NamedTuple, Protocol, TypeVar

from engine.cards import Package, Subtype


class Phase(Enum):
    """回合阶段, plus the states before the first turn and after the end."""

    SETUP = "setup"
    START = "start"  # 回合开始阶段
    PREPARATION = "preparation"  # 准备阶段
    JUDGEMENT = "judgement"  # 判定阶段
    DRAW = "draw"  # 摸牌阶段
    PLAY = "play"  # 出牌阶段
    DISCARD = "discard"  # 弃牌阶段
    END = "end"  # 结束阶段
    OVER = "over"

    __hash__ = object.__hash__  # by identity: phases are looked up at every step

    @property
    def source_name(self) -> str:
        """The phase as a sentence names it in the source's own words (``play phase``);
        the assistant's ``phase_name`` words it in the table's language."""
        return _PHASE_NAMES[self]


_PHASE_NAMES = {
    Phase.SETUP: "setup",
    Phase.START: "start phase",
    Phase.PREPARATION: "preparation phase",
    Phase.JUDGEMENT: "judgement phase",
    Phase.DRAW: "draw phase",
    Phase.PLAY: "play phase",
    Phase.DISCARD: "discard phase",
    Phase.END: "end phase",
    Phase.OVER: "game over",
}

TURN_PHASES = (
    Phase.START,
    Phase.PREPARATION,
    Phase.JUDGEMENT,
    Phase.DRAW,
    Phase.PLAY,
    Phase.DISCARD,
    Phase.END,
)


class Role(Enum):
    """身份: the identity roles; other modes use them as team markers (see modes/)."""

    LORD = "lord"
    LOYALIST = "loyalist"
    REBEL = "rebel"
    RENEGADE = "renegade"
    CIVILIAN = "civilian"  # 平民: identity's international variant (国际版)


SLOTS = (
    Subtype.WEAPON,
    Subtype.ARMOUR,
    Subtype.DEFENSIVE_HORSE,
    Subtype.OFFENSIVE_HORSE,
    Subtype.TREASURE,
)


class Delayed(NamedTuple):
    """A card in a judgement zone, with the delayed trick it counts as.

    ``kind`` differs from the card's own kind when a card was used as
    another (国色: a diamond card as 乐不思蜀).
    """

    card: int
    kind: str


class Seat(NamedTuple):
    """One player's place at the table (a 角色)."""

    seat: int
    generals: tuple[str, ...] = ()
    hidden: tuple[str, ...] = ()  # hegemony: generals still face down (their skills are off)
    kingdom: str | None = None
    role: Role | None = None  # None while hidden
    alive: bool = True
    hp: int = 0
    max_hp: int = 0
    hand: tuple[int, ...] = ()  # cards known to be in the hand
    hand_unknown: int = 0
    weapon: int | None = None
    armour: int | None = None
    defensive_horse: int | None = None  # +1 马
    offensive_horse: int | None = None  # -1 马
    treasure: int | None = None
    judgement: tuple[Delayed, ...] = ()  # in the order placed; the last is judged first
    chained: bool = False  # 横置 (铁索连环)
    flipped: bool = False  # 翻面 (face down)
    marks: tuple[tuple[str, int], ...] = ()
    lives: int = 1  # 1v1: generals still to come on, counting this one
    player: str = ""  # the name of the person playing the seat, if the table gave one
    # Skills the mode gives the seat besides its generals' (斗地主's landlord: 飞扬, 跋扈)
    extra_skills: tuple[str, ...] = ()
    # Cards put on the general card (武将牌上: 七星's 星, 屯田's 田, 不屈's 创), zone
    # ``general:N``: those known, and how many lie face down unseen.
    on_general: tuple[int, ...] = ()
    on_general_unknown: int = 0

    @property
    def hand_count(self) -> int:
        return len(self.hand) + self.hand_unknown

    def equipped(self, slot: Subtype) -> int | None:
        match slot:
            case Subtype.WEAPON:
                return self.weapon
            case Subtype.ARMOUR:
                return self.armour
            case Subtype.DEFENSIVE_HORSE:
                return self.defensive_horse
            case Subtype.OFFENSIVE_HORSE:
                return self.offensive_horse
            case Subtype.TREASURE:
                return self.treasure

    def with_equipped(self, slot: Subtype, card: int | None) -> Seat:
        match slot:
            case Subtype.WEAPON:
                return self._replace(weapon=card)
            case Subtype.ARMOUR:
                return self._replace(armour=card)
            case Subtype.DEFENSIVE_HORSE:
                return self._replace(defensive_horse=card)
            case Subtype.OFFENSIVE_HORSE:
                return self._replace(offensive_horse=card)
            case Subtype.TREASURE:
                return self._replace(treasure=card)

    @property
    def equipment(self) -> tuple[int, ...]:
        return tuple(
            c
            for c in (
                self.weapon,
                self.armour,
                self.defensive_horse,
                self.offensive_horse,
                self.treasure,
            )
            if c is not None
        )

    @property
    def card_count(self) -> int:
        """Cards in hand and equipment (the cards a player "has", 有牌)."""
        return self.hand_count + len(self.equipment)

    @property
    def wounded(self) -> bool:
        return self.hp < self.max_hp

    def mark(self, name: str) -> int:
        return dict(self.marks).get(name, 0)


class Turn(NamedTuple):
    """Whose turn it is, the phase, and the counters that last a phase or a turn."""

    seat: int = 0
    phase: Phase = Phase.SETUP
    number: int = 0
    sha_used: int = 0  # Sha used this play phase, for the one-Sha rule
    sha_this_turn: bool = False  # used or played a Sha this turn (克己)
    drunk: bool = False  # 酒: the next Sha this turn deals 1 more damage
    jiu_used: int = 0  # 酒 used this turn (once per turn, outside dying)
    skips: frozenset[Phase] = frozenset()  # phases of this turn to be skipped
    skill_uses: tuple[tuple[str, int], ...] = ()  # (seat:skill, times) this play phase
    resume: int = 0  # an extra turn: the seat whose next plays after it (0: not extra)
    flags: frozenset[str] = frozenset()  # "seat:skill" in force this turn (裸衣)
    discarded: int = 0  # cards discarded in this turn's discard phase (琴音)


# The empty index every new state starts from; nothing ever writes to it.
_NOWHERE: dict[int, str] = {}


class GameState(NamedTuple):
    mode: str = ""
    players: int = 0
    variant: str = ""
    packages: tuple[Package, ...] = ()
    deck: frozenset[int] = frozenset()  # the card ids in this game
    seats: tuple[Seat, ...] = ()
    draw_pile: int = 0
    discard_pile: tuple[int, ...] = ()  # known cards, oldest first
    discard_unknown: int = 0  # face-up discards nobody identified
    processing: tuple[int, ...] = ()  # 处理区: cards being used, judged, shown
    removed: tuple[int, ...] = ()  # out of the game
    turn: Turn = Turn()
    extra_turns: tuple[int, ...] = ()  # seats owed an extra turn, in order
    stack: tuple[object, ...] = ()  # settlement frames, newest last (see settlement.py)
    winner: str | None = None
    shuffles: int = 0
    # "seat:skill" while a skill's own effects are being entered (draws,
    # discards, gifts, damage ...); empty otherwise.
    skill_context: str = ""
    # Index of every located card to its zone ("hand:3", "equip:3", "judge:3",
    # "discard", "processing", "removed"); the zones above are the truth and
    # this is kept beside them so that finding a card is not a search.
    where: Mapping[int, str] = _NOWHERE  # the table copies it before writing
    # Every rule key some living seat owns (engine.windows.owned_anywhere): a cache
    # carried from state to state until a seat's generals, role or arms change.
    owned: frozenset[str] | None = None
    # The packages of generals besides the standard box that the setup named
    # (神话再临's wind, fire, forest, mountain; a table's own): their generals may sit.
    general_packages: tuple[str, ...] = ()

    def seat(self, number: int) -> Seat:
        return self.seats[number - 1]

    def with_seat(self, seat: Seat) -> GameState:
        seats = list(self.seats)
        seats[seat.seat - 1] = seat
        return self._replace(seats=tuple(seats))

    @property
    def living(self) -> tuple[Seat, ...]:
        return tuple(s for s in self.seats if s.alive)

    @property
    def over(self) -> bool:
        return self.turn.phase is Phase.OVER

    def order_from(self, first: int) -> tuple[int, ...]:
        """Living seats in play order starting from ``first`` (逆时针, 从当前回合角色开始)."""
        n = self.players
        return tuple(
            s for s in ((first - 1 + i) % n + 1 for i in range(n)) if self.seats[s - 1].alive
        )

    def next_living(self, seat: int) -> int:
        """The next living seat after ``seat`` in play order (下家)."""
        n = self.players
        for i in range(1, n + 1):
            candidate = (seat - 1 + i) % n + 1
            if self.seats[candidate - 1].alive:
                return candidate
        return seat

    def located(self) -> dict[int, str]:
        """Every card known to be somewhere, with its zone, rebuilt from the zones.

        ``where`` is the fast index of the same; tests compare the two.
        """
        where: dict[int, str] = {}
        for s in self.seats:
            for c in s.hand:
                where[c] = f"hand:{s.seat}"
            for c in s.equipment:
                where[c] = f"equip:{s.seat}"
            for d in s.judgement:
                where[d.card] = f"judge:{s.seat}"
            for c in s.on_general:
                where[c] = f"general:{s.seat}"
        for c in self.discard_pile:
            where[c] = "discard"
        for c in self.processing:
            where[c] = "processing"
        for c in self.removed:
            where[c] = "removed"
        return where

    @property
    def unknown_cards(self) -> int:
        """Cards in the unknown pool: draw pile, unknown hand cards, unidentified discards,
        unseen cards on generals."""
        return (
            self.draw_pile
            + self.discard_unknown
            + sum(s.hand_unknown + s.on_general_unknown for s in self.seats)
        )


class PublicState(Protocol):
    """What the derived quantities and the modes read: a GameState, or the
    working table while a move is being applied (so nothing is frozen mid-move)."""

    @property
    def mode(self) -> str: ...

    @property
    def seats(self) -> Sequence[Seat]: ...

    @property
    def turn(self) -> Turn: ...

    @property
    def players(self) -> int: ...

    @property
    def variant(self) -> str: ...

    @property
    def living(self) -> tuple[Seat, ...]: ...

    @property
    def winner(self) -> str | None: ...

    @property
    def shuffles(self) -> int: ...

    def seat(self, number: int) -> Seat: ...

    def next_living(self, seat: int) -> int: ...


T = TypeVar("T", bound=tuple[Any, ...])
_PLACES: dict[type, dict[str, int]] = {}


def evolve(obj: T, **changes: Any) -> T:
    """A copy of a named tuple with some fields changed, faster than ``_replace``:
    the tuple is copied whole and only the changed fields are overwritten (the
    field positions of each type are looked up once)."""
    cls = type(obj)
    place = _PLACES.get(cls)
    if place is None:
        place = _PLACES[cls] = {name: i for i, name in enumerate(cls._fields)}  # type: ignore[attr-defined]
    items = list(obj)
    for name, value in changes.items():
        items[place[name]] = value
    return tuple.__new__(cls, items)
