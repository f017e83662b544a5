"""The figures of a game, and of all the stored games: plain values for screens and ``--json``.

:func:`game_stats` reads a game move by move, comparing the states before
and after each move (HP, max HP, life, generals, the settlement stack) with
the move itself, as the narration does, and counts per seat: damage dealt
and taken by element, healing, HP lost, kills and deaths, cards used, dying
episodes and rescues, turns; the who-damaged-whom matrix; the key events.

Every change of a seat's HP in a move is exactly one :class:`HpEvent`, so
two identities hold at every move (``docs/review.md``, "Statistics"):
damage dealt (with the damage no seat dealt) equals damage taken, and

    hp = max_hp - damage_taken - hp_lost + healing_received - max_hp_offset

:func:`across_games` counts wins by mode, role, general and player name
over many games (``sgs-table stats --all``).

>>> from engine.game import Game
>>> game = Game()
>>> for text in ("setup identity 4", "role 1 lord", "general 1 zhangfei",
...              "general 2 guanyu", "general 3 zhaoyun", "general 4 huatuo",
...              "deal", "next", "draw 1 x2", "use 1 #1 -> 2", "pass 2"):
...     game.push_text(text)
>>> stats = game_stats(game)
>>> stats.seat(1).dealt, stats.seat(2).taken, stats.seat(1).cards_used
(1, 1, {'sha': 1})
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from assistant.i18n import N_, tr
from assistant.review.narration import dying_seats, killer_of
from engine.cards import CardType, Element
from engine.catalogue import standard_catalogue
from engine.derived import card, kind
from engine.frames import Ask, CardUse, DamageEvent, Expect, Judging, SkillUse
from engine.game import Game
from engine.modes import mode_named
from engine.moves import Damage as DamageMove
from engine.moves import (
    General,
    Heal,
    LoseHp,
    Move,
    Respond,
    Reveal,
    RoleReveal,
    Skill,
    Use,
    unforced,
)
from engine.rules import describe_winner
from engine.state import GameState, Role, Seat
from engine.text import Text

__all__ = [
    "ELEMENTS",
    "AcrossGames",
    "Death",
    "DyingEpisode",
    "GameStats",
    "HpEvent",
    "KeyEvent",
    "ModeResults",
    "Rescue",
    "SeatStats",
    "WinCount",
    "across_games",
    "damage_origin",
    "game_stats",
    "hp_events",
    "player_names",
    "seat_won",
    "used_kind",
]

NORMAL = "normal"
ELEMENTS = (NORMAL, Element.FIRE.value, Element.THUNDER.value)
"""The elements of damage, in the order the tables show them."""

# HpEvent kinds
DAMAGE, LOSE, HEAL, MAX_HP = "damage", "lose", "heal", "max_hp"

HEAL_KINDS = frozenset({"tao", "jiu", "god_salvation"})
HEALING_SKILLS = frozenset({"jieyin", "qingnang", "rende"})  # the skill's user heals
LOSE_HP_SKILLS = frozenset({"kurou"})  # the skill's user loses HP
BIG_DAMAGE = 2  # damage of this much or more is a key event

# What a key event says (its values are worded when it is read: see KeyEvent).
TEXT = {
    "death": N_("seat {seat} ({general}) dies"),
    "death_by": N_("seat {seat} ({general}) is killed by seat {other}"),
    "save": N_("seat {other} saves seat {seat} with {card}"),
    "self_save": N_("seat {seat} saves themself with {card}"),
    "damage": N_("seat {seat} takes {amount} damage"),
    "damage_by": N_("seat {seat} takes {amount} damage from seat {other}"),
    "fire_damage": N_("seat {seat} takes {amount} fire damage"),
    "fire_damage_by": N_("seat {seat} takes {amount} fire damage from seat {other}"),
    "thunder_damage": N_("seat {seat} takes {amount} thunder damage"),
    "thunder_damage_by": N_("seat {seat} takes {amount} thunder damage from seat {other}"),
    "role": N_("seat {seat} is revealed as {role}"),
    "reveal": N_("seat {seat} reveals {general}"),
    "win": N_("the game ends: {result}"),
    "draw": N_("the game ends in a draw"),
}


# ---------------------------------------------------------------- values


@dataclass(frozen=True, slots=True)
class HpEvent:
    """One seat's HP change in one move (1 = the first move).

    ``kind``: ``damage`` (``amount`` taken, from ``source``, of ``element``),
    ``lose`` (HP lost, 失去体力: no source, not damage), ``heal`` (``amount``
    recovered, given by ``source`` where known), or ``max_hp``: the seat's max
    HP changed, a general came on or the seat died by a forced move, and
    ``amount`` is its HP change (signed) and ``max_hp_change`` its max HP's.
    """

    move: int
    seat: int
    kind: str
    amount: int
    source: int | None = None
    element: str = ""
    card_kind: str | None = None
    max_hp_change: int = 0


@dataclass(frozen=True, slots=True)
class DyingEpisode:
    """A seat in dying (濒死) from ``start`` until ``end`` (None: still at the end)."""

    seat: int
    start: int
    end: int | None
    rescuers: tuple[int, ...]  # seats whose 桃/酒 answered, in order (repeats kept)
    survived: bool


@dataclass(frozen=True, slots=True)
class Rescue:
    """A 桃 or 酒 answering a dying seat's request; ``saved``: it ended the dying."""

    move: int
    seat: int  # who gave it
    dying: int  # whom it was for
    card_kind: str
    saved: bool


