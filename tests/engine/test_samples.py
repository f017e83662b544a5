"""The sample records replay, without a forced move, to the result they declare."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.record import parse_record, replay

SAMPLES = sorted((Path(__file__).resolve().parents[2] / "samples").glob("*.sgs"))
MODES = {"identity", "1v1", "2v2", "3v3", "hegemony"}


def test_every_mode_has_a_sample() -> None:
    modes = {parse_record(p.read_text(encoding="utf-8")).headers["Mode"] for p in SAMPLES}
    assert modes == MODES
    names = {p.stem for p in SAMPLES}
    assert {"identity-5", "identity-8"} <= names


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
