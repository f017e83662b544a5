"""A table that errs, at scale: the mutation run of issue #25.

``python -m bench.bench_mutations [--json] [--count N] [--seed S] [--stored N]``

Every table script in ``samples/`` is mutated one slip at a time (bench/mutations.py:
a tap dropped, a tap duplicated, two neighbouring inputs swapped, a card moved to the
neighbouring seat's region), and each mutated script is played through a table
session and judged against the unmutated game. Goal: **0 silent divergences** (an
input recorded as a move the game did not make, neither named by the input nor
read as the prompt offered it nor inferred as docs/table-script.md says, or a card
credited to a seat other than the one whose region it lies in).

Reported: the mutations, the silent divergences (each, when any), the mutated games
in which the session asked or refused, the refusals after the slip (the stall:
median, 90th percentile and the worst case, with its mutation), and the moves read
differently from the original game because the prompt offered them (``reread``) or
the table moving on implied them (``inferred``): announced on the screen, never
silent, but what a slip can still make of a game. ``--stored N`` plays the first N
mutations over a SQLite store and checks that every refused input left the game,
the stored moves and the prompt as they were.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from collections.abc import Sequence

from assistant.store import Store
from bench.mutations import Judged, chosen, originals, run

GOAL_SILENT = 0
MINIMUM = 2000  # the issue: at least 2,000 mutations in the benchmark


def _progress(done: int, total: int) -> None:
    if sys.stderr.isatty():
        width = 30
        filled = width * done // total
        bar = "#" * filled + "-" * (width - filled)
        sys.stderr.write(f"\r  [{bar}] {done}/{total}")
        if done == total:
            sys.stderr.write("\n")
        sys.stderr.flush()


def measure(count: int, seed: int, stored: int) -> dict[str, object]:
    games = originals(house=True)
    mutations = chosen(count, seed, house=True)
    judged: list[Judged] = []
    started = time.perf_counter()
    for n, mutation in enumerate(mutations, 1):
        commands, lines = games[mutation.script]
        if n <= stored:
            store = Store.open("sqlite://")
            try:
                judged.append(run(mutation, commands, lines, store))
            finally:
                store.close()
        else:
            judged.append(run(mutation, commands, lines))
        _progress(n, len(mutations))
    seconds = time.perf_counter() - started
    stalls = sorted(j.refused for j in judged)
    worst = max(judged, key=lambda j: j.refused)
    silent = [j for j in judged if j.silent]
    return {
        "scripts": len(games),
        "mutations": len(judged),
        "by_kind": dict(Counter(j.mutation.kind for j in judged)),
        "silent_divergences": len(silent),
        "silent": [{"mutation": str(j.mutation), "divergence": j.divergences[0]} for j in silent],
        "asked": sum(j.asked > 0 for j in judged),
        "refused_any": sum(j.refused > 0 for j in judged),
        "stall_median": statistics.median(stalls) if stalls else 0,
        "stall_p90": stalls[int(0.9 * (len(stalls) - 1))] if stalls else 0,
        "stall_worst": worst.refused,
        "stall_worst_mutation": str(worst.mutation),
        "reread_moves": sum(j.reread for j in judged),
        "inferred_moves": sum(j.inferred for j in judged),
        "stored_checked": min(stored, len(judged)),
        "seconds": round(seconds, 1),
        "met": len(silent) <= GOAL_SILENT,
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.bench_mutations", description=__doc__)
    parser.add_argument(
        "--count",
        type=int,
        default=100_000,
        help=f"mutations to play, drawn with --seed (default: all of them; at least {MINIMUM})",
    )
    parser.add_argument("--seed", type=int, default=25, help="the draw's seed (default 25)")
    parser.add_argument(
        "--stored",
        type=int,
        default=200,
        help="of them, how many are played over a store, every refusal checked (default 200)",
    )
    parser.add_argument("--json", action="store_true", help="print JSON for machines")
    args = parser.parse_args(argv)
    report = measure(args.count, args.seed, args.stored)
    if args.json:
        json.dump(report, sys.stdout, ensure_ascii=False, indent=1)
        sys.stdout.write("\n")
    else:
        kinds = report["by_kind"]
        assert isinstance(kinds, dict)
        by_kind = ", ".join(f"{k} {v}" for k, v in sorted(kinds.items()))
        print(f"mutations: {report['mutations']} over {report['scripts']} scripts ({by_kind})")
        print(f"silent divergences: {report['silent_divergences']} (goal {GOAL_SILENT})")
        silent = report["silent"]
        assert isinstance(silent, list)
        for entry in silent:
            print(f"  {entry['mutation']}: {entry['divergence']}")
        print(f"games where the session asked: {report['asked']}; refused: {report['refused_any']}")
        worst = f"{report['stall_worst']} ({report['stall_worst_mutation']})"
        print(
            f"refusals after the slip: median {report['stall_median']}, "
            f"90th percentile {report['stall_p90']}, worst {worst}"
        )
        print(
            f"moves read as the prompt offered them: {report['reread_moves']}; "
            f"inferred as the table moved on: {report['inferred_moves']}"
        )
        print(f"refusals checked over a store: {report['stored_checked']} games")
        print(f"time: {report['seconds']} s")
    return 0 if report["met"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
