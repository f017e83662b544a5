"""Engine benchmarks: replay speed, seeking in a long game, derived quantities.

Run ``python -m bench.bench_engine`` (``--json`` for machine-readable output,
``--quick`` for a short run). Every game is simulated by bench/simulate.py
from fixed seeds, so two runs measure the same work.

Targets (docs/design.md, "Numbers that matter"):

- replaying 8-player identity games: at least 50,000 moves per second;
- the state at any move of a 3,000-move game (a replay slider): at most 4 ms;
- every derived quantity of an 8-player table: at most 1 ms.

When replay misses its target the run also profiles it and names the hot
spots, so the engine's authors know where the time goes.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass

from bench.simulate import play, random_setup, simulate
from engine.derived import attack_range, distance, hand_limit, kind, legal_targets, sha_uses_left
from engine.game import Game
from engine.moves import Move
from engine.record import Record, format_record, parse_record, replay
from engine.rules import apply
from engine.state import GameState

MOVES_PER_SECOND = 50_000
SEEK_MS = 4.0
DERIVED_MS = 1.0
LONG_GAME = 3000


@dataclass(frozen=True)
class Result:
    """One measured figure beside its target; ``ratio`` >= 1 meets the target."""

    name: str
    unit: str
    measured: float
    target: float | None = None
    higher_is_better: bool = False

    @property
    def ratio(self) -> float | None:
        if self.target is None or self.measured <= 0:
            return None
        if self.higher_is_better:
            return self.measured / self.target
        return self.target / self.measured

    def as_dict(self) -> dict[str, object]:
        return {**asdict(self), "ratio": self.ratio}


# ---------------------------------------------------------------- games


def identity_games(count: int, players: int = 8) -> list[list[Move]]:
    """Complete (or 3,000-move) simulated identity games from seeds 0..count-1."""
    return [simulate(seed, random_setup(seed, "identity", players)) for seed in range(count)]


def long_game(length: int = LONG_GAME) -> list[Move]:
    """The first slow 8-player game (low aggression) that runs to ``length`` moves."""
    for seed in range(1000):
        moves = simulate(seed, random_setup(seed, "identity", 8), length, aggression=0.1)
        if len(moves) == length:
            return moves
    raise RuntimeError(f"no simulated game reached {length} moves")


def fold(moves: Sequence[Move]) -> GameState:
    state = GameState()
    for move in moves:
        state = apply(state, move)
    return state


# ---------------------------------------------------------------- measures


def measure_replay(games: list[list[Move]], repeats: int) -> tuple[Result, Result]:
    """Moves per second folding ``apply`` over each game; and through ``Game.push``."""
    total = sum(len(g) for g in games)
    best_apply = best_game = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        for moves in games:
            fold(moves)
        best_apply = min(best_apply, time.perf_counter() - start)
        start = time.perf_counter()
        for moves in games:
            Game(moves)
        best_game = min(best_game, time.perf_counter() - start)
    return (
        Result(
            "replay: apply() over 8-player identity games",
            "moves/s",
            total / best_apply,
            MOVES_PER_SECOND,
            higher_is_better=True,
        ),
        Result("replay: Game.push (keeps every state)", "moves/s", total / best_game),
    )


def measure_seek(moves: list[Move], samples: int) -> list[Result]:
    """Load a 3,000-move record, then the state at random moves (a replay slider)."""
    text = format_record(Record({"Mode": "identity"}, tuple(moves)))
    start = time.perf_counter()
    game = replay(parse_record(text))
    load_ms = (time.perf_counter() - start) * 1000
    rng = random.Random(0)
    points = [rng.randint(0, len(moves)) for _ in range(samples)]
    times = []
    for k in points:
        t0 = time.perf_counter_ns()
        game.state_at(k)
        times.append((time.perf_counter_ns() - t0) / 1e6)
    n = len(moves)
    return [
        Result(
            f"seek: state at any move of a {n:,}-move game (median)", "ms", _median(times), SEEK_MS
        ),
        Result(f"seek: state at any move of a {n:,}-move game (max)", "ms", max(times), SEEK_MS),
        Result(f"seek: load the {n:,}-move record (parse + replay, once)", "ms", load_ms),
    ]


def derived_table(state: GameState) -> int:
    """Everything the distance screen shows for every seat; returns how many figures."""
    sha = kind("sha")
    figures = 0
    for a in state.seats:
        for b in state.seats:
            distance(state, a.seat, b.seat)
            figures += 1
    for s in state.seats:
        if s.alive:
            attack_range(state, s.seat)
            hand_limit(state, s.seat)
            sha_uses_left(state, s.seat)
            figures += 3 + len(legal_targets(state, s.seat, sha))
    return figures


def table_states(count: int) -> list[GameState]:
    """Mid-game 8-player states (equipment out, some seats dead), from a few games."""
    states: list[GameState] = []
    seed = 0
    while len(states) < count:
        played = play(seed, random_setup(seed, "identity", 8))
        seed += 1
        middle = played.states[len(played.states) // 4 :]
        states += middle[:: max(1, len(middle) // 10)][:10]
    return states[:count]


def measure_derived(states: list[GameState], repeats: int) -> list[Result]:
    """Per state the best of a few batches (the machine may be shared), in ms."""
    per_state = []
    for state in states:
        batches = []
        for _ in range(5):
            start = time.perf_counter()
            for _ in range(repeats):
                derived_table(state)
            batches.append((time.perf_counter() - start) / repeats * 1000)
        per_state.append(min(batches))
    return [
        Result(
            "derived: 8-seat table, all quantities (median)", "ms", _median(per_state), DERIVED_MS
        ),
        Result("derived: 8-seat table, all quantities (max)", "ms", max(per_state), DERIVED_MS),
    ]


def _median(values: list[float]) -> float:
    return statistics.median(values) if values else 0.0


# ---------------------------------------------------------------- profile


def hot_spots(work: Callable[[], object], top: int = 12) -> dict[str, list[dict[str, object]]]:
    """Where ``work`` spends its own time, most first; and who calls the hottest function."""
    profile = cProfile.Profile()
    profile.enable()
    work()
    profile.disable()
    entries = pstats.Stats(profile).stats  # type: ignore[attr-defined]
    total = sum(entry[2] for entry in entries.values()) or 1.0
    ranked = sorted(entries.items(), key=lambda item: -item[1][2])
    functions = [
        {
            "function": _label(key),
            "calls": calls,
            "own_s": round(tottime, 4),
            "cumulative_s": round(cumtime, 4),
            "own_share": round(tottime / total, 3),
        }
        for key, (_, calls, tottime, cumtime, _) in ranked[:top]
    ]
    hottest_callers = ranked[0][1][4] if ranked else {}
    callers = [
        {"caller": _label(key), "calls": value[1], "own_s": round(value[2], 4)}
        for key, value in sorted(hottest_callers.items(), key=lambda kv: -kv[1][2])[:8]
    ]
    return {"functions": functions, "callers_of_hottest": callers}


def _label(key: tuple[str, int, str]) -> str:
    path, line, name = key
    return f"{_short(path)}:{line}({name})"


def _short(path: str) -> str:
    for marker in ("/engine/", "/bench/", "/lib/python"):
        if marker in path:
            return path[path.index(marker) + 1 :]
    return path


# ---------------------------------------------------------------- report


def run(quick: bool) -> dict[str, object]:
    games = identity_games(5 if quick else 20)
    replay_apply, replay_game = measure_replay(games, repeats=1 if quick else 3)
    seek = measure_seek(long_game(), samples=300 if quick else 3000)
    states = table_states(20 if quick else 60)
    derived = measure_derived(states, repeats=3 if quick else 10)
    results = [replay_apply, replay_game, *seek, *derived]
    report: dict[str, object] = {
        "games": len(games),
        "moves": sum(len(g) for g in games),
        "results": [r.as_dict() for r in results],
    }
    if replay_apply.measured < MOVES_PER_SECOND:
        report["hot_spots"] = hot_spots(lambda: [fold(g) for g in games])
    if derived[0].measured > DERIVED_MS:
        report["derived_hot_spots"] = hot_spots(lambda: [derived_table(s) for s in states])
    return report


def markdown(report: dict[str, object]) -> str:
    lines = [
        f"Engine: {report['games']} simulated 8-player identity games, {report['moves']:,} moves.",
        "",
        "| measure | target | measured | ratio (>= 1 meets it) |",
        "|---|---|---|---|",
    ]
    for r in report["results"]:  # type: ignore[attr-defined]
        target = r["target"]
        sign = ">=" if r["higher_is_better"] else "<="
        target_text = f"{sign} {_number(target)} {r['unit']}" if target is not None else "-"
        ratio = _ratio(r["ratio"])
        lines.append(
            f"| {r['name']} | {target_text} | {_number(r['measured'])} {r['unit']} | {ratio} |"
        )
    for key, what in (("hot_spots", "Replay"), ("derived_hot_spots", "Derived quantities")):
        spots = report.get(key)
        if isinstance(spots, dict):
            lines += _profile_lines(what, spots)
    return "\n".join(lines)


def _profile_lines(what: str, spots: dict[str, list[dict[str, object]]]) -> list[str]:
    lines = [
        "",
        f"{what} below target; where the time goes (cProfile, own time):",
        "",
        "| function | calls | own s | cumulative s | share of own time |",
        "|---|---|---|---|---|",
    ]
    for f in spots["functions"]:
        lines.append(
            f"| {f['function']} | {f['calls']:,} | {f['own_s']} | {f['cumulative_s']} "
            f"| {f['own_share']:.0%} |"
        )
    lines += ["", "Callers of the hottest function:", "", "| caller | calls | s |", "|---|---|---|"]
    for c in spots["callers_of_hottest"]:
        lines.append(f"| {c['caller']} | {c['calls']:,} | {c['own_s']} |")
    return lines


def _ratio(value: object) -> str:
    if not isinstance(value, int | float):
        return "-"
    return f"{value:,.0f}" if value >= 100 else f"{value:.2f}"


def _number(value: object) -> str:
    assert isinstance(value, int | float)
    if value >= 1000:
        return f"{value:,.0f}"
    if value >= 10:
        return f"{value:.1f}"
    if value >= 0.01:
        return f"{value:.3f}"
    return f"{value:.5f}"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.bench_engine", description=__doc__)
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--quick", action="store_true", help="fewer games and repetitions")
    args, _ = parser.parse_known_args(sys.argv[1:] if argv is None else argv)
    report = run(args.quick)
    if args.json:
        print(json.dumps({"engine": report}, indent=1))
    else:
        print(markdown(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
