"""Drives the real app's replay screen over a stored game; run by test_replay_navigation.py.

    python tests/mobile/drive_replay.py OUT_DIR     (under Xvfb, SGS_TABLE_DB set)

The store at SGS_TABLE_DB holds a sample game (the test stores it). Inside
the app's own process and window: opens 回放 by its tab, taps the game in
the games list, then taps what a player would: a turn in the turn list,
回合», 关键» and «关键, a seat on the ring and 下一动作 →, and at a chosen
move 从这里继续. It writes ``OUT_DIR/report.json`` with the move shown after
each tap, the chart's data and the game the table opened.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from mobile.app import configure_kivy  # noqa: E402

configure_kivy(width=1280, height=800)

from kivy.core.window import Window  # noqa: E402

from assistant.i18n import _  # noqa: E402
from tests.mobile.app_run import REPLAY_NOTE  # noqa: E402
from tests.mobile.drive_table import Driver, Failed, Step, main, tap  # noqa: E402

TURN = 5  # the turn chosen in the turn list
SEAT = 3  # the seat whose next move is asked for
CONTINUE_AT = 140  # the move the what-if starts after


class ReplayDriver(Driver):
    """drive_table's driver with the replay screen's script."""

    @property
    def replay(self) -> Any:
        return self.manager.get_screen("replay")

    def tap_jump(self, name: str) -> Step:
        """Tap a navigation button; note the move shown after it."""
        tap(self.replay.nav_buttons[name])
        self.note(f"tap {name}")
        yield from self.settle()
        self.report["moves"].append([name, self.replay.shown_move()])

    def choose_turn(self, turn: int) -> Step:
        """Open the turn list and tap the turn's line."""
        spinner = self.replay.turn_spinner
        tap(spinner)
        yield from self.settle()
        wanted = spinner.values[turn]
        options = [
            w
            for top in Window.children
            for w in top.walk()
            if getattr(w, "text", None) == wanted and w is not spinner
        ]
        if not options:
            raise Failed(f"the turn list shows no {wanted!r}")
        tap(options[0])
        self.note(f"chose {wanted}")
        yield from self.settle()
        self.report["moves"].append([f"turn {turn}", self.replay.shown_move()])

    def script(self) -> Step:
        self.report["moves"] = []
        yield from self.settle()
        yield from self.go("replay")
        replay = self.replay
        games = replay.games_rv
        rows = [w for w in games.walk() if getattr(w, "game_id", -1) >= 1]
        if not rows:
            raise Failed(f"the games list shows no stored game: {games.data}")
        self.report["game_id"] = int(rows[0].game_id)
        tap(rows[0])
        yield from self.settle()
        if replay.listing:
            raise Failed("tapping the stored game did not open its replay")
        self.report["opened"] = replay.shown_move()
        self.report["chart"] = {
            "series": {str(k): list(v) for k, v in replay.chart_series().items()},
            "deaths": {str(k): v for k, v in replay.chart_deaths().items()},
            "unit": replay.chart.x_unit,
            "cursor": replay.chart.cursor,
        }
        yield from self.choose_turn(TURN)
        self.report["turn_cursor"] = replay.chart.cursor
        self.report["stats_rows"] = [list(row) for row in replay.stats_table.rows_shown]
        yield from self.tap_jump("turn_on")
        yield from self.tap_jump("turn_back")
        yield from self.tap_jump("turn_back")

        replay.go_to(0)
        yield from self.settle()
        yield from self.tap_jump("key_on")
        yield from self.tap_jump("key_on")
        yield from self.tap_jump("key_back")

        tap(replay.ring.cards[SEAT - 1])
        self.note(f"tap seat {SEAT}")
        yield from self.settle()
        self.report["seat_text"] = replay.seat_text
        self.report["seat_from"] = replay.shown_move()
        yield from self.tap_jump("seat_on")
        yield from self.tap_jump("seat_on")
        yield from self.shot("replay", _("Replay"))
        replay.toggle_stats()
        yield from self.shot("replay-stats", _("Dealt"))
        self.report["stats_shown"] = bool(replay.stats_table.get_root_window())
        self.report["stats_scroll_height"] = replay.stats_scroll.height
        replay.toggle_stats()

        replay.go_to(CONTINUE_AT)
        yield from self.settle()
        tap(replay.nav_buttons["note"])  # 备注: the box for the note's text opens
        yield from self.settle()
        boxes = [w for w in Window.children if type(w).__name__ == "Popup"]
        self.report["note_box"] = len(boxes)
        for box in boxes:
            box.dismiss()
        yield from self.settle()
        self.report["noted"] = replay.add_note(REPLAY_NOTE)
        self.report["noted_lines"] = replay.lines_text
        tap(replay.nav_buttons["continue"])
        self.note("tap continue")
        yield from self.settle()
        self.report["after_continue"] = {
            "screen": self.manager.current,
            "game_id": self.controller.session.game_id,
            "moves": list(self.controller.session.moves),
        }


if __name__ == "__main__":
    sys.exit(main(ReplayDriver))
