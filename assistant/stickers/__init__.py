"""The stickers: what each payload names, and the sheets a table prints.

``names`` says what a sticker names in the catalogue's words; ``sheets``
decides which stickers a table needs and has `vision.labels` draw them.
"""

from assistant.stickers.names import describe_tag, sticker_problem
from assistant.stickers.sheets import (
    KINDS,
    PAPERS,
    LabelReport,
    parse_kinds,
    sheet_words,
    stickers_for,
    write_labels,
)

__all__ = [
    "KINDS",
    "PAPERS",
    "LabelReport",
    "describe_tag",
    "parse_kinds",
    "sheet_words",
    "sticker_problem",
    "stickers_for",
    "write_labels",
]