@dataclass(frozen=True, slots=True)
class Death:
    """A death: a seat's, or one of its generals' (1v1: the next general comes on)."""

    move: int
    seat: int
    general: str
    killer: int | None


@dataclass(frozen=True, slots=True)
class KeyEvent:
    """A moment worth jumping to: ``kind`` is death, save, damage, role, reveal or win.

    ``said`` is the sentence, kept unworded: ``text`` words it in the language
    in use when it is read (``--json`` reads it ``with speaking(SOURCE)``, the
    same in every language).
    """

    move: int
    kind: str
    seat: int | None
    other: int | None
    said: Text

    @property
    def text(self) -> str:
        return tr(self.said)


@dataclass(frozen=True, slots=True)
class SeatStats:
    """One seat's figures over the game; damage by element (``ELEMENTS``)."""

    seat: int
    generals: tuple[str, ...]
    role: str | None
    won: bool | None
    hp: int
    max_hp: int
    damage_dealt: dict[str, int]
    damage_taken: dict[str, int]
    healing_received: int
    healing_given: int
    hp_lost: int
    max_hp_offset: int
    kills: int
    deaths: int
    killed_by: tuple[int | None, ...]
    cards_used: dict[str, int]
    dying: int
    rescues_given: int
    saves: int
    turns: int

    @property
    def dealt(self) -> int:
        return sum(self.damage_dealt.values())

    @property
    def taken(self) -> int:
        return sum(self.damage_taken.values())

    def cards_by_type(self) -> dict[str, int]:
        """Cards used by 类别: basic, trick, delayed_trick, equipment."""
        out = {t.value: 0 for t in CardType}
        for key, n in self.cards_used.items():
            out[_card_type(key)] += n
        return out


