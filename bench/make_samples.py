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
from engine.catalogue import add_generals
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


# 群雄演义's 国战 (variant qunxiong, rules 003 lines 414-434): its generals are a table's
# own file's (samples/qunxiong/generals.toml), and the setup seats two rulers (君主)
# of 汉 as main generals, so that the kingdom left alone splits (line 430). The
# seed's game shows both: 汉 reaching three seats shown (its rulers' +1 max HP)
# and the split, where seat 5 joins seat 3's careerist camp, which wins.
QUNXIONG = "qunxiong/hegemony"
QUNXIONG_SETUP = [
    "setup hegemony 6 variant=qunxiong packages=standard,ex,maneuvering,qunxiong",
    "general 1 qx_liuxiu,qx_weiqing hidden",
    "general 2 qx_menghuo,qx_zhurong hidden",
    "general 3 qx_liubang,qx_huoqubing hidden",
    "general 4 qx_maodun,qx_huhanye hidden",
    "general 5 qx_banchao,qx_zhangqian hidden",
    "general 6 qx_chelij,qx_yueji hidden",
]
QUNXIONG_SEED = 2


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


def write(name: str, game: Game, headers: dict[str, str]) -> None:
    path = SAMPLES / f"{name}.sgs"
    path.write_text(format_record(Record(headers, game.moves)), encoding="utf-8")
    print(f"{path.name}: {len(game)} moves, {describe_winner(game.state.winner)}", file=sys.stderr)
    # What the sample shows of the skills: a sample that uses none teaches little.
    skills = ", ".join(f"{key} {n}" for key, n in sorted(usage(game.moves).items()))
    print(f"  skills and equipment: {skills or 'none'}", file=sys.stderr)


def qunxiong_hegemony() -> None:
    """samples/qunxiong/hegemony.sgs, with the generals of samples/qunxiong/generals.toml
    (loaded into this process's catalogue: name it alone, or last)."""
    table_file = SAMPLES / "qunxiong" / "generals.toml"
    add_generals(table_file.read_text(encoding="utf-8"), table_file.name)
    game = Game(simulate(QUNXIONG_SEED, QUNXIONG_SETUP, max_moves=2000))
    assert game.state.over and not any(isinstance(m, Forced) for m in game.moves)
    headers = {
        "Event": "sample hegemony game, 6 players, variant qunxiong (群雄演义)",
        "Generator": f"bench/simulate.py, seed {QUNXIONG_SEED}; generals: {table_file.name}",
        "Mode": "hegemony",
        "Players": "6",
        "Moves": str(len(game)),
        "Result": game.state.winner or "",
        "Termination": str(describe_winner(game.state.winner)),
    }
    write(QUNXIONG, game, headers)


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
        write(name, game, headers)
    if not names or QUNXIONG in names:  # last: it adds a table's generals to the catalogue
        qunxiong_hegemony()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
