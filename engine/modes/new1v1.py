"""新1V1模式 (new 1v1): two players, six generals each, three of them to play (rules 001
lines 109-131).

001 lines 116-122:

    "決定身份。兩人從主公、內奸兩張身份牌中各抽取一張身份牌,獲得內奸身份的玩家為先手。
    挑選武將。從所有武將中先每人隨機分配3張武將牌作為暗將,暗將對對方保密。然後從剩餘
    武將牌中隨機抽取6張,正面朝上亮出,由後手玩家開始,按照1221的順序選擇武將。
    決定順序。雙方各從自己所擁有的6張武將牌中選擇首發武將,同時正面朝上亮出。
    分發起始手牌。雙方各自從牌堆隨機抽取起始手牌,數量為各自的體力上限。
    遊戲開始。由先手玩家先開始自己的回合,且首回合摸牌階段摸牌數-1。後手玩家回合結束後,
    先手玩家回合開始,依次輪流直到遊戲結束。
    武將死亡。當某一角色的武將死亡時,若遊戲未結束,則立即棄置其裝備區、判定區內的牌和
    手牌,由該玩家選擇下一名登場武將,然後補滿體力值並摸四張牌。特別地,如果玩家在自己
    的回合內武將死亡,則其回合立即結束。
    遊戲結束。當某一角色的第三名登場武將死亡時,遊戲立即結束,對方獲勝。"

and its 特点 (lines 123-128): the dedicated deck adds 水淹七軍 ("對方選擇棄置所有裝備
或受到一點傷害"), and "取消馬和距離的概念".

How the engine reads it:

- **Seats and roles.** Seat 1 holds the 内奸 card and is 先手 (it plays first),
  seat 2 holds the 主公 card and is 后手. Both roles are public (the seating is
  decided by them).
- **The pick** (three 暗将 each, then six shown generals picked 1-2-2-1 from
  the 后手) is a table matter before the game: the record holds its result,
  one ``general`` move per seat naming its six generals, the starting general
  first. The other five wait face down as reserves (their skills work only
  once they come on, and none is turned face up before: ``reveal`` is
  refused, as 001 line 118 keeps the order secret); the engine does not
  tell the 暗将 from the shown picks, as nothing in the game depends on it.
- **Starting hands** are each seat's max HP (its starting general's).
- **The first turn** (先手's) draws one card fewer. 001 says "首回合": the
  game's first turn, not each player's first (后手 draws two in its own).
- **A death.** While the seat has generals to come on (three come on in
  all), its cards are discarded, then its player chooses the next general
  among the reserves (``choose SEAT GENERAL``), who comes on at full HP and
  draws four. A death in the seat's own turn ends that turn: the settlement
  under way finishes (it is the dead general's card or phase), then the next
  turn starts; 001 says "立即結束" and a demanding player would not let the
  newcomer act in a turn his predecessor began.
- **The end.** The third general to die loses the game for his seat; the
  other side wins (``renegade`` when seat 1 survives, ``lord`` when seat 2
  does).
- **No horses, no distance.** The deck (package ``new1v1``, cards 161-212)
  has no horse, and the mode is played with that deck alone, so no horse
  can be equipped; with two players every distance is 1 (马术's -1 never goes
  below 1), which is what "no distance" means at a table of two. Weapons
  still give their range (a range of 1 or more reaches distance 1).
- **过河拆桥** (001 line 125: its user may look at the hand and choose the
  card) changes nothing the engine sees: a hand card it discards is named
  when the table sees it, as ever.
"""

from __future__ import annotations

from collections import Counter

from engine.modes.base import Mode
from engine.state import PublicState, Role

L, N = Role.LORD, Role.RENEGADE

FIRST, SECOND = 1, 2  # 先手 (内奸) and 后手 (主公)
GENERALS = 6  # three 暗将 and three picked from the six shown
LIVES = 3  # 當某一角色的第三名登場武將死亡時,遊戲立即結束


class NewOneVsOne(Mode):
    name = "new1v1"
    title = "新1V1模式"
    min_players = max_players = 2
    generals_per_seat = GENERALS
    reserves = True
    default_packages = ("new1v1",)
    own_deck = True
    exclusive_packages = ("new1v1",)
    lives = LIVES
    chooses_successor = True
    death_ends_turn = True
    reveal_at_will = False

    def fixed_roles(self, players: int) -> dict[int, Role]:
        return {FIRST: N, SECOND: L}

    def role_table(self, players: int, variant: str) -> Counter[Role]:
        return Counter({L: 1, N: 1})

    def first_seat(self, state: PublicState) -> int:
        return FIRST

    def starting_hand_of(self, state: PublicState, seat: int) -> int:
        return state.seat(seat).max_hp

    def draw_count(self, state: PublicState, seat: int) -> int:
        return 1 if state.turn.number == 1 else 2

    def replacement(self, state: PublicState, dead: int) -> bool:
        return state.seat(dead).lives > 1

    def winner(self, state: PublicState) -> str | None:
        if not state.seat(FIRST).alive:
            return "lord"
        if not state.seat(SECOND).alive:
            return "renegade"
        return None

    first_and_second = ("renegade", "lord")  # 內奸為先手

    def sides(self) -> tuple[str, ...]:
        return ("lord", "renegade", "draw")

    def facts(self, state: PublicState) -> dict[str, object]:
        """Each seat's generals still to come on (this one included) and fallen."""
        return {
            "generals_left": {str(s.seat): s.lives if s.alive else 0 for s in state.seats},
            "generals_fallen": {
                str(s.seat): LIVES - s.lives + (0 if s.alive else 1) for s in state.seats
            },
            "reserves": {str(s.seat): len(s.hidden) for s in state.seats},
        }
