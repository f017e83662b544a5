"""``make run`` plays its demo in a store of its own: the player's database is never touched.

The command ``make run`` runs after its set-up (scripts/run-app.sh) is run
twice, headless and cut short with ``--exit-after`` as the other app shell
tests do, with HOME and the XDG folders in a temporary folder: the first
time there is no database of the player's (none may appear), the second
time there is one with an unfinished game (it must stay byte for byte as it
was, and 继续对局 would offer only that game). The demo's own store, in the
cache folder, holds the demo's game of the last run only.
"""

from __future__ import annotations

import glob
import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

from assistant.store import Store
from engine.record import parse_record

pytest.importorskip("kivy")

REPO = Path(__file__).resolve().parents[2]
UNFINISHED = "setup identity 4\nrole 1 lord\ngeneral 1 caocao\n"


def make_run(home: Path) -> subprocess.CompletedProcess[str]:
    """``make run``'s command (after the set-up) as a player with home ``home`` runs it."""
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("SGS_TABLE_DB", "SGS_TABLE_SETTINGS", "SGS_TABLE_LANG")
    }
    env |= {
        "HOME": str(home),
        "XDG_DATA_HOME": str(home / "data"),
        "XDG_CACHE_HOME": str(home / "cache"),
        "XDG_CONFIG_HOME": str(home / "config"),
        "XDG_STATE_HOME": str(home / "state"),
    }
    args = ["--exit-after", "4", "--screenshot", str(home / "app.png")]
    if glob.glob("/dev/video*"):  # a camera here: ask for the sample as make run does without
        args += ["--camera", "samples/demo.mp4"]
    result = subprocess.run(
        ["bash", "scripts/run-app.sh", *args],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    assert (home / "app.png").is_file()
    return result


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_make_run_twice_leaves_the_players_database_alone(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    players_db = home / "data" / "sgs-table" / "sgs-table.db"
    demo_db = home / "cache" / "sgs-table" / "demo.db"

    first = make_run(home)
    assert not players_db.exists(), "a demo run created the player's database"
    assert str(demo_db) in first.stdout

    # The player's own game, unfinished: what 继续对局 must go on offering.
    players_db.parent.mkdir(parents=True, exist_ok=True)
    with Store.open(str(players_db)) as store:
        store.import_record(parse_record(UNFINISHED))
    before = digest(players_db)

    make_run(home)
    assert digest(players_db) == before
    assert sorted(p.name for p in players_db.parent.iterdir()) == ["sgs-table.db"]
    with Store.open(str(players_db)) as store:
        [game] = store.games()
        assert (game.moves, game.status) == (3, "playing")
    # The demo's store holds this run's game only: it is emptied at each demo run.
    with Store.open(str(demo_db)) as store:
        [demo] = store.games()
        assert demo.mode == "identity" and demo.players == 5


def test_the_app_says_in_one_line_when_its_database_cannot_be_opened(tmp_path: Path) -> None:
    entry = Path(sys.executable).parent / "sgs-table"
    nowhere = tmp_path / "no" / "games.db"
    command = [str(entry), "app", "--db", str(nowhere), "--exit-after", "1"]
    if not os.environ.get("DISPLAY"):
        command = ["xvfb-run", "-a", "-s", "-screen 0 1280x800x24", *command]
    done = subprocess.run(
        command,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={**os.environ, "SGS_TABLE_LANG": "C"},
    )
    assert done.returncode == 3
    assert done.stderr.strip().splitlines()[-1] == (
        f"sgs-table app: cannot open database {nowhere}: folder {nowhere.parent} does not exist"
    )
    assert "Traceback" not in done.stderr
