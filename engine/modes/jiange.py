"""守卫剑阁: eight seats, 魏 against 蜀 (rules 001, lines 168-176, the 守衛劍閣模式
section):

    遊戲為八人場,只能選魏或蜀,座次與傳統對局稍有不同。超過一小時雙方都失敗。數字代表
    行動順序
    1 魏机器人 2 蜀机器人
    3 魏一号 桌子 4蜀一号
    5 魏英魂 6蜀英魂
    7 魏二号 8 蜀二号
    【樂不思蜀】對所有機械人無效。
    英魂和機械人在早期版本中由電腦控制,後來則由人類控制。

- The seats (座次與傳統對局稍有不同; 數字代表行動順序): 001's numbers are the order
  of action, not the seating. Its picture sits the four 魏 down one side of the
  table (桌子) and the four 蜀 down the other, facing each other. The engine
  numbers seats around the table, as in every mode (distances follow the
  seating): seat 1 魏机器人 (robot), 2 魏一号 (hero one), 3 魏英魂 (soul),
  4 魏二号 (hero two), then across the foot of the table 5 蜀二号, 6 蜀英魂,
  7 蜀一号, 8 蜀机器人, whose neighbour across the head of the table is seat 1.
  The turns go in 001's numbers: seats 1, 8, 2, 7, 3, 6, 4, 5 (each side in
  turn, robots first), dead seats passed over.
- 只能選魏或蜀: a 魏 seat takes a 魏 general and a 蜀 seat a 蜀 general.
- Robots and souls (英魂和機械人…後來則由人類控制) are people at the table here,
  with ordinary generals; a robot seat has the mode skill 〖机械〗:
  【樂不思蜀】對所有機械人無效: he cannot be the target of 乐不思蜀.
- Roles: none; the sides are the kingdoms: the winner is ``wei`` or ``shu``.
- Victory: 001 names none but the time limit; a side wins when every seat of
  the other side is dead. No reward or penalty for a kill (001 names none).
- 超過一小時雙方都失敗: the table keeps the time; it enters ``end draw`` (a draw,
  which wins for nobody), accepted at any moment of this mode
  (``Mode.may_concede``); the table script writes it ``enter end draw``.
- 早期版本中人類玩家全滅五分鐘後不分勝負則蜀勝: the early versions' rule for
  computer-played robots and souls: left out, as people play every seat.
"""

from __future__ import annotations

from engine.generals import General, Kingdom
from engine.modes.base import Mode
from engine.state import PublicState, Seat
from engine.text import Text, say

WEI, SHU = "wei", "shu"
ROBOTS = (1, 8)
# Seat -> (side, title) around the table.
SEATS: dict[int, tuple[str, str]] = {
    1: (WEI, "robot"),
    2: (WEI, "hero one"),
    3: (WEI, "soul"),
    4: (WEI, "hero two"),
    5: (SHU, "hero two"),
    6: (SHU, "soul"),
    7: (SHU, "hero one"),
    8: (SHU, "robot"),
}
ORDER = (1, 8, 2, 7, 3, 6, 4, 5)  # 001's 數字代表行動順序, in seats


class Jiange(Mode):
    name = "jiange"
    title = "守卫剑阁"
    min_players = max_players = 8

    def check_general(
        self, state: PublicState, seat: int, generals: tuple[General, ...]
    ) -> Text | None:
        side = SEATS[seat][0]
        if any(g.kingdom.value != side for g in generals):
            return say(
                "{mode}: seat {seat} takes a general of {kingdom}",
                mode=self,
                seat=seat,
                kingdom=Kingdom(side),
            )
        return None

    def mode_skills(self, state: PublicState, seat: Seat) -> tuple[str, ...]:
        return ("jixie",) if seat.seat in ROBOTS else ()

    def side(self, state: PublicState, seat: int) -> str | None:
        return SEATS[seat][0]

    def next_seat(self, state: PublicState, current: int) -> int:
        index = ORDER.index(current)
        for step in range(1, len(ORDER) + 1):
            candidate = ORDER[(index + step) % len(ORDER)]
            if state.seat(candidate).alive:
                return candidate
        return current

    def winner(self, state: PublicState) -> str | None:
        for side, other in ((WEI, SHU), (SHU, WEI)):
            if not any(s.alive for s in state.seats if SEATS[s.seat][0] == side):
                return other
        return None

    def may_concede(self, state: PublicState, winner: str) -> bool:
        """超過一小時雙方都失敗: the table ends the game as a draw when its hour is up."""
        return winner == "draw"

    def facts(self, state: PublicState) -> dict[str, object]:
        return {
            "sides": {str(n): side for n, (side, _) in SEATS.items()},
            "titles": {str(n): title for n, (_, title) in SEATS.items()},
            "robots": list(ROBOTS),
            "action_order": list(ORDER),
        }

    def sides(self) -> tuple[str, ...]:
        return (WEI, SHU, "draw")
