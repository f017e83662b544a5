"""The real app, headless: a table of 群雄演义's own 国战 set up on the setup screen
with a table's own generals file (tests/mobile/drive_qunxiong.py drives it, in
Chinese), and a general turned face up read by the camera.

The issue: "群雄演义 (003): its identity and hegemony differences" and "The setup
screen offers every mode with its player counts; a headless UI test sets up each
one"; 003 line 416 (the kingdoms 汉 夷 戎 蛮 狄) and line 422 (主将 and 副将).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.mobile.app_run import run_driver

DRIVER = Path(__file__).with_name("drive_qunxiong.py")


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    out = tmp_path_factory.mktemp("qunxiong-app")
    seen: dict[str, Any] = run_driver(DRIVER, out, out / "table.db", lang="zh_CN.UTF-8")
    found: dict[str, Any] = seen["qunxiong"]
    return found


def test_the_variant_and_the_table_s_generals_are_offered(report: dict[str, Any]) -> None:
    assert report["variant"] == ["qunxiong", "群雄演义"]
    assert "qunxiong" in report["switches"]
    assert any(
        "群雄演义的国战使用汉、夷、戎、蛮、狄的武将" in p for p in report["problems_standard"]
    )
    assert report["problems_after"] == []


def test_the_table_starts_and_a_general_turned_up_shows_its_kingdom(
    report: dict[str, Any],
) -> None:
    moves = report["moves"]
    assert moves[0] == (
        "setup hegemony 4 packages=standard,ex,maneuvering,qunxiong variant=qunxiong"
    )
    assert moves[1:5] == [
        "general 1 qx_liuxiu,qx_weiqing hidden",
        "general 2 qx_menghuo,qx_zhurong hidden",
        "general 3 qx_liubang,qx_huoqubing hidden",
        "general 4 qx_maodun,qx_huhanye hidden",
    ]
    assert report["reveal"][0], report["reveal"]
    assert moves[-1] == "reveal 1 qx_liuxiu"
    assert report["kingdoms"] == ["汉", "", "", ""]
