"""逐鹿天下: the table screen's heading names the alliances (rules 003 line 444: 结盟),
as the sample game's states have them; the heading of a state without any names none."""

from __future__ import annotations

from pathlib import Path

from assistant.i18n.languages import speaking
from assistant.views import table_view
from engine.modes.zhulu import alliances
from engine.record import load_record, replay

SAMPLE = Path(__file__).resolve().parents[2] / "samples" / "zhulu.sgs"


def test_the_heading_names_the_alliances_of_the_sample_game() -> None:
    game = replay(load_record(SAMPLE.read_text(encoding="utf-8")))
    seen = 0
    with speaking("zh_CN"):
        for n in range(len(game) + 1):
            state = game.state_at(n)
            pairs = alliances(state)
            heading = table_view(state).heading
            if pairs:
                seen += 1
                shown = " · ".join(f"{a}+{b}" for a, b in pairs)
                assert heading.endswith(f"同盟 {shown}"), heading
            else:
                assert "同盟" not in heading, heading
    assert seen  # the sample makes an alliance
