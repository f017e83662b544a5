"""The taps script: the buttons a player presses, one a line, with the time of each.

One line a tap::

    SECONDS COMMAND ARGS...     # e.g. "2.07 target 2"

Commands: ``setup MODE PLAYERS [PACKAGE...]``, ``role SEAT ROLE``, ``general
SEAT KEY``, ``deal``, ``next``, ``draw SEAT N``, ``target SEAT...``,
``respond SEAT CARD``, ``pass [SEAT]``, ``discard SEAT CARD...``, ``undo``,
``answer OPTION``, ``force MOVE``. A line starting with ``#``, and anything
after `` # `` (a hash between spaces), is a comment. ``sgs-table demo`` and
the app's demo mode play a script beside a video.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from assistant.session.replies import Reply
from assistant.session.table_session import TableSession

__all__ = ["Tap", "TapError", "parse_taps", "run_tap", "tap_action"]


class TapError(ValueError):
    """A line of a taps script that cannot be read."""


@dataclass(frozen=True, slots=True)
class Tap:
    """One tap: the video time it is made at, the command and its arguments."""

    t: float
    command: str
    args: tuple[str, ...]
    line: int

    def __str__(self) -> str:
        return " ".join((self.command, *self.args))


_COMMENT: Final = re.compile(r"\s#\s.*$")


def _ints(args: tuple[str, ...]) -> list[int]:
    return [int(a.lstrip("#")) for a in args]


def tap_action(session: TableSession, tap: Tap) -> Callable[[], Reply]:
    """The session call a tap stands for; raises `TapError` on a malformed tap."""
    a = tap.args
    s = session

    def need(low: int, high: int | None = None) -> None:
        if len(a) < low or (high is not None and len(a) > high):
            raise TapError(f"line {tap.line}: {tap.command!r} takes the wrong arguments: {tap}")

    try:
        match tap.command:
            case "setup":
                need(2)
                packages = tuple(a[2:]) or ("standard", "ex", "maneuvering")
                mode, players = a[0], int(a[1])
                return lambda: s.setup(mode, players, packages)
            case "role":
                need(2, 2)
                seat, role = int(a[0]), a[1]
                return lambda: s.reveal_role(seat, role)
            case "general":
                need(2, 2)
                seat, key = int(a[0]), a[1]
                return lambda: s.seat_general(seat, key)
            case "deal":
                need(0, 0)
                return s.deal
            case "next":
                need(0, 0)
                return s.next_phase
            case "draw":
                need(2, 2)
                seat, n = _ints(a)
                return lambda: s.draw(seat, n)
            case "target":
                need(1)
                seats = _ints(a)
                return lambda: s.choose_target(*seats)
            case "respond":
                need(2, 2)
                seat, card_id = _ints(a)
                return lambda: s.respond(seat, card_id)
            case "pass":
                need(0, 1)
                who = _ints(a)[0] if a else None
                return lambda: s.pass_turn(who)
            case "discard":
                need(2)
                seat, *cards = _ints(a)
                return lambda: s.discard(seat, *cards)
            case "undo":
                need(0, 0)
                return s.undo
            case "answer":
                need(1, 1)
                return lambda: s.answer(a[0])
            case "force":
                need(1)
                return lambda: s.force(" ".join(a))
    except ValueError as error:
        raise TapError(f"line {tap.line}: {tap}: {error}") from None
    raise TapError(f"line {tap.line}: unknown tap {tap.command!r}")


def run_tap(session: TableSession, tap: Tap) -> Reply:
    """Make the tap on the session; a malformed tap is a refused reply, not an error."""
    try:
        return tap_action(session, tap)()
    except TapError as error:
        return Reply(False, str(error))


def parse_taps(text: str) -> list[Tap]:
    """The taps of a script, in time order (ties keep the file's order).

    >>> [str(t) for t in parse_taps("0 setup identity 5  # the table\\n2.5 target 2\\n")]
    ['setup identity 5', 'target 2']
    """
    taps: list[Tap] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = "" if raw.lstrip().startswith("#") else _COMMENT.sub("", raw)
        words = shlex.split(line)
        if not words:
            continue
        if len(words) < 2:
            raise TapError(f"line {number}: expected 'SECONDS COMMAND ARGS...', got {raw!r}")
        try:
            t = float(words[0])
        except ValueError:
            raise TapError(f"line {number}: {words[0]!r} is not a time in seconds") from None
        taps.append(Tap(t, words[1], tuple(words[2:]), number))
    return sorted(taps, key=lambda tap: tap.t)
