"""`sgs-table app --open RECORD_OR_GAME [--at N]`: any table on a headless machine.

A record file or a stored game, at a move, on a screen, at a size, in a
language, saved as a screenshot: the app shows that table on a session
without a store, so nothing is stored by opening it. A file or a game that
cannot be read, or a move outside the game, is one line and exit status 1 (3 when
the database itself is missing) before any window opens.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from assistant.i18n import speaking
from assistant.session import TableSession
from assistant.store import Store
from assistant.views import table_view
from engine.game import Game
from engine.record import load_record, replay
from mobile.cli import main
from tests.mobile.app_run import REPO, app_environment

SAMPLE = REPO / "samples" / "identity-8.sgs"


def sample_game() -> Game:
    return replay(load_record(SAMPLE.read_text(encoding="utf-8")))


def open_app(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    entry = str(Path(sys.executable).parent / "sgs-table")
    command = [entry, "--lang", "zh_CN", "app", *args]
    if not os.environ.get("DISPLAY"):
        command = ["xvfb-run", "-a", "-s", "-screen 0 2400x2400x24", *command]
    env = app_environment(tmp_path / "app.db", tmp_path / "settings.json")
    return subprocess.run(
        command, cwd=REPO, capture_output=True, text=True, timeout=120, check=False, env=env
    )


def test_a_record_opens_at_a_move_and_nothing_is_stored(tmp_path: Path) -> None:
    shot = tmp_path / "table.png"
    result = open_app(
        tmp_path,
        *("--open", str(SAMPLE), "--at", "118", "--size", "1080x2400"),
        *("--screenshot", str(shot), "--exit-after", "2"),
    )
    assert result.returncode == 0, result.stderr[-2000:]
    with Image.open(shot) as image:
        assert image.size == (1080, 2400)
    game = sample_game()
    with speaking("zh_CN"):
        heading = table_view(game.state_at(118)).heading
    assert "no game stored: 118 moves" in result.stdout
    assert heading in result.stdout
    with Store.open(f"sqlite:///{tmp_path / 'app.db'}") as store:
        assert store.games() == []


def test_a_stored_game_opens_on_the_replay_screen(tmp_path: Path) -> None:
    db = tmp_path / "club.db"
    with Store.open(f"sqlite:///{db}") as store:
        game_id = store.import_record(load_record(SAMPLE.read_text(encoding="utf-8")))
        moves_before = len(store.moves(game_id))
    shot = tmp_path / "replay.png"
    result = open_app(
        tmp_path,
        *("--open", str(game_id), "--db", str(db), "--at", "192", "--screen", "replay"),
        *("--size", "2400x1080", "--screenshot", str(shot), "--exit-after", "2"),
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert "no game stored: 192 moves" in result.stdout
    with Image.open(shot) as image:
        assert image.size == (2400, 1080)
    with Store.open(f"sqlite:///{db}") as store:
        assert [g.id for g in store.games()] == [game_id]
        assert len(store.moves(game_id)) == moves_before


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--open", "samples/no-such.sgs"], "no-such.sgs"),
        (["--open", str(SAMPLE), "--at", "999"], "--at 999 is outside 0..314"),
        (["--open", str(SAMPLE), "--at", "-1"], "--at -1 is outside 0..314"),
        (["--open", "42"], "42"),
    ],
)
def test_what_cannot_be_opened_is_one_line(
    args: list[str], said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "empty.db"
    Store.open(f"sqlite:///{db}").close()  # a store without game 42
    assert main(["app", "--db", str(db), *args]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    # Refused before any window: pytest's process has no display to open one on.
    assert len(err) == 1 and err[0].startswith("sgs-table app: ") and said in err[0]


def test_a_missing_database_is_the_store_failing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "missing.db"
    assert main(["app", "--db", str(missing), "--open", "42"]) == 3
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("sgs-table app: ") and "missing.db" in err[0]
    assert not missing.exists()


def test_at_needs_open(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["app", "--at", "3"])
    assert exit_.value.code == 2
    assert "--at needs --open" in capsys.readouterr().err


def test_a_session_looking_at_a_game_stores_nothing() -> None:
    game = sample_game()
    session = TableSession.looking_at(game, 139)
    assert session.store is None and session.game_id is None
    assert len(session.game) == 139
    assert session.state == game.state_at(139)
    assert session.game is not game  # what the table does next leaves the game alone
    assert session.prompt.text
    assert len(TableSession.looking_at(game).game) == len(game)
