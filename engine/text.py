"""Sentences for people, kept as an English template and its values.

The engine words its refusals, its log lines and the reasons behind a
distance in English, but it does not decide the language a player reads:
it says a `Text`, and the assistant words it in the table's language through
its message catalogs (``assistant.i18n.tr``). ``str(text)`` is the English
wording, so a test, a record or a log that only wants English has it.

The template is the catalog's message id: ``say`` and ``say_n`` are the
keywords the catalog extraction looks for, so every template the engine can
say is in the catalogs. Values are what the sentence is about: numbers,
seat numbers, and game objects (a `~engine.cards.Card`, a
`~engine.cards.CardKind`, a `~engine.state.Phase`, another `Text` ...) that
each language names in its own words.

>>> text = say("seat {seat} is dead", seat=3)
>>> str(text), text.msgid, dict(text.values)
('seat 3 is dead', 'seat {seat} is dead', {'seat': 3})
>>> str(say_n("draws {n} card", "draws {n} cards", 2))
'draws 2 cards'
>>> str(say("{who}: {why}", who=say("seat {seat}", seat=1), why="no cards"))
'seat 1: no cards'

In ``str(text)`` a value is named as the source's own messages name it (the
``C`` language the tests read): a card kind, skill or general by its
Chinese name, an object with a ``source_name`` (a phase: ``play phase``;
a kingdom: ``魏``) by that, any other enum by its value.

>>> str(listing((1, 3, 5))), str(either((2, 3)))
('1, 3, 5', '2 or 3')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

__all__ = ["Text", "either", "listing", "say", "say_n"]


@dataclass(frozen=True, slots=True)
class Text:
    """A sentence: its message id (an English template), its values, its plural form.

    ``plural`` and ``count`` are set for a sentence that depends on a number
    (``say_n``): English picks ``msgid`` for one and ``plural`` otherwise;
    other languages choose by their own plural rules.
    """

    msgid: str
    values: tuple[tuple[str, object], ...] = ()
    plural: str | None = None
    count: int = 0

    def template(self) -> str:
        """The English template this sentence uses (singular or plural)."""
        if self.plural is not None and self.count != 1:
            return self.plural
        return self.msgid

    def __str__(self) -> str:
        template = self.template()
        if not self.values:
            return template
        return template.format_map({name: _source_name(value) for name, value in self.values})


def _source_name(value: object) -> str:
    """A value as the source's messages name it (see the module's doc)."""
    named = getattr(value, "source_name", None)
    if isinstance(named, str):
        return named
    if isinstance(value, Enum):
        return str(value.value)
    return str(value)


def say(msgid: str, /, **values: object) -> Text:
    """A sentence from an English template (``str.format`` fields) and its values."""
    return Text(msgid, tuple(values.items()))


def say_n(singular: str, plural: str, n: int, /, **values: object) -> Text:
    """A sentence that depends on the number ``n`` (which its templates name ``{n}``)."""
    return Text(singular, (("n", n), *values.items()), plural, n)


def listing(items: Sequence[object]) -> object:
    """Several values as one, one after the other (``鬼才, 八卦阵``): each language
    joins them its own way. One item is itself; none is ``nothing``."""
    if not items:
        return say("nothing")
    joined = items[-1]
    for item in reversed(items[:-1]):
        # TRANSLATORS: a list of items, in the order given ({rest} may itself be a list)
        joined = say("{item}, {rest}", item=item, rest=joined)
    return joined


def either(items: Sequence[object]) -> object:
    """Several values of which one is meant (``2 or 3``). One item is itself."""
    if not items:
        return say("nothing")
    joined = items[-1]
    for item in reversed(items[:-1]):
        # TRANSLATORS: one of the items ({rest} may itself be a list of choices)
        joined = say("{item} or {rest}", item=item, rest=joined)
    return joined