@dataclass(frozen=True, slots=True)
class GameStats:
    """The figures of a whole game."""

    mode: str
    players: int
    moves: int
    turns: int
    winner: str | None
    seats: tuple[SeatStats, ...]
    # damage_matrix[source][target - 1]; row 0: damage with no source
    damage_matrix: tuple[tuple[int, ...], ...]
    no_source_damage: dict[str, int]
    hp_events: tuple[HpEvent, ...]
    dying: tuple[DyingEpisode, ...]
    rescues: tuple[Rescue, ...]
    deaths: tuple[Death, ...]
    key_events: tuple[KeyEvent, ...]

    def seat(self, number: int) -> SeatStats:
        return self.seats[number - 1]

    @property
    def total_dealt(self) -> int:
        """Damage dealt by the seats plus the damage with no source."""
        return sum(s.dealt for s in self.seats) + sum(self.no_source_damage.values())

    @property
    def total_taken(self) -> int:
        return sum(s.taken for s in self.seats)

    def as_json(self) -> dict[str, object]:
        """A plain dict for ``--json``; the keys are listed in docs/review.md.

        The key events' texts are in the language in use: ``--json`` makes it
        ``with speaking(SOURCE)``, the page of a game in the reader's language.
        """
        return {
            "mode": self.mode,
            "players": self.players,
            "moves": self.moves,
            "turns": self.turns,
            "winner": self.winner,
            "totals": {
                "damage_dealt": self.total_dealt,
                "damage_taken": self.total_taken,
                "no_source_damage": dict(self.no_source_damage),
            },
            "seats": [_seat_json(s) for s in self.seats],
            "damage_matrix": [
                {"source": n or None, "to": list(row)} for n, row in enumerate(self.damage_matrix)
            ],
            "dying": [
                {
                    "seat": d.seat,
                    "start": d.start,
                    "end": d.end,
                    "rescuers": list(d.rescuers),
                    "survived": d.survived,
                }
                for d in self.dying
            ],
            "rescues": [
                {"move": r.move, "seat": r.seat, "dying": r.dying, "card": r.card_kind}
                | {"saved": r.saved}
                for r in self.rescues
            ],
            "deaths": [
                {"move": d.move, "seat": d.seat, "general": d.general, "killer": d.killer}
                for d in self.deaths
            ],
            "key_events": [
                {"move": e.move, "kind": e.kind, "seat": e.seat, "other": e.other, "text": e.text}
                for e in self.key_events
            ],
        }


def _seat_json(s: SeatStats) -> dict[str, object]:
    return {
        "seat": s.seat,
        "generals": list(s.generals),
        "role": s.role,
        "won": s.won,
        "hp": s.hp,
        "max_hp": s.max_hp,
        "damage_dealt": dict(s.damage_dealt) | {"total": s.dealt},
        "damage_taken": dict(s.damage_taken) | {"total": s.taken},
        "healing_received": s.healing_received,
        "healing_given": s.healing_given,
        "hp_lost": s.hp_lost,
        "max_hp_offset": s.max_hp_offset,
        "kills": s.kills,
        "deaths": s.deaths,
        "killed_by": list(s.killed_by),
        "cards_used": dict(sorted(s.cards_used.items())),
        "cards_by_type": s.cards_by_type(),
        "dying": s.dying,
        "rescues_given": s.rescues_given,
        "saves": s.saves,
        "turns": s.turns,
    }


# ---------------------------------------------------------------- HP events


def _element_of_kind(card_kind: str | None) -> str:
    if card_kind is None:
        return NORMAL
    if card_kind == "lightning":
        return Element.THUNDER.value
    try:
        element = kind(card_kind).element
    except KeyError:
        return NORMAL
    return element.value if element else NORMAL


def _element(element: Element | None) -> str:
    return element.value if element else NORMAL


def damage_origin(
    move: Move, before: GameState, after: GameState, seat: int
) -> tuple[int | None, str | None, str]:
    """Who dealt the damage ``seat`` took in this move, with which card kind and element.

    As the narration's cause, and also the element of a ``damage`` move and
    of damage passed on along the iron chain from it.
    """
    for frame in (*reversed(after.stack), *reversed(before.stack)):
        if isinstance(frame, DamageEvent) and frame.target == seat:
            return frame.source, frame.card_kind, _element(frame.element)
    plain = unforced(move)
    if isinstance(plain, DamageMove):
        return plain.source, None, _element(plain.element)
    top = before.stack[-1] if before.stack else None
    if isinstance(top, Expect) and top.seat == seat and top.other:
        return top.other, None, NORMAL  # 刚烈 declined: the owner deals it
    for frame in reversed(before.stack):
        if isinstance(frame, SkillUse):  # 反间, 刚烈: the skill's owner deals it
            return frame.seat, None, NORMAL
        if isinstance(frame, CardUse):
            source = frame.target if frame.kind == "duel" and seat == frame.user else frame.user
            return source, frame.kind, _element_of_kind(frame.kind)
        if isinstance(frame, Judging):
            return None, frame.kind, _element_of_kind(frame.kind)
    return None, None, NORMAL


