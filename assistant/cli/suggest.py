""" "Did you mean ...?": the nearest known word to a misspelt one, for one-line errors.

A general is looked for among the keys (their pinyin: ``caocao``), the
Chinese names and the names in the language in use; a card among the kinds'
keys and names; a mode, variant, role, phase or card package among its keys;
a subcommand or any other argparse choice among the choices (`Parser`).
The engine says what it refused as a `~engine.text.Text`: `suggestion_for`
reads the unknown word out of it and names the nearest known one.

>>> from assistant.i18n import set_language
>>> chosen = set_language("C")
>>> nearest_general("caocoa").key, nearest_general("Cao Cao").key, nearest_general("诸葛良").key
('caocao', 'caocao', 'zhugeliang')
>>> nearest_general("曹超").key  # 曹操 and 马超 are as near: the one that starts alike
'caocao'
>>> nearest_general("nobody at all") is None
True
>>> close_match("gamez", ["cards", "games", "generals"])
'games'
"""

from __future__ import annotations

import argparse
import ast
import difflib
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Final, TypeVar

from assistant.i18n import _, card_name, general_name, mode_name
from engine.cards import CardKind, Package
from engine.catalogue import standard_catalogue
from engine.generals import General
from engine.modes import MODES
from engine.state import Phase, Role
from engine.text import Text

__all__ = [
    "Parser",
    "card_hint",
    "close_match",
    "did_you_mean",
    "general_hint",
    "nearest_card",
    "nearest_general",
    "suggestion_for",
]

T = TypeVar("T")

# How alike (difflib's ratio) a word must be to be suggested: Chinese names are two or
# three characters, where one wrong character leaves a ratio of 0.5 or 0.67.
CUTOFF: Final = 0.6
CJK_CUTOFF: Final = 0.5


def _is_cjk(text: str) -> bool:
    return any("\u3400" <= c <= "\u9fff" or "\uf900" <= c <= "\ufaff" for c in text)


def _squashed(word: str) -> str:
    """A word as typed loosely: case, spaces, hyphens and apostrophes ignored."""
    return "".join(c for c in word.strip().lower() if c not in " -_'’·")


def close_match(word: str, candidates: Iterable[str]) -> str | None:
    """The candidate nearest ``word`` (difflib's ratio, loosely written words compared
    too; on a tie, the one that starts like ``word``), or None when none is near enough."""
    cutoff = CJK_CUTOFF if _is_cjk(word) else CUTOFF
    best: tuple[float, int, str] | None = None
    for candidate in dict.fromkeys(c for c in candidates if c):
        ratio = max(
            difflib.SequenceMatcher(None, word, candidate).ratio(),
            difflib.SequenceMatcher(None, _squashed(word), _squashed(candidate)).ratio(),
        )
        if ratio < cutoff:
            continue
        score = (ratio, _common_start(word, candidate), candidate)
        if best is None or score[:2] > best[:2]:
            best = score
    return best[2] if best is not None else None


def _common_start(a: str, b: str) -> int:
    """How many characters ``a`` and ``b`` start with alike."""
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return n


def _nearest(word: str, spellings: Mapping[str, T]) -> T | None:
    exact = {_squashed(s): value for s, value in spellings.items()}
    if _squashed(word) in exact:
        return exact[_squashed(word)]
    found = close_match(word, spellings)
    return spellings[found] if found is not None else None


def nearest_general(word: str) -> General | None:
    """The general ``word`` most likely means: by key (pinyin), Chinese name or name in
    the language in use, loosely written (``Cao Cao``) or misspelt (``caocoa``, ``曹超``)."""
    spellings: dict[str, General] = {}
    for general in standard_catalogue().generals:
        spellings[general.key] = general
        spellings[general.name] = general
        spellings.setdefault(general_name(general), general)
    return _nearest(word, spellings)


def nearest_card(word: str) -> CardKind | None:
    """The card kind ``word`` most likely means: by key, Chinese name or name here."""
    spellings: dict[str, CardKind] = {}
    for kind in standard_catalogue().kinds.values():
        spellings[kind.key] = kind
        spellings[kind.name] = kind
        spellings.setdefault(card_name(kind), kind)
    return _nearest(word, spellings)


def general_hint(general: General) -> str:
    """How a suggestion names a general: its key and its name (``caocao (曹操)``)."""
    return _key_and_name(general.key, general_name(general), general.name)


