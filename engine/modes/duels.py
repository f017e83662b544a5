"""Two-sided modes with public roles: 1v1 (old rules), 2v2 and 3v3 (rules 001)."""

from __future__ import annotations

from collections import Counter

from engine.generals import General
from engine.modes.base import DeathEffects, Mode
from engine.state import PublicState, Role, Seat
from engine.text import Text, say

L, Y, R, N = Role.LORD, Role.LOYALIST, Role.REBEL, Role.RENEGADE
FOUR_BANS = "four_bans"  # 1V1's 四禁


class OneVsOne(Mode):
    """1V1: each player brings three generals in a fixed order; the third death loses.

    The 后手 player (the renegade) takes the first turn and draws one card fewer
    in it. A general that dies is replaced at once by the next: its cards are
    discarded, the newcomer comes on at full HP and draws four. The record's
    ``general`` move names a seat's three in their order; the two reserves wait
    face down and are not turned up at will (``reveal`` is refused: 001 line
    100 keeps the order secret, and a reserve's skills work only once it is on).
    """

    name = "1v1"
    title = "1V1模式"
    min_players = max_players = 2
    generals_per_seat = 3
    reserves = True
    # 001 line 96: 可用擴展包:神話再臨-風(除神武將外)
    general_packages = ("wind",)
    gods_banned = True
    reveal_at_will = False  # 001 line 100: 出場武將和出場順序對對方保密
    # 001 line 107, 四禁 (unofficial, widely agreed): 孙权, 曹操, 华佗, 吕蒙 are left out.
    variants = ("", FOUR_BANS)
    variant_bans = {FOUR_BANS: frozenset({"sunquan", "caocao", "huatuo", "lvmeng"})}  # noqa: RUF012

    def fixed_roles(self, players: int) -> dict[int, Role]:
        return {1: L, 2: N}

    def role_table(self, players: int, variant: str) -> Counter[Role]:
        return Counter({L: 1, N: 1})

    def first_seat(self, state: PublicState) -> int:
        return 2

    def draw_count(self, state: PublicState, seat: int) -> int:
        return 1 if state.turn.number == 1 else 2

    def replacement(self, state: PublicState, dead: int) -> bool:
        return len(state.seat(dead).generals) > 1

    def winner(self, state: PublicState) -> str | None:
        for s in state.seats:
            if not s.alive:
                return "renegade" if s.role is L else "lord"
        return None

    def sides(self) -> tuple[str, ...]:
        return ("lord", "renegade", "draw")

    first_and_second = ("lord", "renegade")  # the lord card starts (先手)

    def facts(self, state: PublicState) -> dict[str, object]:
        """新1V1's facts (001 lines 103-104: the next general comes on at a death, the
        third death loses): each seat's generals still to come on (this one included),
        fallen, and waiting face down. A death takes the general off the seat's list."""
        per_seat = self.generals_per_seat
        return {
            "generals_left": {str(s.seat): len(s.generals) if s.alive else 0 for s in state.seats},
            "generals_fallen": {
                str(s.seat): per_seat - len(s.generals) + (0 if s.alive else 1) if s.generals else 0
                for s in state.seats
            },
            "reserves": {str(s.seat): len(s.hidden) for s in state.seats},
        }


class TwoVsTwo(Mode):
    """2V2: loyalists (seats 1 and 4) against rebels (seats 2 and 3).

    Seat 1 starts and draws one fewer in its first draw phase; seat 4 starts
    with five cards. When a general dies, its teammate draws one card.
    """

    name = "2v2"
    title = "2V2模式"
    min_players = max_players = 4

    def fixed_roles(self, players: int) -> dict[int, Role]:
        return {1: Y, 2: R, 3: R, 4: Y}

    def role_table(self, players: int, variant: str) -> Counter[Role]:
        return Counter({Y: 2, R: 2})

    def starting_hand_of(self, state: PublicState, seat: int) -> int:
        return 5 if seat == 4 else 4

    def draw_count(self, state: PublicState, seat: int) -> int:
        return 1 if state.turn.number == 1 else 2

    def death_effects(self, state: PublicState, dead: int, killer: int | None) -> DeathEffects:
        role = state.seat(dead).role
        mates = [s.seat for s in state.seats if s.alive and s.role is role and s.seat != dead]
        return DeathEffects(draws=tuple((m, 1) for m in mates))

    def winner(self, state: PublicState) -> str | None:
        for side in (Y, R):
            if not any(s.alive and s.role is side for s in state.seats):
                return "rebel" if side is Y else "loyalist"
        return None

    def sides(self) -> tuple[str, ...]:
        return ("loyalist", "rebel", "draw")


