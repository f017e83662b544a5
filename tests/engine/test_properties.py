"""Properties of the engine over random legal games (bench/simulate.py).

Every mode in ``engine.modes.MODES`` is played with a player count it
accepts; hypothesis draws the seeds. A game is simulated once per seed and
shared by the tests that look at it.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bench.simulate import Played, play, player_counts, random_setup
from engine.catalogue import standard_catalogue
from engine.derived import distance, effects_of, ring_distance
from engine.effects import DistanceFromSelf, DistanceToSelf
from engine.game import Game
from engine.modes import MODES
from engine.moves import Move, MoveSyntaxError
from engine.record import (
    Record,
    format_record,
    parse_record,
    record_from_json,
    record_to_json,
    replay,
)
from engine.rules import apply
from engine.state import GameState
from engine.table import IllegalMove

MAX_MOVES = 800  # enough for most games to end; keeps the suite quick
SETTINGS = settings(
    max_examples=20,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)

seeds = st.integers(min_value=0, max_value=2**32 - 1)


# Variants a random setup never chooses (bench.simulate.OPT_IN_VARIANTS), played as
# ``mode/variant`` too, with the aggression of their games: 虎牢关's reshuffles need
# long games (bench.simulate.play).
VARIANTS = {"hulao/reshuffle": 0.5, "hulao/noname": 1.0}


def tables(mode: str) -> st.SearchStrategy[tuple[int, int]]:
    """(seed, players) for a mode, over every player count it accepts."""
    return st.tuples(seeds, st.sampled_from(player_counts(MODES[mode.partition("/")[0]])))


@lru_cache(maxsize=16)
def game(mode: str, players: int, seed: int, max_moves: int = MAX_MOVES) -> Played:
    name, _, variant = mode.partition("/")
    setup = random_setup(seed, name, players, variant or None)
    return play(seed, setup, max_moves, aggression=VARIANTS.get(mode, 1.0))


MODE_NAMES = sorted(MODES) + sorted(VARIANTS)
CARD_IDS = len(standard_catalogue().cards)


# ---------------------------------------------------------------- the state


def zone_cards(state: GameState) -> list[int]:
    """Every located card, once per zone it is in (a card twice would show up twice)."""
    cards: list[int] = []
    for s in state.seats:
        cards += s.hand
        cards += s.equipment
        cards += [d.card for d in s.judgement]
        cards += s.on_general
    return [*cards, *state.discard_pile, *state.processing, *state.removed]


def check_cards(state: GameState) -> None:
    cards = zone_cards(state)
    assert len(cards) == len(set(cards)), "a card is in two zones"
    assert set(cards) <= state.deck
    assert len(state.located()) + state.unknown_cards == len(state.deck)
    assert state.where == state.located()


def check_seats(state: GameState) -> None:
    assert state.draw_pile >= 0 and state.discard_unknown >= 0
    for s in state.seats:
        assert s.hp <= s.max_hp, f"seat {s.seat}: HP {s.hp} above max {s.max_hp}"
        assert s.hand_unknown >= 0 and s.hand_count >= 0
        if not s.alive:
            assert s.hp <= 0, f"dead seat {s.seat} has HP {s.hp}"
            assert s.hand_count == 0 and not s.equipment and not s.judgement
            assert not s.on_general and not s.on_general_unknown


def seated(state: GameState) -> list[int]:
    """The living seats around the table: the mode's ring (守卫剑阁) or the seat order."""
    ring = MODES[state.mode].ring(state) if state.mode else None
    order = ring if ring is not None else range(1, state.players + 1)
    return [n for n in order if state.seat(n).alive]


def expected_ring(state: GameState, a: int, b: int) -> int:
    living = seated(state)
    steps = abs(living.index(a) - living.index(b))
    return min(steps, len(living) - steps)


def expected_distance(state: GameState, a: int, b: int) -> int:
    sa, sb = state.seat(a), state.seat(b)
    value = expected_ring(state, a, b)
    value += sb.defensive_horse is not None
    value -= sa.offensive_horse is not None
    value += sum(e.delta for _, e in effects_of(sa) if isinstance(e, DistanceFromSelf))
    value += sum(e.delta for _, e in effects_of(sb) if isinstance(e, DistanceToSelf))
    return max(value, 1)


