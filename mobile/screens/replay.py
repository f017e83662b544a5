"""回放: a stored game (or the one being played) at any move, with every seat's HP over it.

First a list of games: 当前对局 (the table's own game) and every stored game
(`TableController.games`: number, date, mode, players, moves, and who won).
Choosing one loads it once (`assistant.review.replay.Replay`: the log, the HP
series, and the table at each move computed when first shown), then:

- a slider 0..N and the step buttons |← ← → →| choose move ``n``;
- the ring of seats (`mobile.widgets.ring.SeatRing`) shows the table after
  move ``n``, under its heading (turn, seat, phase);
- the log's sentence(s) for move ``n`` and its notation;
- the HP chart (`mobile.widgets.hp_chart.HpChart`) of the whole game over
  its turns (each seat's HP at each turn's end, a cross where a seat died),
  its cursor at ``n`` placed inside its turn;
- navigation: «回合 / 回合» and the turn list (the first move of a turn),
  «关键 / 关键» (the key moves: a death, damage of 2 or more, a role
  revealed, the end; `Replay.key_moves`), and a seat's next move (tap a seat
  on the ring to choose it, then 下一动作 →);
- 从这里继续: a new stored game of the first ``n`` moves, opened as the table
  (`TableController.continue_from`), a what-if from this point;
- the game's statistics (``stats_table``: a row a seat, then who damaged whom).

Navigation only shows things: no tap here but 从这里继续 changes a game, and
that one makes a new game rather than an input of this one.

The slider redraws at most once a frame, and the chart moves only its
cursor, so sliding through a long game stays smooth. While the current game
is shown, the screen follows its changes (a new move moves the view along
when it was at the end).

For UI tests:

- ``open_game(game_id)``: load a stored game, or ``None`` for the current
  game (returns False and says why when the game cannot be read);
- ``go_to(n)``: show move ``n`` (clamped to 0..N);
- ``shown_move()`` -> ``n``; ``shown_hp()`` -> ``{seat: hp}`` as the ring shows it;
- ``chart_series()`` -> ``{seat: (hp at the end of turn 0, 1, ...)}``, the
  data the chart plots (below 0 drawn as 0, ending at the seat's death), and
  ``chart_deaths()`` -> ``{seat: turn}``, where it draws each death's cross;
- ``show_list()``: back to the games list (the 对局列表 button);
- the navigation buttons are ``nav_buttons[name]`` (see `replay_words`), the turn
  list ``turn_spinner``; ``choose_seat(seat)`` is a tap on the ring.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.lang import Builder
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.popup import Popup
from kivy.uix.screenmanager import Screen
from kivy.uix.spinner import Spinner
from kivy.uix.textinput import TextInput
from kivy.utils import escape_markup

from assistant.i18n import SOURCE, _, language, mode_name, ngettext
from assistant.review import Replay, game_line, game_stats, winner_name
from assistant.store import StoreError
from mobile.controller import TableController
from mobile.widgets.base import FlowRow, TableButton, sizes, text_size_of, wrapped_height
from mobile.widgets.hp_chart import HpChart  # noqa: F401  (the .kv uses it)
from mobile.widgets.ring import SeatRing  # noqa: F401  (the .kv uses it)
from mobile.widgets.stats_table import StatsTable

Builder.load_file(str(Path(__file__).with_suffix(".kv")))

# The languages whose screens show a move's notation under its words (English's own).
NOTATION_LANGUAGES = frozenset({"en", SOURCE})

__all__ = ["ReplayScreen"]

CURRENT = -1  # the games list's id for the game being played
SAVE_ACCENT = (0.960, 0.760, 0.250, 1)  # theme.kv's GOLD: the button that keeps something


def replay_words() -> dict[str, str]:
    """What the replay's buttons say, by key, in the language in use (one place for them)."""
    return {
        "turn_back": _("«Turn"),
        "turn_on": _("Turn»"),
        "key_back": _("«Key"),
        "key_on": _("Key»"),
        "seat_on": _("Next move →"),
        "continue": _("Continue from here"),
        "stats": _("Statistics"),
        "note": _("Note"),
        "chart": _("Chart"),
        "pick_seat": _("Tap a seat"),
    }


