"""The table session: sightings and taps in, engine moves, prompts and questions out.

``table_session`` holds `TableSession`; ``sightings`` what the camera saw;
``replies`` what the session answers and waits for; ``corrections`` a
correction planned before it is made (its preview, in words); ``prompts`` what the
engine's state asks for; ``buttons`` the prompt bar's buttons; ``script`` the
table script (every sighting and button as a line of text) and `perform`,
the one way an input reaches the session and its journal.
"""

from assistant.session.buttons import Button, prompt_buttons
from assistant.session.corrections import (
    CorrectionPlan,
    CorrectionRefused,
    change_text,
    set_aside_text,
    version_text,
)
from assistant.session.prompts import Prompt, TargetOption, current_prompt, seat_label, targets_for
from assistant.session.replies import (
    DUPLICATE_STICKER,
    MISREAD,
    SKILL,
    PendingCard,
    Question,
    Reply,
    SessionPrompt,
    answer_label,
)
from assistant.session.script import (
    SIGHTINGS,
    TAPS,
    USAGE,
    Command,
    ScriptError,
    parse_script,
    perform,
    script_line,
    sighting_command,
)
from assistant.session.sightings import DUPLICATE_WINDOW, Sighting, region_seat
from assistant.session.table_session import TableSession
from assistant.session.typed import completions

__all__ = [
    "DUPLICATE_STICKER",
    "DUPLICATE_WINDOW",
    "MISREAD",
    "SIGHTINGS",
    "SKILL",
    "TAPS",
    "USAGE",
    "Button",
    "Command",
    "CorrectionPlan",
    "CorrectionRefused",
    "PendingCard",
    "Prompt",
    "Question",
    "Reply",
    "ScriptError",
    "SessionPrompt",
    "Sighting",
    "TableSession",
    "TargetOption",
    "answer_label",
    "change_text",
    "completions",
    "current_prompt",
    "parse_script",
    "perform",
    "prompt_buttons",
    "region_seat",
    "script_line",
    "seat_label",
    "set_aside_text",
    "sighting_command",
    "targets_for",
    "version_text",
]