def check_distances(state: GameState) -> None:
    for a in state.seats:
        for b in state.seats:
            d = distance(state, a.seat, b.seat)
            if not (a.alive and b.alive):
                assert d is None
            elif a.seat == b.seat:
                assert d is not None and d.value == 0
            else:
                assert d is not None and d.value >= 1
                assert ring_distance(state, a.seat, b.seat) == expected_ring(state, a.seat, b.seat)
                assert d.value == expected_distance(state, a.seat, b.seat), d


def check_death_closes_the_ring(before: GameState, after: GameState) -> None:
    """A death brings nobody further away, and its two neighbours 1 closer."""
    died = [s.seat for s in after.seats if not s.alive and before.seat(s.seat).alive]
    if any(s.alive and not before.seat(s.seat).alive for s in after.seats):
        return  # a general came back (血战到底): the ring opens again
    living = [s.seat for s in after.seats if s.alive]
    for a in living:
        for b in living:
            assert ring_distance(after, a, b) <= ring_distance(before, a, b)
    if len(died) == 1 and len(living) >= 3:
        ring = seated(before)
        i = ring.index(died[0])
        left, right = ring[i - 1], ring[(i + 1) % len(ring)]
        assert ring_distance(before, left, right) == 2
        assert ring_distance(after, left, right) == 1


def check_played(g: Played) -> None:
    """A simulated game found a move at every step, and each state is sound."""
    assert not g.stuck, f"no legal move found after {g.moves[-1]}"
    previous = g.states[1]
    for state in g.states[1:]:
        check_cards(state)
        check_seats(state)
        check_death_closes_the_ring(previous, state)
        previous = state


