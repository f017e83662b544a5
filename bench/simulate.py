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
save with the chance that their unseen cards hold a Shan or a Peach, use
their generals' conversions, and enter skills as the generic moves a skill
allows (draws, gifts, damage, judgements ...). ``aggression`` below 1 ends
play phases early, for long games that reshuffle the deck many times.

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
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from engine.cards import CardType, Element, Target
from engine.catalogue import standard_catalogue
from engine.derived import (
    active_skills,
    attack_range,
    card,
    check_target,
    distance,
    effects_of,
    hand_limit,
    kind,
    sha_uses_left,
)
from engine.effects import AsCard, CardZone, DrawEvent, DrawOn, ReplaceDraw, SkipDiscard
from engine.frames import Ask, CardUse, Expect
from engine.generals import General
from engine.modes import MODES, Mode
from engine.moves import (
    Chain,
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
from engine.rules import apply
from engine.state import GameState, Phase, Role
from engine.table import IllegalMove

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
SIDE = {Role.LORD: "lord", Role.LOYALIST: "lord", Role.REBEL: "rebel", Role.RENEGADE: "renegade"}

_CATALOGUE = standard_catalogue()
_IDS_BY_KIND: dict[str, tuple[int, ...]] = {}
for _card in _CATALOGUE.cards:
    _IDS_BY_KIND[_card.key] = (*_IDS_BY_KIND.get(_card.key, ()), _card.id)


# ---------------------------------------------------------------- setups


def valid_variants(mode: Mode, players: int) -> list[str]:
    """The variants of ``mode`` that can be played by ``players``."""
    return [v for v in mode.variants if mode.check_setup(players, v) is None]


def player_counts(mode: Mode) -> list[int]:
    """Every player count ``mode`` accepts with at least one variant."""
    return [n for n in range(mode.min_players, mode.max_players + 1) if valid_variants(mode, n)]


def random_setup(seed: int, mode: str, players: int) -> list[str]:
    """Setup lines for a random table: ``setup``, the lord (if roles are hidden), generals.

    The lines are applied before they are returned, so a mode that refuses
    them fails here with the engine's reason (IllegalMove).
    """
    rng = random.Random(f"setup/{seed}/{mode}/{players}")
    m = MODES.get(mode)
    if m is None:
        raise ValueError(f"unknown mode {mode!r} (modes: {', '.join(sorted(MODES))})")
    variants = valid_variants(m, players)
    if not variants:
        raise ValueError(f"{mode} cannot be played by {players} players")
    variant = rng.choice(variants)
    lines = [f"setup {mode} {players}" + (f" variant={variant}" if variant else "")]
    state = apply(GameState(), Move.parse(lines[0]))
    lord: int | None = None
    if m.roles_hidden and m.role_table(players, variant)[Role.LORD]:
        lord = 1 if rng.random() < 0.5 else rng.randint(1, players)
        lines.append(f"role {lord} lord")
    hidden = face_down(m)
    pool = list(_CATALOGUE.generals)
    rng.shuffle(pool)
    for seat in range(1, players + 1):
        chosen = _pick_generals(rng, m, pool, lord_first=seat == lord)
        for g in chosen:
            pool.remove(g)
        names = ",".join(g.key for g in chosen)
        lines.append(f"general {seat} {names}" + (" hidden" if hidden else ""))
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
                team = SIDE[role] if role is not None and role is not Role.RENEGADE else None
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
        effects = [e for _, e in effects_of(s) if isinstance(e, AsCard) and e.card in keys]
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

    # ------------------------------------------------------------ sides

    def enemies(self, a: int, b: int) -> bool:
        return self.teams.get(a, a) != self.teams.get(b, b)

    def friends(self, a: int, b: int) -> bool:
        return a == b or not self.enemies(a, b)

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

    # ------------------------------------------------------------ proposals

    def proposals(self, state: GameState) -> Iterator[Plan]:
        if state.over:
            yield from self.after_the_end(state)
            return
        if state.stack:
            top = state.stack[-1]
            if isinstance(top, Ask):
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
        else:
            if self.rng.random() < 0.5:
                yield from self.phase_skill(state, seat, phase)
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
        if top.want == "shan":
            if (
                not top.judged
                and s.armour is not None
                and card(s.armour).key == "eight_diagram"
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
        elif what in ("discard_one", "take_one"):
            yield from self.one_card_of(state, top)
        elif what == "show":
            s = state.seat(seat)
            if s.hand and (s.hand_unknown == 0 or rng.random() < 0.5):
                yield (Show(seat, (rng.choice(s.hand),)),)
            c = self.unseen(state) if s.hand_unknown else None
            if c is not None:
                yield (Show(seat, (c,)),)
        elif what == "fire_discard":
            s = state.seat(seat)
            suited = [c for c in s.hand if card(c).suit.value == top.suit]
            if suited:
                yield (Discard(seat, (suited[0],)),)
            elif s.hand_unknown and rng.random() < 1 - 0.75**s.hand_unknown:
                pool = [c for c in self.deck if card(c).suit.value == top.suit]
                c = self.unseen(state, pool)
                if c is not None:
                    yield (Discard(seat, (c,)),)
            yield (Pass(seat),)
        elif what == "reveal":
            count = top.counts[0] if top.counts else 1
            cards = self.unseen_many(state, count)
            if cards:
                plan: Plan = (MoveCards(cards, "processing", "pile"),)
                if state.draw_pile < count and (state.discard_pile or state.discard_unknown):
                    plan = (Shuffle(), *plan)
                yield plan
        elif what == "pick":
            used = {
                c
                for f in state.stack
                if isinstance(f, CardUse) and f.kind == "amazing_grace"
                for c in f.cards
            }
            shown = [c for c in state.processing if c not in used]
            if shown:
                yield (MoveCards((rng.choice(shown),), f"hand:{seat}"),)

    def one_card_of(self, state: GameState, top: Expect) -> Iterator[Plan]:
        """过河拆桥 / 顺手牵羊: one card of the target, from any of its zones."""
        rng = self.rng
        victim = state.seat(top.other)
        options: list[tuple[tuple[int, ...], int]] = [((c,), 0) for c in victim.equipment]
        options += [((d.card,), 0) for d in victim.judgement]
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
        replace_draw = [
            sk.key for sk in active_skills(s) if any(isinstance(e, ReplaceDraw) for e in sk.effects)
        ]
        if replace_draw and rng.random() < 0.4:
            victims = [
                o.seat for o in state.seats if o.alive and o.seat != seat and o.hand_unknown > 0
            ]
            if victims:
                rng.shuffle(victims)
                takes = tuple(Take(seat, v, (), 1) for v in victims[:2])
                yield (Skill(seat, replace_draw[0]), *takes)
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
        may_skip = any(isinstance(e, SkipDiscard) for _, e in effects_of(s))
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
        if rng.random() < 0.08:
            yield from self.skill_plans(state, seat)
        for _ in range(5):
            picked = self.pick_to_use(state, seat)
            if picked is None:
                continue
            c, as_kind = picked
            yield from self.uses(state, seat, c, as_kind)

    def pick_to_use(self, state: GameState, seat: int) -> tuple[int, str | None] | None:
        rng = self.rng
        s = state.seat(seat)
        conversion = self.conversion(state, seat, ("sha", "indulgence", "dismantlement"), eager=0.3)
        if conversion is not None:
            return conversion
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
            use = Use(seat, cards, as_kind, (target,))
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
        if plan is None:
            return
        if k.type is CardType.TRICK:
            plan = plan + self.trick_skill(state, seat)
        yield plan

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

    def trick_skill(self, state: GameState, seat: int) -> Plan:
        """集智: draw one after using a trick."""
        for skill, effect in effects_of(state.seat(seat)):
            if (
                isinstance(effect, DrawOn)
                and effect.event is DrawEvent.TRICK_USED
                and self.rng.random() < 0.8
            ):
                return (Skill(seat, skill.key), Draw(seat, effect.count))
        return ()

    # ------------------------------------------------------------ skills

    def phase_skill(self, state: GameState, seat: int, phase: Phase) -> Iterator[Plan]:
        """Skills of the preparation and end phases (洛神, 观星, 闭月)."""
        s = state.seat(seat)
        timing = f"{phase.value}_phase"
        for skill in active_skills(s):
            if skill.timing.value != timing:
                continue
            if skill.key == "luoshen":
                c = self.unseen(state)
                if c is not None:
                    plan: Plan = (Skill(seat, skill.key), Judge(seat, c, skill.key))
                    if card(c).colour.value == "black":
                        plan += (MoveCards((c,), f"hand:{seat}"),)
                    yield plan
            elif phase is Phase.END:
                yield (Skill(seat, skill.key), Draw(seat, 1))
            else:
                yield (Skill(seat, skill.key),)

    def skill_plans(self, state: GameState, seat: int) -> Iterator[Plan]:
        """A skill, then what it does, entered as the free moves the skill allows."""
        rng = self.rng
        s = state.seat(seat)
        skills = [sk for sk in active_skills(s) if sk.timing.value == "play_phase"]
        skill = rng.choice(skills).key if skills else None
        if skill is None:
            all_skills = list(active_skills(s))
            if not all_skills:
                return
            skill = rng.choice(all_skills).key
        others = [o.seat for o in state.seats if o.alive and o.seat != seat]
        if not others:
            return
        other = rng.choice(others)
        start = Skill(seat, skill)
        if skill == "rende" and s.hand_unknown:
            yield (start, Give(seat, other, (), rng.randint(1, s.hand_unknown)))
        elif skill == "kurou":
            yield (start, LoseHp(seat, 1), Draw(seat, 2))
        elif skill == "zhiheng" and s.hand_unknown:
            n = rng.randint(1, s.hand_unknown)
            yield (start, Discard(seat, (), n), Draw(seat, n))
        elif skill in ("qingnang", "jieyin") and s.hand_unknown >= 2:
            wounded = [o.seat for o in state.seats if o.alive and o.wounded]
            if wounded:
                yield (start, Discard(seat, (), 2 if skill == "jieyin" else 1), Heal(wounded[0], 1))
        elif skill in ("lijian", "fanjian"):
            plan: Plan = (start,)
            if skill == "lijian" and s.hand_unknown:
                plan += (Discard(seat, (), 1),)
            yield (*plan, Damage(other, 1, None, seat))
        yield (start, *self.free_move(state, seat, other))

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
    "valid_variants",
]
