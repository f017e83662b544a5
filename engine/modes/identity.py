"""身份模式: lord, loyalists, rebels and renegades; 4 to 10 players (rules 001)."""

from __future__ import annotations

from collections import Counter

from engine.generals import General
from engine.modes.base import DeathEffects, Mode, NeedRole
from engine.state import PublicState, Role, Seat

L, Y, R, N = Role.LORD, Role.LOYALIST, Role.REBEL, Role.RENEGADE

# Players -> (loyalists, rebels, renegades); the lord is always one.
ROLE_TABLE: dict[tuple[int, str], tuple[int, int, int]] = {
    (4, ""): (1, 1, 1),
    (5, ""): (1, 2, 1),
    (6, ""): (1, 3, 1),
    (6, "two_renegades"): (1, 2, 2),
    (7, ""): (2, 3, 1),
    (8, ""): (2, 4, 1),
    (8, "two_renegades"): (2, 3, 2),
    (9, ""): (3, 4, 1),
    (10, ""): (3, 4, 2),
}


class Identity(Mode):
    name = "identity"
    title = "身份模式"
    min_players = 4
    max_players = 10
    variants = ("", "two_renegades")
    roles_hidden = True

    def check_setup(self, players: int, variant: str) -> str | None:
        problem = super().check_setup(players, variant)
        if problem is None and (players, variant) not in ROLE_TABLE:
            return f"identity with {players} players has no variant {variant!r} (only 6 and 8 do)"
        return problem

    def role_table(self, players: int, variant: str) -> Counter[Role]:
        loyal, rebel, renegade = ROLE_TABLE[players, variant]
        return Counter({L: 1, Y: loyal, R: rebel, N: renegade})

    def max_hp(self, state: PublicState, seat: Seat, generals: tuple[General, ...]) -> int:
        bonus = 1 if seat.role is L and state.players >= 5 else 0
        return generals[0].max_hp + bonus

    def first_seat(self, state: PublicState) -> int:
        for s in state.seats:
            if s.role is L:
                return s.seat
        return 1

    def death_effects(self, state: PublicState, dead: int, killer: int | None) -> DeathEffects:
        if killer is None or killer == dead or not state.seat(killer).alive:
            return DeathEffects()
        role = state.seat(dead).role
        if role is R:
            return DeathEffects(draws=((killer, 3),))
        if role is Y and state.seat(killer).role is L:
            return DeathEffects(discard_all=(killer,))
        return DeathEffects()

    def winner(self, state: PublicState) -> str | NeedRole | None:
        lord = next((s for s in state.seats if s.role is L), None)
        if lord is None:
            return None
        if not lord.alive:
            living = state.living
            if len(living) == 1:
                last = living[0]
                if last.role is None:
                    return NeedRole(last.seat)
                return "renegade" if last.role is N else "rebel"
            return "rebel"
        table = self.role_table(state.players, state.variant)
        dead = Counter(s.role for s in state.seats if not s.alive)
        if dead[R] >= table[R] and dead[N] >= table[N]:
            return "lord"
        return None

    def sides(self) -> tuple[str, ...]:
        return ("lord", "rebel", "renegade", "draw")
