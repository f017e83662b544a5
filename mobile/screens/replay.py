"""回放: a stored game (or the one being played) at any move, with every seat's HP over it.

First a list of games: 当前对局 (the table's own game) and every stored game
(`TableController.games`: number, date, mode, players, moves, and who won).
Choosing one loads it once (`assistant.review.replay.Replay`: the log, the HP
series, and the table at each move computed when first shown), then:

- a slider 0..N and the step buttons |← ← → →| choose move ``n``;
- the ring of seats (`mobile.widgets.ring.SeatRing`) shows the table after
  move ``n``, under its heading (turn, seat, phase);
- the log's sentence(s) for move ``n`` and its notation;
- the HP chart (`mobile.widgets.hp_chart.HpChart`) of the whole game, its
  cursor at ``n``.

The slider redraws at most once a frame, and the chart moves only its
cursor, so sliding through a long game stays smooth. While the current game
is shown, the screen follows its changes (a new move moves the view along
when it was at the end).

For UI tests:

- ``open_game(game_id)``: load a stored game, or ``None`` for the current
  game (returns False and says why when the game cannot be read);
- ``go_to(n)``: show move ``n`` (clamped to 0..N);
- ``shown_move()`` -> ``n``; ``shown_hp()`` -> ``{seat: hp}`` as the ring shows it;
- ``chart_series()`` -> ``{seat: (hp after move 0, 1, ...)}``, the data the
  chart plots (below 0 drawn as 0, ending at the seat's death);
- ``show_list()``: back to the games list (the 对局列表 button).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.lang import Builder
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.screenmanager import Screen
from kivy.utils import escape_markup

from assistant.review import Replay, game_line, winner_name
from assistant.store import StoreError
from assistant.terms import MODE_NAMES
from mobile.controller import TableController
from mobile.widgets.hp_chart import HpChart  # noqa: F401  (the .kv uses it)
from mobile.widgets.ring import SeatRing  # noqa: F401  (the .kv uses it)

Builder.load_file(str(Path(__file__).with_suffix(".kv")))

__all__ = ["ReplayScreen"]

CURRENT = -1  # the games list's id for the game being played


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

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.controller: TableController = App.get_running_app().controller
        self.replay: Replay | None = None
        self.game_id: int | None = None  # None: the current game
        self._wanted = 0
        self._dirty = False
        self._apply_slider = Clock.create_trigger(self._slid)
        self._follow = Clock.create_trigger(self._reload_current)
        self._relist = Clock.create_trigger(lambda _dt: self.refresh_games())
        self.controller.bind(revision=self._changed)
        # The body holds the games list or the replay; keep both alive (the
        # ids are weak references) while one of them is out of the tree.
        self._boxes = (self.games_box.__self__, self.view_box.__self__)
        self.body.remove_widget(self.view_box)
        self.bind(listing=self._swap)

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
            title = "当前对局"
        else:
            try:
                game = self.controller.store.load_game(game_id)
            except StoreError as error:
                self.show_list()
                self.message_text = str(error)
                return False
            title = f"#{game_id}"
        self.game_id = game_id
        self._load(Replay(game), title)
        self.listing = False
        self.go_to(self.replay.moves if self.replay is not None else 0)
        return True

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
        self.move_text = f"{n} / {replay.moves} 步"
        lines = replay.lines(n)
        if n == 0:
            self.lines_text = "开局之前 · before the first move"
        else:
            notation = replay.notation(n)
            said = [escape_markup(line) for line in lines if line != notation]
            said.append(f"[color=#b0ccba]{escape_markup(notation)}[/color]")
            self.lines_text = "\n".join(said)
        self.chart.cursor = n

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

    def show_list(self) -> None:
        self.refresh_games()
        self.listing = True

    # ------------------------------------------------------------ games list

    def on_pre_enter(self, *_args: object) -> None:
        self.refresh_games()
        if self._dirty and self.game_id is None and self.replay is not None:
            self._reload_current()

    def refresh_games(self) -> None:
        session = self.controller.session
        moves = len(session.game)
        current = f"当前对局 · {moves} 步" if moves else "当前对局 · 尚未开局"
        if session.game_id is not None:
            current += f" · 已存为 #{session.game_id}"
        data: list[dict[str, Any]] = [{"text": current, "game_id": CURRENT, "accent": GOLD}]
        games = self.controller.games()
        for game in reversed(games):  # newest first
            data.append({"text": game_line(game), "game_id": game.id, "accent": IVORY})
        self.games_rv.data = data
        self.message_text = "" if games else "没有存档的对局 · no stored games yet"

    def chosen(self, game_id: int) -> None:
        """A tap on the games list."""
        self.open_game(None if game_id == CURRENT else game_id)

    # ------------------------------------------------------------ replay

    def _load(self, replay: Replay, title: str) -> None:
        self.replay = replay
        self._dirty = False
        state = replay.game.state
        if replay.moves == 0:
            title += " · 尚未开局"
        else:
            title += f" · {MODE_NAMES.get(state.mode, state.mode)} {state.players}人"
            if replay.over:
                title += f" · {winner_name(replay.winner)}".rstrip(" ·")
        self.title_text = title
        self.last_move = replay.moves
        self.slider.max = max(replay.moves, 0)
        top = max(replay.hp.max_hp.values(), default=0)
        self.chart.plot(replay.chart, replay.moves, replay.names, replay.hp.deaths, top=top)

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
        if self.game_id is not None or self.replay is None:
            return
        self._dirty = True
        if showing:
            self._follow()

    def _reload_current(self, *_args: object) -> None:
        if self.game_id is not None or self.replay is None or not self._dirty:
            return
        at_end = int(self.position) >= self.replay.moves
        self._load(Replay(self.controller.session.game), "当前对局")
        assert self.replay is not None
        self.go_to(self.replay.moves if at_end else int(self.position))


GOLD = [0.960, 0.760, 0.250, 1]
IVORY = [0.965, 0.925, 0.820, 1]