def _healer(move: Move, before: GameState) -> tuple[int | None, str | None]:
    """Who gave the healing of this move, and with which card kind, where known."""
    plain = unforced(move)
    top = before.stack[-1] if before.stack else None
    if isinstance(plain, Respond) and isinstance(top, Ask) and top.want == "tao":
        return plain.seat, used_kind(plain)
    if isinstance(plain, Use) and used_kind(plain) in HEAL_KINDS:
        return plain.seat, used_kind(plain)
    if isinstance(plain, Skill) and plain.skill in HEALING_SKILLS:
        return plain.seat, None
    if isinstance(plain, Heal):
        return None, None
    for frame in reversed(before.stack):
        if isinstance(frame, CardUse) and frame.kind in HEAL_KINDS:
            return frame.user, frame.kind
    return None, None


def _loses_hp(move: Move, seat: int) -> bool:
    plain = unforced(move)
    if isinstance(plain, LoseHp):
        return plain.seat == seat
    return isinstance(plain, Skill) and plain.skill in LOSE_HP_SKILLS and plain.seat == seat


def _seat_events(number: int, move: Move, before: GameState, after: GameState) -> list[HpEvent]:
    events: list[HpEvent] = []
    for b, a in zip(before.seats, after.seats, strict=True):
        change, max_change = a.hp - b.hp, a.max_hp - b.max_hp
        if not change and not max_change:
            continue
        if max_change or a.generals != b.generals or (b.alive and not a.alive):
            events.append(HpEvent(number, a.seat, MAX_HP, change, max_hp_change=max_change))
        elif change < 0 and _loses_hp(move, a.seat):
            events.append(HpEvent(number, a.seat, LOSE, -change))
        elif change < 0:
            source, card_kind, element = damage_origin(move, before, after, a.seat)
            events.append(HpEvent(number, a.seat, DAMAGE, -change, source, element, card_kind))
        else:
            healer, card_kind = _healer(move, before)
            events.append(HpEvent(number, a.seat, HEAL, change, healer, "", card_kind))
    return events


def hp_events(game: Game) -> tuple[HpEvent, ...]:
    """Every change of a seat's HP or max HP, move by move."""
    out: list[HpEvent] = []
    before = game.state_at(0)
    for number, move in enumerate(game.moves, start=1):
        after = game.state_at(number)
        if len(before.seats) == len(after.seats):
            out.extend(_seat_events(number, move, before, after))
        before = after
    return tuple(out)


# ---------------------------------------------------------------- cards


def used_kind(move: Use | Respond) -> str | None:
    """The card kind a use or a response counts as (its ``as`` kind, else its card's)."""
    if move.as_kind:
        return move.as_kind
    if not move.cards:
        return None
    try:
        return card(move.cards[0]).kind.key
    except KeyError:
        return None


def _card_type(card_kind: str) -> str:
    try:
        return kind(card_kind).type.value
    except KeyError:
        return CardType.BASIC.value


# ---------------------------------------------------------------- winners


def seat_won(state: GameState, seat: int) -> bool | None:
    """Whether the seat is on the winning side; None while the game (or its side) is unknown.

    Identity: ``lord`` is the lord and loyalists, ``renegade`` the last
    renegade standing; other modes compare the seat's side (its role, 3v3's
    warm or cold, hegemony's kingdom or careerist) with the winner. A draw
    wins for nobody. Seats the mode names as co-winners win beside the
    winning side (国际版: a civilian alive at the end).
    """
    winner = state.winner
    mode = mode_named(state.mode)
    if winner is None or mode is None:
        return None
    if winner == "draw":
        return False
    if seat in mode.co_winners(state):
        return True
    side = mode.side(state, seat)
    if side is None:
        return None
    s = state.seat(seat)
    if state.mode == "identity":
        if winner == "lord":
            return side in ("lord", "loyalist")
        if winner == "renegade":  # 群雄演义: the renegades are one side, dead ones too
            return side == "renegade" and (s.alive or state.variant == "qunxiong")
    if winner == "careerist":
        return side.startswith("careerist")
    return side == winner


