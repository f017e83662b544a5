"""Crash safety: SIGKILL a process that is appending moves, again and again.

After every kill the SQLite file must pass ``PRAGMA integrity_check``, hold
every move whose append had returned (the appender records each one as it
returns), hold no gap, and replay: a new session resumes the game from the
last stored move. See crash_child.py for the appenders.
"""

from __future__ import annotations

import random
import sqlite3
import time
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

from assistant.store import Store
from bench.simulate import play, random_setup
from engine.moves import Move
from tests.assistant.appenders import Appenders

KILLS = 50
SEED = 20261121
GAME_SEED = 7


@cache
def long_game() -> tuple[int, tuple[Move, ...]]:
    # A slow game (low aggression) that is still going after 4,000 moves: the
    # appenders must never run out of moves, however fast the disk is.
    setup = random_setup(GAME_SEED, "identity", 10)
    moves = tuple(play(GAME_SEED, setup, 4000, aggression=0.05).moves)
    assert len(moves) == 4000, "the simulated game is too short for 50 kills"
    return len(setup), moves


@pytest.fixture
def appenders(tmp_path: Path) -> Iterator[tuple[Appenders, Path, tuple[Move, ...], int]]:
    setup, moves = long_game()
    moves_file = tmp_path / "moves.txt"
    moves_file.write_text("".join(f"{m}\n" for m in moves), encoding="utf-8")
    db = tmp_path / "games.db"
    parent = Appenders("tests.assistant.crash_child", str(db), str(moves_file), str(setup))
    try:
        yield parent, db, moves, setup
    finally:
        parent.close()


def wait_for_an_append(out: Path, setup: int, timeout: float = 120) -> None:
    """Until the appender has acknowledged a move of its own: a line past the setup
    (the first appender's first line is the setup it created). The bound is only
    there so a broken appender fails the test instead of hanging it."""
    end = time.monotonic() + timeout
    while not any(int(seq) > setup for seq in _acknowledged(out)):
        assert time.monotonic() < end, "the appender never appended"
        time.sleep(0.001)


def _acknowledged(out: Path) -> list[str]:
    text = out.read_text() if out.exists() else ""
    # The last line may be half written when it is read: only whole lines count.
    return [line for line in text.split("\n")[:-1] if line.isdigit()]


def test_a_killed_appender_loses_no_committed_move(
    appenders: tuple[Appenders, Path, tuple[Move, ...], int], tmp_path: Path
) -> None:
    parent, db, moves, setup = appenders
    rng = random.Random(SEED)
    acknowledged: set[int] = set()
    stored = 0
    during_appends = 0  # kills that came after the appender had acknowledged a move
    for kill in range(KILLS):
        out = tmp_path / f"appended-{kill}.txt"
        pid = parent.start(out)
        if kill % 5 == 4:
            # Now and then at any moment: opening, creating or replaying the game.
            time.sleep(rng.uniform(0, 0.1))
        else:
            wait_for_an_append(out, setup)
            time.sleep(rng.uniform(0, 0.02))
        parent.kill(pid)
        printed = out.read_text().split() if out.exists() else []
        assert "done" not in printed, "the game ran out of moves before the kills did"
        acknowledged.update(int(seq) for seq in printed if seq.isdigit())
        if any(int(seq) > setup for seq in printed if seq.isdigit()):
            during_appends += 1

        raw = sqlite3.connect(db)
        try:
            assert raw.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
            seqs = [row[0] for row in raw.execute("SELECT seq FROM moves ORDER BY seq")]
        finally:
            raw.close()
        assert seqs == list(range(1, len(seqs) + 1)), "a gap in the log"
        assert acknowledged <= set(seqs), "a move whose append returned is missing"
        # What this appender stored beyond what it acknowledged: at most the move whose
        # append was returning when the kill came (or the whole setup, if the game's
        # creation was). Counted per kill: an earlier appender may have left one of its
        # own unacknowledged, which is not this one's.
        acknowledged_now = [int(seq) for seq in printed if seq.isdigit()]
        unacknowledged = len(seqs) - max([stored, *acknowledged_now])
        assert unacknowledged in (0, 1) or (stored == 0 and len(seqs) == setup)
        assert len(seqs) >= stored
        stored = len(seqs)

        if seqs:
            with Store.open(str(db)) as store:
                (game,) = store.games()
                assert store.load_game(game.id).moves == moves[: len(seqs)]
                assert store.next_seq(game.id) == len(seqs) + 1
    # However fast or busy the machine: four kills in five waited for an append, so
    # they landed while the appender was appending (the fifth may land anywhere).
    assert during_appends >= KILLS - KILLS // 5, f"only {during_appends} kills hit appends"
    print(f"{KILLS} kills, {during_appends} during appends, {stored} moves stored")
