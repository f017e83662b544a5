"""A game as one self-contained HTML page: the table at every move, the HP chart,
the narration, and (when given) statistics and notes.

The page loads nothing: its style, script and chart are inline, a
Content-Security-Policy forbids every request, and Chinese text is left to the
reader's fonts. The table at each move is what ``sgs-table state --at N --json``
prints (`position`), stored as the first position in full and then only what each
move changed; the script rebuilds the positions when it loads.

Its words are in the language in use when it is made: the fixed ones are filled
into the page (whose ``lang`` is that language), and those the script shows are
part of its data (``words``), as are the names of what the positions hold.

>>> from engine.game import Game
>>> game = Game()
>>> for text in ("setup identity 4", "role 1 lord", "general 1 caocao"):
...     game.push_text(text)
>>> page = render_page(game, title="<A game>", headers={"Event": "club night"})
>>> page.startswith("<!doctype html>"), "&lt;A game&gt;" in page, "<A game>" in page
(True, True, False)
"""

from __future__ import annotations

import html
import json
from collections.abc import Mapping, Sequence
from functools import cache
from importlib.resources import files
from itertools import pairwise
from string import Template

from assistant.i18n import (
    N_,
    SOURCE,
    _,
    join_list,
    language,
    mode_name,
    pgettext,
    phase_name,
    role_name,
    tr,
)
from assistant.i18n import gettext as translate  # an N_() id held in a table
from assistant.review.history import HpSeries, hp_series
from assistant.review.narration import Turn, card_label, general_name, kind_name, narrate
from assistant.review.replay import winner_name
from assistant.views.table import SLOTS
from engine.game import Game
from engine.rules import describe_winner
from engine.state import GameState, Phase, Role
from engine.views import describe_top, summary

__all__ = ["page_data", "render_page", "script_json"]

# Seat colours of the chart and the seat cards: distinct, readable on white and dark.
COLOURS = (
    "#d62728",
    "#1f77b4",
    "#2ca02c",
    "#ff7f0e",
    "#9467bd",
    "#8c564b",
    "#e377c2",
    "#17becf",
    "#7f7f7f",
    "#bcbd22",
)

CHART_WIDTH = 1000
CHART_HEIGHT = 240
CHART_LEFT = 30
CHART_RIGHT = 10
CHART_TOP = 10
CHART_BOTTOM = 24


@cache
def _asset(name: str) -> str:
    text = files("assistant.review").joinpath(name).read_text(encoding="utf-8")
    if "</" in text and name != "page.html":
        raise ValueError(f"{name} must not contain '</': it is inlined in the page")
    return text


def esc(value: object) -> str:
    """Text for HTML content and attribute values: quotes escaped too, and the line and
    paragraph separators written as references so the page's source stays plain."""
    text = html.escape(str(value), quote=True)
    return text.replace("\u2028", "&#x2028;").replace("\u2029", "&#x2029;")


def script_json(value: object) -> str:
    """JSON that can sit inside a ``<script>`` element: no ``<``, ``>`` or ``&`` (so
    no ``</script>`` or ``<!--``), and no U+2028/U+2029 line separators.

    >>> script_json({"a": "</script>\\u2028"})
    '{"a":"\\\\u003c/script\\\\u003e\\\\u2028"}'
    """
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    for raw, escaped in (
        ("<", "\\u003c"),
        (">", "\\u003e"),
        ("&", "\\u0026"),
        ("\u2028", "\\u2028"),
        ("\u2029", "\\u2029"),
    ):
        text = text.replace(raw, escaped)
    return text


# ---------------------------------------------------------------- the data


def position(state: GameState, at: int, total: int) -> dict[str, object]:
    """The table after move ``at`` of ``total``: the same dict as
    `assistant.cli.state.state_json` (which this layer cannot import: the command line
    imports the review), that is what ``sgs-table state --at N --json`` prints."""
    view = summary(state)
    view["move"] = at
    view["moves"] = total
    return view


