"""Drives the real app's setup screen through every mode, one table after the other.

    python tests/mobile/drive_modes.py OUT_DIR     (under Xvfb, SGS_TABLE_DB set)

Inside the app's own process and window: for each mode button of the setup
screen (``engine.modes.MODES``, in order), it taps the mode, sets the
smallest and the largest table the mode allows (noting what the screen
keeps), seats the smallest table's generals (each found by searching its
name and tapped; a lord chosen where the mode has one), taps start and
waits for the table screen; then goes back to the setup screen for the next
mode. ``OUT_DIR/report.json`` holds, per mode, the players the screen
accepted, the problems line before the generals, the variants the 变体 button
offers at the smallest size (tapped round to the standard game, which the table
starts with), and the game the session started (its moves and id).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from mobile.app import configure_kivy  # noqa: E402

configure_kivy(width=1280, height=800)

from assistant.i18n import general_name  # noqa: E402
from engine.catalogue import standard_catalogue  # noqa: E402
from engine.generals import General  # noqa: E402
from engine.modes import MODES, Mode  # noqa: E402
from engine.state import GameState  # noqa: E402
from tests.mobile.drive_table import Driver, Failed, Step, main, tap  # noqa: E402


def generals_for(mode: Mode, players: int) -> list[list[str]]:
    """Each seat's generals, as the mode allows them: distinct, none the mode bans
    (诸侯伐董's 大乔), each seat's acceptable to the mode (守卫剑阁: its side's
    kingdom), and a seat's of one kingdom where the mode wants it (国战) and the 25
    standard generals allow it; else any distinct ones (新1V1's six)."""
    per_seat = mode.generals_per_seat
    catalogue = standard_catalogue()
    free = [
        g
        for g in catalogue.generals
        if g.key not in mode.banned_generals and g.package == "standard"
    ]
    state = GameState()
    seats: list[list[str]] = []
    for seat in range(1, players + 1):
        fits = [g for g in free if mode.check_general(state, seat, (g,)) is None]
        by_kingdom: dict[str, list[General]] = {}
        for g in fits:
            by_kingdom.setdefault(g.kingdom.value, []).append(g)
        same = [gs for gs in by_kingdom.values() if len(gs) >= per_seat]
        chosen = same[0][:per_seat] if same else fits[:per_seat]
        if len(chosen) < per_seat:
            raise Failed(f"{mode.name}: no generals left for seat {seat}")
        seats.append([g.key for g in chosen])
        free = [g for g in free if g not in chosen]
    return seats


class ModesDriver(Driver):
    """drive_table's driver with another script: a table of every mode in turn."""

    def pick(self, setup: Any, seat: int, keys: Sequence[str]) -> Step:
        for key in keys:
            setup.select_seat(seat)
            name = general_name(standard_catalogue().general(key))
            setup.search(name)
            yield from self.settle()
            found = [b for b in setup.result_buttons() if b.general_key == key]
            if not found:
                raise Failed(f"searching {name} did not offer {key}")
            tap(found[0])
            yield from self.settle()

    def script(self) -> Step:
        yield from self.settle()
        self.report["modes"] = {}
        for key, mode in MODES.items():
            yield from self.go("setup")
            setup = self.manager.get_screen("setup")
            buttons = [b for b in setup.mode_buttons() if b.mode_key == key]
            if not buttons:
                raise Failed(f"no button for the mode {key}")
            tap(buttons[0])
            yield from self.settle()
            seen: dict[str, Any] = {"button": buttons[0].text, "chosen": setup.plan.mode}
            setup.set_players(mode.max_players)
            seen["max"] = setup.plan.players
            setup.set_players(mode.max_players + 1)  # refused: stays at the largest
            seen["above"] = setup.plan.players
            setup.set_players(mode.min_players)
            seen["min"] = setup.plan.players
            yield from self.settle()
            seen["problems"] = setup.plan.problems()
            # 变体: each variant the screen offers at this size, tapped round to the standard
            seen["variants"] = [[setup.plan.variant, setup.variant_text]]
            for _i in range(len(setup.plan.variants()) if setup.has_variants else 0):
                tap(setup.ids.variant_button)
                yield from self.settle()
                seen["variants"].append([setup.plan.variant, setup.variant_text])
            for seat, keys in enumerate(generals_for(mode, mode.min_players), 1):
                yield from self.pick(setup, seat, keys)
            if setup.plan.choice.lord_chosen:
                setup.select_seat(1)
                setup.make_lord()
            yield from self.settle()
            seen["problems_after"] = setup.plan.problems()
            tap(setup.start_button)
            yield from self.until(f"{key} table", lambda: self.manager.current == "table")
            session = self.controller.session
            seen["moves"] = [str(m) for m in session.moves]
            seen["game_id"] = session.game_id
            self.report["modes"][key] = seen
            yield from self.settle()


if __name__ == "__main__":
    sys.exit(main(ModesDriver))
