"""``sgs-table demo``: a sample video and a table script of taps, end to end, headless.

The frames of a video (default ``samples/demo.mp4``) go through the decoder
and the tracker as in ``sgs-table scan``; every ``seen`` and ``gone`` event
becomes a ``see`` / ``gone`` command of the table script for a
`~assistant.session.TableSession` (a card laid on the table is a card played;
``gone`` changes nothing and is not printed). The taps a player would make
on the phone come from a table script (default ``samples/demo-taps.txt``;
docs/table-script.md, `assistant.session.script`). A tap runs before the
first frame at or after its time (taps left after the last frame run at the
end). Every input goes through `~assistant.session.perform`, so the game's
journal holds the video's sightings and the script's taps in order.

Every move goes to a store of its own: a temporary SQLite file, or ``--db``
(a URL or a file, as everywhere), never the player's database. The demo
prints each prompt as it changes, each move applied and any warning (a
refused tap or sighting), then the final table and where the record was
written; with ``--json``, one JSON object at the end instead. A progress bar
goes to stderr while the video is read.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import Final, TextIO

from assistant.cli.arguments import Commands, add_db, needs_vision, open_store
from assistant.cli.state import format_state, state_json
from assistant.cli.status import DONE, REFUSED, store_status
from assistant.cli.terminal import ProgressBar
from assistant.i18n import SOURCE, _, join_list, ngettext, speaking, tr
from assistant.session import (
    Reply,
    ScriptError,
    TableSession,
    parse_script,
    perform,
    sighting_command,
)
from assistant.stickers import describe_tag
from assistant.store import Store, StoreError

__all__ = ["DEFAULT_TAPS", "DEFAULT_VIDEO", "add_command", "run_demo"]

ROOT: Final = Path(__file__).resolve().parents[2]

DEFAULT_VIDEO: Final = ROOT / "samples" / "demo.mp4"
DEFAULT_TAPS: Final = ROOT / "samples" / "demo-taps.txt"


class _Printer:
    """Writes replies, moves, warnings and prompt changes; keeps the bar out of the way.

    With ``quiet`` (``--json``) it writes nothing and only keeps what happened.
    """

    def __init__(
        self, session: TableSession, out: TextIO, bar: ProgressBar | None, quiet: bool = False
    ) -> None:
        self.session = session
        self.out = out
        self.bar = bar
        self.quiet = quiet
        self.warnings: list[str] = []
        self.moves: list[str] = []
        self.inputs: list[dict[str, object]] = []
        self._prompt = ""
        self._warned = 0

    def line(self, text: str) -> None:
        if self.quiet:
            return
        if self.bar is not None:
            self.bar.clear()
        self.out.write(text + "\n")
        self.out.flush()

    def reply(self, t: float, what: str, reply: Reply, command: str) -> None:
        self.inputs.append(
            {"t": round(t, 3), "input": command, "ok": reply.ok, "message": reply.message}
            | ({"move": reply.move} if reply.move is not None else {})
        )
        if reply.move is not None:
            self.moves.append(reply.move)
            moved = _("move: {move}  ({message})  [{input}]")
            self.line(
                f"{t:6.2f}s  " + moved.format(move=reply.move, message=reply.message, input=what)
            )
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
        self.line(f"{t:6.2f}s  " + _("warning: {text}").format(text=text))

    def prompt(self, t: float) -> None:
        p = self.session.prompt
        text = f"{p.text} [{' | '.join(p.options)}]" if p.options else p.text
        if text != self._prompt:
            self._prompt = text
            self.line(f"{t:6.2f}s  " + _("prompt: {text}").format(text=text))


def run_demo(
    video: Path,
    taps: Path,
    db: str | None,
    out: TextIO,
    progress: TextIO | None,
    record: Path | None = None,
    *,
    as_json: bool = False,
) -> int:
    """Plays ``video`` and the ``taps`` script through a session and a store.

    The store is ``db`` (an SQLAlchemy URL or a SQLite file, as ``--db`` everywhere;
    a temporary SQLite file when None: never the user's database); the record goes
    to ``record`` (a temporary ``.sgs`` file when None, its path printed).
    ``progress`` gets the progress bar, when given. With ``as_json`` nothing is
    printed as it happens: one JSON object at the end says it all, in the same
    words in every language. Returns an exit status (`assistant.cli.status`): 1
    when the video or the taps cannot be used, 3 when the store fails; refused
    taps and sightings are warnings in the output, not failures.
    """
    try:
        from vision.decode import Decoder
        from vision.sources import SourceError, open_source, quiet_native_logs
        from vision.tracker import Scanner, Tracker
    except ImportError as error:
        print(needs_vision("demo", error), file=sys.stderr)
        return REFUSED
    try:
        script = parse_script(taps.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ScriptError) as error:
        print(f"sgs-table demo: {taps}: {tr(error)}", file=sys.stderr)
        return REFUSED
    quiet_native_logs()
    try:
        source = open_source(str(video))
    except SourceError as error:
        print(f"sgs-table demo: {tr(error)}", file=sys.stderr)
        return REFUSED
    words: AbstractContextManager[object] = speaking(SOURCE) if as_json else nullcontext()
    try:
        with (
            words,
            tempfile.TemporaryDirectory(prefix="sgs-demo-") as scratch,
            open_store(db or str(Path(scratch) / "demo.db"), write=True) as store,
        ):
            session = TableSession(store)
            bar = None
            if progress is not None and source.frame_count is not None:
                bar = ProgressBar(progress, source.frame_count)
            printer = _Printer(session, out, bar, quiet=as_json)
            started = ngettext(
                "demo: {video} with {n} tap from {taps}",
                "demo: {video} with {n} taps from {taps}",
                len(script),
            )
            printer.line(started.format(video=video.name, n=len(script), taps=taps.name))
            printer.prompt(0.0)
            pending = list(script)

            def tap_until(t: float | None) -> None:
                while pending and (t is None or pending[0].t <= t):
                    tap = pending.pop(0)
                    tapped = _("tap: {input}").format(input=tap.text)
                    printer.reply(tap.t, tapped, perform(session, tap), tap.text)

            frames = 0
            try:
                with source:
                    for step in Scanner(source, Decoder(), Tracker()).steps():
                        tap_until(step.frame.t)
                        for event in step.events:
                            if event.kind not in ("seen", "gone"):
                                continue
                            command = sighting_command(
                                event.kind, event.payload, event.region, event.t
                            )
                            reply = perform(session, command)
                            if event.kind == "seen":
                                what = _("seen {payload} {name}").format(
                                    payload=event.payload, name=describe_tag(event.tag)
                                )
                                printer.reply(event.t, what, reply, command.text)
                        frames = step.frame.number + 1
                        if bar is not None:
                            bar.update(frames)
            except SourceError as error:
                if bar is not None:
                    bar.clear()
                print(f"sgs-table demo: {tr(error)}", file=sys.stderr)
                return REFUSED
            if bar is not None:
                bar.update(frames, final=True)
            tap_until(None)
            return _finish(store, session, printer, frames, db, record, out, as_json)
    except StoreError as error:
        print(f"sgs-table demo: {tr(error)}", file=sys.stderr)
        return store_status(error)


def _finish(
    store: Store,
    session: TableSession,
    printer: _Printer,
    frames: int,
    db: str | None,
    record: Path | None,
    out: TextIO,
    as_json: bool,
) -> int:
    """The end of the demo: the final table, the record written, the counts."""
    moves = session.moves
    if session.game_id is not None:
        text = store.export(session.game_id)
        if record is None:
            handle, name = tempfile.mkstemp(prefix="sgs-demo-", suffix=".sgs")
            os.close(handle)
            record = Path(name)
        try:
            record.write_text(text, encoding="utf-8")
        except OSError as error:
            cannot = _("cannot write {file}: {error}").format(file=record, error=error.strerror)
            print(f"sgs-table demo: {cannot}", file=sys.stderr)
            return REFUSED
    stored_in = store.db.name if db is not None and session.game_id is not None else None
    if as_json:
        report = {
            "frames": frames,
            "inputs": printer.inputs,
            "moves": list(moves),
            "warnings": printer.warnings,
            "game": session.game_id,
            "record": None if session.game_id is None else str(record),
            "stored_in": stored_in,
            "state": state_json(session.state, len(moves), len(moves)),
        }
        json.dump(report, out, ensure_ascii=False, indent=1)
        out.write("\n")
        return DONE
    out.write("\n" + format_state(session.state, len(moves), len(moves)) + "\n\n")
    if session.game_id is None:
        out.write(_("no game was set up: nothing to record") + "\n")
        return DONE
    warnings = len(printer.warnings)
    counts = (
        ngettext("{n} frame", "{n} frames", frames).format(n=frames),
        ngettext("{n} move", "{n} moves", len(moves)).format(n=len(moves)),
        ngettext("{n} warning", "{n} warnings", warnings).format(n=warnings),
    )
    out.write(join_list(counts) + "\n")
    out.write(_("record written to {file}").format(file=record) + "\n")
    if stored_in is not None:
        stored = _("game {game} stored in {database}")
        out.write(stored.format(game=session.game_id, database=stored_in) + "\n")
    return DONE


def add_command(commands: Commands) -> None:
    p = commands.add_parser(
        "demo",
        help=_("play a sample video and a table script of taps through the whole assistant"),
        description=_(
            "Read VIDEO frame by frame (decoder, tracker), hand every card seen to a "
            "table session together with the taps of the TAPS table script at their times, "
            "store the moves, print the prompts, moves and warnings as they happen, then the "
            "final table and the record."
        ),
    )
    p.add_argument("--video", type=Path, default=DEFAULT_VIDEO, help=_("video of the table"))
    p.add_argument(
        "--taps", type=Path, default=DEFAULT_TAPS, help=_("the table script of the players' taps")
    )
    add_db(
        p,
        _(
            "store the game here: an SQLAlchemy URL or a SQLite file (default: a temporary "
            "file, never your database)"
        ),
    )
    p.add_argument(
        "--record",
        type=Path,
        metavar="OUT.sgs",
        help=_("where to write the record (default: temp)"),
    )
    p.add_argument(
        "--progress",
        action="store_true",
        help=_("show the progress bar even when stderr is not a terminal"),
    )
    p.add_argument(
        "--json", action="store_true", help=_("print one JSON object at the end, for machines")
    )
    p.set_defaults(handler=_demo)


def _demo(args: argparse.Namespace, out: TextIO) -> int:
    progress = sys.stderr if args.progress or sys.stderr.isatty() else None
    return run_demo(args.video, args.taps, args.db, out, progress, args.record, as_json=args.json)
