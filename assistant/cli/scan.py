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
from typing import TextIO

from assistant.cli.arguments import Commands, at_least_one, needs_vision, positive_number
from assistant.cli.terminal import ProgressBar, pad
from assistant.i18n import SOURCE, _, ngettext, pgettext, speaking, tr
from assistant.stickers import describe_tag
from vision.tracker import DEFAULT_K, DEFAULT_M, Event, Region

__all__ = ["add_command", "event_json", "format_event", "parse_region"]


def _kind(kind: str) -> str:
    """A tracker's event as a person reads it (the JSON keeps the tracker's own words)."""
    names = {
        "seen": pgettext("scan event", "seen"),
        "gone": pgettext("scan event", "gone"),
        "moved": pgettext("scan event", "moved"),
        "duplicate": pgettext("scan event", "duplicate"),
        # TRANSLATORS: the last line of a scan: the source ended
        "end": pgettext("scan event", "end"),
    }
    return names.get(kind, kind)


def format_event(event: Event) -> str:
    """One line for a person: time, kind, payload, what it names, region.

    >>> from vision.payload import CardTag
    >>> from vision.tracker import Event
    >>> square = ((0, 0), (9, 0), (9, 9), (0, 9))
    >>> print(format_event(Event("seen", "SG1C042G", CardTag(42), square, "centre",
    ...                          1.234, 37, 1.234, 37)))
      1.23s  seen  SG1C042G  card 42 闪♦9  (centre)
    """
    kind = pad(_kind(event.kind), 4)
    line = f"{event.t:6.2f}s  {kind}  {event.payload:<8}  {describe_tag(event.tag)}"
    if event.kind == "duplicate":
        line += "  " + _("another sticker with the same payload")
    if event.region is not None:
        line += f"  ({event.region})"
    elif event.kind == "moved":
        line += "  " + _("(outside every region)")
    return line


def event_json(event: Event) -> str:
    """One JSON line: the event's fields plus ``name``, what the sticker names (the same
    in every language)."""
    record = event.as_dict()
    with speaking(SOURCE):
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
        raise ValueError(
            _("region {region} should look like centre=320,180,960,540").format(region=repr(text))
        )
    x0, y0, x1, y1 = values
    if not (x0 < x1 and y0 < y1):
        raise ValueError(_("region {region}: needs x0 < x1 and y0 < y1").format(region=repr(text)))
    return name, (x0, y0, x1, y1)


def add_command(commands: Commands) -> None:
    """Add ``sgs-table scan`` to the command line's subcommands."""
    p = commands.add_parser(
        "scan",
        help=_("read the stickers seen by a camera, in a video or a folder of frames"),
        description=_(
            "Decode every frame of SOURCE (a camera number such as 0, a video file "
            "or a folder of images) and print when each sticker is seen (read in K "
            "consecutive frames) and gone (not read for M frames in a row), with what it "
            "names. Stickers still in view at the end get no 'gone' unless --flush is given."
        ),
    )
    p.add_argument("source", metavar="SOURCE", help=_("camera number, video file or image folder"))
    p.add_argument("--json", action="store_true", help=_("print one JSON object per event"))
    p.add_argument(
        "--k",
        type=at_least_one,
        default=DEFAULT_K,
        metavar="K",
        help=_("frames in a row a sticker must be read to count as seen (default {frames})").format(
            frames=DEFAULT_K
        ),
    )
    p.add_argument(
        "--m",
        type=at_least_one,
        default=DEFAULT_M,
        metavar="M",
        help=_(
            "frames in a row a sticker must be missing to count as gone (default {frames})"
        ).format(frames=DEFAULT_M),
    )
    p.add_argument(
        "--region",
        action="append",
        type=_region_argument,
        default=[],
        metavar="NAME=X0,Y0,X1,Y1",
        help=_(
            "a named part of the frame in pixels, reported with each event (repeatable; "
            "the first that holds a sticker names it)"
        ),
    )
    p.add_argument(
        "--fps",
        type=positive_number,
        metavar="FPS",
        help=_("frame rate of a file or folder (default 30)"),
    )
    p.add_argument(
        "--flush",
        action="store_true",
        help=_("at the end, report stickers still in view as gone"),
    )
    p.add_argument(
        "--progress",
        action="store_true",
        help=_("show the progress bar even when stderr is not a terminal"),
    )
    p.set_defaults(handler=_scan)


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
        print(needs_vision("scan", error), file=sys.stderr)
        return 1
    quiet_native_logs()
    try:
        source = open_source(args.source, fps=args.fps)
    except SourceError as error:
        print(f"sgs-table scan: {tr(error)}", file=sys.stderr)
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
        print(f"sgs-table scan: {tr(error)}", file=sys.stderr)
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
    # TRANSLATORS: {frames} is "120 frames"
    still = ngettext(
        "{frames}, {n} sticker still in view", "{frames}, {n} stickers still in view", in_view
    ).format(frames=ngettext("{n} frame", "{n} frames", frames).format(n=frames), n=in_view)
    return f"{end}  {pad(_kind('end'), 4)}  {still}"
