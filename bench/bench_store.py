"""Store benchmarks: appending a move, and loading a long game back.

``python -m bench.bench_store [--appends N] [--repeat R] [--db URL] [--json]``

- **append**: `Store.append` of the moves of a legal simulated game, one
  call (one transaction, one commit) per move, timed one by one: median,
  90th percentile and worst latency, and appends per second. By default on a
  SQLite file in a temporary directory on this machine's disk, with the
  store's settings (WAL, ``synchronous=FULL``: each commit waits for fsync).
- **load**: a stored 3,000-move game read back and rebuilt by a new Store
  (`Store.load_game`: read the rows, parse, replay every move); the split
  between reading the rows and replaying them; target at most 100 ms.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from assistant.store import Store
from bench.simulate import play, random_setup
from engine.game import Game
from engine.moves import Move

LOAD_TARGET_MS = 100.0
LONG_GAME = 3000


def long_game(length: int) -> tuple[int, list[Move]]:
    """A legal game of exactly `length` moves (setup count, moves), from the simulator."""
    for seed in range(50):
        setup = random_setup(seed, "identity", 10)
        moves = play(seed, setup, length, aggression=0.2).moves
        if len(moves) >= length:
            return len(setup), moves[:length]
    raise RuntimeError(f"no simulated game reached {length} moves")


def percentile(values: Sequence[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def bench_append(url: str, setup: int, moves: Sequence[Move], count: int) -> dict[str, float]:
    with Store.open(url) as store:
        game_id = store.create_game(moves[:setup])
        times = []
        started = time.perf_counter()
        for seq, move in enumerate(moves[setup : setup + count], start=setup + 1):
            t = time.perf_counter()
            store.append(game_id, move, seq)
            times.append(time.perf_counter() - t)
        total = time.perf_counter() - started
    ms = [t * 1000 for t in times]
    return {
        "appends": len(ms),
        "median_ms": statistics.median(ms),
        "p90_ms": percentile(ms, 0.9),
        "max_ms": max(ms),
        "per_second": len(ms) / total,
    }


def bench_load(url: str, moves: Sequence[Move], repeat: int) -> dict[str, float]:
    with Store.open(url) as store:
        game_id = store.create_game(moves)
    loads, reads, replays = [], [], []
    for _ in range(repeat):
        with Store.open(url) as store:
            t = time.perf_counter()
            game = store.load_game(game_id)
            loads.append(time.perf_counter() - t)
            assert len(game) == len(moves)
            t = time.perf_counter()
            rows = store.moves(game_id)
            reads.append(time.perf_counter() - t)
        parsed = [Move.parse(row.text or "") for row in rows]
        t = time.perf_counter()
        Game(parsed)
        replays.append(time.perf_counter() - t)
    median = statistics.median(loads) * 1000
    return {
        "moves": len(moves),
        "median_ms": median,
        "min_ms": min(loads) * 1000,
        "read_rows_ms": statistics.median(reads) * 1000,
        "replay_ms": statistics.median(replays) * 1000,
        "target_ms": LOAD_TARGET_MS,
        "met": median <= LOAD_TARGET_MS,
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.bench_store", description=__doc__)
    parser.add_argument("--appends", type=int, default=300, help="moves to append (default 300)")
    parser.add_argument("--repeat", type=int, default=9, help="loads to time (default 9)")
    parser.add_argument("--db", help="an SQLAlchemy URL to use instead of a temporary SQLite file")
    parser.add_argument("--json", action="store_true", help="print JSON for machines")
    parser.add_argument(
        "--quick", action="store_true", help="a short run: 50 appends, 3 loads (for `make bench`)"
    )
    args = parser.parse_args(argv)

    setup, moves = long_game(LONG_GAME)
    with tempfile.TemporaryDirectory(prefix="sgs-bench-store-") as folder:
        append_url = args.db or f"sqlite:///{Path(folder) / 'append.db'}"
        load_url = args.db or f"sqlite:///{Path(folder) / 'load.db'}"
        results = {
            "database": "sqlite (WAL, synchronous=FULL)" if args.db is None else args.db,
            "append": bench_append(append_url, setup, moves, 50 if args.quick else args.appends),
            "load": bench_load(load_url, moves, 3 if args.quick else args.repeat),
        }
    if args.json:
        json.dump(results, sys.stdout, indent=1)
        sys.stdout.write("\n")
        return 0
    a, load = results["append"], results["load"]
    assert isinstance(a, dict) and isinstance(load, dict)
    print(f"store on {results['database']}")
    print(
        f"append: {a['appends']:.0f} moves, median {a['median_ms']:.2f} ms, "
        f"p90 {a['p90_ms']:.2f} ms, max {a['max_ms']:.2f} ms, {a['per_second']:.0f} appends/s"
    )
    print(
        f"load + rebuild a {load['moves']:.0f}-move game: median {load['median_ms']:.1f} ms "
        f"(min {load['min_ms']:.1f}; reading the rows {load['read_rows_ms']:.1f}, "
        f"replaying {load['replay_ms']:.1f}); target <= {LOAD_TARGET_MS:.0f} ms: "
        + ("met" if load["met"] else "MISSED")
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
