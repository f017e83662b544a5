"""A table that errs, made on purpose: the table scripts of ``samples/`` with one slip each.

Each mutation is one slip a real table makes (issue #25): a tap **dropped**
(a forgotten 不发动 or 确定), a tap **duplicated** (a tap too many), two
neighbouring inputs **swapped** (a card laid before the last window closed),
a card **moved** to the neighbouring seat's region (the camera saw it in front
of the next seat). The mutated script is played through a session like the
original, and each of its inputs is judged against the original's:

- **silent divergence**: an input recorded as a move the original game never
  made near that point, though the input was neither refused nor asked about
  (the session guessed, and guessed something else), or a card credited to a
  seat other than the one whose region it lies in. The goal is none.
- **asked**: the slipped input, or one after it, raised a question.
- **refused**: inputs refused (the slip itself, and those after it before the
  game reads on again: the stall).

A dropped tap that only leaves out what it would have made (a 观星 never
tapped) is no divergence: the moves made are all moves of the original game.

`python -m bench.bench_mutations` runs the benchmark's count; the test suite
runs a seeded few (tests/assistant/test_mutations.py).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from assistant.session import Command, TableSession, parse_script, perform
from assistant.store import Store

__all__ = [
    "KINDS",
    "Judged",
    "Line",
    "Mutation",
    "judge",
    "mutated",
    "mutations",
    "play_lines",
    "sample_scripts",
]

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "samples"
KINDS = ("drop", "duplicate", "swap", "region")
WINDOW = 8  # how far (in the original's inputs) a move made may have moved
_SEAT_REGION = re.compile(r"seat\s*([0-9]+)")
_CAMERA = re.compile(r"^# camera: ", re.MULTILINE)
# A judgement card is turned over from the deck: the region it is seen in names nobody.
_REGION_FREE = frozenset({"judge"})
_GENERALS = {"house-script.txt": "house-generals.toml"}


@cache
def sample_scripts(house: bool = False) -> tuple[tuple[str, tuple[Command, ...]], ...]:
    """Every table script of ``samples/`` (name, commands): the demo's with its camera
    lines, which the video holds. With ``house``, also the house script, its generals
    loaded into this process's catalogue for good (the benchmark's own process; a
    test process keeps the catalogue as it is)."""
    from assistant.cli.generals_files import load_table_generals

    found = []
    for path in sorted(SAMPLES.glob("*.txt")):
        if path.name in _GENERALS:
            if not house:
                continue
            load_table_generals([SAMPLES / _GENERALS[path.name]], folder=SAMPLES / "none")
        text = _CAMERA.sub("", path.read_text(encoding="utf-8"))
        found.append((path.name, tuple(parse_script(text))))
    return tuple(found)


@dataclass(frozen=True, slots=True)
class Line:
    """What one input did: its outcome and the moves it made (as the record writes them)."""

    outcome: str  # "move", "question", "refused" or "ok"
    moves: tuple[str, ...]
    message: str


class RefusalChanged(AssertionError):
    """A refused input changed the game, the store or what the session waits for."""


def play_lines(commands: Iterable[Command], store: Store | None = None) -> list[Line]:
    """Perform ``commands`` on a new session (over ``store``, if given) and say what
    each did. With a store, every refused input is checked to have changed nothing:
    the game's moves, the stored moves and the prompt are the same before and after
    (`RefusalChanged` otherwise)."""
    session = TableSession(store)
    lines = []
    for command in commands:
        before = len(session.game.moves)
        kept = _kept(session) if store is not None else None
        reply = perform(session, command)
        if kept is not None and reply.refused and _kept(session) != kept:
            raise RefusalChanged(
                f"`{command.text}` (line {command.line}), refused, changed: "
                f"{_kept(session)} != {kept}"
            )
        made = tuple(str(m) for m in session.game.moves[before:])
        if reply.refused:
            outcome = "refused"
        elif reply.asks:
            outcome = "question"
        else:
            outcome = "move" if made else "ok"
        lines.append(Line(outcome, made, reply.message))
    return lines


def _kept(session: TableSession) -> tuple[object, ...]:
    """What a refused input must leave as it was."""
    store, game_id = session.store, session.game_id
    stored = (
        tuple((m.seq, m.text) for m in store.moves(game_id))
        if store is not None and game_id is not None
        else ()
    )
    return tuple(str(m) for m in session.game.moves), stored, session.prompt.text


@dataclass(frozen=True, slots=True)
class Mutation:
    """One slip: ``kind`` at input ``at`` (an index into the script's commands)."""

    script: str
    kind: str
    at: int
    seat: int = 0  # region: the seat the card is now seen in front of

    def __str__(self) -> str:
        where = f" -> seat {self.seat}" if self.kind == "region" else ""
        return f"{self.script}: {self.kind} input {self.at + 1}{where}"


def _region_seat(command: Command) -> int | None:
    if command.verb != "see" or len(command.args) < 2:
        return None
    found = _SEAT_REGION.fullmatch(" ".join(command.args[1:]).strip())
    return int(found.group(1)) if found else None


def _players(commands: Sequence[Command]) -> int:
    for command in commands:
        if command.verb == "setup" and len(command.args) > 1 and command.args[1].isdigit():
            return int(command.args[1])
    return 0


def _first_turn(commands: Sequence[Command]) -> int:
    """The index of the first input after the table started (the first ``next``)."""
    for at, command in enumerate(commands):
        if command.verb == "next":
            return at + 1
    return len(commands)


def mutations(
    script: str, commands: Sequence[Command], kinds: Sequence[str] = KINDS
) -> list[Mutation]:
    """Every slip of ``kinds`` at every input of the game (the setup is not mutated)."""
    found = []
    players = _players(commands)
    for at in range(_first_turn(commands), len(commands)):
        command = commands[at]
        for kind in kinds:
            if kind == "swap" and at + 1 >= len(commands):
                continue
            if kind == "swap" and commands[at].text == commands[at + 1].text:
                continue
            if kind == "region":
                seat = _region_seat(command)
                if seat is None or players < 2:
                    continue
                found.append(Mutation(script, kind, at, seat % players + 1))
                continue
            found.append(Mutation(script, kind, at))
    return found


def mutated(commands: Sequence[Command], mutation: Mutation) -> tuple[list[Command], list[int]]:
    """The commands with the slip, and for each the index of the original it stands for."""
    at = mutation.at
    indices = list(range(len(commands)))
    if mutation.kind == "drop":
        indices.pop(at)
    elif mutation.kind == "duplicate":
        indices.insert(at, at)
    elif mutation.kind == "swap":
        indices[at], indices[at + 1] = indices[at + 1], indices[at]
    out = [commands[i] for i in indices]
    if mutation.kind == "region":
        original = commands[at]
        region = f"seat{mutation.seat}"
        out[at] = Command(original.verb, (original.args[0], region), original.t, original.line)
    # A swapped pair keeps its times in order (the later input at the later time).
    if mutation.kind == "swap":
        first, second = out[at], out[at + 1]
        out[at] = Command(first.verb, first.args, second.t, first.line)
        out[at + 1] = Command(second.verb, second.args, first.t, second.line)
    return out, indices


@dataclass
class Judged:
    """A mutated game judged against its original."""

    mutation: Mutation
    divergences: list[str] = field(default_factory=list)
    refused: int = 0  # inputs refused in the mutated game beyond those of the original
    asked: int = 0
    reread: int = 0  # moves read as the prompt offered them, not as the game went
    inferred: int = 0  # moves the table moving on implied, not as the game went

    @property
    def silent(self) -> bool:
        return bool(self.divergences)


def _card_of(command: Command) -> str | None:
    if command.verb != "see" or not command.args:
        return None
    try:
        from vision.payload import CardTag, parse

        tag = parse(command.args[0])
    except ValueError:
        return None
    return f"#{tag.card_id}" if isinstance(tag, CardTag) else None


def _credited(move: str, card: str) -> int | None:
    """The seat a move credits ``card`` to (the seat acting, first after the verb), or None."""
    words = move.split()
    if words and words[0] in _REGION_FREE:
        return None
    if card not in words or len(words) < 2 or not words[1].isdigit():
        return None
    return int(words[1])


def judge(
    mutation: Mutation,
    commands: Sequence[Command],
    original: Sequence[Line],
    slipped: Sequence[Command],
    indices: Sequence[int],
    lines: Sequence[Line],
) -> Judged:
    """Judge the mutated game ``lines`` (inputs ``slipped``) against ``original``."""
    judged = Judged(mutation)
    refused_before = sum(line.outcome == "refused" for line in original)
    judged.refused = max(0, sum(line.outcome == "refused" for line in lines) - refused_before)
    judged.asked = sum(line.outcome == "question" for line in lines) - sum(
        line.outcome == "question" for line in original
    )
    for position in range(mutation.at, len(lines)):
        index, line, command = indices[position], lines[position], slipped[position]
        if mutation.kind == "region" and position == mutation.at:
            judged.divergences += _misplaced(mutation, command, commands[index], line)
        if line.outcome in ("refused", "question"):
            break  # the session said so: what follows is the table's to put right
        if not line.moves:
            continue
        near = {
            move
            for j in range(max(0, index - WINDOW), min(len(original), index + WINDOW + 1))
            for move in original[j].moves
        }
        strays: list[str] = []
        for move in line.moves:
            if move in near:
                continue
            if _names(command, move):
                judged.reread += 1  # read as the prompt offered it, not as the game went
            elif _moved_on(move, command):
                judged.inferred += 1  # a documented inference, announced as it is made
            else:
                strays.append(move)
        judged.divergences += [
            f"input {position + 1} `{command.text}` (line {command.line}) made "
            f"`{move}`, which the game did not make there"
            for move in strays
        ]
        if judged.divergences:
            break
    return judged


def _names(command: Command, move: str) -> bool:
    """Whether ``move`` is what ``command`` says, read as the prompt offered it: the
    card seen or picked in it, the seat tapped its target, the seat or skill named
    acting, the confirmation of what was collected. Only the moves an input makes
    on the way to it (a request closed, a draw implied) are the session's inference."""
    words = move.lstrip("!").split()
    verb, args = command.verb, command.args
    if verb in ("enter", "force"):
        return move.lstrip("!") == " ".join(args)
    if verb == "see":
        card = _card_of(command)
        return card is not None and card in words
    if verb in ("pick", "respond"):
        return any(a.lstrip("#") and f"#{a.lstrip('#')}" in words for a in args)
    if verb == "target":
        tapped = {int(n) for a in args for n in re.findall(r"[0-9]+", a)}
        named = {int(n) for n in re.findall(r"[0-9]+", move.partition("->")[2])}
        return bool(tapped & named)
    if verb in ("pass", "skill", "draw", "discard", "choose", "hp"):
        same_verb = words[:1] == [{"hp": "damage"}.get(verb, verb)] or (
            verb == "hp" and words[:1] == ["heal"]
        )
        return same_verb and (not args or words[1:2] == [args[0]])
    return verb in ("ok", "unseen", "recast", "answer", "next", "end-phase", "no", "cancel")


_MOVED_ON = re.compile(r"(pass|next)( [0-9]+)?|draw [0-9]+ x[0-9]+")


def _moved_on(move: str, command: Command) -> bool:
    """A move the session infers as docs/table-script.md says ("When the table has moved
    on"): a request or window closed by silence, the draw a first card implies, a
    phase ended by a full discard; and the target a card's answer names (a 闪 laid in
    front of seat 3: the 杀 waiting for its target was on seat 3)."""
    if _MOVED_ON.fullmatch(move):
        return True
    seat = _region_seat(command)
    target = re.fullmatch(r"use [0-9]+ #[0-9]+(?: as [a-z_]+)? -> ([0-9]+)", move)
    return seat is not None and target is not None and int(target.group(1)) == seat


def _misplaced(mutation: Mutation, command: Command, was: Command, line: Line) -> list[str]:
    """A card seen in front of another seat, credited all the same to the seat it was."""
    card = _card_of(command)
    seat_was = _region_seat(was)
    found = []
    for move in line.moves if card else ():
        seat = _credited(move, card or "")
        seats = {int(n) for n in re.findall(r"(?<![#0-9])([0-9]+)", move.partition(" ")[2])}
        if seat is not None and seat == seat_was and mutation.seat not in seats:
            found.append(
                f"`{command.text}` credited {card} to seat {seat}, not to seat "
                f"{mutation.seat} where it lies: `{move}`"
            )
    return found


def run(
    mutation: Mutation,
    commands: Sequence[Command],
    original: Sequence[Line],
    store: Store | None = None,
) -> Judged:
    """Play ``mutation`` of ``commands`` (over ``store``, checking every refusal) and judge it."""
    slipped, indices = mutated(commands, mutation)
    return judge(mutation, commands, original, slipped, indices, play_lines(slipped, store))


def chosen(
    count: int, seed: int, kinds: Sequence[str] = KINDS, house: bool = False
) -> list[Mutation]:
    """``count`` mutations over every sample script, drawn with ``seed`` (all when fewer)."""
    every = [
        m for name, commands in sample_scripts(house) for m in mutations(name, commands, kinds)
    ]
    if count >= len(every):
        return every
    return sorted(random.Random(seed).sample(every, count), key=lambda m: (m.script, m.at, m.kind))


def originals(house: bool = False) -> dict[str, tuple[tuple[Command, ...], list[Line]]]:
    """Each sample script's commands and what they do unmutated."""
    return {name: (commands, play_lines(commands)) for name, commands in sample_scripts(house)}
