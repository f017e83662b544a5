"""``sgs-table stats GAME|RECORD [--json]`` and ``sgs-table stats --all [--json]``.

The figures of one game (damage, healing, HP lost, kills and deaths, cards
used, dying and rescues, turns, who damaged whom, key events), or the wins
by mode, role, general and player over every stored game. GAME is a stored
game's id or a record file, as for ``replay``; ``--db`` as for the store
commands. What each figure means: ``docs/review.md``, "Statistics".
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator, Mapping
from typing import TextIO

from assistant.cli.arguments import DB_HELP, Commands, with_store
from assistant.cli.replay import load_replay
from assistant.cli.terminal import format_table
from assistant.review import AcrossGames, GameStats, SeatStats, WinCount, across_games, game_stats
from assistant.review.narration import general_name, kind_name
from assistant.store import Store, StoreError
from engine.game import Game
from engine.record import RecordError

__all__ = ["add_command", "format_across", "format_game_stats"]

# What a person reads, in one place (to be wrapped for translation).
TEXT = {
    "help": "the figures of a game (damage, healing, kills, cards ...) or wins over all games",
    "description": "Print the figures of a stored game or a record file: per seat the damage "
    "dealt and taken (normal, fire, thunder), healing, HP lost, kills and deaths, cards used, "
    "dying and rescues, turns; who damaged whom; the key events with their move numbers. "
    "With --all, the wins by mode, role, general and player over every stored game.",
    "game_help": "a stored game's id, or a .sgs/.json record file",
    "all_help": "wins by mode, role, general and player over all the stored games",
    "json_help": "print JSON for machines",
    "one_of": "give a GAME or --all, not both",
    "heading": "{mode}, {players} players, {moves} moves, {turns} turns; {result}",
    "winner": "winner: {winner}",
    "no_winner": "no winner yet",
    "seats": "Seats",
    "damage": "Damage by element (dealt / taken)",
    "matrix": "Who damaged whom (row: source, column: target)",
    "cards": "Cards used",
    "dying": "Dying",
    "events": "Key events",
    "no_source": "none",
    "won": "won",
    "lost": "lost",
    "unknown": "-",
    "survived": "survived",
    "died": "died",
    "still": "still dying",
    "games": "{games} games, {finished} finished",
    "by_mode": "By mode",
    "by_role": "By role",
    "by_general": "By general",
    "by_player": "By player",
    "nothing": "(none)",
}

SEAT_HEADERS = (
    "seat",
    "general",
    "role",
    "result",
    "turns",
    "dealt",
    "taken",
    "healed",
    "healing given",
    "HP lost",
    "kills",
    "deaths",
    "killed by",
    "dying",
    "rescues",
    "saves",
)
DAMAGE_HEADERS = ("seat", "normal", "fire", "thunder")
CARD_HEADERS = ("seat", "basic", "trick", "delayed", "equipment", "cards")
DYING_HEADERS = ("seat", "from move", "to move", "rescued by", "outcome")
EVENT_HEADERS = ("move", "event")
MODE_HEADERS = ("mode", "games", "finished", "winners")
WIN_HEADERS = ("played", "decided", "wins", "win rate")


def add_command(commands: Commands) -> None:
    p = commands.add_parser("stats", help=TEXT["help"], description=TEXT["description"])
    p.add_argument("game", metavar="GAME", nargs="?", help=TEXT["game_help"])
    p.add_argument("--all", action="store_true", help=TEXT["all_help"])
    p.add_argument("--json", action="store_true", help=TEXT["json_help"])
    p.add_argument("--db", metavar="URL", help=DB_HELP)
    p.set_defaults(handler=_stats)


def _stats(args: argparse.Namespace, out: TextIO) -> int:
    if bool(args.all) == bool(args.game):
        print(f"sgs-table: {TEXT['one_of']}", file=sys.stderr)
        return 1
    if args.all:
        return with_store(args.db, lambda store: _across(store, args.json, out))
    try:
        game = load_replay(args.game, args.db)
    except (RecordError, StoreError) as exc:
        print(f"sgs-table: {exc}", file=sys.stderr)
        return 1
    stats = game_stats(game)
    if args.json:
        _dump(stats.as_json(), out)
    else:
        out.write(format_game_stats(stats) + "\n")
    return 0


def _dump(value: object, out: TextIO) -> None:
    json.dump(value, out, ensure_ascii=False, indent=1)
    out.write("\n")


def _stored_games(store: Store) -> Iterator[tuple[Mapping[str, str], Game]]:
    for summary in store.games():
        yield summary.headers, store.load_game(summary.id)


def _across(store: Store, as_json: bool, out: TextIO) -> int:
    result = across_games(_stored_games(store))
    if as_json:
        _dump(result.as_json(), out)
    else:
        out.write(format_across(result) + "\n")
    return 0


# ---------------------------------------------------------------- one game


def _result(won: bool | None) -> str:
    return TEXT["unknown"] if won is None else TEXT["won"] if won else TEXT["lost"]


def _generals(seat: SeatStats) -> str:
    return ",".join(general_name(g) for g in seat.generals)


def _seat_row(s: SeatStats) -> tuple[object, ...]:
    killers = ",".join(str(k) if k else TEXT["no_source"] for k in s.killed_by)
    return (
        s.seat,
        _generals(s),
        s.role or TEXT["unknown"],
        _result(s.won),
        s.turns,
        s.dealt,
        s.taken,
        s.healing_received,
        s.healing_given,
        s.hp_lost,
        s.kills,
        s.deaths,
        killers,
        s.dying,
        s.rescues_given,
        s.saves,
    )


def _damage_rows(stats: GameStats) -> list[tuple[object, ...]]:
    rows: list[tuple[object, ...]] = [
        (s.seat, *(f"{s.damage_dealt[e]} / {s.damage_taken[e]}" for e in DAMAGE_HEADERS[1:]))
        for s in stats.seats
    ]
    none = stats.no_source_damage
    rows.append((TEXT["no_source"], *(f"{none[e]} / -" for e in DAMAGE_HEADERS[1:])))
    return rows


def _matrix(stats: GameStats) -> str:
    headers = ("", *(str(n) for n in range(1, stats.players + 1)))
    rows = [
        (str(source) if source else TEXT["no_source"], *row)
        for source, row in enumerate(stats.damage_matrix)
    ]
    rows = rows[1:] + rows[:1]  # the seats first, damage with no source last
    return format_table(headers, rows, right=tuple(range(1, stats.players + 1)))


def _cards_row(s: SeatStats) -> tuple[object, ...]:
    types = s.cards_by_type()
    named = ", ".join(f"{kind_name(k)} {n}" for k, n in s.cards_used.items())
    return (
        s.seat,
        types["basic"],
        types["trick"],
        types["delayed_trick"],
        types["equipment"],
        named,
    )


def _dying_rows(stats: GameStats) -> list[tuple[object, ...]]:
    rows: list[tuple[object, ...]] = []
    for d in stats.dying:
        outcome = TEXT["still"] if d.end is None else TEXT["survived" if d.survived else "died"]
        rescuers = ",".join(str(r) for r in d.rescuers)
        rows.append(
            (d.seat, d.start, TEXT["unknown"] if d.end is None else d.end, rescuers, outcome)
        )
    return rows


def _section(title: str, table: str) -> str:
    return f"{title}\n{table}"


def format_game_stats(stats: GameStats) -> str:
    """The figures of a game as aligned tables, one section each."""
    result = TEXT["winner"].format(winner=stats.winner) if stats.winner else TEXT["no_winner"]
    heading = TEXT["heading"].format(
        mode=stats.mode,
        players=stats.players,
        moves=stats.moves,
        turns=stats.turns,
        result=result,
    )
    numbers = (*range(4, 12), *range(13, 16))
    parts = [
        heading,
        _section(
            TEXT["seats"],
            format_table(SEAT_HEADERS, [_seat_row(s) for s in stats.seats], (0, *numbers)),
        ),
        _section(TEXT["damage"], format_table(DAMAGE_HEADERS, _damage_rows(stats), (0, 1, 2, 3))),
        _section(TEXT["matrix"], _matrix(stats)),
        _section(
            TEXT["cards"],
            format_table(CARD_HEADERS, [_cards_row(s) for s in stats.seats], (0, 1, 2, 3, 4)),
        ),
    ]
    if stats.dying:
        parts.append(
            _section(TEXT["dying"], format_table(DYING_HEADERS, _dying_rows(stats), (0, 1, 2)))
        )
    events = [(e.move, e.text) for e in stats.key_events]
    parts.append(
        _section(
            TEXT["events"], format_table(EVENT_HEADERS, events, (0,)) if events else TEXT["nothing"]
        )
    )
    return "\n\n".join(parts)


# ---------------------------------------------------------------- across games


def _rate(count: WinCount) -> str:
    rate = count.win_rate
    return TEXT["unknown"] if rate is None else f"{rate:.0%}"


def _win_table(first: tuple[str, ...], counts: tuple[WinCount, ...], name: bool = False) -> str:
    if not counts:
        return TEXT["nothing"]
    rows = [
        (
            *((c.mode,) if len(first) == 2 else ()),
            general_name(c.key) if name else c.key,
            c.played,
            c.decided,
            c.wins,
            _rate(c),
        )
        for c in counts
    ]
    numbers = tuple(range(len(first), len(first) + len(WIN_HEADERS)))
    return format_table((*first, *WIN_HEADERS), rows, numbers)


def format_across(result: AcrossGames) -> str:
    """Wins by mode, role, general and player, as aligned tables."""
    modes = [
        (
            m.mode,
            m.games,
            m.finished,
            ", ".join(f"{side} {n}" for side, n in sorted(m.winners.items())),
        )
        for m in result.by_mode
    ]
    parts = [
        TEXT["games"].format(games=result.games, finished=result.finished),
        _section(
            TEXT["by_mode"],
            format_table(MODE_HEADERS, modes, (1, 2)) if modes else TEXT["nothing"],
        ),
        _section(TEXT["by_role"], _win_table(("mode", "role"), result.by_role)),
        _section(TEXT["by_general"], _win_table(("general",), result.by_general, name=True)),
        _section(TEXT["by_player"], _win_table(("player",), result.by_player)),
    ]
    return "\n\n".join(parts)
