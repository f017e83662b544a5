"""The sample records replay, without a forced move, to the result they declare."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.modes import mode_named
from engine.record import parse_record, replay
from engine.state import Role

SAMPLES = sorted((Path(__file__).resolve().parents[2] / "samples").glob("*.sgs"))
MODES = {
    "identity",
    "1v1",
    "2v2",
    "3v3",
    "hegemony",
    "doudizhu",
    "zhongdan",
    "zhuhou",
    "xuezhan",
    "jiange",
    "hulao",
    "new1v1",
    "zhulu",
}


def test_every_mode_has_a_sample() -> None:
    modes = {parse_record(p.read_text(encoding="utf-8")).headers["Mode"] for p in SAMPLES}
    assert modes == MODES
    names = {p.stem for p in SAMPLES}
    assert {"identity-5", "identity-8", "identity-international-8"} <= names


@pytest.mark.parametrize("path", SAMPLES, ids=[p.stem for p in SAMPLES])
def test_sample_replays_to_its_declared_result(path: Path) -> None:
    record = parse_record(path.read_text(encoding="utf-8"))
    game = replay(record)
    assert game.flagged() == []
    assert game.state.over
    assert game.state.winner == record.headers["Result"]
    assert len(game) == int(record.headers["Moves"])
    players = int(record.headers["Players"])
    assert game.state.players == players
    rules = mode_named(game.state.mode)
    assert rules is not None
    co_winners = " ".join(str(seat) for seat in rules.co_winners(game.state))
    assert record.headers.get("CoWinners", "") == co_winners


def test_the_international_sample_has_a_civilian_who_survives_to_win() -> None:
    """001 国际版: 平民只要存活到遊戲結束即為勝利; the sample shows it."""
    path = next(p for p in SAMPLES if p.stem == "identity-international-8")
    state = replay(parse_record(path.read_text(encoding="utf-8"))).state
    assert state.variant == "international"
    civilians = [s for s in state.seats if s.role is Role.CIVILIAN]
    assert [(s.seat, s.alive) for s in civilians] == [(6, True)]
    assert state.winner == "rebel"


def test_the_hulao_reshuffle_sample_turns_lubu_and_ends_drawn() -> None:
    """虎牢关's reshuffles ([AM], engine/modes/hulao.py, variant ``reshuffle``): the sample's
    first reshuffle turns 吕布 (his HP above 4 before it), the third ends it drawn."""
    path = next(p for p in SAMPLES if p.stem == "hulao-reshuffle")
    game = replay(parse_record(path.read_text(encoding="utf-8")))
    before, after = next(
        (game.state_at(k - 1), game.state_at(k))
        for k in range(1, len(game) + 1)
        if game.state_at(k).shuffles == 1 and game.state_at(k - 1).shuffles == 0
    )
    assert before.seat(1).hp > 4 and not before.seat(1).mark("form")
    assert after.seat(1).mark("form") == 2 and after.seat(1).max_hp == 4
    assert game.state.variant == "reshuffle" and game.state.shuffles == 3
    assert game.state.winner == "draw"


def test_the_hulao_noname_sample_discards_his_equipment_as_he_turns() -> None:
    """[NN] boss_baonu (engine/modes/hulao.py, variant ``noname``): in the sample 吕布
    turns with equipment on, and it goes to the discard pile."""
    path = next(p for p in SAMPLES if p.stem == "hulao-noname")
    game = replay(parse_record(path.read_text(encoding="utf-8")))
    before, after = next(
        (game.state_at(k - 1), game.state_at(k))
        for k in range(1, len(game) + 1)
        if game.state_at(k).seat(1).mark("form") and not game.state_at(k - 1).seat(1).mark("form")
    )
    assert before.seat(1).equipment and after.seat(1).equipment == ()
    assert set(before.seat(1).equipment) <= set(after.discard_pile)
