"""The mutation run (issue #25), at a size that fits the suite: every table script of
``samples/`` with one slip at a time, never read silently; and a refused input, over a
store, changes nothing. ``python -m bench.bench_mutations`` runs all of them.
"""

from __future__ import annotations

import pytest

from assistant.session import Command, parse_script
from assistant.store import Store
from bench.mutations import (
    KINDS,
    Line,
    Mutation,
    chosen,
    judge,
    mutated,
    mutations,
    originals,
    run,
    sample_scripts,
)

SEED = 2512
IN_THE_SUITE = 160  # of about 4,600: the benchmark runs every one
STORED = 24


@pytest.fixture(scope="module")
def games() -> dict[str, tuple[tuple[Command, ...], list[Line]]]:
    return originals()


def test_every_sample_script_reads_whole(
    games: dict[str, tuple[tuple[Command, ...], list[Line]]],
) -> None:
    """The originals the slips are judged against: nothing refused in any of them."""
    assert len(games) >= 19  # every script but the house one (its generals: the benchmark)
    for name, (_commands, lines) in games.items():
        refused = [n for n, line in enumerate(lines, 1) if line.outcome == "refused"]
        assert not refused, f"{name}: inputs {refused} refused"


def test_every_kind_of_slip_is_made(
    games: dict[str, tuple[tuple[Command, ...], list[Line]]],
) -> None:
    drawn = chosen(IN_THE_SUITE, SEED)
    assert {m.kind for m in drawn} == set(KINDS)
    every = sum(len(mutations(name, commands)) for name, commands in sample_scripts())
    assert every >= 2000  # the benchmark's count


def test_no_slip_is_read_silently(
    games: dict[str, tuple[tuple[Command, ...], list[Line]]],
) -> None:
    silent = []
    for mutation in chosen(IN_THE_SUITE, SEED):
        commands, lines = games[mutation.script]
        judged = run(mutation, commands, lines)
        if judged.silent:
            silent.append(f"{mutation}: {judged.divergences[0]}")
    assert not silent, "\n".join(silent)


def test_a_refused_input_changes_nothing_stored(
    games: dict[str, tuple[tuple[Command, ...], list[Line]]],
) -> None:
    """Every refusal of these slipped games, over a store: the game's moves, the stored
    moves and the prompt are the same after it as before (`play_lines` checks)."""
    refusals = 0
    for mutation in chosen(STORED, SEED + 1):
        commands, lines = games[mutation.script]
        store = Store.open("sqlite://")
        try:
            judged = run(mutation, commands, lines, store)
        finally:
            store.close()
        refusals += judged.refused
    assert refusals > STORED  # the check ran on many refusals


# ---------------------------------------------------------------- the judge itself

SCRIPT = parse_script(
    """\
0 setup identity 5
next
see #1 seat1
target 2
see #31 seat2
"""
)
ORIGINAL = [
    Line("move", ("setup",), ""),
    Line("move", ("next",), ""),
    Line("ok", (), ""),
    Line("move", ("use 1 #1 -> 2",), ""),
    Line("move", ("respond 2 #31",), ""),
]


def judged(mutation: Mutation, lines: list[Line]) -> list[str]:
    slipped, indices = mutated(SCRIPT, mutation)
    return judge(mutation, SCRIPT, ORIGINAL, slipped, indices, lines).divergences


def test_the_judge_finds_a_move_the_game_never_made() -> None:
    """`target 2` dropped, and the 闪 read as something nobody named: silent."""
    drop = Mutation("s", "drop", 3)
    lines = [*ORIGINAL[:3], Line("move", ("use 1 #1 -> 3", "respond 2 #31"), "")]
    assert judged(drop, lines)


def test_the_judge_finds_a_card_credited_against_its_region() -> None:
    region = Mutation("s", "region", 4, seat=3)
    lines = [*ORIGINAL[:4], Line("move", ("respond 2 #31",), "")]
    assert any("credited #31 to seat 2" in d for d in judged(region, lines))


def test_the_judge_takes_a_refusal_or_a_question_as_said() -> None:
    drop = Mutation("s", "drop", 3)
    refused = [*ORIGINAL[:3], Line("refused", (), "#1 waits for its target")]
    asked = [*ORIGINAL[:3], Line("question", (), "which?")]
    assert not judged(drop, refused) and not judged(drop, asked)


def test_the_judge_takes_the_target_an_answer_names() -> None:
    drop = Mutation("s", "drop", 3)
    lines = [*ORIGINAL[:3], Line("move", ("use 1 #1 -> 2", "respond 2 #31"), "")]
    assert not judged(drop, lines)
