"""The table session: sightings and taps in, engine moves, prompts and questions out.

``table_session`` holds `TableSession`; ``sightings`` what the camera saw;
``replies`` what the session answers and waits for; ``prompts`` what the
engine's state asks for; ``buttons`` the prompt bar's buttons; ``taps`` the
script of taps that ``sgs-table demo`` plays.
"""

from assistant.session.buttons import Button, prompt_buttons
from assistant.session.prompts import Prompt, TargetOption, current_prompt, seat_label, targets_for
from assistant.session.replies import (
    DUPLICATE_STICKER,
    MISREAD,
    SKILL,
    PendingCard,
    Question,
    Reply,
    SessionPrompt,
)
from assistant.session.sightings import DUPLICATE_WINDOW, Sighting, region_seat
from assistant.session.table_session import TableSession
from assistant.session.taps import Tap, TapError, parse_taps, run_tap, tap_action

__all__ = [
    "DUPLICATE_STICKER",
    "DUPLICATE_WINDOW",
    "MISREAD",
    "SKILL",
    "Button",
    "PendingCard",
    "Prompt",
    "Question",
    "Reply",
    "SessionPrompt",
    "Sighting",
    "TableSession",
    "Tap",
    "TapError",
    "TargetOption",
    "current_prompt",
    "parse_taps",
    "prompt_buttons",
    "region_seat",
    "run_tap",
    "seat_label",
    "tap_action",
    "targets_for",
]
