"""血战到底: 2v2 where generals come back and points win (rules 001, lines 177-179,
the 血戰到底模式 section):

    該模式特點是武將不會真正意義上死亡,與2V2模式相同,但修改與增加了一些規則。
    當本方武將對敵方武將造成傷害後,該武將得一分。武將死亡時,隊友將得到該武將一半分數
    (向下取整),若該傷害來源是對方武將,則該武將得到另一半分數,同時武將在一定回合後可以
    復活繼續戰鬥。率先得到12分的一方獲勝。

與2V2模式相同: everything 2v2 says (``engine/modes/duels.py``) that 001 does not
change here: loyalists in seats 1 and 4 against rebels in 2 and 3; seat 1
starts and draws one fewer in the first draw phase; seat 4 starts with five
cards; when a general dies, its teammate draws one. What changes, and the
engine's decisions:

- A point for each damage a general deals to an enemy general: per damage,
  not per point of damage (001: 造成傷害後,該武將得一分: one "after dealing
  damage" moment, one point, whatever the amount). Damage with no source, or
  to a teammate or oneself, scores nothing. The points are the seat's mark
  ``score`` (Seat.marks).
- A death: the teammate gets half the dead general's points, rounded down;
  the source, if an enemy, the other half (rounded up: the points are split,
  none lost); with no enemy source the other half is lost. The dead general's
  own points go to 0.
- 一定回合後可以復活: 001 gives no number. The dead general comes back at its
  own place in the turn order once more turns than there are seats (four)
  have begun since the turn it died in (the mark ``died_at``): it misses its
  next turn and plays the one after, at full HP with a new starting hand of
  four. While dead, its seat is passed over.
- 率先得到12分的一方獲勝: a side wins as soon as its two generals' points add
  up to 12 (checked after every point scored). There is no victory by deaths:
  generals 不會真正意義上死亡.
"""

from __future__ import annotations

from engine.modes.base import DeathEffects
from engine.modes.duels import TwoVsTwo
from engine.state import PublicState, Role

Y, R = Role.LOYALIST, Role.REBEL

SCORE, DIED_AT = "score", "died_at"  # Seat.marks
TARGET = 12  # 率先得到12分的一方獲勝
SIDES = {Y: "loyalist", R: "rebel"}


class Xuezhan(TwoVsTwo):
    name = "xuezhan"
    title = "血战到底"

    def damage_marks(
        self, state: PublicState, target: int, amount: int, source: int | None
    ) -> tuple[tuple[int, str, int], ...]:
        if source is None or source == target:
            return ()
        by = state.seat(source)
        if by.role is None or by.role is state.seat(target).role:
            return ()
        return ((source, SCORE, by.mark(SCORE) + 1),)

    def death_effects(self, state: PublicState, dead: int, killer: int | None) -> DeathEffects:
        base = super().death_effects(state, dead, killer)  # 2v2: the teammate draws one
        victim = state.seat(dead)
        points = victim.mark(SCORE)
        marks: list[tuple[int, str, int]] = [(dead, SCORE, 0), (dead, DIED_AT, state.turn.number)]
        mate = next((s for s in state.seats if s.role is victim.role and s.seat != dead), None)
        if mate is not None and points // 2:
            marks.append((mate.seat, SCORE, mate.mark(SCORE) + points // 2))
        enemy = killer is not None and state.seat(killer).role not in (None, victim.role)
        if enemy and killer is not None and points - points // 2:
            marks.append((killer, SCORE, state.seat(killer).mark(SCORE) + points - points // 2))
        return DeathEffects(draws=base.draws, marks=tuple(marks))

    def next_seat(self, state: PublicState, current: int) -> int:
        seat = current
        for _ in range(state.players):
            seat = seat % state.players + 1
            s = state.seat(seat)
            if s.alive or self.revives(state, seat):
                return seat
        return current

    def revives(self, state: PublicState, seat: int) -> bool:
        s = state.seat(seat)
        died = s.mark(DIED_AT)
        return not s.alive and bool(died) and state.turn.number + 1 - died > state.players

    def scores(self, state: PublicState) -> dict[str, int]:
        out = {"loyalist": 0, "rebel": 0}
        for s in state.seats:
            if s.role in SIDES:
                out[SIDES[s.role]] += s.mark(SCORE)
        return out

    def winner(self, state: PublicState) -> str | None:
        for side, points in self.scores(state).items():
            if points >= TARGET:
                return side
        return None

    def facts(self, state: PublicState) -> dict[str, object]:
        return {
            "scores": {str(s.seat): s.mark(SCORE) for s in state.seats},
            "side_scores": self.scores(state),
            "target": TARGET,
            "returning": {
                str(s.seat): s.mark(DIED_AT) + state.players + 1
                for s in state.seats
                if not s.alive and s.mark(DIED_AT)
            },
        }
