"""The ``sgs-table`` command line: ``main`` assembles one module per subcommand.

``arguments`` holds what the subcommands share (the subparsers type,
argument types, reading a record, opening the store); ``terminal`` the
tables and the progress bar they print.
"""

from assistant.cli.arguments import Commands, Handler, positive_number
from assistant.cli.entry import build_parser, main, run

__all__ = ["Commands", "Handler", "build_parser", "main", "positive_number", "run"]
