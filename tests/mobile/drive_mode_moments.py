"""Drives the real app's table screen through the moments the modes add; run by
test_mode_moments_app.py.

    python tests/mobile/drive_mode_moments.py OUT_DIR CASES_JSON   (under Xvfb, SGS_TABLE_DB set)

The store at SGS_TABLE_DB holds, for each case of CASES_JSON, a game stopped
just before a mode's own moment (the test stores them: a sample's first
moves). Inside the app's own process and window, for each case in turn: opens
the game as the table (继续), goes to 牌桌 by its tab, and taps what the table
would: a prompt bar button by the command it stands for (as drive_table's
``press``), or a seat on the ring (``tap_seat``). Before each tap it waits for
the button the case names and notes every button the bar shows (its words and
its command); after the taps, the moves in effect. It writes
``OUT_DIR/report.json`` with, per case: ``shown`` (for each tap, the buttons as
[words, command] pairs), ``moves`` and ``prompt`` (the prompt's text after the
last tap).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from mobile.app import configure_kivy  # noqa: E402

configure_kivy(width=1280, height=800)

from tests.mobile.drive_table import Driver, Failed, Step, command_words, main  # noqa: E402


class MomentsDriver(Driver):
    """drive_table's driver with another script: each stored game's moment in turn."""

    def shown(self) -> list[list[str]]:
        """The prompt bar's buttons: [words, command] ("" for a hint)."""
        buttons = self.manager.get_screen("table").button_widgets
        return [[str(w.text), command_words(w.prompt_button)] for w in buttons]

    def tap(self, step: dict[str, Any], shown: list[list[list[str]]]) -> Step:
        """One of a case's taps, ``{"button": COMMAND}`` or ``{"seat": N}``, once the
        prompt is ready for it; the bar's buttons just before it go to ``shown``."""
        session = self.controller.session
        if "seat" in step:
            yield from self.until(
                f"a skill waits for seat {step['seat']}", lambda: session.prompt.skill is not None
            )
            shown.append(self.shown())
            self.tap_seat(int(step["seat"]))
        else:
            command = step["button"]
            yield from self.until(
                f"the button for {command!r}", lambda: any(c == command for _w, c in self.shown())
            )
            shown.append(self.shown())
            self.press(command)
        yield from self.settle()

    def script(self) -> Step:
        cases = json.loads(Path(sys.argv[2]).read_text(encoding="utf-8"))
        self.report["cases"] = {}
        yield from self.settle()
        for case in cases:
            opened = self.controller.open_game(int(case["game"]))  # 继续 on the home screen
            if not opened.ok:
                raise Failed(f"{case['name']}: {opened.message}")
            self.note(f"{case['name']}: opened game {case['game']}")
            yield from self.go("table")
            shown: list[list[list[str]]] = []
            for step in case["taps"]:
                yield from self.tap(step, shown)
            session = self.controller.session
            self.report["cases"][case["name"]] = {
                "shown": shown,
                "moves": list(session.moves),
                "prompt": session.prompt.text,
            }


if __name__ == "__main__":
    sys.exit(main(MomentsDriver))
