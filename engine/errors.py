"""Errors raised by the engine. All are ValueErrors with a one-line message."""

from __future__ import annotations

from engine.text import Text, say


class CatalogueError(ValueError):
    """A catalogue data file is broken: says which file, which entry, which field.

    ``text`` is the message as the engine says it (``str(exc)`` is its English).
    """

    def __init__(
        self, source: str, entry: Text | str, field: str | None, problem: Text | str
    ) -> None:
        self.source = source
        self.entry = entry
        self.field = field
        self.problem = problem
        if field is not None:
            self.text = say(
                "{source}: {entry}, field '{field}': {problem}",
                source=source,
                entry=entry,
                field=field,
                problem=problem,
            )
        else:
            self.text = say(
                "{source}: {entry}: {problem}", source=source, entry=entry, problem=problem
            )
        super().__init__(str(self.text))
