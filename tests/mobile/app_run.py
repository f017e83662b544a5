"""Running a driver script inside the real app, headless, and reading its report."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from mobile.settings import SETTINGS_ENV

# The note the table app's driver adds on move 15 from the log screen (drive_table.py),
# checked by test_table_app.py: here, where both import it without importing Kivy.
NOTE = "好牌 · a good play"
# The note drive_replay.py adds on a stored game's move from the replay screen.
REPLAY_NOTE = "what if 曹操 had kept the 桃?"
# The player's name drive_table.py types for seat 2 on the setup screen.
PLAYER = "Zhang San"

REPO = Path(__file__).resolve().parents[2]


def app_environment(db: Path, settings: Path, lang: str | None = "C") -> dict[str, str]:
    """The environment of an app started by a test: its store, its settings file and the
    language it speaks (``SGS_TABLE_LANG``; None: none set, the app's setting decides)."""
    env = {**os.environ, "SGS_TABLE_DB": str(db), SETTINGS_ENV: str(settings)}
    env.pop("SGS_TABLE_LANG", None)
    if lang is not None:
        env["SGS_TABLE_LANG"] = lang
    return env


def run_driver(
    driver: Path,
    out: Path,
    db: Path,
    *,
    lang: str | None = "C",
    settings: Path | None = None,
    args: Sequence[str] = (),
    timeout: float = 180,
    screen: str = "1280x800",
) -> dict[str, Any]:
    """Run ``driver OUT ARGS`` under Xvfb (unless there is a display; its ``screen``
    WIDTHxHEIGHT) with the store at ``db``, speaking ``lang`` (see `app_environment`;
    the settings file: ``OUT/settings.json``); its report, after checking it ran
    without errors."""
    command = [sys.executable, str(driver), str(out), *args]
    if not os.environ.get("DISPLAY"):
        command = ["xvfb-run", "-a", "-s", f"-screen 0 {screen}x24", *command]
    result = subprocess.run(
        command,
        cwd=REPO,
        env=app_environment(db, settings or out / "settings.json", lang),
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    report_file = out / "report.json"
    assert report_file.is_file(), f"no report ({result.returncode}):\n{result.stderr[-3000:]}"
    report: dict[str, Any] = json.loads(report_file.read_text())
    print("\n".join(report["steps"]))
    assert report["errors"] == [], report["errors"]
    assert report["status"] == 0 and result.returncode == 0, result.stderr[-3000:]
    return report