# ---------------------------------------------------------------- the pass over a game


@dataclass
class _Tally:
    """Counts kept while reading the moves; frozen into SeatStats at the end."""

    dealt: dict[int, Counter[str]] = field(default_factory=dict)
    taken: dict[int, Counter[str]] = field(default_factory=dict)
    no_source: Counter[str] = field(default_factory=Counter)
    healed: Counter[int] = field(default_factory=Counter)
    healing_given: Counter[int] = field(default_factory=Counter)
    lost: Counter[int] = field(default_factory=Counter)
    offset: Counter[int] = field(default_factory=Counter)
    matrix: dict[tuple[int, int], int] = field(default_factory=dict)
    cards: dict[int, Counter[str]] = field(default_factory=dict)
    turns: Counter[int] = field(default_factory=Counter)
    deaths: list[Death] = field(default_factory=list)
    rescues: list[Rescue] = field(default_factory=list)
    dying: list[DyingEpisode] = field(default_factory=list)
    open_dying: dict[int, tuple[int, tuple[str, ...], list[int]]] = field(default_factory=dict)
    events: list[KeyEvent] = field(default_factory=list)
    generals: dict[int, tuple[str, ...]] = field(default_factory=dict)

    def add(self, e: HpEvent) -> None:
        if e.kind == DAMAGE:
            self.taken.setdefault(e.seat, Counter())[e.element] += e.amount
            if e.source:
                self.dealt.setdefault(e.source, Counter())[e.element] += e.amount
            else:
                self.no_source[e.element] += e.amount
            key = (e.source or 0, e.seat)
            self.matrix[key] = self.matrix.get(key, 0) + e.amount
        elif e.kind == LOSE:
            self.lost[e.seat] += e.amount
        elif e.kind == HEAL:
            self.healed[e.seat] += e.amount
            if e.source:
                self.healing_given[e.source] += e.amount
        else:
            self.offset[e.seat] += e.max_hp_change - e.amount


def _count_cards(tally: _Tally, move: Move) -> None:
    plain = unforced(move)
    if isinstance(plain, Use | Respond):
        used = used_kind(plain)
        if used:
            tally.cards.setdefault(plain.seat, Counter())[used] += 1
    if isinstance(plain, General):
        tally.generals[plain.seat] = plain.generals


def _general_of(s: Seat) -> str:
    return s.generals[0] if s.generals else ""


def _deaths(tally: _Tally, number: int, move: Move, before: GameState, after: GameState) -> None:
    plain = unforced(move)
    for b, a in zip(before.seats, after.seats, strict=True):
        fell = b.alive and not a.alive
        replaced = a.generals != b.generals and not isinstance(plain, General | Reveal)
        if fell or (replaced and b.generals and b.generals[0] not in a.generals):
            killer = killer_of(plain, before, after, a.seat)
            if killer == a.seat:
                killer = None  # a seat that kills itself scores no kill
            tally.deaths.append(Death(number, a.seat, _general_of(b), killer))
            general = _general_value(_general_of(b))
            if killer:
                said = _said(TEXT["death_by"], seat=a.seat, general=general, other=killer)
            else:
                said = _said(TEXT["death"], seat=a.seat, general=general)
            tally.events.append(KeyEvent(number, "death", a.seat, killer, said))


