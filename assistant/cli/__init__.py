"""The ``sgs-table`` command line: ``main`` assembles one module per subcommand.

``arguments`` holds what the subcommands share (the subparsers type,
argument types, reading a record, opening the store to read or to write);
``status`` the exit statuses every command shares; ``suggest`` the "did you
mean" of a misspelt word; ``terminal`` the tables and the progress bar they
print; ``language`` the ``--lang`` option and argparse's words in the
language in use.
"""

from assistant.cli.arguments import (
    Commands,
    Handler,
    add_db,
    db_help,
    error_text,
    positive_number,
)
from assistant.cli.entry import build_parser, main, run
from assistant.cli.language import add_language_argument, argparse_words, choose_language
from assistant.cli.replay import load_replay
from assistant.cli.state import outside
from assistant.cli.status import store_status

__all__ = [
    "Commands",
    "Handler",
    "add_db",
    "add_language_argument",
    "argparse_words",
    "build_parser",
    "choose_language",
    "db_help",
    "error_text",
    "load_replay",
    "main",
    "outside",
    "positive_number",
    "run",
    "store_status",
]
