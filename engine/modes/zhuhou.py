"""诸侯伐董: two players (the coalition, 诸侯) against 董卓's side (rules 001, lines
187-195, the 諸侯伐董 section):

    遊戲人數:2 玩家 vs 3 AI(電腦) 特殊關卡為6名AI,其中1名AI(孫堅)為玩家隊友
    禁將:SP賈詡、SP步騭、SP靈雎、SP關羽、標袁術、左慈、黃皓、大喬、徐晃、韓浩史渙、華雄、
    孫堅,以及所有神武將
    勝利條件:擊敗關卡將領即可(可不擊殺士兵)
    投降規則:遊戲進行5分鐘後,若本方角色只剩1個,則可發起投降
    特殊規則:(1)該模式下玩家起始手牌數+1;(2)一名玩家死亡後,若傷害來源不是隊友,則隊友摸
    三張牌。

Played at a physical table, people sit in the computer's (AI) seats. The
engine's decisions where 001 is silent:

- Seats (2 玩家 vs 3 AI): five seats; the two players in seats 1 and 2, 董卓's
  side in seats 3-5 with the level's leader (关卡将领) in the middle, seat 4,
  between his two soldiers. The special level (variant ``special``, 6 AI):
  eight seats; the players in 1 and 2, their AI ally (孙坚 online) in seat 3,
  董卓's side in 4-8 with the leader in the middle, seat 6.
- Roles are public: the coalition are rebels (players and ally), the leader
  is the lord (his lord skills work, as a marshal's in 3v3), the soldiers
  loyalists. No one gets identity's +1 max HP.
- The first turn is seat 1's (a player's); then the seats in order.
- 玩家起始手牌數+1: the two players start with five cards; the AI seats
  (the ally included: he is not a player) with four.
- 一名玩家死亡後,若傷害來源不是隊友,則隊友摸三張牌: when a player (seat 1 or 2)
  dies and the killer is not on the coalition side (董卓's side, or no source
  at all), every living coalition seat draws three (the other player and, in
  the special level, the ally: 001 names 孫堅 the players' teammate). The
  ally's death is not a player's: nothing. No other death has a reward or a
  penalty (identity's are not the mode's).
- 禁將: of the standard generals, 大乔 (and any god general) cannot be taken.
  孙坚 is on the list too: online he is the ally's own general; a table
  that has him gives him to the ally seat, which the engine leaves to it.
- Victory: the coalition wins when the leader dies (可不擊殺士兵); 董卓's side
  when every coalition seat is dead.
- 投降規則: a side with one living seat may concede: ``end WINNER`` naming the
  other side is accepted then (the five minutes are the table's to judge).
- 體力限制 / 道具限制 (the online shop's daily energy and cards) have no table
  equivalent: left out.
"""

from __future__ import annotations

from collections import Counter

from engine.modes.base import DeathEffects, Mode
from engine.state import PublicState, Role
from engine.text import Text, say

L, Y, R = Role.LORD, Role.LOYALIST, Role.REBEL

SPECIAL = "special"
COALITION, DONGZHUO = "coalition", "dongzhuo"  # the sides, the winner's names
PLAYERS = (1, 2)
PLAYER_DRAW = 3  # 則隊友摸三張牌
# Seat -> role, per table size: 5 (2 vs 3) and 8 (the special level).
SEATING: dict[int, dict[int, Role]] = {
    5: {1: R, 2: R, 3: Y, 4: L, 5: Y},
    8: {1: R, 2: R, 3: R, 4: Y, 5: Y, 6: L, 7: Y, 8: Y},
}


class Zhuhou(Mode):
    name = "zhuhou"
    title = "诸侯伐董"
    min_players = 5
    max_players = 8
    variants = ("", SPECIAL)
    # 001's 禁將 of the generals this project knows: 左慈, 大乔, 徐晃, 孙坚, every 神 general
    banned_generals = frozenset({"zuoci", "daqiao", "xuhuang", "sunjian"})
    gods_banned = True

    def check_setup(self, players: int, variant: str) -> Text | None:
        problem = super().check_setup(players, variant)
        if problem is not None:
            return problem
        if players != (8 if variant == SPECIAL else 5):
            return say(
                "{mode}: 5 players (2 vs 3), or 8 in the special level (variant=special)",
                mode=self,
            )
        return None

    def fixed_roles(self, players: int) -> dict[int, Role]:
        return dict(SEATING.get(players, {}))

    def role_table(self, players: int, variant: str) -> Counter[Role]:
        return Counter(SEATING.get(players, {}).values())

    def starting_hand_of(self, state: PublicState, seat: int) -> int:
        return self.starting_hand + (1 if seat in PLAYERS else 0)

    def death_effects(self, state: PublicState, dead: int, killer: int | None) -> DeathEffects:
        if dead not in PLAYERS:
            return DeathEffects()
        if killer is not None and state.seat(killer).role is R:
            return DeathEffects()  # 若傷害來源不是隊友: a teammate's hand
        mates = [s.seat for s in state.seats if s.alive and s.role is R and s.seat != dead]
        return DeathEffects(draws=tuple((m, PLAYER_DRAW) for m in mates))

    def side(self, state: PublicState, seat: int) -> str | None:
        role = state.seat(seat).role
        return None if role is None else COALITION if role is R else DONGZHUO

    def winner(self, state: PublicState) -> str | None:
        if any(s.role is L and not s.alive for s in state.seats):
            return COALITION
        if not any(s.alive and s.role is R for s in state.seats):
            return DONGZHUO
        return None

    def may_concede(self, state: PublicState, winner: str) -> bool:
        """投降規則: the losing side has one living seat left."""
        losers = [s for s in state.seats if s.alive and self.side(state, s.seat) not in (winner,)]
        return winner in (COALITION, DONGZHUO) and len(losers) == 1

    def facts(self, state: PublicState) -> dict[str, object]:
        return {
            "leader": next((s.seat for s in state.seats if s.role is L), None),
            "players": list(PLAYERS),
            "ally": 3 if state.players == 8 else None,
            "coalition": [s.seat for s in state.seats if s.role is R],
            "dongzhuo": [s.seat for s in state.seats if s.role in (L, Y)],
        }

    def sides(self) -> tuple[str, ...]:
        return (COALITION, DONGZHUO, "draw")