class ReplayScreen(Screen):  # type: ignore[misc]  # Kivy ships no type hints
    listing = BooleanProperty(True)  # the games list shows instead of the replay
    title_text = StringProperty("")
    heading = StringProperty("")
    move_text = StringProperty("")
    lines_text = StringProperty("")
    message_text = StringProperty("")
    position = NumericProperty(0)
    last_move = NumericProperty(0)
    ring = ObjectProperty(None)
    chart = ObjectProperty(None)
    slider = ObjectProperty(None)
    games_rv = ObjectProperty(None)
    body = ObjectProperty(None)
    games_box = ObjectProperty(None)
    view_box = ObjectProperty(None)
    turn_spinner = ObjectProperty(None)
    stats_box = ObjectProperty(None)  # holds the game's statistics (StatsTable)
    note_text = StringProperty("")
    seat = NumericProperty(0)  # the seat chosen for 下一动作 (0: none yet)
    show_stats = BooleanProperty(False)  # the statistics in the chart's place (统计 / 图表)
    stats_button_text = StringProperty("")
    chart_area = ObjectProperty(None)
    chart_panel = ObjectProperty(None)
    stats_scroll = ObjectProperty(None)
    seat_text = StringProperty("")
    ring_height = NumericProperty(0)  # the seats' share of the window (more if they need it)

    def __init__(self, **kwargs: Any) -> None:
        # Before the .kv rules apply (in Screen's __init__): the buttons read them.
        self.words = replay_words()
        super().__init__(**kwargs)
        self.stats_button_text = self.words["stats"]
        self.controller: TableController = App.get_running_app().controller
        self.replay: Replay | None = None
        self.game_id: int | None = None  # None: the current game
        self.looking = False  # a record opened to be looked at (show_game), not the table's
        self._wanted = 0
        self._dirty = False
        self._apply_slider = Clock.create_trigger(self._slid)
        self._follow = Clock.create_trigger(self._reload_current)
        self._relist = Clock.create_trigger(lambda _dt: self.refresh_games())
        self.controller.bind(revision=self._changed)
        # The body holds the games list or the replay; keep both alive (the
        # ids are weak references) while one of them is out of the tree.
        self._boxes = (self.games_box.__self__, self.view_box.__self__)
        self.nav_buttons: dict[str, Any] = {
            w.jump: w for w in self.view_box.walk() if getattr(w, "jump", "")
        }
        self.body.remove_widget(self.view_box)
        self.bind(listing=self._swap)
        self.ring.on_seat = self.choose_seat
        self._turn_labels: list[str] = []
        self._chart_deaths: dict[int, int] = {}
        self._showing_turn = False  # the turn list's text is being set, not chosen
        self.notes: dict[int, list[str]] = {}  # the notes of the game shown, by move
        self.stats_table = StatsTable()
        self.stats_box.add_widget(self.stats_table)
        # The table as wide as its room, or wider (then it scrolls sideways).
        self.stats_scroll.bind(width=lambda _w, width: setattr(self.stats_table, "room", width))
        self.stats_table.bind(width=lambda _t, width: setattr(self.stats_box, "width", width))
        self._games_data: list[dict[str, Any]] = []
        self._relist_rows = Clock.create_trigger(self.list_rows, -1)
        self.games_rv.bind(width=self._relist_rows)
        sizes.bind(read=self._relist_rows, unit=self._relist_rows)
        # The chart and the statistics take turns in one place; keep both alive.
        self._chart_or_stats = (self.chart_panel.__self__, self.stats_scroll.__self__)
        self.chart_area.remove_widget(self.stats_scroll)
        self._controls = self.ids.controls.__self__
        self._placed = ""
        self._place = Clock.create_trigger(self._orient, -1)
        self._room = Clock.create_trigger(self.ring_room, -1)
        self.bind(size=self._place)
        self.ids.ring_scroll.bind(size=self._room)
        self.ids.left.children[-1].bind(height=self._room)
        self.turn_spinner.bind(text=lambda *_a: self.fit_controls())
        self.bind(seat_text=lambda *_a: self.fit_controls())
        self._place()

    def release(self) -> None:
        """The screen is dropped (the language changed): stop listening to the controller."""
        self.controller.unbind(revision=self._changed)

    # ------------------------------------------------------------ layout

    def _orient(self, *_args: object) -> None:
        """The controls under the seats in portrait (one scrolling column), beside them in
        landscape (a scrolling column of their own)."""
        wanted = "landscape" if self.width > self.height else "portrait"
        if wanted != self._placed:
            self._placed = wanted
            controls = self._controls
            if controls.parent is not None:
                controls.parent.remove_widget(controls)
            slot = self.ids.landscape_slot if wanted == "landscape" else self.ids.portrait_slot
            slot.add_widget(controls)
            if wanted == "portrait":  # the empty side column takes no room (it kept its size)
                self.ids.controls_scroll.size = (0, 0)
        self.ring_room()
        self.fit_controls()

    def ring_room(self, *_args: object) -> None:
        """The seats' height: the left column's in landscape, most of the window's in
        portrait (the move's words and the slider just below); more when they need it."""
        scroll = self.ids.ring_scroll
        if self.width > self.height:
            room = scroll.height - self.ids.left.children[-1].height - sizes.unit
        else:
            room = scroll.height * 0.62
        if room > sizes.read * 2:
            self.ring_height = room
            self.ring.give_room(room)

    def fit_controls(self, *_args: object) -> None:
        """Each button as wide as its words (at most its row), the rows wrapping."""
        seat_label = self.ids.seat_label.__self__  # ids are weak proxies: compare the widget
        for row in (self.ids.game_row, self.ids.jump_row, self.ids.seat_row):
            room = max(row.width, 1.0)
            for widget in row.children:
                if isinstance(widget, TableButton | Spinner):
                    font = float(widget.font_size)
                    pad = max(font * 0.6, sizes.unit * 1.2)
                    words = text_size_of(str(widget.text), font)[0] + 2 * pad
                    widget.width = max(min(words, room), font * 2)
                elif widget is seat_label:
                    words = text_size_of(str(widget.text), float(widget.font_size))[0]
                    widget.width = min(words + sizes.unit, room)

    def _swap(self, *_args: object) -> None:
        """The games list or the replay in the body, as ``listing`` says."""
        games, view = self._boxes
        self.body.clear_widgets()
        self.body.add_widget(games if self.listing else view)

    # ------------------------------------------------------------ for UI tests

    def open_game(self, game_id: int | None) -> bool:
        """Load a stored game (None: the current one) and show its last move."""
        if game_id is None:
            game = self.controller.session.game
            title = _("Current game")
        else:
            try:
                game = self.controller.store.load_game(game_id)
            except StoreError as error:
                self.show_list()
                self.message_text = str(error)
                return False
            title = f"#{game_id}"
        self.game_id = game_id
        self.looking = False
        self._load(Replay(game), title)
        self.listing = False
        self.go_to(self.replay.moves if self.replay is not None else 0)
        return True

    def show_game(self, replay: Replay, title: str, game_id: int | None) -> None:
        """A game opened to be looked at (``--open``): a stored one (``game_id``) or a
        record file's, kept apart from the table's own game; shows its last move."""
        self.game_id = game_id
        self.looking = game_id is None
        self._load(replay, title)
        self.listing = False
        self.go_to(replay.moves)

    def go_to(self, n: int) -> None:
        """Show the table after move ``n`` (clamped to the game's moves)."""
        replay = self.replay
        if replay is None:
            return
        n = min(max(int(n), 0), replay.moves)
        self._wanted = n
        self.position = n
        if int(self.slider.value) != n:
            self.slider.value = n
        view = replay.view(n)
        # Before the setup there are no seats: hide the ring rather than empty it.
        self.ring.opacity = 1 if view.seats else 0
        if view.seats:
            self.ring.show(view)
        self.heading = view.heading
        self.move_text = ngettext("{n} / {moves} move", "{n} / {moves} moves", replay.moves).format(
            n=n, moves=replay.moves
        )
        lines = replay.lines(n)
        if n == 0:
            self.lines_text = _("Before the first move")
        else:
            notation = replay.notation(n)
            said = [escape_markup(line) for line in lines if line != notation]
            if language() in NOTATION_LANGUAGES:
                # The record's notation is English words: a Chinese or Japanese screen
                # leaves it to the log screen's box, where a move is corrected.
                said.append(f"[color=#b0ccba]{escape_markup(notation)}[/color]")
            for text in self.notes.get(n, ()):
                note = escape_markup(_("Note: {note}").format(note=text))
                said.append(f"[color=#f2c14e]{note}[/color]")
            self.lines_text = "\n".join(said)
        self.chart.cursor = replay.chart_x[n]
        self.note_text = ""
        self._show_turn(replay.turn_of(n))

    def shown_move(self) -> int:
        return int(self.position)

    def shown_hp(self) -> dict[int, int]:
        """Each seat's HP as its card shows it ("3/4" -> 3; a dying seat's may be below 0)."""
        if not self.ring.opacity:
            return {}
        return {int(card.seat): int(card.hp_text.split("/")[0]) for card in self.ring.cards}

    def chart_series(self) -> dict[int, tuple[int, ...]]:
        series: dict[int, tuple[int, ...]] = self.chart.series()
        return series

    def chart_deaths(self) -> dict[int, int]:
        """Where the chart marks each death: seat -> the turn it died in."""
        return dict(self._chart_deaths)

    def show_list(self) -> None:
        self.refresh_games()
        self.listing = True

    def go_to_turn(self, turn: int) -> None:
        """Show the first move of the turn (turn 0: before the first move)."""
        if self.replay is not None:
            self.go_to(self.replay.turn_start(turn))

    def turn_back(self) -> None:
        """«回合: the start of this turn, or of the one before when already there."""
        replay = self.replay
        if replay is None:
            return
        n = int(self.position)
        turn = replay.turn_of(n)
        start = replay.turn_start(turn)
        self.go_to(start if start < n else replay.turn_start(turn - 1))

    def turn_on(self) -> None:
        """回合»: the first move of the next turn (the last move after the last turn)."""
        replay = self.replay
        if replay is None:
            return
        turn = replay.turn_of(int(self.position))
        self.go_to(replay.turn_start(turn + 1) if turn < replay.turn_count else replay.moves)

    def key_back(self) -> None:
        self._jump(None if self.replay is None else self.replay.previous_key(int(self.position)))

    def key_on(self) -> None:
        self._jump(None if self.replay is None else self.replay.next_key(int(self.position)))

    def seat_on(self) -> None:
        """下一动作 →: the chosen seat's next move."""
        replay = self.replay
        if replay is None:
            return
        if not self.seat:
            self.note_text = self.words["pick_seat"]
            return
        found = replay.next_action(int(self.seat), int(self.position))
        if found is None:
            self.note_text = _("No later move of {seat}").format(seat=self.seat_text)
            return
        self.go_to(found)

    def choose_seat(self, seat: int) -> None:
        """A seat tapped on the ring: the one 下一动作 follows."""
        self.seat = seat
        self._show_seat()

    def continue_here(self) -> bool:
        """从这里继续: a new game of the moves so far, opened on the table screen."""
        replay = self.replay
        game_id = self.game_id if self.game_id is not None else self.controller.session.game_id
        if replay is None or game_id is None:
            return False
        reply = self.controller.continue_from(game_id, int(self.position))
        if not reply.ok:
            self.note_text = reply.message
            return False
        if self.manager is not None and self.manager.has_screen("table"):
            self.manager.current = "table"
        return True

    def add_note(self, text: str) -> bool:
        """备注: ``text`` kept as a note on the move shown. On the game being played it
        is a `note` input (journaled, like the log screen's 备注); on a stored game it
        goes to the store directly: looking back is no input of any table."""
        n = int(self.position)
        if self.game_id is None:
            reply = self.controller.note(n, text)
            ok, message = reply.ok, reply.message
        else:
            try:
                self.controller.store.add_note(self.game_id, n, text)
                ok, message = True, _("note on move {move}").format(move=n)
            except StoreError as error:
                ok, message = False, str(error)
        self.note_text = message.splitlines()[0] if message else ""
        if ok:
            self.notes = self._notes_of(self.game_id)
            self.go_to(n)
            self.note_text = message
        return ok

    def open_note(self) -> None:
        """The 备注 button: a box for the note's text, saved on the move shown."""
        u = sizes.unit
        box = BoxLayout(orientation="vertical", spacing=u * 1, padding=u * 1)
        text = TextInput(multiline=True, font_size=sizes.text(3.2))
        buttons = FlowRow(fill=True, spacing=u * 1)
        popup = Popup(
            title=_("Note on move {move}").format(move=int(self.position)),
            title_size=sizes.text(3.4),
            content=box,
            size_hint=(0.9, 0.5) if sizes.portrait else (0.6, 0.6),
        )
        save = TableButton(text=_("Save"), accent=SAVE_ACCENT, font_size=sizes.text(3.6))
        save.bind(on_release=lambda *_: (self.add_note(text.text.strip()), popup.dismiss()))
        cancel = TableButton(text=_("Cancel"), font_size=sizes.text(3.6))
        cancel.bind(on_release=lambda *_: popup.dismiss())
        buttons.add_widget(save)
        buttons.add_widget(cancel)
        box.add_widget(text)
        box.add_widget(buttons)
        popup.open()

    def _jump(self, n: int | None) -> None:
        if n is None:
            self.note_text = _("No more key events")
        else:
            self.go_to(n)

    def turn_chosen(self, text: str) -> None:
        """A turn picked from the turn list."""
        if self._showing_turn or text not in self._turn_labels:
            return
        turn = self._turn_labels.index(text)
        if self.replay is not None and turn != self.replay.turn_of(int(self.position)):
            self.go_to_turn(turn)

    def _show_turn(self, turn: int) -> None:
        if 0 <= turn < len(self._turn_labels):
            self._showing_turn = True
            self.turn_spinner.text = self._turn_labels[turn]
            self._showing_turn = False

    def _show_seat(self) -> None:
        replay = self.replay
        if replay is None or self.seat not in replay.names:
            self.seat = 0
        self.seat_text = replay.names.get(int(self.seat), "") if replay is not None else ""

    def _turn_list(self, replay: Replay) -> list[str]:
        """The turn list: 开局, then 第N回合 · the seat whose turn it is."""
        labels = [_("Game start")]
        for turn in range(1, replay.turn_count + 1):
            seat = replay.turn_seat(turn)
            name = replay.names.get(seat, str(seat))
            labels.append(_("Turn {turn} {seat}").format(turn=turn, seat=name))
        return labels

    # ------------------------------------------------------------ games list

    def on_pre_enter(self, *_args: object) -> None:
        self.refresh_games()
        if self._dirty and self.game_id is None and self.replay is not None:
            self._reload_current()

    def refresh_games(self) -> None:
        session = self.controller.session
        moves = len(session.game)
        if moves:
            current = ngettext("Current game · {n} move", "Current game · {n} moves", moves).format(
                n=moves
            )
        else:
            current = _("Current game · no game yet")
        if session.game_id is not None:
            current = _("{game} · stored as #{id}").format(game=current, id=session.game_id)
        data: list[dict[str, Any]] = [{"text": current, "game_id": CURRENT, "accent": GOLD}]
        games = self.controller.games()
        for game in reversed(games):  # newest first
            data.append({"text": game_line(game), "game_id": game.id, "accent": IVORY})
        self._games_data = data
        self.list_rows()
        self.message_text = "" if games else _("No stored games yet")

    def list_rows(self, *_args: object) -> None:
        """The games list's rows, each as high as its words wrapped in the list's width
        (replay.kv's ReplayGameRow: its font, its text's width)."""
        font = sizes.text(3.2)
        room = max(float(self.games_rv.width) - sizes.unit * 3, font)
        self.games_rv.data = [
            {**row, "height": wrapped_height(row["text"], font, room) + font * 0.8}
            for row in self._games_data
        ]

    def chosen(self, game_id: int) -> None:
        """A tap on the games list."""
        self.open_game(None if game_id == CURRENT else game_id)

    # ------------------------------------------------------------ replay

    def _load(self, replay: Replay, title: str) -> None:
        self.replay = replay
        self._dirty = False
        state = replay.game.state
        if replay.moves == 0:
            title = _("{title} · no game yet").format(title=title)
        else:
            title = ngettext(
                "{title} · {mode} {n} player", "{title} · {mode} {n} players", state.players
            ).format(title=title, mode=mode_name(state.mode), n=state.players)
            if replay.over:
                title += f" · {winner_name(replay.winner, state.mode)}".rstrip(" ·")
        self.title_text = title
        self.last_move = replay.moves
        self.slider.max = max(replay.moves, 0)
        top = max(replay.hp.max_hp.values(), default=0)
        deaths = self._chart_deaths = replay.turn_hp.deaths
        self.chart.plot(replay.chart, replay.turn_count, replay.names, deaths, top=top)
        self._turn_labels = self._turn_list(replay)
        self.turn_spinner.values = self._turn_labels
        self.stats_table.show(game_stats(replay.game))
        self.notes = self._notes_of(self.game_id)
        self._show_seat()

    def _notes_of(self, game_id: int | None) -> dict[int, list[str]]:
        """The notes kept with the game shown (None: the current game), by move."""
        stored = self.controller.session.game_id if game_id is None else game_id
        notes: dict[int, list[str]] = {}
        if stored is None:
            return notes
        try:
            for note in self.controller.store.notes(stored):
                notes.setdefault(note.move, []).append(note.text)
        except StoreError:
            pass  # no notes to show is no reason to refuse the replay
        return notes

    def toggle_stats(self) -> None:
        """统计 / 图表: the game's statistics in the chart's place, or the chart again."""
        self.show_stats = not self.show_stats
        chart, stats = self._chart_or_stats
        self.chart_area.clear_widgets()
        self.chart_area.add_widget(stats if self.show_stats else chart)
        self.stats_button_text = self.words["chart" if self.show_stats else "stats"]

    def step(self, delta: int) -> None:
        """The step buttons: -1 and +1 a move; very large deltas go to the ends."""
        self.go_to(int(self.position) + delta)

    def slider_moved(self, value: float) -> None:
        self._wanted = round(value)
        if self._wanted != int(self.position):
            self._apply_slider()

    def _slid(self, *_args: object) -> None:
        if self._wanted != int(self.position):
            self.go_to(self._wanted)

    def _changed(self, *_args: object) -> None:
        """The current game changed: list it anew, or follow it if it is the one shown."""
        showing = self.manager is not None and self.manager.current == self.name
        if self.listing:
            if showing:
                self._relist()
            return
        if self.game_id is not None or self.replay is None or self.looking:
            return
        self._dirty = True
        if showing:
            self._follow()

    def _reload_current(self, *_args: object) -> None:
        if self.game_id is not None or self.replay is None or not self._dirty or self.looking:
            return
        at_end = int(self.position) >= self.replay.moves
        self._load(Replay(self.controller.session.game), _("Current game"))
        assert self.replay is not None
        self.go_to(self.replay.moves if at_end else int(self.position))


GOLD = [0.960, 0.760, 0.250, 1]
IVORY = [0.965, 0.925, 0.820, 1]
