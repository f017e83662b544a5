"""Game records: the ``.sgs`` text format (like PGN) and its JSON form.

A record is a few header lines ``[Key "value"]``, a blank line, then one
move per line in the notation of :mod:`engine.moves`. ``;`` starts a
comment. A line ``;; note "text"`` is a reviewer's note on the move before
it (move 0, the game as a whole, before the first move): a comment to older
readers, kept by this one. See docs/record-format.md.

Hostile input is refused in one line before it costs much: a file is
bounded in bytes before it is decoded (:func:`decode_record`), a header and a
move line in characters before they are read, every number before it is
converted; messages name a bad value, cut short, never echo it whole. Only
``\n`` and ``\r`` end a line (not U+2028, form feed ... as
``str.splitlines`` would), and a UTF-8 byte-order mark is skipped. Any
header value the store can hold is written with escapes that read back.
:func:`check_game` is what makes a record a game, for every reader alike.

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
import unicodedata
from dataclasses import dataclass, field

from engine.game import Game
from engine.moves import Move, MoveSyntaxError, Setup, shown, unforced
from engine.table import IllegalMove

FORMAT = "sgs-table 1"
JSON_FORMAT = "sgs-table/1"
MAX_RECORD_BYTES = 4_000_000  # a very long game is ~3,000 moves, about 60 kB
MAX_MOVES = 100_000
MAX_HEADERS = 100
MAX_HEADER_CHARS = 10_000  # one header line
MAX_NOTES = 10_000
MAX_NOTE_CHARS = 2_000  # one note's text
MAX_NOTE_LINE = 12 * MAX_NOTE_CHARS + 16  # its .sgs line, every character escaped
MAX_JSON_DIGITS = 15  # a number in the JSON form
HEADER_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
_HEADER_START = re.compile(r'\[([A-Za-z][A-Za-z0-9_]*) "')
_NOTE_START = re.compile(r';;[ \t]*note[ \t]*"')
_LINE_END = re.compile(r"\r\n|\r|\n")
_BOM = "\ufeff"
# Escapes in a header value: the character each stands for.
_ESCAPES = {'"': '"', "\\": "\\", "n": "\n", "r": "\r", "t": "\t"}
_HEX = re.compile(r"[0-9a-fA-F]{4}")


class RecordError(ValueError):
    """A record that cannot be read or replayed; names the line and the reason."""

    def __init__(self, line: int | None, reason: str) -> None:
        self.line = line
        self.reason = reason
        super().__init__(f"line {line}: {reason}" if line is not None else reason)


MoveNote = tuple[int, str]
"""A note: the number of the move it is on (0: the game, before its first move), its text."""


@dataclass(frozen=True)
class Record:
    headers: dict[str, str] = field(default_factory=dict)
    moves: tuple[Move, ...] = ()
    # The source line of each move, for error messages; not part of equality.
    lines: tuple[int, ...] = field(default=(), compare=False)
    # Reviewers' notes, in order of their moves (and as written on one move).
    notes: tuple[MoveNote, ...] = ()


def _check_size(text: str) -> None:
    size = len(text)
    if size <= MAX_RECORD_BYTES:
        size = len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_RECORD_BYTES:
        raise RecordError(None, f"record too large (over {MAX_RECORD_BYTES:,} bytes of UTF-8)")


def decode_record(data: bytes) -> Record:
    """A record file's bytes (either form): at most MAX_RECORD_BYTES, UTF-8, a
    byte-order mark allowed. A reader bounds what it reads by the same limit
    (read MAX_RECORD_BYTES + 1 bytes, never the whole file)."""
    if len(data) > MAX_RECORD_BYTES:
        raise RecordError(None, f"record too large (over {MAX_RECORD_BYTES:,} bytes)")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RecordError(None, f"not UTF-8 text (byte {exc.start + 1:,} is not)") from None
    return load_record(text)


def _unicode(text: str, what: str) -> str:
    """``text`` unless it holds a lone surrogate (possible only through JSON escapes),
    which no file, store or terminal can hold."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise RecordError(
            None, f"{what}: not valid Unicode (a lone surrogate at character {exc.start + 1:,})"
        ) from None
    return text


