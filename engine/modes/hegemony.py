"""国战 (hegemony): two face-down generals of one kingdom; the last kingdom standing wins.

Following the rules documents (003): each player takes two generals of the
same kingdom face down; the main (first) general gives the max HP; a general
turns face up when revealed (its skills work only then; death reveals all).
A player whose kingdom already has at least half the table (rounded down)
revealed becomes a careerist (野心家) on revealing, a side of their own; so
does a player who took two generals of different kingdoms (003 line 426:
"选择武将时可以选择两名势力不同的武将,然后将势力改为野心家"), the usual choice
being two of one kingdom (line 418).
Killing a player of another side draws as many cards as that side has
revealed players (the dead included); killing one's own side discards all
hand and equipment cards. The game is won when every living player is
revealed and all are of one side.

The record names the face-down generals at setup (the phone scans them as
the players place them); the engine treats them as unknown to the table
until revealed.

群雄演义's own 国战 (003 lines 414-434) is the variant ``qunxiong``:

- its kingdoms are 汉, 夷, 戎, 蛮 and 狄 (line 416); 003 gives no generals
  (line 9: they were to follow), so they come from a table's own generals
  file (docs/generals.md), with ``kingdom = "han"`` ...; a general of another
  kingdom is refused. "人数:不限" (line 418): the app seats 3-10, as every
  hegemony table. Six generals are dealt to choose from (line 420): the
  record names the two a player keeps.
- the careerist's mark is his surname (line 434): ``careerists`` in the facts
  gives each careerist seat's camp and surname (the general's ``surname``, or
  the name's family name), and the table screen shows it (野心家·孟).
- 君主 (line 430), a general with ``ruler = true``: when a seat shows its
  kingdom and that kingdom then has three or more living seats shown, each of
  its rulers whose ruler general is face up gains 1 max HP. Decisions: once a
  ruler (the mark ``ruler_hp``), and only a ruler the table sees (a face-down
  ruler would give himself away). The order the rulers showed themselves is
  the mark ``ruler`` (1 first).
- When one kingdom alone is left (every living seat shown and of it) and two
  or more of its living seats have a ruler as main general (line 430:
  须为主将), the game goes on: each of those rulers but the first to show his
  ruler card becomes a careerist, a camp of his own (his generals turned face
  up), and every other seat of the kingdom chooses (the mode skill 归附:
  ``choose N stay`` or ``choose N joinM``, in seat order from the current
  player) to stay or to join ruler M's careerist camp. A ruler never shown counts as
  after every shown one. With one ruler or none, the kingdom wins.
  Careerists of one camp are one side: they win together (line 424).

谋攻牌 (line 428) are not built: 003 says only that one drawn is shown and
placed beside the general for the kingdom's use, and leaves their cards and
effects to "详见国战模式", which gives none.
"""

from __future__ import annotations

from collections import Counter

from engine.catalogue import standard_catalogue
from engine.generals import QUNXIONG_KINGDOMS, General
from engine.modes.base import DeathEffects, Mode, RevealEffects, Split
from engine.state import PublicState, Seat
from engine.text import Text, listing, say

CAREERIST = "careerist"
QUNXIONG = "qunxiong"  # 群雄演义's own 国战 (rules 003 lines 414-434)
RULER_ORDER = "ruler"  # Seat.marks: the order the rulers showed their ruler card (1 first)
RULER_BONUS = "ruler_hp"  # Seat.marks: the ruler's +1 max HP was given
STAY = "stay"  # 归附: the seat stays with its kingdom ...
JOIN = "join"  # ... or joins seat N's careerist camp (``joinN``)
_CATALOGUE = standard_catalogue()


def camp_of(side: str | None) -> int:
    """The seat leading a careerist camp (``careerist5`` -> 5), or 0."""
    if side and side.startswith(CAREERIST):
        return int(side[len(CAREERIST) :])
    return 0


def _ruler_shown(s: Seat) -> bool:
    return any(_CATALOGUE.general(g).ruler for g in s.generals if g not in s.hidden)


