"""The app's settings file and the language it starts in (no Kivy, no window)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

import pytest

import mobile.app
from assistant.i18n import DEFAULT_LANGUAGE, language
from mobile.settings import (
    LANGUAGE_KEY,
    SETTINGS_ENV,
    load_settings,
    save_setting,
    settings_path,
    start_language,
)


def test_the_settings_file_is_the_users_unless_the_environment_names_one(tmp_path: Path) -> None:
    named = tmp_path / "mine.json"
    assert settings_path({SETTINGS_ENV: str(named)}) == named
    default = settings_path({})
    assert default.name == "settings.json" and default.parent.name == "sgs-table"


def test_a_setting_is_kept_with_the_others(tmp_path: Path) -> None:
    path = tmp_path / "deeper" / "settings.json"
    assert load_settings(path) == {}  # no file: no settings
    save_setting(path, LANGUAGE_KEY, "ja")
    assert load_settings(path) == {"language": "ja"}
    path.write_text(json.dumps({"language": "ja", "later": [1, 2]}), encoding="utf-8")
    save_setting(path, LANGUAGE_KEY, "en")
    assert load_settings(path) == {"language": "en", "later": [1, 2]}
    assert sorted(p.name for p in path.parent.iterdir()) == ["settings.json"]


@pytest.mark.parametrize("text", ["", "{", "[1, 2]", '"en"', "\udcff"])
def test_a_settings_file_that_does_not_read_is_no_settings(tmp_path: Path, text: str) -> None:
    path = tmp_path / "settings.json"
    path.write_text(text, encoding="utf-8", errors="surrogateescape")
    assert load_settings(path) == {}
    save_setting(path, LANGUAGE_KEY, "en")  # and saving a setting mends it
    assert load_settings(path) == {"language": "en"}


def test_the_language_the_app_starts_in() -> None:
    # --lang, then SGS_TABLE_LANG (C included: the tests' own), then the setting, then Chinese.
    assert start_language("ja", {"SGS_TABLE_LANG": "en"}, "zh_CN") == "ja"
    assert start_language(None, {"SGS_TABLE_LANG": "en_GB.UTF-8"}, "ja") == "en"
    assert start_language(None, {"SGS_TABLE_LANG": "C"}, "ja") == "C"
    assert start_language(None, {"SGS_TABLE_LANG": "fr"}, "ja") == "ja"  # no such catalog
    assert start_language(None, {}, "en") == "en"
    assert start_language(None, {}, "fr") == DEFAULT_LANGUAGE == "zh_CN"
    assert start_language(None, {}, None) == "zh_CN"
    # A phone has no LANG; nor does the app follow a desktop's.
    assert start_language(None, {"LANG": "ja_JP.UTF-8", "LANGUAGE": "ja"}, None) == "zh_CN"


def test_sgs_table_app_passes_its_lang_to_the_app(monkeypatch: pytest.MonkeyPatch) -> None:
    """``sgs-table --lang L app`` (the root parser's --lang) is the run's language."""
    started: list[str | None] = []

    def run_app(**options: Any) -> int:
        started.append(options["lang"])
        return 0

    monkeypatch.setattr(mobile.app, "run_app", run_app)
    parser = argparse.ArgumentParser()
    mobile.app.add_app_arguments(parser)
    args = parser.parse_args([])
    assert mobile.app.run_from_arguments(args, parser) == 0  # no --lang anywhere: None
    args.lang = "ja_JP"
    assert mobile.app.run_from_arguments(args, parser) == 0
    args.lang = None
    assert mobile.app.run_from_arguments(args, parser) == 0
    assert started == [None, "ja", None]
    assert language() == "ja"
    args.lang = "fr"
    with pytest.raises(SystemExit) as exit_info:
        mobile.app.run_from_arguments(args, parser)
    assert exit_info.value.code == 2


def test_the_modules_examples() -> None:
    import doctest

    import mobile.settings

    assert doctest.testmod(mobile.settings).failed == 0
