"""``sgs-table state``: the table after move N of a record; `format_state` words a table."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TextIO

from assistant.cli.arguments import Commands, read_game
from assistant.cli.terminal import format_table
from assistant.review import general_name
from engine.derived import attack_range, card, distance, hand_limit, kind
from engine.record import RecordError
from engine.rules import describe_winner
from engine.state import GameState
from engine.views import describe_frame, summary, to_act

__all__ = ["add_command", "format_state", "state_json"]


def add_command(commands: Commands) -> None:
    p = commands.add_parser(
        "state",
        help="the table after move N of a record: HP, hands, ranges, distances, whose turn",
        description="Replay a record (.sgs or .json) and print the public state after move N "
        "(default: the end): per seat HP, max HP, hand count and limit, attack range, "
        "equipment and judgement zone; the distance matrix; the turn and phase; the "
        "settlement stack and who is to act; the winner when the game is over.",
    )
    p.add_argument("record", type=Path, help="a record file (.sgs or .json)")
    p.add_argument("--at", type=int, metavar="N", help="after move N (0 = before the first)")
    p.add_argument("--json", action="store_true", help="print JSON for machines")
    p.set_defaults(handler=_state)


def _state(args: argparse.Namespace, out: TextIO) -> int:
    try:
        _, game = read_game(args.record)
        at = len(game) if args.at is None else args.at
        if not 0 <= at <= len(game):
            print(f"sgs-table: --at {at} is outside 0..{len(game)}", file=sys.stderr)
            return 2
        state = game.state_at(at)
    except RecordError as exc:
        print(f"sgs-table: {exc}", file=sys.stderr)
        return 1
    if args.json:
        json.dump(state_json(state, at, len(game)), out, ensure_ascii=False, indent=1)
        out.write("\n")
        return 0
    out.write(format_state(state, at, len(game)) + "\n")
    return 0


def state_json(state: GameState, at: int, total: int) -> dict[str, object]:
    """The table after move ``at`` of ``total`` as ``sgs-table state --json`` prints it."""
    view = summary(state)
    view["move"] = at
    view["moves"] = total
    return view


def format_state(state: GameState, at: int, total: int) -> str:
    """The table in words: seats, distances, turn, settlement stack, who acts."""
    lines = [f"{state.mode}, {state.players} players, after move {at} of {total}"]
    rows = []
    for seat in state.seats:
        alive = seat.alive
        rows.append(
            (
                seat.seat,
                ",".join(general_name(g) for g in seat.generals) or "-",
                seat.role.value if seat.role else "?",
                f"{seat.hp}/{seat.max_hp}" if alive else "dead",
                seat.hand_count,
                hand_limit(state, seat.seat).value if alive else "",
                attack_range(state, seat.seat).value if alive else "",
                " ".join(card(c).name for c in seat.equipment),
                " ".join(kind(d.kind).name for d in seat.judgement),
            )
        )
    headers = ("seat", "general", "role", "hp", "hand", "limit", "range", "equipment", "judgement")
    lines += [format_table(headers, rows, right=(0, 4, 5, 6)), ""]
    lines.append("distance (row: from, column: to)")
    matrix = []
    for a in state.seats:
        row: list[object] = [a.seat]
        for b in state.seats:
            d = distance(state, a.seat, b.seat)
            row.append("-" if d is None else d.value)
        matrix.append(row)
    numbers = tuple(str(s.seat) for s in state.seats)
    lines += [format_table(("", *numbers), matrix, right=tuple(range(len(numbers) + 1))), ""]
    if state.over:
        lines.append(f"game over: {describe_winner(state.winner)}")
    elif state.turn.seat:
        turn = state.turn
        lines.append(f"turn {turn.number}: seat {turn.seat}, {turn.phase.value} phase")
    else:
        lines.append("setup")
    for n, frame in enumerate(reversed(state.stack)):
        lines.append(("now: " if n == 0 else "  under it: ") + str(describe_frame(frame)))
    acting = to_act(state)
    if acting:
        lines.append("to act: " + ", ".join(f"seat {s}" for s in acting))
    return "\n".join(lines)
