"""Looking back at a game: the story in words, the log and HP over time, the replay.

``narrate`` tells a game turn by turn; ``history`` turns it into log
entries and HP series; ``replay`` is what the log and replay screens show;
``stats`` counts a game's figures, and wins over many games.
"""

from assistant.review.history import HpSeries, LogEntry, hp_series, log_entries
from assistant.review.narration import format_narration, general_name, narrate, turn_heading
from assistant.review.replay import (
    FORCED_TAG,
    LogRow,
    Replay,
    corrected_moves,
    game_line,
    log_rows,
    step_points,
    text_lines,
    tick_step,
    winner_name,
)
from assistant.review.stats import (
    AcrossGames,
    GameStats,
    SeatStats,
    WinCount,
    across_games,
    game_stats,
)

__all__ = [
    "FORCED_TAG",
    "AcrossGames",
    "GameStats",
    "HpSeries",
    "LogEntry",
    "LogRow",
    "Replay",
    "SeatStats",
    "WinCount",
    "across_games",
    "corrected_moves",
    "format_narration",
    "game_line",
    "game_stats",
    "general_name",
    "hp_series",
    "log_entries",
    "log_rows",
    "narrate",
    "step_points",
    "text_lines",
    "tick_step",
    "turn_heading",
    "winner_name",
]
