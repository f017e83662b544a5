"""The interface every mode implements: seating, roles, setup, turn order, rewards, victory.

A mode is a small object; the rules engine asks it the few questions that
differ between modes and handles everything else the same way.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from engine.generals import General
from engine.state import PublicState, Role, Seat
from engine.text import Text, listing, say


@dataclass(frozen=True, slots=True)
class DeathEffects:
    """Who draws how many cards, and who discards all hand and equipment cards."""

    draws: tuple[tuple[int, int], ...] = ()
    discard_all: tuple[int, ...] = ()
    discard_hand: tuple[int, ...] = ()  # the hand alone (群雄演义's lord who kills a loyalist)
    # (card, seat): a card that goes into the seat's equipment zone from wherever it
    # is (逐鹿天下: the killer takes the 玉玺).
    to_equipment: tuple[tuple[int, int], ...] = ()
    # (seat, rule key): a reward the seat settles by that rule (a choice it makes:
    # 斗地主's surviving farmer recovers 1 HP or draws two cards)
    rewards: tuple[tuple[int, str], ...] = ()
    # (seat, mark, value): marks set (0: removed) after the death (血战到底's scores)
    marks: tuple[tuple[int, str, int], ...] = ()


@dataclass(frozen=True, slots=True)
class Transform:
    """A general turning at once into another form (虎牢关's 吕布 at 4 HP or less): new
    max HP and HP, the mode's skills for the new form, marks; his judgement zone is
    discarded, he is turned face up and unchained; every settlement stops, the turn
    ends and this seat's new turn starts."""

    seat: int
    max_hp: int
    hp: int
    skills: tuple[str, ...]
    marks: tuple[tuple[int, str, int], ...] = ()
    equipment: bool = False  # his equipment is discarded too (无名杀's 虎牢关)


@dataclass(frozen=True, slots=True)
class RevealEffects:
    """What follows a general turned face up (国战's 君主): marks set, as (seat, mark,
    value), and max HP gained, as (seat, amount)."""

    marks: tuple[tuple[int, str, int], ...] = ()
    max_hp: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True, slots=True)
class Split:
    """A side about to win splits instead (群雄演义's 国战: a kingdom left alone with
    several rulers): seats take new sides, their generals turned face up, and each
    of ``asked`` (in order) chooses to stay or to join one of them (the mode skill 归附)."""

    sides: tuple[tuple[int, str], ...]
    asked: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class NeedRole:
    """Victory cannot be decided until this seat's role is revealed."""

    seat: int