def _delta(before: dict[str, object], after: dict[str, object]) -> dict[str, object]:
    """What changed from one position to the next: ``set`` for top-level keys, ``seats``
    for the seats that changed (by index), or ``frame`` for a whole new position."""
    if before.keys() != after.keys():
        return {"frame": after}
    changed = {k: v for k, v in after.items() if k != "seats" and before[k] != v}
    out: dict[str, object] = {}
    old_seats, new_seats = before["seats"], after["seats"]
    assert isinstance(old_seats, list) and isinstance(new_seats, list)
    if len(old_seats) != len(new_seats):
        changed["seats"] = new_seats
    else:
        seats = {
            str(i): s for i, (a, s) in enumerate(zip(old_seats, new_seats, strict=True)) if a != s
        }
        if seats:
            out["seats"] = seats
    if changed:
        out["set"] = changed
    return out


def _apply(before: dict[str, object], delta: Mapping[str, object]) -> dict[str, object]:
    """`_delta` undone, as the page's script does it (for the tests)."""
    frame = delta.get("frame")
    if isinstance(frame, dict):
        return frame
    after = dict(before)
    changed = delta.get("set", {})
    assert isinstance(changed, dict)
    after.update(changed)
    seats = delta.get("seats")
    if isinstance(seats, dict):
        new_seats = list(after["seats"])  # type: ignore[call-overload]
        for index, seat in seats.items():
            new_seats[int(index)] = seat
        after["seats"] = new_seats
    return after


def script_words(mode: str) -> dict[str, object]:
    """The words the page's script shows, in the language in use: templates with
    ``{fields}``, and the names of phases, roles (as ``mode`` names them) and
    equipment slots by their keys."""
    return {
        "hp": _("HP {hp}/{max_hp}"),
        "dead": _("dead"),
        "hand": _("hand {n}"),
        "to_act": _("to act"),
        "chained": _("chained"),
        "face_down": _("face down"),
        "over": _("game over: {result}"),
        "no_winner": _("no winner"),
        "turn": _("turn {turn}, seat {seat}, {phase}"),
        "position": _("move {n} of {total}"),
        "move": _("move {n}: {move}"),
        "before": _("before the first move"),
        "now": _("now: {frame}"),
        "phases": {phase.value: phase_name(phase) for phase in Phase},
        "roles": {role.value: role_name(role, mode) for role in Role},
        "slots": {key: translate(name) for key, name in SLOTS},
    }


def page_data(game: Game) -> dict[str, object]:
    """What the page's script reads: the positions (first in full, then deltas), each
    move's notation, the names of the generals, cards and kinds they hold, the
    settlement on top in words (by the position's own text), and the page's words."""
    total = len(game)
    states = [game.state_at(n) for n in range(total + 1)]
    frames = [position(state, n, total) for n, state in enumerate(states)]
    generals: dict[str, str] = {}
    cards: dict[str, str] = {}
    kinds: dict[str, str] = {}
    stack: dict[str, str] = {}
    for state in states:
        if state.stack:
            top = describe_top(state)
            worded = tr(top)
            if worded != str(top):
                stack.setdefault(str(top), worded)
        for seat in state.seats:
            for key in seat.generals:
                generals.setdefault(key, general_name(key))
            for card_id in seat.equipment:
                cards.setdefault(str(card_id), card_label(card_id))
            for delayed in seat.judgement:
                cards.setdefault(str(delayed.card), card_label(delayed.card))
                kinds.setdefault(delayed.kind, kind_name(delayed.kind))
    final = states[-1]
    return {
        "start": frames[0],
        "deltas": [_delta(a, b) for a, b in pairwise(frames)],
        "moves": [str(move) for move in game.moves],
        "generals": generals,
        "cards": cards,
        "kinds": kinds,
        "stack": stack,
        "result": tr(describe_winner(final.winner, final.mode)) if final.winner is not None else "",
        "colours": list(COLOURS),
        "words": script_words(final.mode),
    }


def frames_of(data: Mapping[str, object]) -> list[dict[str, object]]:
    """Every position rebuilt from `page_data` (the page's script does the same)."""
    start = data["start"]
    deltas = data["deltas"]
    assert isinstance(start, dict) and isinstance(deltas, list)
    frames = [start]
    for delta in deltas:
        frames.append(_apply(frames[-1], delta))
    return frames


# ---------------------------------------------------------------- the parts


def _headers_html(headers: Mapping[str, str]) -> str:
    if not headers:
        return ""
    rows = "".join(f"<div><dt>{esc(k)}</dt><dd>{esc(v)}</dd></div>" for k, v in headers.items())
    return f'<dl class="headers">{rows}</dl>'


