"""Drives the real app's setup screen with 神话再临's packs of generals.

    python tests/mobile/drive_packs.py OUT_DIR     (under Xvfb, SGS_TABLE_DB set)

Inside the app's own process and window: an identity table of five. Without a
pack the search does not offer 夏侯渊; the 风 switch is tapped and it does;
seats take 刘备 (lord), 夏侯渊, 神关羽, 小乔 and 张角 by searching their Chinese
names; the 神 general's seat has the 势力 button, tapped until 蜀; the 火
switch is tapped on and off (its generals found by the pack's name while on);
1V1 offers 风 alone (and turns 火 off); then 开始. ``OUT_DIR/report.json`` holds what the screen
showed at each step and the game's moves.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from mobile.app import configure_kivy  # noqa: E402

configure_kivy(width=1280, height=800)

from tests.mobile.drive_table import Driver, Failed, Step, main, tap  # noqa: E402


def keys(setup: Any) -> list[str]:
    return [b.general_key for b in setup.result_buttons()]


class PacksDriver(Driver):
    def switch(self, setup: Any, package: str) -> Step:
        found = [b for b in setup.package_buttons() if b.package == package]
        if not found:
            raise Failed(f"no switch for the {package} generals")
        tap(found[0])
        yield from self.settle()
        self.report.setdefault("switched", []).append([package, list(setup.plan.packages)])

    def seat(self, setup: Any, seat: int, name: str) -> Step:
        setup.select_seat(seat)
        setup.search(name)
        yield from self.settle()
        found = [b for b in setup.result_buttons() if b.text.startswith(name)]
        if not found:
            raise Failed(f"searching {name} offered {keys(setup)}")
        tap(found[0])
        yield from self.settle()

    def script(self) -> Step:
        yield from self.settle()
        report: dict[str, Any] = {}
        self.report["packs"] = report
        yield from self.go("setup")
        setup = self.manager.get_screen("setup")
        report["switches"] = [(b.package, b.text) for b in setup.package_buttons()]
        setup.search("夏侯")
        yield from self.settle()
        report["before"] = keys(setup)
        yield from self.switch(setup, "wind")
        setup.search("夏侯")
        yield from self.settle()
        report["after"] = keys(setup)
        report["wind_on"] = [b.accent for b in setup.package_buttons() if b.package == "wind"]
        report["kingdoms"] = [b.kingdom for b in setup.kingdom_buttons()]
        yield from self.switch(setup, "fire")
        setup.choose_mode("1v1")  # 风 alone: the 火 switch goes, and its generals
        yield from self.settle()
        report["one_v_one"] = [b.package for b in setup.package_buttons()]
        setup.choose_mode("identity")
        setup.set_players(5)
        yield from self.settle()
        report["back_to_identity"] = list(setup.plan.packages)
        for seat, name in enumerate(["刘备", "夏侯渊", "神关羽", "小乔", "张角"], start=1):
            yield from self.seat(setup, seat, name)
        setup.select_seat(1)
        setup.make_lord()
        setup.select_seat(3)
        yield from self.settle()
        report["kingdom_button"] = [setup.chooses_kingdom, setup.ids.kingdom_button.text]
        report["problems_god"] = setup.plan.problems()
        tap(setup.ids.kingdom_button)
        yield from self.settle()
        tap(setup.ids.kingdom_button)
        yield from self.settle()
        report["kingdom_chosen"] = [setup.plan.kingdoms.get(3), setup.ids.kingdom_button.text]
        report["seat3_head"] = [t.head for t in setup.seat_buttons() if t.seat == 3]
        setup.select_seat(2)
        yield from self.settle()
        report["kingdom_button_other"] = setup.chooses_kingdom
        yield from self.switch(setup, "fire")
        setup.search("火")
        yield from self.settle()
        report["fire_by_pack"] = keys(setup)
        yield from self.switch(setup, "fire")
        setup.search("")
        yield from self.settle()
        report["fire_off"] = [k for k in keys(setup) if k == "dianwei"]
        report["problems_after"] = setup.plan.problems()
        tap(setup.start_button)
        yield from self.settle()
        if self.manager.current != "table":
            raise Failed(f"the table did not start: {setup.status}; {setup.plan.commands()}")
        session = self.controller.session
        report["moves"] = [str(m) for m in session.moves]
        report["game_id"] = session.game_id


if __name__ == "__main__":
    sys.exit(main(PacksDriver))
