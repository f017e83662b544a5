"""Game records: the ``.sgs`` text format (like PGN) and its JSON form.

A record is a few header lines ``[Key "value"]``, a blank line, then one
move per line in the notation of :mod:`engine.moves`. ``;`` starts a
comment. See docs/record-format.md.

>>> text = '[Mode "identity"]\\n\\nsetup identity 5\\nrole 1 lord ; shown at once\\n'
>>> record = parse_record(text)
>>> [str(m) for m in record.moves]
['setup identity 5 packages=standard,ex,maneuvering', 'role 1 lord']
>>> parse_record(format_record(record)) == record
True
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

from engine.game import Game
from engine.moves import Move, MoveSyntaxError
from engine.table import IllegalMove

FORMAT = "sgs-table 1"
JSON_FORMAT = "sgs-table/1"
MAX_RECORD_BYTES = 4_000_000  # a very long game is ~3,000 moves, about 60 kB
MAX_MOVES = 100_000
_HEADER = re.compile(r'\[([A-Za-z][A-Za-z0-9_]*) "((?:[^"\\]|\\.)*)"\]')


class RecordError(ValueError):
    """A record that cannot be read or replayed; names the line and the reason."""

    def __init__(self, line: int | None, reason: str) -> None:
        self.line = line
        self.reason = reason
        super().__init__(f"line {line}: {reason}" if line is not None else reason)


@dataclass(frozen=True)
class Record:
    headers: dict[str, str] = field(default_factory=dict)
    moves: tuple[Move, ...] = ()
    # The source line of each move, for error messages; not part of equality.
    lines: tuple[int, ...] = field(default=(), compare=False)


def _check_size(text: str) -> None:
    if len(text) > MAX_RECORD_BYTES:
        raise RecordError(
            None, f"record too large ({len(text):,} characters; at most {MAX_RECORD_BYTES:,})"
        )


def parse_record(text: str) -> Record:
    """Read a ``.sgs`` record (syntax only; :func:`replay` checks the moves)."""
    _check_size(text)
    headers: dict[str, str] = {}
    moves: list[Move] = []
    lines: list[int] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split(";", 1)[0].strip()
        if not line:
            continue
        if line.startswith("["):
            if moves:
                raise RecordError(number, "a header after the moves began")
            m = _HEADER.fullmatch(line)
            if not m:
                raise RecordError(number, 'a header looks like [Key "value"]')
            key, value = m.group(1), m.group(2).replace('\\"', '"').replace("\\\\", "\\")
            if key in headers:
                raise RecordError(number, f"header {key} given twice")
            headers[key] = value
            continue
        if len(moves) >= MAX_MOVES:
            raise RecordError(number, f"more than {MAX_MOVES:,} moves")
        try:
            moves.append(Move.parse(line))
        except MoveSyntaxError as exc:
            raise RecordError(number, str(exc)) from None
        lines.append(number)
    fmt = headers.pop("Format", FORMAT)
    if fmt != FORMAT:
        raise RecordError(None, f"format {fmt!r} is not supported (this version reads {FORMAT!r})")
    return Record(headers, tuple(moves), tuple(lines))


def format_record(record: Record) -> str:
    headers = {"Format": FORMAT, **record.headers}
    out = []
    for key, value in headers.items():
        escaped = value.replace("\\", "\\\\").replace('"', '\\"')
        out.append(f'[{key} "{escaped}"]')
    out.append("")
    out.extend(str(m) for m in record.moves)
    return "\n".join(out) + "\n"


def _depth_ok(text: str, limit: int = 32) -> bool:
    depth = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > limit:
                return False
        elif ch in "]}":
            depth -= 1
    return True


def record_to_json(record: Record) -> str:
    data = {
        "format": JSON_FORMAT,
        "headers": {"Format": FORMAT, **record.headers},
        "moves": [str(m) for m in record.moves],
    }
    return json.dumps(data, ensure_ascii=False, indent=1)


def record_from_json(text: str) -> Record:
    """The JSON form; hostile input (too big, too deep, wrong shape) is refused."""
    _check_size(text)
    if not _depth_ok(text):
        raise RecordError(None, "JSON nested too deeply (at most 32 levels)")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(exc.lineno, f"not valid JSON: {exc.msg}") from None
    if not isinstance(data, dict):
        raise RecordError(None, "a JSON record is an object with format, headers and moves")
    if data.get("format") != JSON_FORMAT:
        raise RecordError(
            None, f"format {data.get('format')!r} is not supported (expected {JSON_FORMAT!r})"
        )
    headers = data.get("headers", {})
    moves = data.get("moves")
    if not isinstance(headers, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in headers.items()
    ):
        raise RecordError(None, "headers must map names to strings")
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise RecordError(None, "moves must be a list of strings")
    if len(moves) > MAX_MOVES:
        raise RecordError(None, f"more than {MAX_MOVES:,} moves")
    parsed = []
    for number, text_move in enumerate(moves, start=1):
        try:
            parsed.append(Move.parse(text_move))
        except MoveSyntaxError as exc:
            raise RecordError(None, f"move {number}: {exc}") from None
    headers = {k: v for k, v in headers.items() if k != "Format"}
    return Record(headers, tuple(parsed), tuple(range(1, len(parsed) + 1)))


def replay(record: Record) -> Game:
    """Apply every move; RecordError names the first move the rules refuse."""
    game = Game()
    for index, move in enumerate(record.moves):
        try:
            game.push(move)
        except IllegalMove as exc:
            line = record.lines[index] if index < len(record.lines) else index + 1
            raise RecordError(line, f"{move}: {exc}") from None
    return game


def load_record(text: str) -> Record:
    """A record in either form, by its first character."""
    return record_from_json(text) if text.lstrip().startswith("{") else parse_record(text)
