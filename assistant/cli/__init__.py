"""The ``sgs-table`` command line: ``main`` assembles one module per subcommand.

``arguments`` holds what the subcommands share (the subparsers type,
argument types, reading a record, opening the store); ``terminal`` the
tables and the progress bar they print; ``language`` the ``--lang`` option
and argparse's words in the language in use.
"""

from assistant.cli.arguments import Commands, Handler, positive_number
from assistant.cli.entry import build_parser, main, run
from assistant.cli.language import add_language_argument, argparse_words, choose_language

__all__ = [
    "Commands",
    "Handler",
    "add_language_argument",
    "argparse_words",
    "build_parser",
    "choose_language",
    "main",
    "positive_number",
    "run",
]
