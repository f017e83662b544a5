"""The table's words as its stickers print them: role cards and action tokens.

The names of roles, phases, modes, variants and kingdoms as the screens
say them are in `assistant.i18n` (in the language in use). Nothing here
computes anything; every package of ``assistant`` may import it.

>>> [english for _, _, english, _ in ROLE_CARDS]
['lord', 'loyalist', 'rebel', 'renegade', 'civilian']
"""

from __future__ import annotations

from typing import Final

from vision.payload import Action

__all__ = ["ACTION_LABELS", "ROLE_CARDS"]

ROLE_CARDS: Final = (
    # number, Chinese, English, copies at a 10-player identity table
    (1, "主公", "lord", 1),
    (2, "忠臣", "loyalist", 3),
    (3, "反贼", "rebel", 4),
    (4, "内奸", "renegade", 2),
    (5, "平民", "civilian", 1),  # 国际版 (identity variant international)
)
"""Role card numbers as printed on stickers; once printed, never renumbered."""

ACTION_LABELS: Final = {
    Action.OK: ("确定", "confirm"),
    Action.NO: ("取消", "cancel"),
    Action.UNDO: ("撤销", "undo"),
    Action.END_PHASE: ("结束阶段", "end phase"),
    Action.PASS: ("跳过", "pass"),
}
"""What an action token's sticker says: Chinese title, English gloss."""