def _narration_html(turns: Sequence[Turn]) -> str:
    parts = []
    for turn in turns:
        lines = "".join(
            f'<li data-move="{line.move}"><span class="n">{line.move}</span> {esc(line.text)}</li>'
            for line in turn.lines
        )
        parts.append(
            f'<div class="turn" data-turn="{turn.number}">'
            f"<h3>{esc(turn.heading)}</h3><ol>{lines}</ol></div>"
        )
    return "".join(parts)


def _chart_x(n: int, total: int) -> float:
    span = CHART_WIDTH - CHART_LEFT - CHART_RIGHT
    return CHART_LEFT + n * span / max(total, 1)


def _chart_y(hp: int, top: int) -> float:
    span = CHART_HEIGHT - CHART_TOP - CHART_BOTTOM
    return CHART_TOP + (top - max(hp, 0)) * span / max(top, 1)


def _hp_path(values: Sequence[int], top: int) -> str:
    """A step line: flat while HP stays, straight up or down at the move that changes it."""
    total = len(values) - 1
    parts = [f"M{_chart_x(0, total):.1f} {_chart_y(values[0], top):.1f}"]
    for n in range(1, len(values)):
        if values[n] != values[n - 1]:
            parts.append(f"H{_chart_x(n, total):.1f}V{_chart_y(values[n], top):.1f}")
    parts.append(f"H{_chart_x(total, total):.1f}")
    return "".join(parts)


def _seat_name(seat: int, names: Mapping[int, Sequence[str]]) -> str:
    generals = names.get(seat, ())
    if not generals:
        return _("seat {seat}").format(seat=seat)
    return _("seat {seat} ({general})").format(seat=seat, general=join_list(generals))


def _chart_html(series: HpSeries, names: Mapping[int, Sequence[str]]) -> str:
    total = series.moves
    top = max([*series.max_hp.values(), 1])
    grid = []
    for hp in range(top + 1):
        y = _chart_y(hp, top)
        grid.append(
            f'<line class="grid" x1="{CHART_LEFT}" x2="{CHART_WIDTH - CHART_RIGHT}" '
            f'y1="{y:.1f}" y2="{y:.1f}"/><text class="axis" x="{CHART_LEFT - 6}" '
            f'y="{y + 4:.1f}" text-anchor="end">{hp}</text>'
        )
    bottom = CHART_HEIGHT - CHART_BOTTOM + 16
    first, end = (esc(_("move {n}").format(n=n)) for n in (0, total))
    grid.append(f'<text class="axis" x="{CHART_LEFT}" y="{bottom}">{first}</text>')
    grid.append(
        f'<text class="axis" x="{CHART_WIDTH - CHART_RIGHT}" y="{bottom}" '
        f'text-anchor="end">{end}</text>'
    )
    lines = []
    legend = []
    for index, (seat, values) in enumerate(sorted(series.hp.items())):
        colour = COLOURS[index % len(COLOURS)]
        name = esc(_seat_name(seat, names))
        lines.append(
            f'<path class="hp" data-seat="{seat}" stroke="{colour}" '
            f'd="{_hp_path(values, top)}"><title>{name}</title></path>'
        )
        died = series.deaths.get(seat)
        if died is not None:
            x, y = _chart_x(died, total), _chart_y(0, top)
            lines.append(
                f'<text class="death" x="{x:.1f}" y="{y - 3:.1f}" fill="{colour}" '
                f'text-anchor="middle">✕</text>'
            )
        legend.append(f'<li><span class="swatch" style="background:{colour}"></span>{name}</li>')
    cursor = (
        f'<line id="cursor" x1="0" x2="0" y1="{CHART_TOP}" y2="{CHART_HEIGHT - CHART_BOTTOM}"/>'
    )
    step = (CHART_WIDTH - CHART_LEFT - CHART_RIGHT) / max(total, 1)
    label = esc(_("HP of every seat over the game"))
    svg = (
        f'<svg id="chart" viewBox="0 0 {CHART_WIDTH} {CHART_HEIGHT}" role="img" '
        f'aria-label="{label}" data-x0="{CHART_LEFT}" '
        f'data-step="{step:.4f}" data-width="{CHART_WIDTH}">'
        f"{''.join(grid)}{''.join(lines)}{cursor}</svg>"
    )
    return f'{svg}<ul class="legend">{"".join(legend)}</ul>'


