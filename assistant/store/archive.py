"""Putting finished games away (archiving), and deleting a game: the one place rows go away.

The store is append only (`assistant.store.models`): moves, inputs and notes
are inserted and read, never changed. A player may still want a game gone (a
demo stored by mistake, a test game): `delete_game` removes every row of
that game from every table of the store, in one transaction, so either the
whole game is gone or nothing is. It is what ``sgs-table games --delete``
does after asking; nothing else deletes rows.

Archiving is lighter: `archive_game` marks a finished game (a row in the
``archived`` table) so that the games list leaves it out unless asked;
`unarchive_game` takes the mark away. A store made before the table existed
reads as one with nothing archived, read-only or not.

On SQLite a deleted game's id may be given again to the next game stored (the
highest id is reused); PostgreSQL never reuses one.
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import delete, insert, inspect, select
from sqlmodel import SQLModel, col

from assistant.i18n import _
from assistant.store.database import StoreError
from assistant.store.games import GameSummary, Store
from assistant.store.models import ArchivedRow, GameRow

__all__ = ["archive_game", "archived_ids", "delete_game", "find_game", "unarchive_game"]


def find_game(store: Store, game_id: int) -> GameSummary:
    """The games-list line of game ``game_id``; StoreError when there is none."""
    for game in store.games():
        if game.id == game_id:
            return game
    raise StoreError(_("no game {game} in {database}").format(game=game_id, database=store.db.name))


def archived_ids(store: Store) -> set[int]:
    """The ids of the archived games (none in a store from before archiving)."""
    db = store.db
    with db.failures(_("cannot list the games")), db.engine.connect() as conn:
        if not inspect(conn).has_table(ArchivedRow.__tablename__):
            return set()
        return {int(row) for row in conn.execute(select(col(ArchivedRow.game_id))).scalars()}


def archive_game(store: Store, game_id: int) -> bool:
    """Mark finished game ``game_id`` archived; whether it was not already.

    StoreError (nothing written) for an unknown game or one still being played.
    """
    game = find_game(store, game_id)
    if game.status != "over":
        raise StoreError(
            _("game {game} is not finished: only a finished game is archived").format(game=game_id)
        )
    if game_id in archived_ids(store):
        return False
    db = store.db
    with db.failures(_("cannot archive game {game}").format(game=game_id)):
        db.check_file()
        with db.engine.begin() as conn:
            conn.execute(insert(ArchivedRow).values(game_id=game_id, archived_at=_now()))
    return True


def unarchive_game(store: Store, game_id: int) -> bool:
    """Take the archive mark off game ``game_id``; whether it had one. StoreError for an
    unknown game."""
    find_game(store, game_id)
    if game_id not in archived_ids(store):
        return False
    db = store.db
    with db.failures(_("cannot unarchive game {game}").format(game=game_id)):
        db.check_file()
        with db.engine.begin() as conn:
            conn.execute(delete(ArchivedRow).where(col(ArchivedRow.game_id) == game_id))
    return True


def delete_game(store: Store, game_id: int) -> int:
    """Delete game ``game_id``: its rows in every table of the store, in one transaction;
    how many rows went. StoreError (nothing deleted) for an unknown game."""
    db = store.db
    deleted = 0
    with db.failures(_("cannot delete game {game}").format(game=game_id)):
        db.check_file()
        with db.engine.begin() as conn:
            present = set(inspect(conn).get_table_names())
            # The tables that name a game first, the games table last (foreign keys).
            for table in reversed(SQLModel.metadata.sorted_tables):
                if table.name == GameRow.__tablename__ or table.name not in present:
                    continue
                if "game_id" in table.c:
                    deleted += conn.execute(
                        delete(table).where(table.c.game_id == game_id)
                    ).rowcount
            gone = conn.execute(delete(GameRow).where(col(GameRow.id) == game_id)).rowcount
            if gone == 0:
                raise StoreError(
                    _("no game {game} in {database}").format(game=game_id, database=db.name)
                )
    return deleted + gone


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")
