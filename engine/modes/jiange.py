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

- The seats (數字代表行動順序): the seat numbers are 001's numbers, and they are
  the order of action: seat 1 魏机器人 (robot), 2 蜀机器人, 3 魏一号 (hero one),
  4 蜀一号, 5 魏英魂 (soul), 6 蜀英魂, 7 魏二号 (hero two), 8 蜀二号. The turns go
  1, 2, ..., 8 (the default next seat, dead seats passed over), the two sides
  taking turns in turn; so does everything else that goes in the order of
  action (下家 as the turn passes, 闪电 passing on, the order in which an AoE
  trick or 五谷丰登 settles from its user, the asks for 无懈可击 and for a 桃).
- Where they sit (座次與傳統對局稍有不同): the picture is read as the players
  sit: the table (桌子) between the two columns, 魏 down one side (1, 3, 5, 7),
  蜀 down the other (2, 4, 6, 8), facing each other; the robots 1 and 2 side
  by side at one end of the table, the heroes two 7 and 8 at the other. Going
  around the table: 1, 2, 4, 6, 8, 7, 5, 3 (and back to 1). Distances are
  counted around that ring (``Mode.ring``), the dead left out as always: seat
  1's neighbours are 2 and 3, seat 4's are 2 and 6, seat 1 and seat 8 are 4
  apart (halfway around), 3 and 4 (facing each other) 3. 001 gives no
  distances; a demanding player measures them where the people sit, as the
  基本原则 count seats between players.
- 只能選魏或蜀: a 魏 seat (odd) takes a 魏 general and a 蜀 seat (even) a 蜀 general.
- Robots and souls (英魂和機械人…後來則由人類控制) are people at the table here,
  with ordinary generals; a robot seat (1 and 2) has the mode skill 〖机械〗:
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
ROBOTS = (1, 2)
# Seat -> (side, title): 001's numbers, which are the order of action.
SEATS: dict[int, tuple[str, str]] = {
    1: (WEI, "robot"),
    2: (SHU, "robot"),
    3: (WEI, "hero one"),
    4: (SHU, "hero one"),
    5: (WEI, "soul"),
    6: (SHU, "soul"),
    7: (WEI, "hero two"),
    8: (SHU, "hero two"),
}
ORDER = (1, 2, 3, 4, 5, 6, 7, 8)  # 數字代表行動順序
# Where the seats sit, going around the table (the picture: 魏 down one side, 蜀
# down the other, 1 and 2 at one end, 7 and 8 at the other).
RING = (1, 2, 4, 6, 8, 7, 5, 3)


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

    def ring(self, state: PublicState) -> tuple[int, ...] | None:
        """座次與傳統對局稍有不同: the seats around the table are not in the order of action."""
        return RING

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
            "ring": list(RING),
        }

    def sides(self) -> tuple[str, ...]:
        return (WEI, SHU, "draw")
