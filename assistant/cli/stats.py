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
from collections.abc import Callable, Iterator, Mapping
from typing import TextIO

from assistant.cli.arguments import Commands, add_db, error_text, with_store
from assistant.cli.replay import load_replay
from assistant.cli.status import USAGE, error_status
from assistant.cli.terminal import format_table
from assistant.cli.words import card_key_name, general_key_name, side_name
from assistant.i18n import SOURCE, _, join_list, mode_name, ngettext, pgettext, speaking
from assistant.review import AcrossGames, GameStats, SeatStats, WinCount, across_games, game_stats
from assistant.store import Store, StoreError
from engine.game import Game
from engine.record import RecordError

__all__ = ["add_command", "format_across", "format_game_stats"]

# The damage elements, as the figures key them.
ELEMENTS = ("normal", "fire", "thunder")


def add_command(commands: Commands) -> None:
    p = commands.add_parser(
        "stats",
        help=_("the figures of a game (damage, healing, kills, cards ...) or wins over all games"),
        description=_(
            "Print the figures of a stored game or a record file: per seat the damage "
            "dealt and taken (normal, fire, thunder), healing, HP lost, kills and deaths, cards "
            "used, dying and rescues, turns; who damaged whom; the key events with their move "
            "numbers. With --all, the wins by mode, role, general and player over every stored "
            "game."
        ),
    )
    p.add_argument(
        "game", metavar="GAME", nargs="?", help=_("a stored game's id, or a .sgs/.json record file")
    )
    p.add_argument(
        "--all",
        action="store_true",
        help=_("wins by mode, role, general and player over all the stored games"),
    )
    p.add_argument("--json", action="store_true", help=_("print JSON for machines"))
    add_db(p)
    p.set_defaults(handler=_stats)


def _stats(args: argparse.Namespace, out: TextIO) -> int:
    if bool(args.all) == bool(args.game):
        print("sgs-table: " + _("give a GAME or --all, not both"), file=sys.stderr)
        return USAGE
    if args.all:
        return with_store(args.db, lambda store: _across(store, args.json, out))
    try:
        game = load_replay(args.game, args.db)
    except (RecordError, StoreError) as exc:
        print(f"sgs-table: {error_text(exc)}", file=sys.stderr)
        return error_status(exc)
    if args.json:
        with speaking(SOURCE):  # the key events' texts the same in every language
            _dump(game_stats(game).as_json(), out)
    else:
        out.write(format_game_stats(game_stats(game)) + "\n")
    return 0


def _dump(value: object, out: TextIO) -> None:
    json.dump(value, out, ensure_ascii=False, indent=1)
    out.write("\n")


def _stored_games(store: Store) -> Iterator[tuple[Mapping[str, str], Game]]:
    for summary in store.games():
        yield summary.headers, store.load_game(summary.id)


def _across(store: Store, as_json: bool, out: TextIO) -> int:
    if as_json:
        with speaking(SOURCE):
            _dump(across_games(_stored_games(store)).as_json(), out)
    else:
        out.write(format_across(across_games(_stored_games(store))) + "\n")
    return 0


# ---------------------------------------------------------------- one game


def _unknown() -> str:
    return "-"


def _no_source() -> str:
    # TRANSLATORS: damage with no source (a lightning), in the statistics' tables
    return _("none")


def _nothing() -> str:
    # TRANSLATORS: a statistics section with nothing in it
    return _("(none)")


def _result(won: bool | None) -> str:
    return _unknown() if won is None else _("won") if won else _("lost")


def _generals(seat: SeatStats) -> str:
    return ",".join(general_key_name(g) for g in seat.generals)


def _seat_headers() -> tuple[str, ...]:
    return (
        _("seat"),
        _("general"),
        _("role"),
        _("result"),
        _("turns"),
        _("dealt"),
        _("taken"),
        _("healed"),
        _("healing given"),
        _("HP lost"),
        _("kills"),
        _("deaths"),
        _("killed by"),
        _("dying"),
        _("rescues"),
        _("saves"),
    )