def parse_record(text: str) -> Record:
    """Read a ``.sgs`` record (syntax only; :func:`replay` checks the moves)."""
    _check_size(text)
    headers: dict[str, str] = {}
    moves: list[Move] = []
    lines: list[int] = []
    notes: list[MoveNote] = []
    for number, raw in enumerate(_LINE_END.split(text.removeprefix(_BOM)), start=1):
        start = raw.lstrip()[:16]
        if _NOTE_START.match(start):
            if len(notes) >= MAX_NOTES:
                raise RecordError(number, f"more than {MAX_NOTES:,} notes")
            notes.append((len(moves), _read_note(raw.strip(), number)))
            continue
        if start.startswith("["):
            if moves:
                raise RecordError(number, "a header after the moves began")
            key, value = _read_header(raw.strip(), number)
            if key in headers:
                raise RecordError(number, f"header {key} given twice")
            if len(headers) >= MAX_HEADERS:
                raise RecordError(number, f"more than {MAX_HEADERS} headers")
            headers[key] = value
            continue
        line = raw.split(";", 1)[0].strip()
        if not line:
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
        raise RecordError(
            None, f"format {shown(fmt)} is not supported (this version reads {FORMAT!r})"
        )
    return Record(headers, tuple(moves), tuple(lines), tuple(notes))


def _read_header(line: str, number: int) -> tuple[str, str]:
    """``[Key "value"]``, then nothing but a comment; the value's escapes undone."""
    if len(line) > MAX_HEADER_CHARS:
        raise RecordError(number, f"a header line is at most {MAX_HEADER_CHARS:,} characters")
    start = _HEADER_START.match(line)
    if start is None:
        raise RecordError(number, 'a header looks like [Key "value"]')
    value, i = _read_quoted(line, start.end(), number, "header")
    rest = line[i + 1 :].lstrip()
    if i >= len(line) or not rest.startswith("]") or rest[1:].strip()[:1] not in ("", ";"):
        raise RecordError(number, 'a header looks like [Key "value"]')
    return start.group(1), value


def _read_note(line: str, number: int) -> str:
    """``;; note "text"``, then nothing but a comment; the text's escapes undone (the
    same escapes as a header value's)."""
    if len(line) > MAX_NOTE_LINE:
        raise RecordError(number, f"a note line is at most {MAX_NOTE_LINE:,} characters")
    start = _NOTE_START.match(line)
    assert start is not None  # the caller matched it
    text, i = _read_quoted(line, start.end(), number, "note")
    if i >= len(line) or line[i + 1 :].strip()[:1] not in ("", ";"):
        raise RecordError(number, 'a note looks like ;; note "text"')
    problem = note_problem(text)
    if problem:
        raise RecordError(number, problem)
    return text


def _read_quoted(line: str, i: int, number: int, what: str) -> tuple[str, int]:
    """The text from ``line[i]`` up to the next unescaped quote, its escapes undone, and
    where that quote is (``len(line)`` when there is none)."""
    value: list[str] = []
    while i < len(line) and line[i] != '"':
        ch = line[i]
        if ch == "\\" and i + 1 < len(line):
            ch, i = _unescape(line, i + 1, number, what)
        else:
            i += 1
        value.append(ch)
    return "".join(value), i


def _unescape(line: str, i: int, number: int, what: str = "header") -> tuple[str, int]:
    """The character an escape at ``line[i]`` (after its backslash) stands for, and
    where the text goes on. An unknown escape is kept as written."""
    letter = line[i]
    if letter in _ESCAPES:
        return _ESCAPES[letter], i + 1
    if letter != "u":
        return "\\" + letter, i + 1
    digits = line[i + 1 : i + 5]
    if not _HEX.fullmatch(digits):
        raise RecordError(number, f"a {what} escape \\u takes four hex digits")
    code = int(digits, 16)
    end = i + 5
    if 0xD800 <= code <= 0xDBFF and line[end : end + 2] == "\\u":  # a pair, as JSON
        low = line[end + 2 : end + 6]
        if _HEX.fullmatch(low) and 0xDC00 <= int(low, 16) <= 0xDFFF:
            code = 0x10000 + ((code - 0xD800) << 10) + (int(low, 16) - 0xDC00)
            end += 6
    if 0xD800 <= code <= 0xDFFF:
        raise RecordError(number, f"a {what} escape names a lone surrogate")
    return chr(code), end


