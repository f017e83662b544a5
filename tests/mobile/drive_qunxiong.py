"""Drives the real app's setup screen to a table of 群雄演义's own 国战.

    python tests/mobile/drive_qunxiong.py OUT_DIR     (under Xvfb, SGS_TABLE_DB set)

Inside the app's own process and window, with the table's own generals file
``samples/qunxiong/generals.toml`` loaded as ``sgs-table --generals`` loads it:
国战 for four, 变体 tapped until 群雄演义, the file's package switched on, and each
seat's two generals found by their Chinese names and tapped; a standard general
seated first shows what the screen says of it. Then 开始, the deal and the first
turn, and the camera reads seat 1's 刘秀 turned face up. ``OUT_DIR/report.json``
holds what the screen showed.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from mobile.app import configure_kivy  # noqa: E402

configure_kivy(width=1280, height=800)

from assistant.cli.generals_files import load_table_generals  # noqa: E402
from engine.catalogue import standard_catalogue  # noqa: E402
from tests.mobile.drive_packs import PacksDriver  # noqa: E402
from tests.mobile.drive_table import Failed, Step, main, tap  # noqa: E402
from vision.payload import GeneralTag, encode  # noqa: E402

GENERALS = REPO / "samples" / "qunxiong" / "generals.toml"
SEATS = [("刘秀", "卫青"), ("孟获", "祝融"), ("刘邦", "霍去病"), ("冒顿", "呼韩邪")]


class QunxiongDriver(PacksDriver):
    def script(self) -> Step:
        yield from self.settle()
        report: dict[str, Any] = {}
        self.report["qunxiong"] = report
        yield from self.go("setup")
        setup = self.manager.get_screen("setup")
        setup.choose_mode("hegemony")
        setup.set_players(4)
        yield from self.settle()
        seen = []
        for _ in range(4):
            if setup.plan.variant == "qunxiong":
                break
            tap(setup.ids.variant_button)
            yield from self.settle()
            seen.append(setup.plan.variant)
        report["variant"] = [setup.plan.variant, setup.ids.variant_button.text]
        report["switches"] = [b.package for b in setup.package_buttons()]
        yield from self.switch(setup, "qunxiong")
        yield from self.seat(setup, 1, "曹操")
        report["problems_standard"] = setup.plan.problems()
        setup.select_seat(1)
        setup.clear_seat()
        yield from self.settle()
        for seat, names in enumerate(SEATS, start=1):
            for name in names:
                yield from self.seat(setup, seat, name)
        report["problems_after"] = setup.plan.problems()
        tap(setup.start_button)
        yield from self.settle()
        if self.manager.current != "table":
            raise Failed(f"the table did not start: {setup.status}; {setup.plan.commands()}")
        for line in ("deal", "next"):  # the 发牌 and 下一步 buttons' commands
            done = self.controller.enter(line)
            if not done.ok:
                raise Failed(f"{line}: {done.message}")
        yield from self.settle()
        number = standard_catalogue().general("qx_liuxiu").number
        reply = self.controller.sight(encode(GeneralTag(number)), "seat1")
        yield from self.settle()
        report["reveal"] = [reply.ok, reply.message]
        report["kingdoms"] = [v.kingdom for v in self.controller.table().seats]
        session = self.controller.session
        report["moves"] = [str(m) for m in session.moves]
        report["game_id"] = session.game_id


if __name__ == "__main__":
    load_table_generals([GENERALS])
    sys.exit(main(QunxiongDriver))
