"""A correction planned before it is made: what it changes, in the table's words.

`TableSession.plan_correction` makes a :class:`CorrectionPlan` and changes
nothing: the move replaced, inserted or deleted, how many later moves are
played again, which are set aside and why, the passes added for the table,
and what differs at the end of the game (each seat's HP, hand count, life and
equipment; the winner, whose turn it is, the phase). The app shows it in a
confirmation; `TableSession.apply_correction` makes it. The table script's
``replace``, ``insert`` and ``delete`` plan and make it at once (the
confirmed action).

`CorrectionPlan.lines` words the preview in the language in use,
`CorrectionPlan.as_json` gives it to programs (keys and codes the same in
every language, the reasons in the source's English).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from assistant.i18n import SOURCE, _, card_text, ngettext, phase_name, speaking, subtype_name, tr
from assistant.review.replay import winner_name
from assistant.store import SetAsideMove, Version
from engine.cards import Subtype
from engine.corrections import Change, Edit, Rewrite, end_changes
from engine.derived import card
from engine.moves import Move
from engine.state import GameState, Phase

__all__ = [
    "CorrectionPlan",
    "CorrectionRefused",
    "change_text",
    "headline",
    "outcome",
    "set_aside_text",
    "version_text",
]


class CorrectionRefused(ValueError):
    """A correction that cannot be made; the message is one line, in the language in use."""


@dataclass(frozen=True)
class CorrectionPlan:
    """A correction worked out on the game as it stands, not made yet.

    ``before`` are the moves in effect when it was planned and ``end`` the table
    after them; ``next_seq`` the store row the session would write next (0:
    no store); ``puts_back`` the set-aside move this insertion puts back.
    """

    rewrite: Rewrite
    end: GameState
    next_seq: int = 0
    puts_back: SetAsideMove | None = None

    @property
    def edit(self) -> Edit:
        return self.rewrite.edit

    @property
    def kind(self) -> str:
        return self.edit.kind

    @property
    def number(self) -> int:
        return self.edit.number

    @property
    def move(self) -> Move | None:
        """The move put at ``number`` (None for a deletion)."""
        return self.edit.move

    @property
    def before(self) -> tuple[Move, ...]:
        return self.rewrite.before

    @property
    def was(self) -> Move | None:
        """The move at ``number`` before: replaced, deleted, or pushed down by an insertion."""
        n = self.number
        return self.before[n - 1] if n <= len(self.before) else None

    @property
    def later(self) -> int:
        """The moves after the one changed (from it, for an insertion): those played again."""
        return len(self.before) - self.number + (1 if self.kind == "insert" else 0)

    @property
    def kept(self) -> int:
        return len(self.rewrite.kept)

    @property
    def changes(self) -> tuple[Change, ...]:
        """What differs at the end of the game."""
        return end_changes(self.end, self.rewrite.game.state)

    # ------------------------------------------------------------ words

    def headline(self) -> str:
        """What the correction does to the move itself, in one line."""
        return headline(self.kind, self.number, self.move, self.was)

    def outcome(self) -> str:
        """How many later moves are kept and how many set aside, in one line."""
        return outcome(self.later, self.kept, len(self.rewrite.set_aside))

    def summary(self) -> str:
        """The headline and the outcome, one line (the reply when it is made)."""
        return _("{change}; {outcome}").format(change=self.headline(), outcome=self.outcome())

    def lines(self) -> list[str]:
        """The preview, a line each: the move, the later moves, each set aside with why,
        the passes added, then what differs at the end of the game."""
        lines = [self.headline(), self.outcome()]
        for item in self.rewrite.set_aside:
            lines.append(set_aside_text(item.number, item.move, item.reason))
        silences = len(self.rewrite.silences)
        if silences:
            lines.append(
                ngettext(
                    "{n} pass added: nobody answered the 无懈可击 at the time",
                    "{n} passes added: nobody answered the 无懈可击 at the time",
                    silences,
                ).format(n=silences)
            )
        if self.puts_back is not None:
            lines.append(_("puts back the move set aside: {move}").format(move=self.puts_back.move))
        changes = self.changes
        if not changes:
            lines.append(_("at the end of the game: nothing differs"))
        else:
            lines.append(_("at the end of the game:"))
            lines += ["  " + change_text(change) for change in changes]
        return lines

    def as_json(self) -> dict[str, Any]:
        """The preview for programs (``--json``): keys and values the same in every language."""
        with speaking(SOURCE):
            set_aside = [
                {"number": s.number, "move": str(s.move), "reason": tr(s.reason)}
                for s in self.rewrite.set_aside
            ]
        return {
            "kind": self.kind,
            "number": self.number,
            "move": None if self.move is None else str(self.move),
            "was": None if self.was is None else str(self.was),
            "moves_before": len(self.before),
            "moves_after": len(self.rewrite.moves),
            "later": self.later,
            "kept": self.kept,
            "set_aside": set_aside,
            "silences": list(self.rewrite.silences),
            "puts_back": None if self.puts_back is None else self.puts_back.number,
            "changes": [
                {
                    "what": c.what,
                    "seat": c.seat,
                    "before": _json_value(c.before),
                    "after": _json_value(c.after),
                }
                for c in self.changes
            ],
        }


def headline(kind: str, number: int, move: object, was: object) -> str:
    """What a correction (``kind``) did to move ``number``: put ``move`` where ``was`` was."""
    if kind in ("replace", "correct"):
        return _("move {n}: {was} → {move}").format(n=number, was=was, move=move)
    if kind == "insert":
        if was is None:
            return _("{move} entered as move {n}").format(move=move, n=number)
        return _("{move} inserted as move {n}, before {was}").format(move=move, n=number, was=was)
    if kind == "undo":
        return _("move {n} undone: {was}").format(n=number, was=was)
    return _("move {n} deleted: {was}").format(n=number, was=was)


def outcome(later: int, kept: int, set_aside: int) -> str:
    """How many of the ``later`` moves a correction kept and how many it set aside."""
    said = ngettext(
        "{kept} of {later} later move kept",
        "{kept} of {later} later moves kept",
        later,
    ).format(kept=kept, later=later)
    if not set_aside:
        return said
    return ngettext("{kept}, {n} set aside", "{kept}, {n} set aside", set_aside).format(
        kept=said, n=set_aside
    )


def version_text(version: Version) -> str:
    """What began a stored version of a game, in one line."""
    if version.kind == "start":
        return ngettext(
            "the game as first stored: {n} move",
            "the game as first stored: {n} moves",
            version.moves,
        ).format(n=version.moves)
    said = headline(version.kind, version.move, version.text, version.was)
    if version.kind == "undo":
        return said
    if version.kind == "correct":
        dropped = ngettext(
            "{n} later move dropped", "{n} later moves dropped", version.dropped
        ).format(n=version.dropped)
        return _("{change}; {outcome}").format(change=said, outcome=dropped)
    done = outcome(version.later, version.kept, len(version.set_aside))
    return _("{change}; {outcome}").format(change=said, outcome=done)


def set_aside_text(number: int, move: Move, reason: object) -> str:
    """A set-aside move as the table reads it: its number before, the move, why."""
    return _("move {n} set aside: {move} ({reason})").format(n=number, move=move, reason=tr(reason))


def change_text(change: Change) -> str:
    """One difference at the end of the game, in the language in use."""
    what, seat = change.what, change.seat
    before, after = change.before, change.after
    if what == "alive":
        said = _("seat {seat} dies") if before else _("seat {seat} stays alive")
        return said.format(seat=seat)
    if what == "hp":
        return _("seat {seat}: HP {before} → {after}").format(seat=seat, before=before, after=after)
    if what == "max_hp":
        return _("seat {seat}: max HP {before} → {after}").format(
            seat=seat, before=before, after=after
        )
    if what == "hand":
        return _("seat {seat}: {before} → {after} cards in hand").format(
            seat=seat, before=before, after=after
        )
    if what == "winner":
        return _("the game: {before} → {after}").format(
            before=_winner(before), after=_winner(after)
        )
    if what == "turn":
        return _("whose turn: seat {before} → seat {after}").format(before=before, after=after)
    if what == "phase":
        assert isinstance(before, Phase) and isinstance(after, Phase)
        return _("phase: {before} → {after}").format(
            before=phase_name(before), after=phase_name(after)
        )
    return _("seat {seat}: {slot} {before} → {after}").format(
        seat=seat, slot=subtype_name(Subtype(what)), before=_card(before), after=_card(after)
    )


def _card(card_id: object) -> str:
    if not isinstance(card_id, int):
        # TRANSLATORS: an equipment slot with nothing in it
        return _("none")
    return card_text(card(card_id))


def _winner(winner: object) -> str:
    if not isinstance(winner, str):
        return _("still playing")
    return winner_name(winner)


def _json_value(value: object) -> object:
    return value.value if isinstance(value, Phase) else value
