"""What the log and replay screens show, as plain values: no Kivy, nothing computed twice.

The log screen (记录) lists the moves in words under their turns' headings:
:func:`log_rows` turns the :func:`~assistant.review.history.log_entries` into the
rows it draws, one heading row per turn and one row per sentence, marked
强制 for a forced move and 已修正 for one that replaced a mistaken move
(:func:`corrected_moves` reads that from the stored log). The rows have a
fixed width and wrap; :func:`text_em` estimates a text's width so the
screen can give a long line two rows' height without measuring 3,000 labels.

The replay screen (回放) shows a stored game at any move: a :class:`Replay`
holds one loaded game with its log and HP series computed once, and the
table at move ``n`` on demand (kept, so sliding back and forth is cheap).
:func:`chart_lines`, :func:`step_points` and :func:`tick_step` are the
numbers of its HP chart; :func:`game_line` is a line of its games list.
The chart runs over turns: :func:`turn_hp` keeps each seat's HP at the end of
every turn, and :func:`turn_positions` places each move inside its turn for
the chart's cursor. :func:`next_in` and :func:`previous_in` find the replay's
next or previous point of interest (a key move, a seat's move).

>>> from engine.game import Game
>>> game = Game()
>>> for text in ["setup identity 4", "role 1 lord", "general 1 liubei",
...              "general 2 guanyu", "general 3 zhaoyun", "general 4 lvbu",
...              "deal", "next", "draw 1 x2"]:
...     game.push_text(text)
>>> rows = log_rows(log_entries(game), corrected=frozenset({4}))
>>> [(row.kind, row.move, row.text, row.tag) for row in rows[:3]]
[('heading', 0, 'Setup', ''), ('entry', 1, 'an identity game for 4 players', ''), \
('entry', 2, 'seat 1 is the lord', '')]
>>> [(row.move, row.flag, row.tag) for row in rows if row.tag]
[(4, 'corrected', 'corrected')]
>>> [row.text for row in rows if row.kind == "heading"]
['Setup', 'Turn 1 — seat 1 (刘备), lord']
>>> rows[-1].move, rows[-1].text
(9, 'seat 1 draws 2')
>>> replay = Replay(game)
>>> replay.moves, replay.names[1], replay.view(9).heading
(9, '1 刘备', 'Turn 1 · seat 1 (刘备) · play phase')
>>> replay.lines(9)
('seat 1 draws 2',)
>>> chart_lines(replay.hp)[4][-1]
4
>>> replay.turn_count, replay.turn_start(1), replay.turn_of(9), replay.next_action(1, 0)
(1, 8, 1, 9)
>>> replay.chart_x[7:], replay.turn_hp.hp[1]
((0.0, 0.5, 1.0), (4, 4))
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

from assistant.i18n import N_, _, mode_name, ngettext, tr
from assistant.i18n import gettext as translate  # an N_() id held in a table
from assistant.review.history import (
    HpSeries,
    LogEntry,
    hp_series,
    key_moves,
    log_entries,
    move_actor,
    move_turns,
)
from assistant.store import GameSummary, StoredMove
from assistant.views import TableView, table_view
from engine.game import Game
from engine.modes import mode_named
from engine.rules import describe_winner

__all__ = [
    "LogRow",
    "Replay",
    "chart_lines",
    "corrected_moves",
    "game_line",
    "log_rows",
    "next_in",
    "previous_in",
    "step_points",
    "text_em",
    "tick_step",
    "turn_hp",
    "turn_positions",
    "winner_name",
]

# A log row's flags; its tag is the flag's name in the language in use (强制, 已修正).
FORCED_TAG = N_("forced")
CORRECTED_TAG = N_("corrected")

# Who won, as the games list and the replay's title say it; a kingdom by its name.
WINNER_NAMES = {
    "draw": N_("a draw"),
    "lord": N_("lord and loyalists win"),
    "loyalist": N_("loyalists win"),
    "rebel": N_("rebels win"),
    "renegade": N_("renegade wins"),
    "warm": N_("warm side wins"),
    "cold": N_("cold side wins"),
    "careerist": N_("careerist wins"),
}


@dataclass(frozen=True, slots=True)
class LogRow:
    """One row of the log screen: a turn's heading, or one sentence of a move.

    ``first`` is False for the second and later sentences of a move (the
    screen shows the move's number once); ``flag`` is `FORCED_TAG`,
    `CORRECTED_TAG` or "", and ``tag`` its name as the screen shows it (强制, 已修正).
    """

    kind: str  # "heading" or "entry"
    move: int  # 0 for a heading
    text: str
    notation: str = ""
    tag: str = ""
    first: bool = True
    flag: str = ""


def corrected_moves(rows: Sequence[StoredMove]) -> frozenset[int]:
    """The move numbers (1 = first, as in effect) whose row corrected an earlier one.

    ``rows`` are the stored rows in effect (`Store.moves`); a row that
    supersedes another and plays a move is a correction.

    >>> corrected_moves([StoredMove(1, "setup identity 4"), StoredMove(3, "role 1 lord", 2)])
    frozenset({2})
    """
    return frozenset(
        number
        for number, row in enumerate(rows, start=1)
        if row.supersedes is not None and row.text is not None
    )


def log_rows(entries: Iterable[LogEntry], corrected: frozenset[int] = frozenset()) -> list[LogRow]:
    """The log screen's rows: a heading when the turn changes, then the entries under it."""
    rows: list[LogRow] = []
    heading: str | None = None
    last_move = 0
    for entry in entries:
        if entry.heading != heading:
            heading = entry.heading
            rows.append(LogRow("heading", 0, heading))
        if entry.forced:
            flag = FORCED_TAG
        elif entry.move in corrected:
            flag = CORRECTED_TAG
        else:
            flag = ""
        first = entry.move != last_move
        last_move = entry.move
        tag = translate(flag) if flag else ""
        rows.append(LogRow("entry", entry.move, entry.text, entry.notation, tag, first, flag))
    return rows


# Upper bounds of the packaged font's advance widths, in ems (Noto Sans SC):
# CJK and symbols 1, the widest Latin letters 0.95, and so on down to a space.
_NARROW = frozenset("fijlrtI!'\",.:;()[]{}|-/\\`")
_WIDE = frozenset("mwMW%@")


def _char_em(ch: str) -> float:
    if ord(ch) >= 128:
        return 1.0
    if ch == " ":
        return 0.23
    if ch in _NARROW:
        return 0.4
    if ch in _WIDE:
        return 0.95
    return 0.75 if ch.isupper() else 0.63


def text_em(text: str) -> float:
    """A safe estimate of the text's width in ems (font sizes): never less than it draws.

    >>> text_em("seat 4 甘宁")
    5.38
    """
    return round(sum(_char_em(ch) for ch in text), 3)


def text_lines(text: str, width_em: float) -> int:
    """How many lines the text takes in a box ``width_em`` ems wide (at least 1).

    Lines break between words, so a wrapped text is given a tenth more room.

    >>> text_lines("seat 4 甘宁", 10), text_lines("seat 4 甘宁", 5)
    (1, 2)
    """
    if width_em <= 0:
        return 1
    em = text_em(text)
    if em <= width_em:
        return 1
    return math.ceil(em / (width_em * 0.9))


def tick_step(span: float, most: int) -> int:
    """The step of an axis's ticks: 1, 2 or 5 times a power of ten, at most ``most`` ticks.

    >>> tick_step(417, 8), tick_step(2333, 10), tick_step(18, 8), tick_step(0, 5)
    (100, 500, 5, 1)
    """
    most = max(1, most)
    base = 1
    while True:
        for factor in (1, 2, 5):
            step = base * factor
            if span / step <= most:
                return step
        base *= 10


def chart_lines(hp: HpSeries) -> dict[int, tuple[int, ...]]:
    """Each seat's HP after each move as the chart draws it: below 0 drawn as 0, ending at death.

    ``values[n]`` is the HP after move ``n``; a dead seat's values stop at
    the move that killed it.
    """
    out: dict[int, tuple[int, ...]] = {}
    for seat, values in hp.hp.items():
        end = hp.deaths.get(seat, len(values) - 1)
        out[seat] = tuple(max(v, 0) for v in values[: end + 1])
    return out


def step_points(values: Sequence[int]) -> list[tuple[int, int]]:
    """The corners of a step line through the values: (move, HP) where HP changes.

    The line starts at the first HP above 0 (before it the seat has no general yet).

    >>> step_points([4, 4, 3, 3, 3, 4])
    [(0, 4), (2, 4), (2, 3), (5, 3), (5, 4)]
    >>> step_points([0, 0, 3, 3])
    [(2, 3), (3, 3)]
    >>> step_points([0, 0])
    []
    """
    start = next((n for n, v in enumerate(values) if v > 0), None)
    if start is None:
        return []
    points = [(start, values[start])]
    for n in range(start + 1, len(values)):
        if values[n] != values[n - 1]:
            points.append((n, values[n - 1]))
            points.append((n, values[n]))
    last = len(values) - 1
    if points[-1][0] != last:
        points.append((last, values[last]))
    return points


def turn_ends(turns: Sequence[int]) -> tuple[int, ...]:
    """The last move of each turn 0..T (turn 0: the setup), from the turn after each move.

    >>> turn_ends([0, 0, 0, 1, 1, 2])
    (2, 4, 5)
    """
    last = turns[-1] if turns else 0
    return tuple(bisect.bisect_right(turns, t) - 1 for t in range(last + 1))


def turn_hp(hp: HpSeries, turns: Sequence[int]) -> HpSeries:
    """The HP series over turns: ``hp[seat][t]`` at the end of turn ``t``, deaths by turn.

    >>> series = HpSeries(4, {1: (0, 4, 3, 2, 0)}, {1: 4}, {1: 4})
    >>> by_turn = turn_hp(series, [0, 0, 1, 1, 2])
    >>> by_turn.moves, by_turn.hp, by_turn.deaths
    (2, {1: (4, 2, 0)}, {1: 2})
    """
    ends = turn_ends(turns)
    values = {seat: tuple(hp_values[end] for end in ends) for seat, hp_values in hp.hp.items()}
    deaths = {seat: turns[move] for seat, move in hp.deaths.items()}
    return HpSeries(len(ends) - 1, values, dict(hp.max_hp), deaths)


def turn_positions(turns: Sequence[int]) -> tuple[float, ...]:
    """Where each move sits on the turns axis: a turn's moves spread over (t - 1, t].

    The setup's moves (turn 0) all sit at 0; the last move of turn ``t`` at ``t``.

    >>> turn_positions([0, 0, 1, 1, 2])
    (0.0, 0.0, 0.5, 1.0, 2.0)
    """
    ends = turn_ends(turns)
    out: list[float] = []
    for n, t in enumerate(turns):
        if t == 0:
            out.append(0.0)
            continue
        first = ends[t - 1] + 1
        out.append(t - 1 + (n - first + 1) / (ends[t] - first + 1))
    return tuple(out)


def next_in(points: Sequence[int], n: int) -> int | None:
    """The first of the sorted ``points`` after ``n``, or None.

    >>> next_in([3, 7], 3), next_in([3, 7], 7)
    (7, None)
    """
    i = bisect.bisect_right(points, n)
    return points[i] if i < len(points) else None


def previous_in(points: Sequence[int], n: int) -> int | None:
    """The last of the sorted ``points`` before ``n``, or None.

    >>> previous_in([3, 7], 7), previous_in([3, 7], 3)
    (3, None)
    """
    i = bisect.bisect_left(points, n)
    return points[i - 1] if i > 0 else None


def winner_name(winner: str | None, mode: str = "") -> str:
    """'主公忠臣胜' for the side that won; '' while the game goes on.

    >>> from assistant.i18n import set_language
    >>> chosen = set_language("zh_CN")
    >>> winner_name("lord"), winner_name("wei"), winner_name("landlord"), winner_name(None)
    ('主公忠臣胜', '魏胜', '地主胜', '')
    >>> winner_name("seat3")
    '3号位胜'

    """
    if winner is None:
        return ""
    named = mode_named(mode) if mode else None
    if named is not None and named.first_and_second is not None:
        return tr(describe_winner(winner, mode))  # 1v1: 先手胜, 后手胜
    name = WINNER_NAMES.get(winner)
    if name is not None:
        return translate(name)
    # a kingdom, a seat (逐鹿天下), another mode's side (斗地主's landlord ...)
    return tr(describe_winner(winner))


def _when(created_at: str) -> str:
    try:
        moment = datetime.fromisoformat(created_at)
    except ValueError:
        return created_at[:16]
    if moment.tzinfo is not None:
        moment = moment.astimezone()
    return moment.strftime("%m-%d %H:%M")


def game_line(game: GameSummary) -> str:
    """One line of the games list.

    >>> from assistant.i18n import set_language
    >>> chosen = set_language("zh_CN")
    >>> g = GameSummary(3, "2026-11-21T10:46:56", "identity", 8, "", {}, 420, 417, "over", "lord")
    >>> game_line(g)
    '#3 · 11-21 10:46 · 身份局 8人 · 417 步 · 已结束 主公忠臣胜'
    """
    if game.status == "playing":
        status = _("in progress")
    elif game.winner is None:
        status = _("finished")
    else:
        status = _("finished: {result}").format(result=winner_name(game.winner, game.mode))
    table = ngettext("{mode}, {n} player", "{mode}, {n} players", game.players).format(
        mode=mode_name(game.mode), n=game.players
    )
    moves = ngettext("{n} move", "{n} moves", game.moves).format(n=game.moves)
    return " · ".join((f"#{game.id}", _when(game.created_at), table, moves, status))


class Replay:
    """One game loaded for the replay screen: its log, HP series and tables, computed once.

    ``view(n)`` is the table after move ``n`` (0: before any), computed the
    first time it is asked for and kept; ``lines(n)`` are the log's
    sentences for move ``n``.

    For navigation: ``turn_start(t)`` is the first move of turn ``t``,
    ``next_key``/``previous_key`` the key moves around ``n`` (``keys``
    given, or :func:`~assistant.review.history.key_moves`), ``next_action`` a
    seat's next move. ``chart`` is the HP over turns (``turn_hp``), and
    ``chart_x[n]`` where move ``n`` sits on it.
    """

    def __init__(self, game: Game, keys: Sequence[int] | None = None) -> None:
        self.game = game
        self.moves = len(game)
        self.hp = hp_series(game)
        self.turns = move_turns(game)
        self.turn_count = self.turns[-1]
        self.turn_hp = turn_hp(self.hp, self.turns)
        self.chart = chart_lines(self.turn_hp)
        self.chart_x = turn_positions(self.turns)
        found = key_moves(game) if keys is None else keys
        self.key_moves = tuple(sorted(set(found)))
        self._actors = tuple(move_actor(move) for move in game.moves)
        self._lines: dict[int, list[str]] = {}
        self._notation: dict[int, str] = {}
        for entry in log_entries(game):
            self._lines.setdefault(entry.move, []).append(entry.text)
            self._notation[entry.move] = entry.notation
        self._views: dict[int, TableView] = {}
        final = self.view(self.moves)
        self.names = {s.seat: f"{s.seat} {s.general}".strip() for s in final.seats}
        self.over = final.over
        self.winner = game.state.winner

    def view(self, n: int) -> TableView:
        n = min(max(n, 0), self.moves)
        found = self._views.get(n)
        if found is None:
            found = self._views[n] = table_view(self.game.state_at(n))
        return found

    def lines(self, n: int) -> tuple[str, ...]:
        return tuple(self._lines.get(n, ()))

    def notation(self, n: int) -> str:
        return self._notation.get(n, "")

    def turn_of(self, n: int) -> int:
        """The turn (0: the setup) the table is in after move ``n``."""
        return self.turns[min(max(n, 0), self.moves)]

    def turn_start(self, turn: int) -> int:
        """The first move of the turn (clamped to 1..the last turn); 0 for turn 0."""
        turn = min(max(turn, 0), self.turn_count)
        if turn == 0:
            return 0
        return bisect.bisect_left(self.turns, turn)

    def turn_seat(self, turn: int) -> int:
        """Whose turn it is (0 for the setup)."""
        return self.game.state_at(self.turn_start(turn)).turn.seat

    def next_key(self, n: int) -> int | None:
        return next_in(self.key_moves, n)

    def previous_key(self, n: int) -> int | None:
        return previous_in(self.key_moves, n)

    def next_action(self, seat: int, n: int) -> int | None:
        """The first move after move ``n`` that the seat made, or None."""
        for number in range(max(n, 0) + 1, self.moves + 1):
            if self._actors[number - 1] == seat:
                return number
        return None
