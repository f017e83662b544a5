"""Setting up a table: mode and size, a general for each seat, the lord.

``plan`` holds the choices and carries them out on a session (tried on a
scratch session first); ``screen`` words them for the setup screen and reads
the general and seat stickers shown while setting up.
"""

from assistant.setup.plan import GeneralChoice, ModeChoice, TablePlan, mode_choices, search_generals
from assistant.setup.screen import (
    SeatLine,
    SetupSticker,
    clear_seat,
    general_choice,
    kingdom_filters,
    next_seat,
    problems_text,
    read_sticker,
    result_label,
    roles_text,
    seat_holding,
    seat_lines,
    toggle_lord,
)

__all__ = [
    "GeneralChoice",
    "ModeChoice",
    "SeatLine",
    "SetupSticker",
    "TablePlan",
    "clear_seat",
    "general_choice",
    "kingdom_filters",
    "mode_choices",
    "next_seat",
    "problems_text",
    "read_sticker",
    "result_label",
    "roles_text",
    "search_generals",
    "seat_holding",
    "seat_lines",
    "toggle_lord",
]
