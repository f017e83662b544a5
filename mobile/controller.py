"""The app's one controller: the table session, the store and the camera, for every screen.

Screens never talk to the engine or the store: they read the controller's
views (:meth:`TableController.table`, :meth:`distances`, :meth:`timing`,
:meth:`log`) and call its methods on taps. After anything changes the game
the controller bumps ``revision``; screens bind to it and redraw. The rules
and numbers all come from ``assistant``/``engine``; this module only routes.

The camera runs on threads of its own (`assistant.camera.CameraFeed`); the
Kivy clock calls :meth:`TableController.tick` on the main thread, which takes
whatever the feed has ready without waiting and turns each ``seen`` event into
a sighting for the session.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kivy.event import EventDispatcher
from kivy.properties import BooleanProperty, NumericProperty, StringProperty

from assistant.camera import CameraFeed, FeedStats, Overlay, sticker_label
from assistant.review import LogEntry, log_entries
from assistant.session import (
    Button,
    Reply,
    Sighting,
    TableSession,
    Tap,
    parse_taps,
    prompt_buttons,
    run_tap,
)
from assistant.setup import TablePlan
from assistant.store import GameSummary, Store, StoreError
from assistant.views import (
    DistanceView,
    TableView,
    TimingView,
    distance_view,
    table_view,
    timing_view,
)
from vision.sources import Frame, FrameSource

__all__ = ["SightingLine", "TableController"]

# Sightings kept for the table and scan screens (older ones scroll away).
SIGHTINGS_KEPT = 40
# Seconds between updates of the camera status line.
STATUS_EVERY = 0.5


@dataclass(frozen=True, slots=True)
class SightingLine:
    """A sticker the camera read, and what the session made of it."""

    t: float
    payload: str
    label: str
    ok: bool
    message: str


class TableController(EventDispatcher):  # type: ignore[misc]  # Kivy ships no type hints
    revision = NumericProperty(0)
    message = StringProperty("")
    message_ok = BooleanProperty(True)
    flash = NumericProperty(0)  # bumped when a sighting is taken: screens flash
    camera_status = StringProperty("camera off")
    preview_revision = NumericProperty(0)

    def __init__(self, store: Store, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.store = store
        self.session = TableSession(store)
        self.feed: CameraFeed | None = None
        self.taps: list[Tap] = []
        self.sightings: deque[SightingLine] = deque(maxlen=SIGHTINGS_KEPT)
        self.overlay: Overlay | None = None
        self.preview: Frame | None = None  # the newest camera frame, for the preview
        self.selected_seat = 1
        self.video_t = 0.0
        self.last_stats: FeedStats | None = None
        self._status_at = 0.0
        # A screen that takes sightings itself (the setup screen reads general
        # cards and seat markers): returns True when it used the payload.
        self.sighting_hook: Callable[[str, str | None], bool] | None = None

    # ------------------------------------------------------------ views

    @property
    def started(self) -> bool:
        return bool(self.session.state.mode)

    def table(self) -> TableView:
        return table_view(self.session.state, self.session.prompt.base.who)

    def prompt_text(self) -> str:
        return self.session.prompt.text

    def buttons(self) -> tuple[Button, ...]:
        return prompt_buttons(self.session)

    def distances(self, seat: int | None = None) -> DistanceView:
        state = self.session.state
        chosen = seat if seat is not None else self.selected_seat
        if not 1 <= chosen <= state.players:
            chosen = 1
        return distance_view(state, chosen)

    def timing(self) -> TimingView:
        return timing_view(self.session.state)

    def log(self) -> list[LogEntry]:
        return log_entries(self.session.game)

    def games(self) -> list[GameSummary]:
        try:
            return self.store.games()
        except StoreError as error:
            self._said(Reply(False, str(error)))
            return []

    # ------------------------------------------------------------ changes

    def _said(self, reply: Reply) -> Reply:
        self.message = reply.message
        self.message_ok = reply.ok
        self.revision += 1
        return reply

    def new_table(self, plan: TablePlan) -> Reply:
        """A new session and stored game from the setup screen's plan."""
        session = TableSession(self.store)
        reply = plan.start(session)
        if reply.ok:
            self.session = session
            self.sightings.clear()
        return self._said(reply)

    def open_game(self, game_id: int) -> Reply:
        """Continue a stored game at its last move."""
        try:
            self.session = TableSession.resume(self.store, game_id)
        except StoreError as error:
            return self._said(Reply(False, str(error)))
        self.sightings.clear()
        return self._said(Reply(True, f"game {game_id}: {len(self.session.moves)} moves"))

    def continue_latest(self) -> Reply:
        """Continue the newest stored game still being played."""
        playing = [g for g in self.games() if g.status == "playing"]
        if not playing:
            return self._said(Reply(False, "no game to continue: start a new table"))
        return self.open_game(playing[-1].id)

    def press(self, button: Button) -> Reply:
        if button.press is None:
            return self._said(Reply(False, button.label))
        return self._said(button.press())

    def tap_seat(self, seat: int) -> Reply:
        """A seat tapped on the table: its target button if a card waits, else select it."""
        for button in self.buttons():
            if button.seat == seat and button.press is not None:
                return self.press(button)
        self.selected_seat = seat
        self.revision += 1
        return Reply(True, f"seat {seat} selected")

    def undo(self) -> Reply:
        return self._said(self.session.undo())

    def correct(self, number: int, text: str) -> Reply:
        return self._said(self.session.correct(number, text))

    def sight(self, payload: str, region: str | None, t: float) -> Reply:
        """A sticker read by the camera (or scanned by hand): give it to the session."""
        hook = self.sighting_hook
        if hook is not None and hook(payload, region):
            self.flash += 1
            self.revision += 1
            return Reply(True, f"{sticker_label(payload)}: taken by the setup")
        reply = self.session.sight(Sighting(payload, region, t))
        self.sightings.appendleft(
            SightingLine(t, payload, sticker_label(payload), reply.ok, reply.message)
        )
        if reply.ok or self.session.prompt.pending is not None:
            self.flash += 1
        return self._said(reply)

    # ------------------------------------------------------------ camera

    def start_camera(
        self,
        source: FrameSource | Callable[[], FrameSource] | None,
        *,
        realtime: bool = True,
        loop: bool = False,
    ) -> None:
        """Start decoding ``source`` (None: frames come from :meth:`push_frame`).

        ``source`` may be a function that opens it (needed to ``loop`` it).
        """
        self.stop_camera()
        self.feed = CameraFeed(source, realtime=realtime, loop=loop)
        self.feed.start()
        name = self.feed.source.name if self.feed.source is not None else "phone"
        self.camera_status = f"camera: {name}"

    def use_taps(self, path: Path) -> None:
        """Play a taps script beside a sample video (the players' taps of the demo)."""
        self.taps = parse_taps(path.read_text(encoding="utf-8"))

    def push_frame(self, image: Any, t: float | None = None) -> None:
        """A frame of the phone's camera (t None: the feed's clock)."""
        if self.feed is not None:
            self.feed.push(image, t)

    def stop_camera(self) -> None:
        if self.feed is not None:
            self.feed.stop()
            self.feed = None
            self.camera_status = "camera off"

    def tick(self, _dt: float = 0.0) -> None:
        """On the main thread, many times a second: take what the camera has ready."""
        feed = self.feed
        if feed is None:
            return
        started = time.perf_counter()
        update = feed.poll()
        if update.overlay is not None:
            self.overlay = update.overlay
        if update.frame is not None:
            self.preview = update.frame
            self.video_t = update.frame.t
            self.preview_revision += 1
        for event in update.events:
            self._taps_until(event.t)
            if event.kind == "seen":
                self.sight(event.payload, event.region, event.t)
        self._taps_until(self.video_t)
        stats = self.last_stats = update.stats
        if started - self._status_at >= STATUS_EVERY or stats.ended or stats.error:
            # A label's text change costs a new texture: twice a second is plenty.
            self._status_at = started
            state = "ended" if stats.ended else "running"
            if stats.error:
                state = stats.error
            self.camera_status = (
                f"{state} · {stats.frames_read} frames · decoded {stats.frames_decoded}"
                f" · {stats.last_decode_ms:.0f} ms"
            )

    def _taps_until(self, t: float) -> None:
        while self.taps and self.taps[0].t <= t:
            tap = self.taps.pop(0)
            self._said(run_tap(self.session, tap))

    def summary(self) -> list[str]:
        """A few lines on the table now: the game, the prompt, every sighting and its fate."""
        table = self.table()
        game = f"game {self.session.game_id}" if self.session.game_id else "no game stored"
        lines = [
            f"{game}: {len(self.session.moves)} moves · {table.heading}",
            f"prompt: {self.prompt_text()}",
        ]
        stats = self.last_stats
        if stats is not None:
            state = stats.error or ("ended" if stats.ended else "running")
            lines.append(
                f"camera: {state} · {stats.frames_read} frames read, {stats.frames_decoded}"
                f" decoded, {stats.frames_skipped} skipped"
            )
        for line in reversed(self.sightings):
            mark = "√" if line.ok else "×"
            lines.append(f"seen {line.t:6.2f}s {mark} {line.label}: {line.message}")
        return lines

    def close(self) -> None:
        self.stop_camera()
        self.store.close()
