"""The processes the crash-safety test kills: each appends a game's moves to a store.

``python -m tests.assistant.crash_child DB MOVES SETUP`` imports everything
once, then serves the test: for each line ``go OUT`` read from stdin it
forks an appender, prints ``pid N``, waits for it to die and prints
``dead STATUS``. Forking from a warmed-up process keeps fifty kills quick;
each appender is still a process of its own, killed with SIGKILL.

An appender creates the game (or resumes it: the moves stored so far), then
appends the rest of MOVES (one move per line, the first SETUP of them the
setup) one by one. Right after each ``Store.append`` returns it writes the
sequence number to the file OUT with ``write(2)``: what a killed process
has written that way is in the kernel and survives it, so every number in
OUT is a move the store said it kept.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from assistant.store import Store
from engine.moves import Move


def append_moves(db: str, lines: list[str], setup: int, out: int) -> None:
    store = Store.open(db)
    games = store.games()
    if games:
        game_id = games[0].id
        store.load_game(game_id)
    else:
        game_id = store.create_game([Move.parse(line) for line in lines[:setup]])
        os.write(out, b"%d\n" % setup)
    for seq in range(store.next_seq(game_id), len(lines) + 1):
        store.append(game_id, Move.parse(lines[seq - 1]), seq)
        os.write(out, b"%d\n" % seq)
    os.write(out, b"done\n")


def serve(db: str, lines: list[str], setup: int) -> None:
    for command in sys.stdin:
        verb, _, out_path = command.strip().partition(" ")
        if verb != "go":
            break
        pid = os.fork()
        if pid == 0:
            code = 0
            try:
                out = os.open(out_path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
                append_moves(db, lines, setup, out)
            except BaseException as exc:  # the test reads why from stderr
                print(f"appender failed: {exc!r}", file=sys.stderr, flush=True)
                code = 1
            os._exit(code)
        print(f"pid {pid}", flush=True)
        _, status = os.waitpid(pid, 0)
        print(f"dead {status}", flush=True)


def main(argv: list[str]) -> int:
    db, moves_file, setup = argv[0], Path(argv[1]), int(argv[2])
    serve(db, moves_file.read_text(encoding="utf-8").splitlines(), setup)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
