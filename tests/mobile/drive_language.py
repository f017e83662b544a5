"""Drives the real app's language buttons; run (twice) by test_language_app.py.

    python tests/mobile/drive_language.py OUT_DIR first|second   (under Xvfb,
    SGS_TABLE_DB and SGS_TABLE_SETTINGS set, SGS_TABLE_LANG not)

Inside the app's own process and window: reads the language the app started
in and the table screen's tab, then taps language buttons on the home screen
as a player would ("first": English, 简体中文, English again; "second":
简体中文) and after each tap reads the tab again, the settings file, and
whether the screens are new while the controller stayed. It writes
``OUT_DIR/report.json``.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from mobile.app import configure_kivy  # noqa: E402

configure_kivy(width=1280, height=800)

from assistant.i18n import LANGUAGE_NAMES, language  # noqa: E402
from mobile.screens.home import GOLD  # noqa: E402
from mobile.settings import load_settings, settings_path  # noqa: E402
from mobile.widgets.base import NavBar  # noqa: E402
from tests.mobile.drive_table import Driver, Failed, Step, main, tap  # noqa: E402

TAPS = {"first": ("en", "zh_CN", "en"), "second": ("zh_CN",)}


class LanguageDriver(Driver):
    """drive_table's driver with the language buttons' script."""

    def table_tab(self) -> str:
        """The text of the table screen's tab (its navigation bar's first button)."""
        screen = self.manager.get_screen("table")
        [bar] = [w for w in screen.walk() if isinstance(w, NavBar)]
        tabs = list(reversed(bar.children))
        return str(tabs[0].text)

    def seen(self) -> dict[str, Any]:
        home = self.manager.get_screen("home")
        return {
            "language": language(),
            "tab": self.table_tab(),
            "title": self.app.title,
            "chosen": [b.language for b in home.language_buttons() if tuple(b.accent) == GOLD],
            "settings": load_settings(settings_path()),
            "screens": [id(s) for s in self.manager.screens],
            "controller": id(self.controller),
        }

    def script(self) -> Step:
        yield from self.settle()
        self.report["start"] = self.seen()
        self.report["taps"] = []
        for code in TAPS[sys.argv[2]]:
            home = self.manager.get_screen("home")
            if self.manager.current != "home":
                raise Failed(f"on {self.manager.current}, not home")
            [button] = [b for b in home.language_buttons() if b.language == code]
            if button.text != LANGUAGE_NAMES[code]:
                raise Failed(f"the {code} button says {button.text!r}")
            tap(button)
            self.note(f"tap {button.text}")
            yield from self.settle()
            self.report["taps"].append(self.seen())


if __name__ == "__main__":
    sys.exit(main(LanguageDriver))
