"""The table script: everything a table does, one input a line, and the one way to perform it.

A script is the text of a game as the table lived it: each sighting of a
sticker by the camera and each button pressed on the phone, with its time.
``sgs-table play`` runs one without a camera, the session journals its inputs
in this form (``sgs-table inputs`` writes them back out), ``sgs-table demo``
and the app's demo mode play one beside a video. docs/table-script.md is the
reference; in short::

    [TIME] COMMAND ARGS...      # TIME: seconds since the start, optional

>>> commands = parse_script('''
... 0 setup identity 5   # a comment
... see #42 seat3
... 2.5 answer "duplicate sticker"
... ''')
>>> [str(c) for c in commands]
['0.00 setup identity 5', '0.00 see SG1C042G seat3', "2.50 answer 'duplicate sticker'"]
>>> parse_script(str(commands[2])) == [commands[2]]
True

`perform` is the only way an input reaches a `TableSession` from a script, a
prompt button or the app's camera: it makes the one session call the command
stands for and journals the input in the session's store, refused or not.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Final

from assistant.i18n import _, ngettext, tr
from assistant.session.replies import Reply
from assistant.session.sightings import Sighting
from assistant.session.table_session import TableSession
from assistant.terms import ROLE_CARDS
from engine.catalogue import on_new_generals, standard_catalogue
from vision.payload import Action, CardTag, PayloadError, encode

__all__ = [
    "SIGHTINGS",
    "TAPS",
    "USAGE",
    "Command",
    "ScriptError",
    "general_words",
    "parse_script",
    "perform",
    "script_line",
    "sighting_command",
]

USAGE: Final = {
    # sightings: the camera saw a sticker laid down, or saw it go
    "see": "see STICKER [REGION]",
    "gone": "gone STICKER [REGION]",
    # the setup screen
    "setup": "setup MODE PLAYERS [PACKAGE...] [variant=V]",
    "role": "role SEAT ROLE",
    "general": "general SEAT KEY [KEY...] [hidden] [kingdom=K]",
    # the prompt bar, the seats and the log
    "reveal": "reveal SEAT KEY",
    "deal": "deal",
    "next": "next",
    "draw": "draw SEAT N",
    "target": "target SEAT [SEAT...]",
    "respond": "respond SEAT #ID",
    "pass": "pass [SEAT]",
    "discard": "discard SEAT [#ID...] [xN]",
    "hp": "hp SEAT +N|-N",
    "skill": "skill SEAT KEY [#ID...] [xN] [-> SEAT[,SEAT...]]",
    "choose": "choose SEAT WORD",
    "unseen": "unseen [N]",
    "pick": "pick #ID",
    "recast": "recast",
    "answer": "answer OPTION",
    "cancel": "cancel",
    "undo": "undo",
    "redo": "redo",
    "replace": "replace N MOVE...",
    "insert": "insert N MOVE...",
    "delete": "delete N",
    "dismiss": "dismiss K",
    "correct": "correct N MOVE...",
    "force": "force MOVE...",
    "enter": "enter MOVE...",
    "reload": "reload",
    "note": "note N TEXT...",
    "name": "name SEAT [TEXT...]",
    # the action tokens as buttons (undo and pass are above)
    "ok": "ok",
    "no": "no",
    "end-phase": "end-phase",
    # the app reopened a stored game
    "resume": "resume",
}
"""Every command, as docs/table-script.md writes it."""

SIGHTINGS: Final = frozenset({"see", "gone"})
TAPS: Final = frozenset(USAGE) - SIGHTINGS - {"resume"}
"""The commands a player makes by tapping (everything but sightings and the app reopening)."""

_ROLE_WORDS: Final = {chinese: english for _number, chinese, english, _copies in ROLE_CARDS}
_ACTIONS: Final = {"ok": Action.OK, "no": Action.NO, "end-phase": Action.END_PHASE}
_NUMBER = re.compile(r"[0-9]+")
_TIME = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)")
_SIGNED = re.compile(r"[+-][0-9]+")
_CARD = re.compile(r"#?([0-9]+)")
_COUNT = re.compile(r"x([0-9]+)")
_DRAWN = re.compile(r"x?([0-9]+)")  # draw 1 2, or draw 1 x2 as the move writes it
_QUOTED = re.compile(r"[\s'\"\\]")

_Call = Callable[[TableSession, float], Reply]


class ScriptError(ValueError):
    """A script, or one command of it, that cannot be read; the message is one line,
    in the language in use (the commands and their keywords it quotes are not translated)."""


def _on_line(number: int, error: object) -> str:
    return _("line {n}: {problem}").format(n=number, problem=error)


@dataclass(frozen=True, slots=True)
class Command:
    """One input: its verb and arguments, its time (seconds, to the millisecond), its line.

    ``str`` gives the canonical line back, time first; ``text`` is the line
    without its time (what the journal stores beside the time).
    """

    verb: str
    args: tuple[str, ...] = ()
    t: float = 0.0
    line: int = field(default=0, compare=False)

    def __post_init__(self) -> None:
        # Milliseconds are plenty at a table, and they print back exactly.
        object.__setattr__(self, "t", round(float(self.t), 3))
        object.__setattr__(self, "args", tuple(self.args))

    @property
    def text(self) -> str:
        return " ".join([self.verb, *(_quote(a) for a in self.args)])

    def __str__(self) -> str:
        return script_line(self.t, self.text)


def sighting_command(kind: str, payload: str, region: str | None, t: float) -> Command:
    """The ``see`` (kind "seen") or ``gone`` command of a camera event.

    >>> str(sighting_command("seen", "SG1C042G", None, 0.8333))
    '0.833 see SG1C042G'
    """
    verb = "see" if kind == "seen" else "gone"
    return Command(verb, (payload,) if region is None else (payload, region), t)


def script_line(t: float, text: str) -> str:
    """A script line: the time (two decimals, three when needed), then the command.

    >>> script_line(1.2, "target 2"), script_line(0.8333, "next")
    ('1.20 target 2', '0.833 next')
    """
    t = round(t, 3)
    seconds = f"{t:.2f}" if round(t, 2) == t else f"{t:.3f}"
    return f"{seconds} {text}"


def _quote(word: str) -> str:
    if word and word != "#" and not _QUOTED.search(word):
        return word
    return shlex.quote(word)


# ---------------------------------------------------------------- reading


def parse_script(text: str) -> list[Command]:
    """The commands of a script, in order; `ScriptError` naming the line when one does not read.

    >>> parse_script("next\\n3 nonsense\\n")
    Traceback (most recent call last):
    ...
    assistant.session.script.ScriptError: line 2: unknown command 'nonsense'
    """
    commands: list[Command] = []
    t = 0.0
    for number, raw in enumerate(_LINE_END.split(text), start=1):
        try:
            _check_unicode(raw)
            words = _words(raw.lstrip("\ufeff").replace("\u3000", " "))
            if not words:
                continue
            if _TIME.fullmatch(first := words[0]):
                t = _time(first, t)
                words = words[1:]
                if not words:
                    raise ScriptError(_("a time ({time}) and no command").format(time=first))
            verb = _verb(words[0])
            args, _call = _reading(verb, words[1:])
        except ScriptError as error:
            raise ScriptError(_on_line(number, error)) from None
        commands.append(Command(verb, args, t, number))
    return commands


_LINE_END = re.compile(r"\r\n|\r|\n")  # as in records: U+2028 and the like stay in a comment


def _check_unicode(line: str) -> None:
    """A line with a lone surrogate (only a program can make one) is not text."""
    try:
        line.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise ScriptError(
            _("not valid Unicode (a lone surrogate at character {n})").format(n=exc.start + 1)
        ) from None


def _words(line: str) -> list[str]:
    try:
        return shlex.split(_without_comment(line))
    except ValueError as error:  # shlex: "No closing quotation", "No escaped character"
        said = str(error)
        if said == "No closing quotation":
            said = _("no closing quotation")
        elif said == "No escaped character":
            said = _("no escaped character")
        raise ScriptError(said) from None


def _without_comment(line: str) -> str:
    """The line up to its comment: ``#`` first on the line, or a ``#`` between spaces.

    Quotes are respected, so ``answer "a # b"`` keeps its hash.
    """
    if line.lstrip().startswith("#"):
        return ""
    quote: str | None = None
    escaped = False
    for i, ch in enumerate(line):
        if escaped:
            escaped = False
        elif ch == "\\" and quote != "'":
            escaped = True
        elif quote is not None:
            if ch == quote:
                quote = None
        elif ch in "'\"":
            quote = ch
        elif (
            ch == "#"
            and i > 0
            and line[i - 1].isspace()
            and (i + 1 == len(line) or line[i + 1].isspace())
        ):
            return line[:i]
    return line


def _time(word: str, previous: float) -> float:
    t = round(float(word), 3)
    if t < 0:
        raise ScriptError(
            _("time {time} is before the start (times are seconds from 0)").format(time=word)
        )
    if t < previous:
        raise ScriptError(
            _(
                "time {time} is earlier than the line before ({previous}): times never go back"
            ).format(time=word, previous=f"{previous:g}")
        )
    return t


def _verb(word: str) -> str:
    verb = word.lower().replace("_", "-")
    if verb not in USAGE:
        if word.startswith("#"):
            said = _("unknown command {verb} (a comment needs a space after #)")
        else:
            said = _("unknown command {verb}")
        raise ScriptError(said.format(verb=repr(word)))
    return verb


class _Words:
    """The arguments of one command, read left to right into their canonical words."""

    def __init__(self, verb: str, words: Sequence[str]) -> None:
        self.verb = verb
        self.words = list(words)
        self.i = 0
        self.out: list[str] = []

    def fail(self, what: str) -> ScriptError:
        """The command refused: ``what`` is wrong (one clause, in the language in use)."""
        return ScriptError(
            _("{command}: {problem} (write: {usage})").format(
                command=self.verb, problem=what, usage=USAGE[self.verb]
            )
        )

    def missing(self, what: str) -> ScriptError:
        """``what`` (an argument as the usage names it: SEAT, #ID ...) is missing."""
        return self.fail(_("{what} is missing").format(what=what))

    def peek(self) -> str | None:
        return self.words[self.i] if self.i < len(self.words) else None

    def take(self, what: str) -> str:
        word = self.peek()
        if word is None:
            raise self.missing(what)
        self.i += 1
        return word

    def word(self, what: str, canonical: Callable[[str], str] = str) -> str:
        value = canonical(self.take(what))
        self.out.append(value)
        return value

    def number(self, what: str, pattern: re.Pattern[str] = _NUMBER) -> int:
        word = self.take(what)
        found = pattern.fullmatch(word)
        if found is None:
            raise self.fail(
                _("{what} should be a number, not {word}").format(what=what, word=repr(word))
            )
        value = int(found.group(found.lastindex or 0))
        self.out.append(str(value))
        return value

    def seat(self) -> int:
        return self.number("SEAT")

    def card(self) -> int:
        word = self.take("#ID")
        found = _CARD.fullmatch(word)
        if found is None:
            raise self.fail(
                _("a card is #ID (the number on its sticker), not {word}").format(word=repr(word))
            )
        card_id = int(found.group(1))
        self.out.append(f"#{card_id}")
        return card_id

    def rest(self, what: str) -> tuple[str, ...]:
        words = tuple(self.words[self.i :])
        if not words:
            raise self.missing(what)
        self.i = len(self.words)
        self.out += words
        return words

    def end(self) -> None:
        if self.i < len(self.words):
            extra = " ".join(self.words[self.i :])
            raise self.fail(_("too many words: {words}").format(words=repr(extra)))


def _reading(verb: str, words: Sequence[str]) -> tuple[tuple[str, ...], _Call]:
    """The canonical arguments of a command and its session call; ScriptError if malformed."""
    w = _Words(verb, words)
    call: _Call
    match verb:
        case "see" | "gone":
            sticker = _sticker(w)
            region = " ".join(w.words[w.i :]) or None
            w.i = len(w.words)
            if region is not None:
                w.out.append(region)
            call = _sighting(sticker, region, "seen" if verb == "see" else "gone")
        case "setup":
            mode = w.word("MODE", str.lower)
            players = w.number("PLAYERS")
            packages, variant = _packages(w)
            options: dict[str, Any] = {"variant": variant} if variant else {}
            if packages:
                call = _call(TableSession.setup, mode, players, packages, **options)
            else:
                call = _call(TableSession.setup, mode, players, **options)
        case "role":
            seat = w.seat()
            role = w.word("ROLE", lambda r: _ROLE_WORDS.get(r, r.lower()))
            call = _call(TableSession.reveal_role, seat, role)
        case "general":
            seat = w.seat()
            words = w.rest("KEY")
            kingdom = next((k for k in words if k.startswith("kingdom=")), "")
            keys = tuple(_general_key(k) for k in general_words(words))
            if not keys:
                raise w.missing("KEY")
            face_down = "hidden" in words  # 国战's generals: face down, as they always are
            if kingdom:
                kingdom = _KINGDOM_WORDS.get(kingdom[8:], kingdom[8:].lower())
            w.out[-len(words) :] = [
                *keys,
                *(["hidden"] if face_down else []),
                *([f"kingdom={kingdom}"] if kingdom else []),
            ]
            call = _call(TableSession.seat_general, seat, *keys, kingdom=kingdom, hidden=face_down)
        case "reveal":
            seat = w.seat()
            call = _call(TableSession.reveal_general, seat, w.word("KEY", _general_key))
        case "draw":
            seat = w.seat()
            call = _call(TableSession.draw, seat, w.number("N", _DRAWN))
        case "target":
            call = _call(TableSession.choose_target, *_seats(w))
        case "respond":
            seat = w.seat()
            call = _call(TableSession.respond, seat, w.card())
        case "pass":
            call = _call(TableSession.pass_turn, w.seat() if w.peek() is not None else None)
        case "discard":
            seat = w.seat()
            cards: list[int] = []
            while (word := w.peek()) is not None and not _COUNT.fullmatch(word):
                cards.append(w.card())
            unseen = w.number("xN", _COUNT) if w.peek() is not None else 0
            if unseen:
                w.out[-1] = f"x{unseen}"
            call = _call(TableSession.discard, seat, *cards, unknown=unseen)
        case "hp":
            seat = w.seat()
            delta = w.number("+N or -N", _SIGNED)
            w.out[-1] = f"{delta:+d}"
            call = _call(TableSession.adjust_hp, seat, delta)
        case "skill":
            seat = w.seat()
            key = w.word("KEY", _skill_key)
            spent: list[int] = []
            # Cards are #ID here: a bare number after a skill would read as a seat too.
            while (word := w.peek()) is not None and word.startswith("#"):
                spent.append(w.card())
            hidden = 0
            if (word := w.peek()) is not None and _COUNT.fullmatch(word):
                hidden = w.number("xN", _COUNT)
                w.out[-1] = f"x{hidden}"
            targets = _skill_targets(w)
            call = _call(TableSession.use_skill, seat, key, tuple(spent), hidden, targets)
        case "choose":
            seat = w.seat()
            call = _call(TableSession.choose, seat, w.word("WORD", _general_key))
        case "unseen":
            n = w.number("N") if w.peek() is not None else 1
            call = _call(TableSession.unseen, n)
        case "pick":
            call = _call(TableSession.pick_card, w.card())
        case "recast":
            call = _call(TableSession.recast)
        case "answer":
            option = " ".join(w.rest("OPTION"))
            w.out = [option]
            call = _call(TableSession.answer, option)
        case "correct":
            number = w.number("N")
            call = _call(TableSession.correct, number, " ".join(w.rest("MOVE")))
        case "replace":
            number = w.number("N")
            call = _call(TableSession.replace, number, " ".join(w.rest("MOVE")))
        case "insert":
            number = w.number("N")
            call = _call(TableSession.insert, number, " ".join(w.rest("MOVE")))
        case "delete":
            call = _call(TableSession.delete, w.number("N"))
        case "dismiss":
            call = _call(TableSession.dismiss, w.number("K"))
        case "force":
            call = _call(TableSession.force, " ".join(w.rest("MOVE")))
        case "enter":
            call = _call(TableSession.enter, " ".join(w.rest("MOVE")))
        case "ok" | "no" | "end-phase":
            call = _call(TableSession.action, _ACTIONS[verb])
        case "deal":
            call = _call(TableSession.deal)
        case "next":
            call = _call(TableSession.next_phase)
        case "undo":
            call = _call(TableSession.undo)
        case "redo":
            call = _call(TableSession.redo)
        case "cancel":
            call = _call(TableSession.cancel)
        case "reload":
            call = _call(TableSession.reload)
        case "note":
            number = w.number("N")
            text = " ".join(w.rest("TEXT"))
            w.out = [str(number), text]
            call = _call(TableSession.note, number, text)
        case "name":
            seat = w.seat()
            text = " ".join(w.rest("TEXT")) if w.peek() is not None else ""
            w.out = [str(seat), text] if text else [str(seat)]
            call = _call(TableSession.name_seat, seat, text)
        case "resume":
            call = _call(TableSession.forget)
        case _:
            raise ScriptError(_("unknown command {verb}").format(verb=repr(verb)))
    w.end()
    return tuple(w.out), call


def _call(method: Callable[..., Reply], *args: Any, **kwargs: Any) -> _Call:
    """A session method with its arguments; a tap's time does not change what it does."""
    return lambda session, _t: method(session, *args, **kwargs)


def _sighting(sticker: str, region: str | None, kind: str) -> _Call:
    """A sighting happens at its time: the session tells a re-read from a second card by it."""
    return lambda session, t: session.sight(Sighting(sticker, region, t, kind))


def _sticker(w: _Words) -> str:
    """A payload as printed, or ``#ID``: the card's payload.

    A camera sighting comes this way too, with whatever text a QR code held,
    so a malformed ``#`` word is refused without repeating it (it may be
    another QR code's secret), and a card number only up to 3 digits.
    """
    word = w.take("STICKER")
    if word.startswith("#"):
        found = _CARD.fullmatch(word)
        if found is None:
            raise w.fail(_("a sticker written with # is #ID, the number on the card's sticker"))
        try:
            word = encode(CardTag(int(found.group(1))))
        except PayloadError as error:
            if len(word) > 4:
                digits = len(word) - 1
                raise w.fail(
                    ngettext(
                        "no sticker for a card number of {n} digit (ids 1-160)",
                        "no sticker for a card number of {n} digits (ids 1-160)",
                        digits,
                    ).format(n=digits)
                ) from None
            raise w.fail(
                _("no sticker for card {card}: {reason}").format(card=word, reason=tr(error.reason))
            ) from None
    w.out.append(word)
    return word


def _packages(w: _Words) -> tuple[tuple[str, ...], str]:
    """Package names, one a word (``packages=a,b`` as a record's setup line writes
    them), and the mode's variant, ``variant=V`` (two_renegades, international ...)."""
    packages: list[str] = []
    variant = ""
    for word in w.words[w.i :]:
        word = word.lower()
        if word.startswith("variant="):
            variant = word.removeprefix("variant=")
            continue
        packages += [p for p in word.removeprefix("packages=").split(",") if p]
    w.i = len(w.words)
    w.out += packages + ([f"variant={variant}"] if variant else [])
    return tuple(packages), variant


def _seats(w: _Words) -> tuple[int, ...]:
    """Seats, apart or joined by commas: ``2 3`` or ``2,3``."""
    seats: list[int] = []
    for word in w.words[w.i :]:
        for part in word.split(","):
            if part:
                if not _NUMBER.fullmatch(part):
                    raise w.fail(_("a seat should be a number, not {word}").format(word=repr(part)))
                seats.append(int(part))
    w.i = len(w.words)
    if not seats:
        raise w.missing("SEAT")
    w.out += [str(s) for s in seats]
    return tuple(seats)


def _skill_targets(w: _Words) -> tuple[int, ...]:
    """``-> 3,4`` (or ``->3``, ``-> 3 4``) after a skill, as the move notation writes targets."""
    word = w.peek()
    if word is None:
        return ()
    if not word.startswith("->"):
        raise w.fail(_("targets follow '->', not {word}").format(word=repr(word)))
    w.words[w.i] = word.removeprefix("->")
    if not w.words[w.i]:
        w.i += 1
    seats = _seats(w)
    w.out[-len(seats) :] = ["->", ",".join(str(s) for s in seats)]
    return seats


# A 神 general's kingdom as a line may write it: its key or its Chinese name.
_KINGDOM_WORDS = {"魏": "wei", "蜀": "shu", "吴": "wu", "吳": "wu", "群": "qun"}


@cache
def _general_names() -> dict[str, str]:
    return {g.name: g.key for g in standard_catalogue().generals}


on_new_generals(lambda _new: _general_names.cache_clear())


@cache
def _skill_names() -> dict[str, str]:
    """Chinese skill names that name one skill key only: the generals', then the modes'
    (结盟, 飞扬 ...) where no general's skill has the name (虎牢关's 马术 is 马术)."""
    keys: dict[str, set[str]] = {}
    for general in standard_catalogue().generals:
        for skill in general.skills:
            keys.setdefault(skill.name, set()).add(skill.key)
    for skill in standard_catalogue().mode_skills:
        if skill.name not in keys:
            keys[skill.name] = {skill.key}
    return {name: next(iter(found)) for name, found in keys.items() if len(found) == 1}


on_new_generals(lambda _new: _skill_names.cache_clear())


def general_words(words: tuple[str, ...]) -> list[str]:
    """The words of a ``general`` line that name generals, apart or joined by commas as
    the record writes them (``luxun,zhugeliang``); ``kingdom=`` and ``hidden`` do not."""
    return [
        part
        for word in words
        if word != "hidden" and not word.startswith("kingdom=")
        for part in word.split(",")
        if part
    ]


def _general_key(word: str) -> str:
    """A general's key from its key or Chinese name (an unknown word is left for the session)."""
    return _general_names().get(word, word.lower())


def _skill_key(word: str) -> str:
    return _skill_names().get(word, word.lower())


# ---------------------------------------------------------------- performing


def perform(session: TableSession, command: Command) -> Reply:
    """Make the session call ``command`` stands for, journal it, and return the session's reply.

    The input is one unit (`TableSession.begin_input`): a refused input changes
    nothing, whatever it did on the way; an accepted one is stored with its
    journal row in one transaction.

    A malformed command is a refused reply, never an exception. The input is
    performed at ``command.t``, or at the session's last input time if that is
    later: the journal's times never go back, whatever clock the input came
    from, so a journal always reads back as a script.
    """
    t = max(command.t, session.t)
    session.begin_input()
    try:
        _args, call = _reading(command.verb, command.args)
    except ScriptError as error:
        reply = Reply(False, _on_line(command.line, error) if command.line else str(error))
    else:
        reply = call(session, t)
    t = max(t, session.t)  # a reload may bring later inputs of another session
    session.t = t
    # Refused, the input is undone; else its moves and its journal row are stored as one.
    return session.end_input(t, command.text, reply)