def _escaped(value: str) -> str:
    """A header value or a note as the ``.sgs`` form writes it: quotes, backslashes and every
    character that could end a line, hide text or steer a terminal (controls,
    format characters, line and paragraph separators) escaped.

    >>> _escaped('Alice; "Bob"\u2028\x1b')
    'Alice; \\\\"Bob\\\\"\\\\u2028\\\\u001b'
    >>> print(_escaped("two\\nlines"))
    two\\nlines
    """
    out = []
    for ch in value:
        if ch in ('"', "\\"):
            out.append("\\" + ch)
        elif ch in _SHORT_ESCAPES:
            out.append(_SHORT_ESCAPES[ch])
        elif unicodedata.category(ch) in HIDDEN_CATEGORIES:
            out.append(unicode_escape(ch))
        else:
            out.append(ch)
    return "".join(out)


# Characters that could end a line, hide text or steer a terminal: controls, format
# characters such as U+202E, line and paragraph separators, lone surrogates. A
# record escapes them; so does the command line's output (assistant.cli.terminal).
HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs"})
_SHORT_ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}  # readable in a note of lines


def unicode_escape(ch: str) -> str:
    """``ch`` as JSON escapes it: ``\\uXXXX``, a surrogate pair beyond U+FFFF.

    >>> unicode_escape("\\x1b"), unicode_escape("\\U000e0020")
    ('\\\\u001b', '\\\\udb40\\\\udc20')
    """
    code = ord(ch)
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    code -= 0x10000
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


def format_record(record: Record) -> str:
    """The ``.sgs`` text; each note on the line after its move (ValueError for a note
    beyond the moves, which the text cannot place: `check_game` refuses those)."""
    headers = {"Format": FORMAT, **record.headers}
    out = [f'[{key} "{_escaped(value)}"]' for key, value in headers.items()]
    out.append("")
    notes = _notes_by_move(record)
    out.extend(notes.get(0, ()))
    for number, move in enumerate(record.moves, start=1):
        out.append(str(move))
        out.extend(notes.get(number, ()))
    return "\n".join(out) + "\n"


def _notes_by_move(record: Record) -> dict[int, list[str]]:
    """The ``;; note`` lines of each move, in order."""
    lines: dict[int, list[str]] = {}
    for move, text in record.notes:
        if not 0 <= move <= len(record.moves):
            raise ValueError(f"a note on move {move}: the record has {len(record.moves)} moves")
        lines.setdefault(move, []).append(f';; note "{_escaped(text)}"')
    return lines


def note_problem(text: str) -> str | None:
    """Why ``text`` cannot be a note (empty, too long, a NUL, not valid Unicode), or None.
    Any other character is kept; PostgreSQL cannot store a NUL in text."""
    if not text:
        return "a note is not empty"
    if len(text) > MAX_NOTE_CHARS:
        return f"a note is at most {MAX_NOTE_CHARS:,} characters"
    if "\x00" in text:
        return f"a note holds no NUL character (U+0000, at character {text.index(chr(0)) + 1:,})"
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        return f"a note is not valid Unicode (a lone surrogate at character {exc.start + 1:,})"
    return None


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
    data: dict[str, object] = {
        "format": JSON_FORMAT,
        "headers": {"Format": FORMAT, **record.headers},
        "moves": [str(m) for m in record.moves],
    }
    if record.notes:  # older readers ignore the key; a game without notes is as before
        data["notes"] = [{"move": move, "text": text} for move, text in record.notes]
    return json.dumps(data, ensure_ascii=False, indent=1)


def _json_int(digits: str) -> int:
    """A JSON number without a fraction, bounded before it is converted."""
    if len(digits.lstrip("-")) > MAX_JSON_DIGITS:
        raise RecordError(None, f"a number in JSON is at most {MAX_JSON_DIGITS} digits")
    return int(digits)


