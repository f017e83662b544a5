"""What the session answers and what it waits for: replies, questions, the prompt it shows."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from assistant.i18n import _, card_name, card_text, join_list, ngettext
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
    "answer_label",
]

# The answers to "a mis-read, a duplicate sticker, or a skill?" as a table script
# writes them (never translated); answer_label names them for the player.
MISREAD = "mis-read"
DUPLICATE_STICKER = "duplicate sticker"
SKILL = "skill"


def answer_label(option: str) -> str:
    """One of the answers above as its button names it, in the language in use."""
    if option == MISREAD:
        return _("mis-read")
    if option == DUPLICATE_STICKER:
        return _("duplicate sticker")
    if option == SKILL:
        # TRANSLATORS: an answer: the card was laid for a skill the assistant does not know
        return _("skill")
    return option


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
        """The card (or cards) and what it is used as, in the language in use."""
        c = "+".join(card_text(card(x)) for x in (self.card_id, *self.more))
        if not self.as_kind:
            return c
        return _("{cards} as {card}").format(cards=c, card=card_name(kind(self.as_kind)))

    @property
    def text(self) -> str:
        legal = [o.seat for o in self.options if o.legal]
        words = {
            "seat": self.seat,
            "card": self.name,
            "seats": join_list(legal) if legal else _("none"),
            "n": self.most,
        }
        if self.most > 1:
            text = ngettext(
                "seat {seat}: choose the target (up to {n}) of {card} (legal: {seats})",
                "seat {seat}: choose the targets (up to {n}) of {card} (legal: {seats})",
                self.most,
            )
        else:
            text = _("seat {seat}: choose the target of {card} (legal: {seats})")
        text = text.format_map(words)
        if not self.chosen:
            return text
        return _("{prompt}; chosen {seats}").format(prompt=text, seats=join_list(self.chosen))


@dataclass(frozen=True, slots=True)
class Question:
    """Something the session will not guess: one of ``options`` answers it.

    ``options`` are the answers as a table script writes them (``answer
    OPTION``), the same in every language; ``labels``, when given, are the
    same answers as a player reads them (one per option).
    """

    text: str
    options: tuple[str, ...]
    decide: Callable[[str], Reply] = field(repr=False, compare=False)
    labels: tuple[str, ...] = ()

    @property
    def shown(self) -> tuple[str, ...]:
        """The answers as a player reads them."""
        return self.labels or self.options


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
            return _("{prompt} ({n} laid)").format(prompt=self.base.text, n=len(self.gathered))
        return self.base.text

    @property
    def options(self) -> tuple[str, ...]:
        """What answers the prompt, as words for programs (see `Prompt`)."""
        if self.question is not None:
            return self.question.options
        if self.skill is not None:
            return ("ok", "unseen", "cancel") if self.skill.ready else ("unseen", "cancel")
        if self.note:
            return ("cancel",)
        if self.pending is not None:
            return tuple(str(o.seat) for o in self.pending.options if o.legal)
        return self.base.options
