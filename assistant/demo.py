"""``sgs-table demo``: a sample video and a script of taps, end to end, headless.

The frames of a video (default ``samples/demo.mp4``) go through the decoder
and the tracker as in ``sgs-table scan``; every ``seen`` event becomes a
`~assistant.session.Sighting` for a `~assistant.session.TableSession` (a card
laid on the table is a card played; ``gone`` events change nothing). The
taps a player would make on the phone come from a small script (default
``samples/demo-taps.txt``), one a line::

    SECONDS COMMAND ARGS...     # e.g. "2.07 target 2"

A tap runs before the first frame at or after ``SECONDS`` (taps left after the
last frame run at the end). Commands: ``setup MODE PLAYERS [PACKAGE...]``,
``role SEAT ROLE``, ``general SEAT KEY``, ``deal``, ``next``, ``draw SEAT N``,
``target SEAT...``, ``respond SEAT CARD``, ``pass [SEAT]``, ``discard SEAT
CARD...``, ``undo``, ``answer OPTION``, ``force MOVE``. A line starting with
``#``, and anything after `` # `` (a hash between spaces), is a comment.

Every move goes to a store (a temporary SQLite file unless ``--db``). The
demo prints each prompt as it changes, each move applied and any warning (a
refused tap or sighting), then the final table and where the record was
written. A progress bar goes to stderr while the video is read.
"""

from __future__ import annotations

import argparse
import os
import re
import shlex
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Final, TextIO

from assistant.scan import ProgressBar, describe_tag
from assistant.session import Reply, Sighting, TableSession
from assistant.store import Store

if TYPE_CHECKING:
    from assistant.cli import Commands

__all__ = ["Tap", "TapError", "add_demo_command", "parse_taps", "run_demo", "run_tap"]

ROOT: Final = Path(__file__).resolve().parent.parent
DEFAULT_VIDEO: Final = ROOT / "samples" / "demo.mp4"
DEFAULT_TAPS: Final = ROOT / "samples" / "demo-taps.txt"


class TapError(ValueError):
    """A line of a taps script that cannot be read."""


@dataclass(frozen=True, slots=True)
class Tap:
    """One tap: the video time it is made at, the command and its arguments."""

    t: float
    command: str
    args: tuple[str, ...]
    line: int

    def __str__(self) -> str:
        return " ".join((self.command, *self.args))


_COMMENT: Final = re.compile(r"\s#\s.*$")


def _ints(args: tuple[str, ...]) -> list[int]:
    return [int(a.lstrip("#")) for a in args]


def _runner(session: TableSession, tap: Tap) -> Callable[[], Reply]:
    """The session call a tap stands for; raises `TapError` on a malformed tap."""
    a = tap.args
    s = session

    def need(low: int, high: int | None = None) -> None:
        if len(a) < low or (high is not None and len(a) > high):
            raise TapError(f"line {tap.line}: {tap.command!r} takes the wrong arguments: {tap}")

    try:
        match tap.command:
            case "setup":
                need(2)
                packages = tuple(a[2:]) or ("standard", "ex", "maneuvering")
                mode, players = a[0], int(a[1])
                return lambda: s.setup(mode, players, packages)
            case "role":
                need(2, 2)
                seat, role = int(a[0]), a[1]
                return lambda: s.reveal_role(seat, role)
            case "general":
                need(2, 2)
                seat, key = int(a[0]), a[1]
                return lambda: s.seat_general(seat, key)
            case "deal":
                need(0, 0)
                return s.deal
            case "next":
                need(0, 0)
                return s.next_phase
            case "draw":
                need(2, 2)
                seat, n = _ints(a)
                return lambda: s.draw(seat, n)
            case "target":
                need(1)
                seats = _ints(a)
                return lambda: s.choose_target(*seats)
            case "respond":
                need(2, 2)
                seat, card_id = _ints(a)
                return lambda: s.respond(seat, card_id)
            case "pass":
                need(0, 1)
                who = _ints(a)[0] if a else None
                return lambda: s.pass_turn(who)
            case "discard":
                need(2)
                seat, *cards = _ints(a)
                return lambda: s.discard(seat, *cards)
            case "undo":
                need(0, 0)
                return s.undo
            case "answer":
                need(1, 1)
                return lambda: s.answer(a[0])
            case "force":
                need(1)
                return lambda: s.force(" ".join(a))
    except ValueError as error:
        raise TapError(f"line {tap.line}: {tap}: {error}") from None
    raise TapError(f"line {tap.line}: unknown tap {tap.command!r}")


