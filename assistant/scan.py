"""``sgs-table scan``: watch a camera, a video file or a folder of frames and print sightings.

Every frame goes through the decoder (`vision.decode.Decoder`) and the
tracker (`vision.tracker.Tracker`); each event becomes one line, with the
card, general, role, seat or action the sticker names::

      1.23s  seen  SG1C042G  card 42 闪♦9  (centre)
      5.40s  gone  SG1C042G  card 42 闪♦9  (centre)

or, with ``--json``, one JSON object per line. Reading a file or folder, a
progress bar (frame n/N, percent, frames per second) goes to stderr when it
is a terminal, or always with ``--progress``. A source that cannot be opened
is one line on stderr and exit status 1.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final, TextIO

from assistant.labels import ACTION_LABELS, ROLE_CARDS
from engine.catalogue import standard_catalogue
from vision.payload import ActionTag, CardTag, GeneralTag, RoleTag, SeatTag, Tag
from vision.tracker import DEFAULT_K, DEFAULT_M, Event, Region

if TYPE_CHECKING:
    from assistant.cli import Commands

__all__ = ["ProgressBar", "add_scan_command", "describe_tag", "format_event", "parse_region"]

_ROLE_NAMES: Final = {number: f"{chinese} {english}" for number, chinese, english, _ in ROLE_CARDS}


def describe_tag(tag: Tag) -> str:
    """What a sticker names, in the catalogue's words.

    >>> describe_tag(CardTag(42))
    'card 42 闪♦9'
    >>> describe_tag(SeatTag(5))
    'seat 5'
    """
    catalogue = standard_catalogue()
    match tag:
        case CardTag(card_id=card_id):
            try:
                card = catalogue.card(card_id)
            except KeyError:
                return f"card {card_id}"
            return f"card {card_id} {card.name}{card.face}"
        case GeneralTag(number=number):
            generals = catalogue.generals
            if number <= len(generals):
                return f"general {number} {generals[number - 1].name}"
            return f"general {number}"
        case RoleTag(number=number):
            role = _ROLE_NAMES.get(number)
            return f"role {number} {role}" if role else f"role {number}"
        case SeatTag(seat=seat):
            return f"seat {seat}"
        case ActionTag(action=action):
            chinese, english = ACTION_LABELS[action]
            return f"action {action.value} {chinese} {english}"
    raise TypeError(f"not a sticker tag: {tag!r}")  # pragma: no cover


def format_event(event: Event) -> str:
    """One line for a person: time, kind, payload, what it names, region.

    >>> from vision.tracker import Event
    >>> square = ((0, 0), (9, 0), (9, 9), (0, 9))
    >>> print(format_event(Event("seen", "SG1C042G", CardTag(42), square, "centre",
    ...                          1.234, 37, 1.234, 37)))
      1.23s  seen  SG1C042G  card 42 闪♦9  (centre)
    """
    line = f"{event.t:6.2f}s  {event.kind:<4}  {event.payload:<8}  {describe_tag(event.tag)}"
    if event.kind == "duplicate":
        line += "  another sticker with the same payload"
    if event.region is not None:
        line += f"  ({event.region})"
    elif event.kind == "moved":
        line += "  (outside every region)"
    return line


def event_json(event: Event) -> str:
    """One JSON line: the event's fields plus ``name``, what the sticker names."""
    record = event.as_dict()
    record["name"] = describe_tag(event.tag)
    return json.dumps(record, ensure_ascii=False)


def parse_region(text: str) -> tuple[str, Region]:
    """``NAME=X0,Y0,X1,Y1`` (frame pixels) as a named rectangle.

    >>> parse_region("centre=320,180,960,540")
    ('centre', (320.0, 180.0, 960.0, 540.0))
    """
    name, sep, corners = text.partition("=")
    try:
        values = tuple(float(v) for v in corners.split(","))
    except ValueError:
        values = ()
    if not sep or not name or len(values) != 4:
        raise ValueError(f"region {text!r} should look like centre=320,180,960,540")
    x0, y0, x1, y1 = values
    if not (x0 < x1 and y0 < y1):
        raise ValueError(f"region {text!r}: needs x0 < x1 and y0 < y1")
    return name, (x0, y0, x1, y1)


class ProgressBar:
    """``[#####.....]  n/N  p%  f fps`` on one line of ``stream``, redrawn in place.

    Redraws at most every ``interval`` seconds (and always at the end), so a
    fast run writes little. `clear` blanks the line before other output goes
    to the same terminal.
    """

    WIDTH: Final = 24

    def __init__(self, stream: TextIO, total: int, *, interval: float = 0.1) -> None:
        self.stream = stream
        self.total = max(total, 1)
        self.interval = interval
        self.started = time.monotonic()
        self._drawn_at = -float("inf")
        self._shown = False
        self._tty = stream.isatty()

    def render(self, done: int, elapsed: float) -> str:
        """The bar's text after ``done`` frames in ``elapsed`` seconds.

        >>> ProgressBar(sys.stderr, 200).render(50, 2.0)
        '[######..................]   50/200   25%  25.0 fps'
        """
        share = min(done / self.total, 1.0)
        filled = round(share * self.WIDTH)
        fps = done / elapsed if elapsed > 0 else 0.0
        digits = len(str(self.total))
        return (
            f"[{'#' * filled}{'.' * (self.WIDTH - filled)}] {done:>{digits + 1}}/{self.total} "
            f"{share:>5.0%}  {fps:.1f} fps"
        )

    def update(self, done: int, *, final: bool = False) -> None:
        now = time.monotonic()
        if not final and now - self._drawn_at < self.interval:
            return
        self._drawn_at = now
        self.stream.write("\r" + self.render(done, now - self.started))
        if final:
            self.stream.write("\n")
            self._shown = False
        else:
            self._shown = True
        self.stream.flush()

    def clear(self) -> None:
        """Blanks the bar's line (on a terminal) so an event line can take its place."""
        if self._shown and self._tty:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
            self._drawn_at = -float("inf")  # redraw on the next update


