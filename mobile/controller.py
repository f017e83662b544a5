"""The app's one controller: the table session, the store and the camera, for every screen.

Screens never talk to the engine or the store: they read the controller's
views (:meth:`TableController.table`, :meth:`distances`, :meth:`timing`,
:meth:`log`) and call its methods on taps. After anything changes the game
the controller bumps ``revision``; screens bind to it and redraw. The rules
and numbers all come from ``assistant``/``engine``; this module only routes.

The camera runs on threads of its own (`assistant.camera.CameraFeed`); the
Kivy clock calls :meth:`TableController.tick` on the main thread, which takes
whatever the feed has ready without waiting and turns each ``seen`` and
``gone`` event into a sighting for the session.

Every input reaches the session as a table script command through
`assistant.session.perform` (sightings, prompt buttons, seat taps, the setup
screen's start, undo and corrections on the log screen), stamped with the
table's clock (:meth:`TableController.clock`), so the game's journal in the
store is exactly what the table did.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from kivy.event import EventDispatcher
from kivy.properties import BooleanProperty, NumericProperty, StringProperty

from assistant.camera import CameraFeed, FeedStats, Overlay, sticker_label
from assistant.i18n import _, ngettext
from assistant.review import LogEntry, Replay, log_entries
from assistant.session import (
    Button,
    Command,
    CorrectionPlan,
    Reply,
    TableSession,
    completions,
    parse_script,
    perform,
    prompt_buttons,
    set_aside_text,
    sighting_command,
)
from assistant.setup import TablePlan
from assistant.store import GameSummary, Store, StoreError, archived_ids
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
    """A sticker the camera read (at table time ``t``), and what the session made of it."""

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
    camera_status = StringProperty("")
    preview_revision = NumericProperty(0)

    def __init__(self, store: Store, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.store = store
        self.session = TableSession(store)
        self.feed: CameraFeed | None = None
        self.script: list[Command] = []  # the demo's taps still to come, in time order
        self.sightings: deque[SightingLine] = deque(maxlen=SIGHTINGS_KEPT)
        self.overlay: Overlay | None = None
        self.preview: Frame | None = None  # the newest camera frame, for the preview
        self.selected_seat = 1
        self.video_t = 0.0
        self.last_stats: FeedStats | None = None
        self._status_at = 0.0
        # The table's clock (see `clock`): seconds since _opened, plus _base.
        self._opened = time.monotonic()
        self._base = 0.0
        self._video_clock = False  # a demo's taps script runs on the video's time
        # A screen that takes sightings itself (the setup screen reads general
        # cards and seat markers): returns True when it used the payload.
        self.sighting_hook: Callable[[str, str | None], bool] | None = None
        self.camera_status = _("camera off")

    def reword(self) -> None:
        """The language changed: what the controller says by itself, said again in it.

        Replies already given stay as they were said; the camera's status line
        is worded anew with its next update (at once when the camera is off).
        """
        self._status_at = 0.0
        if self.feed is None:
            self.camera_status = _("camera off")

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
        """The stored games the replay screen lists: archived ones are put away
        (``sgs-table games --archive``), as the command line's list leaves them out."""
        try:
            archived = archived_ids(self.store)
            return [g for g in self.store.games() if g.id not in archived]
        except StoreError as error:
            self._said(Reply(False, str(error)))
            return []

    # ------------------------------------------------------------ changes

    def _said(self, reply: Reply) -> Reply:
        self.message = reply.message
        self.message_ok = reply.ok
        self.revision += 1
        return reply

    def clock(self) -> float:
        """The table's time now, in seconds: what an input made now is stamped with.

        The wall clock from the game's setup (a resumed game's runs on from its
        last input); in the demo, the video's time, which its taps script uses.
        """
        if self._video_clock:
            return self.video_t
        return self._base + time.monotonic() - self._opened

    def _restart_clock(self, at: float) -> None:
        self._opened = time.monotonic()
        self._base = at

    def perform(self, command: Command) -> Reply:
        """Perform a table script command on the session (and its journal) and show the reply."""
        return self._said(perform(self.session, command))

    def new_table(self, plan: TablePlan) -> Reply:
        """A new session and stored game from the setup screen's plan; its clock starts at 0."""
        session = TableSession(self.store)
        clock = (self._opened, self._base)
        self._restart_clock(0.0)
        reply = plan.start(session, self.clock())
        if reply.ok:
            self.session = session
            self.sightings.clear()
        else:
            self._opened, self._base = clock
        return self._said(reply)

    def open_game(self, game_id: int) -> Reply:
        """Continue a stored game at its last move; its journal notes the reopening."""
        try:
            session = TableSession.resume(self.store, game_id)
        except StoreError as error:
            return self._said(Reply(False, str(error)))
        self.session = session
        self._restart_clock(session.t)
        perform(session, Command("resume", t=self.clock()))
        self.sightings.clear()
        moves = len(session.moves)
        return self._said(
            Reply(
                True,
                ngettext("game {game}: {n} move", "game {game}: {n} moves", moves).format(
                    game=game_id, n=moves
                ),
            )
        )

    def continue_from(self, game_id: int, moves: int) -> Reply:
        """从这里继续: a new stored game of the first ``moves`` moves of a stored one, as the table.

        The new game is not an input of the old one (nothing is journaled in
        either); its clock starts at 0, like a new table's.
        """
        try:
            session = TableSession.continue_from(self.store, game_id, moves)
        except StoreError as error:
            return self._said(Reply(False, str(error)))
        self.session = session
        self._restart_clock(session.t)
        self.sightings.clear()
        return self._said(
            Reply(
                True,
                _("game {game}: from game {original}, move {move}").format(
                    game=session.game_id, original=game_id, move=moves
                ),
            )
        )

    def look_at(self, replay: Replay, moves: int) -> Reply:
        """A game opened to be looked at (``--open``): the table after its first ``moves``
        moves, on a session without a store, so nothing of it is ever stored."""
        self.session = TableSession.looking_at(replay.game, moves)
        self._restart_clock(0.0)
        self.sightings.clear()
        said = _("looking at move {n} of {moves}: nothing is stored")
        return self._said(Reply(True, said.format(n=len(self.session.moves), moves=replay.moves)))

    def continue_latest(self) -> Reply:
        """Continue the newest stored game still being played."""
        playing = [g for g in self.games() if g.status == "playing"]
        if not playing:
            return self._said(Reply(False, _("no game to continue: start a new table")))
        return self.open_game(playing[-1].id)

    def press(self, button: Button) -> Reply:
        """A prompt button: its command, performed now; a hint only says what to scan."""
        if button.command is None:
            return self._said(Reply(False, button.label))
        return self.perform(replace(button.command, t=self.clock()))

    def tap_seat(self, seat: int) -> Reply:
        """A seat tapped on the table: its target button if a card waits, else select it.

        A skill waiting for its seats takes every tap: a seat without a button is
        one the rule does not allow, and the session refuses it with the reason.
        """
        for button in self.buttons():
            if button.seat == seat and button.press is not None:
                return self.press(button)
        skill = self.session.prompt.skill
        if skill is not None and skill.wants_targets:
            return self.perform(Command("target", (str(seat),), t=self.clock()))
        self.selected_seat = seat
        self.revision += 1
        return Reply(True, _("seat {seat} selected").format(seat=seat))

    def undo(self) -> Reply:
        return self.perform(Command("undo", t=self.clock()))

    def reload(self) -> Reply:
        """重新载入: the game read again from the store, after another session stored moves of it.

        The clock runs on from the store's last input if that is later, so the
        journal's times keep going forward.
        """
        reply = self.perform(Command("reload", t=self.clock()))
        if reply.ok and self.session.t > self.clock():
            self._restart_clock(self.session.t)
        return reply

    def correct(self, number: int, text: str) -> Reply:
        """The old correction (the script's ``correct``): the moves after it stop counting."""
        return self.perform(Command("correct", (str(number), *text.split()), self.clock()))

    def redo(self) -> Reply:
        """重做: the move undone last, made again."""
        return self.perform(Command("redo", t=self.clock()))

    def plan_correction(self, kind: str, number: int, text: str = "") -> CorrectionPlan:
        """What a correction (replace, insert, delete) would change, for the confirmation;
        nothing changes. CorrectionRefused (one line) when it cannot be made."""
        return self.session.plan_correction(kind, number, text)

    def apply_correction(self, plan: CorrectionPlan) -> Reply:
        """确定 on the confirmation: the correction shown made, as the script's ``replace``,
        ``insert`` or ``delete`` input (journaled); refused when the game moved on since
        it was shown."""
        if not self.session.plan_current(plan):
            return self._said(
                Reply(False, _("the game changed since this correction was shown: look again"))
            )
        move = () if plan.move is None else tuple(str(plan.move).split())
        words = (str(plan.number), *move)
        return self.perform(Command(plan.kind, words, self.clock()))

    def dismiss(self, k: int) -> Reply:
        """忽略: the K-th move set aside (from 1) dropped for good."""
        return self.perform(Command("dismiss", (str(k),), self.clock()))

    def set_aside(self) -> list[tuple[str, str]]:
        """The moves corrections set aside, in order: each as the table reads it (its
        number, the move, why) and its notation (what 放回 inserts)."""
        return [
            (set_aside_text(item.number, item.move, item.reason), str(item.move))
            for item in self.session.set_aside
        ]

    def redoable(self) -> int:
        """How many undone moves redo can make again."""
        return len(self.session.redoable)

    def note(self, number: int, text: str) -> Reply:
        """备注: a note on move ``number`` of the current game (a script `note` input)."""
        return self.perform(Command("note", (str(number), text), self.clock()))

    def enter(self, text: str) -> Reply:
        """A move typed on the log screen: made as it is, or forced when the engine refuses it."""
        return self.perform(Command("enter", tuple(text.split()), self.clock()))

    def completions(self, text: str) -> list[str]:
        """What the typed move may become (move verbs, seats, card ids, skill keys)."""
        return completions(self.session.state, text)

    def sight(self, payload: str, region: str | None, t: float | None = None) -> Reply:
        """A sticker read by the camera (or scanned by hand) at table time ``t`` (None: now)."""
        hook = self.sighting_hook
        if hook is not None and hook(payload, region):
            self.flash += 1
            self.revision += 1
            return Reply(
                True, _("{sticker}: taken by the setup").format(sticker=sticker_label(payload))
            )
        when = self.clock() if t is None else t
        reply = perform(self.session, sighting_command("seen", payload, region, when))
        self.sightings.appendleft(
            SightingLine(self.session.t, payload, sticker_label(payload), reply.ok, reply.message)
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
        name = self.feed.source.name if self.feed.source is not None else _("the phone's camera")
        self.camera_status = _("camera: {name}").format(name=name)

    def lost(self, payload: str, region: str | None, t: float | None = None) -> Reply:
        """A sticker the camera no longer sees: journaled; nothing on the screens changes."""
        when = self.clock() if t is None else t
        return perform(self.session, sighting_command("gone", payload, region, when))

    def use_taps(self, path: Path) -> None:
        """Play a table script beside a sample video (the players' taps of the demo).

        Raises `assistant.session.ScriptError` (or OSError) when it cannot be read.
        """
        self.script = parse_script(path.read_text(encoding="utf-8"))
        self._video_clock = True

    def push_frame(self, image: Any, t: float | None = None) -> None:
        """A frame of the phone's camera (t None: the feed's clock)."""
        if self.feed is not None:
            self.feed.push(image, t)

    def stop_camera(self) -> None:
        if self.feed is not None:
            self.feed.stop()
            self.feed = None
            self.camera_status = _("camera off")

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
            # The camera's own time is the table's only in the demo (see clock).
            t = event.t if self._video_clock else None
            if event.kind == "seen":
                self.sight(event.payload, event.region, t)
            elif event.kind == "gone":
                self.lost(event.payload, event.region, t)
        self._taps_until(self.video_t)
        stats = self.last_stats = update.stats
        if started - self._status_at >= STATUS_EVERY or stats.ended or stats.error:
            # A label's text change costs a new texture: twice a second is plenty.
            self._status_at = started
            state = _("ended") if stats.ended else _("running")
            if stats.error:
                state = stats.error
            self.camera_status = ngettext(
                "{state} · {read} frame · decoded {decoded} · {ms} ms",
                "{state} · {read} frames · decoded {decoded} · {ms} ms",
                stats.frames_read,
            ).format(
                state=state,
                read=stats.frames_read,
                decoded=stats.frames_decoded,
                ms=f"{stats.last_decode_ms:.0f}",
            )

    def _taps_until(self, t: float) -> None:
        while self.script and self.script[0].t <= t:
            self.perform(self.script.pop(0))

    def summary(self) -> list[str]:
        """A few lines on the table now: the game, the prompt, every sighting and its fate.

        A headless check's output for developers (``sgs-table app --exit-after``):
        its own words stay English; what it quotes (the heading, the prompt,
        the replies) is in the language in use.
        """
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
