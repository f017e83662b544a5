"""The table's words that every part of the assistant shares, in one place below them all.

Role cards and action tokens as their stickers name them, and the Chinese
names of roles, phases, modes and kingdoms that the screens and prompts use.
Nothing here computes anything; every package of ``assistant`` may import it.

>>> ROLE_NAMES[Role.REBEL], PHASE_NAMES[Phase.PLAY], MODE_NAMES["hegemony"]
('反贼', '出牌阶段', '国战')
>>> [english for _, _, english, _ in ROLE_CARDS]
['lord', 'loyalist', 'rebel', 'renegade', 'civilian']
"""

from __future__ import annotations

from typing import Final

from engine.state import Phase, Role
from vision.payload import Action

__all__ = [
    "ACTION_LABELS",
    "KINGDOM_NAMES",
    "MODE_NAMES",
    "PHASE_NAMES",
    "PHASE_TEXT",
    "ROLE_CARDS",
    "ROLE_NAMES",
    "VARIANT_NAMES",
]

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

ROLE_NAMES: Final = {
    Role.LORD: "主公",
    Role.LOYALIST: "忠臣",
    Role.REBEL: "反贼",
    Role.RENEGADE: "内奸",
    Role.CIVILIAN: "平民",
}
"""Identity roles as the screens name them."""

PHASE_NAMES: Final = {
    Phase.SETUP: "准备开局",
    Phase.START: "回合开始阶段",
    Phase.PREPARATION: "准备阶段",
    Phase.JUDGEMENT: "判定阶段",
    Phase.DRAW: "摸牌阶段",
    Phase.PLAY: "出牌阶段",
    Phase.DISCARD: "弃牌阶段",
    Phase.END: "结束阶段",
    Phase.OVER: "游戏结束",
}
"""Phases as the table screen's heading names them."""

PHASE_TEXT: Final = {
    Phase.SETUP: "setup",
    Phase.START: "start phase (回合开始阶段)",
    Phase.PREPARATION: "preparation phase (准备阶段)",
    Phase.JUDGEMENT: "judgement phase (判定阶段)",
    Phase.DRAW: "draw phase (摸牌阶段)",
    Phase.PLAY: "play phase (出牌阶段)",
    Phase.DISCARD: "discard phase (弃牌阶段)",
    Phase.END: "end phase (结束阶段)",
    Phase.OVER: "game over",
}
"""Phases as the prompt line and the timing helper word them."""

VARIANT_NAMES: Final = {
    "": "标准",
    "two_renegades": "双内奸",
    "international": "国际版",
    "cold_first": "冷色先",
}
MODE_NAMES: Final = {
    "identity": "身份局",
    "1v1": "1v1 对决",
    "2v2": "2v2",
    "3v3": "3v3",
    "hegemony": "国战",
}
KINGDOM_NAMES: Final = {"wei": "魏", "shu": "蜀", "wu": "吴", "qun": "群", "god": "神"}
