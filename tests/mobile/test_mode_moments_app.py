"""The modes' own buttons through the real app, headless, in Chinese.

Each case stores a sample game stopped just before a moment a mode adds (斗地主's
farmer's reward, 忠胆英杰's hidden lord revealed, 逐鹿天下's 结盟 asked and
answered and its 毁盟, 新1V1's next general and 水淹七军's two answers);
tests/mobile/drive_mode_moments.py opens each as the table in one app run and
taps the prompt bar's button (or the seat) the table would. Here: the button
was there in Chinese, the tap made the sample's own move and nothing else, and
the stored game's state (the engine's replay, the mode's facts in
``sgs-table state --json``) is the sample's after that move.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from assistant.store import Store
from engine.game import Game
from engine.moves import Move
from engine.record import Record, parse_record, replay
from engine.views import summary
from tests.mobile.app_run import run_driver

REPO = Path(__file__).resolve().parents[2]
DRIVER = Path(__file__).with_name("drive_mode_moments.py")


def sample(name: str) -> tuple[Move, ...]:
    return parse_record((REPO / "samples" / f"{name}.sgs").read_text(encoding="utf-8")).moves


# name: (sample, the sample's move the game stops before, the taps, the moves they make)
CASES: dict[str, tuple[str, str, list[dict[str, Any]], list[str]]] = {
    "doudizhu recover": (
        "doudizhu",
        "choose 3 recover",
        [{"button": "choose 3 recover"}],
        ["choose 3 recover"],
    ),
    "doudizhu draw": (
        "doudizhu",
        "choose 3 recover",
        [{"button": "choose 3 draw"}],
        ["choose 3 draw"],
    ),
    "zhongdan lord": ("zhongdan-8", "role 6 lord", [{"button": "role 6 lord"}], ["role 6 lord"]),
    "zhulu jiemeng": (
        "zhulu",
        "skill 2 jiemeng -> 5",
        [{"button": "skill 2 jiemeng"}, {"seat": 5}, {"button": "ok"}, {"button": "choose 5 yes"}],
        ["skill 2 jiemeng -> 5", "choose 5 yes"],
    ),
    "zhulu huimeng": (
        "zhulu",
        "skill 2 huimeng_end",
        [{"button": "skill 2 huimeng_end"}],
        ["skill 2 huimeng_end"],
    ),
    "new1v1 next general": (
        "new1v1",
        "choose 1 machao",
        [{"button": "choose 1 machao"}],
        ["choose 1 machao"],
    ),
    "new1v1 flood equipment": (
        "new1v1",
        "choose 2 equipment",
        [{"button": "choose 2 equipment"}],
        ["choose 2 equipment"],
    ),
    "new1v1 flood damage": (
        "new1v1",
        "choose 1 damage",
        [{"button": "choose 1 damage"}],
        ["choose 1 damage"],
    ),
}


def prefix(name: str) -> tuple[Move, ...]:
    """The case's sample up to (not including) its moment."""
    moves = sample(CASES[name][0])
    return moves[: [str(m) for m in moves].index(CASES[name][1])]


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], Path, dict[str, int]]:
    out = tmp_path_factory.mktemp("mode-moments-app")
    db = out / "table.db"
    ids: dict[str, int] = {}
    with Store.open(f"sqlite:///{db}") as store:
        for name in CASES:
            ids[name] = store.import_record(Record(moves=prefix(name)))
    cases = [{"name": n, "game": ids[n], "taps": CASES[n][2]} for n in CASES]
    (out / "cases.json").write_text(json.dumps(cases), encoding="utf-8")
    report = run_driver(DRIVER, out, db, lang="zh_CN", args=[str(out / "cases.json")])
    return report, db, ids


def stored(run: tuple[dict[str, Any], Path, dict[str, int]], name: str) -> Game:
    with Store.open(f"sqlite:///{run[1]}") as store:
        return replay(store.record(run[2][name]))


def words(report: dict[str, Any], name: str, tap: int, command: str) -> str:
    """The words of the button for ``command`` the bar showed before the case's tap."""
    found = [w for w, c in report["cases"][name]["shown"][tap] if c == command]
    assert found, (name, command, report["cases"][name]["shown"][tap])
    return str(found[0])


@pytest.mark.parametrize("name", list(CASES))
def test_the_tap_makes_the_samples_move_and_nothing_else(
    run: tuple[dict[str, Any], Path, dict[str, int]], name: str
) -> None:
    before = [str(m) for m in prefix(name)]
    made = run[0]["cases"][name]["moves"]
    assert made == [*before, *CASES[name][3]]
    game = stored(run, name)
    assert [str(m) for m in game.moves] == made  # the store holds what the table made
    # The same state as the engine's own replay of those moves.
    expected = Game([*prefix(name), *(Move.parse(m) for m in CASES[name][3])])
    assert summary(game.state) == summary(expected.state)