def run_tap(session: TableSession, tap: Tap) -> Reply:
    """Make the tap on the session; a malformed tap is a refused reply, not an error."""
    try:
        return _runner(session, tap)()
    except TapError as error:
        return Reply(False, str(error))


def parse_taps(text: str) -> list[Tap]:
    """The taps of a script, in time order (ties keep the file's order).

    >>> [str(t) for t in parse_taps("0 setup identity 5  # the table\\n2.5 target 2\\n")]
    ['setup identity 5', 'target 2']
    """
    taps: list[Tap] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = "" if raw.lstrip().startswith("#") else _COMMENT.sub("", raw)
        words = shlex.split(line)
        if not words:
            continue
        if len(words) < 2:
            raise TapError(f"line {number}: expected 'SECONDS COMMAND ARGS...', got {raw!r}")
        try:
            t = float(words[0])
        except ValueError:
            raise TapError(f"line {number}: {words[0]!r} is not a time in seconds") from None
        taps.append(Tap(t, words[1], tuple(words[2:]), number))
    return sorted(taps, key=lambda tap: tap.t)


class _Printer:
    """Writes replies, moves, warnings and prompt changes; keeps the bar out of the way."""

    def __init__(self, session: TableSession, out: TextIO, bar: ProgressBar | None) -> None:
        self.session = session
        self.out = out
        self.bar = bar
        self.warnings: list[str] = []
        self.moves: list[str] = []
        self._prompt = ""
        self._warned = 0

    def line(self, text: str) -> None:
        if self.bar is not None:
            self.bar.clear()
        self.out.write(text + "\n")
        self.out.flush()

    def reply(self, t: float, what: str, reply: Reply) -> None:
        if reply.move is not None:
            self.moves.append(reply.move)
            self.line(f"{t:6.2f}s  move: {reply.move}  ({reply.message})  [{what}]")
        elif reply.ok:
            self.line(f"{t:6.2f}s  {reply.message}  [{what}]")
        else:
            self.warn(t, f"{reply.message}  [{what}]")
        for warning in self.session.warnings[self._warned :]:
            self.warn(t, warning)
        self._warned = len(self.session.warnings)
        self.prompt(t)

    def warn(self, t: float, text: str) -> None:
        self.warnings.append(text)
        self.line(f"{t:6.2f}s  warning: {text}")

    def prompt(self, t: float) -> None:
        p = self.session.prompt
        text = f"{p.text} [{' | '.join(p.options)}]" if p.options else p.text
        if text != self._prompt:
            self._prompt = text
            self.line(f"{t:6.2f}s  prompt: {text}")