def record_from_json(text: str) -> Record:
    """The JSON form; hostile input (too big, too deep, wrong shape) is refused."""
    _check_size(text)
    if not _depth_ok(text):
        raise RecordError(None, "JSON nested too deeply (at most 32 levels)")
    try:
        data = json.loads(text, parse_int=_json_int)
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
    if len(headers) > MAX_HEADERS + 1:
        raise RecordError(None, f"more than {MAX_HEADERS} headers")
    for key, value in headers.items():
        if not HEADER_NAME.fullmatch(key):
            raise RecordError(None, f"header name {shown(key, 30)}: letters, digits and _ only")
        _unicode(value, f"header {key}")
        if len(value) > MAX_HEADER_CHARS:
            raise RecordError(None, f"header {key}: at most {MAX_HEADER_CHARS:,} characters")
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise RecordError(None, "moves must be a list of strings")
    if len(moves) > MAX_MOVES:
        raise RecordError(None, f"more than {MAX_MOVES:,} moves")
    parsed = []
    for number, text_move in enumerate(moves, start=1):
        try:
            parsed.append(Move.parse(_unicode(text_move, f"move {number}")))
        except MoveSyntaxError as exc:
            raise RecordError(None, f"move {number}: {exc}") from None
    fmt = headers.get("Format", FORMAT)
    if fmt != FORMAT:
        raise RecordError(
            None, f"format {shown(fmt)} is not supported (this version reads {FORMAT!r})"
        )
    headers = {k: v for k, v in headers.items() if k != "Format"}
    notes = _json_notes(data.get("notes", []))
    return Record(headers, tuple(parsed), tuple(range(1, len(parsed) + 1)), notes)


def _json_notes(notes: object) -> tuple[MoveNote, ...]:
    """The JSON form's notes, in order of their moves; whether each move exists is
    `check_game`'s to say."""
    shape = 'notes must be a list of {"move": N, "text": "..."} objects'
    if not isinstance(notes, list):
        raise RecordError(None, shape)
    if len(notes) > MAX_NOTES:
        raise RecordError(None, f"more than {MAX_NOTES:,} notes")
    read: list[MoveNote] = []
    for number, note in enumerate(notes, start=1):
        if (
            not isinstance(note, dict)
            or set(note) != {"move", "text"}
            or type(note["move"]) is not int
            or not isinstance(note["text"], str)
        ):
            raise RecordError(None, f"note {number}: {shape}")
        if note["move"] < 0:
            raise RecordError(None, f"note {number}: move {note['move']} is not a move number")
        problem = note_problem(note["text"])
        if problem:
            raise RecordError(None, f"note {number}: {problem}")
        read.append((note["move"], note["text"]))
    return tuple(sorted(read, key=lambda note: note[0]))


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
    text = text.removeprefix(_BOM)
    start = text.lstrip()[:64]
    is_json = start.startswith("{") or (start.startswith("[") and not _HEADER_START.match(start))
    return record_from_json(text) if is_json else parse_record(text)


def check_game(record: Record) -> Game:
    """What makes a record a game, for every reader (check, import, state, replay):
    moves, the first of them its setup and no other setup, headers a store can
    hold, notes on moves it has (0 is the game as a whole) with text a store can
    hold, every move legal or forced. The game replayed; RecordError otherwise."""
    first = record.lines[0] if record.lines else None
    if not record.moves:
        raise RecordError(None, "no moves: a game starts with its setup move")
    if not isinstance(unforced(record.moves[0]), Setup):
        raise RecordError(first, "a game starts with its setup move")
    for index, move in enumerate(record.moves[1:], start=1):
        if isinstance(unforced(move), Setup):
            line = record.lines[index] if index < len(record.lines) else index + 1
            raise RecordError(line, "a second setup move: a record holds one game")
    for key, value in record.headers.items():
        if key == "Format":
            continue
        if not HEADER_NAME.fullmatch(key):
            raise RecordError(None, f"header name {shown(key, 30)}: letters, digits and _ only")
        _unicode(value, f"header {key}")
    _check_notes(record)
    return replay(record)


def _check_notes(record: Record) -> None:
    if len(record.notes) > MAX_NOTES:
        raise RecordError(None, f"more than {MAX_NOTES:,} notes")
    for number, (move, text) in enumerate(record.notes, start=1):
        if not 0 <= move <= len(record.moves):
            raise RecordError(
                None,
                f"note {number} is on move {move}, outside the game (moves 0..{len(record.moves)})",
            )
        problem = note_problem(text)
        if problem:
            raise RecordError(None, f"note {number}: {problem}")
