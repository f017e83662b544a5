"""Drives the real app through skills: 仁德 by its buttons, a 武圣 杀 by a sighting.

    python tests/mobile/drive_skills.py OUT_DIR     (under Xvfb, SGS_TABLE_DB set)

Inside the app's own process and window: sets the table up on the setup
screen, then taps the prompt bar's buttons as a player would: 仁德, two
unseen hand cards (暗牌), the seat to give them to, 确定; then, in 关羽's
turn, a red card read by the camera in front of seat 2 (handed to the
controller as the camera feed hands it), and the target tapped on the ring.
It writes ``OUT_DIR/report.json`` with the moves, the buttons seen at each
step (as the commands they stand for) and a screenshot of the table screen
with the skill button.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from mobile.app import configure_kivy  # noqa: E402

configure_kivy(width=1280, height=800)


from assistant.i18n import _  # noqa: E402
from engine.cards import Colour  # noqa: E402
from engine.catalogue import standard_catalogue  # noqa: E402
from tests.mobile.drive_table import (  # noqa: E402
    GENERALS,
    Driver,
    Failed,
    Step,
    command_words,
    main,
    tap,
)
from vision.payload import CardTag, encode  # noqa: E402

# A red card that is not a 杀: only 武圣 makes it one.
RED_CARD = next(
    c.id for c in standard_catalogue().cards if c.key == "shan" and c.colour is Colour.RED
)


class SkillDriver(Driver):
    """drive_table's driver with another script: it records the moves when it finishes."""

    def finish(self, status: int) -> None:
        self.report["moves"] = list(self.controller.session.moves)
        self.report["game_id"] = self.controller.session.game_id
        super().finish(status)

    @property
    def session(self) -> Any:
        return self.controller.session

    def shown(self) -> list[str]:
        """The prompt bar's buttons, as the commands they stand for ("" for a hint)."""
        buttons = self.manager.get_screen("table").button_widgets
        return [command_words(w.prompt_button) for w in buttons]

    def tap_button(self, command: str) -> Step:
        """Tap the prompt bar's (first) button for ``command`` ("skill 1 rende", "ok" ...)."""
        yield from self.settle()
        for widget in self.manager.get_screen("table").button_widgets:
            if command_words(widget.prompt_button) == command:
                tap(widget)
                self.note(f"tap {widget.text} ({command})")
                yield from self.settle()
                return
        raise Failed(f"no button for {command!r} on the prompt bar (it shows {self.shown()})")

    def tap_ring(self, seat: int) -> Step:
        self.tap_seat(seat)
        yield from self.settle()

    def script(self) -> Step:
        yield from self.settle()
        home = self.manager.get_screen("home")
        [new_table] = [w for w in home.walk() if getattr(w, "destination", "") == "setup"]
        tap(new_table)
        yield from self.settle()
        setup = self.manager.get_screen("setup")
        yield from self.seat_generals(setup, GENERALS)
        setup.select_seat(1)
        setup.make_lord()
        tap(setup.start_button)
        yield from self.settle()
        if self.manager.current != "table":
            raise Failed(f"开始 opened {self.manager.current}, not the table")
        yield from self.tap_button("deal")  # 发起始手牌
        yield from self.tap_button("next")  # 开始第一回合
        yield from self.tap_button("draw 1 2")  # 摸2张

        # 仁德: the skill's button, two unseen hand cards, the seat, 确定.
        self.report["buttons"] = {"play": self.shown()}
        yield from self.tap_button("skill 1 rende")
        self.report["buttons"]["rende"] = self.shown()
        yield from self.tap_button("unseen")  # 暗牌
        yield from self.tap_button("unseen")
        yield from self.tap_ring(3)
        self.report["buttons"]["rende ready"] = self.shown()
        yield from self.tap_button("ok")  # 确定
        path = self.out / "table.png"
        done: list[Path | None] = []
        self.app.request_screenshot(path, done=done.append)
        while not done:
            yield 0.05
        self.report["shot"] = str(path)
        yield from self.tap_button("next")  # 结束出牌
        if self.session.prompt.base.expects == "discard":
            raise Failed(f"刘备 should not need to discard: {self.session.prompt.text}")

        # 关羽's turn: a red 闪 laid in front of seat 2 is a 杀 by 武圣; tap seat 1.
        yield from self.tap_button("draw 2 2")
        self.app.controller.sight(encode(CardTag(RED_CARD)), "seat2")
        yield from self.settle()
        pending = self.session.prompt.pending
        if pending is None or pending.as_kind != "sha":
            raise Failed(f"the red card did not wait as a 杀: {self.session.prompt.text}")
        self.report["buttons"]["wusheng"] = self.shown()
        yield from self.tap_ring(1)
        self.report["prompt"] = self.session.prompt.text

        # The last resort on the log screen: a move typed with completion, then 记入.
        yield from self.tap_button("pass 1")  # 刘备 takes the 武圣 杀
        yield from self.go("log")
        log = self.manager.get_screen("log")
        log.entry_input.text = "ski"
        yield from self.settle()
        self.report["completions"] = list(log.completion_texts)
        log.entry_input.text = "heal 3 1"  # 赵云 is not wounded: the engine refuses it
        yield from self.settle()
        [enter] = [w for w in log.walk() if getattr(w, "text", "") == _("Enter")]
        tap(enter)
        yield from self.settle()
        self.report["typed"] = log.message_text


if __name__ == "__main__":
    sys.exit(main(SkillDriver))
