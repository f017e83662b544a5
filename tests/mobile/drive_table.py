"""Drives the real app through a 5-player identity game; run by test_table_app.py.

    python tests/mobile/drive_table.py OUT_DIR     (under Xvfb, SGS_TABLE_DB set)

Inside the app's own process and window: taps through home and setup,
starts the table, plays ``samples/demo.mp4`` as the camera (no taps script:
this driver taps what the players would, when the prompt asks), takes a
screenshot of every screen, and reads back what the screens show. It writes
``OUT_DIR/report.json``: what each screen showed, the screenshots, and for
each screenshot a label on it with its box (for the glyph check: the test
runs the app in Chinese). The test compares the report with the engine's own
replay of the stored game.

The driver finds what it taps whatever the language: a tab or a button of
the app by its message (``_("Table")``), a prompt button by the command it
stands for (``deal``, ``draw 1 2``, ``pass``), never by its words.
"""

from __future__ import annotations

import json
import sys
import time
import traceback
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from mobile.app import configure_kivy  # noqa: E402

configure_kivy(width=1280, height=800)

from kivy.clock import Clock  # noqa: E402
from kivy.core.window import Window  # noqa: E402
from kivy.tests.common import UnitTestTouch  # noqa: E402
from kivy.uix.label import Label  # noqa: E402
from kivy.uix.modalview import ModalView  # noqa: E402

from assistant.i18n import _  # noqa: E402
from assistant.session import Button, SessionPrompt  # noqa: E402
from engine.state import GameState  # noqa: E402
from mobile.kivy_app import Options, SgsTableApp, use_font  # noqa: E402
from mobile.widgets.base import tab_labels  # noqa: E402
from tests.mobile.app_run import NOTE, PLAYER  # noqa: E402

VIDEO = REPO / "samples" / "demo.mp4"
GENERALS = [("liubei", "刘备"), ("guanyu", "关羽"), ("zhaoyun", "赵云"), ("zhouyu", "周瑜"),
            ("lvbu", "吕布")]  # fmt: skip
# Bounds that turn a hang into a failure; no step's outcome depends on them, so
# they are generous (a machine busy with other work is slow, not wrong).
TIMEOUT = 900.0  # the whole drive
PATIENCE = 120.0  # one condition waited for

Step = Iterator[float]  # a driver step yields the seconds to wait before going on


class Failed(Exception):
    pass


def tap(widget: Any) -> None:
    """A finger down and up on the widget's centre, through Kivy's input path."""
    x, y = widget.to_window(*widget.center)
    touch = UnitTestTouch(x, y)
    touch.touch_down()
    touch.touch_up()


def labels_in(widget: Any) -> list[Any]:
    return [w for w in widget.walk() if isinstance(w, Label)]


def command_words(button: Button) -> str:
    """A prompt button as the table script command it stands for ("draw 1 2"; "" for a hint)."""
    if button.command is None:
        return ""
    return " ".join((button.command.verb, *button.command.args))


