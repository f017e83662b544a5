"""The command line's language: ``--lang``, else the environment, and argparse's own words.

``sgs-table --lang ja ...`` (or ``sgs-table games --lang en``) speaks that
language; without it the environment chooses (``SGS_TABLE_LANG``,
``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``: see
`assistant.i18n.from_environment`), else Simplified Chinese. The language is
set before the parser is built (`choose_language` reads ``--lang`` from the
arguments first), so the help is in it too; an unknown language is one line
on stderr and exit status 2.

argparse words its own messages ("usage:", "the following arguments are
required: %s" ...) with the ``_`` and ``ngettext`` of its module, looked up
when it needs them: `argparse_words` points them at the table's catalogs.
Its messages are listed here so the catalogs hold them; they keep argparse's
``%``-formatting.

>>> requested_language(["games", "--lang", "en"]), requested_language(["--lang=ja", "cards"])
('en', 'ja')
>>> requested_language(["note", "1", "2", "--", "--lang", "en"]) is None
True
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Final, TextIO

from assistant import i18n
from assistant.cli.terminal import terminal_safe
from assistant.i18n import (
    LANGUAGES,
    N_,
    SOURCE,
    _,
    from_environment,
    ngettext,
    normalize,
    set_language,
)

__all__ = [
    "ARGPARSE_MESSAGES",
    "OPTION",
    "add_language_argument",
    "argparse_plurals",
    "argparse_words",
    "choose_language",
    "language_argument",
    "requested_language",
]

OPTION: Final = "--lang"

# What argparse says to a person (Python 3.11 to 3.13), as it words it: the
# catalogs translate them, keeping the %-fields. Its messages for a programmer
# who builds a parser wrongly are left out.
ARGPARSE_MESSAGES: Final = (
    # TRANSLATORS: the start of the help's first line, before the command's form
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("subcommands"),
    N_("%(heading)s:"),
    N_("show this help message and exit"),
    N_("show program's version number and exit"),
    N_(" (default: %(default)s)"),
    # TRANSLATORS: %(prog)s is the program (sgs-table), %(message)s what is wrong
    N_("%(prog)s: error: %(message)s\n"),
    N_("%(prog)s: warning: %(message)s\n"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("unrecognized arguments: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("unexpected option string: %s"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("can't open '%(filename)s': %(error)s"),
    N_("cannot have multiple subparser arguments"),
    N_("argument '%(argument_name)s' is deprecated"),
    N_("option '%(option)s' is deprecated"),
    N_("command '%(parser_name)s' is deprecated"),
)


def argparse_plurals(n: int) -> tuple[str, ...]:
    """argparse's messages that depend on a number, for the catalogs (and a test)."""
    return (
        ngettext("expected %s argument", "expected %s arguments", n),
        ngettext("conflicting option string: %s", "conflicting option strings: %s", n),
    )


def _argparse_gettext(message: str) -> str:
    # argparse's own messages (listed above), passed on; and None for a subparsers
    # group without a description.
    return i18n.gettext(message) if message else message


@contextmanager
def argparse_words() -> Iterator[None]:
    """Inside the block, argparse words its messages in the table's language.

    Building a parser words its group titles and ``-h``'s help; parsing words
    the usage, the help and the errors: both go inside.
    """
    saved = argparse._, argparse.ngettext  # type: ignore[attr-defined]
    argparse._, argparse.ngettext = _argparse_gettext, ngettext  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._, argparse.ngettext = saved  # type: ignore[attr-defined]


def requested_language(argv: Sequence[str]) -> str | None:
    """The value of the last ``--lang L`` (or ``--lang=L``) before any ``--``, or None."""
    found = None
    for at, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == OPTION and at + 1 < len(argv):
            found = argv[at + 1]
        elif arg.startswith(OPTION + "="):
            found = arg.partition("=")[2]
    return found


def _language_code(text: str) -> str | None:
    return SOURCE if text.strip() == SOURCE else normalize(text)


def _unknown(code: str) -> str:
    return _("unknown language '{language}' (languages: {languages})").format(
        language=code, languages=", ".join(LANGUAGES)
    )


def choose_language(
    argv: Sequence[str], environ: Mapping[str, str] | None = None, err: TextIO | None = None
) -> int | None:
    """Speak the language ``argv`` asks for (``--lang``), else the environment's.

    None when done; 2, with one line on ``err`` (stderr), for a language
    without a catalog, which the environment's language then says.
    """
    set_language(from_environment(os.environ if environ is None else environ))
    code = requested_language(argv)
    if code is None:
        return None
    chosen = _language_code(code)
    if chosen is None:
        stream = sys.stderr if err is None else err
        stream.write(terminal_safe(f"sgs-table: {_unknown(code)}") + "\n")
        return 2
    set_language(chosen)
    return None


def language_argument(text: str) -> str:
    """An argparse type: a language with a catalog (zh_CN, zh, en, ja, ja_JP ...), normalized."""
    chosen = _language_code(text)
    if chosen is None:
        raise argparse.ArgumentTypeError(_unknown(text))
    return chosen


def add_language_argument(parser: argparse.ArgumentParser, *, root: bool = True) -> None:
    """``--lang L`` on ``parser``: on the root parser it defaults to None (not given); on a
    subcommand's it leaves the root's value alone unless given there."""
    parser.add_argument(
        OPTION,
        type=language_argument,
        metavar="LANG",
        default=None if root else argparse.SUPPRESS,
        help=_(
            "the language to speak: zh_CN, en or ja (default: the environment's, from "
            "SGS_TABLE_LANG, LANGUAGE, LC_ALL, LC_MESSAGES or LANG; else zh_CN)"
        ),
    )
