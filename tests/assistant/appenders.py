"""Processes that append moves to a store until a test kills them with SIGKILL.

Both sides of the pipe the kill tests use. The test side starts a module
with ``python -m`` as a warmed-up parent (`Appenders`); that module calls
`serve`, which for each line ``go ARG... OUT`` read from stdin forks an
appender, prints ``pid N``, waits for it to die and prints ``dead STATUS``.
Forking from a warmed-up process keeps many kills quick; each appender is
still a process of its own. An appender writes what the store acknowledged
to the file OUT with ``write(2)``, which survives the kill.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

Append = Callable[[list[str], int], None]
"""An appender's work: the ``go`` line's arguments before OUT, and OUT opened."""


class Appenders:
    """The warmed-up parent of the appenders (``module`` run with -m), over a pipe."""

    def __init__(self, module: str, *args: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", module, *args],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def _send(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def _reply(self, verb: str) -> str:
        assert self.process.stdout is not None
        line = self.process.stdout.readline().strip()
        assert line.startswith(verb + " "), f"expected {verb!r} from the appenders, got {line!r}"
        return line.removeprefix(verb + " ")

    def start(self, *args: str | Path) -> int:
        """Fork an appender with these arguments (the last: its OUT file); its pid."""
        self._send(" ".join(["go", *map(str, args)]))
        return int(self._reply("pid"))

    def kill(self, pid: int) -> None:
        os.kill(pid, signal.SIGKILL)
        status = int(self._reply("dead"))
        assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL, (
            f"the appender ended by itself (status {status}) before it was killed"
        )

    def close(self) -> None:
        self._send("stop")
        self.process.wait(timeout=30)


def serve(append: Append) -> None:
    """The parent's loop (see the module docstring): one forked appender per ``go``."""
    for command in sys.stdin:
        verb, *args = command.split()
        if verb != "go":
            break
        *given, out_path = args
        pid = os.fork()
        if pid == 0:
            code = 0
            try:
                out = os.open(out_path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
                append(given, out)
            except BaseException as exc:  # the test reads why from stderr
                print(f"appender failed: {exc!r}", file=sys.stderr, flush=True)
                code = 1
            os._exit(code)
        print(f"pid {pid}", flush=True)
        _, status = os.waitpid(pid, 0)
        print(f"dead {status}", flush=True)