# 3v3 seats around the table (rules 001): cold vanguard A, cold marshal, cold
# vanguard B, warm vanguard B, warm marshal, warm vanguard A. The warm side
# plays the lord (marshal) and loyalists, the cold side the renegade
# (marshal) and rebels.
WARM_MARSHAL, COLD_MARSHAL = 5, 2
WARM_SEATS = (4, 5, 6)
# Each side's seats: its 主帅, then its 前锋s A and B (the order they act in when the
# 前锋s are chosen).
SIDE_SEATS = {"warm": (5, 6, 4), "cold": (2, 1, 3)}
# Seat.marks: the seat's identity card turned sideways (身份牌橫置): it has acted this
# round; and on a 主帅, the side's choice for its next action (1 the 主帅, 2 the 前锋s).
ACTED, ACTION = "acted", "action"
LEADER, FORWARDS = "leader", "forwards"


class ThreeVsThree(Mode):
    """3V3 (rules 001 lines 133-150): the warm side (seats 4-6, its 主帅 in 5) against
    the cold (1-3, its 主帅 in 2); a 主帅's death decides (line 146), a kill draws two.

    The time limit (line 146: 40 minutes and 5 more) is the table's: the engine keeps
    no clock. When it is up the table enters ``end warm``, ``end cold`` or ``end draw``,
    accepted (``Mode.may_concede``) when line 148's order gives that result: the side
    with more generals alive wins; as many alive, the side that lost less HP (each
    general's max HP less its HP, the dead's counted whole); level on both, a draw
    (line 148 decides nothing then). Refused otherwise, with the counts. Line 148's
    "當雙方身份牌都橫置" (both sides have acted this round) is the table's to wait for.

    Who acts (line 145): the side taking the action has its 主帅 choose whether he
    acts (one turn) or its 前锋s do (each living one, A then B, before the action
    passes): ``choose SEAT leader|forwards``, asked when the turn before ends and both
    may still act this round. A seat acts once a round: its identity card turns
    sideways (身份牌橫置, the mark ``acted``); when every living seat's has, a new
    round begins and they all turn back. A side left with nothing to act this round
    leaves the action to the other, which acts again. The first turn is a 主帅's
    (line 144: 第一回合由主帥先行動), the warm one's (the cold one's with the variant
    ``cold_first``). The choice waits as the mark ``action`` on the 主帅 (1 himself,
    2 the 前锋s) until his side's turn starts.
    """

    name = "3v3"
    title = "3V3模式"
    min_players = max_players = 6
    variants = ("", "cold_first")

    def fixed_roles(self, players: int) -> dict[int, Role]:
        return {1: R, 2: N, 3: R, 4: Y, 5: L, 6: Y}

    def role_table(self, players: int, variant: str) -> Counter[Role]:
        return Counter({L: 1, Y: 2, N: 1, R: 2})

    def side(self, state: PublicState, seat: int) -> str | None:
        return "warm" if seat >= 4 else "cold"

    def max_hp(self, state: PublicState, seat: Seat, generals: tuple[General, ...]) -> int:
        return generals[0].max_hp

    def first_seat(self, state: PublicState) -> int:
        return COLD_MARSHAL if state.variant == "cold_first" else WARM_MARSHAL

    def next_seat(self, state: PublicState, current: int) -> int:
        mate = _forward_mate(state, current)
        if mate is not None:  # 前锋s chosen: the other one acts before the action passes
            return mate
        side, fresh = _action_to(state, current)
        seats = _to_act(state, side, fresh)
        if not seats:
            return current
        marshal = SIDE_SEATS[side][0]
        forwards = [n for n in seats if n != marshal]
        if forwards and state.seat(marshal).mark(ACTION) == 2:
            return forwards[0]
        return seats[0]  # unchosen: the 主帅 if he may still act, else the 前锋s

    def turn_choice(
        self, state: PublicState, ended: int
    ) -> tuple[int, Text, tuple[str, ...]] | None:
        """001 line 145: the side taking the action chooses when both its 主帅 and a
        前锋 may still act this round."""
        if _forward_mate(state, ended) is not None:
            return None
        side, fresh = _action_to(state, ended)
        marshal = SIDE_SEATS[side][0]
        seats = _to_act(state, side, fresh)
        if marshal not in seats or len(seats) < 2 or state.seat(marshal).mark(ACTION):
            return None
        # TRANSLATORS: 3v3 (rules 001 line 145): the 主帅 chooses: he acts, or the 前锋s do
        reason = say(
            "seat {seat}, the marshal, chooses who acts: the marshal or the vanguards", seat=marshal
        )
        return marshal, reason, (LEADER, FORWARDS)

    def turn_chosen(
        self, state: PublicState, seat: int, option: str
    ) -> tuple[tuple[int, str, int], ...]:
        return ((seat, ACTION, 1 if option == LEADER else 2),)

    def turn_marks(self, state: PublicState, seat: int) -> tuple[tuple[int, str, int], ...]:
        """The seat's identity card turns sideways; when every living seat's had, a new
        round: the others' turn back (001 line 148: 當雙方身份牌都橫置)."""
        living = [s for s in state.seats if s.alive]
        marks = []
        if all(s.mark(ACTED) for s in living):
            marks = [(s.seat, ACTED, 0) for s in living if s.seat != seat]
        marks.append((seat, ACTED, 1))
        marshal = SIDE_SEATS[self.side(state, seat) or "warm"][0]
        if state.seat(marshal).mark(ACTION):
            marks.append((marshal, ACTION, 0))  # the choice is spent
        return tuple(marks)

    def death_effects(self, state: PublicState, dead: int, killer: int | None) -> DeathEffects:
        if killer is None or killer == dead or not state.seat(killer).alive:
            return DeathEffects()
        return DeathEffects(draws=((killer, 2),))

    def winner(self, state: PublicState) -> str | None:
        if not state.seat(WARM_MARSHAL).alive:
            return "cold"
        if not state.seat(COLD_MARSHAL).alive:
            return "warm"
        return None

    def sides(self) -> tuple[str, ...]:
        return ("warm", "cold", "draw")

    def may_concede(self, state: PublicState, winner: str) -> bool:
        return winner == _at_time_limit(state)

    def facts(self, state: PublicState) -> dict[str, object]:
        """Each seat's side, each side's 主帅, and the seats that have acted this round."""
        return {
            "sides": {str(s.seat): self.side(state, s.seat) for s in state.seats},
            "marshals": {side: seats[0] for side, seats in SIDE_SEATS.items()},
            "acted": [s.seat for s in state.seats if s.mark(ACTED)],
        }

    def concede_refused(self, state: PublicState, winner: str) -> Text:
        (warm_alive, warm_lost), (cold_alive, cold_lost) = (
            _standing(state, WARM),
            _standing(state, COLD),
        )
        # TRANSLATORS: 3v3's time limit (rules 001 line 148); warm 暖色方, cold 冷色方
        return say(
            "{mode}: at the time limit the side with more generals alive wins, then the side"
            " that lost less HP (warm: {warm_alive} alive, {warm_lost} HP lost; cold:"
            " {cold_alive} alive, {cold_lost} HP lost)",
            mode=self,
            warm_alive=warm_alive,
            warm_lost=warm_lost,
            cold_alive=cold_alive,
            cold_lost=cold_lost,
        )