class Hegemony(Mode):
    name = "hegemony"
    title = "国战"
    min_players = 3
    max_players = 10
    generals_per_seat = 2
    same_kingdom_generals = True
    mixed_kingdoms_careerist = True
    variants = ("", QUNXIONG)

    def check_general(
        self, state: PublicState, seat: int, generals: tuple[General, ...]
    ) -> Text | None:
        """群雄演义's 国战 is played with generals of its five kingdoms (003 line 416)."""
        if state.variant != QUNXIONG:
            return None
        for g in generals:
            if g.kingdom not in QUNXIONG_KINGDOMS:
                return say(
                    "群雄演义's 国战 is played with generals of {kingdoms} "
                    "(a table's own generals file), not {general} of {kingdom}",
                    kingdoms=listing(QUNXIONG_KINGDOMS),
                    general=g,
                    kingdom=g.kingdom,
                )
        return None

    def max_hp(self, state: PublicState, seat: Seat, generals: tuple[General, ...]) -> int:
        return generals[0].max_hp

    def side(self, state: PublicState, seat: int) -> str | None:
        s = state.seat(seat)
        if len(s.hidden) == len(s.generals) and s.alive:
            return None  # nothing revealed: the table does not know
        return s.kingdom

    def side_on_reveal(self, state: PublicState, seat: int) -> str:
        """The side a seat takes when its first general turns face up."""
        s = state.seat(seat)
        assert s.kingdom is not None
        kingdoms = {_CATALOGUE.general(key).kingdom for key in s.generals}
        if len(kingdoms) > 1:  # 003 line 426, 一: two kingdoms chosen: a careerist
            return f"{CAREERIST}{seat}"
        revealed = sum(
            1
            for other in state.seats
            if other.seat != seat
            and other.kingdom == s.kingdom
            and len(other.hidden) < len(other.generals)
        )
        if revealed >= state.players // 2:
            return f"{CAREERIST}{seat}"
        return s.kingdom

    def revealed(self, state: PublicState, seat: int, general: str) -> RevealEffects:
        """君主 (003 line 430): the order a ruler card is shown in; a kingdom reaching
        three living seats shown gives each of its shown rulers 1 max HP, once."""
        marks: list[tuple[int, str, int]] = []
        s = state.seat(seat)
        if _CATALOGUE.general(general).ruler and not s.mark(RULER_ORDER):
            order = 1 + max((o.mark(RULER_ORDER) for o in state.seats), default=0)
            marks.append((seat, RULER_ORDER, order))
        gains: list[tuple[int, int]] = []
        side = self.side(state, seat)
        if side and not camp_of(side):
            members = [o for o in state.living if self.side(state, o.seat) == side]
            if len(members) >= 3:
                for o in members:
                    if _ruler_shown(o) and not o.mark(RULER_BONUS):
                        marks.append((o.seat, RULER_BONUS, 1))
                        gains.append((o.seat, 1))
        return RevealEffects(marks=tuple(marks), max_hp=tuple(gains))

    def split(self, state: PublicState, winner: str) -> Split | None:
        """003 line 430: one kingdom alone left with two or more rulers as main
        generals: all but the first shown become careerists, the rest choose (归附)."""
        if winner == CAREERIST or winner not in {k.value for k in QUNXIONG_KINGDOMS}:
            return None
        rulers = [s for s in state.living if s.generals and _CATALOGUE.general(s.generals[0]).ruler]
        if len(rulers) < 2:
            return None
        rulers.sort(key=lambda s: (s.mark(RULER_ORDER) or len(state.seats) + 1, s.seat))
        camps = tuple(s.seat for s in rulers[1:])
        n, current = len(state.seats), state.turn.seat or 1
        order = [state.seat((current - 1 + i) % n + 1) for i in range(n)]
        asked = tuple(
            o.seat for o in order if o.alive and o.seat not in camps and o.seat != rulers[0].seat
        )
        return Split(sides=tuple((seat, f"{CAREERIST}{seat}") for seat in camps), asked=asked)

    def death_effects(self, state: PublicState, dead: int, killer: int | None) -> DeathEffects:
        if killer is None or killer == dead or not state.seat(killer).alive:
            return DeathEffects()
        dead_side = self.side(state, dead)
        killer_side = self.side(state, killer)
        if killer_side is not None and killer_side == dead_side:
            return DeathEffects(discard_all=(killer,))
        members = sum(1 for s in state.seats if self.side(state, s.seat) == dead_side)
        return DeathEffects(draws=((killer, max(members, 1)),))

    def winner(self, state: PublicState) -> str | None:
        sides = {self.side(state, s.seat) for s in state.living}
        if None in sides or len(sides) != 1:
            return None
        (side,) = sides
        assert side is not None
        return CAREERIST if side.startswith(CAREERIST) else side

    def sides(self) -> tuple[str, ...]:
        return ("wei", "shu", "wu", "qun", *(k.value for k in QUNXIONG_KINGDOMS), CAREERIST, "draw")

    def facts(self, state: PublicState) -> dict[str, object]:
        """The kingdoms revealed: each seat's side as the table knows it (its kingdom
        once a general of it is face up, ``careerist``, None while all are face down)
        and how many seats each side has shown (the dead included)."""
        sides: dict[str, str | None] = {}
        for s in state.seats:
            side = self.side(state, s.seat)
            sides[str(s.seat)] = CAREERIST if side and side.startswith(CAREERIST) else side
        shown = Counter(side for side in sides.values() if side)
        careerists: dict[str, dict[str, object]] = {}
        rulers: dict[str, dict[str, object]] = {}
        for s in state.seats:
            leader = camp_of(self.side(state, s.seat))
            if leader:
                main = _CATALOGUE.general(state.seat(leader).generals[0])
                careerists[str(s.seat)] = {"camp": leader, "mark": main.surname}
            if _ruler_shown(s):
                rulers[str(s.seat)] = {
                    "order": s.mark(RULER_ORDER) or None,
                    "bonus": bool(s.mark(RULER_BONUS)),
                }
        return {
            "sides": sides,
            "kingdoms_revealed": dict(sorted(shown.items())),
            "careerists": careerists,
            "rulers": rulers,
        }
