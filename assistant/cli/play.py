"""``sgs-table play SCRIPT``: a table script run through a session, without a camera.

Every line of the script (docs/table-script.md) is performed on a
`~assistant.session.TableSession` in order, through
`~assistant.session.perform`, as the app would: the game and its journal go
to a store (a temporary in-memory one unless ``--db``). The command prints
each input with what it did (the move applied, the question asked, the
reason it was refused, or the session's answer; under the first refusal, what
the table waits for and from whom: after a slip, the tap that is missing),
then a summary: the moves,
the questions asked, every refused input with its line, the forced (flagged)
moves, the taps (button commands) per turn and per card played, and the
final table exactly as ``sgs-table state RECORD --json`` prints it.
``--json`` prints all of that as one JSON object instead.

Exit status 0 when the script reads, refusals or not (they are reported);
with ``--strict``, 1 when any input was refused or any move forced. A script
that does not read is one line on stderr and exit status 1; a ``--db`` store
that cannot be opened, 3. A refused line that misspells a general or a mode
says the nearest one (`script_hint`).
"""

from __future__ import annotations

import argparse
import json
import sys
from contextlib import AbstractContextManager, nullcontext
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TextIO

from assistant.cli.arguments import Commands, add_db, open_store
from assistant.cli.state import state_json
from assistant.cli.status import store_status
from assistant.cli.suggest import close_match, did_you_mean, general_hint, nearest_general
from assistant.i18n import SOURCE, _, join_list, ngettext, speaking, tr
from assistant.session import (
    TAPS,
    Command,
    Reply,
    ScriptError,
    TableSession,
    parse_script,
    perform,
)
from assistant.session.script import general_words
from assistant.stickers import describe_tag
from assistant.store import Store, StoreError
from engine.catalogue import standard_catalogue
from engine.modes import MODES
from engine.moves import general_key
from vision.payload import CardTag, PayloadError, Tag, parse

__all__ = ["Played", "ScriptRun", "add_command", "play_script"]

IN_MEMORY = "sqlite://"


@dataclass(frozen=True, slots=True)
class Played:
    """One input of the script and what it did."""

    line: int
    t: float
    input: str  # the command, as the script line writes it without its time
    outcome: str  # "move", "question", "refused" or "ok" (done, no move: a target to choose...)
    message: str  # the session's reply
    move: str | None = None
    # Refused: what the session was waiting for, and from whom (the prompt it showed).
    waiting: str | None = None


@dataclass
class Taps:
    """Button commands: all of them, those before the first turn, and per turn after."""

    total: int = 0
    setup: int = 0
    per_turn: dict[int, int] = field(default_factory=dict)
    cards_played: int = 0

    def as_json(self, turns: int) -> dict[str, object]:
        in_turns = self.total - self.setup
        return {
            "total": self.total,
            "setup": self.setup,
            "turns": turns,
            "per_turn": {str(n): self.per_turn.get(n, 0) for n in range(1, turns + 1)},
            "per_turn_mean": _ratio(in_turns, turns),
            "cards_played": self.cards_played,
            "per_card": _ratio(in_turns, self.cards_played),
        }


