"""结算: the timing helper — what is being settled, the timing point, who may act now.

The stack of what is being settled is drawn as a pile of cards, the newest
(the one being settled now) on top; each older card says what interrupted
it. Beside it: the timing point (时机) and the seats that may act now, in
order, each with the skills that fit the moment; below, the prompt. All of it
is the controller's `~assistant.views.timing.TimingView` and prompt text; when the
stack is empty the screen says so and still shows the phase and who acts.

For UI tests:

* ``SettlementScreen.shown_stack()`` -> the stack entries on screen, newest
  first (the `TimingView.stack` strings; empty when nothing is settled).
* ``SettlementScreen.shown_acting()`` -> ``[(seat, general, skills), ...]``
  for the actor cards on screen, in order.
* ``SettlementScreen.shown_point()`` -> the timing point on screen.

While another screen is shown, a change of the game only marks this one
stale; it redraws on entering (``on_pre_enter``), and the ``shown_*`` readers
bring it up to date first, so they read what entering would show.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kivy.app import App
from kivy.lang import Builder
from kivy.properties import (
    BooleanProperty,
    ListProperty,
    NumericProperty,
    ObjectProperty,
    StringProperty,
)
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen
from kivy.utils import escape_markup

from assistant.i18n import _
from assistant.views import Actor, TimingView
from mobile.controller import TableController
from mobile.widgets.base import not_started

Builder.load_file(str(Path(__file__).with_suffix(".kv")))

__all__ = ["ActorCard", "SettlementScreen", "StackCard"]

CIRCLED = "①②③④⑤⑥⑦⑧⑨⑩"


def order_mark(index: int) -> str:
    """①, ②, ... for the first ten; '11.' after that."""
    return CIRCLED[index] if index < len(CIRCLED) else f"{index + 1}."


class StackCard(BoxLayout):  # type: ignore[misc]  # Kivy ships no type hints
    """One entry of the stack; ``depth`` 0 is the newest, being settled now."""

    entry = StringProperty("")  # the TimingView.stack string, as given
    text = StringProperty("")
    interrupted_by = StringProperty("")
    tag = StringProperty("")
    depth = NumericProperty(0)
    empty = BooleanProperty(False)


class ActorCard(BoxLayout):  # type: ignore[misc]
    """A seat that may act now: its place in the order, general and fitting skills."""

    seat = NumericProperty(0)
    general = StringProperty("")
    skills = ListProperty([])
    title = StringProperty("")  # markup-escaped
    skills_text = StringProperty("")  # markup-escaped
    first = BooleanProperty(False)


class SettlementScreen(Screen):  # type: ignore[misc]
    stack_box = ObjectProperty(None)
    acting_box = ObjectProperty(None)
    heading = StringProperty("")
    point_text = StringProperty("")
    prompt_text = StringProperty("")
    stack_title = StringProperty("")
    acting_title = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.controller: TableController = App.get_running_app().controller
        self.stale = False
        self.controller.bind(revision=self._revised)
        self.refresh()

    def release(self) -> None:
        """The screen is dropped (the language changed): stop listening to the controller."""
        self.controller.unbind(revision=self._revised)

    def on_pre_enter(self, *_args: object) -> None:
        self.refresh()

    def _revised(self, *_args: object) -> None:
        """The game changed: redraw now if shown, else when next shown (or asked)."""
        if self.manager is not None and self.manager.current != self.name:
            self.stale = True
            return
        self.refresh()

    def _fresh(self) -> None:
        if self.stale:
            self.refresh()

    # ------------------------------------------------------------ for UI tests

    def shown_stack(self) -> list[str]:
        """The stack entries on screen, newest first (empty when nothing is settled)."""
        self._fresh()
        cards = [w for w in reversed(self.stack_box.children) if isinstance(w, StackCard)]
        return [c.entry for c in cards if not c.empty]

    def shown_acting(self) -> list[tuple[int, str, tuple[str, ...]]]:
        """(seat, general, skills) of each actor card on screen, in order."""
        self._fresh()
        cards = [w for w in reversed(self.acting_box.children) if isinstance(w, ActorCard)]
        return [(int(c.seat), c.general, tuple(c.skills)) for c in cards if c.seat]

    def shown_point(self) -> str:
        """The timing point on screen."""
        self._fresh()
        return str(self.point_text)

    # ------------------------------------------------------------ drawing

    def refresh(self, *_args: object) -> None:
        self.stale = False
        c = self.controller
        if not c.started:
            self.heading = not_started()
            self._show(TimingView((), "", ()))
            self.prompt_text = c.prompt_text()
            return
        self.heading = c.table().heading
        self._show(c.timing())
        self.prompt_text = c.prompt_text()

    def _show(self, timing: TimingView) -> None:
        self.point_text = timing.point
        depth = len(timing.stack)
        if depth:
            self.stack_title = _("Being settled ({n}, newest on top)").format(n=depth)
        else:
            self.stack_title = _("Being settled")
        self.acting_title = _("Who may act now, in order")
        box = self.stack_box
        box.clear_widgets()
        for i, (entry, (text, by)) in enumerate(zip(timing.stack, timing.entries, strict=True)):
            tag = _("Settling now") if i == 0 else _("Level {level}, waiting").format(level=i + 1)
            box.add_widget(StackCard(entry=entry, text=text, interrupted_by=by, tag=tag, depth=i))
        if not timing.stack:
            phase = _("Phase: {phase}").format(phase=timing.point) if timing.point else ""
            box.add_widget(StackCard(text=_("Nothing is being settled"), tag=phase, empty=True))
        self._actors(timing.acting)

    def _actors(self, acting: tuple[Actor, ...]) -> None:
        box = self.acting_box
        box.clear_widgets()
        for i, actor in enumerate(acting):
            if actor.general:
                who = _("seat {seat} {general}").format(seat=actor.seat, general=actor.general)
            else:
                who = _("seat {seat}").format(seat=actor.seat)
            if actor.skills:
                skills = _("Skills: {skills}").format(skills=" · ".join(actor.skills))
            else:
                skills = _("No skill fits")
            box.add_widget(
                ActorCard(
                    seat=actor.seat,
                    general=actor.general,
                    skills=list(actor.skills),
                    title=escape_markup(f"{order_mark(i)} {who}"),
                    skills_text=escape_markup(skills),
                    first=i == 0,
                )
            )
        if not acting:
            box.add_widget(ActorCard(title=escape_markup(_("Nobody acts now")), seat=0))
