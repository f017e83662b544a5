"""设置 · 新的牌桌: the mode, the players, the lord and each seat's general, then 开始.

The screen fills an `assistant.setup.plan.TablePlan` by taps, by the search
box or by scanning stickers, and shows the plan's problems until there are
none; 开始 hands the plan to ``controller.new_table`` and opens the table.
The rules live in `assistant.setup.plan` and `assistant.setup.screen`; this
module only lays out what they return and routes taps to them.

While the screen is shown it takes the camera's stickers first
(``controller.sighting_hook``): a seat marker selects its seat, a general
card gives that general to the selected seat (or to the seat whose camera
region it lies in), exactly as a tap would. Other stickers go to the session.

Driving the screen from a UI test
=================================

Every tap calls one of these methods of `SetupScreen`, so a test may tap the
widget (a touch, or ``widget.dispatch("on_release")``) or call the method:

- ``choose_mode(key)``: a mode button (``mode_buttons()``, each ``.mode_key``).
- ``set_players(n)``: the number of players, kept in the mode's range;
  ``ids.players_minus`` / ``ids.players_plus`` call ``change_players(-1 / +1)``.
- ``select_seat(n)``: a seat tile (``seat_buttons()``, `SeatTile`, each
  ``.seat``; its labels show the seat's generals' Chinese names alone, e.g.
  a Label whose text is exactly "刘备", and their keys beside them).
- ``make_lord()``: ``ids.lord_button``; the selected seat becomes the lord
  (tapped again: no lord). Disabled in modes without a lord to choose.
- ``clear_seat()``: ``ids.clear_button``; the selected seat loses its generals.
- ``search(text)``: typing in ``ids.search_input`` (the method sets its text).
- ``filter_kingdom(k)``: a kingdom button (``kingdom_buttons()``, each
  ``.kingdom``: "" for 全部, else 魏 蜀 吴 群, and 神 with a pack on).
- ``toggle_package(p)``: a package switch (``package_buttons()``, each
  ``.package``: wind, fire, forest, mountain, a table's own; gold when on):
  its generals join the search, or leave it and their seats.
- ``next_kingdom()``: ``ids.kingdom_button`` (势力); the selected seat's 神
  general plays for the next kingdom (魏 蜀 吴 群). Enabled only where the
  seat has a 神 general and the mode makes him choose (identity).
- ``pick_general(key)``: a result button (``result_buttons()``, each
  ``.general_key``, text "赵云 zhaoyun · 蜀 4"); the general goes to the
  selected seat, and the selection moves on to the next seat still short of
  generals.
- ``start()``: ``start_button`` (also ``ids.start_button``); on success the
  manager shows "table", else ``status`` holds the one-line refusal.
- ``back()``: ``ids.back_button``, to the home screen.
- ``take_sighting(payload, region)``: a sticker read by the camera (the
  controller's ``sighting_hook`` while the screen is shown); True when used.

State to check: ``plan`` (the `TablePlan`), ``selected`` (the selected
seat), ``status`` / ``status_ok`` (the last one-line reply), ``problems_line``,
``ready``, and the ids ``players_label``, ``roles_label``, ``problems_label``,
``status_label``, ``seat_grid``, ``result_grid``, ``mode_box``, ``kingdom_box``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.factory import Factory
from kivy.lang import Builder
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen

from assistant.i18n import _, general_package_name, kingdom_name, ngettext, variant_name
from assistant.session import region_seat
from assistant.setup import (
    SeatLine,
    TablePlan,
    clear_seat,
    general_choice,
    kingdom_filters,
    mode_choices,
    next_seat,
    problems_text,
    read_sticker,
    result_label,
    roles_text,
    search_generals,
    seat_holding,
    seat_lines,
    toggle_lord,
)
from mobile.controller import TableController

Builder.load_file(str(Path(__file__).with_suffix(".kv")))

__all__ = ["SeatTile", "SetupScreen"]

GOLD = (0.960, 0.760, 0.250, 1)
IVORY = (0.965, 0.925, 0.820, 1)
PALE = (0.700, 0.760, 0.720, 1)  # a seat still without its generals
TAKEN = (0.470, 0.540, 0.500, 1)  # a general another seat has


class SeatTile(ButtonBehavior, BoxLayout):  # type: ignore[misc]  # Kivy ships no type hints
    """A seat: '1号位 主公', then a row per general: its Chinese name, big, and its key."""

    seat = NumericProperty(0)
    head = StringProperty("")
    accent = ListProperty(list(IVORY))

    def show(self, line: SeatLine) -> None:
        self.seat = line.seat
        if line.lord:
            self.head = _("seat {seat} {role}").format(seat=line.seat, role=_("lord"))
        else:
            self.head = _("seat {seat}").format(seat=line.seat)
        if line.kingdom:  # a 神 general's chosen kingdom
            self.head = f"{self.head} · {line.kingdom}"
        rows = self.ids.rows
        rows.clear_widgets()
        shown = [(g.name, g.key) for g in line.generals] or [(_("Not chosen"), "")]
        if line.generals and not line.complete:
            shown.append(("", f"{len(line.generals)}/{line.wanted}"))
        for name, key in shown:
            row = Factory.SetupSeatGeneral()
            row.name, row.key, row.empty = name, key, not line.generals
            rows.add_widget(row)


class SetupScreen(Screen):  # type: ignore[misc]  # Kivy ships no type hints
    selected = NumericProperty(1)
    players = NumericProperty(5)
    per_seat = NumericProperty(1)
    lord_mode = BooleanProperty(True)
    roles_line = StringProperty("")
    variant_text = StringProperty("")  # the chosen variant's name on the 变体 button
    has_variants = BooleanProperty(False)  # the mode has a variant at this table size
    problems_line = StringProperty("")
    ready = BooleanProperty(False)
    status = StringProperty("")
    status_ok = BooleanProperty(True)
    query = StringProperty("")
    kingdom = StringProperty("")
    chooses_kingdom = BooleanProperty(False)  # the selected seat's 神 general names a kingdom
    kingdom_text = StringProperty("")  # the 势力 button: its chosen kingdom, where chosen

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.controller: TableController = App.get_running_app().controller
        self.plan = TablePlan()
        self.start_button = self.ids.start_button
        # In the modes' row only while the mode has variants at this size (refresh);
        # ids are weak references: keep the button alive while it is out of the row.
        self._variant_button = self.ids.variant_button.__self__
        self._show_seat = Clock.create_trigger(self._show_selected, -1)
        self.ids.seat_grid.bind(height=self._show_seat)
        self.ids.seat_scroll.bind(height=self._show_seat)
        self._build_modes()
        self._shown_packages: tuple[tuple[str, ...], tuple[str, ...]] | None = None
        self.refresh()

    # ------------------------------------------------------------ showing

    def on_pre_enter(self, *_args: object) -> None:
        self.controller.sighting_hook = self.take_sighting
        self.refresh()

    def on_leave(self, *_args: object) -> None:
        if self.controller.sighting_hook == self.take_sighting:
            self.controller.sighting_hook = None

    def refresh(self) -> None:
        """Redraw everything from the plan."""
        plan = self.plan
        choice = plan.choice
        if not 1 <= self.selected <= plan.players:
            self.selected = 1
        self.players = plan.players
        self.per_seat = choice.generals_per_seat
        self.lord_mode = choice.lord_chosen
        self.roles_line = roles_text(choice, plan.players, plan.variant)
        self.has_variants = len(plan.variants()) > 1
        self.variant_text = variant_name(plan.variant)
        self._place_variant_button()
        problems = plan.problems()
        self.ready = not problems
        self.problems_line = problems_text(problems) if problems else _("Ready to start")
        for button in self.mode_buttons():
            button.accent = GOLD if button.mode_key == plan.mode else IVORY
        self._build_packages()
        for button in self.kingdom_buttons():
            button.accent = GOLD if button.kingdom == self.kingdom else IVORY
        for button in self.package_buttons():
            button.accent = GOLD if button.package in plan.packages else IVORY
        self.chooses_kingdom = plan.chooses_kingdom(self.selected)
        chosen = plan.kingdoms.get(self.selected)
        self.kingdom_text = (
            _("Kingdom {kingdom}").format(kingdom=kingdom_name(chosen)) if chosen else _("Kingdom")
        )
        if not self.ids.name_input.focus:
            self.ids.name_input.text = plan.names.get(self.selected, "")
        self._build_seats()
        self._build_results()

    def _build_modes(self) -> None:
        """A button per mode, first in the row (the players' controls follow them)."""
        box = self.ids.mode_box
        for button in self.mode_buttons():
            box.remove_widget(button)
        for choice in reversed(mode_choices()):
            button = Factory.SetupModeButton(text=choice.name)
            button.mode_key = choice.key
            button.bind(on_release=lambda _b, key=choice.key: self.choose_mode(key))
            box.add_widget(button, index=len(box.children))

    def _place_variant_button(self) -> None:
        """变体 in the row, just after +, only where the mode has variants at this size."""
        box, button = self.ids.mode_box, self._variant_button
        if self.has_variants and button.parent is None:
            box.add_widget(button, index=box.children.index(self.ids.roles_label.__self__) + 1)
        elif not self.has_variants and button.parent is not None:
            box.remove_widget(button)

    def _build_packages(self) -> None:
        """A switch per package of generals the mode may add, and the kingdom buttons
        of the generals on (built again only when either changes)."""
        shown = (self.plan.available_packages(), tuple(self.plan.packages))
        if shown == self._shown_packages:
            return
        self._shown_packages = shown
        box = self.ids.package_box
        for button in self.package_buttons():
            box.remove_widget(button)
        for package in shown[0]:
            button = Factory.TableButton(text=general_package_name(package))
            button.package = package
            button.bind(on_release=lambda _b, p=package: self.toggle_package(p))
            box.add_widget(button)
        box.opacity = 1 if shown[0] else 0
        box.disabled = not shown[0]
        self._build_kingdoms()

    def _build_kingdoms(self) -> None:
        """A button per kingdom, after the search box."""
        box = self.ids.kingdom_box
        for button in self.kingdom_buttons():
            box.remove_widget(button)
        for kingdom, label in kingdom_filters(tuple(self.plan.packages)):
            button = Factory.TableButton(text=label)
            button.kingdom = kingdom
            button.bind(on_release=lambda _b, k=kingdom: self.filter_kingdom(k))
            box.add_widget(button)

    def _build_seats(self) -> None:
        grid = self.ids.seat_grid
        grid.clear_widgets()
        for line in seat_lines(self.plan):
            button = SeatTile()
            button.show(line)
            if line.seat == self.selected:
                button.accent = GOLD
            else:
                button.accent = IVORY if line.complete else PALE
            button.bind(on_release=lambda _b, seat=line.seat: self.select_seat(seat))
            grid.add_widget(button)
        self._show_seat()

    def _show_selected(self, *_args: object) -> None:
        """Scroll the seats so that the selected one is in view.

        Worked out from the tiles' heights (each as high as its words, a row as
        high as its highest), not their positions, which the layout sets later.
        """
        grid, view = self.ids.seat_grid, self.ids.seat_scroll
        tiles = self.seat_buttons()
        cols, gap = max(int(grid.cols), 1), float(grid.spacing[1])
        rows = [tiles[i : i + cols] for i in range(0, len(tiles), cols)]
        heights = [max(float(t.height) for t in row) for row in rows]
        content = sum(heights) + gap * max(len(heights) - 1, 0)
        spare = content - view.height
        if spare <= 0 or not heights:
            view.scroll_y = 1  # all seats fit: from the top
            return
        index = min((int(self.selected) - 1) // cols, len(heights) - 1)
        top = sum(heights[:index]) + gap * index  # the seat's row, from the top
        row = heights[index]
        offset = (1 - view.scroll_y) * spare  # what is scrolled away above the view
        if top < offset:
            offset = top
        elif top + row > offset + view.height:
            offset = top + row - view.height
        view.scroll_y = 1 - min(max(offset / spare, 0.0), 1.0)

    def _build_results(self) -> None:
        grid = self.ids.result_grid
        grid.clear_widgets()
        for choice in search_generals(self.query, self.kingdom, tuple(self.plan.packages)):
            button = Factory.SetupResultButton(text=result_label(choice))
            button.general_key = choice.key
            holder = seat_holding(self.plan, choice.key)
            if holder is None:
                button.accent = IVORY
            else:
                button.accent = GOLD if holder == self.selected else TAKEN
            button.bind(on_release=lambda _b, key=choice.key: self.pick_general(key))
            grid.add_widget(button)

    def _say(self, message: str, ok: bool = True) -> None:
        self.status = message
        self.status_ok = ok

    # ------------------------------------------------------------ widgets

    def mode_buttons(self) -> list[Any]:
        return [b for b in reversed(self.ids.mode_box.children) if hasattr(b, "mode_key")]

    def package_buttons(self) -> list[Any]:
        return [b for b in reversed(self.ids.package_box.children) if hasattr(b, "package")]

    def kingdom_buttons(self) -> list[Any]:
        return [b for b in reversed(self.ids.kingdom_box.children) if hasattr(b, "kingdom")]

    def seat_buttons(self) -> list[Any]:
        return list(reversed(self.ids.seat_grid.children))

    def result_buttons(self) -> list[Any]:
        """The general buttons the search shows, in order; each has ``general_key``."""
        return list(reversed(self.ids.result_grid.children))

    # ------------------------------------------------------------ taps

    def choose_mode(self, key: str) -> None:
        self.plan.set_mode(key)
        self._say(self._mode_players(self.plan.players))
        self.refresh()

    def set_players(self, players: int) -> None:
        self.plan.set_mode(self.plan.mode, players)
        choice = self.plan.choice
        if self.plan.players != players:
            self._say(
                _("{mode}: {min}-{max} players").format(
                    mode=choice.name, min=choice.min_players, max=choice.max_players
                ),
                ok=False,
            )
        else:
            self._say(self._mode_players(players))
        self.refresh()

    def _mode_players(self, players: int) -> str:
        return ngettext("{mode} · {n} player", "{mode} · {n} players", players).format(
            mode=self.plan.choice.name, n=players
        )

    def next_variant(self) -> None:
        """变体: the next variant of the mode this table size allows (双内奸, 国际版 ...)."""
        variant = self.plan.next_variant()
        self._say(f"{self.plan.choice.name} · {variant_name(variant)}")
        self.refresh()

    def change_players(self, delta: int) -> None:
        self.set_players(self.plan.players + delta)

    def select_seat(self, seat: int) -> None:
        if not 1 <= seat <= self.plan.players:
            self._say(
                _("no seat {seat} (1-{players})").format(seat=seat, players=self.plan.players),
                ok=False,
            )
            return
        self.selected = seat
        self._say(_("seat {seat} selected").format(seat=seat))
        self.refresh()

    def name_seat(self, text: str) -> None:
        """The name typed for the selected seat (optional; an empty box forgets it)."""
        if " ".join(text.split()) == self.plan.names.get(self.selected, ""):
            return  # the box left as it was
        why = self.plan.name(self.selected, text)
        if why is not None:
            self._say(why, ok=False)
            return
        name = self.plan.names.get(self.selected)
        if name:
            self._say(
                _("seat {seat} is played by {player}").format(seat=self.selected, player=name)
            )
        else:
            self._say(_("seat {seat}'s player is no longer named").format(seat=self.selected))
        self.refresh()

    def make_lord(self) -> None:
        why = toggle_lord(self.plan, self.selected)
        if why is not None:
            self._say(why, ok=False)
        elif self.plan.lord == self.selected:
            self._say(_("seat {seat} is the lord").format(seat=self.selected))
        else:
            self._say(_("seat {seat} is not the lord").format(seat=self.selected))
        self.refresh()

    def clear_seat(self) -> None:
        clear_seat(self.plan, self.selected)
        self._say(_("seat {seat} cleared").format(seat=self.selected))
        self.refresh()

    def search(self, text: str) -> None:
        if self.ids.search_input.text != text:
            self.ids.search_input.text = text  # its on_text comes back here
        if text != self.query:
            self.query = text
            self._build_results()

    def toggle_package(self, package: str) -> None:
        why = self.plan.toggle_package(package)
        if why is not None:
            self._say(why, ok=False)
        else:
            on = package in self.plan.packages
            said = _("{package} generals on") if on else _("{package} generals off")
            self._say(said.format(package=general_package_name(package)))
            if not on and self.kingdom not in {
                k for k, _label in kingdom_filters(tuple(self.plan.packages))
            }:
                self.kingdom = ""
        self.refresh()

    def next_kingdom(self) -> None:
        why = self.plan.next_kingdom(self.selected)
        if why is not None:
            self._say(why, ok=False)
        else:
            kingdom = kingdom_name(self.plan.kingdoms[self.selected])
            self._say(
                _("seat {seat} plays for {kingdom}").format(seat=self.selected, kingdom=kingdom)
            )
        self.refresh()

    def filter_kingdom(self, kingdom: str) -> None:
        self.kingdom = kingdom
        self.refresh()

    def pick_general(self, key: str) -> None:
        seat = self.selected
        why = self.plan.pick(seat, key)
        if why is not None:
            self._say(why, ok=False)
        else:
            self._say(
                _("seat {seat} ← {general}").format(seat=seat, general=general_choice(key).label)
            )
            self.selected = next_seat(self.plan, seat)
        self.refresh()

    def start(self) -> None:
        reply = self.controller.new_table(self.plan)
        if not reply.ok:
            self._say(reply.message.splitlines()[0] if reply.message else "", ok=False)
            return
        self._say(reply.message)
        # The next table starts from the same mode and size, without generals.
        self.plan = TablePlan(self.plan.mode, self.plan.players)
        self.selected = 1
        self.refresh()
        if self.manager is not None and self.manager.has_screen("table"):
            self.manager.current = "table"

    def back(self) -> None:
        if self.manager is not None and self.manager.has_screen("home"):
            self.manager.current = "home"

    # ------------------------------------------------------------ camera

    def take_sighting(self, payload: str, region: str | None = None) -> bool:
        """A sticker the camera read: used here (True) or left for the session (False)."""
        sticker = read_sticker(payload)
        if sticker is None:
            return False
        if sticker.seat is not None:
            self.select_seat(sticker.seat)
            return True
        assert sticker.general is not None
        seat = region_seat(region)
        if seat is not None and seat != self.selected:
            self.select_seat(seat)
            if self.selected != seat:  # no such seat: said so, nothing given
                return True
        self.pick_general(sticker.general)
        return True
