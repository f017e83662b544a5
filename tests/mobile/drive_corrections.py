"""Drives the real app's log screen through corrections; run by test_corrections_app.py.

    python tests/mobile/drive_corrections.py OUT_DIR GAME_ID   (under Xvfb, SGS_TABLE_DB set)

The store at SGS_TABLE_DB holds the 8-player sample (the test stores it).
Inside the app's own process and window: opens the game as the table (继续),
goes to 记录 by its tab, and taps what a player would: a move, the move box
and 修改 / 插入 / 删除, the confirmation's 确定 or 取消, the set-aside list's
放回 and 忽略, 撤销 and 重做. It writes ``OUT_DIR/report.json`` with what the
screen showed after each tap: the confirmation's title and preview, the
reply, the moves in effect, the set-aside list and whether 重做 is enabled.
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
from tests.mobile.drive_table import Driver, Failed, Step, main, tap  # noqa: E402


class CorrectionsDriver(Driver):
    """drive_table's driver with the log screen's corrections."""

    @property
    def log(self) -> Any:
        return self.manager.get_screen("log")

    def button(self, label: str) -> Any:
        """The log screen's button whose text is ``label`` (a message of the app)."""
        found = [w for w in self.log.walk() if getattr(w, "text", None) == label]
        buttons = [w for w in found if hasattr(w, "accent")]
        if not buttons:
            raise Failed(f"no {label!r} button on the log screen")
        return buttons[0]

    def seen(self, step: str) -> None:
        """Note what the screen shows now under ``step``."""
        log = self.log
        popup = log.confirmation
        self.report["seen"].append(
            {
                "step": step,
                "message": log.message_text,
                "ok": bool(log.message_ok),
                "moves": len(self.controller.session.moves),
                "title": log.title_text,
                "confirmation": None if popup is None else popup.title,
                "preview": log.preview_text.splitlines(),
                "set_aside": log.set_aside_shown(),
                "redo": bool(log.can_redo),
            }
        )
        self.note(f"{step}: {log.message_text}")

    def select(self, move: int) -> Step:
        self.log.select(move)
        yield from self.settle()
        if int(self.log.selected_move) != move:
            raise Failed(f"move {move} was not selected")

    def type_move(self, text: str) -> Step:
        box = self.log.notation_input
        box.text = text
        yield from self.settle()

    def press_log(self, label: str) -> None:
        tap(self.button(label))
        self.note(f"tap {label}")

    def answer(self, confirm: bool) -> Step:
        """Tap 确定 or 取消 on the confirmation (it must be open), once it has opened, and
        wait until it is gone: while it closes it takes every touch."""
        popup = self.log.confirmation
        if popup is None:
            raise Failed("no confirmation opened")
        yield from self.settle()  # opened
        tap(popup.confirm_button if confirm else popup.cancel_button)
        yield from self.until("the confirmation closed", lambda: popup.parent is None)

    def set_aside_button(self, k: int, label: str) -> Any:
        rows = list(reversed(self.log.ids.set_aside_box.children))
        if not 1 <= k <= len(rows):
            raise Failed(f"the set-aside list has {len(rows)} rows, not {k}")
        for widget in rows[k - 1].children:
            if getattr(widget, "text", None) == label:
                return widget
        raise Failed(f"no {label!r} on set-aside row {k}")

    def script(self) -> Step:
        self.report["seen"] = []
        game_id = int(sys.argv[2])
        yield from self.settle()
        opened = self.controller.open_game(game_id)  # 继续 on the home screen
        if not opened.ok:
            raise Failed(opened.message)
        yield from self.go("table")
        yield from self.go("log")

        # 修改: move 20 (the table's silence on the 过河拆桥) was seat 2's 无懈可击.
        yield from self.select(20)
        yield from self.type_move("respond 2 #76")
        self.press_log(_("Replace"))
        yield from self.settle()
        self.seen("replace 20: confirmation")
        yield from self.shot("log-confirm", _("Log"))
        yield from self.answer(confirm=True)
        self.seen("replace 20: confirmed")

        # 忽略 the discard it set aside.
        tap(self.set_aside_button(1, _("Dismiss")))
        yield from self.settle()
        self.seen("dismiss 1")

        # 删除 move 23: cancelled first, then confirmed.
        yield from self.select(23)
        self.press_log(_("Delete"))
        yield from self.settle()
        self.seen("delete 23: confirmation")
        yield from self.answer(confirm=False)
        self.seen("delete 23: cancelled")
        self.press_log(_("Delete"))
        yield from self.settle()
        yield from self.answer(confirm=True)
        self.seen("delete 23: confirmed")

        # 撤销, then 重做.
        self.press_log(_("Undo"))
        yield from self.settle()
        self.seen("undo")
        self.press_log(_("Redo"))
        yield from self.settle()
        self.seen("redo")

        # 插入 the deleted move back before move 23.
        yield from self.select(23)
        yield from self.type_move("use 5 #90")
        self.press_log(_("Insert"))
        yield from self.settle()
        self.seen("insert 23: confirmation")
        yield from self.answer(confirm=True)
        self.seen("insert 23: confirmed")

        # 删除 move 132 sets seat 6's pass aside; 放回 before move 133 puts it back.
        yield from self.select(132)
        self.press_log(_("Delete"))
        yield from self.settle()
        yield from self.answer(confirm=True)
        self.seen("delete 132: confirmed")
        yield from self.shot("log-set-aside", _("Log"))
        yield from self.select(133)
        tap(self.set_aside_button(1, _("Put back")))
        yield from self.settle()
        self.seen("put back 1: confirmation")
        yield from self.answer(confirm=True)
        self.seen("put back 1: confirmed")
        self.report["moves"] = list(self.controller.session.moves)


if __name__ == "__main__":
    sys.exit(main(CorrectionsDriver))
