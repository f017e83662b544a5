"""Write the sample game records in samples/ from the seeded simulator.

``python -m bench.make_samples [NAME ..]`` rewrites them (or the ones named);
the same seeds give the same games, so the files only change when the engine
or the simulator does. Each sample is a whole legal game (no forced move)
that ends with a winner, and says so in its headers (``Result``: the winning
side; ``CoWinners``: the seats that win beside it, 国际版's surviving
civilians); tests/engine/test_samples.py replays them.
"""

from __future__ import annotations

import sys
from pathlib import Path

from bench.simulate import random_setup, simulate, usage
from engine.game import Game
from engine.modes import mode_named
from engine.moves import Forced
from engine.record import Record, format_record
from engine.rules import describe_winner

SAMPLES = Path(__file__).resolve().parent.parent / "samples"

# (file name, mode, players, first seed to try)
WANTED = [
    ("identity-5", "identity", 5, 101),
    ("identity-8", "identity", 8, 202),
    ("identity-10", "identity", 10, 1010),
    ("identity-international-8", "identity", 8, 818),
    ("identity-qunxiong-10", "identity", 10, 1003),
    ("1v1", "1v1", 2, 303),
    ("2v2", "2v2", 4, 404),
    ("3v3", "3v3", 6, 505),
    ("hegemony", "hegemony", 5, 606),
    ("new1v1", "new1v1", 2, 707),
    ("zhulu", "zhulu", 5, 808),
    ("doudizhu", "doudizhu", 3, 711),
    ("zhongdan-8", "zhongdan", 8, 823),
    ("zhuhou-5", "zhuhou", 5, 905),
    ("xuezhan", "xuezhan", 4, 1212),
    ("jiange", "jiange", 8, 1313),
    ("hulao", "hulao", 4, 3),
    ("hulao-reshuffle", "hulao", 4, 40),
    ("hulao-noname", "hulao", 4, 1),
]
# Samples of a variant a random setup does not choose by itself (bench.simulate.OPT_IN_VARIANTS)
VARIANTS = {
    "identity-international-8": "international",
    "identity-qunxiong-10": "qunxiong",
    "hulao-reshuffle": "reshuffle",
    "hulao-noname": "noname",
}
# Samples of a long game (bench.simulate.play's aggression): 虎牢关's reshuffles
AGGRESSION = {"hulao-reshuffle": 0.5}


def sample(
    mode: str, players: int, seed: int, variant: str | None = None, aggression: float = 1.0
) -> tuple[int, Game]:
    """The first seed from ``seed`` on whose game ends with a winner, and the game."""
    for attempt in range(seed, seed + 200):
        setup = random_setup(attempt, mode, players, variant)
        moves = simulate(attempt, setup, max_moves=2000, aggression=aggression)
        game = Game(moves)
        if game.state.over and game.state.winner and not any(isinstance(m, Forced) for m in moves):
            return attempt, game
    raise RuntimeError(f"no finished {mode} game in 200 seeds from {seed}")


def main(names: list[str]) -> int:
    """Rewrites the samples named (file names without .sgs), or all of them."""
    SAMPLES.mkdir(exist_ok=True)
    for name, mode, players, seed in WANTED:
        if names and name not in names:
            continue
        variant = VARIANTS.get(name)
        used, game = sample(mode, players, seed, variant, AGGRESSION.get(name, 1.0))
        state = game.state
        headers = {
            "Event": f"sample {mode} game, {players} players"
            + (f", variant {variant}" if variant else ""),
            "Generator": f"bench/simulate.py, seed {used}",
            "Mode": mode,
            "Players": str(players),
            "Moves": str(len(game)),
            "Result": state.winner or "",
            "Termination": str(describe_winner(state.winner)),
        }
        rules = mode_named(mode)
        co_winners = rules.co_winners(state) if rules else ()
        if co_winners:
            headers["CoWinners"] = " ".join(str(seat) for seat in co_winners)
        path = SAMPLES / f"{name}.sgs"
        path.write_text(format_record(Record(headers, game.moves)), encoding="utf-8")
        print(f"{path.name}: {len(game)} moves, {describe_winner(state.winner)}", file=sys.stderr)
        # What the sample shows of the skills: a sample that uses none teaches little.
        skills = ", ".join(f"{key} {n}" for key, n in sorted(usage(game.moves).items()))
        print(f"  skills and equipment: {skills or 'none'}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
