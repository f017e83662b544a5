"""``sgs-table note GAME MOVE TEXT``: a reviewer's note on a move of a stored game;
``sgs-table note GAME``: the game's notes.

A note is on a position, move MOVE of the moves in effect (0: the game as a
whole, before its first move), and is kept with the game, append only: it is
exported and imported with the record (docs/record-format.md) and shown by
``sgs-table replay`` under its move. An unknown game, a move outside the game
or an empty note is one line on stderr and exit status 1; a store that does
not exist is status 3 (a note is never the reason a database is created).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from dataclasses import asdict
from typing import TextIO

from assistant.cli.arguments import Commands, add_db, with_store
from assistant.cli.terminal import display_width
from assistant.i18n import SOURCE, _, ngettext, speaking
from assistant.store import Note, Store
from engine.moves import shown

__all__ = ["add_command", "note_lines"]

MAX_DIGITS = 9
_LINE_END = re.compile(r"\r\n|\r|\n")


def add_command(commands: Commands) -> None:
    p = commands.add_parser(
        "note",
        help=_("add a note to a move of a stored game, or list the game's notes"),
        description=_(
            "With MOVE and TEXT, add a reviewer's note on move MOVE of the moves in "
            "effect (0: the game as a whole); notes are never changed or removed, and are kept "
            "by export and import. With the game alone, list its notes."
        ),
    )
    p.add_argument(
        "game", type=_number, metavar="GAME", help=_("the game's id (see `sgs-table games`)")
    )
    p.add_argument(
        "move",
        type=_number,
        nargs="?",
        metavar="MOVE",
        help=_("the move the note is on (0..moves)"),
    )
    p.add_argument(
        "text",
        nargs="?",
        metavar="TEXT",
        help=_("the note (quote it; `--` first if it starts with -)"),
    )
    p.add_argument("--json", action="store_true", help=_("print JSON for machines"))
    add_db(p)
    p.set_defaults(handler=_note)


def _number(text: str) -> int:
    """An argparse type: a whole number of at most MAX_DIGITS digits, never echoed whole."""
    if not (text.isascii() and text.isdigit()) or len(text) > MAX_DIGITS:
        raise argparse.ArgumentTypeError(
            _("not a number of at most {digits} digits: {text}").format(
                digits=MAX_DIGITS, text=shown(text, 20)
            )
        )
    return int(text)


def note_lines(move: int, text: str, label: str | None = None) -> list[str]:
    """A note as the terminal shows it: under its move number as `sgs-table replay`
    numbers its lines, then ``label`` (default: "note:"); a text of several lines goes
    on under the first."""
    first, *rest = _LINE_END.split(text)
    if label is None:
        label = _("note:")
    head = f"{move:>6}  {label} "
    return [head + first, *(" " * display_width(head) + line for line in rest)]


def _note(args: argparse.Namespace, out: TextIO) -> int:
    if args.move is not None and args.text is None:
        print("sgs-table: note: " + _("give the note's TEXT after its MOVE"), file=sys.stderr)
        return 2

    def act(store: Store) -> int:
        if args.move is not None:
            return _add(store, args, out)
        return _list(store, args.game, args.json, out)

    return with_store(args.db, act, write=args.move is not None, existing=True)


def _add(store: Store, args: argparse.Namespace, out: TextIO) -> int:
    seq = store.add_note(args.game, args.move, args.text)
    if args.json:
        json.dump({"game": args.game, "note": seq, "move": args.move}, out)
        out.write("\n")
    else:
        added = _("note {note} added to game {game}, on move {move}")
        out.write(added.format(note=seq, game=args.game, move=args.move) + "\n")
    return 0


def _list(store: Store, game_id: int, as_json: bool, out: TextIO) -> int:
    notes = store.notes(game_id)
    if as_json:
        with speaking(SOURCE):
            json.dump([asdict(note) for note in notes], out, ensure_ascii=False, indent=1)
        out.write("\n")
        return 0
    moves = len(store.moves(game_id))
    for note in notes:
        out.write("\n".join(note_lines(note.move, note.text, _label(note, moves))) + "\n")
    # TRANSLATORS: {notes} is "3 notes", {moves} the number of moves in effect
    count = ngettext(
        "{notes} on game {game} ({moves} move in effect)",
        "{notes} on game {game} ({moves} moves in effect)",
        moves,
    )
    notes_count = ngettext("{n} note", "{n} notes", len(notes)).format(n=len(notes))
    out.write(count.format(notes=notes_count, game=game_id, moves=moves) + "\n")
    return 0


def _label(note: Note, moves: int) -> str:
    """When the note was written (UTC, to the minute), and whether an undo left it
    beyond the moves in effect (kept, but not exported until the game is that long)."""
    written = note.created_at[:16].replace("T", " ")
    if note.move > moves:
        return _("{time} (beyond the moves in effect):").format(time=written)
    return _("{time}:").format(time=written)
