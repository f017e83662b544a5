"""逐鹿天下 (mode ``zhulu``): every player for himself; the last one standing with the
玉玺 wins (rules 003, the fan variant 群雄演义).

003 line 27 (目标): "逐鹿天下模式:存活到最后并持有【玉玺】"; line 130 (概念解析 3):
"玉玺:逐鹿天下模式专属,一张无花色点数的牌,随机置于牌堆中"; line 328 (71 阵营):
"逐鹿天下指每个玩家"; lines 436-448 (逐鹿天下):

    "1. 阵营:每个存活玩家均为单独阵营,发动结盟后同盟成员为同一阵营。
    2. 人数:5人及以上
    3. 衍生:玉玺:宝物牌,摸到此牌的角色须立即展示并使用之;装备此牌的角色若有同阵营
    盟友,则立即发动"毁盟";摸牌阶段,你多摸两张牌;拥有此牌的角色被杀死后,该牌移动到
    杀死该角色的角色的宝物区;有角色杀死其他角色后,若场上没有玉玺,其将此牌置入其装备区。
    4. 衍生:结盟 ... 5. 衍生:毁盟 ...
    6. 胜利机制:存活到最后并持有【玉玺】的角色胜利。"

How the engine reads it:

- **Seats.** 5 to 10 players (line 438: "5人及以上"; 10 is the table's most),
  no roles, each seat its own side (``seat3``); seat 1 starts (line 57: "其余
  模式随机决定顺序": the seats are numbered in the order drawn), four cards
  each, no lord's extra HP.
- **The deck** is the base game's (standard, EX, Maneuvering) with the 玉玺
  (card 213, package ``zhulu``, no suit, rank or colour) shuffled in; no other
  mode takes the 玉玺, and this one always does.
- **A card without suit.** The 玉玺 turned over as a judgement matches no suit
  or colour (闪电, 乐不思蜀, 八卦阵 ... all fail for it); no conversion that
  asks for a colour or suit takes it; shown for 火攻 it matches no card.
- **Drawing it.** "须立即展示并使用之": the table enters ``use SEAT #213`` as
  soon as it is shown, in any turn or phase and whatever is settling (the
  engine cannot see a card drawn unseen, so it does not hold the game up;
  the sample does it at once). It goes to the treasure slot; it can be
  dismantled or taken like any equipment, and taken into a hand it is used
  again at once.
- **摸牌阶段,你多摸两张牌**: its holder draws two more in the draw phase.
- **A kill.** When a seat is killed (a death with a killer), if no 玉玺 is on the
  field (equipment zones) once the dead seat's cards are discarded, the killer
  puts it into his equipment zone from wherever it is (the dead holder's
  discards, the draw pile or the discard pile): this covers both sentences
  of rule 3 ("移动到杀死该角色的角色的宝物区" and "若场上没有玉玺 ... 置入其装备区").
- **The end.** The last seat alive wins (``seat3``). 003 asks him to hold the
  玉玺 too: after a last death with a killer he always does (rule 3); after a
  last death without a killer (闪电, a loss of HP), 003 is silent and a game of
  one player drawing alone until the seal comes would be no game, so the 玉玺
  goes to the survivor as it would to a killer (our decision).
- **Alliances (结盟, 毁盟: lines 444-446)** are skills the mode gives every seat
  (``jiemeng``, ``huimeng`` / ``huimeng_end``: engine/data/mode_skills.toml, their
  rules in engine/skills/modes.py). An alliance is a public mark ``ally`` on both
  seats (the other's number), set and cleared only by moves; allies are one side
  (line 437: "发动结盟后同盟成员为同一阵营").
  - 结盟 ``skill A jiemeng -> B``: in A's play phase, once, when neither has an
    ally; B answers ``choose B yes|no`` (其若同意). ``skill A jiemeng #c -> B``: once
    per play phase toward the ally, A discards a card (hand or equipment), then A
    and B each draw one.
  - 毁盟 ``skill A huimeng`` at the start of A's turn (回合开始时), ``skill A
    huimeng_end`` at its end: the engine opens no window at 回合结束时, so the
    end phase (结束阶段), the last window of a turn, stands for it. A draws two,
    the alliance ends, and A is treated as using a Sha on the ally (no distance:
    the skill names its target; a seat that cannot be a Sha's target (空城) cannot
    be broken with); after it settles, A recovers 1 HP if the ally died, else
    loses 1 HP.
  - The 玉玺 (line 442: "装备此牌的角色若有同阵营盟友,则立即发动毁盟"): a seat with an
    ally that puts the seal into its equipment (using it, or as a killer) breaks
    the alliance at once, in the middle of whatever settles (it draws two and the
    alliance ends even when no Sha can go to the ally: then it loses 1 HP). A
    demanding table reads the rule as "the holder has no ally": the holder cannot
    propose or accept an alliance (it would only be a free Sha and two cards),
    and nobody may ask it.
  - A death ends the dead seat's alliance.
- **Victory with alliances.** Line 448 crowns one seat: the one alive at the
  end holding the 玉玺. Allies do not win together: while two allies live, the
  game goes on (one of them will have to break), and since the holder can have
  no ally, the last one standing is always a seat alone (our reading).
"""

