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
from engine.modes import mode_named
from engine.moves import Move, MoveSyntaxError, Setup, shown, unforced
from engine.rules import describe_winner
from engine.state import GameState
from engine.table import IllegalMove
from engine.text import Text, say

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
    """A record that cannot be read or replayed; names the line and the reason.

    ``text`` is the message as the engine says it (``str(exc)`` is its English).
    """

    def __init__(self, line: int | None, reason: Text | str) -> None:
        self.line = line
        self.reason = reason
        self.text: Text | str = (
            say("line {line}: {reason}", line=line, reason=reason) if line is not None else reason
        )
        super().__init__(str(self.text))


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
        raise RecordError(
            None,
            say("record too large (over {limit} bytes of UTF-8)", limit=f"{MAX_RECORD_BYTES:,}"),
        )


def decode_record(data: bytes) -> Record:
    """A record file's bytes (either form): at most MAX_RECORD_BYTES, UTF-8, a
    byte-order mark allowed. A reader bounds what it reads by the same limit
    (read MAX_RECORD_BYTES + 1 bytes, never the whole file)."""
    if len(data) > MAX_RECORD_BYTES:
        raise RecordError(
            None, say("record too large (over {limit} bytes)", limit=f"{MAX_RECORD_BYTES:,}")
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RecordError(
            None, say("not UTF-8 text (byte {byte} is not)", byte=f"{exc.start + 1:,}")
        ) from None
    return load_record(text)


def _unicode(text: str, what: Text) -> str:
    """``text`` unless it holds a lone surrogate (possible only through JSON escapes),
    which no file, store or terminal can hold."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise RecordError(
            None,
            say(
                "{what}: not valid Unicode (a lone surrogate at character {at})",
                what=what,
                at=f"{exc.start + 1:,}",
            ),
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
                raise RecordError(number, _TOO_MANY_NOTES)
            notes.append((len(moves), _read_note(raw.strip(), number)))
            continue
        if start.startswith("["):
            if moves:
                raise RecordError(number, say("a header after the moves began"))
            key, value = _read_header(raw.strip(), number)
            if key in headers:
                raise RecordError(number, say("header {key} given twice", key=key))
            if len(headers) >= MAX_HEADERS:
                raise RecordError(number, _TOO_MANY_HEADERS)
            headers[key] = value
            continue
        line = raw.split(";", 1)[0].strip()
        if not line:
            continue
        if len(moves) >= MAX_MOVES:
            raise RecordError(number, _TOO_MANY_MOVES)
        try:
            moves.append(Move.parse(line))
        except MoveSyntaxError as exc:
            raise RecordError(number, exc.text) from None
        lines.append(number)
    fmt = headers.pop("Format", FORMAT)
    if fmt != FORMAT:
        raise RecordError(None, _unsupported(shown(fmt), repr(FORMAT)))
    return Record(headers, tuple(moves), tuple(lines), tuple(notes))


def _unsupported(given: object, supported: str) -> Text:
    return say(
        "format {format} is not supported (this version reads {supported})",
        format=given,
        supported=supported,
    )


_TOO_MANY_NOTES = say("more than {limit} notes", limit=f"{MAX_NOTES:,}")
_TOO_MANY_HEADERS = say("more than {limit} headers", limit=MAX_HEADERS)
_TOO_MANY_MOVES = say("more than {limit} moves", limit=f"{MAX_MOVES:,}")
_HEADER_SHAPE = say('a header looks like [Key "value"]')


def _read_header(line: str, number: int) -> tuple[str, str]:
    """``[Key "value"]``, then nothing but a comment; the value's escapes undone."""
    if len(line) > MAX_HEADER_CHARS:
        raise RecordError(
            number,
            say("a header line is at most {limit} characters", limit=f"{MAX_HEADER_CHARS:,}"),
        )
    start = _HEADER_START.match(line)
    if start is None:
        raise RecordError(number, _HEADER_SHAPE)
    value, i = _read_quoted(line, start.end(), number, "header")
    rest = line[i + 1 :].lstrip()
    if i >= len(line) or not rest.startswith("]") or rest[1:].strip()[:1] not in ("", ";"):
        raise RecordError(number, _HEADER_SHAPE)
    return start.group(1), value


def _read_note(line: str, number: int) -> str:
    """``;; note "text"``, then nothing but a comment; the text's escapes undone (the
    same escapes as a header value's)."""
    if len(line) > MAX_NOTE_LINE:
        raise RecordError(
            number, say("a note line is at most {limit} characters", limit=f"{MAX_NOTE_LINE:,}")
        )
    start = _NOTE_START.match(line)
    assert start is not None  # the caller matched it
    text, i = _read_quoted(line, start.end(), number, "note")
    if i >= len(line) or line[i + 1 :].strip()[:1] not in ("", ";"):
        raise RecordError(number, say('a note looks like ;; note "text"'))
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
        if what == "note":
            raise RecordError(number, say("a note escape \\u takes four hex digits"))
        raise RecordError(number, say("a header escape \\u takes four hex digits"))
    code = int(digits, 16)
    end = i + 5
    if 0xD800 <= code <= 0xDBFF and line[end : end + 2] == "\\u":  # a pair, as JSON
        low = line[end + 2 : end + 6]
        if _HEX.fullmatch(low) and 0xDC00 <= int(low, 16) <= 0xDFFF:
            code = 0x10000 + ((code - 0xD800) << 10) + (int(low, 16) - 0xDC00)
            end += 6
    if 0xD800 <= code <= 0xDFFF:
        if what == "note":
            raise RecordError(number, say("a note escape names a lone surrogate"))
        raise RecordError(number, say("a header escape names a lone surrogate"))
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


def note_problem(text: str) -> Text | None:
    """Why ``text`` cannot be a note (empty, too long, a NUL, not valid Unicode), or None.
    Any other character is kept; PostgreSQL cannot store a NUL in text."""
    if not text:
        return say("a note is not empty")
    if len(text) > MAX_NOTE_CHARS:
        return say("a note is at most {limit} characters", limit=f"{MAX_NOTE_CHARS:,}")
    if "\x00" in text:
        return say(
            "a note holds no NUL character (U+0000, at character {at})",
            at=f"{text.index(chr(0)) + 1:,}",
        )
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        return say(
            "a note is not valid Unicode (a lone surrogate at character {at})",
            at=f"{exc.start + 1:,}",
        )
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
        raise RecordError(
            None, say("a number in JSON is at most {limit} digits", limit=MAX_JSON_DIGITS)
        )
    return int(digits)


def record_from_json(text: str) -> Record:
    """The JSON form; hostile input (too big, too deep, wrong shape) is refused."""
    _check_size(text)
    if not _depth_ok(text):
        raise RecordError(None, say("JSON nested too deeply (at most 32 levels)"))
    try:
        data = json.loads(text, parse_int=_json_int)
    except json.JSONDecodeError as exc:
        raise RecordError(exc.lineno, say("not valid JSON: {error}", error=exc.msg)) from None
    if not isinstance(data, dict):
        raise RecordError(None, say("a JSON record is an object with format, headers and moves"))
    if data.get("format") != JSON_FORMAT:
        raise RecordError(
            None,
            say(
                "format {format} is not supported (expected {supported})",
                format=repr(data.get("format")),
                supported=repr(JSON_FORMAT),
            ),
        )
    headers = data.get("headers", {})
    moves = data.get("moves")
    if not isinstance(headers, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in headers.items()
    ):
        raise RecordError(None, say("headers must map names to strings"))
    if len(headers) > MAX_HEADERS + 1:
        raise RecordError(None, _TOO_MANY_HEADERS)
    for key, value in headers.items():
        if not HEADER_NAME.fullmatch(key):
            raise RecordError(None, _bad_header_name(key))
        _unicode(value, say("header {key}", key=key))
        if len(value) > MAX_HEADER_CHARS:
            raise RecordError(
                None,
                say(
                    "header {key}: at most {limit} characters",
                    key=key,
                    limit=f"{MAX_HEADER_CHARS:,}",
                ),
            )
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise RecordError(None, say("moves must be a list of strings"))
    if len(moves) > MAX_MOVES:
        raise RecordError(None, _TOO_MANY_MOVES)
    parsed = []
    for number, text_move in enumerate(moves, start=1):
        try:
            parsed.append(Move.parse(_unicode(text_move, _move_number(number))))
        except MoveSyntaxError as exc:
            raise RecordError(
                None, say("{what}: {problem}", what=_move_number(number), problem=exc.text)
            ) from None
    fmt = headers.get("Format", FORMAT)
    if fmt != FORMAT:
        raise RecordError(None, _unsupported(shown(fmt), repr(FORMAT)))
    headers = {k: v for k, v in headers.items() if k != "Format"}
    notes = _json_notes(data.get("notes", []))
    return Record(headers, tuple(parsed), tuple(range(1, len(parsed) + 1)), notes)


def _move_number(number: int) -> Text:
    return say("move {number}", number=number)


def _bad_header_name(key: str) -> Text:
    return say("header name {key}: letters, digits and _ only", key=shown(key, 30))


def _json_notes(notes: object) -> tuple[MoveNote, ...]:
    """The JSON form's notes, in order of their moves; whether each move exists is
    `check_game`'s to say."""
    shape = say("notes must be a list of {shape} objects", shape='{"move": N, "text": "..."}')
    if not isinstance(notes, list):
        raise RecordError(None, shape)
    if len(notes) > MAX_NOTES:
        raise RecordError(None, _TOO_MANY_NOTES)
    read: list[MoveNote] = []
    for number, note in enumerate(notes, start=1):
        if (
            not isinstance(note, dict)
            or set(note) != {"move", "text"}
            or type(note["move"]) is not int
            or not isinstance(note["text"], str)
        ):
            raise RecordError(None, _note_problem(number, shape))
        if note["move"] < 0:
            raise RecordError(
                None,
                say(
                    "note {number}: move {move} is not a move number",
                    number=number,
                    move=note["move"],
                ),
            )
        problem = note_problem(note["text"])
        if problem:
            raise RecordError(None, _note_problem(number, problem))
        read.append((note["move"], note["text"]))
    return tuple(sorted(read, key=lambda note: note[0]))


def _note_problem(number: int, problem: Text) -> Text:
    return say("note {number}: {problem}", number=number, problem=problem)


def result_headers(state: GameState) -> dict[str, str]:
    """The headers that say how a finished game ended: ``Result`` (the winning side),
    ``CoWinners`` (seats winning beside it: 国际版's civilians) and ``Termination`` (in
    words); none while the game goes on."""
    if not state.over or not state.winner:
        return {}
    found = {"Result": state.winner, "Termination": str(describe_winner(state.winner, state.mode))}
    rules = mode_named(state.mode)
    co_winners = rules.co_winners(state) if rules is not None else ()
    if co_winners:
        found["CoWinners"] = " ".join(str(seat) for seat in co_winners)
    return found


def replay(record: Record) -> Game:
    """Apply every move; RecordError names the first move the rules refuse."""
    game = Game()
    for index, move in enumerate(record.moves):
        try:
            game.push(move)
        except IllegalMove as exc:
            line = record.lines[index] if index < len(record.lines) else index + 1
            raise RecordError(
                line, say("{move}: {problem}", move=str(move), problem=exc.text)
            ) from None
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
        raise RecordError(None, say("no moves: a game starts with its setup move"))
    if not isinstance(unforced(record.moves[0]), Setup):
        raise RecordError(first, say("a game starts with its setup move"))
    for index, move in enumerate(record.moves[1:], start=1):
        if isinstance(unforced(move), Setup):
            line = record.lines[index] if index < len(record.lines) else index + 1
            raise RecordError(line, say("a second setup move: a record holds one game"))
    for key, value in record.headers.items():
        if key == "Format":
            continue
        if not HEADER_NAME.fullmatch(key):
            raise RecordError(None, _bad_header_name(key))
        _unicode(value, say("header {key}", key=key))
    _check_notes(record)
    return replay(record)


def _check_notes(record: Record) -> None:
    if len(record.notes) > MAX_NOTES:
        raise RecordError(None, _TOO_MANY_NOTES)
    for number, (move, text) in enumerate(record.notes, start=1):
        if not 0 <= move <= len(record.moves):
            raise RecordError(
                None,
                say(
                    "note {number} is on move {move}, outside the game (moves 0..{last})",
                    number=number,
                    move=move,
                    last=len(record.moves),
                ),
            )
        problem = note_problem(text)
        if problem:
            raise RecordError(None, _note_problem(number, problem))
