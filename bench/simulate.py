"""Seeded random games: legal play from a setup to the end, for tests and benchmarks.

The simulator sits where the players sit. It reads the public state (the
phase, the top of the settlement stack, who is to act), proposes moves a
player could make, and keeps the first one the engine accepts: it never
forces a move. Hands are unknown to the engine, so a card nobody has seen
(in the deck and not located) may be "revealed" as played from a hand that
holds unseen cards, just as a camera would read it at a real table.

The players behave like a lively table: they know their own side (hidden
roles are dealt from the seed), use Sha, duels and mass tricks on enemies,
equip, lay delayed tricks, chain each other, nullify now and then, dodge and
save with the chance that their unseen cards hold a Shan or a Peach, and use
their generals' skills and their equipment the way the engine settles them:
conversions (武圣, 龙胆, 丈八蛇矛, 朱雀羽扇 ...) in the cards they use; the
skills a window offers (奸雄, 流离, 寒冰剑 ...) taken up by chance, with the
cards and targets they need, or passed; the play- and draw-phase skills (制衡,
仁德, 离间, 突袭 ...) proposed among the cards; and the judgements, choices,
takes and discards the skills then wait for. Only a skill the engine has no
rule for is entered as the generic moves it allows. ``aggression`` below 1
ends play phases early, for long games that reshuffle the deck many times.

Everything random comes from one :class:`random.Random` seeded by the
caller; the same seed and setup give the same game. The mode comes from the
setup lines, so every mode in ``engine.modes.MODES`` can be played.

>>> setup = random_setup(1, "identity", 5)
>>> setup[0]
'setup identity 5'
>>> moves = simulate(1, setup, max_moves=300)
>>> len(moves) <= 300 and moves == simulate(1, setup, max_moves=300)
True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache

from engine.cards import CardType, Colour, Element, Subtype, Suit, Target, suit_word
from engine.catalogue import standard_catalogue
from engine.derived import (
    active_skills,
    attack_range,
    attack_range_value,
    card,
    check_target,
    distance,
    distance_value,
    effects_of,
    hand_limit,
    kind,
    owned_keys,
    sha_uses_left,
    suit_for,
)
from engine.effects import AsCard, CardZone, SkipDiscard
from engine.frames import Ask, CardUse, DamageEvent, Expect, Window
from engine.generals import General, Kingdom
from engine.generals import Skill as GeneralSkill
from engine.modes import MODES, Mode
from engine.modes.zhulu import ALLY, seal_holder
from engine.moves import (
    Chain,
    Choose,
    Compare,
    Damage,
    Deal,
    Discard,
    Draw,
    End,
    ExtraTurn,
    Flip,
    Give,
    Heal,
    Judge,
    LoseHp,
    Mark,
    MaxHp,
    Move,
    MoveCards,
    Next,
    Pass,
    Recast,
    Respond,
    Reveal,
    RoleReveal,
    Show,
    Shuffle,
    Skill,
    Skip,
    Take,
    Use,
)
from engine.registry import CONVERSIONS, RULES
from engine.rules import apply
from engine.state import GameState, Phase, Role, Seat
from engine.table import IllegalMove, Table
from engine.windows import offers

# A plan is a few moves that make sense only together (a skill, then what it
# does); it is taken whole or not at all.
Plan = tuple[Move, ...]

SHA_KEYS = ("sha", "fire_sha", "thunder_sha")
ANSWERS = {
    "shan": ("shan",),
    "sha": SHA_KEYS,
    "nullification": ("nullification",),
    "tao": ("tao",),
}
HARMLESS = frozenset({"shan", "nullification"})  # never used actively
SIDE = {
    Role.LORD: "lord",
    Role.LOYALIST: "lord",
    Role.REBEL: "rebel",
    Role.RENEGADE: "renegade",
    Role.CIVILIAN: "civilian",
}
# Played only when asked for: a random setup keeps choosing among the variants it
# chose from before, so the seeded games (and samples/) stay the same.
OPT_IN_VARIANTS = frozenset({"international", "qunxiong", "reshuffle", "noname"})

_CATALOGUE = standard_catalogue()
_IDS_BY_KIND: dict[str, tuple[int, ...]] = {}
for _card in _CATALOGUE.cards:
    _IDS_BY_KIND[_card.key] = (*_IDS_BY_KIND.get(_card.key, ()), _card.id)
_SEAL = _IDS_BY_KIND["yuxi"][0]  # 逐鹿天下's 玉玺


# ---------------------------------------------------------------- setups


def valid_variants(mode: Mode, players: int) -> list[str]:
    """The variants of ``mode`` that can be played by ``players``."""
    return [v for v in mode.variants if mode.check_setup(players, v) is None]


def player_counts(mode: Mode) -> list[int]:
    """Every player count ``mode`` accepts with at least one variant."""
    return [n for n in range(mode.min_players, mode.max_players + 1) if valid_variants(mode, n)]


def random_setup(
    seed: int, mode: str, players: int, variant: str | None = None, packages: str | None = None
) -> list[str]:
    """Setup lines for a random table: ``setup``, the lord (if roles are hidden), generals.

    The variant is chosen at random unless given (those in OPT_IN_VARIANTS only
    when given). ``packages`` (``standard,ex,maneuvering,wind``): the setup line's
    packages, whose generals may sit.

    The lines are applied before they are returned, so a mode that refuses
    them fails here with the engine's reason (IllegalMove).
    """
    rng = random.Random(f"setup/{seed}/{mode}/{players}")
    m = MODES.get(mode)
    if m is None:
        raise ValueError(f"unknown mode {mode!r} (modes: {', '.join(sorted(MODES))})")
    variants = [v for v in valid_variants(m, players) if v not in OPT_IN_VARIANTS]
    if not variants:
        raise ValueError(f"{mode} cannot be played by {players} players")
    drawn = rng.choice(variants)  # drawn even when given: the rest of the setup stays the same
    variant = drawn if variant is None else variant
    lines = [f"setup {mode} {players}" + (f" variant={variant}" if variant else "")]
    if packages:
        lines[0] += f" packages={packages}"
    state = apply(GameState(), Move.parse(lines[0]))
    lord: int | None = None
    if m.roles_hidden and m.role_table(players, variant)[m.shown_role]:
        lord = 1 if rng.random() < 0.5 else rng.randint(1, players)
        lines.append(f"role {lord} {m.shown_role.value}")  # 忠胆英杰: a loyalist
    hidden = face_down(m)
    sitting = ("standard", *state.general_packages)  # the packages the setup line names
    bans = m.bans(state.variant)
    pool = [
        g
        for g in _CATALOGUE.generals
        if g.key not in bans
        and g.package in sitting
        and not (m.gods_banned and g.kingdom is Kingdom.GOD)
    ]
    rng.shuffle(pool)
    for seat in range(1, players + 1):
        fit = [g for g in pool if m.check_general(state, seat, (g,)) is None]  # 守卫剑阁's kingdoms
        chosen = _pick_generals(rng, m, fit, lord_first=seat == lord)
        for g in chosen:
            pool.remove(g)
        names = ",".join(g.key for g in chosen)
        line = f"general {seat} {names}" + (" hidden" if hidden else "")
        if m.gods_choose_kingdom and chosen[0].kingdom is Kingdom.GOD:
            line += " kingdom=" + rng.choice(("wei", "shu", "wu", "qun"))
        lines.append(line)
    for line in lines[1:]:
        state = apply(state, Move.parse(line))
    return lines


def face_down(mode: Mode) -> bool:
    """Whether generals are taken face down: in modes where revealing one picks the side (国战)."""
    return type(mode).side_on_reveal is not Mode.side_on_reveal


def _pick_generals(
    rng: random.Random, mode: Mode, pool: list[General], lord_first: bool
) -> list[General]:
    """The generals of one seat from what is left: distinct, of one kingdom if the mode says."""
    wanted = mode.generals_per_seat
    candidates = pool
    if lord_first and rng.random() < 0.6:
        lords = [g for g in pool if any(sk.lord for sk in g.skills)]
        candidates = lords + [g for g in pool if g not in lords]
    if not mode.same_kingdom_generals:
        return candidates[:wanted]
    for first in candidates:
        mates = [g for g in pool if g.kingdom is first.kingdom and g is not first]
        if len(mates) >= wanted - 1:
            return [first, *mates[: wanted - 1]]
    raise ValueError(f"{mode.name}: not enough generals of one kingdom left")


# ---------------------------------------------------------------- the player


@dataclass
class Played:
    """A simulated game: every move, the state after each, and how it stopped."""

    moves: list[Move]
    states: list[GameState]  # states[k]: after moves[:k]; states[0] is the empty state
    stuck: bool = False  # no proposed move was accepted (not over, not at the cap)
    tried: int = 0  # moves proposed, accepted or not

    @property
    def state(self) -> GameState:
        return self.states[-1]


@dataclass
class Player:
    """Proposes moves for whoever is to act, by plausible table behaviour."""

    rng: random.Random
    deck: tuple[int, ...]
    by_kind: dict[str, tuple[int, ...]]
    share: dict[str, float]  # kind -> its share of the deck
    roles: dict[int, Role] = field(default_factory=dict)  # everyone's role, hidden ones included
    teams: dict[int, str] = field(default_factory=dict)  # who plays with whom, secretly known
    # 1 plays every useful card; lower ends play phases early, for long, slow games.
    aggression: float = 1.0
    # 逐鹿天下: each seat's unseen hand cards when last looked at (who may draw the 玉玺)
    unseen_hands: dict[int, int] = field(default_factory=dict)

    @classmethod
    def for_state(cls, rng: random.Random, state: GameState, aggression: float = 1.0) -> Player:
        deck = tuple(sorted(state.deck))
        by_kind = {k: tuple(c for c in ids if c in state.deck) for k, ids in _IDS_BY_KIND.items()}
        share = {k: len(ids) / max(len(deck), 1) for k, ids in by_kind.items()}
        player = cls(rng, deck, by_kind, share, aggression=aggression)
        player.deal_roles(state)
        return player

    def deal_roles(self, state: GameState) -> None:
        """The roles nobody has shown yet, dealt at random from the mode's role table,
        and from them (or the kingdoms, or the mode's sides) who plays with whom."""
        mode = MODES[state.mode]
        table = mode.role_table(state.players, state.variant)
        for s in state.seats:
            if s.role is not None:
                self.roles[s.seat] = s.role
                table[s.role] -= 1
        hidden = [r for r, n in sorted(table.items(), key=lambda kv: kv[0].value) for _ in range(n)]
        self.rng.shuffle(hidden)
        for s in state.seats:
            if s.role is None and hidden:
                self.roles[s.seat] = hidden.pop()
        for s in state.seats:
            role = self.roles.get(s.seat)
            team: str | None
            if face_down(mode):
                team = s.kingdom
            elif mode.roles_hidden:
                alone = (Role.RENEGADE, Role.CIVILIAN)  # each plays for himself
                team = SIDE[role] if role is not None and role not in alone else None
            else:
                team = mode.side(state, s.seat)
            self.teams[s.seat] = team or f"seat {s.seat}"

    # ------------------------------------------------------------ cards

    def unseen(self, state: GameState, pool: Sequence[int] | None = None) -> int | None:
        """A card nobody has seen (not located), from ``pool`` or the whole deck."""
        ids = self.deck if pool is None else pool
        if not ids:
            return None
        where = state.where
        rng = self.rng
        for _ in range(6):
            c = ids[rng.randrange(len(ids))]
            if c not in where:
                return c
        free = [c for c in ids if c not in where]
        return free[rng.randrange(len(free))] if free else None

    def unseen_many(self, state: GameState, count: int) -> tuple[int, ...]:
        """``count`` different unseen cards, or none if there are not that many."""
        free = [c for c in self.deck if c not in state.where]
        return tuple(self.rng.sample(free, count)) if len(free) >= count else ()

    def unseen_of(self, state: GameState, keys: Sequence[str]) -> int | None:
        pool = [c for k in keys for c in self.by_kind.get(k, ())]
        return self.unseen(state, pool)

    def holds(
        self, state: GameState, seat: int, keys: Sequence[str], eager: float = 1.0
    ) -> int | None:
        """A card of one of ``keys`` the seat can show: a known hand card, or an unseen one
        with the chance that one of its unseen cards is of that kind."""
        s = state.seat(seat)
        for c in s.hand:
            if card(c).key in keys:
                return c
        if s.hand_unknown <= 0:
            return None
        share = sum(self.share.get(k, 0.0) for k in keys)
        chance = 1.0 - (1.0 - share) ** s.hand_unknown
        if self.rng.random() >= chance * eager:
            return None
        return self.unseen_of(state, keys)

    def conversion(
        self, state: GameState, seat: int, keys: Sequence[str], eager: float = 1.0
    ) -> tuple[int, str] | None:
        """A card the seat's skills let it use as one of ``keys`` (武圣, 龙胆, 倾国 ...)."""
        s = state.seat(seat)
        effects = [
            e
            for sk, e in effects_of(s)
            if isinstance(e, AsCard) and e.card in keys and sk.key not in _off_table(state, s)
        ]
        if not effects or self.rng.random() >= 0.5 * eager:
            return None
        effect = self.rng.choice(effects)

        def fits(c: int) -> bool:
            face = card(c)
            return (
                (effect.colour is None or face.colour is effect.colour)
                and (effect.suit is None or face.suit is effect.suit)
                and (effect.from_card is None or face.key == effect.from_card)
                and face.key != effect.card
            )

        known = [c for c in s.hand if fits(c)]
        if effect.zone is CardZone.HAND_OR_EQUIPMENT:
            known += [c for c in s.equipment if fits(c)]
        if known and self.rng.random() < 0.5:
            return self.rng.choice(known), effect.card
        if s.hand_unknown <= 0:
            return None
        pool = [c for c in self.deck if fits(c)]
        c = self.unseen(state, pool)
        return (c, effect.card) if c is not None else None

    def answer(
        self, state: GameState, seat: int, keys: Sequence[str], eager: float = 1.0
    ) -> tuple[int, str | None] | None:
        c = self.holds(state, seat, keys, eager)
        if c is not None:
            return c, None
        return self.conversion(state, seat, keys, eager)

    def hand_card(self, state: GameState, seat: int) -> int | None:
        """One hand card of the seat, named: a known one, or an unseen one revealed,
        in proportion to how many of each the hand holds."""
        s = state.seat(seat)
        if s.hand and self.rng.randrange(s.hand_count) < len(s.hand):
            return self.rng.choice(s.hand)
        return self.unseen(state) if s.hand_unknown else None

    def spend(
        self,
        state: GameState,
        seat: int,
        count: int,
        equipment: bool = False,
        keep: Sequence[int | None] = (),
    ) -> tuple[tuple[int, ...], int] | None:
        """``count`` of the seat's own cards for a skill to spend or give: some known
        (hand, and equipment if allowed, never those in ``keep``), the rest unseen hand
        cards (``xN``); None if the seat has fewer."""
        s = state.seat(seat)
        known = [c for c in (*s.hand, *(s.equipment if equipment else ())) if c not in keep]
        if count < 1 or len(known) + s.hand_unknown < count:
            return None
        low = max(0, count - s.hand_unknown)
        named = self.rng.sample(known, self.rng.randint(low, min(len(known), count)))
        return tuple(named), count - len(named)

    # ------------------------------------------------------------ sides

    def enemies(self, a: int, b: int) -> bool:
        return self.teams.get(a, a) != self.teams.get(b, b)

    def friends(self, a: int, b: int) -> bool:
        return a == b or not self.enemies(a, b)

    def pick(self, seat: int, seats: Sequence[int], hostile: bool) -> int | None:
        """One of ``seats`` for a skill: mostly an enemy (``hostile``) or a friend."""
        if not seats:
            return None
        side = [t for t in seats if self.enemies(seat, t) == hostile]
        if side and self.rng.random() < 0.85:
            return self.rng.choice(side)
        return self.rng.choice(seats)

    def choose_target(
        self, state: GameState, seat: int, key: str, cards: tuple[int, ...], hostile: bool = True
    ) -> int | None:
        k = kind(key)
        legal = [
            s.seat
            for s in state.seats
            if s.alive and check_target(state, seat, k, s.seat, cards).legal
        ]
        if not legal:
            return None
        rng = self.rng
        if hostile:
            foes = [t for t in legal if self.enemies(seat, t)]
            if foes and rng.random() < 0.9:
                if self.roles.get(seat) is Role.REBEL and rng.random() < 0.5:
                    lords = [t for t in foes if self.roles.get(t) is Role.LORD]
                    if lords:
                        return lords[0]
                return rng.choice(foes)
            if rng.random() < 0.7:
                return None
        return rng.choice(legal)

    def seal_drawn(self, state: GameState) -> Iterator[Plan]:
        """逐鹿天下's 玉玺 while unseen: a seat whose unseen hand grew may have drawn it, as
        likely as the new cards' share of the pile; it is shown and used at once."""
        for s in state.living:
            gained = s.hand_unknown - self.unseen_hands.get(s.seat, s.hand_unknown)
            self.unseen_hands[s.seat] = s.hand_unknown
            if gained > 0 and self.rng.random() < gained / (state.draw_pile + gained):
                yield (Use(s.seat, (_SEAL,)),)

    # ------------------------------------------------------------ proposals

    def proposals(self, state: GameState) -> Iterator[Plan]:
        if state.over:
            yield from self.after_the_end(state)
            return
        if _SEAL in state.deck and _SEAL not in state.where:
            yield from self.seal_drawn(state)
        if state.stack:
            top = state.stack[-1]
            if isinstance(top, Window):
                yield from self.on_window(state, top)
            elif isinstance(top, Ask):
                yield from self.on_ask(state, top)
            elif isinstance(top, Expect):
                yield from self.on_expect(state, top)
            yield (Pass(),)
            yield (Next(),)
            return
        phase = state.turn.phase
        if phase is Phase.SETUP:
            yield (Deal(),)
            yield (Next(),)
            return
        seat = state.turn.seat
        hidden = state.seat(seat).hidden
        if hidden and self.rng.random() < 0.3:
            yield (Reveal(seat, self.rng.choice(hidden)),)
        if phase is Phase.PLAY:
            yield from self.play_phase(state, seat)
        elif phase is Phase.DISCARD:
            yield from self.discard_phase(state, seat)
        yield (Next(),)

    def after_the_end(self, state: GameState) -> Iterator[Plan]:
        """Everyone shows their role; then the winner is written down."""
        for s in state.seats:
            role = self.roles.get(s.seat)
            if s.role is None and role is not None:
                yield (RoleReveal(s.seat, role.value),)
                return

    # ------------------------------------------------------------ asks

    def on_ask(self, state: GameState, top: Ask) -> Iterator[Plan]:
        rng = self.rng
        if top.anyone:
            waiting = [s for s in top.seats if s not in top.passed and state.seat(s).alive]
            if waiting and rng.random() < 0.35 * 0.5**top.got:
                rng.shuffle(waiting)
                for seat in waiting[:3]:
                    found = self.answer(state, seat, ANSWERS.get(top.want, (top.want,)))
                    if found:
                        yield (Respond(seat, (found[0],), found[1]),)
                        break
            if waiting and rng.random() < 0.1:
                yield (Pass(rng.choice(waiting)),)
            return
        seat = top.asked
        s = state.seat(seat)
        keys = ANSWERS.get(top.want, (top.want,))
        if top.helping:
            # 护驾 / 激将: a seat plays the card for its lord only if it is on his side.
            if self.friends(seat, top.for_seat) and rng.random() < 0.8:
                found = self.answer(state, seat, keys)
                if found:
                    yield (Respond(seat, (found[0],), found[1]),)
            yield (Pass(seat),)
            return
        if top.want == "shan":
            if (
                not top.judged
                and (
                    (s.armour is not None and card(s.armour).key == "eight_diagram")
                    or (s.armour is None and "bazhen" in owned_keys(s))  # 八阵
                )
                and rng.random() < 0.9
            ):
                c = self.unseen(state)
                if c is not None:
                    yield (Judge(seat, c),)
            found = self.answer(state, seat, keys)
            if found:
                yield (Respond(seat, (found[0],), found[1]),)
        elif top.want == "sha":
            found = self.answer(state, seat, keys, eager=0.8)
            if found:
                if top.for_seat and rng.random() < 0.5:
                    yield (Use(seat, (found[0],), found[1], (top.for_seat,)),)
                yield (Respond(seat, (found[0],), found[1]),)
        elif top.want == "tao":
            dying = top.for_seat
            if self.friends(seat, dying):
                options = ("tao", "jiu") if seat == dying else ("tao",)
                found = self.answer(state, seat, options)
                if found:
                    yield (Respond(seat, (found[0],), found[1]),)
            elif rng.random() < 0.3:
                yield (Pass(),)  # nobody else will save them
        else:
            found = self.answer(state, seat, keys)
            if found:
                yield (Respond(seat, (found[0],), found[1]),)
        yield (Pass(seat),)

    # ------------------------------------------------------------ windows

    def on_window(self, state: GameState, top: Window) -> Iterator[Plan]:
        """The seat asked uses one of the skills it is offered, or passes."""
        rng = self.rng
        seat = top.asked
        event = state.stack[-2] if len(state.stack) > 1 else None
        usable = usable_keys(state, state.seat(seat))
        offered = offers(Table(state), top.point, seat, event, top.declined)
        keys = [k for k in offered if k in usable]
        rng.shuffle(keys)
        for key in keys:
            if rng.random() < self.eagerness(state, seat, key, event):
                yield from self.window_skill(state, seat, key, event)
        if rng.random() < 0.05:
            yield (Pass(),)  # "nobody uses anything": the whole window closes
        yield (Pass(seat),)

    def eagerness(self, state: GameState, seat: int, key: str, event: object) -> float:
        """The chance ``seat`` uses ``key`` when offered: most skills only help their
        owner; a few cost cards or depend on whom they hit."""
        if key == "ice_sword" and isinstance(event, DamageEvent):
            # Discarding a friend's cards spares their HP; an enemy is better hurt.
            return 0.9 if self.friends(seat, event.target) else 0.35
        if key in ("axe", "blade") and isinstance(event, CardUse):
            # Cards spent to press a dodged Sha home: worth it on an enemy only.
            return 0.8 if self.enemies(seat, event.target) else 0.1
        if key in ("guicai", "liuli"):
            return 0.5
        if key == "shensu":  # 神速 (风): a phase given up for a Sha
            return 0.3
        if key in ("hujia", "jijiang"):
            return 0.7
        return 0.9

    def window_skill(self, state: GameState, seat: int, key: str, event: object) -> Iterator[Plan]:
        """``key`` used at a window, with the cards and targets it needs."""
        rng = self.rng
        s = state.seat(seat)
        if key == "blade" and isinstance(event, CardUse):
            # 青龙偃月刀: the follow-up is the second Sha itself, on the same target.
            found = self.answer(state, seat, SHA_KEYS)
            if found is not None:
                targets = (event.target,) if rng.random() < 0.7 else ()
                yield (Use(seat, (found[0],), found[1], targets),)
        elif key == "yiji" and isinstance(event, DamageEvent):
            count = 2 * event.amount
            friends = [o.seat for o in state.seats if o.alive and self.friends(seat, o.seat)]
            roll = rng.random()
            if roll < 0.4:
                yield (Skill(seat, key),)  # all to himself
            elif roll < 0.7:
                yield (Skill(seat, key, targets=(rng.choice(friends),)),)
            else:
                yield (Skill(seat, key, targets=tuple(rng.choices(friends, k=count))),)
        elif key == "fangzhu":  # 放逐: another player draws and turns over
            others = [o.seat for o in state.seats if o.alive and o.seat != seat]
            yield (Skill(seat, key, targets=(rng.choice(others),)),)
        elif key == "guicai":
            c = self.hand_card(state, seat)
            if c is not None:
                yield (Skill(seat, key, (c,)),)
        elif key == "liuli" and isinstance(event, CardUse):
            spent = self.spend(state, seat, 1, equipment=True)
            if spent is None:
                return
            cards, unknown = spent
            sha = kind(event.kind)
            onto = [
                o.seat
                for o in state.seats
                if o.alive
                and o.seat not in (seat, event.user)
                and check_target(state, seat, sha, o.seat, cards).legal
            ]
            target = self.pick(seat, onto, hostile=True)
            if target is not None:
                yield (Skill(seat, key, cards, (target,), unknown),)
        elif key == "axe":
            spent = self.spend(state, seat, 2, equipment=True, keep=(s.weapon,))
            if spent is not None:
                yield (Skill(seat, key, spent[0], (), spent[1]),)
        elif key == "feiyang":
            # 飞扬 (斗地主): two cards for a delayed trick of his judgement zone.
            spent = self.spend(state, seat, 2, equipment=True)
            if spent is not None:
                judged = [d.card for d in s.judgement]
                named = (rng.choice(judged),) if len(judged) > 1 else ()
                yield (Skill(seat, key, spent[0] + named, (), spent[1]),)
        elif key == "xiuluo":
            # 修罗 (虎牢关): a hand card whose suit is a delayed trick's in his zone.
            for d in s.judgement:
                same = [c for c in s.hand if card(c).suit is card(d.card).suit]
                if same:
                    named = (d.card,) if len(s.judgement) > 1 else ()
                    yield (Skill(seat, key, (rng.choice(same), *named)),)
                    return
        elif key == "shensu":
            # 神速 (风): a Sha on an enemy; at the play phase's start, an equipment card.
            others = [o.seat for o in state.seats if o.alive and o.seat != seat]
            target = self.pick(seat, others, hostile=True)
            if target is None:
                return
            if state.turn.phase is Phase.PLAY:
                gear = [c for c in (*s.equipment, *s.hand) if kind(card(c).key).type is _GEAR]
                if gear:
                    yield (Skill(seat, key, (rng.choice(gear),), (target,)),)
            else:
                yield (Skill(seat, key, (), (target,)),)
        elif key == "jieming" and isinstance(event, DamageEvent):
            # 节命: one player (mostly a friend) for each point of damage
            friends = [o.seat for o in state.seats if o.alive and self.friends(seat, o.seat)]
            yield (Skill(seat, key, targets=tuple(rng.choices(friends, k=event.amount))),)
        elif key == "yinghun":  # 英魂: a friend draws X (or an enemy discards X)
            others = [o.seat for o in state.seats if o.alive and o.seat != seat]
            target = self.pick(seat, others, hostile=rng.random() < 0.4)
            if target is not None:
                yield (Skill(seat, key, targets=(target,)),)
        elif key == "kylin_bow" and isinstance(event, DamageEvent):
            victim = state.seat(event.target)
            horses = [h for h in (victim.defensive_horse, victim.offensive_horse) if h]
            if horses:
                yield (Skill(seat, key, (rng.choice(horses),)),)
        elif key == "qixing":  # 七星: some hand cards swapped with as many 星, unseen
            most = min(s.hand_count, len(s.on_general) + s.on_general_unknown)
            if most:
                yield (Skill(seat, key, unknown=rng.randint(1, most)),)
        elif key in ("kuangfeng", "dawu"):  # 狂风 / 大雾: 星 turned up, one per player
            stars = len(s.on_general) + s.on_general_unknown
            living = [o.seat for o in state.seats if o.alive]
            count = 1 if key == "kuangfeng" else rng.randint(1, min(stars, len(living), 2))
            hostile = key == "kuangfeng"
            chosen = {self.pick(seat, living, hostile=hostile) for _ in range(count)}
            marked = tuple(sorted(c for c in chosen if c is not None))
            shown = list(s.on_general[: len(marked)])
            shown += self.unseen_many(state, len(marked) - len(shown)) if marked else ()
            if marked and len(shown) == len(marked):
                yield (Skill(seat, key, tuple(shown), marked),)
        elif key == "leiji":  # 雷击 (风): an enemy judges
            target = self.pick(seat, [o.seat for o in state.seats if o.alive], hostile=True)
            if target is not None:
                yield (Skill(seat, key, targets=(target,)),)
        elif key == "guidao":  # 鬼道 (风): a black card of his
            black = [c for c in (*s.hand, *s.equipment) if card(c).colour is Colour.BLACK]
            c = rng.choice(black) if black else self.unseen_of(state, _BLACK_KEYS)
            if c is not None and (black or s.hand_unknown):
                yield (Skill(seat, key, (c,)),)
        elif key == "tianxiang":  # 天香 (风): a heart (or, 红颜, a spade) onto another
            hearts = [c for c in s.hand if suit_for(state, seat, c) is Suit.HEART]
            c = rng.choice(hearts) if hearts else None
            if c is None and s.hand_unknown:
                c = self.unseen(state, [x for x in self.deck if card(x).suit is Suit.HEART])
            others = [o.seat for o in state.seats if o.alive and o.seat != seat]
            target = self.pick(seat, others, hostile=True)
            if c is not None and target is not None:
                yield (Skill(seat, key, (c,), (target,)),)
        else:  # the rest take no cards or targets: what they do follows by itself
            yield (Skill(seat, key),)

    # ------------------------------------------------------------ expectations

    def on_expect(self, state: GameState, top: Expect) -> Iterator[Plan]:
        rng = self.rng
        seat = top.seat
        what = top.what
        if what == "draw":
            yield from self.draw_phase(state, seat, top)
        elif what == "judge":
            c = self.unseen(state)
            if c is not None:
                yield (Judge(seat, c),)
        elif what == "role":
            role = self.roles.get(seat)
            if role is not None:
                yield (RoleReveal(seat, role.value),)
            for r in Role:
                yield (RoleReveal(seat, r.value),)
        elif what == "reveal_hidden":
            # 忠胆英杰: the hidden lord shows himself (any seat may be asked).
            for other, role in self.roles.items():
                if role.value in top.options and state.seat(other).role is None:
                    yield (RoleReveal(other, role.value),)
        elif what in ("discard_one", "take_one"):
            yield from self.one_card_of(state, top)
        elif what == "compare":  # 拼点: a seat that has not laid its card lays one
            for fighter in (top.seat, top.other):
                if fighter not in top.counts:
                    c = self.hand_card(state, fighter)
                    if c is not None:
                        yield (Compare(fighter, c),)
        elif what == "take_shown":
            # 反间: the card taken is shown, so it is named.
            c = self.hand_card(state, top.other)
            if c is not None:
                yield (Take(seat, top.other, (c,)),)
        elif what == "compare":  # 拼点 (驱虎 ...): the asker lays a hand card, then the other
            layer = top.other if top.counts else seat
            c = self.hand_card(state, layer)
            if c is not None:
                yield (Compare(layer, c),)
        elif what in ("choose", "successor"):  # a skill's option; 新1V1's next general
            first = rng.choice(top.options)
            yield (Choose(seat, first),)
            for option in top.options:  # one may be refused (蛊惑's card needs a target)
                if option != first:
                    yield (Choose(seat, option),)
        elif what == "shown":  # a face-down card turned up (蛊惑)
            c = self.hand_card(state, seat)
            if c is not None:
                yield (Show(seat, (c,)),)
        elif what in ("discard_or_damage", "discard_or_draw", "discard_or_pass"):
            # 刚烈 / 雌雄双股剑: pay with hand cards, or let the other effect happen.
            need = top.counts[0] if top.counts else 1
            if rng.random() < 0.55:
                spent = self.spend(state, seat, need)
                if spent is not None:
                    yield (Discard(seat, *spent),)
            yield (Pass(seat),)
        elif what == "show":
            s = state.seat(seat)
            if s.hand and (s.hand_unknown == 0 or rng.random() < 0.5):
                yield (Show(seat, (rng.choice(s.hand),)),)
            c = self.unseen(state) if s.hand_unknown else None
            if c is not None:
                yield (Show(seat, (c,)),)
        elif what == "fire_discard":
            s = state.seat(seat)
            suited = [c for c in s.hand if suit_word(card(c)) == top.suit]
            if suited:
                yield (Discard(seat, (suited[0],)),)
            elif s.hand_unknown and rng.random() < 1 - 0.75**s.hand_unknown:
                pool = [c for c in self.deck if suit_word(card(c)) == top.suit]
                c = self.unseen(state, pool)
                if c is not None:
                    yield (Discard(seat, (c,)),)
            yield (Pass(seat),)
        elif what == "discard_n":  # 英魂, 神愤: that many cards (equipment too if asked)
            spent = self.spend(state, seat, top.counts[0], equipment="e" in top.zones)
            if spent is not None:
                yield (Discard(seat, *spent),)
        elif what == "give":  # 好施: half the hand to one of the fewest
            spent = self.spend(state, seat, top.counts[0])
            if spent is not None:
                for to in top.options:
                    yield (Give(seat, int(to), *spent),)
        elif what == "use_sha":  # 乱武: a Sha on one of the nearest, or 1 HP lost
            found = self.answer(state, seat, SHA_KEYS)
            if found is not None and top.counts:
                yield (Use(seat, (found[0],), found[1], (rng.choice(top.counts),)),)
            yield (Pass(seat),)
        elif what == "reveal":
            count = top.counts[0] if top.counts else 1
            cards = self.unseen_many(state, count)
            if cards:
                plan: Plan = (MoveCards(cards, "processing", "pile"),)
                if state.draw_pile < count and (state.discard_pile or state.discard_unknown):
                    plan = (Shuffle(), *plan)
                yield plan
        elif what == "compare":  # 拼点 (烈刃 ...): each of the two lays a hand card
            for who in (top.seat, top.other):
                if who not in top.counts:
                    c = self.hand_card(state, who)
                    if c is not None:
                        yield (Compare(who, c),)
                    break
        elif what == "pick":
            used = {
                c
                for f in state.stack
                if isinstance(f, CardUse) and f.kind == "amazing_grace"
                for c in f.cards
            }
            shown = [c for c in state.processing if c not in used]
            if shown:
                taken = rng.choice(shown)
                yield (MoveCards((taken,), f"hand:{seat}"),)
                for c in shown:  # 涉猎: one of a suit not taken yet
                    if c != taken:
                        yield (MoveCards((c,), f"hand:{seat}"),)

    def one_card_of(self, state: GameState, top: Expect) -> Iterator[Plan]:
        """One card of ``top.other`` from the zones asked (过河拆桥 / 顺手牵羊: any;
        反馈: hand or equipment; 突袭: hand; 寒冰剑: hand or equipment)."""
        rng = self.rng
        zones = top.zones or "hej"
        victim = state.seat(top.other)
        options: list[tuple[tuple[int, ...], int]] = []
        if "e" in zones:
            options += [((c,), 0) for c in victim.equipment]
        if "j" in zones:
            options += [((d.card,), 0) for d in victim.judgement]
        if "h" in zones:
            options += [((c,), 0) for c in victim.hand]
            if victim.hand_unknown:
                options += [((), 1)] * 3
                c = self.unseen(state)
                if c is not None:
                    options.append(((c,), 0))
        rng.shuffle(options)
        for cards, unknown in options[:3]:
            if top.what == "discard_one":
                yield (Discard(top.other, cards, unknown),)
            else:
                yield (Take(top.seat, top.other, cards, unknown),)

    def draw_phase(self, state: GameState, seat: int, top: Expect) -> Iterator[Plan]:
        rng = self.rng
        s = state.seat(seat)
        mine = usable_keys(state, s)
        if "tuxi" in mine and rng.random() < 0.45:
            # 突袭: a hand card from each of one or two others instead of drawing.
            others = [
                o.seat for o in state.seats if o.alive and o.seat != seat and o.hand_count > 0
            ]
            first = self.pick(seat, others, hostile=True)
            if first is not None:
                targets = [first]
                rest = [o for o in others if o != first]
                if rest and rng.random() < 0.6:
                    targets.append(rng.choice(rest))
                yield (Skill(seat, "tuxi", targets=tuple(targets)),)
        if "shuangxiong" in mine and rng.random() < 0.5:
            yield (Skill(seat, "shuangxiong"),)  # 双雄: a judgement instead of the draw
        if "shelie" in mine and rng.random() < 0.5:
            yield (Skill(seat, "shelie"),)  # 涉猎 (风): five cards turned over instead
        if (
            "luoyi" in mine
            and f"{seat}:luoyi" not in state.turn.flags
            and max(top.counts, default=0) >= 2  # the engine cannot go on from a draw of 0
            and rng.random() < 0.4
        ):
            yield (Skill(seat, "luoyi"),)  # one card fewer for harder Sha and Duels
        if "zaiqi" in mine and s.wounded and rng.random() < 0.6:
            yield (Skill(seat, "zaiqi"),)  # 再起: turn over cards instead of drawing
        if "haoshi" in mine and rng.random() < 0.6:
            yield (Skill(seat, "haoshi"),)  # 好施: two more (half may go to the fewest)
        counts = [n for n in top.counts if n > 0]
        if not counts:
            return
        n = rng.choice(counts)
        if rng.random() < 0.1:
            known = self.unseen_many(state, min(n, 2))
            yield (Draw(seat, n - len(known), known),)
        yield (Draw(seat, n),)

    # ------------------------------------------------------------ own turn

    def discard_phase(self, state: GameState, seat: int) -> Iterator[Plan]:
        rng = self.rng
        s = state.seat(seat)
        excess = s.hand_count - hand_limit(state, seat).value
        if excess <= 0:
            return
        may_skip = any(
            isinstance(e, SkipDiscard) and sk.key not in _off_table(state, s)
            for sk, e in effects_of(s)
        )
        if may_skip and rng.random() < 0.7:
            yield (Next(),)
        # Every card named or counted must be a different hand card.
        fewest = max(0, excess - s.hand_unknown)
        known = rng.sample(s.hand, rng.randint(fewest, min(len(s.hand), excess)))
        rest = excess - len(known)
        shown = self.unseen_many(state, rng.randint(0, rest)) if rest else ()
        yield (Discard(seat, (*known, *shown), rest - len(shown)),)
        yield (Discard(seat, tuple(s.hand[:excess]), max(excess - len(s.hand), 0)),)

    def play_phase(self, state: GameState, seat: int) -> Iterator[Plan]:
        rng = self.rng
        s = state.seat(seat)
        if s.hand_count == 0 and rng.random() < 0.8:
            return
        if rng.random() < 0.12 or rng.random() >= self.aggression:
            return  # done for this phase: the caller proposes Next
        if rng.random() < 0.3:
            yield from self.play_skills(state, seat)
        if rng.random() < 0.02:
            yield from self.by_hand(state, seat)
        if CONVERSIONS.keys() & owned_keys(s):  # 乱击, 双雄: conversions a rule decides
            yield from self.rule_conversions(state, seat)
        for _ in range(5):
            picked = self.pick_to_use(state, seat)
            if picked is None:
                continue
            c, as_kind = picked
            yield from self.uses(state, seat, c, as_kind)

    def rule_conversions(self, state: GameState, seat: int) -> Iterator[Plan]:
        """乱击: two hand cards of one suit as 万箭齐发; 双雄 in force: a card of the
        other colour than the judgement's as 决斗."""
        rng = self.rng
        s = state.seat(seat)
        mine = usable_keys(state, s)
        if "luanji" in mine and s.hand_count >= 2 and rng.random() < 0.3:
            suit = rng.choice(list(Suit))
            known = [c for c in s.hand if card(c).suit is suit][:2]
            need = 2 - len(known)
            free = [c for c in self.deck if c not in state.where and card(c).suit is suit]
            if need <= s.hand_unknown and len(free) >= need:
                pair = (*known, *rng.sample(free, need))
                yield (Use(seat, pair, "archery_attack", ()),)
        flags = state.turn.flags
        for judged, other in (("red", Colour.BLACK), ("black", Colour.RED)):
            if f"{seat}:shuangxiong_{judged}" in flags and rng.random() < 0.5:
                known = [c for c in s.hand if card(c).colour is other]
                pool = [c for c in self.deck if card(c).colour is other]
                c = rng.choice(known) if known else self.unseen(state, pool)
                duel = kind("duel")
                rivals = [
                    o.seat
                    for o in state.seats
                    if o.alive and o.seat != seat and check_target(state, seat, duel, o.seat).legal
                ]
                target = self.pick(seat, rivals, hostile=True)
                if c is not None and target is not None and (known or s.hand_unknown):
                    yield (Use(seat, (c,), "duel", (target,)),)

    def pick_to_use(self, state: GameState, seat: int) -> tuple[int, str | None] | None:
        rng = self.rng
        s = state.seat(seat)
        conversion = self.conversion(state, seat, ("sha", "indulgence", "dismantlement"), eager=0.3)
        if conversion is not None:
            return conversion
        halberd = s.weapon is not None and card(s.weapon).key == "halberd" and s.hand_count == 1
        if s.weapon is not None and rng.random() < (0.8 if halberd else 0.4):
            # A weapon equipped invites an attack (and the use of its effect).
            sha = self.holds(state, seat, SHA_KEYS)
            if sha is not None:
                return sha, None
        if s.hand and (s.hand_unknown == 0 or rng.random() < 0.3):
            c = rng.choice(s.hand)
        elif s.hand_unknown > 0:
            found = None
            for _ in range(4):
                found = self.unseen(state)
                if found is not None and card(found).key not in HARMLESS:
                    break
            if found is None:
                return None
            c = found
        else:
            return None
        return (c, None) if card(c).key not in HARMLESS else None

    def uses(self, state: GameState, seat: int, c: int, as_kind: str | None) -> Iterator[Plan]:
        """Ways to use card ``c`` (as ``as_kind``) now."""
        rng = self.rng
        s = state.seat(seat)
        key = as_kind or card(c).key
        k = kind(key)
        cards = (c,)
        if k.type is CardType.EQUIPMENT:
            yield (Use(seat, cards, as_kind),)
            return
        if key in SHA_KEYS:
            left = sha_uses_left(state, seat, cards)
            if left is not None and left <= 0:
                return
            target = self.choose_target(state, seat, key, cards)
            if target is None:
                return
            weapon = card(s.weapon).key if s.weapon is not None else ""
            if weapon == "fan" and as_kind is None and key == "sha" and rng.random() < 0.6:
                as_kind = "fire_sha"  # 朱雀羽扇: an ordinary Sha used as a fire Sha
            use = Use(seat, cards, as_kind, (target,))
            if weapon == "halberd" and s.hand_count == 1 and rng.random() < 0.8:
                more = self.halberd_targets(state, seat, key, cards, target)
                if more:
                    yield (Use(seat, cards, as_kind, (target, *more)),)
            if state.turn.jiu_used == 0 and s.hand_unknown >= 2 and rng.random() < 0.15:
                jiu = self.unseen_of(state, ("jiu",))
                if jiu is not None:
                    yield (Use(seat, (jiu,)), use)
            two_cards = self.spear(state, seat, target)
            if two_cards is not None:
                yield two_cards
            yield (use,)
            return
        if key == "jiu":
            if state.turn.jiu_used == 0 and rng.random() < 0.5:
                yield (Use(seat, cards, as_kind),)
            return
        if key == "tao":
            if s.wounded:
                yield (Use(seat, cards, as_kind),)
            return
        plan: Plan | None = None
        if k.target in (Target.SELF, Target.ALL, Target.ALL_OTHERS):
            plan = (Use(seat, cards, as_kind),)
        elif key == "iron_chain":
            plan = self.iron_chain(state, seat, c)
        elif key == "collateral":
            plan = self.collateral(state, seat, c)
        else:
            target = self.choose_target(state, seat, key, cards, hostile=key != "snatch")
            if target is not None:
                plan = (Use(seat, cards, as_kind, (target,)),)
        if plan is not None:
            yield plan

    def halberd_targets(
        self, state: GameState, seat: int, key: str, cards: tuple[int, ...], first: int
    ) -> tuple[int, ...]:
        """方天画戟: one or two more targets for a Sha that is the last hand card."""
        k = kind(key)
        legal = [
            o.seat
            for o in state.seats
            if o.alive
            and o.seat != first
            and self.enemies(seat, o.seat)
            and check_target(state, seat, k, o.seat, cards).legal
        ]
        self.rng.shuffle(legal)
        return tuple(legal[: self.rng.choice((1, 2))])

    def spear(self, state: GameState, seat: int, target: int) -> Plan | None:
        """丈八蛇矛: two hand cards as a Sha."""
        s = state.seat(seat)
        if s.weapon is None or card(s.weapon).key != "spear" or s.hand_unknown < 2:
            return None
        if self.rng.random() >= 0.3:
            return None
        pair = self.unseen_many(state, 2)
        return (Use(seat, pair, "sha", (target,)),) if pair else None

    def iron_chain(self, state: GameState, seat: int, c: int) -> Plan | None:
        rng = self.rng
        if rng.random() < 0.25:
            return (Recast(seat, c),)
        k = kind("iron_chain")
        legal = [
            s.seat for s in state.seats if s.alive and check_target(state, seat, k, s.seat).legal
        ]
        if not legal:
            return None
        chosen = sorted(rng.sample(legal, min(len(legal), rng.choice((1, 2, 2)))))
        return (Use(seat, (c,), None, tuple(chosen)),)

    def collateral(self, state: GameState, seat: int, c: int) -> Plan | None:
        k = kind("collateral")
        wielders = [
            s.seat for s in state.seats if s.alive and check_target(state, seat, k, s.seat).legal
        ]
        self.rng.shuffle(wielders)
        for w in wielders:
            reach = attack_range(state, w).value
            victims = []
            for v in state.seats:
                if not v.alive or v.seat == w:
                    continue
                d = distance(state, w, v.seat)
                if d is not None and d.value <= reach:
                    victims.append(v.seat)
            if victims:
                return (Use(seat, (c,), None, (w, self.rng.choice(victims))),)
        return None

    # ------------------------------------------------------------ active skills

    def play_skills(self, state: GameState, seat: int) -> Iterator[Plan]:
        """The seat's play-phase skills (仁德, 制衡, 苦肉 ...), with cards and targets."""
        s = state.seat(seat)
        used = dict(state.turn.skill_uses)
        keys = [
            key
            for key in sorted(usable_keys(state, s) | _lent_keys(state, seat))
            if key in RULES
            and Phase.PLAY in RULES[key].phases
            and not (
                RULES[key].limit_per_phase
                and used.get(f"{seat}:{key}", 0) >= RULES[key].limit_per_phase
            )
        ]
        self.rng.shuffle(keys)
        for key in keys:
            plan = self.active_skill(state, seat, key)
            if plan is not None:
                yield plan

    def active_skill(self, state: GameState, seat: int, key: str) -> Plan | None:
        rng = self.rng
        s = state.seat(seat)
        others = [o.seat for o in state.seats if o.alive and o.seat != seat]
        if key == "zhiheng":
            n = rng.randint(1, max(1, min(s.card_count, 4)))
            spent = self.spend(state, seat, n, equipment=True)
            return (Skill(seat, key, spent[0], (), spent[1]),) if spent else None
        if key == "rende":
            n = rng.randint(1, max(1, min(s.hand_count, 3)))
            spent = self.spend(state, seat, n)
            target = self.pick(seat, others, hostile=False)
            if spent is None or target is None:
                return None
            return (Skill(seat, key, spent[0], (target,), spent[1]),)
        if key == "jiemeng":
            # 结盟 (逐鹿天下): ask a seat with no ally (never the 玉玺's holder, who has
            # none), or, allied, a card for a draw each.
            ally = s.mark(ALLY)
            if ally:
                spent = self.spend(state, seat, 1, equipment=True)
                return (Skill(seat, key, spent[0], (ally,), spent[1]),) if spent else None
            holder = seal_holder(state)
            free = [o for o in others if not state.seat(o).mark(ALLY) and o != holder]
            target = self.pick(seat, free, hostile=False) if holder != seat else None
            return (Skill(seat, key, targets=(target,)),) if target is not None else None
        if key == "kurou":
            # Losing the last HP needs a Peach: rarely worth it.
            if s.hp > 1 or rng.random() < 0.05:
                return (Skill(seat, key),)
            return None
        if key == "tianyi":  # 天义: a point fight with a player who has a hand card
            fighters = [o for o in others if state.seat(o).hand_count > 0]
            target = self.pick(seat, fighters, hostile=True)
            if target is None or s.hand_count == 0:
                return None
            return (Skill(seat, key, targets=(target,)),)
        if key == "fanjian":
            target = self.pick(seat, others, hostile=True)
            if target is None or s.hand_count == 0:
                return None
            return (Skill(seat, key, targets=(target,)),)
        if key in ("jieyin", "qingnang"):
            count = 2 if key == "jieyin" else 1
            wounded = [
                o.seat
                for o in state.seats
                if o.alive
                and o.wounded
                and (key == "qingnang" or (o.seat != seat and _male(state, o.seat)))
            ]
            target = self.pick(seat, wounded, hostile=False)
            spent = self.spend(state, seat, count)
            if target is None or spent is None:
                return None
            return (Skill(seat, key, spent[0], (target,), spent[1]),)
        if key == "lijian":
            males = [o for o in others if _male(state, o)]
            duel = kind("duel")
            pairs = [
                (a, b)
                for a in males
                for b in males
                if a != b and check_target(state, a, duel, b).legal
            ]
            # Rather a Duel whose target is an enemy.
            hostile = [p for p in pairs if self.enemies(seat, p[1])]
            pool = hostile if hostile and rng.random() < 0.85 else pairs
            spent = self.spend(state, seat, 1, equipment=True)
            if not pool or spent is None:
                return None
            return (Skill(seat, key, spent[0], rng.choice(pool), spent[1]),)
        if key in ("qiangxi", "quhu", "yeyan"):  # 火: 典韦, 荀彧, 神周瑜
            return self.fire_skill(state, seat, key, others)
        if key == "dimeng":  # 缔盟: two others swap hands, paid by their difference
            if len(others) < 2:
                return None
            a, b = rng.sample(others, 2)
            differ = abs(state.seat(a).hand_count - state.seat(b).hand_count)
            if differ == 0:
                return (Skill(seat, key, targets=(a, b)),)
            spent = self.spend(state, seat, differ, equipment=True)
            return (Skill(seat, key, spent[0], (a, b), spent[1]),) if spent else None
        if key in ("luanwu", "wuqian", "shenfen"):  # 乱武, 无前, 神愤: no cards, no targets
            return (Skill(seat, key),) if rng.random() < 0.5 else None
        if key == "gongxin":  # 攻心 (风): a heart shown, if he saw one
            target = self.pick(seat, [o for o in others if state.seat(o).hand_count], True)
            if target is None:
                return None
            hearts = [c for c in state.seat(target).hand if card(c).suit is Suit.HEART]
            if not hearts and state.seat(target).hand_unknown and rng.random() < 0.5:
                c = self.unseen(state, [x for x in self.deck if card(x).suit is Suit.HEART])
                hearts = [c] if c is not None else []
            return (Skill(seat, key, tuple(hearts[:1]), (target,)),)
        if key == "guhuo":  # 蛊惑 (风): a face-down card, declared later, on a target
            if s.hand_count == 0 or rng.random() < 0.5:
                return None
            target = self.pick(seat, others, hostile=True)
            return (Skill(seat, key, targets=(target,) if target and rng.random() < 0.7 else ()),)
        if key == "huangtian":  # 黄天 (风): a Shan or 闪电 for the 群 lord
            c = self.unseen_of(state, ("shan", "lightning")) if s.hand_unknown else None
            return (Skill(seat, key, (c,)),) if c is not None else None
        if key == "jijiang":
            left = sha_uses_left(state, seat)
            if left is not None and left <= 0:
                return None
            if not any(state.seat(o).kingdom == "shu" for o in others):
                return None  # nobody left to play the Sha for him
            target = self.choose_target(state, seat, "sha", ())
            return (Skill(seat, key, targets=(target,)),) if target is not None else None
        return None

    def fire_skill(self, state: GameState, seat: int, key: str, others: list[int]) -> Plan | None:
        """强袭 (a weapon card or 1 HP), 驱虎 (a point fight against more HP), 业炎 (up to
        3 fire damage; 2 or more to one with four suits of hand cards and 3 HP)."""
        rng = self.rng
        s = state.seat(seat)
        if key == "qiangxi":
            weapon = Subtype.WEAPON
            weapons = [c for c in (*s.hand, s.weapon) if c and card(c).kind.subtype is weapon]
            spent = (rng.choice(weapons),) if weapons and rng.random() < 0.7 else ()
            if not spent and (s.hp <= 1 or rng.random() < 0.5):
                return None
            reach = attack_range_value(state, seat, spent)
            near = [
                o
                for o in others
                if (d := distance_value(state, seat, o, spent)) is not None and d <= reach
            ]
            target = self.pick(seat, near, hostile=True)
            return (Skill(seat, key, spent, (target,)),) if target is not None else None
        if key == "quhu":
            higher = [o for o in others if state.seat(o).hp > s.hp and state.seat(o).hand_count]
            target = self.pick(seat, higher, hostile=True)
            if target is None or not s.hand_count:
                return None
            return (Skill(seat, key, targets=(target,)),)
        enemies = [o for o in others if self.enemies(seat, o)]
        if not enemies or rng.random() < 0.7:
            return None
        suits = {card(c).suit: c for c in s.hand if card(c).suit is not None}
        if len(suits) == 4 and s.hp > 3 and rng.random() < 0.5:
            target = rng.choice(enemies)
            return (Skill(seat, key, tuple(suits.values()), (target, target, target)),)
        return (Skill(seat, key, targets=tuple(rng.sample(enemies, min(3, len(enemies))))),)

    def by_hand(self, state: GameState, seat: int) -> Iterator[Plan]:
        """A skill the engine has no rule for: recorded, then what it does entered as
        the generic moves the engine then allows (draws, gifts, damage ...)."""
        skills = [sk.key for sk in active_skills(state.seat(seat)) if _by_hand(sk)]
        others = [o.seat for o in state.seats if o.alive and o.seat != seat]
        if not skills or not others:
            return
        start = Skill(seat, self.rng.choice(skills))
        yield (start, *self.free_move(state, seat, self.rng.choice(others)))

    def free_move(self, state: GameState, seat: int, other: int) -> Plan:
        """Something a skill might do, in the engine's generic moves."""
        rng = self.rng
        s, o = state.seat(seat), state.seat(other)
        roll = rng.randrange(16)
        if roll == 0:
            return (Draw(seat, rng.randint(1, 3)),)
        if roll == 1 and o.hand_unknown:
            return (Take(seat, other, (), 1),)
        if roll == 2 and o.equipment:
            return (Take(seat, other, (rng.choice(o.equipment),)),)
        if roll == 3 and s.hand_unknown:
            return (Give(seat, other, (), 1),)
        if roll == 4:
            return (Damage(other, 1, rng.choice((None, None, *_ELEMENTS)), seat),)
        if roll == 5 and s.wounded:
            return (Heal(seat, 1),)
        if roll == 6:
            return (Chain(other, not o.chained),)
        if roll == 7:
            return (Flip(other),)
        if roll == 8:
            return (Mark(seat, "skill", 1),)
        if roll == 9 and s.mark("skill"):
            return (Mark(seat, "skill", -1),)
        if roll == 10 and s.hand_unknown:
            c = self.unseen(state)
            return (Show(seat, (c,)),) if c is not None else ()
        if roll == 11:
            c = self.unseen(state)
            return (Judge(seat, c, "skill"),) if c is not None else ()
        if roll == 12 and state.discard_pile:
            return (MoveCards((rng.choice(state.discard_pile),), f"hand:{seat}"),)
        if roll == 13:
            return (MaxHp(seat, rng.choice((1, -1))),)
        if roll == 14 and rng.random() < 0.3:
            return (ExtraTurn(seat),)
        if roll == 15:
            later = [p for p in (Phase.DISCARD, Phase.END) if p not in state.turn.skips]
            if later and rng.random() < 0.5:
                return (Skip(rng.choice(later).value),)
            if state.discard_pile or state.discard_unknown:
                return (Shuffle(),)
        return (LoseHp(seat, 1),) if s.hp > 1 else ()


_ELEMENTS = tuple(Element)
_GEAR = CardType.EQUIPMENT

# 救援 has no rule and no declared effect, yet the engine applies it where a Peach
# heals: it is not entered by hand. Nor is 八阵, read where 八卦阵's judgement is.
_SETTLED_IN_RULES = frozenset({"jiuyuan", "bazhen"})


_LENT = tuple(key for key, r in RULES.items() if r.lent_to is not None)


def _lent_keys(state: GameState, seat: int) -> frozenset[str]:
    """Another seat's skills this seat may use (黄天: the 群 players give to the lord)."""
    lent = [k for k in _LENT if any(o.alive and k in owned_keys(o) for o in state.seats)]
    if not lent:  # nobody at the table lends one: no table to build
        return frozenset()
    t = Table(state)
    return frozenset(k for k in lent if (can := RULES[k].lent_to) is not None and can(t, seat))


_BLACK_KEYS = tuple(sorted({c.key for c in _CATALOGUE.cards if c.colour is Colour.BLACK}))


def _by_hand(skill: GeneralSkill) -> bool:
    """Whether the engine knows nothing of what ``skill`` does (no rule, no effect):
    none of the standard generals' skills, but a house rule or a new general may be."""
    return (
        skill.key not in RULES
        and not skill.effects
        and skill.key not in _SETTLED_IN_RULES
        and skill.key not in CONVERSIONS  # 乱击, 双雄's 决斗
    )


def usable_keys(state: GameState, s: Seat) -> frozenset[str]:
    """The rule keys a seat's player would use: the engine's (its skills, weapon and
    armour) but for the skills of 1v1's reserve generals."""
    return owned_keys(s) - _off_table(state, s)


def _off_table(state: GameState, s: Seat) -> frozenset[str]:
    """Skills of generals waiting off the table (1v1's reserves, after the first).

    The engine counts every general a seat holds face up as in play, reserves
    included; a player never uses a reserve's skill, so neither does the simulator.
    (国战's two generals are both in play once shown.)
    """
    if len(s.generals) < 2 or face_down(MODES[state.mode]):
        return frozenset()
    return _reserve_skills(s.generals)


@cache
def _reserve_skills(generals: tuple[str, ...]) -> frozenset[str]:
    first = {sk.key for sk in _CATALOGUE.general(generals[0]).own_skills}
    rest = {sk.key for g in generals[1:] for sk in _CATALOGUE.general(g).own_skills}
    return frozenset(rest - first)


def _male(state: GameState, seat: int) -> bool:
    """A seat whose general face up is male (结姻, 离间)."""
    s = state.seat(seat)
    shown = [g for g in s.generals if g not in s.hidden]
    return bool(shown) and _CATALOGUE.general(shown[0]).gender.value == "male"


# ---------------------------------------------------------------- the game loop


def play(
    seed: int, setup: Sequence[str], max_moves: int = 3000, *, aggression: float = 1.0
) -> Played:
    """Play a legal game from ``setup`` until it ends, sticks, or has ``max_moves`` moves.

    ``aggression`` (0-1] is the chance a play phase goes on after each card:
    lower values make long games (hands fill up, the deck is reshuffled).
    """
    rng = random.Random(seed)
    state = GameState()
    moves: list[Move] = []
    states = [state]
    for line in setup:
        move = Move.parse(line)
        state = apply(state, move)
        moves.append(move)
        states.append(state)
    player = Player.for_state(rng, state, aggression)
    result = Played(moves, states)
    while len(moves) < max_moves:
        for plan in player.proposals(state):
            result.tried += 1
            new = state
            path = []
            try:
                for move in plan:
                    new = apply(new, move)
                    path.append(new)
            except IllegalMove:
                continue
            for move, after in zip(plan, path, strict=True):
                if len(moves) >= max_moves:
                    break
                moves.append(move)
                states.append(after)
            state = states[-1]
            break
        else:
            result.stuck = not (state.over and _all_shown(state, player))
            if state.over and not result.stuck and state.winner and len(moves) < max_moves:
                end = End(state.winner)
                moves.append(end)
                states.append(apply(state, end))
            break
    return result


def _all_shown(state: GameState, player: Player) -> bool:
    return all(s.role is not None or s.seat not in player.roles for s in state.seats)


def usage(moves: Sequence[Move], states: Sequence[GameState] | None = None) -> Counter[str]:
    """How often a game used each skill and equipment effect: ``skill`` moves by key,
    and the effects that are entered as the card itself (青龙偃月刀's second Sha,
    朱雀羽扇's fire Sha, 丈八蛇矛's two cards, 方天画戟's extra targets).

    ``states[k]`` is the state before ``moves[k]`` (``Played.states``); without it
    the game is replayed.
    """
    if states is None:
        states = [GameState()]
        for move in moves:
            states.append(apply(states[-1], move))
    counts: Counter[str] = Counter()
    for move, before in zip(moves, states, strict=False):
        if isinstance(move, Skill):
            counts[move.skill] += 1
        elif isinstance(move, Use) and move.cards:
            used = move.as_kind or card(move.cards[0]).key
            if used not in SHA_KEYS:
                continue
            weapon = before.seat(move.seat).weapon
            if (
                before.stack
                and isinstance(before.stack[-1], Window)
                and weapon is not None
                and card(weapon).key == "blade"
            ):
                counts["blade"] += 1
            elif used == "fire_sha" and card(move.cards[0]).key == "sha":
                counts["fan"] += 1
            elif len(move.cards) == 2:
                counts["spear"] += 1
            if len(move.targets) > 1:
                counts["halberd"] += 1
    return counts


def simulate(
    seed: int, setup: list[str], max_moves: int = 3000, *, aggression: float = 1.0
) -> list[Move]:
    """The moves of a legal random game (setup moves first), at most ``max_moves``."""
    return play(seed, setup, max_moves, aggression=aggression).moves


__all__ = [
    "Played",
    "Player",
    "play",
    "player_counts",
    "random_setup",
    "simulate",
    "usage",
    "valid_variants",
]
