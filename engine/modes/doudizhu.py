"""斗地主: one landlord (地主) against two farmers (农民); three players (rules 001,
lines 183-186, the 鬥地主模式 section):

    一主對戰二反。禁用了特定武將,如神關羽。
    主公玩家增加一點體力上限,額外獲得技能〖飛揚〗:你可以棄置兩張牌來棄置你判定區
    的一張牌。〖跋扈〗:回合開始階段你額外摸一張牌,且你本回合可以出兩張殺。
    當有一名反賊陣亡時另一名反賊可以回復一點體力或摸兩張牌。任何角色殺死一名反賊
    後沒有獎懲無用之人,死!。

- Seats and roles (一主對戰二反): the landlord is the lord (Role.LORD), the
  farmers are rebels (Role.REBEL). Roles are public. 001 does not say how the
  landlord is chosen (the card game bids for it): the table seats the landlord
  in seat 1, the farmers in seats 2 and 3, so the roles follow from the seating.
- Turn order: 001 is silent; as in identity the lord (the landlord, seat 1)
  takes the first turn, then the seats in order.
- Starting hands: four each (001 names no change).
- The landlord: +1 max HP (主公玩家增加一點體力上限, at any player count, unlike
  identity's 5+), and the mode skills 〖飞扬〗 and 〖跋扈〗
  (``engine/data/mode_skills.toml``, rules in ``engine/skills/modes.py``):
  飞扬 is offered at the start of his judgement phase when his judgement zone
  holds a card and he has two cards to pay (001 gives no time; that is the last
  moment it matters, before the judgement); 跋扈 is compulsory: one card at the
  start of his turn, and two Sha in his play phase.
- 禁用了特定武將,如神關羽: no god general is in the standard catalogue; the table
  leaves banned generals out itself.
- When a farmer dies and the other lives, the survivor recovers 1 HP or draws
  two cards, his choice (``choose SEAT recover|draw``); at full HP, recovering
  is nothing, so he draws. Whoever killed the farmer gets nothing
  (沒有獎懲), and the landlord killing nobody's loyalist has nothing to lose.
- Victory: the landlord wins when both farmers are dead, the farmers when the
  landlord is (001's identity victory conditions for 主公 and 反賊); the winner
  is named ``landlord`` or ``farmers``.
"""

from __future__ import annotations

from collections import Counter

from engine.generals import General
from engine.modes.base import DeathEffects, Mode
from engine.state import PublicState, Role, Seat

L, R = Role.LORD, Role.REBEL

LANDLORD_SKILLS = ("feiyang", "bahu")
FARMER_REWARD = "farmer_reward"
LANDLORD, FARMERS = "landlord", "farmers"  # the sides, the winner's names


class Doudizhu(Mode):
    name = "doudizhu"
    title = "斗地主"
    min_players = max_players = 3
    # 001 line 184: 禁用了特定武將,如神關羽 (the one it names)
    banned_generals = frozenset({"shenguanyu"})

    def fixed_roles(self, players: int) -> dict[int, Role]:
        return {1: L, 2: R, 3: R}

    def role_table(self, players: int, variant: str) -> Counter[Role]:
        return Counter({L: 1, R: 2})

    def max_hp(self, state: PublicState, seat: Seat, generals: tuple[General, ...]) -> int:
        return generals[0].max_hp + (1 if seat.role is L else 0)

    def mode_skills(self, state: PublicState, seat: Seat) -> tuple[str, ...]:
        return LANDLORD_SKILLS if seat.role is L else ()

    def death_effects(self, state: PublicState, dead: int, killer: int | None) -> DeathEffects:
        if state.seat(dead).role is not R:
            return DeathEffects()
        mates = [s.seat for s in state.seats if s.alive and s.role is R and s.seat != dead]
        return DeathEffects(rewards=tuple((m, FARMER_REWARD) for m in mates))

    def winner(self, state: PublicState) -> str | None:
        if any(s.role is L and not s.alive for s in state.seats):
            return FARMERS
        if all(not s.alive for s in state.seats if s.role is R):
            return LANDLORD
        return None

    def side(self, state: PublicState, seat: int) -> str | None:
        role = state.seat(seat).role
        return LANDLORD if role is L else FARMERS if role is R else None

    def facts(self, state: PublicState) -> dict[str, object]:
        return {
            "landlord": next((s.seat for s in state.seats if s.role is L), None),
            "farmers": [s.seat for s in state.seats if s.role is R],
            "mode_skills": {
                str(s.seat): list(s.extra_skills) for s in state.seats if s.extra_skills
            },
        }

    def sides(self) -> tuple[str, ...]:
        return (LANDLORD, FARMERS, "draw")
