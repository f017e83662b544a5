"""Walks every screen of the real app and reads every label on it; run by test_words_app.py.

    python tests/mobile/drive_words.py OUT_DIR [--size WxH[@DPI]]... GAME...
        (under Xvfb as large as the sizes, SGS_TABLE_DB and SGS_TABLE_LANG set)

Inside the app's own process and window, in the language the environment
names, at each size in turn (default: 1280x800 at the display's own
density; ``@DPI`` sets the density as a phone's, 405 for a 6.5" 20:9 phone:
Kivy's metrics and the window's size change in-process, as when a window
moves to another screen or a phone turns): the home and setup screens, then
for each stored GAME (an id) opened as the table every in-game screen
(table, scan, distances, settlement, log, replay on that game at its last
move, with its statistics, and the games list). On each, every label's text
is collected (buttons included: a button is a label), every label whose text
does not fit and every two labels that overlap (``tests/mobile/fit.py``), and
the smallest text a player reads (the home screen's and the statistics'
excepted: they may use the theme's sizes).

It writes ``OUT_DIR/report.json``: ``{"labels": {place: [text, ...]}`` (at
the first size), ``"sizes": {size: {"read_px": px, "clipped": {place:
[problem, ...]}, "overlaps": {place: [...]}, "smallest": {place: [px,
text]}}}}``, a place being ``screen`` or ``screen@game``, a size ``WxH`` or
``WxH@DPI``.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

SIZE = re.compile(r"(\d+)x(\d+)(?:@(\d+(?:\.\d+)?))?$")


def arguments(argv: list[str]) -> tuple[list[str], list[int]]:
    """The sizes (``WxH`` or ``WxH@DPI``; default ``1280x800``) and the games."""
    sizes: list[str] = []
    games: list[int] = []
    rest = iter(argv)
    for arg in rest:
        if arg == "--size":
            size = next(rest)
            if not SIZE.match(size):
                raise SystemExit(f"--size WxH[@DPI], not {size!r}")
            sizes.append(size)
        else:
            games.append(int(arg))
    return sizes or ["1280x800"], games


SIZES, GAMES = arguments(sys.argv[2:])
_first = SIZE.match(SIZES[0])
assert _first is not None
if _first[3]:  # the first size's density, before Kivy reads it
    os.environ["KIVY_DPI"] = _first[3]
    os.environ["KIVY_METRICS_DENSITY"] = str(round(float(_first[3]) / 160, 4))

from mobile.app import configure_kivy  # noqa: E402

configure_kivy(width=int(_first[1]), height=int(_first[2]))

from kivy.core.window import Window  # noqa: E402
from kivy.metrics import Metrics  # noqa: E402

from mobile.widgets.base import read_px  # noqa: E402
from mobile.widgets.stats_table import StatsTable  # noqa: E402
from tests.mobile.drive_table import Driver, Failed, Step, labels_in, main  # noqa: E402
from tests.mobile.fit import clipped_labels, overlapping_labels, visible_labels  # noqa: E402

SCREENS = ("table", "scan", "distances", "settlement", "log")
# Where a player does not read during play: the theme's sizes are enough there.
NOT_READ_IN_PLAY = ("home",)


class WordsDriver(Driver):
    def resize(self, size: str) -> Step:
        """The window at ``size`` (``WxH[@DPI]``): the density first, then the pixels."""
        found = SIZE.match(size)
        assert found is not None
        width, height = int(found[1]), int(found[2])
        if found[3]:
            dpi = float(found[3])
            if abs(float(Metrics.dpi) - dpi) > 0.01:
                Metrics.dpi = dpi
                Metrics.density = round(dpi / 160, 4)
        yield from self.fit_window(width, height)
        self.note(f"window {size}")

    def read(self, size: str, place: str) -> Step:
        yield from self.settle()
        screen = self.manager.get_screen(self.manager.current)
        if size == SIZES[0]:
            texts = [str(label.text) for label in labels_in(screen) if str(label.text).strip()]
            self.report["labels"][place] = texts
        walk = self.report["sizes"][size]
        walk["clipped"][place] = clipped_labels(screen)
        walk["overlaps"][place] = overlapping_labels(screen)
        if place not in NOT_READ_IN_PLAY:
            read = [
                (float(label.font_size), str(label.text))
                for label in visible_labels(screen)
                if not any(isinstance(w, StatsTable) for w in _ancestors(label))
            ]
            walk["smallest"][place] = list(min(read)) if read else None
        problems = len(walk["clipped"][place]) + len(walk["overlaps"][place])
        self.note(f"{size} {place}: {problems} problems")

    def script(self) -> Step:
        yield from self.settle()
        self.report["labels"] = {}
        self.report["sizes"] = {}
        for size in SIZES:
            yield from self.resize(size)
            self.report["sizes"][size] = {
                "read_px": read_px(),
                "clipped": {},
                "overlaps": {},
                "smallest": {},
            }
            yield from self.walk(size)

    def walk(self, size: str) -> Step:
        yield from self.go("home")
        yield from self.read(size, "home")
        yield from self.go("setup")
        setup = self.manager.get_screen("setup")
        setup.choose_mode("identity")
        setup.set_players(8)
        yield from self.read(size, "setup")
        for game in GAMES:
            reply = self.controller.open_game(game)
            if not reply.ok:
                raise Failed(f"game {game} did not open: {reply.message}")
            for name in SCREENS:
                yield from self.go(name)
                yield from self.read(size, f"{name}@{game}")
            yield from self.go("replay")
            replay = self.manager.get_screen("replay")
            if not replay.open_game(game):
                raise Failed(f"the replay screen did not open game {game}")
            replay.go_to(len(self.controller.session.game))
            yield from self.read(size, f"replay@{game}")
            replay.toggle_stats()
            yield from self.read(size, f"replay-stats@{game}")
            replay.toggle_stats()
            replay.show_list()
            yield from self.read(size, f"replay-list@{game}")


def _ancestors(widget: Any) -> list[Any]:
    found = []
    w = widget.parent
    while w is not None and w is not Window:
        found.append(w)
        w = w.parent
    return found


if __name__ == "__main__":
    sys.exit(main(WordsDriver))
