"""Drives the real app's table screen through a skill's seats; run by
test_skill_targets_app.py.

    python tests/mobile/drive_skill_targets.py OUT_DIR CASES_JSON   (under Xvfb, SGS_TABLE_DB set)

drive_mode_moments' driver (each stored game opened as the table, its taps
made as a player would: a prompt bar button by its command, a seat on the
ring), noting besides, after each tap, the reply line the table screen shows
(``said``: [words, whether it was a refusal]) and the moves in effect
(``after``).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from tests.mobile.drive_mode_moments import MomentsDriver  # noqa: E402
from tests.mobile.drive_table import Step, main  # noqa: E402


class SkillTargetsDriver(MomentsDriver):
    def tap(self, step: dict[str, Any], shown: list[list[list[str]]]) -> Step:
        yield from super().tap(step, shown)
        table = self.manager.get_screen("table")
        said = self.report.setdefault("said", [])
        said.append([str(table.message_text), not table.message_ok])
        self.report.setdefault("after", []).append(list(self.controller.session.moves))


if __name__ == "__main__":
    sys.exit(main(SkillTargetsDriver))
