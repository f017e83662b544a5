"""Entry point of ``sgs-table``: the assistant's subcommands plus ``app``."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TextIO

from assistant.cli import Commands
from assistant.cli import build_parser as build_assistant_parser
from assistant.cli import main as assistant_main
from assistant.i18n import _


def _add_app(commands: Commands) -> None:
    from mobile.app import add_app_arguments

    p = commands.add_parser(
        "app",
        help=_("open the table app (Kivy window)"),
        description=_(
            "Open the table app. --camera plays a video or a folder of frames as the "
            "camera. With --screenshot and --exit-after it runs, saves a PNG and exits: a quick "
            "check of a headless machine (run it under xvfb-run)."
        ),
    )
    add_app_arguments(p)
    p.set_defaults(handler=_app, parser=p, raw_output=True)  # Kivy logs its own colours


def build_parser() -> argparse.ArgumentParser:
    return build_assistant_parser(_add_app)


def _app(args: argparse.Namespace, out: TextIO) -> int:
    # Kivy is imported only when the app really starts.
    from assistant.cli import store_status
    from assistant.store import StoreError
    from mobile.app import run_from_arguments

    try:
        return run_from_arguments(args, args.parser)
    except StoreError as error:  # the store the app was given cannot be opened
        print(f"sgs-table app: {error}", file=sys.stderr)
        return store_status(error)


def main(argv: Sequence[str] | None = None) -> int:
    """``sgs-table``: the language chosen (``--lang``), the parser built, the command run."""
    return assistant_main(argv, (_add_app,))


if __name__ == "__main__":
    sys.exit(main())
