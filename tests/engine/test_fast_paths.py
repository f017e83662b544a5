"""The value-only fast paths agree with the measures that carry reasons."""

from __future__ import annotations

from bench.simulate import random_setup, simulate
from engine.derived import (
    attack_range,
    attack_range_value,
    distance,
    distance_value,
    hand_limit,
    hand_limit_value,
)
from engine.game import Game


def test_fast_paths_agree_over_simulated_games() -> None:
    checked = 0
    for seed, (mode, players) in enumerate([("identity", 8), ("hegemony", 6), ("3v3", 6)]):
        game = Game(simulate(seed, random_setup(seed, mode, players), max_moves=400))
        for n in range(0, len(game), 7):
            state = game.state_at(n)
            if not state.seats:
                continue
            for a in state.seats:
                if not a.alive:
                    continue
                assert attack_range_value(state, a.seat) == attack_range(state, a.seat).value
                assert hand_limit_value(state, a.seat) == hand_limit(state, a.seat).value
                for b in state.seats:
                    full = distance(state, a.seat, b.seat)
                    assert distance_value(state, a.seat, b.seat) == (full and full.value)
                    checked += 1
    assert checked > 1000