def _rescue(tally: _Tally, number: int, move: Move, before: GameState, after: GameState) -> None:
    plain = unforced(move)
    top = before.stack[-1] if before.stack else None
    if not (isinstance(plain, Respond) and isinstance(top, Ask) and top.want == "tao"):
        return
    dying = top.for_seat
    saved = dying not in dying_seats(after) and after.seat(dying).hp > 0
    card_kind = used_kind(plain) or "tao"
    tally.rescues.append(Rescue(number, plain.seat, dying, card_kind, saved))
    if dying in tally.open_dying:
        tally.open_dying[dying][2].append(plain.seat)
    if saved:
        name: object = kind(card_kind) if card_kind in HEAL_KINDS else card_kind
        if plain.seat == dying:
            said = _said(TEXT["self_save"], seat=dying, card=name)
        else:
            said = _said(TEXT["save"], seat=dying, other=plain.seat, card=name)
        tally.events.append(KeyEvent(number, "save", dying, plain.seat, said))


def _dying_episodes(tally: _Tally, number: int, before: GameState, after: GameState) -> None:
    now, was = dying_seats(after), dying_seats(before)
    for seat in sorted(now - was):
        tally.open_dying[seat] = (number, after.seat(seat).generals, [])
    for seat in sorted(was - now):
        if seat not in tally.open_dying:
            continue
        start, generals, rescuers = tally.open_dying.pop(seat)
        s = after.seat(seat)
        survived = s.alive and s.hp > 0 and s.generals == generals
        tally.dying.append(DyingEpisode(seat, start, number, tuple(rescuers), survived))


def _reveals(tally: _Tally, number: int, move: Move, before: GameState) -> None:
    plain = unforced(move)
    if isinstance(plain, RoleReveal) and before.turn.number > 0:
        said = _said(TEXT["role"], seat=plain.seat, role=_role_value(plain.role))
        tally.events.append(KeyEvent(number, "role", plain.seat, None, said))
    elif isinstance(plain, Reveal):
        general = _general_value(plain.general)
        said = _said(TEXT["reveal"], seat=plain.seat, general=general)
        tally.events.append(KeyEvent(number, "reveal", plain.seat, None, said))


def _big_damage(tally: _Tally, events: Iterable[HpEvent]) -> None:
    for e in events:
        if e.kind == DAMAGE and e.amount >= BIG_DAMAGE:
            element = "" if e.element == NORMAL else f"{e.element}_"
            if e.source:
                template = TEXT[f"{element}damage_by"]
                said = _said(template, seat=e.seat, amount=e.amount, other=e.source)
            else:
                said = _said(TEXT[f"{element}damage"], seat=e.seat, amount=e.amount)
            tally.events.append(KeyEvent(e.move, "damage", e.seat, e.source, said))


def _winning(tally: _Tally, number: int, before: GameState, after: GameState) -> None:
    if after.winner is not None and before.winner is None:
        if after.winner == "draw":
            said = _said(TEXT["draw"])
        else:
            said = _said(TEXT["win"], result=describe_winner(after.winner, after.mode))
        tally.events.append(KeyEvent(number, "win", None, None, said))


def _said(template: str, **values: object) -> Text:
    """A key event's sentence: one of `TEXT`, with the values each language words."""
    return Text(template, tuple(values.items()))


def _general_value(key: str) -> object:
    """A general for a sentence: the catalogue's (each language names it), else its key."""
    try:
        return standard_catalogue().general(key)
    except KeyError:
        return key


def _role_value(key: str) -> object:
    try:
        return Role(key)
    except ValueError:
        return key


def _read(game: Game) -> tuple[_Tally, tuple[HpEvent, ...]]:
    tally = _Tally()
    all_events: list[HpEvent] = []
    before = game.state_at(0)
    for number, move in enumerate(game.moves, start=1):
        after = game.state_at(number)
        _count_cards(tally, move)
        if len(before.seats) == len(after.seats):
            events = _seat_events(number, move, before, after)
            for e in events:
                tally.add(e)
            all_events.extend(events)
            _rescue(tally, number, move, before, after)
            _dying_episodes(tally, number, before, after)
            _deaths(tally, number, move, before, after)
            _big_damage(tally, events)
            _reveals(tally, number, move, before)
            _winning(tally, number, before, after)
            if after.turn.number != before.turn.number and after.turn.seat:
                tally.turns[after.turn.seat] += 1
        before = after
    return tally, tuple(all_events)


