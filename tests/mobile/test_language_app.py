"""The app's language setting, through the real app, headless.

tests/mobile/drive_language.py taps the home screen's language buttons as a
player would: the tabs change language at once, the choice goes to the
settings file, and the next start speaks it. The app starts without
``SGS_TABLE_LANG`` here, so the setting decides (none yet: Chinese).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.mobile.app_run import run_driver

DRIVER = Path(__file__).with_name("drive_language.py")


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], dict[str, Any]]:
    """Two starts of the app with one settings file: the first taps English, 简体中文 and
    English again; the second starts in what the first left and taps 简体中文."""
    folder = tmp_path_factory.mktemp("language-app")
    db, settings = folder / "app.db", folder / "settings.json"
    first, second = (
        run_driver(DRIVER, folder / run, db, lang=None, settings=settings, args=[run])
        for run in ("first", "second")
    )
    return first, second


def test_the_app_starts_in_chinese_without_a_setting(runs: tuple[dict[str, Any], ...]) -> None:
    start = runs[0]["start"]
    assert start["language"] == "zh_CN"
    assert start["tab"] == "牌桌"
    assert start["title"] == "三国杀牌桌助手"
    assert start["chosen"] == ["zh_CN"]
    assert start["settings"] == {}


def test_a_language_button_changes_every_screen_at_once(runs: tuple[dict[str, Any], ...]) -> None:
    start = runs[0]["start"]
    english, chinese, again = runs[0]["taps"]
    assert english["language"] == "en" and english["chosen"] == ["en"]
    assert english["tab"] == "Table"
    assert english["title"] == "Sanguosha table assistant"
    assert chinese["tab"] == "牌桌" and chinese["chosen"] == ["zh_CN"]
    assert again["tab"] == "Table"
    # The screens are made anew; the controller (the session, the store, the camera) stays.
    assert not set(english["screens"]) & set(start["screens"])
    assert english["controller"] == chinese["controller"] == start["controller"]


def test_the_language_is_kept_for_the_next_start(runs: tuple[dict[str, Any], ...]) -> None:
    first, second = runs
    assert [tap["settings"] for tap in first["taps"]] == [
        {"language": "en"},
        {"language": "zh_CN"},
        {"language": "en"},
    ]
    start = second["start"]
    assert start["language"] == "en" and start["tab"] == "Table" and start["chosen"] == ["en"]
    [chinese] = second["taps"]
    assert chinese["tab"] == "牌桌"
    assert chinese["settings"] == {"language": "zh_CN"}
