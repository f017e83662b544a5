"""Every state of every sample record has a prompt and a timing view."""

from __future__ import annotations

from pathlib import Path

import pytest

from assistant.session import current_prompt
from assistant.views import timing_view
from engine.record import parse_record, replay

SAMPLES = sorted((Path(__file__).resolve().parents[2] / "samples").glob("*.sgs"))


@pytest.mark.parametrize("path", SAMPLES, ids=[p.stem for p in SAMPLES])
def test_every_state_has_a_prompt_and_a_timing_view(path: Path) -> None:
    game = replay(parse_record(path.read_text(encoding="utf-8")))
    expects: set[str] = set()
    for n in range(len(game) + 1):
        state = game.state_at(n)
        prompt = current_prompt(state)
        assert prompt.text, (n, state.stack)
        assert prompt.expects
        expects.add(prompt.expects)
        view = timing_view(state)
        assert view.point
        assert all(a.seat >= 1 for a in view.acting)
    assert {"setup", "play", "over"} <= expects
