"""What the session answers and what it waits for: replies, questions, the prompt it shows."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from assistant.session.prompts import Prompt, TargetOption
from assistant.session.skill_input import PendingSkill
from engine.derived import card, kind

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
    """A card scanned in the play phase, waiting for its target(s).

    ``as_kind``: the kind it is used as through a skill (武圣: ``sha``).
    ``chosen``: seats tapped so far, for a card that takes several (借刀杀人
    two, 铁索连环 one or two, 方天画戟 up to three); ``least``/``most`` bound them.
    """

    seat: int
    card_id: int
    forced: bool
    options: tuple[TargetOption, ...]
    as_kind: str | None = None
    chosen: tuple[int, ...] = ()
    least: int = 1
    most: int = 1
    more: tuple[int, ...] = ()  # the other cards used with it as one (丈八蛇矛: two as a 杀)

    @property
    def name(self) -> str:
        c = "+".join(str(card(x)) for x in (self.card_id, *self.more))
        return f"{c} as {kind(self.as_kind).name}" if self.as_kind else c

    @property
    def text(self) -> str:
        legal = [o.seat for o in self.options if o.legal]
        seats = ", ".join(map(str, legal)) if legal else "none"
        so_far = f"; chosen {', '.join(map(str, self.chosen))}" if self.chosen else ""
        many = f" (up to {self.most})" if self.most > 1 else ""
        return (
            f"seat {self.seat}: choose the target{'s' if self.most > 1 else ''}{many} of "
            f"{self.name} (legal: {seats}){so_far}"
        )


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
    skill: PendingSkill | None = None
    gathered: tuple[int, ...] = ()  # cards laid so far for a request of several (五谷丰登, 刚烈)
    note: str = ""  # what the session collects otherwise (丈八蛇矛's two cards)

    @property
    def text(self) -> str:
        if self.question is not None:
            return self.question.text
        if self.note:
            return self.note
        if self.skill is not None:
            return self.skill.text
        if self.pending is not None:
            return self.pending.text
        if self.gathered:
            return f"{self.base.text} ({len(self.gathered)} laid)"
        return self.base.text

    @property
    def options(self) -> tuple[str, ...]:
        if self.question is not None:
            return self.question.options
        if self.skill is not None:
            return ("ok", "unseen", "cancel") if self.skill.ready else ("unseen", "cancel")
        if self.note:
            return ("cancel",)
        if self.pending is not None:
            return tuple(str(o.seat) for o in self.pending.options if o.legal)
        return self.base.options