def _seat_row(s: SeatStats, mode: str) -> tuple[object, ...]:
    killers = ",".join(str(k) if k else _no_source() for k in s.killed_by)
    return (
        s.seat,
        _generals(s),
        side_name(s.role, mode) if s.role else _unknown(),
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


def _damage_headers() -> tuple[str, ...]:
    return (
        _("seat"),
        pgettext("damage", "normal"),
        pgettext("damage", "fire"),
        pgettext("damage", "thunder"),
    )


def _damage_rows(stats: GameStats) -> list[tuple[object, ...]]:
    rows: list[tuple[object, ...]] = [
        (s.seat, *(f"{s.damage_dealt[e]} / {s.damage_taken[e]}" for e in ELEMENTS))
        for s in stats.seats
    ]
    none = stats.no_source_damage
    rows.append((_no_source(), *(f"{none[e]} / -" for e in ELEMENTS)))
    return rows


def _matrix(stats: GameStats) -> str:
    headers = ("", *(str(n) for n in range(1, stats.players + 1)))
    rows = [
        (str(source) if source else _no_source(), *row)
        for source, row in enumerate(stats.damage_matrix)
    ]
    rows = rows[1:] + rows[:1]  # the seats first, damage with no source last
    return format_table(headers, rows, right=tuple(range(1, stats.players + 1)))


def _cards_headers() -> tuple[str, ...]:
    return (
        _("seat"),
        pgettext("card type", "basic"),
        pgettext("card type", "trick"),
        pgettext("card type", "delayed trick"),
        pgettext("card type", "equipment"),
        _("cards"),
    )


def _cards_row(s: SeatStats) -> tuple[object, ...]:
    types = s.cards_by_type()
    named = join_list(f"{card_key_name(k)} {n}" for k, n in s.cards_used.items())
    return (
        s.seat,
        types["basic"],
        types["trick"],
        types["delayed_trick"],
        types["equipment"],
        named,
    )


def _dying_headers() -> tuple[str, ...]:
    return (_("seat"), _("from move"), _("to move"), _("rescued by"), _("outcome"))


def _dying_rows(stats: GameStats) -> list[tuple[object, ...]]:
    rows: list[tuple[object, ...]] = []
    for d in stats.dying:
        survived = _("survived") if d.survived else _("died")
        outcome = _("still dying") if d.end is None else survived
        rescuers = ",".join(str(r) for r in d.rescuers)
        rows.append((d.seat, d.start, _unknown() if d.end is None else d.end, rescuers, outcome))
    return rows


def _section(title: str, table: str) -> str:
    return f"{title}\n{table}"


def format_game_stats(stats: GameStats) -> str:
    """The figures of a game as aligned tables, one section each."""
    if stats.winner:
        result = _("winner: {winner}").format(winner=side_name(stats.winner, stats.mode))
    else:
        result = _("no winner yet")
    game = join_list(
        (
            mode_name(stats.mode),
            ngettext("{n} player", "{n} players", stats.players).format(n=stats.players),
            ngettext("{n} move", "{n} moves", stats.moves).format(n=stats.moves),
            ngettext("{n} turn", "{n} turns", stats.turns).format(n=stats.turns),
        )
    )
    # TRANSLATORS: {game} is "identity, 4 players, 27 moves, 2 turns"
    heading = _("{game}; {result}").format(game=game, result=result)
    numbers = (*range(4, 12), *range(13, 16))
    seats = [_seat_row(s, stats.mode) for s in stats.seats]
    parts = [
        heading,
        _section(_("Seats"), format_table(_seat_headers(), seats, (0, *numbers))),
        _section(
            _("Damage by element (dealt / taken)"),
            format_table(_damage_headers(), _damage_rows(stats), (0, 1, 2, 3)),
        ),
        _section(_("Who damaged whom (row: source, column: target)"), _matrix(stats)),
        _section(
            _("Cards used"),
            format_table(_cards_headers(), [_cards_row(s) for s in stats.seats], (0, 1, 2, 3, 4)),
        ),
    ]
    if stats.dying:
        parts.append(
            _section(_("Dying"), format_table(_dying_headers(), _dying_rows(stats), (0, 1, 2)))
        )
    events = [(e.move, e.text) for e in stats.key_events]
    event_headers = (_("move"), _("event"))
    parts.append(
        _section(
            _("Key events"),
            format_table(event_headers, events, (0,)) if events else _nothing(),
        )
    )
    return "\n\n".join(parts)


# ---------------------------------------------------------------- across games


def _rate(count: WinCount) -> str:
    rate = count.win_rate
    return _unknown() if rate is None else f"{rate:.0%}"


def _win_headers() -> tuple[str, ...]:
    return (_("played"), _("decided"), _("wins"), _("win rate"))


def _win_table(
    first: tuple[str, ...], counts: tuple[WinCount, ...], name: Callable[[WinCount], str]
) -> str:
    if not counts:
        return _nothing()
    rows = [
        (
            *((mode_name(c.mode),) if len(first) == 2 else ()),
            name(c),
            c.played,
            c.decided,
            c.wins,
            _rate(c),
        )
        for c in counts
    ]
    headers = (*first, *_win_headers())
    numbers = tuple(range(len(first), len(headers)))
    return format_table(headers, rows, numbers)


def format_across(result: AcrossGames) -> str:
    """Wins by mode, role, general and player, as aligned tables."""
    modes = [
        (
            mode_name(m.mode),
            m.games,
            m.finished,
            join_list(f"{side_name(side, m.mode)} {n}" for side, n in sorted(m.winners.items())),
        )
        for m in result.by_mode
    ]
    mode_headers = (_("mode"), _("games"), _("finished"), _("winners"))
    games = ngettext(
        "{n} game, {finished} finished", "{n} games, {finished} finished", result.games
    )
    parts = [
        games.format(n=result.games, finished=result.finished),
        _section(
            _("By mode"),
            format_table(mode_headers, modes, (1, 2)) if modes else _nothing(),
        ),
        _section(
            _("By role"),
            _win_table((_("mode"), _("role")), result.by_role, lambda c: side_name(c.key, c.mode)),
        ),
        _section(
            _("By general"),
            _win_table((_("general"),), result.by_general, lambda c: general_key_name(c.key)),
        ),
        _section(_("By player"), _win_table((_("player"),), result.by_player, lambda c: c.key)),
    ]
    return "\n\n".join(parts)