class Mode:
    """Defaults shared by most modes; each mode overrides what differs."""

    name: str = ""
    title: str = ""
    min_players: int = 2
    max_players: int = 10
    starting_hand: int = 4
    variants: tuple[str, ...] = ("",)
    # The role shown at setup (``role N ...`` before the generals) in a mode with
    # hidden roles: identity's lord; 忠胆英杰's loyalist, who takes the lord's place.
    shown_role: Role = Role.LORD
    # Whether the lord's lord skills work (忠胆英杰: 主公不能使用主公技; the engine
    # marks its lord ``no_lord_skills``, engine.derived.NO_LORD_SKILLS).
    lord_skills: bool = True
    # Generals the mode bans (诸侯伐董's 禁將): a seat cannot take them.
    banned_generals: frozenset[str] = frozenset()
    # ... and every 神 general (诸侯伐董, 1V1: rules 001).
    gods_banned: bool = False
    # The packages of generals besides the standard box the mode plays with (1V1:
    # 风 only); None: any.
    general_packages: tuple[str, ...] | None = None
    # Generals a variant bans besides (1V1's 四禁, an unofficial custom: rules 001).
    variant_bans: dict[str, frozenset[str]] = {}  # noqa: RUF012 (read only)
    generals_per_seat: int = 1
    # A 神 general chooses the kingdom he plays for (``general N KEY kingdom=K``):
    # identity; elsewhere he stays 神.
    gods_choose_kingdom: bool = False
    # The side keys of the player who starts and of the other, where a two-player mode
    # names its players so (1v1's 先手 and 后手) rather than by their role cards.
    first_and_second: tuple[str, str] | None = None
    same_kingdom_generals: bool = False
    # A seat may yet take generals of different kingdoms, and is then a careerist
    # (国战, rules 003 line 426: 选择武将时可以选择两名势力不同的武将,然后将势力改为野心家).
    mixed_kingdoms_careerist: bool = False
    # The generals after the first wait face down for their turn to come on (1v1):
    # their skills do not work until then.
    reserves: bool = False
    # Roles are hidden at setup (identity) or public (team modes).
    roles_hidden: bool = False
    # The card packages a setup takes when it names none; ``own_deck``: the mode is
    # played with exactly these and no others (新1V1's dedicated deck).
    default_packages: tuple[str, ...] = ("standard", "ex", "maneuvering")
    own_deck: bool = False
    # Packages this mode always takes and no other mode may (新1V1's deck, 逐鹿天下's 玉玺).
    exclusive_packages: tuple[str, ...] = ()
    # Generals a seat brings on, one after the other, before it is out (新1V1: 3).
    lives: int = 1
    # The player chooses which reserve comes on after a death (新1V1), rather than
    # the next in the order of the ``general`` move (1V1).
    chooses_successor: bool = False
    # A general that dies in his own turn ends that turn (新1V1).
    death_ends_turn: bool = False
    # A face-down general may be turned face up at will (国战); 新1V1's reserves wait
    # for their turn to come on.
    reveal_at_will: bool = True
    # A death that ends the game still settles its effects, because they decide the
    # winner (逐鹿天下: the 玉玺 moves to the killer); elsewhere the end stops them
    # (001 line 16: 遊戲結束強制終止任何結算).
    death_effects_decide: bool = False

    def __str__(self) -> str:
        """The mode's key (``identity``): a sentence names the mode by it (engine.text)."""
        return self.name

    def bans(self, variant: str) -> frozenset[str]:
        """The generals no seat may take in this mode and variant."""
        return self.banned_generals | self.variant_bans.get(variant, frozenset())

    def check_setup(self, players: int, variant: str) -> Text | None:
        """A reason the setup is impossible, or None."""
        if not self.min_players <= players <= self.max_players:
            if self.min_players == self.max_players:
                return say(
                    "{mode} is played by {n} players, not {players}",
                    mode=self,
                    n=self.min_players,
                    players=players,
                )
            return say(
                "{mode} is played by {low}-{high} players, not {players}",
                mode=self,
                low=self.min_players,
                high=self.max_players,
                players=players,
            )
        if variant not in self.variants:
            known = listing([v or say("(none)") for v in self.variants])
            return say(
                "{mode} has no variant {variant} (variants: {known})",
                mode=self,
                variant=repr(variant),
                known=known,
            )
        return None

    def role_table(self, players: int, variant: str) -> Counter[Role]:
        """How many of each role a game of this size has."""
        return Counter()

    def fixed_roles(self, players: int) -> dict[int, Role]:
        """Roles known from the seating alone (team modes); empty when hidden."""
        return {}

    def max_hp(self, state: PublicState, seat: Seat, generals: tuple[General, ...]) -> int:
        return generals[0].max_hp

    def check_general(
        self, state: PublicState, seat: int, generals: tuple[General, ...]
    ) -> Text | None:
        """Why the seat cannot take these generals in this mode (守卫剑阁: only its
        side's kingdom), or None."""
        return None

    def mode_skills(self, state: PublicState, seat: Seat) -> tuple[str, ...]:
        """Skills the mode gives the seat besides its generals' (keys of
        ``engine/data/mode_skills.toml``), from its ``general`` move on."""
        return ()

    def equipped(self, state: PublicState, seat: int, card: int) -> tuple[tuple[int, str], ...]:
        """(seat, rule key): rules settled at once after a card is used into a seat's
        equipment zone (逐鹿天下: the 玉玺's holder with an ally must 毁盟)."""
        return ()

    def first_seat(self, state: PublicState) -> int:
        return 1

    def next_seat(self, state: PublicState, current: int) -> int:
        return state.next_living(current)

    def ring(self, state: PublicState) -> tuple[int, ...] | None:
        """The seats in the order they sit around the table, which distances count
        (engine.derived.ring_distance), when it is not the seat order (守卫剑阁); None:
        the seat order, which is also the order of action."""
        return None

    def starting_hand_of(self, state: PublicState, seat: int) -> int:
        return self.starting_hand

    def draw_count(self, state: PublicState, seat: int) -> int:
        """Cards drawn in this seat's draw phase before skills (normally 2)."""
        return 2

    def death_effects(self, state: PublicState, dead: int, killer: int | None) -> DeathEffects:
        """Rewards and penalties (奖惩) after a death."""
        return DeathEffects()

    def side_on_reveal(self, state: PublicState, seat: int) -> str | None:
        """The side a seat takes when it reveals its generals (国战); others keep theirs."""
        return state.seat(seat).kingdom

    def side(self, state: PublicState, seat: int) -> str | None:
        """The side a seat plays for, when it is known."""
        role = state.seat(seat).role
        return role.value if role else None

    def replacement(self, state: PublicState, dead: int) -> bool:
        """Whether the dead seat plays on with its next general (1v1)."""
        return False

    def damage_marks(
        self, state: PublicState, target: int, amount: int, source: int | None
    ) -> tuple[tuple[int, str, int], ...]:
        """Marks to set once a damage is dealt (血战到底: a point to the source), as
        (seat, mark, value); victory is checked after them."""
        return ()

    def transform(self, state: PublicState, seat: int) -> Transform | None:
        """A form the seat turns into at once after its HP went down (虎牢关's 吕布), or
        None (every other mode)."""
        return None

    def between_turns(self, state: PublicState, ended: int) -> int | None:
        """A seat that plays a turn after ``ended``'s, before the next in the order and
        without moving the order on (虎牢关: 吕布 after each ally's turn), or None."""
        return None

    def turn_choice(
        self, state: PublicState, ended: int
    ) -> tuple[int, Text, tuple[str, ...]] | None:
        """A choice to make before the turn after ``ended``'s starts (3v3: the 主帅 of the
        side taking the action chooses who acts), as (seat, reason, options); None when
        the order goes on by itself."""
        return None

    def turn_chosen(
        self, state: PublicState, seat: int, option: str
    ) -> tuple[tuple[int, str, int], ...]:
        """The marks ``turn_choice``'s answer sets, which ``next_seat`` reads, as
        (seat, mark, value)."""
        return ()

    def turn_marks(self, state: PublicState, seat: int) -> tuple[tuple[int, str, int], ...]:
        """Marks to set as ``seat``'s turn starts (虎牢关: a round begins, the regrouping
        allies' countdowns go down), as (seat, mark, value)."""
        return ()

    def revives(self, state: PublicState, seat: int) -> bool:
        """Whether a dead seat comes back to play its turn now (血战到底): ``next_seat``
        names it, and it returns at full HP with a new starting hand."""
        return False

    def may_concede(self, state: PublicState, winner: str) -> bool:
        """Whether the side losing may concede the game to ``winner`` now (诸侯伐董's
        投降規則): an ``end`` move naming it is then accepted."""
        return False

    def concede_refused(self, state: PublicState, winner: str) -> Text | None:
        """Why an ``end`` naming ``winner`` is refused now, in the mode's own words (3v3:
        the time limit's counts); None: the engine's usual reason."""
        return None

    def revealed(self, state: PublicState, seat: int, general: str) -> RevealEffects:
        """What follows ``general`` of ``seat`` turned face up by a ``reveal`` (国战's
        君主); nothing in most modes."""
        return RevealEffects()

    def split(self, state: PublicState, winner: str) -> Split | None:
        """Instead of ``winner`` winning, its side splits (群雄演义's 国战), or None."""
        return None

    def reveal_after_death(self, state: PublicState, dead: int) -> Role | None:
        """A hidden role some living seat must now reveal, before the death's rewards
        (忠胆英杰: the lord, when the shown loyalist dies); None when none must."""
        return None

    def winner(self, state: PublicState) -> str | NeedRole | None:
        """The winning side when the game is decided, else None."""
        return None

    def shuffle_end(self, state: PublicState) -> tuple[int, str] | None:
        """(reshuffles, winning side): the game ends at once when the discard pile has
        been shuffled into the draw pile that many times (国际版); None when it never does."""
        return None

    def shuffle_form(self, state: PublicState) -> Transform | None:
        """A form a seat turns into when the discard pile is shuffled into the draw pile
        (虎牢关's ``reshuffle`` variant: 吕布 at the first), or None (every other mode)."""
        return None

    def co_winners(self, state: PublicState) -> tuple[int, ...]:
        """Seats that win beside the winning side without belonging to it (国际版's
        surviving civilians); empty while the game goes on."""
        return ()

    def sides(self) -> tuple[str, ...]:
        """The names a winner may have (for ``end`` moves and records)."""
        return ()

    def facts(self, state: PublicState) -> dict[str, object]:
        """The mode's own facts for ``sgs-table state --json`` (engine.views.summary):
        plain JSON values keyed by words that stay the same in every language."""
        return {}