def _by_element(counts: Mapping[str, int] | None) -> dict[str, int]:
    counts = counts or {}
    return {e: counts.get(e, 0) for e in ELEMENTS}


def _seat_stats(tally: _Tally, state: GameState, s: Seat) -> SeatStats:
    n = s.seat
    deaths = [d for d in tally.deaths if d.seat == n]
    return SeatStats(
        seat=n,
        generals=tally.generals.get(n, s.generals),
        role=s.role.value if s.role else None,
        won=seat_won(state, n),
        hp=s.hp,
        max_hp=s.max_hp,
        damage_dealt=_by_element(tally.dealt.get(n)),
        damage_taken=_by_element(tally.taken.get(n)),
        healing_received=tally.healed[n],
        healing_given=tally.healing_given[n],
        hp_lost=tally.lost[n],
        max_hp_offset=tally.offset[n],
        kills=sum(1 for d in tally.deaths if d.killer == n),
        deaths=len(deaths),
        killed_by=tuple(d.killer for d in deaths),
        cards_used=dict(sorted(tally.cards.get(n, Counter()).items())),
        dying=sum(1 for d in tally.dying if d.seat == n) + (n in tally.open_dying),
        rescues_given=sum(1 for r in tally.rescues if r.seat == n),
        saves=sum(1 for r in tally.rescues if r.seat == n and r.saved),
        turns=tally.turns[n],
    )


def game_stats(game: Game) -> GameStats:
    """The figures of ``game`` (all its moves)."""
    tally, events = _read(game)
    state = game.state
    players = len(state.seats)
    matrix = tuple(
        tuple(tally.matrix.get((source, target), 0) for target in range(1, players + 1))
        for source in range(players + 1)
    )
    dying = list(tally.dying)
    for seat, (start, _generals, rescuers) in sorted(tally.open_dying.items()):
        dying.append(DyingEpisode(seat, start, None, tuple(rescuers), False))
    return GameStats(
        mode=state.mode,
        players=players,
        moves=len(game),
        turns=state.turn.number,
        winner=state.winner,
        seats=tuple(_seat_stats(tally, state, s) for s in state.seats),
        damage_matrix=matrix,
        no_source_damage=_by_element(tally.no_source),
        hp_events=events,
        dying=tuple(sorted(dying, key=lambda d: (d.start, d.seat))),
        rescues=tuple(tally.rescues),
        deaths=tuple(tally.deaths),
        key_events=tuple(tally.events),
    )


# ---------------------------------------------------------------- across games


@dataclass(frozen=True, slots=True)
class WinCount:
    """How often something (a general, a role in a mode, a player) played and won.

    ``played`` counts seats in every game; ``decided`` those in finished
    games whose side is known; the win rate is wins over decided.
    """

    key: str
    mode: str
    played: int
    decided: int
    wins: int

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.decided if self.decided else None

    def as_json(self) -> dict[str, object]:
        rate = self.win_rate
        return {
            "key": self.key,
            "mode": self.mode,
            "played": self.played,
            "decided": self.decided,
            "wins": self.wins,
            "win_rate": None if rate is None else round(rate, 4),
        }


@dataclass(frozen=True, slots=True)
class ModeResults:
    """The games of one mode: how many, how many finished, and the winners."""

    mode: str
    games: int
    finished: int
    winners: dict[str, int]

    def as_json(self) -> dict[str, object]:
        return {
            "mode": self.mode,
            "games": self.games,
            "finished": self.finished,
            "winners": dict(sorted(self.winners.items())),
        }


