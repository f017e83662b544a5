"""The real app, headless: the setup screen sets up a table of every mode.

tests/mobile/drive_modes.py taps each mode button of the setup screen in turn,
tries its player counts, seats the generals and starts the table; here its
report is checked against ``engine.modes.MODES`` and the store (the issue's
acceptance: "The setup screen offers every mode with its player counts; a
headless UI test sets up each one").
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from assistant.i18n import mode_name, variant_name
from assistant.store import Store
from engine.modes import MODES
from engine.record import replay
from tests.mobile.app_run import run_driver

DRIVER = Path(__file__).with_name("drive_modes.py")


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], Path]:
    out = tmp_path_factory.mktemp("modes-app")
    db = out / "table.db"
    return run_driver(DRIVER, out, db, timeout=240), db


def test_every_mode_has_its_button_and_its_player_counts(
    report: tuple[dict[str, Any], Path],
) -> None:
    modes = report[0]["modes"]
    assert list(modes) == list(MODES)
    for key, mode in MODES.items():
        seen = modes[key]
        assert seen["button"] == mode_name(key) and seen["chosen"] == key
        assert (seen["min"], seen["max"], seen["above"]) == (
            mode.min_players,
            mode.max_players,
            mode.max_players,
        )
        assert seen["problems"], key  # no generals yet: the screen says what is missing
        assert seen["problems_after"] == [], key


def test_every_mode_offers_its_variants(report: tuple[dict[str, Any], Path]) -> None:
    """变体: the variants of each mode at its smallest table, in the mode's order and
    round to the standard game; 虎牢关's reshuffle rule ([AM], engine/modes/hulao.py)."""
    modes = report[0]["modes"]
    for key, mode in MODES.items():
        offered = [v for v in mode.variants if mode.check_setup(mode.min_players, v) is None]
        expected = [*offered, ""] if len(offered) > 1 else [""]
        assert modes[key]["variants"] == [[v, variant_name(v)] for v in expected], key
    assert ["reshuffle", variant_name("reshuffle")] in modes["hulao"]["variants"]


def test_every_mode_starts_a_stored_table_with_its_generals(
    report: tuple[dict[str, Any], Path],
) -> None:
    modes, db = report
    ids = set()
    with Store.open(f"sqlite:///{db}") as store:
        for key, mode in MODES.items():
            seen = modes["modes"][key]
            moves = seen["moves"]
            assert moves[0].split()[:3] == ["setup", key, str(mode.min_players)], moves[0]
            generals = [m for m in moves if m.startswith("general ")]
            assert len(generals) == mode.min_players
            assert all(len(m.split()[2].split(",")) == mode.generals_per_seat for m in generals)
            game = replay(store.record(seen["game_id"]))
            assert [str(m) for m in game.moves] == moves
            assert game.state.mode == key and len(game.state.seats) == mode.min_players
            ids.add(seen["game_id"])
    assert len(ids) == len(MODES)