def run_demo(
    video: Path,
    taps: Path,
    db_path: Path | None,
    out: TextIO,
    progress: TextIO | None,
    record: Path | None = None,
) -> int:
    """Plays ``video`` and the ``taps`` script through a session and a store.

    The store is the SQLite file ``db_path`` (a temporary one when None); the
    record goes to ``record`` (a temporary ``.sgs`` file when None, its path
    printed). ``progress`` gets the progress bar, when given. Returns 0, or 1
    when the video, the taps or the store cannot be used; refused taps and
    sightings are warnings in the output, not failures.
    """
    from assistant.cli import format_state

    try:
        from vision.decode import Decoder
        from vision.sources import SourceError, open_source, quiet_native_logs
        from vision.tracker import Scanner, Tracker
    except ImportError as error:
        print(
            f"sgs-table demo: needs the vision extra ({error.name} is missing): "
            "pip install 'sgs-table[vision]'",
            file=sys.stderr,
        )
        return 1
    try:
        script = parse_taps(taps.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, TapError) as error:
        print(f"sgs-table demo: {taps}: {error}", file=sys.stderr)
        return 1
    quiet_native_logs()
    try:
        source = open_source(str(video))
    except SourceError as error:
        print(f"sgs-table demo: {error}", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory(prefix="sgs-demo-") as scratch:
        db = db_path if db_path is not None else Path(scratch) / "demo.db"
        with Store.open(f"sqlite:///{db}") as store:
            session = TableSession(store)
            bar = None
            if progress is not None and source.frame_count is not None:
                bar = ProgressBar(progress, source.frame_count)
            printer = _Printer(session, out, bar)
            printer.line(f"demo: {video.name} with {len(script)} taps from {taps.name}")
            printer.prompt(0.0)
            pending = list(script)

            def tap_until(t: float | None) -> None:
                while pending and (t is None or pending[0].t <= t):
                    tap = pending.pop(0)
                    try:
                        reply = _runner(session, tap)()
                    except TapError as error:
                        printer.warn(tap.t, str(error))
                        continue
                    printer.reply(tap.t, f"tap: {tap}", reply)

            frames = 0
            try:
                with source:
                    for step in Scanner(source, Decoder(), Tracker()).steps():
                        tap_until(step.frame.t)
                        for event in step.events:
                            if event.kind != "seen":
                                continue
                            sighting = Sighting(event.payload, event.region, event.t)
                            what = f"seen {event.payload} {describe_tag(event.tag)}"
                            printer.reply(event.t, what, session.sight(sighting))
                        frames = step.frame.number + 1
                        if bar is not None:
                            bar.update(frames)
            except SourceError as error:
                printer.line(f"sgs-table demo: {error}")
                return 1
            if bar is not None:
                bar.update(frames, final=True)
            tap_until(None)

            moves = session.moves
            out.write("\n" + format_state(session.state, len(moves), len(moves)) + "\n\n")
            if session.game_id is None:
                out.write("no game was set up: nothing to record\n")
                return 0
            text = store.export(session.game_id)
            if record is None:
                handle, name = tempfile.mkstemp(prefix="sgs-demo-", suffix=".sgs")
                os.close(handle)
                Path(name).write_text(text, encoding="utf-8")
                record = Path(name)
            else:
                record.write_text(text, encoding="utf-8")
            warnings = len(printer.warnings)
            out.write(
                f"{frames} frames, {len(moves)} moves, {warnings} warning"
                f"{'' if warnings == 1 else 's'}\n"
                f"record written to {record}\n"
            )
            if db_path is not None:
                out.write(f"game {session.game_id} stored in {db_path}\n")
    return 0


def add_demo_command(commands: Commands) -> None:
    """Add ``sgs-table demo`` to the command line's subcommands."""
    p = commands.add_parser(
        "demo",
        help="play a sample video and a script of taps through the whole assistant",
        description="Read VIDEO frame by frame (decoder, tracker), hand every card seen to a "
        "table session together with the taps of the TAPS script at their times, store "
        "the moves, print the prompts, moves and warnings as they happen, then the final "
        "table and the record.",
    )
    p.add_argument("--video", type=Path, default=DEFAULT_VIDEO, help="video of the table")
    p.add_argument("--taps", type=Path, default=DEFAULT_TAPS, help="the taps script")
    p.add_argument("--db", type=Path, help="SQLite file to store the game in (default: temporary)")
    p.add_argument(
        "--record", type=Path, metavar="OUT.sgs", help="where to write the record (default: temp)"
    )
    p.add_argument(
        "--progress",
        action="store_true",
        help="show the progress bar even when stderr is not a terminal",
    )
    p.set_defaults(handler=_demo)


def _demo(args: argparse.Namespace, out: TextIO) -> int:
    progress = sys.stderr if args.progress or sys.stderr.isatty() else None
    return run_demo(args.video, args.taps, args.db, out, progress, args.record)
