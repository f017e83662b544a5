"""记录: the moves so far in words, undo and redo, and corrections that keep the game.

The log (`assistant.review.history.log_entries`, grouped into rows by
`assistant.review.replay.log_rows`) is a RecycleView, so a 3,000-move game
scrolls as fast as a short one: under each turn's heading, one row per
sentence with its move's number; a forced move is marked 强制 and a move
that replaced a mistaken one 已修正, each in its own colour. The newest move
is at the bottom; the list scrolls there when it opens and when the log grows
or shrinks. A selected move stays selected, and its box keeps what is typed
in it, while other changes come in.

Tapping a row selects its move: the move's words and notation appear beside
the list, the notation in a text box (which completes verbs, seats and cards
as it is typed). 修改 Replace puts the box's move in its place, 插入 Insert
puts it before it, 删除 Delete takes it out: the later moves are played again
where they still fit. Before anything changes a confirmation shows what the
correction changes (`TableController.plan_correction`: the later moves kept,
those set aside and why, what differs at the end of the game), with 确定
(made: `TableController.apply_correction`) and 取消. The moves set aside are
listed under the log, each with 放回 Put back (inserted before the selected
move, through the same confirmation) and 忽略 Dismiss. 撤销 Undo takes back the
last move and 重做 Redo makes it again. 重新载入 Reload reads the game again
from the store (`TableController.reload`), for when another session stored
moves of it and this one's move was refused as a conflict. The reply is shown
under the buttons; a refusal changes nothing.

For UI tests:

- ``shown_entries()`` -> ``[(move, text), ...]``: the sentences listed, in order
  (headings left out);
- ``select(move)``: what tapping one of the move's rows does;
- ``replace_to(text)``, ``insert_to(text)``: put ``text`` in the box and press
  修改 or 插入; ``delete_selected()``: press 删除 (each returns the reply: the
  confirmation opened, or the refusal);
- ``confirmation`` (the open confirmation, or None), ``preview_text`` (what it
  shows), ``confirm()`` and ``cancel_correction()``: press 确定 or 取消;
- ``set_aside_shown()``: the set-aside list's lines; ``put_back(k)`` and
  ``dismiss(k)``: press 放回 or 忽略 on the K-th (from 1);
- ``note_to(text)``: put ``text`` in the box and press 备注 (a note on the move);
- ``undo()``, ``redo()``: press 撤销 or 重做 (returns the reply);
- ``reload()``: press 重新载入 (returns the reply).

The screen rebuilds its rows when the controller's ``revision`` changes,
at most once a frame, and only while it is showing (or when asked by the
methods above).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.factory import Factory
from kivy.lang import Builder
from kivy.properties import (
    BooleanProperty,
    ListProperty,
    NumericProperty,
    ObjectProperty,
    StringProperty,
)
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.popup import Popup
from kivy.uix.recycleview.views import RecycleDataViewBehavior
from kivy.uix.screenmanager import Screen
from kivy.uix.scrollview import ScrollView

from assistant.i18n import _, ngettext
from assistant.review import LogEntry, LogRow, corrected_moves, log_rows, text_lines
from assistant.session import CorrectionPlan, CorrectionRefused, Reply
from assistant.store import StoreError
from mobile.controller import TableController
from mobile.widgets.base import LINE, FlowRow, TableButton, sizes, text_size_of, wrapped_height

Builder.load_file(str(Path(__file__).with_suffix(".kv")))

__all__ = ["LogLine", "LogScreen"]

# Font sizes in units (`mobile.widgets.base.sizes`: never under the reading minimum),
# as log.kv sets them: a move's words, a turn's heading, the move's number, its tag.
ENTRY_FONT = 3.1
HEADING_FONT = 3.3
NUMBER_FONT = 2.8
TAG_FONT = 2.7
ROW_PADDING = 1.4  # units
SIDE_PADDING = 4.4  # units: the row's padding and spacing (log.kv), plus the scroll bar
NUMBER_EMS = 2.6  # the number column, in its font's sizes: four digits
CONFIRM_ACCENT = (0.960, 0.760, 0.250, 1)  # GOLD: 确定 makes the correction


def font(k: float) -> float:
    """A font of ``k`` units, never under the reading minimum (as the .kv's)."""
    return sizes.text(k)


class LogLine(RecycleDataViewBehavior, ButtonBehavior, BoxLayout):  # type: ignore[misc]
    """One row of the log: a turn's heading, or a sentence with its move's number and tag."""

    heading = BooleanProperty(False)
    move = NumericProperty(0)
    number = StringProperty("")
    text = StringProperty("")
    tag = StringProperty("")
    forced = BooleanProperty(False)  # the tag marks a forced move (强制), not a correction
    selected = BooleanProperty(False)
    number_width = NumericProperty(0)  # the number column (the same on every row)
    tag_width = NumericProperty(0)  # the tag column: the widest tag's words, or none

    def on_release(self) -> None:
        if self.heading:
            return
        widget: Any = self.parent
        while widget is not None and not isinstance(widget, LogScreen):
            widget = widget.parent
        if widget is not None:
            widget.select(int(self.move))


class LogScreen(Screen):  # type: ignore[misc]  # Kivy ships no type hints
    title_text = StringProperty("")
    selected_move = NumericProperty(0)
    selected_text = StringProperty("")
    message_text = StringProperty("")
    message_ok = BooleanProperty(True)
    rv = ObjectProperty(None)
    notation_input = ObjectProperty(None)
    entry_input = ObjectProperty(None)
    completion_texts = ListProperty([])
    set_aside_title = StringProperty("")
    set_aside_count = NumericProperty(0)
    can_redo = BooleanProperty(False)
    preview_text = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.controller: TableController = App.get_running_app().controller
        self.entries: list[LogEntry] = []
        self.rows: list[LogRow] = []
        self._dirty = True
        self._rebuild = Clock.create_trigger(self._rebuild_if_dirty)
        self._relayout = Clock.create_trigger(self._layout_rows)
        self._laid_out_width = -1.0
        self._notation = ""  # the selected move's notation when it was selected
        self._scrolled_for = -1  # the number of entries when the list last scrolled to the end
        self._forced: frozenset[int] = frozenset()  # the forced moves' numbers
        self._set_aside: list[tuple[str, str]] = []  # the list shown: (line, notation)
        self._typed_into: Any = None  # the box the completions fill
        self.confirmation: Popup | None = None
        self._plan: CorrectionPlan | None = None
        self.controller.bind(revision=self._changed)
        self.rv.bind(width=self._width_changed)
        sizes.bind(read=self._relayout, unit=self._relayout)
        self.refresh()

    def release(self) -> None:
        """The screen is dropped (the language changed): stop listening to the controller."""
        self.controller.unbind(revision=self._changed)

    # ------------------------------------------------------------ for UI tests

    def shown_entries(self) -> list[tuple[int, str]]:
        """The sentences the list shows, in order, as (move number, text)."""
        self._rebuild_if_dirty()
        return [(row.move, row.text) for row in self.rows if row.kind == "entry"]

    def select(self, move: int) -> None:
        """Select a move (a tap on one of its rows): its words and notation go beside the list."""
        self._rebuild_if_dirty()
        self._choose(move, keep_typing=False)
        self._mark_selection()

    def _choose(self, move: int, *, keep_typing: bool) -> None:
        """Show the move's words and notation; ``keep_typing``: leave an edit of the same move."""
        told = [e for e in self.entries if e.move == move]
        if not told:
            self.selected_move = 0
            self.selected_text = ""
            self.notation_input.text = ""
            self._notation = ""
            return
        notation = told[0].notation
        same = keep_typing and move == self.selected_move and notation == self._notation
        self.selected_move = move
        self.selected_text = "\n".join(e.text for e in told)
        self._notation = notation  # first: the box's own notation offers no completion
        if not same:
            self.notation_input.text = notation

    def replace_to(self, text: str) -> Reply:
        """Put ``text`` in the box and press 修改: the confirmation opens (or the refusal)."""
        self.notation_input.text = text
        return self.correction_pressed("replace")

    def insert_to(self, text: str) -> Reply:
        """Put ``text`` in the box and press 插入: the confirmation opens (or the refusal)."""
        self.notation_input.text = text
        return self.correction_pressed("insert")

    def delete_selected(self) -> Reply:
        """Press 删除: the confirmation opens (or the refusal)."""
        return self.correction_pressed("delete")

    def set_aside_shown(self) -> list[str]:
        """The set-aside list's lines, in order."""
        self._rebuild_if_dirty()
        return [line for line, _notation in self._set_aside]

    def undo(self) -> Reply:
        """Take back the last move (the 撤销 button)."""
        return self._show(self.controller.undo())

    def redo(self) -> Reply:
        """Make the move undone last again (the 重做 button)."""
        return self._show(self.controller.redo())

    def reload(self) -> Reply:
        """Read the game again from the store (the 重新载入 button)."""
        return self._show(self.controller.reload())

    # ------------------------------------------------------------ buttons

    def typing(self, text: str, box: Any = None) -> None:
        """The typed move changed (in ``box``: the move box or the entry box): offer up
        to four completions as buttons, which fill that box."""
        box = box if box is not None else self.entry_input
        if box is self.notation_input and text == self._notation:
            text = ""  # the selected move's own notation, shown: nothing typed yet
        texts = self.controller.completions(text)[:4] if text else []
        self._typed_into = box
        if texts == list(self.completion_texts):
            return
        self.completion_texts = texts
        box = self.ids.completion_box
        box.clear_widgets()
        for completion in texts:
            button = Factory.LogButton(text=completion.strip())
            button.bind(on_release=lambda _w, c=completion: self.complete(c))
            box.add_widget(button)

    def complete(self, completion: str) -> None:
        box = self._typed_into if self._typed_into is not None else self.entry_input
        box.text = completion
        box.focus = True

    def enter_to(self, text: str) -> Reply:
        """Type ``text`` and press 记入 (for tests and scripts)."""
        self.entry_input.text = text
        return self.enter_pressed()

    def enter_pressed(self) -> Reply:
        """记入: the typed move, made as it is, or forced (flagged) when the engine refuses it."""
        text = self.entry_input.text.strip()
        if not text:
            return self._show(Reply(False, _("type a move first (docs/record-format.md)")))
        reply = self._show(self.controller.enter(text))
        if reply.ok:
            self.entry_input.text = ""
        return reply

    def correction_pressed(self, kind: str, text: str | None = None) -> Reply:
        """修改 (replace), 插入 (insert before it) or 删除 (delete) on the selected move, with
        the box's move (or ``text``): the confirmation shows what changes; nothing does yet."""
        move = int(self.selected_move)
        if move == 0:
            return self._show(Reply(False, _("tap a move in the log first")))
        typed = self.notation_input.text.strip() if text is None else text
        try:
            plan = self.controller.plan_correction(kind, move, "" if kind == "delete" else typed)
        except CorrectionRefused as refused:
            return self._show(Reply(False, str(refused)))
        self._open_confirmation(plan)
        return self._show(Reply(True, plan.headline()))

    def put_back(self, k: int) -> Reply:
        """放回 on the K-th set-aside move (from 1): inserted before the selected move,
        through the confirmation."""
        if not 1 <= k <= len(self._set_aside):
            return self._show(Reply(False, _("no move is set aside")))
        return self.correction_pressed("insert", self._set_aside[k - 1][1])

    def dismiss(self, k: int) -> Reply:
        """忽略 on the K-th set-aside move (from 1): dropped for good."""
        return self._show(self.controller.dismiss(k))

    def confirm(self) -> Reply:
        """确定: the correction shown is made."""
        plan = self._plan
        self._close_confirmation()
        if plan is None:
            return self._show(Reply(False, _("no correction to confirm")))
        return self._show(self.controller.apply_correction(plan))

    def cancel_correction(self) -> Reply:
        """取消: the confirmation closes; nothing changed."""
        self._close_confirmation()
        return self._show(Reply(True, _("correction cancelled: nothing changed")))

    def _open_confirmation(self, plan: CorrectionPlan) -> None:
        self._close_confirmation()
        self._plan = plan
        self.preview_text = "\n".join(plan.lines())
        u = sizes.unit
        box = BoxLayout(orientation="vertical", spacing=u * 1, padding=u * 1)
        scroll = ScrollView(do_scroll_x=False, bar_width=u * 1.2)
        preview = Label(
            text=self.preview_text,
            font_size=font(3),
            size_hint_y=None,
            halign="left",
            valign="top",
        )
        preview.bind(
            width=lambda label, width: setattr(label, "text_size", (width, None)),
            texture_size=lambda label, size: setattr(label, "height", size[1]),
        )
        scroll.add_widget(preview)
        buttons = FlowRow(fill=True, spacing=u * 1)
        confirm = TableButton(text=_("Confirm"), accent=CONFIRM_ACCENT, font_size=font(3.6))
        confirm.bind(on_release=lambda *_args: self.confirm())
        cancel = TableButton(text=_("Cancel"), font_size=font(3.6))
        cancel.bind(on_release=lambda *_args: self.cancel_correction())
        buttons.add_widget(confirm)
        buttons.add_widget(cancel)
        box.add_widget(scroll)
        box.add_widget(buttons)
        titles = {
            "replace": _("Replace move {n}?"),
            "insert": _("Insert as move {n}?"),
            "delete": _("Delete move {n}?"),
        }
        popup = Popup(
            title=titles[plan.kind].format(n=plan.number),
            title_size=font(3.4),
            content=box,
            size_hint=(0.9, 0.8) if sizes.portrait else (0.8, 0.8),
            auto_dismiss=False,
        )
        popup.confirm_button, popup.cancel_button = confirm, cancel
        self.confirmation = popup
        popup.open()

    def _close_confirmation(self) -> None:
        if self.confirmation is not None:
            self.confirmation.dismiss()
        self.confirmation = None
        self._plan = None
        self.preview_text = ""

    def note_to(self, text: str) -> Reply:
        """Note ``text`` on the selected move (what 备注 does with the box's text)."""
        self.notation_input.text = text
        return self.note_pressed()

    def note_pressed(self) -> Reply:
        """备注: the box's text kept as a note on the selected move (not a move)."""
        move = int(self.selected_move)
        if move == 0:
            return self._show(Reply(False, _("tap a move in the log first")))
        return self._show(self.controller.note(move, self.notation_input.text.strip()))

    def _show(self, reply: Reply) -> Reply:
        # The reply's first line only: a refusal is one line and changes nothing.
        self.message_text = reply.message.splitlines()[0] if reply.message else ""
        self.message_ok = reply.ok
        self._rebuild_if_dirty()
        return reply

    # ------------------------------------------------------------ rows

    def on_pre_enter(self, *_args: object) -> None:
        self._rebuild_if_dirty()
        self._scroll_to_end()

    def _changed(self, *_args: object) -> None:
        self._dirty = True
        if self.manager is not None and self.manager.current == self.name:
            self._rebuild()

    def _rebuild_if_dirty(self, *_args: object) -> None:
        if self._dirty:
            self.refresh()

    def refresh(self, *_args: object) -> None:
        """Read the log again and rebuild the rows; scroll to the newest if there are new ones."""
        self._dirty = False
        c = self.controller
        self.entries = c.log()
        self.rows = log_rows(self.entries, self._corrected())
        moves = len(c.session.game)
        self._forced = frozenset(e.move for e in self.entries if e.forced)
        if moves:
            title = ngettext("{n} move", "{n} moves", moves).format(n=moves)
        else:
            title = _("No game yet")
        if self._forced:
            title = _("{moves} · {forced} forced").format(moves=title, forced=len(self._forced))
        self.title_text = title
        # The selected move stays selected while it exists; what is being typed
        # in the box stays unless the move itself changed.
        self._choose(int(self.selected_move), keep_typing=True)
        self.can_redo = c.redoable() > 0
        self._show_set_aside(c.set_aside())
        self._layout_rows()
        if len(self.entries) != self._scrolled_for:
            self._scroll_to_end()

    def _show_set_aside(self, items: list[tuple[str, str]]) -> None:
        """The set-aside list under the log: a row per move, with 放回 and 忽略."""
        if items == self._set_aside:
            return
        self._set_aside = items
        self.set_aside_count = len(items)
        self.set_aside_title = ngettext(
            "{n} move set aside by a correction",
            "{n} moves set aside by corrections",
            len(items),
        ).format(n=len(items))
        box = self.ids.set_aside_box
        box.clear_widgets()
        for k, (line, _notation) in enumerate(items, start=1):
            # The move's words as wide as they are (wrapped when wider than the row), the
            # buttons after them, or under them when there is no room.
            row = FlowRow(spacing=sizes.unit * 0.8)
            label = Factory.SetAsideLine(text=line)
            back = Factory.SetAsideButton(text=_("Put back"))
            back.bind(on_release=lambda *_args, k=k: self.put_back(k))
            drop = Factory.SetAsideButton(text=_("Dismiss"))
            drop.bind(on_release=lambda *_args, k=k: self.dismiss(k))
            row.add_widget(label)
            row.add_widget(back)
            row.add_widget(drop)
            box.add_widget(row)

    def _corrected(self) -> frozenset[int]:
        session = self.controller.session
        if session.game_id is None:
            return frozenset()
        try:
            return corrected_moves(self.controller.store.moves(session.game_id))
        except StoreError:
            return frozenset()

    def _width_changed(self, *_args: object) -> None:
        if abs(self.rv.width - self._laid_out_width) > 1:
            self._relayout()

    def _layout_rows(self, *_args: object) -> None:
        """The RecycleView's data: each row with its height for the list's width."""
        u = sizes.unit
        width = float(self.rv.width)
        self._laid_out_width = width
        number = font(NUMBER_FONT) * NUMBER_EMS
        tags = {row.tag for row in self.rows if row.tag}
        tag = max((text_size_of(t, font(TAG_FONT))[0] for t in tags), default=0.0)
        tag = tag + u * 1.2 if tag else 0.0
        text_px = width - number - tag - u * SIDE_PADDING
        heading_px = width - u * SIDE_PADDING
        chosen = int(self.selected_move)
        data: list[dict[str, Any]] = []
        for row in self.rows:
            heading = row.kind == "heading"
            size = font(HEADING_FONT if heading else ENTRY_FONT)
            room = heading_px if heading else text_px
            if text_lines(row.text, room / size) == 1:  # a safe estimate: surely one line
                lines = size * LINE
            else:  # maybe more: measured
                lines = wrapped_height(row.text, size, room, heading)
            height = lines + u * (ROW_PADDING + (1.6 if heading else 0))
            data.append(
                {
                    "heading": heading,
                    "move": row.move,
                    "number": str(row.move) if row.first and not heading else "",
                    "text": row.text,
                    "tag": row.tag,
                    "forced": bool(row.tag) and row.move in self._forced,
                    "selected": chosen != 0 and row.move == chosen,
                    "height": height,
                    "number_width": number,
                    "tag_width": tag,
                }
            )
        self.rv.data = data

    def _mark_selection(self) -> None:
        chosen = int(self.selected_move)
        data = self.rv.data
        for item in data:
            item["selected"] = chosen != 0 and item["move"] == chosen
        self.rv.refresh_from_data()

    def _scroll_to_end(self) -> None:
        self._scrolled_for = len(self.entries)
        self.rv.scroll_y = 0
        # Once the new rows are laid out (next frame), stay at the bottom.
        Clock.schedule_once(lambda _dt: setattr(self.rv, "scroll_y", 0), 0)
