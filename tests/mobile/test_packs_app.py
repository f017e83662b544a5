"""The real app, headless: the setup screen's packs of generals (神话再临) and the 神
general's kingdom (tests/mobile/drive_packs.py drives it, in Chinese).

The issue: "Packages chosen at setup (``packages=`` in the record, a switch on
the setup screen) ... the app's general search finds them by Chinese name,
pinyin key and package"; "神 generals choose a kingdom in identity".
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from assistant.store import Store
from engine.record import replay
from tests.mobile.app_run import run_driver

DRIVER = Path(__file__).with_name("drive_packs.py")
GOLD = [0.96, 0.76, 0.25, 1]


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], Path]:
    out = tmp_path_factory.mktemp("packs-app")
    db = out / "table.db"
    return run_driver(DRIVER, out, db, lang="zh_CN.UTF-8", timeout=150), db


def test_a_switch_per_pack_brings_its_generals_into_the_search(
    report: tuple[dict[str, Any], Path],
) -> None:
    seen = report[0]["packs"]
    assert seen["switches"] == [
        ["wind", "风"],
        ["fire", "火"],
        ["forest", "林"],
        ["mountain", "山"],
    ]
    assert seen["before"] == ["xiahoudun"]  # the standard box only
    assert seen["after"] == ["xiahoudun", "xiahouyuan"]
    assert [round(c, 2) for c in seen["wind_on"][0]] == GOLD
    assert "神" in seen["kingdoms"]
    assert seen["fire_by_pack"][:2] == ["dianwei", "xunyu"] and len(seen["fire_by_pack"]) == 10
    assert seen["fire_off"] == []
    assert seen["one_v_one"] == ["wind"]  # rules 001: 1V1 with 风 only
    assert seen["back_to_identity"] == ["wind"]  # 火 went with 1V1


def test_the_god_general_chooses_his_kingdom_with_the_kingdom_button(
    report: tuple[dict[str, Any], Path],
) -> None:
    seen = report[0]["packs"]
    assert seen["kingdom_button"] == [True, "势力"]
    assert "3号位：选择神武将的势力" in seen["problems_god"]
    assert seen["kingdom_chosen"] == ["shu", "势力 蜀"]
    assert seen["seat3_head"] == ["3号位 · 蜀"]
    assert seen["kingdom_button_other"] is False
    assert seen["problems_after"] == []


def test_the_table_starts_with_the_pack_and_the_kingdom_in_its_record(
    report: tuple[dict[str, Any], Path],
) -> None:
    seen, db = report[0]["packs"], report[1]
    moves = seen["moves"]
    assert moves[0] == "setup identity 5 packages=standard,ex,maneuvering,wind"
    assert "general 3 shenguanyu kingdom=shu" in moves
    assert "general 2 xiahouyuan" in moves
    with Store.open(f"sqlite:///{db}") as store:
        game = replay(store.record(seen["game_id"]))
    assert [str(m) for m in game.moves] == moves
    assert game.state.seat(3).kingdom == "shu"
