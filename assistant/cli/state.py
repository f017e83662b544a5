"""``sgs-table state``: the table after move N of a record; `format_state` words a table.

Before the setup (``--at 0``) there is no table: one line says so. A finished
game is its result: the winner, and each seat's general, role, whether it won
and how it ended, instead of a table of dead seats and distances.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TextIO

from assistant.cli.arguments import Commands, error_text, read_game
from assistant.cli.status import REFUSED
from assistant.cli.terminal import format_table
from assistant.cli.words import general_key_name
from assistant.i18n import (
    SOURCE,
    _,
    card_name,
    join_list,
    mode_name,
    ngettext,
    phase_name,
    role_name,
    speaking,
    tr,
)
from assistant.review.stats import seat_won
from engine.derived import attack_range, card, distance, hand_limit, kind
from engine.record import RecordError
from engine.rules import describe_winner
from engine.state import GameState, Phase
from engine.views import describe_frame, summary, to_act

__all__ = ["add_command", "format_state", "state_json"]


def add_command(commands: Commands) -> None:
    p = commands.add_parser(
        "state",
        help=_("the table after move N of a record: HP, hands, ranges, distances, whose turn"),
        description=_(
            "Replay a record (.sgs or .json) and print the public state after move N "
            "(default: the end): per seat HP, max HP, hand count and limit, attack range, "
            "equipment and judgement zone; the distance matrix; the turn and phase; the "
            "settlement stack and who is to act; the winner when the game is over."
        ),
    )
    p.add_argument("record", type=Path, help=_("a record file (.sgs or .json)"))
    p.add_argument("--at", type=int, metavar="N", help=_("after move N (0 = before the first)"))
    p.add_argument("--json", action="store_true", help=_("print JSON for machines"))
    p.set_defaults(handler=_state)


def _state(args: argparse.Namespace, out: TextIO) -> int:
    try:
        _record, game = read_game(args.record)
        at = len(game) if args.at is None else args.at
        if not 0 <= at <= len(game):
            print(f"sgs-table: {outside(at, len(game))}", file=sys.stderr)
            return REFUSED
        state = game.state_at(at)
    except RecordError as exc:
        print(f"sgs-table: {error_text(exc)}", file=sys.stderr)
        return 1
    if args.json:
        json.dump(state_json(state, at, len(game)), out, ensure_ascii=False, indent=1)
        out.write("\n")
        return 0
    out.write(format_state(state, at, len(game)) + "\n")
    return 0


def state_json(state: GameState, at: int, total: int) -> dict[str, object]:
    """The table after move ``at`` of ``total`` as ``sgs-table state --json`` prints it:
    the same in every language. Before the setup it is the empty table (mode ``""``,
    no players, no seats); a finished game's has its ``winner``."""
    with speaking(SOURCE):
        view = summary(state)
    view["move"] = at
    view["moves"] = total
    return view


def _before_setup(state: GameState) -> bool:
    return state.players == 0


def outside(at: int, total: int) -> str:
    """The line refusing ``--at N`` outside the game."""
    return _("--at {at} is outside 0..{total}").format(at=at, total=total)


def format_state(state: GameState, at: int, total: int) -> str:
    """The table in words: seats, distances, turn, settlement stack, who acts; before the
    setup, one line; a finished game, its result (see the module docstring)."""
    if _before_setup(state):
        return _("before the setup (move {at} of {total}): there is no table yet").format(
            at=at, total=total
        )
    if state.over:
        return _format_result(state, at, total)
    heading = ngettext(
        "{mode}, {players} player, after move {at} of {total}",
        "{mode}, {players} players, after move {at} of {total}",
        state.players,
    )
    lines = [heading.format(mode=mode_name(state.mode), players=state.players, at=at, total=total)]
    rows = []
    for seat in state.seats:
        alive = seat.alive
        rows.append(
            (
                seat.seat,
                ",".join(general_key_name(g) for g in seat.generals) or "-",
                role_name(seat.role, state.mode) if seat.role else "?",
                f"{seat.hp}/{seat.max_hp}" if alive else _("dead"),
                seat.hand_count,
                hand_limit(state, seat.seat).value if alive else "",
                attack_range(state, seat.seat).value if alive else "",
                " ".join(card_name(card(c)) for c in seat.equipment),
                " ".join(card_name(kind(d.kind)) for d in seat.judgement),
            )
        )
    headers = (
        _("seat"),
        _("general"),
        _("role"),
        _("hp"),
        _("hand"),
        _("limit"),
        _("range"),
        _("equipment"),
        _("judgement"),
    )
    lines += [format_table(headers, rows, right=(0, 4, 5, 6)), ""]
    lines.append(_("distance (row: from, column: to)"))
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
        lines.append(
            _("game over: {result}").format(result=tr(describe_winner(state.winner, state.mode)))
        )
    elif state.turn.seat:
        turn = state.turn
        lines.append(
            _("turn {turn}: seat {seat}, {phase}").format(
                turn=turn.number, seat=turn.seat, phase=phase_name(turn.phase)
            )
        )
    else:
        lines.append(phase_name(Phase.SETUP))
    for n, frame in enumerate(reversed(state.stack)):
        settling = tr(describe_frame(frame))
        if n == 0:
            lines.append(_("now: {frame}").format(frame=settling))
        else:
            lines.append("  " + _("under it: {frame}").format(frame=settling))
    acting = to_act(state)
    if acting:
        seats = join_list(_("seat {seat}").format(seat=s) for s in acting)
        lines.append(_("to act: {seats}").format(seats=seats))
    return "\n".join(lines)


def _format_result(state: GameState, at: int, total: int) -> str:
    """A finished game: who won, and each seat's general, role, result and end."""
    heading = ngettext(
        "{mode}, {players} player, game over after move {at} of {total}",
        "{mode}, {players} players, game over after move {at} of {total}",
        state.players,
    ).format(mode=mode_name(state.mode), players=state.players, at=at, total=total)
    result = _("game over: {result}").format(result=tr(describe_winner(state.winner, state.mode)))
    rows = []
    for seat in state.seats:
        won = seat_won(state, seat.seat)
        rows.append(
            (
                seat.seat,
                ",".join(general_key_name(g) for g in seat.generals) or "-",
                role_name(seat.role, state.mode) if seat.role else "?",
                "?" if won is None else _("won") if won else _("lost"),
                f"{seat.hp}/{seat.max_hp}" if seat.alive else _("dead"),
            )
        )
    headers = (_("seat"), _("general"), _("role"), _("result"), _("hp"))
    return "\n".join([heading, result, "", format_table(headers, rows, right=(0,))])
