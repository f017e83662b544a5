"""The table assistant: sightings and taps in, prompts, views and a durable record out.

A house with rooms, each a package with one job (arrows point down only):

- ``terms``: the table's shared words (role cards, action tokens, names of
  roles, phases, modes and kingdoms); ``resources``: the packaged font.
- ``store``: the record store (database opening, SQLModel tables, the
  append-only game store and each game's journal of inputs).
- ``views``: what the screens show, as plain values (table, distances
  picture, timing helper).
- ``review``: a game told in words, its history and the replay.
- ``session``: the table session (sightings, intents, questions, prompts and
  prompt buttons, the table script and `perform`, the one way inputs arrive).
- ``setup``: planning a table's setup (mode, generals, lord) for the setup screen.
- ``stickers``: what a sticker names, and the sheets to print.
- ``camera``: the camera feed, decoding off the UI thread.
- ``cli``: the ``sgs-table`` command line, one module per subcommand.

Nothing is imported here: ``import assistant.store`` does not pull in OpenCV.
"""

__all__ = [
    "camera",
    "cli",
    "resources",
    "review",
    "session",
    "setup",
    "stickers",
    "store",
    "terms",
    "views",
]
