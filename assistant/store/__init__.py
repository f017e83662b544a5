"""The record store: every game's moves, append-only, in SQLite or PostgreSQL.

``database`` opens a database from a URL or a file path (to write, creating
what is missing, or only to read, creating nothing), ``models`` holds the
SQLModel tables, ``games`` reads and writes games (their moves, the journal
of their inputs, reviewers' notes, their versions) through them, append
only; ``archive`` puts finished games away and deletes a game, the one place
rows go away.
"""

from assistant.store.archive import (
    archive_game,
    archived_ids,
    delete_game,
    find_game,
    unarchive_game,
)
from assistant.store.database import (
    ENV_VAR,
    DatabaseError,
    StoreError,
    default_url,
    fresh_demo_database,
    open_database,
    resolve_url,
)
from assistant.store.games import (
    SNAPSHOT_EVERY,
    ConflictError,
    GameSummary,
    JournalEntry,
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
    "DatabaseError",
    "GameSummary",
    "JournalEntry",
    "Note",
    "SetAsideMove",
    "Store",
    "StoreError",
    "StoredInput",
    "StoredMove",
    "Version",
    "archive_game",
    "archived_ids",
    "default_url",
    "delete_game",
    "effective_moves",
    "find_game",
    "fresh_demo_database",
    "open_database",
    "resolve_url",
    "unarchive_game",
]