def card_hint(kind: CardKind) -> str:
    """How a suggestion names a card kind: its key and its name (``sha (杀)``)."""
    return _key_and_name(kind.key, card_name(kind), kind.name)


def _key_and_name(key: str, name: str, chinese: str) -> str:
    """The key and the name in use, or the Chinese name when the name in use is the key
    written out (``caocao (曹操)``, never ``caocao (Cao Cao)``)."""
    return f"{key} ({chinese if _squashed(name) == key else name})"


def did_you_mean(problem: str, hint: str | None) -> str:
    """``problem``, with ``; did you mean HINT?`` when there is a hint."""
    if hint is None:
        return problem
    return _("{problem}; did you mean {suggestion}?").format(problem=problem, suggestion=hint)


def _word(value: object) -> str:
    """A value the engine quoted (``repr``), unquoted."""
    text = str(value)
    if text[:1] in "'\"":
        try:
            unquoted = ast.literal_eval(text)
        except (ValueError, SyntaxError):
            return text.strip("'\"")
        return str(unquoted)
    return text


def _general_hint(word: str) -> str | None:
    general = nearest_general(word)
    return general_hint(general) if general is not None else None


def _card_hint(word: str) -> str | None:
    kind = nearest_card(word)
    return card_hint(kind) if kind is not None else None


def _mode_hint(word: str) -> str | None:
    spellings = {key: key for key in MODES} | {mode_name(key): key for key in MODES}
    key = _nearest(word, spellings)
    if key is None or mode_name(key) == key:
        return key
    return f"{key} ({mode_name(key)})"


def _key_hint(keys: Iterable[str]) -> Callable[[str], str | None]:
    return lambda word: close_match(word, keys)


# The engine's refusals that name an unknown word: the template, the value holding
# the word, and how to find the nearest known one.
_UNKNOWN: Final[dict[str, tuple[str, Callable[[str], str | None]]]] = {
    "unknown general {key}": ("key", _general_hint),
    "unknown mode {mode} (modes: {modes})": ("mode", _mode_hint),
    "unknown card kind {key}": ("key", _card_hint),
    "unknown card package {package} (standard, ex, maneuvering)": (
        "package",
        _key_hint(p.value for p in Package),
    ),
    "unknown role {role} ({roles})": ("role", _key_hint(r.value for r in Role)),
    "unknown phase {phase}": ("phase", _key_hint(p.value for p in Phase)),
}
# What a general's place in the notation expects (engine.moves), when it reads a word that
# is neither a key nor a Chinese name.
_GENERAL_EXPECTED: Final = (
    "general keys like caocao or caocao,simayi",
    "general keys or Chinese names like caocao, 曹操 or caocao,simayi",
    "a general's key or Chinese name",
)


def suggestion_for(said: object) -> str | None:
    """The nearest known word to the unknown one in what the engine refused (a `Text`,
    or an error carrying one as ``text``), as a hint to print; None when it names none."""
    text = said if isinstance(said, Text) else getattr(said, "text", None)
    if not isinstance(text, Text):
        return None
    values = dict(text.values)
    known = _UNKNOWN.get(text.msgid)
    if known is not None:
        field, hint = known
        return hint(_word(values.get(field, "")))
    if text.msgid == "{mode} has no variant {variant} (variants: {known})":
        variants = getattr(values.get("mode"), "variants", ())
        return close_match(_word(values.get("variant", "")), variants)
    what = values.get("what")
    if isinstance(what, Text) and what.msgid in _GENERAL_EXPECTED:
        words = _word(values.get("got", "")).split(",")
        for word in words:
            if nearest_general(word) is not None and word not in _general_keys():
                return _general_hint(word)
        return None
    for value in values.values():
        if isinstance(value, Text):
            found = suggestion_for(value)
            if found is not None:
                return found
    return None


def _general_keys() -> set[str]:
    return {g.key for g in standard_catalogue().generals}


class Parser(argparse.ArgumentParser):
    """argparse's parser, which answers a misspelt choice (a subcommand, a ``--kingdom``
    ...) with the nearest one instead of listing them all."""

    def _check_value(self, action: argparse.Action, value: Any) -> None:
        choices = action.choices
        if choices is not None and value not in choices:
            near = close_match(str(value), [str(c) for c in choices])
            if near is not None:
                message = _("invalid choice: {value}; did you mean {suggestion}?")
                raise argparse.ArgumentError(
                    action, message.format(value=repr(value), suggestion=repr(near))
                )
        super()._check_value(action, value)