@dataclass
class ScriptRun:
    """A script performed on a session, and the tallies ``play`` reports."""

    session: TableSession
    played: list[Played] = field(default_factory=list)
    taps: Taps = field(default_factory=Taps)
    _open_card: bool = False  # a card sighting waits for its target or an answer

    def perform(self, command: Command) -> Played:
        session = self.session
        turn = session.state.turn.number
        reply = perform(session, command)
        if command.verb in TAPS:
            self.taps.total += 1
            if turn == 0:
                self.taps.setup += 1
            else:
                self.taps.per_turn[turn] = self.taps.per_turn.get(turn, 0) + 1
        self._count_card(command, reply)
        outcome = _outcome(reply)
        message = reply.message
        if outcome == "refused":
            message = did_you_mean(message, script_hint(command))
        waiting = session.prompt.text if outcome == "refused" else None
        played = Played(
            command.line, session.t, command.text, outcome, message, reply.move, waiting
        )
        self.played.append(played)
        return played

    def _count_card(self, command: Command, reply: Reply) -> None:
        """Count a card played: a card sighting or respond that led to a move.

        A sighting that asks for a target, or raises a question, counts when
        the tap that settles it applies the move.
        """
        card_seen = command.verb == "see" and isinstance(_tag(command.args[0]), CardTag)
        if card_seen or command.verb == "respond":
            self._open_card = False
            if reply.move is not None:
                self.taps.cards_played += 1
            else:
                prompt = self.session.prompt
                self._open_card = card_seen and (prompt.pending is not None or reply.asks)
        elif self._open_card:
            if reply.move is not None:
                self.taps.cards_played += 1
                self._open_card = False
            elif self.session.prompt.pending is None and self.session.prompt.question is None:
                self._open_card = False  # cancelled, or answered "mis-read"

    def of(self, outcome: str) -> list[Played]:
        return [p for p in self.played if p.outcome == outcome]

    def as_json(self, script: str) -> dict[str, object]:
        """Everything ``play --json`` prints."""
        game = self.session.game
        moves = [str(m) for m in game.moves]
        return {
            "script": script,
            "game": self.session.game_id,
            "inputs": [asdict(p) for p in self.played],
            "moves": moves,
            "moves_applied": len(self.of("move")),
            "questions": [
                {"line": p.line, "input": p.input, "question": p.message}
                for p in self.of("question")
            ],
            "refused": [
                {"line": p.line, "input": p.input, "reason": p.message, "waiting": p.waiting}
                for p in self.of("refused")
            ],
            "forced": len(game.flagged()),
            "taps": self.taps.as_json(self.session.state.turn.number),
            "state": state_json(self.session.state, len(moves), len(moves)),
        }

    @property
    def failed(self) -> bool:
        """Whether ``--strict`` fails: an input refused, or a move forced."""
        return bool(self.of("refused")) or bool(self.session.game.flagged())


def _outcome(reply: Reply) -> str:
    if reply.move is not None:
        return "move"
    if reply.asks:
        return "question"
    return "refused" if reply.refused else "ok"


def script_hint(command: Command) -> str | None:
    """The nearest known word to a misspelt general or mode in a refused script line
    (``general 1 caocoa``: ``caocao (曹操)``), or None."""
    if command.verb in ("general", "reveal"):
        for word in general_words(command.args[1:]):
            if general_key(word) not in _general_keys():
                near = nearest_general(word)
                return general_hint(near) if near is not None else None
    if command.verb == "setup" and command.args and command.args[0] not in MODES:
        return close_match(command.args[0], MODES)
    return None


def _general_keys() -> set[str]:
    return {g.key for g in standard_catalogue().generals}


def _ratio(taps: int, per: int) -> float | None:
    return round(taps / per, 2) if per else None


def _tag(payload: str) -> Tag | None:
    try:
        return parse(payload)
    except PayloadError:
        return None


def play_script(commands: list[Command], store: Store) -> ScriptRun:
    """Perform ``commands`` in order on a new session over ``store``."""
    run = ScriptRun(TableSession(store))
    for command in commands:
        run.perform(command)
    return run


# ---------------------------------------------------------------- the command


def add_command(commands: Commands) -> None:
    p = commands.add_parser(
        "play",
        help=_("run a table script (sightings and taps) through a session, without a camera"),
        description=_(
            "Perform every line of a table script (docs/table-script.md) on a table "
            "session, as the app would, and print what each input did (move applied, question "
            "asked, refused and why), then a summary: moves, questions, refused inputs with "
            "their lines, forced moves, taps per turn and per card played, and the final table "
            "as `sgs-table state --json` prints it. Exit 0 when the script reads; 1 when it "
            "does not (one line on stderr), or with --strict when an input was refused or a "
            "move forced."
        ),
    )
    p.add_argument("script", metavar="SCRIPT", help=_("a table script file ('-': standard input)"))
    p.add_argument("--json", action="store_true", help=_("print one JSON object for machines"))
    add_db(
        p,
        _(
            "store the game here: an SQLAlchemy URL or a SQLite file (default: in memory "
            "only, never your database)"
        ),
    )
    p.add_argument(
        "--strict",
        action="store_true",
        help=_("exit 1 when an input is refused or a move forced"),
    )
    p.set_defaults(handler=_play)


def _read(name: str) -> str:
    if name == "-":
        return sys.stdin.read()
    try:
        return Path(name).read_text(encoding="utf-8")
    except OSError as exc:
        raise ScriptError(
            _("cannot read {file}: {error}").format(file=name, error=exc.strerror)
        ) from None
    except UnicodeDecodeError:
        raise ScriptError(_("{file} is not UTF-8 text").format(file=name)) from None


