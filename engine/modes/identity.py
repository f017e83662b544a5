"""身份模式: lord, loyalists, rebels and renegades; 4 to 10 players (rules 001).

Variants:

``two_renegades``
    The 6- and 8-player tables with two renegades (rules 001, the role
    table: ``6 | 1 | 1 | 3/2 | 1/2`` and ``8 | 1 | 2 | 4/3 | 1/2``).

``international`` (国际版, rules 001 lines 88-90)
    "國際版有平民身份(取代另一個內奸),任何人殺死平民摸兩張牌。平民只要存活到遊戲
    結束即為勝利(內奸獲勝不必殺死平民)。如洗牌次數達到遊戲人數時遊戲強制結束,
    主公勝利。"

    - A civilian (平民) replaces the *other* renegade. The document names no
      player counts, so the variant applies to every table of the role table
      with two renegades: 6 and 8 players (their two-renegade rows) and 10.
    - Whoever kills a civilian draws two cards.
    - A civilian wins by being alive when the game ends, beside the winning
      side (a draw wins for nobody). ``winner`` stays the winning side's name;
      :func:`co_winners` lists the civilians who share the win.
    - The renegade need not kill the civilian: when the lord dies and the
      only other seats alive are civilians, the renegade wins.
    - The lord side does not need the civilian dead either: it wins when all
      rebels and renegades are dead (001's 主公 row, unchanged).
    - When the discard pile has been shuffled into the draw pile as many
      times as there are players, the game ends at once and the lord side
      wins (:meth:`Identity.shuffle_end`).

``qunxiong`` (群雄演义, rules 003, its 身份模式; any table of 4-10, the role table of
001): where 003 differs from 001, each a rule of this variant:

    - line 31: "*主公体力上限+1", at every table size (001 line 83: only "5人或
      以上"): a lord of a 4-player table has one more max HP too.
    - line 93: "如果杀死忠臣的是主公,那么主公必须立即弃掉全部手牌": the hand
      alone (001 line 86: "主公棄置其當前所有牌", equipment too).
    - line 126: "其余角色与自己身份相同的角色为同一阵营" and line 116: "当一个身份
      获得胜利时,其他相同身份的人也获胜": the two renegades of a 10-player table
      are one side (001 line 77 says the opposite). When the lord dies and only
      renegades are left, the renegades win, and both win, dead or alive; with
      anyone else left, the rebels (line 112).
    - What 003 says like 001 (反贼's killer draws 3, line 91; no source for a
      delayed trick's damage, line 95) is the standard rule. Its discard phase
      (line 73, "弃置至与体力上限相同") is read as the hand limit its first half
      names: a slip of the pen, not a rule.
"""

from __future__ import annotations

from collections import Counter

from engine.generals import General
from engine.modes.base import DeathEffects, Mode, NeedRole
from engine.state import PublicState, Role, Seat
from engine.text import Text, say

L, Y, R, N, C = Role.LORD, Role.LOYALIST, Role.REBEL, Role.RENEGADE, Role.CIVILIAN

INTERNATIONAL = "international"
QUNXIONG = "qunxiong"  # 群雄演义 (rules 003)

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

# 国际版: the tables with two renegades, where a civilian replaces the second.
INTERNATIONAL_BASE: dict[int, str] = {6: "two_renegades", 8: "two_renegades", 10: ""}

CIVILIAN_KILL_DRAW = 2  # 任何人殺死平民摸兩張牌


