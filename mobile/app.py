"""Start the table app.

Importing this module does not import Kivy: Kivy opens a window, reads the
command line and configures logging as a side effect of its imports, so all
of that waits until run_app() is called.

    python -m mobile.app [--screenshot FILE] [--exit-after SECONDS]
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
from pathlib import Path

# Environment variable naming a font file to use instead of the packaged CJK
# font. Only the tests set it, to show their tofu check fails without CJK.
FONT_OVERRIDE_ENV = "SGS_TABLE_FONT"


def configure_kivy(*, width: int = 1280, height: int = 800) -> None:
    """Set what Kivy reads when it is first imported; call before any Kivy import.

    Settings already in the environment win, except the window size, which
    is the caller's explicit choice. Phones ignore the size and go full screen.
    """
    # Kivy would otherwise parse sys.argv and reject our own options.
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    # No log files under ~/.kivy, and only warnings on the console. The
    # level on Kivy's logger covers the few messages logged before Kivy has
    # read KCFG_KIVY_LOG_LEVEL.
    os.environ.setdefault("KIVY_NO_FILELOG", "1")
    os.environ.setdefault("KCFG_KIVY_LOG_LEVEL", "warning")
    logging.getLogger("kivy").setLevel(logging.WARNING)
    # A ~/.kivy/config.ini left by another app (fullscreen, a fixed size)
    # must not change how this one looks; nor should we write one.
    os.environ.setdefault("KIVY_NO_CONFIG", "1")
    # Without this a right click leaves a red multitouch dot on desktops.
    os.environ.setdefault("KCFG_INPUT_MOUSE", "mouse,multitouch_on_demand")
    # Kivy creates the window when kivy.core.window is imported.
    os.environ["KCFG_GRAPHICS_WIDTH"] = str(width)
    os.environ["KCFG_GRAPHICS_HEIGHT"] = str(height)


def run_app(
    *,
    screenshot: Path | None = None,
    exit_after: float | None = None,
    width: int = 1280,
    height: int = 800,
) -> int:
    """Run the app until its window closes; return an exit status.

    screenshot: after the first frames are drawn, save the window as a PNG
    at exactly this path. exit_after: stop after this many seconds (any
    screenshot is taken first). Returns 1 if the screenshot was asked for
    and could not be saved, else 0.
    """
    configure_kivy(width=width, height=height)
    font = os.environ.get(FONT_OVERRIDE_ENV)

    from mobile.kivy_app import run

    return run(screenshot=screenshot, exit_after=exit_after, font=Path(font) if font else None)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m mobile.app", description="Start the app.")
    parser.add_argument("--screenshot", type=Path, help="save a PNG of the window here")
    parser.add_argument("--exit-after", type=float, metavar="SECONDS", help="stop after this")
    parser.add_argument("--width", type=int, default=1280)
    parser.add_argument("--height", type=int, default=800)
    args = parser.parse_args(argv)
    return run_app(
        screenshot=args.screenshot,
        exit_after=args.exit_after,
        width=args.width,
        height=args.height,
    )


if __name__ == "__main__":
    sys.exit(main())
