"""A skill's seats through the real app, headless, in Chinese: 离间's target buttons are
the two men only, a tap on a woman's seat on the ring is refused at once with the
rule's reason (nothing changes), and the taps on the men make the move.

tests/mobile/drive_skill_targets.py opens a stored game at 貂蝉's play phase as the
table and taps as a player would; here its report and the stored game are checked.
"""

from __future__ import annotations

import json
from pathlib import Path

from assistant.store import Store
from engine.record import Record, replay
from tests.engine.helpers import table
from tests.mobile.app_run import run_driver

DRIVER = Path(__file__).with_name("drive_skill_targets.py")
TAPS = [{"button": "skill 1 lijian"}, {"seat": 3}, {"seat": 2}, {"seat": 4}, {"button": "unseen"}]


def test_lijian_seats_through_the_app(tmp_path: Path) -> None:
    db = tmp_path / "table.db"
    game = table(["diaochan", "caocao", "zhenji", "lvbu", "daqiao"])
    game.push_text("draw 1 x2")  # 貂蝉's play phase
    with Store.open(f"sqlite:///{db}") as store:
        game_id = store.import_record(Record(moves=tuple(game.moves)))
    cases = [{"name": "lijian", "game": game_id, "taps": TAPS}]
    (tmp_path / "cases.json").write_text(json.dumps(cases), encoding="utf-8")
    report = run_driver(DRIVER, tmp_path, db, lang="zh_CN", args=[str(tmp_path / "cases.json")])
    shown = report["cases"]["lijian"]["shown"]
    # Before the first seat: the men only (貂蝉 herself, 甄姬 and 大乔 have no button).
    assert [w for w, c in shown[1] if c.startswith("target")] == ["→ 2号位 曹操", "→ 4号位 吕布"]
    # 甄姬's seat tapped: refused at once with 离间's reason, no move, still 离间.
    assert report["said"][1] == ["3号位不能成为目标：离间：3号位须是另一名存活的男性角色", True]
    assert report["after"][1] == report["after"][0]
    assert [c for _w, c in shown[2] if c.startswith("target")] == ["target 2", "target 4"]
    # After 曹操: only 吕布 is left to duel him.
    assert [c for _w, c in shown[3] if c.startswith("target")] == ["target 4"]
    moves = report["cases"]["lijian"]["moves"]
    assert moves == [*(str(m) for m in game.moves), "skill 1 lijian x1 -> 2,4"]
    with Store.open(f"sqlite:///{db}") as store:
        assert [str(m) for m in replay(store.record(game_id)).moves] == moves
