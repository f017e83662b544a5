"""The ``sgs-table`` command line: subcommands of the layers below the app.

``mobile.cli`` adds the ``app`` subcommand on top of this parser, so the
command line follows the layering (the assistant never imports the app).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TextIO, TypeAlias

from assistant.demo import add_demo_command
from assistant.labels import add_labels_command
from assistant.narrate import general_name
from assistant.replay_cli import add_replay_command
from assistant.scan import add_scan_command
from assistant.store_cli import add_store_commands
from assistant.tables import format_table
from engine.cards import CardType, Package
from engine.catalogue import Catalogue, standard_catalogue
from engine.derived import attack_range, card, distance, hand_limit, kind
from engine.effects import describe_effect
from engine.generals import General, Kingdom
from engine.record import Record, RecordError, load_record, replay
from engine.rules import describe_winner
from engine.state import GameState
from engine.views import describe_frame, summary, to_act

Handler = Callable[[argparse.Namespace, TextIO], int]
# Subscripting is for the type checker only: at run time the class is not generic.
Commands: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"

DESCRIPTION = """\
sgs-table: a table assistant for physical Sanguosha (三国杀).
A phone on a stand reads the QR stickers on the cards as they are played,
keeps the public state of the game and logs a replayable record."""


def build_parser(*extensions: Callable[[Commands], None]) -> argparse.ArgumentParser:
    """The parser with the assistant's subcommands; each extension adds more."""
    parser = argparse.ArgumentParser(
        prog="sgs-table",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    commands.required = True
    _add_cards(commands)
    _add_generals(commands)
    _add_state(commands)
    _add_check(commands)
    add_labels_command(commands)
    add_store_commands(commands)
    add_scan_command(commands)
    add_replay_command(commands)
    add_demo_command(commands)
    for extend in extensions:
        extend(commands)
    return parser


def _add_cards(commands: Commands) -> None:
    p = commands.add_parser(
        "cards",
        help="list the 160 cards of the deck (id = the number on its sticker)",
        description="List the physical cards of the deck: id (printed on the card's QR "
        "sticker), name, suit and rank, type, equipment slot, weapon range, package.",
    )
    p.add_argument("--json", action="store_true", help="print a JSON list for machines")
    p.add_argument("--package", choices=[p.value for p in Package], help="only this package")
    p.add_argument("--type", choices=[t.value for t in CardType], help="only this card type")
    p.add_argument("--name", help="only this card (ASCII key or Chinese name, e.g. sha or 杀)")
    p.set_defaults(handler=_cards)


def _add_generals(commands: Commands) -> None:
    p = commands.add_parser(
        "generals",
        help="list the 25 standard generals and their skills",
        description="List the generals: kingdom, max HP, gender, lord, skills; with a name, "
        "show one general's skills in full and what they change.",
    )
    p.add_argument("general", nargs="?", help="one general (key or Chinese name)")
    p.add_argument("--json", action="store_true", help="print JSON for machines")
    p.add_argument("--kingdom", choices=[k.value for k in Kingdom], help="only this kingdom")
    p.set_defaults(handler=_generals)


def _cards(args: argparse.Namespace, out: TextIO) -> int:
    catalogue = standard_catalogue()
    cards = [
        c
        for c in catalogue.cards
        if (args.package is None or c.package.value == args.package)
        and (args.type is None or c.kind.type.value == args.type)
        and (args.name is None or args.name in (c.key, c.name))
    ]
    if args.name is not None and not cards:
        print(f"sgs-table: no card named {args.name!r}", file=sys.stderr)
        return 2
    if args.json:
        json.dump([c.as_dict() for c in cards], out, ensure_ascii=False, indent=1)
        out.write("\n")
        return 0
    rows = [
        (
            c.id,
            c.name,
            c.key,
            c.face,
            c.kind.type.value,
            c.kind.subtype.value if c.kind.subtype else "",
            c.kind.attack_range or "",
            c.package.value,
        )
        for c in cards
    ]
    headers = ("id", "name", "key", "card", "type", "subtype", "range", "package")
    out.write(format_table(headers, rows, right=(0, 6)) + "\n")
    out.write(f"{len(cards)} cards\n")
    return 0


def _generals(args: argparse.Namespace, out: TextIO) -> int:
    catalogue = standard_catalogue()
    if args.general is not None:
        return _one_general(catalogue, args.general, args.json, out)
    generals = [g for g in catalogue.generals if args.kingdom in (None, g.kingdom.value)]
    if args.json:
        json.dump([g.as_dict() for g in generals], out, ensure_ascii=False, indent=1)
        out.write("\n")
        return 0
    rows = [
        (
            g.name,
            g.key,
            f"{g.kingdom.name_zh} {g.kingdom.value}",
            g.max_hp,
            g.gender.value,
            "lord" if g.lord else "",
            " ".join(s.name for s in g.skills),
        )
        for g in generals
    ]
    headers = ("name", "key", "kingdom", "hp", "gender", "lord", "skills")
    out.write(format_table(headers, rows, right=(3,)) + "\n")
    out.write(f"{len(generals)} generals\n")
    return 0


def _one_general(catalogue: Catalogue, name: str, as_json: bool, out: TextIO) -> int:
    try:
        general: General = catalogue.general_named(name)
    except KeyError:
        print(f"sgs-table: no general named {name!r}", file=sys.stderr)
        return 2
    if as_json:
        json.dump(general.as_dict(), out, ensure_ascii=False, indent=1)
        out.write("\n")
        return 0
    out.write(
        f"{general.name} ({general.key})  {general.kingdom.name_zh} {general.kingdom.value}, "
        f"{general.max_hp} HP, {general.gender.value}{', lord' if general.lord else ''}\n"
    )
    for skill in general.skills:
        tags = [t for t, on in (("compulsory", skill.compulsory), ("lord", skill.lord)) if on]
        if skill.limit:
            tags.append(skill.limit.value.replace("_", " "))
        label = f" [{', '.join(tags)}]" if tags else ""
        out.write(f"  {skill.name} {skill.key}{label}  (timing: {skill.timing.value})\n")
        out.write(f"      {skill.text}\n")
        for effect in skill.effects:
            out.write(f"      tracks: {describe_effect(effect)}\n")
    return 0


def _add_state(commands: Commands) -> None:
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


def _add_check(commands: Commands) -> None:
    p = commands.add_parser(
        "check",
        help="validate a record and list its forced (flagged) moves",
        description="Replay a record move by move. Exit 0 when every move is legal or "
        "forced (forced moves are listed), 1 with the line and reason of the first "
        "move the rules refuse.",
    )
    p.add_argument("record", type=Path, help="a record file (.sgs or .json)")
    p.set_defaults(handler=_check)


def _read_record(path: Path) -> Record:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise RecordError(None, f"cannot read {path}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise RecordError(None, f"{path} is not UTF-8 text") from None
    return load_record(text)


def _state(args: argparse.Namespace, out: TextIO) -> int:
    try:
        record = _read_record(args.record)
        game = replay(record)
        at = len(game) if args.at is None else args.at
        if not 0 <= at <= len(game):
            print(f"sgs-table: --at {at} is outside 0..{len(game)}", file=sys.stderr)
            return 2
        state = game.state_at(at)
    except RecordError as exc:
        print(f"sgs-table: {args.record}: {exc}", file=sys.stderr)
        return 1
    view = summary(state)
    view["move"] = at
    view["moves"] = len(game)
    if args.json:
        json.dump(view, out, ensure_ascii=False, indent=1)
        out.write("\n")
        return 0
    out.write(format_state(state, at, len(game)) + "\n")
    return 0


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
        lines.append(("now: " if n == 0 else "  under it: ") + describe_frame(frame))
    acting = to_act(state)
    if acting:
        lines.append("to act: " + ", ".join(f"seat {s}" for s in acting))
    return "\n".join(lines)


def _check(args: argparse.Namespace, out: TextIO) -> int:
    try:
        record = _read_record(args.record)
        game = replay(record)
    except RecordError as exc:
        print(f"sgs-table: {args.record}: {exc}", file=sys.stderr)
        return 1
    flagged = game.flagged()
    result = describe_winner(game.state.winner) if game.state.over else "not finished"
    out.write(f"{args.record}: {len(game)} moves, legal; {result}\n")
    for number, move in flagged:
        line = record.lines[number - 1] if number - 1 < len(record.lines) else number
        out.write(f"  flagged: move {number} (line {line}): {move}\n")
    out.write(f"{len(flagged)} forced move{'s' if len(flagged) != 1 else ''}\n")
    return 0


def run(parser: argparse.ArgumentParser, argv: Sequence[str] | None, out: TextIO) -> int:
    args = parser.parse_args(argv)
    handler: Handler = args.handler
    try:
        return handler(args, out)
    except BrokenPipeError:  # e.g. `sgs-table cards | head`
        return 0


def main(argv: Sequence[str] | None = None) -> int:
    return run(build_parser(), argv, sys.stdout)