def test_doudizhu_the_surviving_farmers_reward(
    run: tuple[dict[str, Any], Path, dict[str, int]],
) -> None:
    report = run[0]
    assert words(report, "doudizhu recover", 0, "choose 3 recover") == "回复1点体力"
    assert words(report, "doudizhu recover", 0, "choose 3 draw") == "摸两张牌"
    before = Game(prefix("doudizhu recover")).state.seat(3)
    recovered = stored(run, "doudizhu recover").state.seat(3)
    assert recovered.hp == before.hp + 1 and recovered.hand_count == before.hand_count
    drew = stored(run, "doudizhu draw").state.seat(3)
    assert drew.hp == before.hp and drew.hand_count == before.hand_count + 2
    facts = summary(stored(run, "doudizhu draw").state)["mode_facts"]
    assert isinstance(facts, dict) and facts["farmers"] == [2, 3] and facts["landlord"] == 1


def test_zhongdan_the_hidden_lord_revealed_by_its_seat_button(
    run: tuple[dict[str, Any], Path, dict[str, int]],
) -> None:
    shown = run[0]["cases"]["zhongdan lord"]["shown"][0]
    # One button a living seat but the dead shown loyalist (4) and the dead 3.
    assert [c for _w, c in shown] == [f"role {s} lord" for s in (1, 2, 5, 6, 7, 8)]
    assert words(run[0], "zhongdan lord", 0, "role 6 lord") == "6号位 许褚"
    before = summary(Game(prefix("zhongdan lord")).state)["mode_facts"]
    assert before == {"shown_loyalist": 4, "lord": None, "lord_revealed": False}
    after = summary(stored(run, "zhongdan lord").state)["mode_facts"]
    assert after == {"shown_loyalist": 4, "lord": 6, "lord_revealed": True}


def test_zhulu_jiemeng_asked_and_answered_and_huimeng(
    run: tuple[dict[str, Any], Path, dict[str, int]],
) -> None:
    report = run[0]
    assert words(report, "zhulu jiemeng", 0, "skill 2 jiemeng") == "结盟"
    assert words(report, "zhulu jiemeng", 1, "target 5") == "→ 5号位 赵云"
    assert words(report, "zhulu jiemeng", 2, "ok") == "确定"  # no card shown: a plain ask
    assert words(report, "zhulu jiemeng", 3, "choose 5 yes") == "同意结盟"
    assert words(report, "zhulu jiemeng", 3, "choose 5 no") == "拒绝结盟"
    assert summary(Game(prefix("zhulu jiemeng")).state)["mode_facts"]["alliances"] == []  # type: ignore[index]
    facts = summary(stored(run, "zhulu jiemeng").state)["mode_facts"]
    assert isinstance(facts, dict) and facts["alliances"] == [[2, 5]]
    assert words(report, "zhulu huimeng", 0, "skill 2 huimeng_end") == "毁盟"
    assert summary(Game(prefix("zhulu huimeng")).state)["mode_facts"]["alliances"] == [[2, 5]]  # type: ignore[index]
    facts = summary(stored(run, "zhulu huimeng").state)["mode_facts"]
    assert isinstance(facts, dict) and facts["alliances"] == []


def test_new1v1_the_next_general_and_the_flood(
    run: tuple[dict[str, Any], Path, dict[str, int]],
) -> None:
    report = run[0]
    assert words(report, "new1v1 next general", 0, "choose 1 machao") == "马超"
    assert stored(run, "new1v1 next general").state.seat(1).generals[0] == "machao"
    for name, seat, option, text in (
        ("new1v1 flood equipment", 2, "equipment", "弃置所有装备"),
        ("new1v1 flood damage", 1, "damage", "受到1点伤害"),
    ):
        assert words(report, name, 0, f"choose {seat} equipment") == "弃置所有装备"
        assert words(report, name, 0, f"choose {seat} damage") == "受到1点伤害"
        assert words(report, name, 0, f"choose {seat} {option}") == text
    before = Game(prefix("new1v1 flood equipment")).state.seat(2)
    after = stored(run, "new1v1 flood equipment").state.seat(2)
    assert before.equipment and not after.equipment and after.hp == before.hp
    before = Game(prefix("new1v1 flood damage")).state.seat(1)
    after = stored(run, "new1v1 flood damage").state.seat(1)
    assert after.hp == before.hp - 1
