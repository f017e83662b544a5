"""``sgs-table correct GAME replace|insert|delete N [MOVE...]``: a correction that keeps
the game, on a stored game, after a look at what it changes.

The correction is planned on the game as stored (`TableSession.plan_correction`)
and its preview printed: the move changed, how many later moves are played
again and which are set aside (and why), the passes it adds, what differs at
the end of the game. Then it asks for confirmation, unless ``--yes``; with
standard input not a terminal and no ``--yes`` it refuses in one line,
nothing changed. Made, it is one transaction of rows in the store (the log
stays append-only; ``sgs-table versions GAME`` lists it). A game with a
journal (one played, not imported) journals it as the table script's
``replace``/``insert``/``delete`` after a ``resume``, so ``sgs-table inputs``
still plays back to the same game.

Exit status: 0 when made, 1 when refused, declined or not confirmed.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

from assistant.cli.arguments import Commands, add_db, with_store
from assistant.i18n import _
from assistant.session import (
    Command,
    CorrectionPlan,
    CorrectionRefused,
    Reply,
    TableSession,
    perform,
)
from assistant.store import Store

__all__ = ["add_command"]

KINDS = ("replace", "insert", "delete")


def add_command(commands: Commands) -> None:
    p = commands.add_parser(
        "correct",
        help=_("replace, insert or delete a move of a stored game, keeping the later moves"),
        description=_(
            "Correct move N of a stored game: replace it by MOVE, insert MOVE before it "
            "(as move N), or delete it. The later moves are played again where they still "
            "fit; those that no longer do are set aside and listed. What changes is shown "
            "first, and asked to be confirmed (--yes: without asking). The stored log keeps "
            "every version (`sgs-table versions GAME`)."
        ),
    )
    p.add_argument("game", type=int, help=_("the game's id (see `sgs-table games`)"))
    p.add_argument("kind", choices=KINDS, help=_("what to do with move N"))
    p.add_argument("number", type=int, metavar="N", help=_("the move's number (2..moves)"))
    p.add_argument(
        "move",
        nargs="*",
        metavar="MOVE",
        help=_("the move in the record notation (docs/record-format.md); none for delete"),
    )
    p.add_argument("--yes", action="store_true", help=_("make the correction without asking"))
    p.add_argument("--json", action="store_true", help=_("print JSON for machines"))
    add_db(p)
    p.set_defaults(handler=_correct)


def _correct(args: argparse.Namespace, out: TextIO) -> int:
    return with_store(args.db, lambda store: _planned(store, args, out), write=True, existing=True)


def _planned(store: Store, args: argparse.Namespace, out: TextIO) -> int:
    session = TableSession.resume(store, args.game)
    text = " ".join(args.move)
    try:
        plan = session.plan_correction(args.kind, args.number, text)
    except CorrectionRefused as exc:
        _refuse(str(exc))
        return 1
    result: dict[str, Any] = {"game": args.game, "plan": plan.as_json(), "applied": False}
    if not args.json:
        out.write("\n".join(plan.lines()) + "\n")
        out.flush()
    if not args.yes:
        problem = _confirmed(sys.stderr if args.json else out)
        if problem is not None:
            if args.json:
                _dump({**result, "message": problem}, out)
            _refuse(problem)
            return 1
    reply = _make(session, store, args, plan, text)
    if not reply.ok:
        if args.json:
            _dump({**result, "message": reply.message}, out)
        _refuse(reply.message)
        return 1
    version = store.versions(args.game)[-1]
    if args.json:
        _dump({**result, "applied": True, "message": reply.message, "version": version.number}, out)
        return 0
    said = _("corrected: {change} (game {game}, version {version})")
    out.write(said.format(change=reply.message, game=args.game, version=version.number) + "\n")
    return 0


def _confirmed(out: TextIO) -> str | None:
    """None when the person at the terminal confirms (asked on ``out``); else why
    nothing was made."""
    if not sys.stdin.isatty():
        return _("not made: confirm with --yes (standard input is not a terminal)")
    # TRANSLATORS: the answer that confirms is y (or yes), whatever the language
    out.write(_("Make this correction? [y/N] "))
    out.flush()
    answer = sys.stdin.readline().strip().lower()
    if answer in ("y", "yes"):
        return None
    return _("not made: the correction was not confirmed")


def _make(
    session: TableSession, store: Store, args: argparse.Namespace, plan: CorrectionPlan, text: str
) -> Reply:
    """Make the correction; journaled (after a ``resume``) when the game has a journal."""
    if store.next_input(args.game)[0] == 1:
        return session.apply_correction(plan)
    perform(session, Command("resume", t=session.t))
    words = (str(args.number), *text.split())
    return perform(session, Command(args.kind, words, session.t))


def _refuse(message: str) -> None:
    print(f"sgs-table: correct: {message}", file=sys.stderr)


def _dump(result: dict[str, Any], out: TextIO) -> None:
    json.dump(result, out, ensure_ascii=False, indent=1)
    out.write("\n")