class Driver:
    def __init__(self, app: SgsTableApp, out: Path) -> None:
        self.app = app
        self.out = out
        self.report: dict[str, Any] = {"screens": {}, "shots": {}, "steps": [], "errors": []}
        self.steps = self.script()
        self.started = time.monotonic()

    # ------------------------------------------------------------ plumbing

    @property
    def manager(self) -> Any:
        return self.app.root

    @property
    def controller(self) -> Any:
        return self.app.controller

    def note(self, text: str) -> None:
        self.report["steps"].append(f"{time.monotonic() - self.started:6.2f}s {text}")

    def run(self, _dt: float = 0.0) -> None:
        try:
            wait = next(self.steps)
        except StopIteration:
            self.finish(0)
            return
        except Exception as error:  # reported, then the app stops
            self.report["errors"].append("".join(traceback.format_exception(error)))
            self.finish(1)
            return
        if time.monotonic() - self.started > TIMEOUT:
            self.report["errors"].append(f"timed out; last steps: {self.report['steps'][-3:]}")
            self.finish(1)
            return
        Clock.schedule_once(self.run, wait)

    def finish(self, status: int) -> None:
        self.report["status"] = status
        (self.out / "report.json").write_text(json.dumps(self.report, ensure_ascii=False, indent=1))
        self.app.stop()

    def fit_window(self, width: int, height: int) -> Step:
        """Set the window's size and wait until it has it and the layouts follow it."""
        Window.size = (width, height)
        yield from self.until(
            f"the window is {width}x{height}", lambda: tuple(Window.size) == (width, height)
        )

    def until(self, what: str, condition: Callable[[], bool], poll: float = 0.03) -> Step:
        """Until ``condition()`` holds (the bound only turns a hang into a failure), then
        until the window is still: buttons the change just made get their places before
        a tap aims at their centre."""
        start = time.monotonic()
        while not condition():
            if time.monotonic() - start > PATIENCE:
                raise Failed(
                    f"waited {PATIENCE:.0f} s for: {what}; prompt: {self.controller.prompt_text()}"
                )
            yield poll
        self.note(what)
        yield from self.settle()

    def still(self) -> bool:
        """Nothing on the window is moving: no popup opening or closing (one that is
        closing takes every touch until it is gone), no screen transition."""
        for widget in Window.children:
            if isinstance(widget, ModalView) and widget._anim_alpha != 1.0:
                return False
        manager = self.manager
        return manager is None or not manager.transition.is_active

    def settle(self, frames: int = 2) -> Step:
        """Until the window is still and ``frames`` more frames have been drawn (the
        layouts a change triggered run before a frame is drawn). Counted in frames,
        never in seconds: a busy machine only makes it take longer."""
        first = Clock.frames_displayed + frames
        start = time.monotonic()
        while Clock.frames_displayed < first or not self.still():
            if time.monotonic() - start > PATIENCE:
                raise Failed(f"the window was not still after {PATIENCE:.0f} s")
            yield 0

    def go(self, screen: str) -> Step:
        """Switch screens by tapping the navigation bar's tab when there is one."""
        current = self.manager.get_screen(self.manager.current)
        tab = tab_labels().get(screen)
        tabs = [w for w in current.walk() if getattr(w, "text", None) == tab]
        if tabs and hasattr(tabs[0], "accent"):
            tap(tabs[0])
        else:
            self.manager.current = screen
        yield from self.settle()
        if self.manager.current != screen:
            raise Failed(f"could not open the {screen} screen (on {self.manager.current})")

    def shot(self, name: str, label_text: str) -> Step:
        """Screenshot the window; note a label on it (text and box) for the glyph check."""
        yield from self.settle()
        screen = self.manager.get_screen(self.manager.current)
        box = None
        for label in labels_in(screen):
            if label.text == label_text and label.texture is not None:
                tw, th = label.texture_size
                cx, cy = label.to_window(*label.center)
                # Kivy's y goes up; the PNG's goes down.
                box = [cx - tw / 2, Window.height - (cy + th / 2), cx + tw / 2,
                       Window.height - (cy - th / 2)]  # fmt: skip
                break
        if box is None:
            raise Failed(f"{name}: no label {label_text!r} on the {screen.name} screen")
        path = self.out / f"{name}.png"
        done: list[Path | None] = []
        self.app.request_screenshot(path, done=done.append)
        while not done:
            yield 0.05
        if done[0] is None:
            raise Failed(f"{name}: the screenshot was not saved")
        self.report["shots"][name] = {"path": str(path), "text": label_text, "box": box}
        self.note(f"screenshot {name}")

    def seat_generals(self, setup: Any, generals: Sequence[tuple[str, str]]) -> Step:
        """On the setup screen: an identity game, each seat's general found by searching
        its Chinese name and tapped."""
        setup.choose_mode("identity")
        setup.set_players(8)  # 变体 shows where the mode has variants: 双内奸, 国际版
        yield from self.settle()
        shown = [setup.variant_text]
        for _i in range(2):
            tap(setup.ids.variant_button)
            yield from self.settle()
            shown.append(setup.variant_text)
        self.report["variants"] = {"shown": shown, "roles": setup.roles_line}
        setup.set_players(len(generals))
        self.report["variants"]["after"] = [setup.has_variants, setup.plan.variant]
        for seat, (key, name) in enumerate(generals, start=1):
            setup.select_seat(seat)
            setup.search(name)
            yield from self.settle()
            found = [b for b in setup.result_buttons() if b.general_key == key]
            if not found:
                raise Failed(f"searching {name} did not offer {key}")
            tap(found[0])
            yield from self.settle()

    def press(self, command: str) -> None:
        """Tap the prompt bar's button for ``command`` ("deal", "draw 1 2", "pass" ...)."""
        table = self.manager.get_screen("table")
        for widget in table.button_widgets:
            if command_words(widget.prompt_button) == command:
                tap(widget)
                self.note(f"tap {widget.text} ({command})")
                return
        shown = [(w.text, command_words(w.prompt_button)) for w in table.button_widgets]
        raise Failed(f"no button for {command!r} on the prompt bar (it shows {shown})")

    def tap_seat(self, seat: int) -> None:
        ring = self.manager.get_screen("table").ring
        tap(ring.cards[seat - 1])
        self.note(f"tap seat {seat}")

    # ------------------------------------------------------------ the game

    def script(self) -> Step:
        def state() -> GameState:
            return self.controller.session.state  # type: ignore[no-any-return]

        def prompt() -> SessionPrompt:
            return self.controller.session.prompt  # type: ignore[no-any-return]

        yield from self.settle()
        yield from self.shot("home", _("New table"))

        home = self.manager.get_screen("home")
        [new_table] = [w for w in home.walk() if getattr(w, "destination", "") == "setup"]
        tap(new_table)
        yield from self.settle()
        if self.manager.current != "setup":
            raise Failed(f"新的牌桌 opened {self.manager.current}, not setup")
        setup = self.manager.get_screen("setup")
        yield from self.seat_generals(setup, GENERALS)
        # A player's name typed for seat 2, as a player types it in the box and presses enter.
        setup.select_seat(2)
        yield from self.settle()
        box = setup.ids.name_input
        box.text = PLAYER
        box.dispatch("on_text_validate")
        yield from self.settle()
        setup.select_seat(1)
        setup.make_lord()
        yield from self.shot("setup", "刘备")
        tap(setup.start_button)
        yield from self.until("table screen", lambda: self.manager.current == "table")
        yield from self.settle()

        self.press("deal")
        yield from self.settle()
        self.press("next")  # 开始第一回合
        yield from self.settle()
        self.press("draw 1 2")
        yield from self.settle()
        self.app.start_camera(str(VIDEO))
        self.note("camera started")

        # seat 1 plays 杀 (card 1): tap seat 2 as its target
        yield from self.until("杀 waits for a target", lambda: prompt().pending is not None)
        self.tap_seat(2)
        yield from self.until("seat 2 asked for 闪", lambda: prompt().base.expects == "respond")
        yield from self.go("settlement")
        yield from self.shot("settlement", _("Settlement"))
        yield from self.go("table")
        yield from self.until("seat 1 equips 青龙偃月刀", lambda: state().seat(1).weapon == 92)
        self.press("next")  # 结束出牌
        yield from self.until("seat 2 draws", lambda: prompt().base.expects == "draw")
        self.press("draw 2 2")
        yield from self.until("杀 of seat 2 waits", lambda: prompt().pending is not None)
        self.tap_seat(1)
        yield from self.until("seat 1 asked for 闪", lambda: prompt().base.expects == "respond")
        self.press("pass 1")
        yield from self.go("scan")
        yield from self.until(
            "a sticker boxed on the preview",
            lambda: self.controller.overlay is not None and bool(self.controller.overlay.boxes),
        )
        yield from self.shot("scan", _("Scan"))
        yield from self.go("table")
        yield from self.until(
            "seat 2 equips 赤兔, video over",
            lambda: (
                state().seat(2).offensive_horse == 102
                and self.controller.feed is not None
                and self.controller.feed.ended
            ),
        )
        yield from self.shot("table", _("Table"))
        self.report["screens"]["table"] = self.read_table()
        self.report["game_id"] = self.controller.session.game_id

        self.tap_seat(1)
        yield from self.settle()
        if self.manager.current != "distances":
            raise Failed(f"tapping seat 1 opened {self.manager.current}, not distances")
        distances = self.manager.get_screen("distances")
        self.report["screens"]["distances"] = {
            "seat": 1,
            "range": distances.shown_range(),
            "rows": [list(row) for row in distances.shown_rows()],
        }
        yield from self.shot("distances", _("Distances"))

        yield from self.go("log")
        log = self.manager.get_screen("log")
        self.report["screens"]["log"] = [list(e) for e in log.shown_entries()]
        log.select(15)
        yield from self.settle()
        self.report["note"] = log.note_to(NOTE).ok
        yield from self.shot("log", _("Log"))

        yield from self.go("replay")
        replay = self.manager.get_screen("replay")
        replay.open_game(self.controller.session.game_id)
        yield from self.settle()
        replay.go_to(15)
        yield from self.settle()
        self.report["screens"]["replay"] = {
            "move": replay.shown_move(),
            "hp": {str(k): v for k, v in replay.shown_hp().items()},
            "lines": replay.lines_text,
        }
        yield from self.shot("replay", _("Replay"))

    def read_table(self) -> dict[str, Any]:
        table = self.manager.get_screen("table")
        return {
            "seats": [
                {
                    "seat": int(c.seat),
                    "hp": c.hp_text,
                    "hand": c.hand_text,
                    "title": c.title,
                    "words": [str(w.text) for w in labels_in(c) if w.text],
                }
                for c in table.ring.cards
            ],
            "prompt": table.prompt_text,
            "buttons": [w.text for w in table.button_widgets],
            "commands": [command_words(w.prompt_button) for w in table.button_widgets],
            "seen": [line.label for line in self.controller.sightings],
        }


