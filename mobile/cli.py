"""Entry point of ``sgs-table``: the assistant's subcommands plus ``app``."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from assistant.cli import Commands, run
from assistant.cli import build_parser as build_assistant_parser


def _positive(text: str) -> float:
    value = float(text)
    if value <= 0:
        raise argparse.ArgumentTypeError(f"must be more than 0, got {text}")
    return value


def _add_app(commands: Commands) -> None:
    p = commands.add_parser(
        "app",
        help="open the table app (Kivy window)",
        description="Open the table app. With --screenshot and --exit-after it renders, "
        "saves a PNG and exits: a quick check of a headless machine (run it under xvfb-run).",
    )
    p.add_argument("--screenshot", type=Path, metavar="FILE", help="save a PNG of the window")
    p.add_argument(
        "--exit-after", type=_positive, metavar="SECONDS", help="close the app after this long"
    )
    p.add_argument("--size", default="1280x800", help="window size WIDTHxHEIGHT (default 1280x800)")
    p.set_defaults(handler=_app)


def build_parser() -> argparse.ArgumentParser:
    return build_assistant_parser(_add_app)


def _app(args: argparse.Namespace, out: TextIO) -> int:
    try:
        width, height = (int(v) for v in args.size.lower().split("x"))
    except ValueError:
        print(f"sgs-table app: --size must look like 1280x800, got {args.size!r}", file=sys.stderr)
        return 2
    from mobile.app import run_app  # Kivy is imported only when the app really starts

    return run_app(
        screenshot=args.screenshot, exit_after=args.exit_after, width=width, height=height
    )


def main(argv: Sequence[str] | None = None) -> int:
    return run(build_parser(), argv, sys.stdout)


if __name__ == "__main__":
    sys.exit(main())
