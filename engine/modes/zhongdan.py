"""忠胆英杰: identity with a loyalist shown in the lord's place and the lord hidden
(rules 001, lines 180-182, the 忠膽英傑模式 section):

    這個模式的特點是開局亮出的是忠臣(享受加血,主公不能使用主公技)。該忠臣死亡後亮出
    主公。任何角色殺死明置的忠臣(暗置的主公除外),立刻摸三張牌。暗主殺暗忠不用棄牌
    (以防暴露)。

Everything 001 does not change is identity's (``engine/modes/identity.py``):
the role table for 4-10 players, rebels' and renegades' victory, three cards
for killing a rebel. What the table knows, and when:

- Setup: roles are dealt face down as in identity; one loyalist shows his
  role (``role N loyalist``, before the generals, where identity's lord shows
  his). The engine marks that seat ``shown`` (Seat.marks) for the rest of the
  game. He takes the lord's place: the lord's bonus, +1 max HP (享受加血), at
  5 players or more as identity's lord has it (001 line 83: "5人或以上遊戲時,
  主公的體力上限+1": at 4 there is no bonus for him to enjoy), and the first
  turn (identity's lord starts). The lord stays hidden: nobody, the engine
  included, knows him.
- The lord's lord skills do not work (主公不能使用主公技), hidden or revealed, for
  the whole game: hidden, the engine does not know him (lord skills work for a
  seat known to be the lord only); revealed, he is marked ``no_lord_skills``
  (``Mode.lord_skills``), and a lord skill tapped is refused with that reason.
  He has no +1 max HP, then or later (the bonus is the shown loyalist's).
- 該忠臣死亡後亮出主公: when the shown loyalist dies, his death waits for the
  lord to reveal himself (``role N lord``) before anything else settles; not
  before (``role N lord`` is refused while that loyalist lives), save at his
  own death or the end of the game.
- 任何角色殺死明置的忠臣(暗置的主公除外),立刻摸三張牌: whoever kills the shown
  loyalist draws three, unless it is the lord, who was hidden when he killed
  (he is revealed before the reward is settled, so the engine knows).
- 暗主殺暗忠不用棄牌: a loyalist killed by the lord while the lord is hidden costs
  the lord nothing (he is not known to be the lord: the engine cannot tell him
  apart from anyone). Identity's penalty stands where 001 makes no exception:
  the lord, once revealed, discards everything for killing a loyalist, and so
  does the hidden lord who kills the *shown* loyalist (that kill reveals him
  at once: there is no exposure left to spare him; he draws nothing either).
- Victory (identity's): the lord side wins when every rebel and renegade is
  dead, the lord hidden or not; the lord's death (his role revealed as he
  dies) ends the game for the rebels or the renegade.
"""

from __future__ import annotations

from collections import Counter

from engine.generals import General
from engine.modes.base import DeathEffects, Mode, NeedRole
from engine.modes.identity import ROLE_TABLE, _after_the_lord
from engine.state import PublicState, Role, Seat

L, Y, R, N = Role.LORD, Role.LOYALIST, Role.REBEL, Role.RENEGADE

SHOWN = "shown"  # the Seat.marks name of the shown loyalist (engine.rules.SHOWN)
LORD_BONUS_PLAYERS = 5  # 001 line 83: 5人或以上遊戲時,主公的體力上限+1
SHOWN_KILL_DRAW = 3  # 任何角色殺死明置的忠臣…立刻摸三張牌
SIDES = {L: "lord", Y: "lord", R: "rebel", N: "renegade"}


class Zhongdan(Mode):
    name = "zhongdan"
    title = "忠胆英杰"
    min_players = 4
    max_players = 10
    roles_hidden = True
    gods_choose_kingdom = True
    shown_role = Y
    lord_skills = False

    def role_table(self, players: int, variant: str) -> Counter[Role]:
        loyal, rebel, renegade = ROLE_TABLE[players, ""]
        return Counter({L: 1, Y: loyal, R: rebel, N: renegade})

    def max_hp(self, state: PublicState, seat: Seat, generals: tuple[General, ...]) -> int:
        bonus = seat.mark(SHOWN) and state.players >= LORD_BONUS_PLAYERS
        return generals[0].max_hp + (1 if bonus else 0)

    def first_seat(self, state: PublicState) -> int:
        return _shown(state) or 1

    def reveal_after_death(self, state: PublicState, dead: int) -> Role | None:
        if state.seat(dead).mark(SHOWN) and not any(s.role is L for s in state.seats):
            return L
        return None

    def death_effects(self, state: PublicState, dead: int, killer: int | None) -> DeathEffects:
        if killer is None or killer == dead or not state.seat(killer).alive:
            return DeathEffects()
        victim, by = state.seat(dead), state.seat(killer)
        if victim.role is R:
            return DeathEffects(draws=((killer, 3),))
        if victim.role is Y and by.role is L:
            return DeathEffects(discard_all=(killer,))
        if victim.mark(SHOWN):
            return DeathEffects(draws=((killer, SHOWN_KILL_DRAW),))
        return DeathEffects()

    def side(self, state: PublicState, seat: int) -> str | None:
        role = state.seat(seat).role
        return SIDES.get(role) if role is not None else None

    def winner(self, state: PublicState) -> str | NeedRole | None:
        lord = next((s for s in state.seats if s.role is L), None)
        if lord is not None and not lord.alive:
            return _after_the_lord(state, 0)
        table = self.role_table(state.players, state.variant)
        dead = Counter(s.role for s in state.seats if not s.alive)
        if dead[R] >= table[R] and dead[N] >= table[N]:
            return "lord"
        return None

    def facts(self, state: PublicState) -> dict[str, object]:
        lord = next((s.seat for s in state.seats if s.role is L), None)
        return {"shown_loyalist": _shown(state), "lord": lord, "lord_revealed": lord is not None}

    def sides(self) -> tuple[str, ...]:
        return ("lord", "rebel", "renegade", "draw")


def _shown(state: PublicState) -> int | None:
    return next((s.seat for s in state.seats if s.mark(SHOWN)), None)