def draw_only_what_is_shot(app: SgsTableApp) -> None:
    """Rasterize only the frames a screenshot is taken of.

    A driver reads widgets (texts, sizes, places), which the layouts set whether or
    not a frame is drawn; the pixels matter only for a screenshot. Under Xvfb each
    drawn frame is rasterized in software (about 0.2 s for a phone-sized window),
    and most of a drive's time went there. A frame with a screenshot pending is
    drawn whole, as always (Kivy draws the whole window each time)."""
    draw, flip = Window.on_draw, Window.flip

    def on_draw(*_args: object) -> None:
        if app._capture_pending:
            draw()

    def on_flip(*_args: object) -> None:
        if app._capture_pending:
            flip()

    Window.on_draw = on_draw
    Window.flip = on_flip


def main(driver_class: type[Driver] = Driver) -> int:
    """Runs the app with ``driver_class`` driving it; the report goes to the folder in argv[1]."""
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    from assistant.resources import cjk_font_path

    use_font(cjk_font_path())
    app = SgsTableApp(Options())
    draw_only_what_is_shot(app)
    driver = driver_class(app, out)
    Clock.schedule_once(lambda _dt: Clock.schedule_once(driver.run, 0.3), 0)
    app.run()
    return int(driver.report.get("status", 1))


if __name__ == "__main__":
    sys.exit(main())