# The statistics' keys (GameStats.as_json, docs/review.md) as the page names them.
STAT_LABELS = {
    "mode": N_("mode"),
    "players": N_("players"),
    "moves": N_("moves"),
    "turns": N_("turns"),
    "winner": N_("winner"),
    "totals": N_("totals"),
    "damage_dealt": N_("damage dealt"),
    "damage_taken": N_("damage taken"),
    "no_source_damage": N_("damage from no seat"),
    "seats": N_("seats"),
    "damage_matrix": N_("who damaged whom"),
    "dying": N_("dying"),
    "rescues": N_("rescues"),
    "deaths": N_("deaths"),
    "key_events": N_("key events"),
    "seat": N_("seat"),
    "generals": N_("generals"),
    "general": N_("general"),
    "role": N_("role"),
    "won": N_("won"),
    "hp": N_("HP"),
    "max_hp": N_("max HP"),
    "healing_received": N_("healing received"),
    "healing_given": N_("healing given"),
    "hp_lost": N_("HP lost"),
    "max_hp_offset": N_("max HP offset"),
    "kills": N_("kills"),
    "killed_by": N_("killed by"),
    "cards_used": N_("cards used"),
    "cards_by_type": N_("cards by type"),
    "rescues_given": N_("rescues given"),
    "saves": N_("saves"),
    "normal": N_("normal"),
    "fire": N_("fire"),
    "thunder": N_("thunder"),
    "total": N_("total"),
    "source": N_("source"),
    "to": N_("to"),
    "start": N_("from move"),
    "end": N_("to move"),
    "rescuers": N_("rescued by"),
    "survived": N_("survived"),
    "move": N_("move"),
    "card": N_("card"),
    "killer": N_("killer"),
    "kind": N_("kind"),
    "other": N_("other seat"),
    "text": N_("event"),
    "basic": N_("basic"),
    "trick": N_("trick"),
    "delayed_trick": N_("delayed trick"),
    "equipment": N_("equipment"),
}
# A key event's kind (KeyEvent.kind) as the page names it.
EVENT_KINDS = {
    "death": N_("death"),
    "save": N_("save"),
    "damage": N_("damage"),
    "role": N_("role shown"),
    "reveal": N_("general shown"),
    "win": N_("end of the game"),
}


def _label(key: object) -> str:
    """A key of the statistics by its name: a figure's, a card kind's, else the key's words."""
    name = STAT_LABELS.get(str(key))
    if name is not None:
        return translate(name)
    text = str(key)
    named = kind_name(text)
    return named if named != text else text.replace("_", " ")


def _scalar(value: object) -> str:
    if value is None:
        return "–"
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, float):
        return esc(f"{value:.3g}" if abs(value) < 1000 else f"{value:.0f}")
    return esc(value)


def _records_table(
    rows: Sequence[tuple[object, Mapping[object, object]]], depth: int, mode: str = ""
) -> str:
    """Rows of mappings as one table: a column for each key any row has, and a first
    column naming the rows unless they are only numbered (a list's items)."""
    columns: list[object] = []
    for _name, row in rows:
        columns.extend(k for k in row if k not in columns)
    named = any(name is not None for name, _row in rows)
    head = ("<th></th>" if named else "") + "".join(f"<th>{esc(_label(c))}</th>" for c in columns)
    body = "".join(
        "<tr>"
        + (f"<th>{esc(_label(name))}</th>" if named else "")
        + "".join(f"<td>{_field_html(c, row.get(c), depth + 1, mode)}</td>" for c in columns)
        + "</tr>"
        for name, row in rows
    )
    return f'<div class="scroll"><table><tr>{head}</tr>{body}</table></div>'


def _field_html(key: object, value: object, depth: int, mode: str = "") -> str:
    """A value under ``key``: keys of generals, roles, modes, winners, cards and key
    events by their names."""
    if key in ("general", "generals"):
        if isinstance(value, str):
            value = general_name(value)
        elif isinstance(value, list | tuple) and all(isinstance(v, str) for v in value):
            value = [general_name(v) for v in value]
    elif isinstance(value, str):
        value = _named_value(str(key), value, mode)
    return _value_html(value, depth, mode)


def _named_value(key: str, value: str, mode: str) -> str:
    if key == "mode":
        return mode_name(value)
    if key == "winner":
        return winner_name(value, mode)
    if key == "card":
        return kind_name(value)
    if key == "kind" and value in EVENT_KINDS:
        return translate(EVENT_KINDS[value])
    if key == "role":
        try:
            return role_name(Role(value), mode)
        except ValueError:
            return value
    return value