@dataclass(frozen=True, slots=True)
class AcrossGames:
    """Wins by mode, role, general and player name over many games."""

    games: int
    finished: int
    by_mode: tuple[ModeResults, ...]
    by_role: tuple[WinCount, ...]
    by_general: tuple[WinCount, ...]
    by_player: tuple[WinCount, ...]

    def as_json(self) -> dict[str, object]:
        return {
            "games": self.games,
            "finished": self.finished,
            "by_mode": [m.as_json() for m in self.by_mode],
            "by_role": [w.as_json() for w in self.by_role],
            "by_general": [w.as_json() for w in self.by_general],
            "by_player": [w.as_json() for w in self.by_player],
        }


_NAME_SEPARATORS = re.compile(r"[,;，；、]")


def player_names(header: str | None) -> tuple[str, ...]:
    """The names of a ``Players`` header, in seat order: separated by commas or
    semicolons (ASCII or full-width, or 、), blanks trimmed. A bare number is a
    count of players, not a name: no names.

    >>> player_names("Ann, Bo; 小明")
    ('Ann', 'Bo', '小明')
    >>> player_names("5")
    ()
    """
    if not header or header.strip().isdigit():
        return ()
    return tuple(n.strip() for n in _NAME_SEPARATORS.split(header) if n.strip())


class _WinTally:
    def __init__(self) -> None:
        self.played: Counter[tuple[str, str]] = Counter()
        self.decided: Counter[tuple[str, str]] = Counter()
        self.wins: Counter[tuple[str, str]] = Counter()

    def add(self, key: tuple[str, str], won: bool | None) -> None:
        self.played[key] += 1
        if won is not None:
            self.decided[key] += 1
            self.wins[key] += won

    def counts(self) -> tuple[WinCount, ...]:
        return tuple(
            WinCount(
                key, mode, self.played[key, mode], self.decided[key, mode], self.wins[key, mode]
            )
            for key, mode in sorted(self.played, key=lambda k: (k[1], k[0]))
        )


def _side_name(state: GameState, seat: int) -> str | None:
    """The role card, or (hegemony, no roles) the side the seat played for."""
    s = state.seat(seat)
    if s.role is not None:
        return s.role.value
    mode = mode_named(state.mode)
    side = mode.side(state, seat) if mode else None
    return "careerist" if side and side.startswith("careerist") else side


def _generals_taken(game: Game) -> dict[int, tuple[str, ...]]:
    taken: dict[int, tuple[str, ...]] = {}
    for move in game.moves:
        plain = unforced(move)
        if isinstance(plain, General):
            taken[plain.seat] = plain.generals
    return taken


def across_games(games: Iterable[tuple[Mapping[str, str], Game]]) -> AcrossGames:
    """Wins over ``games`` (each with its record headers).

    Roles are counted per mode (a 1v1 "lord" is not an identity lord);
    every general a seat took counts (1v1: all three); players come from the
    ``Players`` header (see :func:`player_names`), matched to seats in
    order when there are as many names as seats.
    """
    modes: dict[str, tuple[int, int, Counter[str]]] = {}
    roles, generals, people = _WinTally(), _WinTally(), _WinTally()
    total = finished = 0
    for headers, game in games:
        state = game.state
        total += 1
        count, done, winners = modes.get(state.mode, (0, 0, Counter()))
        if state.winner is not None:
            finished += 1
            done += 1
            winners[state.winner] += 1
        modes[state.mode] = (count + 1, done, winners)
        names = player_names(headers.get("Players"))
        taken = _generals_taken(game)
        for s in state.seats:
            won = seat_won(state, s.seat)
            side = _side_name(state, s.seat)
            if side:
                roles.add((side, state.mode), won)
            for g in taken.get(s.seat, s.generals):
                generals.add((g, ""), won)
            if len(names) == len(state.seats):
                people.add((names[s.seat - 1], ""), won)
        if names and len(names) != len(state.seats):
            for name in names:
                people.add((name, ""), None)
    return AcrossGames(
        games=total,
        finished=finished,
        by_mode=tuple(
            ModeResults(mode, n, done, dict(w)) for mode, (n, done, w) in sorted(modes.items())
        ),
        by_role=roles.counts(),
        by_general=generals.counts(),
        by_player=people.counts(),
    )
