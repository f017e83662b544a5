"""The processes the crash-safety test kills: each appends a game's moves to a store.

``python -m tests.assistant.crash_child DB MOVES SETUP`` imports everything
once, then serves the test (tests.assistant.appenders): for each line
``go OUT`` read from stdin it forks an appender.

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
from tests.assistant.appenders import serve


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


def main(argv: list[str]) -> int:
    db, moves_file, setup = argv[0], Path(argv[1]), int(argv[2])
    lines = moves_file.read_text(encoding="utf-8").splitlines()
    serve(lambda _, out: append_moves(db, lines, setup, out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
