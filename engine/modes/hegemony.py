"""国战 (hegemony): two face-down generals of one kingdom; the last kingdom standing wins.

Following the rules documents (003): each player takes two generals of the
same kingdom face down; the main (first) general gives the max HP; a general
turns face up when revealed (its skills work only then; death reveals all).
A player whose kingdom already has at least half the table (rounded down)
revealed becomes a careerist (野心家) on revealing, a side of their own; so
does a player who took two generals of different kingdoms (003 line 426:
"选择武将时可以选择两名势力不同的武将,然后将势力改为野心家"), the usual choice
being two of one kingdom (line 418).
Killing a player of another side draws as many cards as that side has
revealed players (the dead included); killing one's own side discards all
hand and equipment cards. The game is won when every living player is
revealed and all are of one side.

The record names the face-down generals at setup (the phone scans them as
the players place them); the engine treats them as unknown to the table
until revealed.
"""

from __future__ import annotations

from collections import Counter

from engine.catalogue import standard_catalogue
from engine.generals import General
from engine.modes.base import DeathEffects, Mode
from engine.state import PublicState, Seat

CAREERIST = "careerist"
_CATALOGUE = standard_catalogue()


class Hegemony(Mode):
    name = "hegemony"
    title = "国战"
    min_players = 3
    max_players = 10
    generals_per_seat = 2
    same_kingdom_generals = True
    mixed_kingdoms_careerist = True

    def max_hp(self, state: PublicState, seat: Seat, generals: tuple[General, ...]) -> int:
        return generals[0].max_hp

    def side(self, state: PublicState, seat: int) -> str | None:
        s = state.seat(seat)
        if len(s.hidden) == len(s.generals) and s.alive:
            return None  # nothing revealed: the table does not know
        return s.kingdom

    def side_on_reveal(self, state: PublicState, seat: int) -> str:
        """The side a seat takes when its first general turns face up."""
        s = state.seat(seat)
        assert s.kingdom is not None
        kingdoms = {_CATALOGUE.general(key).kingdom for key in s.generals}
        if len(kingdoms) > 1:  # 003 line 426, 一: two kingdoms chosen: a careerist
            return f"{CAREERIST}{seat}"
        revealed = sum(
            1
            for other in state.seats
            if other.seat != seat
            and other.kingdom == s.kingdom
            and len(other.hidden) < len(other.generals)
        )
        if revealed >= state.players // 2:
            return f"{CAREERIST}{seat}"
        return s.kingdom

    def death_effects(self, state: PublicState, dead: int, killer: int | None) -> DeathEffects:
        if killer is None or killer == dead or not state.seat(killer).alive:
            return DeathEffects()
        dead_side = self.side(state, dead)
        killer_side = self.side(state, killer)
        if killer_side is not None and killer_side == dead_side:
            return DeathEffects(discard_all=(killer,))
        members = sum(1 for s in state.seats if self.side(state, s.seat) == dead_side)
        return DeathEffects(draws=((killer, max(members, 1)),))

    def winner(self, state: PublicState) -> str | None:
        sides = {self.side(state, s.seat) for s in state.living}
        if None in sides or len(sides) != 1:
            return None
        (side,) = sides
        assert side is not None
        return CAREERIST if side.startswith(CAREERIST) else side

    def sides(self) -> tuple[str, ...]:
        return ("wei", "shu", "wu", "qun", CAREERIST, "draw")

    def facts(self, state: PublicState) -> dict[str, object]:
        """The kingdoms revealed: each seat's side as the table knows it (its kingdom
        once a general of it is face up, ``careerist``, None while all are face down)
        and how many seats each side has shown (the dead included)."""
        sides: dict[str, str | None] = {}
        for s in state.seats:
            side = self.side(state, s.seat)
            sides[str(s.seat)] = CAREERIST if side and side.startswith(CAREERIST) else side
        shown = Counter(side for side in sides.values() if side)
        return {"sides": sides, "kingdoms_revealed": dict(sorted(shown.items()))}
