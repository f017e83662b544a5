"""Typed reading of one catalogue entry, so every error names file, entry and field."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from enum import Enum
from typing import Any, TypeVar

from engine.errors import CatalogueError
from engine.text import Text, say

E = TypeVar("E", bound=Enum)


def load_toml(text: str, source: str) -> dict[str, Any]:
    """The TOML text of a catalogue file; a file that is not TOML is a CatalogueError
    naming it."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise CatalogueError(
            source, say("file"), None, say("not valid TOML: {error}", error=str(exc))
        ) from None


class EntryReader:
    """Reads the fields of one entry (a CSV row or a TOML table) with checks.

    Call :meth:`done` at the end: a field nobody read is a typo in the data.
    """

    def __init__(self, source: str, entry: Text | str, data: Mapping[str, object]) -> None:
        self.source = source
        self.entry = entry
        self._data = data
        self._read: set[str] = set()

    def has(self, field: str) -> bool:
        """Whether the entry gives ``field`` at all."""
        return field in self._data

    def fail(self, field: str | None, problem: Text) -> CatalogueError:
        return CatalogueError(self.source, self.entry, field, problem)

    def _get(self, field: str, required: bool) -> object:
        self._read.add(field)
        value = self._data.get(field)
        if value is None or value == "":
            if required:
                raise self.fail(field, say("missing"))
            return None
        return value

    def text(self, field: str) -> str:
        value = self._get(field, True)
        if not isinstance(value, str):
            raise self.fail(field, say("expected text, got {value}", value=repr(value)))
        return value.strip()

    def optional_text(self, field: str) -> str | None:
        if self._get(field, False) is None:
            return None
        return self.text(field)

    def integer(self, field: str, low: int, high: int) -> int:
        value = self._get(field, True)
        if isinstance(value, bool) or not isinstance(value, (int, str)):
            raise self.fail(field, _not_whole(value))
        if isinstance(value, str):
            try:
                value = int(value.strip())
            except ValueError:
                raise self.fail(field, _not_whole(value)) from None
        if not low <= value <= high:
            raise self.fail(
                field,
                say("{value} is out of range ({low}..{high})", value=value, low=low, high=high),
            )
        return value

    def optional_integer(self, field: str, low: int, high: int) -> int | None:
        if self._get(field, False) is None:
            return None
        return self.integer(field, low, high)

    def flag(self, field: str) -> bool:
        value = self._get(field, False)
        if value is None:
            return False
        if not isinstance(value, bool):
            raise self.fail(field, say("expected true or false, got {value}", value=repr(value)))
        return value

    def choice(self, field: str, enum: type[E]) -> E:
        value = self.text(field)
        try:
            return enum(value)
        except ValueError:
            allowed = ", ".join(str(member.value) for member in enum)
            raise self.fail(
                field,
                say(
                    "unknown value {value} (expected one of: {allowed})",
                    value=repr(value),
                    allowed=allowed,
                ),
            ) from None

    def optional_choice(self, field: str, enum: type[E]) -> E | None:
        if self._get(field, False) is None:
            return None
        return self.choice(field, enum)

    def text_list(self, field: str) -> tuple[str, ...]:
        value = self._get(field, True)
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.fail(field, say("expected a list of names, got {value}", value=repr(value)))
        return tuple(value)

    def optional_text_list(self, field: str) -> tuple[str, ...]:
        if self._get(field, False) is None:
            return ()
        return self.text_list(field)

    def tables(self, field: str) -> list[Mapping[str, object]]:
        value = self._get(field, False)
        if value is None:
            return []
        if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
            raise self.fail(field, say("expected a list of tables"))
        return list(value)

    def done(self) -> None:
        unknown = sorted(set(self._data) - self._read)
        if unknown:
            raise self.fail(unknown[0], say("unknown field (a typo?)"))


def _not_whole(value: object) -> Text:
    return say("expected a whole number, got {value}", value=repr(value))