WARM, COLD = "warm", "cold"


def _to_act(state: PublicState, side: str, fresh: bool) -> list[int]:
    """The side's living seats that may still act this round (all, a new round: fresh)."""
    return [
        n
        for n in SIDE_SEATS[side]
        if state.seat(n).alive and (fresh or not state.seat(n).mark(ACTED))
    ]


def _forward_mate(state: PublicState, current: int) -> int | None:
    """The other 前锋 of ``current``'s side when ``current`` is a 前锋 and the other may
    still act: the 前锋s' turns go on before the action passes (001 line 145)."""
    side = WARM if current in SIDE_SEATS[WARM] else COLD
    forwards = SIDE_SEATS[side][1:]
    if current not in forwards:
        return None
    mate = state.seat(forwards[1] if current == forwards[0] else forwards[0])
    return mate.seat if mate.alive and not mate.mark(ACTED) else None


def _action_to(state: PublicState, ended: int) -> tuple[str, bool]:
    """The side taking the action after ``ended``'s turn, and whether a new round
    begins: the other side, or this one again when the other has acted all it may."""
    side = WARM if ended in SIDE_SEATS[WARM] else COLD
    other = COLD if side == WARM else WARM
    if _to_act(state, other, False):
        return other, False
    if _to_act(state, side, False):
        return side, False
    return other, True


def _standing(state: PublicState, side: str) -> tuple[int, int]:
    """A 3v3 side's generals alive and HP lost (001 line 148's two counts)."""
    seats = [s for s in state.seats if (s.seat >= WARM_SEATS[0]) == (side == WARM)]
    return sum(s.alive for s in seats), sum(s.max_hp - max(s.hp, 0) for s in seats)


def _at_time_limit(state: PublicState) -> str:
    """001 line 148: more generals alive, then less HP lost; level on both, a draw."""
    (warm_alive, warm_lost), (cold_alive, cold_lost) = (
        _standing(state, WARM),
        _standing(state, COLD),
    )
    if warm_alive != cold_alive:
        return WARM if warm_alive > cold_alive else COLD
    if warm_lost != cold_lost:
        return WARM if warm_lost < cold_lost else COLD
    return "draw"
