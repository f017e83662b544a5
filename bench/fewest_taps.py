"""The taps a table script needs: every tap the session does not need is left out.

``python -m bench.fewest_taps SCRIPT... [--write]``

A tap is not needed when the script without it is read with nothing refused and
ends in the same game (the same state: HP, hands, zones, whose turn, the phase,
the winner): the session infers it, as docs/table-script.md says (the draw a
first card implies, the only legal target, the target an answer names, a
window or a request the table moved past, the discard phase ending by
itself). Taps are tried one at a time, from the last; each one left out stays
out only if the whole script still reads the same. ``--write`` writes the script
back without those lines (its other lines and comments as they were); otherwise
the lines are listed.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from assistant.session import TAPS, Command, TableSession, parse_script, perform
from engine.state import GameState

__all__ = ["needless_taps"]

# The taps tried: not the setup's, nor a move typed or forced.
_TRIED = TAPS - {"setup", "role", "general", "enter", "force", "replace", "insert", "delete"}


def _ends(commands: Sequence[Command]) -> GameState | None:
    """The game's state after ``commands``, or None when any input is refused."""
    session = TableSession()
    for command in commands:
        if perform(session, command).refused:
            return None
    return session.state


def needless_taps(commands: Sequence[Command]) -> list[Command]:
    """The taps of ``commands`` (after the table started) the game reads the same without."""
    end = _ends(commands)
    if end is None:
        return []
    started = next((n + 1 for n, c in enumerate(commands) if c.verb == "next"), len(commands))
    kept = list(commands)
    left_out: list[Command] = []
    # From the last: of a run of passes (a 桃 round), the last one goes first.
    for at in range(len(kept) - 1, started - 1, -1):
        command = kept[at]
        if command.verb in _TRIED:
            trial = kept[:at] + kept[at + 1 :]
            if _ends(trial) == end:
                kept = trial
                left_out.append(command)
    return sorted(left_out, key=lambda c: c.line)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.fewest_taps", description=__doc__)
    parser.add_argument("scripts", nargs="+", metavar="SCRIPT", type=Path)
    parser.add_argument("--write", action="store_true", help="write each script back")
    args = parser.parse_args(argv)
    for path in args.scripts:
        text = path.read_text(encoding="utf-8")
        needless = needless_taps(parse_script(text))
        print(f"{path}: {len(needless)} taps not needed")
        for command in needless:
            print(f"  line {command.line}: {command.text}")
        if args.write and needless:
            drop = {c.line for c in needless}
            lines = text.splitlines(keepends=True)
            path.write_text(
                "".join(line for n, line in enumerate(lines, 1) if n not in drop),
                encoding="utf-8",
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
