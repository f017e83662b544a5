"""虎牢关: 吕布 against three allies (联军), 1v3, 吕布 in two forms.

Rules 001 (line 166) names the mode (虎牢關(1V3)模式) and gives no rule. The rules
here are those of the official mode as published; where a source is silent the
engine decides as a demanding player would, and says so. The sources:

- [BK] the official mode's rules as commonly republished: nanmuxuan.com/zh-sg/
  science/vqufljbtlev ("三國殺:大家還記得火爆的虎牢關模式麼", quoted below in
  its own words), and the same text translated into Korean at
  bbgsm.com/zuixindianying/6yz9pmccci.html and dsknw.com/shangyexinxi/
  lypwntrr38.html (their points given here in English, not quoted);
- [TY] tydled.com/zx/373976.html ("虎牢关模式...详细规则进行解析");
- [AM] ahmixiu.com/yxzx/cp/2020.html ("三国杀虎牢关模式...玩法详解");
- [NN] 无名杀 (noname), mode/boss.js: boss_lvbu1 ``mashu, wushuang, boss_baonu``
  (max HP 8), boss_lvbu2 ``mashu, wushuang, xiuluo, shenwei, shenji`` (max HP 4),
  ``boss_baonu``: 锁定技,当你的体力值降至4或更低时,你变身...并立即开始你的回合
  (it discards his equipment and judgement zones, undoes chained and face down;
  the engine follows [BK]: his judgement zone alone; the variant ``noname``, [NN]).

The rules, each with its source:

- Seats (four players; [BK], [TY], [AM]): 神吕布 against three allies, who sit
  as 先锋, 中坚 and 大将. The table seats 吕布 in seat 1 and the allies in
  seats 2, 3, 4 (先锋, 中坚, 大将), counterclockwise as [AM] says: 吕布 is one
  away from 先锋 and 大将 and two from 中坚, whom 马术 brings to one ([BK]:
  增加了一個馬術技能,可以直接攻擊到中堅位置). Roles are public: 吕布 is the lord
  (Role.LORD), the allies rebels (Role.REBEL).
- Generals: the allies choose standard generals ([TY]: 标准版武将和风武将); the
  catalogue has no 神吕布 card, so 吕布's seat takes 吕布 (``lvbu``: his 无双)
  and the mode gives the rest; no ally may take him.
- 吕布's first form, 最强神话 ([BK], [AM], [NN]): max HP 8, 马术 and 无双
  (``hulao_mashu``, a mode skill like the general skill 马术).
- Starting hands ([BK], [TY], [AM]): 先锋 3, 中坚 4, 大将 5, 吕布 8 cards.
- Turn order, first form ([BK], [TY], [AM]): 先锋 → 吕布 → 中坚 → 吕布 → 大将 →
  吕布, again and again: 吕布 plays a turn after each ally's (Mode.between_turns).
  Decision: an ally whose turn is skipped (face down) has no turn, and 吕布 does
  not play after it; a regrouping ally's place is passed over.
- The second form, 暴怒的战神 ([BK], [TY], [AM], [NN]): when 吕布's HP falls to 4
  or less, by damage or by HP lost (失去体力: 乱武, 琴音, a doubted 蛊惑, whose other
  doubters lose theirs with him, one step of it; [NN]: 当你的体力值降至4或更低时,
  any fall; [BK]: when his HP falls to 4), or by a lost max HP that takes his HP
  with it (a max HP of 0 kills him first), at once: max HP
  4 and HP 4, his hand kept, his judgement zone discarded, face up and
  unchained ([BK], in bbgsm's translation: he keeps his hand, discards his
  judgement zone, is reset if chained, his HP back to 4); every settlement
  stops, the current turn ends and 吕布's own turn starts ([BK], translated: the
  current player's turn ends at once, all settlement ended, and 吕布 acts at
  once; [TY]: 立即停止任何结算,由神吕布先行动). The cards being settled go to
  the discard pile (a decision: the sources do not say where they go). His skills are then
  马术, 无双, 修罗, 神威 and 神戟 ([AM], [NN]): 神威, compulsory: two more cards in
  his draw phase and a hand limit two higher ([AM]: 摸牌+2,手牌上限+2); 神戟: with
  no weapon, his Sha may take up to two more targets ([AM]: 无武器时可指定3名目标);
  修罗: at the start of his turn he may discard a hand card to discard a delayed
  trick of the same suit from his judgement zone ([AM]: 弃牌解除延时锦囊; [NN]:
  弃置一张牌,然后弃置你判定区内一张同花色的牌). The mark ``form`` (2) on 吕布
  says he has turned.
- Turn order, second form ([BK], [TY], [AM]): 吕布, 先锋, 中坚, 大将, in the seat
  order from 吕布's turn.
- 撤退 and 重整 ([BK], [AM], [TY]): an ally who dies regroups for six rounds;
  his seat keeps the countdown (mark ``regroup``). A round begins at 先锋's turn,
  or, while 先锋 regroups, at the turn of the living ally nearest him ([BK] in
  dsknw's translation: if the vanguard is regrouping, the round goes by the
  character nearest the vanguard). In each round he
  recovers 1 HP, and once full draws a card instead ([BK]: 每回合回一血,血回滿後,
  補一手牌: 4血武將...補2手牌, 3血武將...補3手牌): the engine settles them at
  once when he comes back, at his place in the order after the sixth round has
  begun, at full HP with six cards less his max HP. When an ally dies, each
  other living ally draws a card ([BK]: 其餘聯合軍成員可選擇獲得1手牌: a card is
  never a loss to take, the table records it as drawn).
- Victory ([BK], [AM]): the allies win when 吕布 dies; 吕布 wins when the three
  allies are dead at once (regrouping).

Variant ``reshuffle`` ([AM]: the first reshuffle also turns 吕布, a draw after two or
three; [BK], [TY] and [NN]'s boss_lvbu as quoted above have no rule on reshuffles,
so the standard game has none; later [NN] versions have another, below):

- The first time the discard pile is shuffled into the draw pile, 吕布 turns into
  his second form if he has not yet (Mode.shuffle_form): max HP 4, HP 4, the second
  form's skills, his judgement zone discarded, face up and unchained, as at 4 HP.
  Decision: nothing else of the change at 4 HP. [BK] and [TY] stop every
  settlement and end the turn when his HP falls, in the middle of the damage or
  loss that turned him; a reshuffle comes in the middle of a draw, which must go
  on to give its cards, so the settlement and the current turn go on (a delayed
  trick of his being judged stays in his zone to settle), and the turns go on in
  the second form's order from the current seat.
- The game ends drawn (平局: the winner ``draw``, as ``end draw`` records it) at
  the third reshuffle (Mode.shuffle_end). Decision: "after two or three" names one
  moment counted two ways: after the second reshuffle, when the pile runs out
  again and a third would be needed. The draw is that third reshuffle: the piles
  of the first two reshuffles are played out, and no game is cut short while a
  reshuffled pile is still there to draw from.
- ``state --json``: ``variant``, ``shuffles`` and ``shuffle_limit`` (3; none
  without the variant).
- Not followed: later versions of [NN]'s boss.js have a reshuffle rule too
  (boss_baonu hooks ``lib.onwash``): the first reshuffle turns him as at 4 HP,
  everything stopping and his turn starting, but an HP above 4 is kept as his
  max HP; the second ends the game at the end of that turn, won by 吕布. That is
  another rule (a win, not [AM]'s draw), so it does not decide [AM]'s count.

Variant ``noname`` ([NN] boss_baonu, whose form change also discards his equipment
zone with his judgement zone; no other source says so): when 吕布 turns, by damage
or by HP lost, his equipment goes to the discard pile too; everything else is the
standard game's. One variant at a time: ``reshuffle`` keeps his equipment.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from engine.catalogue import standard_catalogue
from engine.generals import General
from engine.modes.base import DeathEffects, Mode, Transform
from engine.state import Phase, PublicState, Role, Seat
from engine.text import Text, say

L, R = Role.LORD, Role.REBEL

BOSS = 1  # 吕布's seat; the allies: 2 先锋, 3 中坚, 4 大将
ALLIES = (2, 3, 4)
GENERAL = "lvbu"
FORM, REGROUP = "form", "regroup"  # Seat.marks: 吕布's form (2), an ally's rounds left
ROUNDS = 6  # 重整: six rounds
FIRST_FORM = ("hulao_mashu",)
SECOND_FORM = ("hulao_mashu", "xiuluo", "shenwei", "shenji")
FIRST_HP, SECOND_HP = 8, 4
HANDS = {1: 8, 2: 3, 3: 4, 4: 5}
LUBU, ALLIED = "lubu", "allies"  # the sides, the winner's names
RESHUFFLE = "reshuffle"  # [AM]'s reshuffles: the first turns 吕布, the third ends drawn
NONAME = "noname"  # [NN]'s form change: his equipment discarded too
DRAWN_AT = 3
POSITIONS = {2: "vanguard", 3: "centre", 4: "general"}  # 先锋, 中坚, 大将


# 暴怒的战神: max HP 4, HP 4, the second form's skills, the mark; [NN]: his equipment too
SECOND = Transform(BOSS, SECOND_HP, SECOND_HP, SECOND_FORM, ((BOSS, FORM, 2),))
SECOND_NN = replace(SECOND, equipment=True)


def form(state: PublicState) -> int:
    return 2 if state.seat(BOSS).mark(FORM) else 1


class Hulao(Mode):
    name = "hulao"
    title = "虎牢关"
    min_players = max_players = 4
    variants = ("", RESHUFFLE, NONAME)

    def fixed_roles(self, players: int) -> dict[int, Role]:
        return {BOSS: L, **{a: R for a in ALLIES}}

    def role_table(self, players: int, variant: str) -> Counter[Role]:
        return Counter({L: 1, R: 3})

    def check_general(
        self, state: PublicState, seat: int, generals: tuple[General, ...]
    ) -> Text | None:
        lubu = standard_catalogue().general(GENERAL)
        if seat == BOSS and generals[0].key != GENERAL:
            return say("{mode}: seat {seat} takes {general}", mode=self, seat=BOSS, general=lubu)
        if seat != BOSS and any(g.key == GENERAL for g in generals):
            return say("{mode}: {general} is seat {seat}'s", mode=self, seat=BOSS, general=lubu)
        return None

    def max_hp(self, state: PublicState, seat: Seat, generals: tuple[General, ...]) -> int:
        return FIRST_HP if seat.seat == BOSS else generals[0].max_hp

    def mode_skills(self, state: PublicState, seat: Seat) -> tuple[str, ...]:
        if seat.seat != BOSS:
            return ()
        return SECOND_FORM if seat.mark(FORM) else FIRST_FORM

    def starting_hand_of(self, state: PublicState, seat: int) -> int:
        if state.turn.phase is Phase.SETUP:
            return HANDS[seat]
        # back from 重整: six rounds, 1 HP each, then a card each
        return max(0, ROUNDS - state.seat(seat).max_hp)

    def first_seat(self, state: PublicState) -> int:
        return ALLIES[0]

    def between_turns(self, state: PublicState, ended: int) -> int | None:
        if ended != BOSS and form(state) == 1 and state.seat(BOSS).alive:
            return BOSS
        return None

    def _playing(self, state: PublicState, seat: int) -> bool:
        s = state.seat(seat)
        return s.alive or self.revives(state, seat)

    def next_seat(self, state: PublicState, current: int) -> int:
        if form(state) == 1:  # the allies in order; 吕布 plays between (between_turns)
            order = [a for a in ALLIES if a > current] + [a for a in ALLIES if a <= current]
            return next((a for a in order if self._playing(state, a)), BOSS)
        # second form: 吕布, 先锋, 中坚, 大将 (the order resumes from 吕布: Transform)
        seat = current
        for _ in range(state.players):
            seat = seat % state.players + 1
            if self._playing(state, seat):
                return seat
        return current

    def revives(self, state: PublicState, seat: int) -> bool:
        s = state.seat(seat)
        return seat != BOSS and not s.alive and s.max_hp > 0 and not s.mark(REGROUP)

    def turn_marks(self, state: PublicState, seat: int) -> tuple[tuple[int, str, int], ...]:
        if seat == BOSS or seat != next((a for a in ALLIES if state.seat(a).alive), None):
            return ()
        return tuple(
            (a, REGROUP, state.seat(a).mark(REGROUP) - 1)
            for a in ALLIES
            if not state.seat(a).alive and state.seat(a).mark(REGROUP)
        )

    def transform(self, state: PublicState, seat: int) -> Transform | None:
        s = state.seat(seat)
        if seat != BOSS or s.mark(FORM) or s.hp > SECOND_HP:
            return None
        return SECOND_NN if state.variant == NONAME else SECOND

    def shuffle_form(self, state: PublicState) -> Transform | None:
        """[AM]: the first reshuffle turns 吕布 if he has not turned yet."""
        if state.variant != RESHUFFLE or form(state) == 2 or not state.seat(BOSS).alive:
            return None
        return SECOND

    def shuffle_end(self, state: PublicState) -> tuple[int, str] | None:
        """[AM]: a draw at the third reshuffle."""
        return (DRAWN_AT, "draw") if state.variant == RESHUFFLE else None

    def death_effects(self, state: PublicState, dead: int, killer: int | None) -> DeathEffects:
        if dead == BOSS:
            return DeathEffects()
        mates = tuple((a, 1) for a in ALLIES if a != dead and state.seat(a).alive)
        return DeathEffects(draws=mates, marks=((dead, REGROUP, ROUNDS),))

    def winner(self, state: PublicState) -> str | None:
        if not state.seat(BOSS).alive:
            return ALLIED
        if all(not state.seat(a).alive for a in ALLIES):
            return LUBU
        if state.variant == RESHUFFLE and state.shuffles >= DRAWN_AT:
            return "draw"
        return None

    def side(self, state: PublicState, seat: int) -> str | None:
        return LUBU if seat == BOSS else ALLIED

    def facts(self, state: PublicState) -> dict[str, object]:
        return {
            "boss": BOSS,
            "form": form(state),
            "allies": {str(a): POSITIONS[a] for a in ALLIES},
            "regrouping": {
                str(a): state.seat(a).mark(REGROUP)
                for a in ALLIES
                if not state.seat(a).alive and state.seat(a).mark(REGROUP)
            },
            "variant": state.variant,
            "shuffles": state.shuffles,
            "shuffle_limit": DRAWN_AT if state.variant == RESHUFFLE else None,
        }

    def sides(self) -> tuple[str, ...]:
        return (LUBU, ALLIED, "draw")
