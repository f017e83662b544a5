"""The record store: every game's moves, append-only, in SQLite or PostgreSQL.

``database`` opens a database from a URL or a file path, ``models`` holds
the SQLModel tables, ``games`` reads and writes games (their moves, the
journal of their inputs, reviewers' notes, their versions) through them.
"""

from assistant.store.database import ENV_VAR, StoreError, default_url, open_database, resolve_url
from assistant.store.games import (
    SNAPSHOT_EVERY,
    ConflictError,
    GameSummary,
    Note,
    SetAsideMove,
    Store,
    StoredInput,
    StoredMove,
    Version,
    effective_moves,
)

__all__ = [
    "ENV_VAR",
    "SNAPSHOT_EVERY",
    "ConflictError",
    "GameSummary",
    "Note",
    "SetAsideMove",
    "Store",
    "StoreError",
    "StoredInput",
    "StoredMove",
    "Version",
    "default_url",
    "effective_moves",
    "open_database",
    "resolve_url",
]