class Identity(Mode):
    name = "identity"
    title = "身份模式"
    min_players = 4
    max_players = 10
    variants = ("", "two_renegades", INTERNATIONAL, QUNXIONG)
    roles_hidden = True
    gods_choose_kingdom = True

    def check_setup(self, players: int, variant: str) -> Text | None:
        problem = super().check_setup(players, variant)
        if problem is not None:
            return problem
        if variant == INTERNATIONAL:
            if players not in INTERNATIONAL_BASE:
                return say(
                    "identity with {players} players: international needs 6, 8, 10",
                    players=players,
                )
        elif variant != QUNXIONG and (players, variant) not in ROLE_TABLE:
            return say(
                "identity with {players} players has no variant {variant} (only 6 and 8 do)",
                players=players,
                variant=repr(variant),
            )
        return None

    def role_table(self, players: int, variant: str) -> Counter[Role]:
        if variant == INTERNATIONAL:
            loyal, rebel, renegade = ROLE_TABLE[players, INTERNATIONAL_BASE[players]]
            return Counter({L: 1, Y: loyal, R: rebel, N: renegade - 1, C: 1})
        loyal, rebel, renegade = ROLE_TABLE[players, "" if variant == QUNXIONG else variant]
        return Counter({L: 1, Y: loyal, R: rebel, N: renegade})

    def max_hp(self, state: PublicState, seat: Seat, generals: tuple[General, ...]) -> int:
        bonus = 1 if seat.role is L and (state.players >= 5 or state.variant == QUNXIONG) else 0
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
        if role is C:
            return DeathEffects(draws=((killer, CIVILIAN_KILL_DRAW),))
        if role is Y and state.seat(killer).role is L:
            if state.variant == QUNXIONG:  # 003: 弃掉全部手牌, the hand alone
                return DeathEffects(discard_hand=(killer,))
            return DeathEffects(discard_all=(killer,))
        return DeathEffects()

    def shuffle_end(self, state: PublicState) -> tuple[int, str] | None:
        """国际版: 如洗牌次數達到遊戲人數時遊戲強制結束,主公勝利。"""
        return (state.players, "lord") if state.variant == INTERNATIONAL else None

    def winner(self, state: PublicState) -> str | NeedRole | None:
        lord = next((s for s in state.seats if s.role is L), None)
        if lord is None:
            return None
        if not lord.alive:
            if state.variant == QUNXIONG:
                return _renegades_or_rebels(state)
            return _after_the_lord(state, self.role_table(state.players, state.variant)[C])
        table = self.role_table(state.players, state.variant)
        dead = Counter(s.role for s in state.seats if not s.alive)
        if dead[R] >= table[R] and dead[N] >= table[N]:
            return "lord"
        end = self.shuffle_end(state)
        if end is not None and state.shuffles >= end[0]:
            return end[1]
        return None

    def co_winners(self, state: PublicState) -> tuple[int, ...]:
        """The civilians who share the win by being alive at the end (国际版)."""
        if state.winner is None or state.winner == "draw":
            return ()
        return tuple(s.seat for s in state.seats if s.role is C and s.alive)

    def sides(self) -> tuple[str, ...]:
        return ("lord", "rebel", "renegade", "draw")

    def facts(self, state: PublicState) -> dict[str, object]:
        """国际版's own facts: the civilians the table knows (a role is shown at death
        or at the end), how many the game has, the reshuffles against their limit (the
        lord wins when they reach the players), and the civilians sharing the win."""
        if state.variant != INTERNATIONAL:
            return {}
        return {
            "civilians": [s.seat for s in state.seats if s.role is C],
            "civilians_in_game": self.role_table(state.players, state.variant)[C],
            "shuffles": state.shuffles,
            "shuffle_limit": state.players,
            "co_winners": list(self.co_winners(state)),
        }


def _after_the_lord(state: PublicState, civilians: int) -> str | NeedRole:
    """The lord is dead: the renegade wins if he is the last one standing apart from
    civilians (内奸获胜不必杀死平民), else the rebels win."""
    living = [s for s in state.living if s.role is not C]
    if any(s.role not in (None, N) for s in living) or sum(s.role is N for s in living) > 1:
        return "rebel"
    unplaced = max(0, civilians - sum(1 for s in state.seats if s.role is C))
    if len(living) - unplaced > 1:
        return "rebel"
    hidden = next((s for s in living if s.role is None), None)
    if hidden is not None:
        return NeedRole(hidden.seat)
    return "renegade" if len(living) == 1 else "rebel"


def _renegades_or_rebels(state: PublicState) -> str | NeedRole:
    """群雄演义: the lord is dead; the renegades (one side) win if nobody else is left."""
    living = state.living
    if any(s.role not in (None, N) for s in living):
        return "rebel"
    hidden = next((s for s in living if s.role is None), None)
    if hidden is not None:
        return NeedRole(hidden.seat)
    return "renegade" if living else "rebel"