def _value_html(value: object, depth: int = 0, mode: str = "") -> str:
    """Any JSON-like value as HTML: a mapping of mappings (or a list of them) as a
    table, other mappings as a definition list, lists of plain values joined."""
    if depth > 4:
        return f"<code>{esc(json.dumps(value, ensure_ascii=False, default=str))}</code>"
    if isinstance(value, Mapping):
        if not value:
            return "–"
        if all(isinstance(v, Mapping) for v in value.values()):
            return _records_table(list(value.items()), depth, mode)
        items = "".join(
            f"<dt>{esc(_label(k))}</dt><dd>{_field_html(k, v, depth + 1, mode)}</dd>"
            for k, v in value.items()
        )
        return f"<dl>{items}</dl>"
    if isinstance(value, list | tuple):
        if value and all(isinstance(v, Mapping) for v in value):
            return _records_table([(None, v) for v in value], depth, mode)
        if all(not isinstance(v, Mapping | list | tuple) for v in value):
            return pgettext("list separator", ", ").join(_scalar(v) for v in value) or "–"
        items = "".join(f"<li>{_value_html(v, depth + 1, mode)}</li>" for v in value)
        return f"<ul>{items}</ul>"
    return _scalar(value)


def _stats_html(stats: Mapping[str, object] | None) -> str:
    if not stats:
        return ""
    mode = stats.get("mode")
    body = _value_html(stats, 0, mode if isinstance(mode, str) else "")
    heading = esc(_("Statistics"))
    return f'<section id="stats"><h2>{heading}</h2>{body}</section>'


def _notes_html(notes: Sequence[tuple[int, str]]) -> str:
    if not notes:
        return ""
    items = "".join(
        f'<li data-move="{int(move)}"><a href="#move={int(move)}">{esc(_move(move))}</a> '
        f'<span class="text">{esc(text)}</span></li>'
        for move, text in notes
    )
    heading = esc(_("Notes"))
    return f'<section id="notes"><h2>{heading}</h2><ol>{items}</ol></section>'


def _move(n: int) -> str:
    return _("move {n}").format(n=int(n))


# ---------------------------------------------------------------- the page


def render_page(
    game: Game,
    *,
    title: str,
    headers: Mapping[str, str],
    stats: Mapping[str, object] | None = None,
    notes: Sequence[tuple[int, str]] = (),
) -> str:
    """The whole page as one string of HTML (UTF-8 when written).

    ``headers`` are the record's headers, shown as they are (escaped); ``stats`` is
    any JSON-like mapping (such as a game's statistics) and ``notes`` are
    ``(move, text)`` pairs: their sections are left out when they are empty.
    """
    final = game.state_at(len(game))
    names = {s.seat: [general_name(g) for g in s.generals] for s in final.seats}
    total = len(game)
    fields = {
        "lang": _html_lang(),
        "title": esc(title),
        "headers": _headers_html(headers),
        "total": str(total),
        "chart": _chart_html(hp_series(game), names),
        "narration": _narration_html(narrate(game)),
        "stats": _stats_html(stats),
        "notes": _notes_html(notes),
        "data": script_json(page_data(game)),
        "style": _asset("page.css"),
        "script": _asset("page.js"),
        **{f"w_{key}": esc(text) for key, text in _page_words(total).items()},
    }
    return Template(_asset("page.html")).substitute(fields)


def _page_words(total: int) -> dict[str, str]:
    """The page's fixed words, in the language in use."""
    return {
        "table": _("The table"),
        "controls": _("Move through the game"),
        "first": _("Start (Home)"),
        "prev_turn": _("Previous turn (Page Up)"),
        "prev": _("Back one move (←)"),
        "slider": pgettext("slider", "Move"),
        "next": _("Forward one move (→)"),
        "next_turn": _("Next turn (Page Down)"),
        "last": _("End (End)"),
        "position": _("move {n} of {total}").format(n=total, total=total),
        "noscript": _("The table needs JavaScript; the narration and chart below do not."),
        "hp": _("HP"),
        "narration": _("Narration"),
    }


def _html_lang() -> str:
    """The page's ``lang``: the language in use as a language tag (the source's is English)."""
    lang = language()
    return "en" if lang == SOURCE else lang.replace("_", "-")
