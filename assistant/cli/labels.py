"""``sgs-table labels``: print-ready PDF sheets of QR stickers."""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Final, TextIO

from assistant.cli.arguments import Commands, add_output, needs_vision
from assistant.cli.outputs import OutputRefused, check_output, write_file
from assistant.cli.status import DONE
from assistant.i18n import _
from assistant.stickers import KINDS, PAPERS, LabelReport, parse_kinds, write_labels
from engine.catalogue import standard_catalogue

__all__ = ["add_command"]


def add_command(commands: Commands) -> None:
    """Add ``sgs-table labels`` to the command line's subcommands."""
    p = commands.add_parser(
        "labels",
        help=_(
            "write printable QR sticker sheets (PDF) for cards, generals, roles, seats, actions"
        ),
        description=_(
            "Write print-ready PDF sheets of QR stickers, 20 to a page (4 x 5), each "
            "with its name in print: one per card ({cards}), general of the packages "
            "asked ({generals} in all), role card of a 10-player table (10), seat (10) "
            "and action token (5). Print at "
            "100% / actual size, never 'fit to page'; each sheet has a scale bar to check "
            "with a ruler."
        ).format(
            cards=len(standard_catalogue().cards), generals=len(standard_catalogue().generals)
        ),
    )
    p.add_argument(
        "--what",
        type=_kinds_argument,
        default=KINDS,
        metavar="KINDS",
        help=_("comma-separated kinds to print (default: all of {kinds})").format(
            kinds=",".join(KINDS)
        ),
    )
    p.add_argument(
        "--packages",
        type=_packages_argument,
        default=("standard",),
        metavar="PACKAGES",
        help=_(
            "comma-separated packages of generals whose stickers to print (default: "
            "standard; known: {packages})"
        ).format(packages=",".join(standard_catalogue().packages())),
    )
    p.add_argument("--paper", choices=PAPERS, default="a4", help=_("paper size (default: a4)"))
    p.add_argument(
        "--json", action="store_true", help=_("say what was written in JSON, for machines")
    )
    add_output(p, required=True, metavar="FILE.pdf")
    p.set_defaults(handler=_labels)


def _kinds_argument(text: str) -> tuple[str, ...]:
    try:
        return parse_kinds(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _packages_argument(text: str) -> tuple[str, ...]:
    known = standard_catalogue().packages()
    wanted = tuple(p.strip() for p in text.split(",") if p.strip())
    for package in wanted:
        if package not in known:
            raise argparse.ArgumentTypeError(
                _("unknown package of generals {package} (known: {known})").format(
                    package=repr(package), known=",".join(known)
                )
            )
    return wanted


def _labels(args: argparse.Namespace, out: TextIO) -> int:
    reports: list[LabelReport] = []

    def write(path: Path) -> None:
        reports.append(
            write_labels(
                args.what,
                args.paper,
                path,
                progress=_Progress(sys.stderr),
                packages=args.packages,
            )
        )

    try:
        check_output(args.output, force=args.force)
        write_file(args.output, write)
    except OutputRefused as error:
        print(f"sgs-table: {error}", file=sys.stderr)
        return 1
    except ImportError as error:
        print(needs_vision("labels", error), file=sys.stderr)
        return 1
    except OSError as error:
        cannot = _("cannot write {file}: {error}").format(
            file=args.output, error=error.strerror or error
        )
        print(f"sgs-table: {cannot}", file=sys.stderr)
        return 1
    report = replace(reports[0], path=args.output)
    if args.json:
        written = {
            "file": str(report.path),
            "paper": report.paper,
            "counts": report.counts,
            "stickers": report.stickers,
            "pages": report.pages,
        }
        out.write(json.dumps(written, ensure_ascii=False) + "\n")
        return DONE
    out.write(report.summary() + "\n")
    return DONE


class _Progress:
    """Sheet n/m on a terminal's stderr, once drawing has taken over a second.

    Quick runs and pipes stay quiet: a log gains nothing from a counter.
    """

    DELAY_S: Final = 1.0

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.started = time.monotonic()

    def __call__(self, done: int, total: int) -> None:
        if not self.stream.isatty() or time.monotonic() - self.started < self.DELAY_S:
            return
        end = "\n" if done == total else ""
        drawing = _("drawing sheet {done}/{total}").format(done=done, total=total)
        self.stream.write(f"\rsgs-table labels: {drawing}{end}")
        self.stream.flush()
