"""Start the table app.

Importing this module does not import Kivy: Kivy opens a window, reads the
command line and configures logging as a side effect of its imports, so all
of that waits until run_app() is called.

    python -m mobile.app [--screenshot FILE] [--exit-after SECONDS]
    python -m mobile.app --open RECORD_OR_GAME [--at N] [--screen NAME] [--size WxH]

``--open`` shows a record file (.sgs or .json) or a stored game (its id, in
``--db``) after move N (default: the end), on the table screen or the one
named: the table is a session without a store, so nothing of it is stored.

The app speaks the language of ``sgs-table --lang L app`` for that run, else
``SGS_TABLE_LANG``, else the one chosen on its home screen (kept in its
settings file, `mobile.settings`), else Simplified Chinese.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mobile.opened import Opened

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


def taps_beside(camera: str | None) -> Path | None:
    """The table script of a sample video: ``demo.mp4`` -> ``demo-taps.txt`` beside it.

    A sample video shows only the cards; the script holds what the players
    tapped around them (setup, targets, passes), so the demo tells a game.
    """
    if camera is None or camera.isdigit():
        return None
    path = Path(camera)
    script = path.with_name(f"{path.stem}-taps.txt")
    return script if path.is_file() and script.is_file() else None


def demo_database(db: str | None, taps: Path | None) -> str | None:
    """The database of this run: ``db`` when given; for a demo run (a table script of
    taps played with a video, as ``make run`` does without a camera) a store of its own
    (`assistant.store.fresh_demo_database`), so a demo game never lands in the player's
    database nor is offered by 继续对局; else None, the player's database."""
    if db is not None or taps is None:
        return db
    from assistant.i18n import _
    from assistant.store import fresh_demo_database

    demo = fresh_demo_database()
    print(
        _("demo: the games of this run go to {database}, not to your database").format(
            database=demo
        )
    )
    return str(demo)


def run_app(
    *,
    screenshot: Path | None = None,
    exit_after: float | None = None,
    width: int = 1280,
    height: int = 800,
    camera: str | None = None,
    taps: Path | None = None,
    screen: str | None = None,
    db: str | None = None,
    lang: str | None = None,
    opened: Opened | None = None,
) -> int:
    """Run the app until its window closes; return an exit status.

    screenshot: save the window as a PNG at exactly this path, after the
    first frames are drawn, or at the end when exit_after is given.
    exit_after: stop after this many seconds. camera: a video file or a
    folder of frames played as the camera, or a camera number. taps: a table
    script (docs/table-script.md) played with the video (default: the one
    beside a sample video).
    screen: the screen to open on. db: the database (default $SGS_TABLE_DB
    or the user's data folder; for a demo run, a store of its own: see
    `demo_database`). lang: the language for this run, over the app's setting
    (see the module's docstring). opened: a game to look at (`open_game`).
    Returns 1 if the screenshot was asked for and could not be saved, or the
    camera could not be opened, else 0.
    """
    configure_kivy(width=width, height=height)
    font = os.environ.get(FONT_OVERRIDE_ENV)

    from mobile.kivy_app import Options, run

    taps = taps if taps is not None else taps_beside(camera)
    options = Options(
        screenshot=screenshot,
        exit_after=exit_after,
        camera=camera,
        taps=taps,
        screen=screen,
        db=demo_database(db, taps),
        lang=lang,
        opened=opened,
    )
    return run(options, font=Path(font) if font else None)


def main(argv: list[str] | None = None) -> int:
    from assistant.cli import add_language_argument, argparse_words, choose_language
    from assistant.i18n import _

    arguments = sys.argv[1:] if argv is None else argv
    refused = choose_language(arguments)  # the help's language; the app may choose its own
    if refused is not None:
        return refused
    with argparse_words():
        parser = argparse.ArgumentParser(
            prog="python -m mobile.app", description=_("Start the app.")
        )
        add_app_arguments(parser)
        add_language_argument(parser)
        args = parser.parse_args(arguments)
    return run_from_arguments(args, parser)


def add_app_arguments(parser: argparse.ArgumentParser) -> None:
    """The app's options, shared by ``python -m mobile.app`` and ``sgs-table app``."""
    from assistant.cli import add_db, db_help, positive_number
    from assistant.i18n import _

    parser.add_argument(
        "--screenshot", type=Path, metavar="FILE", help=_("save a PNG of the window")
    )
    parser.add_argument(
        "--exit-after",
        type=positive_number,
        metavar="SECONDS",
        help=_("close the app after this long"),
    )
    parser.add_argument(
        "--camera",
        metavar="PATH",
        help=_("play a video file or a folder of frames as the camera (or a camera number)"),
    )
    parser.add_argument(
        "--taps",
        type=Path,
        metavar="FILE",
        help=_("a table script to play with the video (default: NAME-taps.txt beside NAME.mp4)"),
    )
    parser.add_argument("--screen", choices=SCREENS, help=_("the screen to open on"))
    parser.add_argument(
        "--open",
        metavar="RECORD_OR_GAME",
        help=_(
            "look at a record file (.sgs or .json) or a stored game (its id): "
            "nothing of it is stored"
        ),
    )
    parser.add_argument(
        "--at",
        type=int,
        metavar="N",
        help=_("with --open: the table after move N (default: the last move)"),
    )
    add_db(
        parser,
        _("{database}; a demo run (a video with its taps) has a store of its own").format(
            database=db_help()
        ),
    )
    parser.add_argument(
        "--size",
        type=_window_size,
        default="1280x800",
        metavar="WIDTHxHEIGHT",
        help=_("window size in pixels"),
    )


def _window_size(text: str) -> str:
    """An argparse type: ``WIDTHxHEIGHT`` in pixels (kept as written)."""
    from assistant.i18n import _

    try:
        _width, _height = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("must look like 1280x800, got {size}").format(size=repr(text))
        ) from None
    return text


def run_from_arguments(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    try:
        width, height = (int(v) for v in args.size.lower().split("x"))
    except ValueError:
        parser.error(f"--size must look like 1280x800, got {args.size!r}")
    # sgs-table's --lang (on the command line's root parser), when given: over the setting.
    lang = getattr(args, "lang", None)
    if lang:
        from assistant.i18n import set_language

        try:
            lang = set_language(lang)
        except ValueError as error:
            parser.error(str(error))
    opened = None
    if args.open is not None:
        from assistant.store import DatabaseError
        from mobile.opened import open_game

        try:
            opened = open_game(args.open, args.db, args.at)
        except DatabaseError:
            raise  # the command's exit status says the store failed
        except ValueError as error:
            print(f"sgs-table app: {error}", file=sys.stderr)
            return 1
    elif args.at is not None:
        parser.error(_at_without_open())
    return run_app(
        screenshot=args.screenshot,
        exit_after=args.exit_after,
        width=width,
        height=height,
        camera=args.camera,
        taps=args.taps,
        screen=args.screen,
        db=args.db,
        lang=lang or None,
        opened=opened,
    )


def _at_without_open() -> str:
    from assistant.i18n import _

    return _("--at needs --open")


# The screens --screen may name (mobile.kivy_app.SCREEN_CLASSES, without importing Kivy).
SCREENS = ("home", "setup", "table", "scan", "distances", "settlement", "log", "replay")


if __name__ == "__main__":
    sys.exit(main())
