"""``sgs-table replay GAME [--at N]``: a game told turn by turn, then the table at move N.

GAME is a stored game's id (see ``sgs-table games``; ``--db`` as for the
store commands, opened only to read) or a record file (.sgs or .json). An
unknown game, a record that does not read or replay, or an N outside the
game is one line on stderr and exit status 1 (a store that cannot be opened:
3). Reviewers' notes (``sgs-table note``) are shown under the move they are
on. ``--json`` prints the turns told, the notes and the table as one object.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from assistant.cli.arguments import Commands, add_db, error_text, open_store, read_game
from assistant.cli.note import note_lines
from assistant.cli.state import format_state, outside, state_json
from assistant.cli.status import DONE, REFUSED, error_status
from assistant.i18n import SOURCE, _, speaking
from assistant.review import format_narration, narrate
from assistant.review.narration import Turn
from assistant.store import StoreError
from engine.game import Game
from engine.record import MoveNote, RecordError

__all__ = ["add_command", "load_replay"]

RECORD_SUFFIXES = (".sgs", ".json")


def add_command(commands: Commands) -> None:
    p = commands.add_parser(
        "replay",
        help=_("tell a game turn by turn (who did what to whom, damage, deaths) and the table"),
        description=_(
            "Tell a stored game or a record file turn by turn: each line is numbered "
            "with its move, and says who did what to whom, the damage, healing, dying and "
            "deaths the rules settled, and the end. Then print the table after move N "
            "(default: the last move), as `sgs-table state` does."
        ),
    )
    p.add_argument(
        "game", metavar="GAME", help=_("a stored game's id, or a .sgs/.json record file")
    )
    p.add_argument(
        "--at", type=int, metavar="N", help=_("stop after move N (0 = before the first)")
    )
    p.add_argument("--json", action="store_true", help=_("print JSON for machines"))
    add_db(p)
    p.set_defaults(handler=_replay)


def load_replay(game: str, db: str | None) -> Game:
    """The game named on the command line: a record file, else a stored game id.

    Raises RecordError (a file that does not read or replay), StoreError (an
    unknown game or an unreachable database) or ValueError (neither).
    """
    return _load(game, db)[0]


def _load(game: str, db: str | None) -> tuple[Game, Sequence[MoveNote]]:
    """`load_replay`'s game, and its notes."""
    path = Path(game)
    if path.suffix.lower() in RECORD_SUFFIXES or path.exists() or not game.isdigit():
        record, loaded = read_game(path)
        return loaded, record.notes
    with open_store(db, write=False) as store:
        game_id = int(game)
        loaded = store.load_game(game_id)
        return loaded, [(note.move, note.text) for note in store.notes(game_id)]


def _replay(args: argparse.Namespace, out: TextIO) -> int:
    try:
        game, notes = _load(args.game, args.db)
    except (RecordError, StoreError) as exc:
        print(f"sgs-table: {error_text(exc)}", file=sys.stderr)
        return error_status(exc)
    at = len(game) if args.at is None else args.at
    if not 0 <= at <= len(game):
        print(f"sgs-table: {outside(at, len(game))}", file=sys.stderr)
        return REFUSED
    shown = [note for note in notes if note[0] <= at]
    if args.json:
        with speaking(SOURCE):  # the narration the same in every language
            report = _replay_json(game, at, shown)
        json.dump(report, out, ensure_ascii=False, indent=1)
        out.write("\n")
        return DONE
    turns = narrate(game, at)
    story = _with_notes(turns, shown) if shown else format_narration(turns)
    if story:
        out.write(story + "\n\n")
    out.write(format_state(game.state_at(at), at, len(game)) + "\n")
    return DONE


def _replay_json(game: Game, at: int, notes: Sequence[MoveNote]) -> dict[str, object]:
    """What ``replay --json`` prints: the turns told, the notes, the table at move ``at``."""
    return {
        "at": at,
        "moves": len(game),
        "turns": [
            {
                "number": turn.number,
                "seat": turn.seat,
                "heading": turn.heading,
                "lines": [{"move": line.move, "text": line.text} for line in turn.lines],
            }
            for turn in narrate(game, at)
        ],
        "notes": [{"move": move, "text": text} for move, text in notes],
        "state": state_json(game.state_at(at), at, len(game)),
    }


def _with_notes(turns: Sequence[Turn], notes: Sequence[MoveNote]) -> str:
    """The narration as `format_narration` words it, each note after the lines of its
    move (before the next turn's heading when it is on the last move of a turn)."""
    pending = sorted(notes, key=lambda note: note[0])
    out: list[str] = []

    def notes_before(move: int) -> None:
        while pending and pending[0][0] < move:
            out.extend(note_lines(*pending.pop(0)))

    for turn in turns:
        if turn.lines:
            notes_before(turn.lines[0].move)
        out.append(turn.heading)
        for line in turn.lines:
            notes_before(line.move)
            out.append(f"{line.move:>6}  {line.text}")
    notes_before(sys.maxsize)
    return "\n".join(out)
