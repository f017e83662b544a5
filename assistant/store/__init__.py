"""The record store: every game's moves, append-only, in SQLite or PostgreSQL.

``database`` opens a database from a URL or a file path, ``models`` holds
the SQLModel tables, ``games`` reads and writes games (their moves, the
journal of their inputs and reviewers' notes) through them.
"""

from assistant.store.database import ENV_VAR, StoreError, default_url, open_database, resolve_url
from assistant.store.games import (
    SNAPSHOT_EVERY,
    ConflictError,
    GameSummary,
    Note,
    Store,
    StoredInput,
    StoredMove,
    effective_moves,
)

__all__ = [
    "ENV_VAR",
    "SNAPSHOT_EVERY",
    "ConflictError",
    "GameSummary",
    "Note",
    "Store",
    "StoreError",
    "StoredInput",
    "StoredMove",
    "default_url",
    "effective_moves",
    "open_database",
    "resolve_url",
]