@pytest.mark.parametrize("mode", MODE_NAMES)
@SETTINGS
@given(table=st.data())
def test_every_state_keeps_the_invariants(mode: str, table: st.DataObject) -> None:
    seed, players = table.draw(tables(mode))
    g = game(mode, players, seed)
    check_played(g)
    for state in g.states[1 :: max(1, len(g.states) // 40)]:  # distances: a sample is enough
        check_distances(state)


@pytest.mark.parametrize("variant", ["reshuffle", "noname"])
@SETTINGS
@given(seed=seeds)
def test_hulao_variant_games_end_by_the_rules_and_nothing_after(variant: str, seed: int) -> None:
    """虎牢关's variants (engine/modes/hulao.py), over whole games: each ends with a side,
    or drawn at the third reshuffle (``reshuffle``, [AM]); from the first reshuffle on
    吕布 is in his second form (or dead) (``reshuffle``); he turns with no equipment
    left on him (``noname``, [NN]); every card stays in one place; after the end no
    move is taken but the end itself (and a role shown, as at any game's end)."""
    g = game(f"hulao/{variant}", 4, seed, 2000)
    assert not g.stuck and g.state.over, f"not over after {len(g.moves)} moves"
    assert g.state.winner in ("lubu", "allies", "draw")
    assert (g.state.winner == "draw") == (variant == "reshuffle" and g.state.shuffles == 3)
    ended = next(k for k, state in enumerate(g.states) if state.over)
    assert all(type(m).__name__ == "End" for m in g.moves[ended:])
    previous = g.states[2]
    for state in g.states[2:]:
        check_cards(state)
        lubu = state.seat(1)
        if variant == "reshuffle" and state.shuffles and lubu.alive:
            assert lubu.mark("form") == 2
        if variant == "noname" and lubu.mark("form") and not previous.seat(1).mark("form"):
            assert lubu.equipment == ()
        previous = state
    rng = random.Random(seed)
    for _ in range(20):
        try:
            move = Move.parse(random_line(rng, g.state))
        except MoveSyntaxError:
            continue
        if type(move).__name__ not in ("End", "RoleReveal"):
            with pytest.raises(IllegalMove):
                apply(g.state, move)


# ---------------------------------------------------------------- undo, notation, records


@pytest.mark.parametrize("mode", MODE_NAMES)
@SETTINGS
@given(table=st.data())
def test_undo_restores_the_exact_prior_state(mode: str, table: st.DataObject) -> None:
    seed, players = table.draw(tables(mode))
    g = game(mode, players, seed)
    live = Game(g.moves)
    for k in range(len(g.moves), 0, -1):
        live.undo()
        assert live.state == g.states[k - 1] == live.state_at(k - 1)
        assert live.state.where == g.states[k - 1].where
    assert len(live) == 0


@pytest.mark.parametrize("mode", MODE_NAMES)
@SETTINGS
@given(table=st.data())
def test_every_move_round_trips_its_text(mode: str, table: st.DataObject) -> None:
    seed, players = table.draw(tables(mode))
    for move in game(mode, players, seed).moves:
        assert Move.parse(str(move)) == move, str(move)


@pytest.mark.parametrize("mode", MODE_NAMES)
@SETTINGS
@given(table=st.data())
def test_records_round_trip_and_replay_to_the_same_state(mode: str, table: st.DataObject) -> None:
    seed, players = table.draw(tables(mode))
    g = game(mode, players, seed)
    record = Record({"Mode": mode, "Seed": str(seed)}, tuple(g.moves))
    text = parse_record(format_record(record))
    js = record_from_json(record_to_json(record))
    assert text == record and js == record
    assert replay(text).state == replay(js).state == g.state


# ---------------------------------------------------------------- refused moves


def random_line(rng: random.Random, state: GameState) -> str:
    """A move of any kind with random seats and cards: mostly illegal, sometimes not."""
    n = state.players + 1
    seat, other = rng.randint(1, n), rng.randint(1, n)
    c = rng.randint(1, CARD_IDS)
    lines: list[Callable[[], str]] = [
        lambda: f"use {seat} #{c} -> {other}",
        lambda: f"use {seat} #{c}",
        lambda: f"use {seat} #{c} as sha -> {other}",
        lambda: f"use {seat} - as duel -> {other}",
        lambda: f"respond {seat} #{c}",
        lambda: f"pass {seat}",
        lambda: "pass",
        lambda: "next",
        lambda: "deal",
        lambda: "shuffle",
        lambda: f"draw {seat} x{rng.randint(1, 5)}",
        lambda: f"draw {seat} #{c}",
        lambda: f"discard {seat} #{c}",
        lambda: f"discard {seat} x{rng.randint(1, 9)}",
        lambda: f"give {seat} -> {other} #{c}",
        lambda: f"take {seat} <- {other} x1",
        lambda: f"move #{c} -> hand:{seat}",
        lambda: f"move #{c} from pile -> processing",
        lambda: f"show {seat} #{c}",
        lambda: f"recast {seat} #{c}",
        lambda: f"judge {seat} #{c}",
        lambda: f"damage {seat} {rng.randint(0, 3)} from {other}",
        lambda: f"heal {seat} 1",
        lambda: f"losehp {seat} 1",
        lambda: f"maxhp {seat} -1",
        lambda: f"chain {seat}",
        lambda: f"unchain {seat}",
        lambda: f"flip {seat}",
        lambda: f"mark {seat} fury -1",
        lambda: f"skill {seat} zhiheng",
        lambda: f"role {seat} {rng.choice(('lord', 'loyalist', 'rebel', 'renegade', 'king'))}",
        lambda: f"general {seat} caocao",
        lambda: f"die {seat}",
        lambda: f"end {rng.choice(('lord', 'rebel', 'renegade', 'draw'))}",
        lambda: f"skip {rng.choice(('play', 'draw', 'start', 'nap'))}",
        lambda: f"extraturn {seat}",
    ]
    return rng.choice(lines)()


@pytest.mark.parametrize("mode", MODE_NAMES)
@SETTINGS
@given(table=st.data())
def test_a_refused_move_leaves_the_state_unchanged(mode: str, table: st.DataObject) -> None:
    seed, players = table.draw(tables(mode))
    g = game(mode, players, seed)
    rng = random.Random(seed)
    refused = 0
    for state in rng.sample(g.states[1:], min(25, len(g.states) - 1)):
        before = copy.deepcopy(state)
        where = state.where
        for _ in range(8):
            try:
                move = Move.parse(random_line(rng, state))
            except MoveSyntaxError:
                continue
            try:
                apply(state, move)
            except IllegalMove as exc:
                refused += 1
                message = str(exc)
                assert message and "\n" not in message, repr(message)
            assert state == before, f"{move} changed the state it was applied to"
            assert state.where is where and where == before.where
    assert refused > 0


@pytest.mark.parametrize("mode", MODE_NAMES)
@SETTINGS
@given(table=st.data())
def test_a_game_refusing_a_move_keeps_its_log(mode: str, table: st.DataObject) -> None:
    seed, players = table.draw(tables(mode))
    g = game(mode, players, seed)
    live = Game(g.moves[: len(g.moves) // 2])
    state, length = live.state, len(live)
    rng = random.Random(seed)
    for _ in range(20):
        try:
            live.push(Move.parse(random_line(rng, state)))
        except IllegalMove:
            assert live.state is state and len(live) == length
        else:
            live.undo()
            assert live.state is state and len(live) == length