from __future__ import annotations

from collections import Counter

from engine.catalogue import standard_catalogue
from engine.modes.base import DeathEffects, Mode
from engine.state import PublicState, Role, Seat

SEAL = next(c.id for c in standard_catalogue().cards if c.key == "yuxi")  # 玉玺, card 213
SEAL_DRAWS = 2  # 摸牌阶段,你多摸两张牌
ALLY = "ally"  # the mark of an alliance: the ally's seat
ALLIANCE_SKILLS = ("jiemeng", "huimeng", "huimeng_end")  # 结盟, 毁盟 (turn start, turn end)


def seal_holder(state: PublicState) -> int | None:
    """The seat whose equipment holds the 玉玺, or None."""
    return next((s.seat for s in state.seats if s.treasure == SEAL), None)


def ally_of(state: PublicState, seat: int) -> int | None:
    """The seat's ally, or None."""
    return state.seat(seat).mark(ALLY) or None


def alliances(state: PublicState) -> list[list[int]]:
    """The alliances, each as its two seats, lower first."""
    return [[s.seat, a] for s in state.seats if (a := s.mark(ALLY)) and s.seat < a]


class Zhulu(Mode):
    name = "zhulu"
    title = "逐鹿天下"
    min_players = 5
    max_players = 10
    default_packages = ("standard", "ex", "maneuvering", "zhulu")
    exclusive_packages = ("zhulu",)
    death_effects_decide = True  # the 玉玺 goes to the killer, and the holder wins

    def role_table(self, players: int, variant: str) -> Counter[Role]:
        return Counter()

    def mode_skills(self, state: PublicState, seat: Seat) -> tuple[str, ...]:
        return ALLIANCE_SKILLS

    def side(self, state: PublicState, seat: int) -> str | None:
        ally = ally_of(state, seat)
        return f"seat{min(seat, ally) if ally else seat}"

    def draw_count(self, state: PublicState, seat: int) -> int:
        return 2 + (SEAL_DRAWS if seal_holder(state) == seat else 0)

    def death_effects(self, state: PublicState, dead: int, killer: int | None) -> DeathEffects:
        ally = ally_of(state, dead)
        marks = ((dead, ALLY, 0), (ally, ALLY, 0)) if ally else ()
        if seal_holder(state) is not None:
            return DeathEffects(marks=marks)
        living = [s.seat for s in state.living]
        taker = None
        if killer is not None and killer != dead and killer in living:
            taker = killer
        elif len(living) == 1:  # the last death had no killer: the survivor takes it
            taker = living[0]
        if taker is None:
            return DeathEffects(marks=marks)
        # the killer's own ally (not the dead one) must be broken with at once
        breaks = ((taker, "huimeng"),) if ally_of(state, taker) not in (None, dead) else ()
        return DeathEffects(to_equipment=((SEAL, taker),), marks=marks, rewards=breaks)

    def equipped(self, state: PublicState, seat: int, card: int) -> tuple[tuple[int, str], ...]:
        return ((seat, "huimeng"),) if card == SEAL and ally_of(state, seat) else ()

    def winner(self, state: PublicState) -> str | None:
        living = state.living
        return f"seat{living[0].seat}" if len(living) == 1 else None

    def sides(self) -> tuple[str, ...]:
        return (*(f"seat{n}" for n in range(1, self.max_players + 1)), "draw")

    def facts(self, state: PublicState) -> dict[str, object]:
        """Who holds the 玉玺 (a seat, or None while it is in the draw pile, a hand or the
        discards), and the alliances (pairs of seats)."""
        return {"seal_holder": seal_holder(state), "alliances": alliances(state)}