def add_scan_command(commands: Commands) -> None:
    """Add ``sgs-table scan`` to the command line's subcommands."""
    p = commands.add_parser(
        "scan",
        help="read the stickers seen by a camera, in a video or a folder of frames",
        description="Decode every frame of SOURCE (a camera number such as 0, a video file "
        "or a folder of images) and print when each sticker is seen (read in K "
        "consecutive frames) and gone (not read for M frames in a row), with what it "
        "names. Stickers still in view at the end get no 'gone' unless --flush is given.",
    )
    p.add_argument("source", metavar="SOURCE", help="camera number, video file or image folder")
    p.add_argument("--json", action="store_true", help="print one JSON object per event")
    p.add_argument(
        "--k",
        type=_at_least_one,
        default=DEFAULT_K,
        metavar="K",
        help=f"frames in a row a sticker must be read to count as seen (default {DEFAULT_K})",
    )
    p.add_argument(
        "--m",
        type=_at_least_one,
        default=DEFAULT_M,
        metavar="M",
        help=f"frames in a row a sticker must be missing to count as gone (default {DEFAULT_M})",
    )
    p.add_argument(
        "--region",
        action="append",
        type=_region_argument,
        default=[],
        metavar="NAME=X0,Y0,X1,Y1",
        help="a named part of the frame in pixels, reported with each event (repeatable; "
        "the first that holds a sticker names it)",
    )
    p.add_argument(
        "--fps",
        type=positive_number,
        metavar="FPS",
        help="frame rate of a file or folder (default 30)",
    )
    p.add_argument(
        "--flush", action="store_true", help="at the end, report stickers still in view as gone"
    )
    p.add_argument(
        "--progress",
        action="store_true",
        help="show the progress bar even when stderr is not a terminal",
    )
    p.set_defaults(handler=_scan)


def _at_least_one(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def positive_number(text: str) -> float:
    """An argparse type: a number above 0 (seconds, frames per second)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be more than 0, got {text}")
    return value


def _region_argument(text: str) -> tuple[str, Region]:
    try:
        return parse_region(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _scan(args: argparse.Namespace, out: TextIO) -> int:
    try:
        from vision.decode import Decoder
        from vision.sources import SourceError, open_source, quiet_native_logs
        from vision.tracker import Scanner, Tracker
    except ImportError as error:
        print(
            f"sgs-table scan: needs the vision extra ({error.name} is missing): "
            "pip install 'sgs-table[vision]'",
            file=sys.stderr,
        )
        return 1
    quiet_native_logs()
    try:
        source = open_source(args.source, fps=args.fps)
    except SourceError as error:
        print(f"sgs-table scan: {error}", file=sys.stderr)
        return 1
    tracker = Tracker(args.k, args.m, dict(args.region))
    scanner = Scanner(source, Decoder(), tracker, flush=args.flush)
    bar: ProgressBar | None = None
    if source.frame_count is not None and (args.progress or sys.stderr.isatty()):
        bar = ProgressBar(sys.stderr, source.frame_count)
    frames = 0
    try:
        with source:
            for step in scanner.steps():
                frames = step.frame.number + 1
                if step.events and bar is not None:
                    bar.clear()
                for event in step.events:
                    out.write((event_json(event) if args.json else format_event(event)) + "\n")
                if step.events:
                    out.flush()
                if bar is not None:
                    bar.update(frames)
    except SourceError as error:
        if bar is not None:
            bar.clear()
        print(f"sgs-table scan: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:  # Ctrl-C ends a camera scan; it is not an error
        pass
    if bar is not None:
        bar.update(frames, final=True)
    if not args.json:
        out.write(_summary(frames, scanner.ended, len(tracker.in_view())) + "\n")
    return 0


def _summary(frames: int, ended: float | None, in_view: int) -> str:
    end = f"{ended:6.2f}s" if ended is not None else " " * 7
    stickers = "sticker" if in_view == 1 else "stickers"
    return f"{end}  end   {frames} frames, {in_view} {stickers} still in view"


def main(argv: Sequence[str] | None = None) -> int:
    """``sgs-table scan`` on its own, for ``python -m assistant.scan``."""
    from assistant.cli import build_parser, run

    return run(
        build_parser(add_scan_command),
        ["scan", *(sys.argv[1:] if argv is None else argv)],
        sys.stdout,
    )


if __name__ == "__main__":
    raise SystemExit(main())
