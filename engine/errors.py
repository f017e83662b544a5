"""Errors raised by the engine. All are ValueErrors with a one-line message."""

from __future__ import annotations


class CatalogueError(ValueError):
    """A catalogue data file is broken: says which file, which entry, which field."""

    def __init__(self, source: str, entry: str, field: str | None, problem: str) -> None:
        self.source = source
        self.entry = entry
        self.field = field
        self.problem = problem
        where = f"{source}: {entry}"
        if field is not None:
            where += f", field '{field}'"
        super().__init__(f"{where}: {problem}")
