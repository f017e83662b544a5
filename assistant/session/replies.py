"""What the session answers and what it waits for: replies, questions, the prompt it shows."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from assistant.session.prompts import Prompt, TargetOption
from engine.derived import card

__all__ = [
    "DUPLICATE_STICKER",
    "MISREAD",
    "SKILL",
    "PendingCard",
    "Question",
    "Reply",
    "SessionPrompt",
]

MISREAD = "mis-read"
DUPLICATE_STICKER = "duplicate sticker"
SKILL = "skill"


@dataclass(frozen=True, slots=True)
class Reply:
    """What an input did: ``ok``, one line for the player, the move applied if any.

    ``asks`` is set when the input raised a question: not ok (nothing was
    done yet), but not refused either, since the answer will do it.
    """

    ok: bool
    message: str
    move: str | None = None
    asks: bool = False

    @property
    def refused(self) -> bool:
        """The session refused the input (nothing was done, nothing is asked)."""
        return not self.ok and not self.asks


@dataclass(frozen=True, slots=True)
class PendingCard:
    """A card scanned in the play phase, waiting for its target(s)."""

    seat: int
    card_id: int
    forced: bool
    options: tuple[TargetOption, ...]

    @property
    def text(self) -> str:
        legal = [o.seat for o in self.options if o.legal]
        seats = ", ".join(map(str, legal)) if legal else "none"
        return f"seat {self.seat}: choose the target of {card(self.card_id)} (legal: {seats})"


@dataclass(frozen=True, slots=True)
class Question:
    """Something the session will not guess: one of ``options`` answers it."""

    text: str
    options: tuple[str, ...]
    decide: Callable[[str], Reply] = field(repr=False, compare=False)


@dataclass(frozen=True, slots=True)
class SessionPrompt:
    """The engine's prompt plus what the session itself waits for."""

    base: Prompt
    pending: PendingCard | None = None
    question: Question | None = None

    @property
    def text(self) -> str:
        if self.question is not None:
            return self.question.text
        if self.pending is not None:
            return self.pending.text
        return self.base.text

    @property
    def options(self) -> tuple[str, ...]:
        if self.question is not None:
            return self.question.options
        if self.pending is not None:
            return tuple(str(o.seat) for o in self.pending.options if o.legal)
        return self.base.options
