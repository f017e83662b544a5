"""Walks every screen of the real app and reads every label on it; run by test_words_app.py.

    python tests/mobile/drive_words.py OUT_DIR GAME...   (under Xvfb, SGS_TABLE_DB
                                                         and SGS_TABLE_LANG set)

Inside the app's own process and window, in the language the environment
names: for each stored GAME (an id), opens it as the table and visits every
in-game screen (table, scan, distances, settlement, log, replay on that game
at its last move and with its statistics), then the home and setup screens;
on each, every label's text (buttons included: a button is a label) is
collected, and every label whose text does not fit (``tests/mobile/fit.py``).
It writes ``OUT_DIR/report.json``: ``{"labels": {place: [text, ...]},
"clipped": {place: [problem, ...]}}``, a place being ``screen`` or
``screen@game``.
"""

from __future__ import annotations

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from mobile.app import configure_kivy  # noqa: E402

configure_kivy(width=1280, height=800)

from tests.mobile.drive_table import Driver, Failed, Step, labels_in, main  # noqa: E402
from tests.mobile.fit import clipped_labels  # noqa: E402

SCREENS = ("table", "scan", "distances", "settlement", "log")


class WordsDriver(Driver):
    def read(self, place: str) -> Step:
        yield 0.3  # let the screen lay itself out and fill its labels
        screen = self.manager.get_screen(self.manager.current)
        texts = [str(label.text) for label in labels_in(screen) if str(label.text).strip()]
        self.report.setdefault("labels", {})[place] = texts
        self.report.setdefault("clipped", {})[place] = clipped_labels(screen)
        self.note(f"{place}: {len(texts)} labels")

    def script(self) -> Step:
        yield 0.5
        self.report["labels"] = {}
        yield from self.go("home")
        yield from self.read("home")
        yield from self.go("setup")
        setup = self.manager.get_screen("setup")
        setup.choose_mode("identity")
        setup.set_players(8)
        yield from self.read("setup")
        for game in (int(a) for a in sys.argv[2:]):
            reply = self.controller.open_game(game)
            if not reply.ok:
                raise Failed(f"game {game} did not open: {reply.message}")
            for name in SCREENS:
                yield from self.go(name)
                yield from self.read(f"{name}@{game}")
            yield from self.go("replay")
            replay = self.manager.get_screen("replay")
            if not replay.open_game(game):
                raise Failed(f"the replay screen did not open game {game}")
            replay.go_to(len(self.controller.session.game))
            yield from self.read(f"replay@{game}")
            replay.toggle_stats()
            yield from self.read(f"replay-stats@{game}")
            replay.toggle_stats()
            replay.show_list()
            yield from self.read(f"replay-list@{game}")


if __name__ == "__main__":
    sys.exit(main(WordsDriver))