def _play(args: argparse.Namespace, out: TextIO) -> int:
    try:
        commands = parse_script(_read(args.script))
    except ScriptError as exc:
        print(f"sgs-table play: {args.script}: {tr(exc)}", file=sys.stderr)
        return 1
    # --json is for programs: the session's replies in it are the same in every language.
    words: AbstractContextManager[object] = speaking(SOURCE) if args.json else nullcontext()
    try:
        with words, open_store(args.db or IN_MEMORY, write=True) as store:
            run = ScriptRun(TableSession(store))
            if not args.json:
                started = ngettext(
                    "play: {script}, {n} input", "play: {script}, {n} inputs", len(commands)
                )
                out.write(started.format(script=args.script, n=len(commands)) + "\n")
            first_refusal = True
            for command in commands:
                played = run.perform(command)
                if not args.json:
                    out.write(_played_line(command, played) + "\n")
                    if played.outcome == "refused" and first_refusal:
                        # After a slip, what the table still owes: the one line to look at.
                        first_refusal = False
                        waited = _("the table waits for: {prompt}").format(prompt=played.waiting)
                        out.write(f"{'':5}  {'':8}  {waited}\n")
            stored = store.db.name if args.db is not None else None
            report = run.as_json(args.script)
    except StoreError as exc:
        print(f"sgs-table play: {tr(exc)}", file=sys.stderr)
        return store_status(exc)
    if args.json:
        report["stored_in"] = stored
        json.dump(report, out, ensure_ascii=False, indent=1)
        out.write("\n")
    else:
        out.write(_summary(run, stored))
    return 1 if args.strict and run.failed else 0


def _played_line(command: Command, played: Played) -> str:
    shown = played.input
    if command.verb in ("see", "gone") and (tag := _tag(command.args[0])) is not None:
        shown += f" ({describe_tag(tag)})"
    if played.outcome == "move":
        what = _("move: {move}  ({message})").format(move=played.move, message=played.message)
    elif played.outcome == "refused":
        what = _("REFUSED: {reason}").format(reason=played.message)
    else:
        what = played.message
    return f"{played.line:5}  {played.t:8.2f}  {shown}  ->  {what}"


def _summary(run: ScriptRun, stored: str | None) -> str:
    session, taps = run.session, run.taps
    moves = len(session.game.moves)
    turns = session.state.turn.number
    figures = taps.as_json(turns)
    counts = figures["per_turn"]
    assert isinstance(counts, dict)
    per_turn = join_list(_("turn {turn}: {taps}").format(turn=n, taps=c) for n, c in counts.items())
    per_turn_mean = ngettext(
        "taps per turn: {mean} over {turns} turn",
        "taps per turn: {mean} over {turns} turns",
        turns,
    ).format(mean=_figure(figures["per_turn_mean"]), turns=turns)
    if per_turn:
        per_turn_mean += f" ({per_turn})"
    per_card = ngettext(
        "taps per card played: {mean} ({n} card played)",
        "taps per card played: {mean} ({n} cards played)",
        taps.cards_played,
    ).format(mean=_figure(figures["per_card"]), n=taps.cards_played)

    def asked(p: Played) -> str:
        said = "    " + _("line {line}: {input}: {message}").format(
            line=p.line, input=p.input, message=p.message
        )
        if p.waiting:
            said += " " + _("(the table waited for: {prompt})").format(prompt=p.waiting)
        return said

    lines = [
        "",
        _("summary"),
        "  "
        + _("moves: {moves} in effect ({applied} applied)").format(
            moves=moves, applied=len(run.of("move"))
        ),
        "  " + _("questions asked: {n}").format(n=len(run.of("question"))),
        *(asked(p) for p in run.of("question")),
        "  " + _("refused: {n}").format(n=len(run.of("refused"))),
        *(asked(p) for p in run.of("refused")),
        "  " + _("forced moves: {n}").format(n=len(session.game.flagged())),
        "  "
        + _("taps: {taps} ({setup} before the first turn)").format(
            taps=taps.total, setup=taps.setup
        ),
        "  " + per_turn_mean,
        "  " + per_card,
    ]
    if stored is not None and session.game_id is not None:
        stored_in = _("game {game} stored in {database}")
        lines.append("  " + stored_in.format(game=session.game_id, database=stored))
    state = json.dumps(state_json(session.state, moves, moves), ensure_ascii=False, indent=1)
    lines += ["", _("final state (as `sgs-table state --json` prints it):"), state, ""]
    return "\n".join(lines)


def _figure(value: object) -> str:
    return "-" if value is None else f"{value}"
