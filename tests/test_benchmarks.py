"""Every benchmark runs: each ``bench/bench_*.py`` at its smallest size, as `make bench`
starts it, must exit 0 and print its report, so none can rot unseen between two
benchmark runs. Nothing is measured here: the figures of a run this small mean
nothing, and a test never depends on the machine's speed (docs/benchmarks.md
has the real runs).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bench.__main__ import benchmark_modules

ROOT = Path(__file__).resolve().parents[1]

# Each benchmark's smallest run that still goes through all of its parts.
SMALLEST = {
    "bench.bench_app": ["--warmup", "1", "--minutes", "0.05"],
    "bench.bench_decode": ["--scenes", "1", "--repeat", "1", "--levels", "easy", "--quiet"],
    "bench.bench_engine": ["--quick"],
    "bench.bench_mutations": ["--count", "12", "--stored", "2"],
    "bench.bench_session": ["--samples", "2"],
    "bench.bench_store": ["--appends", "5", "--repeat", "1"],
    "bench.bench_tracker": ["--quick", "--levels", "easy"],
}


def test_every_benchmark_has_a_smallest_run() -> None:
    assert sorted(SMALLEST) == benchmark_modules()


@pytest.mark.parametrize("module", sorted(SMALLEST))
def test_the_benchmark_runs_and_reports(module: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", module, "--json", *SMALLEST[module]],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=900,  # a bound against a hang only
        check=False,
    )
    assert done.returncode == 0, f"{module} exited {done.returncode}:\n{done.stderr[-3000:]}"
    # The report is JSON: the whole output, or its last line for the app's.
    try:
        report = json.loads(done.stdout)
    except json.JSONDecodeError:
        report = json.loads(done.stdout.strip().splitlines()[-1])
    assert isinstance(report, dict) and report, done.stdout[-2000:]
