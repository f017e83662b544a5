"""Run every benchmark: ``python -m bench [--json] [--quick]``.

Each ``bench/bench_*.py`` module has a ``main()`` that reads the command
line itself (``--json``, ``--quick``); this runs them one after another and
exits with the first failing status.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
from collections.abc import Callable
from pathlib import Path


def benchmark_modules() -> list[str]:
    """The names of the ``bench_*`` modules beside this file, in order."""
    folder = Path(__file__).parent
    return sorted(
        f"bench.{info.name}"
        for info in pkgutil.iter_modules([str(folder)])
        if info.name.startswith("bench_")
    )


def main() -> int:
    status = 0
    for name in benchmark_modules():
        module = importlib.import_module(name)
        run: Callable[[], object] | None = getattr(module, "main", None)
        if run is None:
            print(f"{name}: no main(), skipped", file=sys.stderr)
            continue
        if "--json" not in sys.argv:
            print(f"\n## {name.removeprefix('bench.bench_')}\n", flush=True)
        result = run()
        if isinstance(result, int) and result and not status:
            status = result
        sys.stdout.flush()
    return status


if __name__ == "__main__":
    raise SystemExit(main())
