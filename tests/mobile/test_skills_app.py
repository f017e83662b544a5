"""The real app, headless: a skill (仁德) by its buttons and a conversion (武圣) by a sighting.

tests/mobile/drive_skills.py runs in the app's own process and window and
taps the prompt bar and the ring as a player would; here its report and the
stored game are checked.
"""

from __future__ import annotations

from pathlib import Path

from assistant.store import Store
from engine.cards import Colour
from engine.catalogue import standard_catalogue
from engine.record import replay
from tests.mobile.app_run import run_driver

DRIVER = Path(__file__).with_name("drive_skills.py")
REPO = Path(__file__).resolve().parents[2]
# The driver's red card that is not a 杀 (only 武圣 makes it one).
RED_CARD = next(
    c.id for c in standard_catalogue().cards if c.key == "shan" and c.colour is Colour.RED
)


def test_rende_and_wusheng_through_the_app(tmp_path: Path) -> None:
    db = tmp_path / "table.db"
    report = run_driver(DRIVER, tmp_path, db)
    buttons = report["buttons"]  # each as the command it stands for
    assert buttons["play"][:2] == ["skill 1 jijiang", "skill 1 rende"]
    assert buttons["play"][-1] == "next"  # 结束出牌
    assert "unseen" in buttons["rende"] and "cancel" in buttons["rende"]  # 暗牌, 取消
    assert "ok" in buttons["rende ready"]  # 确定
    moves = report["moves"]
    assert "skill 1 rende x2 -> 3" in moves
    assert f"use 2 #{RED_CARD} as sha -> 1" in moves
    # The log screen's typed entry: completion, and a refused move entered flagged.
    assert report["completions"] == ["skill ", "skip "]
    assert moves[-1] == "!heal 3 1" and "flagged" in report["typed"]
    # Nothing but the typed move was forced, and the store holds the same game.
    assert [m for m in moves if m.startswith("!")] == ["!heal 3 1"]
    with Store.open(f"sqlite:///{db}") as store:
        game = replay(store.record(report["game_id"]))
    assert [str(m) for m in game.moves] == moves
    assert game.state.seat(3).hand_count == 6  # 赵云's four and 仁德's two
    assert Path(report["shot"]).is_file()
