"""Lays the real app out at phone sizes and densities and checks every word fits; run by
test_layout_app.py.

    python tests/mobile/drive_layout.py OUT_DIR PLAN.json   (under Xvfb, a screen as
                                                            large as the plan's sizes)

PLAN.json: ``{"dpi": 405, "density": 2.53, "sizes": [[1080, 2400], ...],
"games": [[name, record, at], ...], "screens": ["table", ...], "shots": {key:
file}}``. The display's density is set before Kivy starts (``KIVY_DPI``,
``KIVY_METRICS_DENSITY``), as on a phone. Inside the app's own process and
window, for each size (``Window.size``, as when a phone turns), each game
opened at its move (``sgs-table app --open``'s path) and each screen, it
reads from the widget tree: the labels whose text does not fit
(`tests.mobile.fit`), the seat tiles that overlap, the smallest text, the
tiles' sizes, whether the seats needed scrolling, and whether each tile shows
every piece of equipment and delayed trick of its seat. ``OUT_DIR/report.json``
holds it all under ``"checks"``, keyed ``game WxH screen``; the screenshots
named in ``shots`` are taken on the way.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

PLAN = json.loads(Path(sys.argv[2]).read_text(encoding="utf-8"))
# The phone's density, before Kivy reads it.
os.environ["KIVY_DPI"] = str(PLAN["dpi"])
os.environ["KIVY_METRICS_DENSITY"] = str(PLAN["density"])

from mobile.app import configure_kivy  # noqa: E402
from mobile.opened import open_game  # noqa: E402

first = PLAN["sizes"][0]
configure_kivy(width=first[0], height=first[1])


from mobile.widgets.base import LINE, read_px  # noqa: E402
from tests.mobile.drive_table import Driver, Failed, Step, main  # noqa: E402
from tests.mobile.fit import clipped_labels, overlaps, reading_sizes, window_box  # noqa: E402


class LayoutDriver(Driver):
    def resize(self, width: int, height: int) -> Step:
        yield from self.fit_window(width, height)
        self.note(f"window {width}x{height}")

    def script(self) -> Step:
        self.report["checks"] = {}
        self.report["read_px"] = read_px()
        self.report["line_px"] = read_px() * LINE
        yield from self.settle()
        for width, height in PLAN["sizes"]:
            yield from self.resize(width, height)
            for name, record, at in PLAN["games"]:
                opened = open_game(str(REPO / record), None, at)
                self.app.look_at(opened)
                for screen in PLAN["screens"]:
                    self.manager.current = screen
                    yield from self.settle()
                    key = f"{name} {width}x{height} {screen}"
                    self.report["checks"][key] = self.check(screen)
                    shot = PLAN["shots"].get(key)
                    if shot:
                        yield from self.capture(self.out / shot)
                    self.note(key)

    def capture(self, path: Path) -> Step:
        done: list[Path | None] = []
        self.app.request_screenshot(path, done=done.append)
        while not done:
            yield 0.05
        if done[0] is None:
            raise Failed(f"{path.name}: the screenshot was not saved")
        self.report["shots"][path.stem] = str(path)

    def check(self, name: str) -> dict[str, Any]:
        screen = self.manager.get_screen(name)
        found: dict[str, Any] = {"clipped": clipped_labels(screen)}
        smallest = reading_sizes(screen)
        found["smallest"] = list(smallest[0]) if smallest else None
        if name == "distances":
            tiles = list(screen.picture.seat_labels)
            found["seats"] = len(tiles)
        else:
            tiles = list(screen.ring.cards)
            found["seats"] = len(tiles)
            found["missing"] = missing_chips(tiles)
            ring = screen.ring
            viewport = ring.parent if ring.parent is not None else ring
            found["scrolls"] = bool(ring.height > viewport.height + 1.5)
            plan = ring.plan
            if plan is not None:
                found["plan"] = {
                    "grid": [plan.cols, plan.rows],
                    "font": plan.font,
                    "fits": plan.fits,
                    "room": ring.room,
                    "needed": ring.needed,
                    "viewport": viewport.height,
                }
        found["overlaps"] = overlaps(tiles)
        found["tiles"] = [list(window_box(t)[2:]) for t in tiles]
        return found


def missing_chips(cards: list[Any]) -> list[str]:
    """What a seat holds (equipment, delayed tricks) that its tile shows no chip for."""
    missing = []
    for card in cards:
        view = card.view
        if view is None:
            continue
        shown = " ".join(str(chip.text) for chip in card.chips if chip.parent is card)
        for equip in view.equipment:
            if equip.short_text not in shown:
                missing.append(f"seat {view.seat}: {equip.short_text}")
        for trick in view.judgement_short:
            if trick not in shown:
                missing.append(f"seat {view.seat}: {trick}")
    return missing


if __name__ == "__main__":
    sys.exit(main(LayoutDriver))
