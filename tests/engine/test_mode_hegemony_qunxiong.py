"""群雄演义's own 国战 (variant ``qunxiong``, rules 003 lines 414-434): its kingdoms, the
careerist's mark, 君主, the kingdom that splits, its sample and seeded games.

003 gives the kingdoms and the 君主 but no generals, so a table plays it with its
own generals file; these tests use ``samples/qunxiong/generals.toml``. Loading a
file adds to the one catalogue of the process, which the other tests must not
see, so each test body runs in a child process (`in_child`).
"""

from __future__ import annotations

import functools
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from engine.frames import Expect
from engine.game import Game
from engine.views import summary
from tests.engine.helpers import play

ROOT = Path(__file__).resolve().parents[2]
GENERALS = ROOT / "samples" / "qunxiong" / "generals.toml"
SAMPLE = ROOT / "samples" / "qunxiong" / "hegemony.sgs"
SETUP = "setup hegemony {n} variant=qunxiong packages=standard,ex,maneuvering,qunxiong"


def in_child(body: Callable[[], None]) -> Callable[[], None]:
    """The test body, run in a child process with the table's generals loaded."""

    @functools.wraps(body)
    def test() -> None:
        code = (
            "from pathlib import Path\n"
            "from engine.catalogue import add_generals\n"
            f"add_generals(Path({str(GENERALS)!r}).read_text(encoding='utf-8'), 'generals.toml')\n"
            f"import {body.__module__} as tests\n"
            f"tests.{body.__name__}.__wrapped__()\n"
        )
        done = subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            cwd=ROOT,
            env={**os.environ, "SGS_TABLE_LANG": "en"},
            timeout=600,
            check=False,
        )
        assert done.returncode == 0, done.stderr[-4000:]

    return test


def _game(players: int, *seats: str) -> Game:
    g = Game()
    play(
        g,
        SETUP.format(n=players),
        *(f"general {n} {keys} hidden" for n, keys in enumerate(seats, 1)),
    )
    play(g, "deal", "next")
    return g


def _sides(g: Game) -> dict[str, object]:
    sides = _facts(g)["sides"]
    assert isinstance(sides, dict)
    return sides


def _facts(g: Game) -> dict[str, object]:
    found = summary(g.state)["mode_facts"]
    assert isinstance(found, dict)
    return found


def _kill(g: Game, seat: int, by: int) -> None:
    play(g, f"!damage {seat} {g.state.seat(seat).hp} from {by}", "pass")
    assert not g.state.seat(seat).alive


# The seats of the tests: 汉's rulers 刘秀 and 刘邦, and one of each other kingdom.
LIUXIU = "qx_liuxiu,qx_weiqing"  # 汉, 君主 as main general
LIUBANG = "qx_liubang,qx_huoqubing"  # 汉, 君主 as main general
HAN = "qx_banchao,qx_zhangqian"  # 汉, no ruler
MENGHUO = "qx_menghuo,qx_zhurong"  # 蛮
MAODUN = "qx_maodun,qx_huhanye"  # 狄 (surname 挛鞮)
CHELIJI = "qx_chelij,qx_yueji"  # 戎


@in_child
def test_only_generals_of_its_five_kingdoms_sit() -> None:
    """003 line 416: 势力分为六个势力:汉、夷、戎、蛮、狄、野心家. A general of 魏 is refused
    with the reason; the five kingdoms are taken; plain 国战 keeps its own."""
    from engine.table import IllegalMove

    g = Game()
    play(g, SETUP.format(n=4))
    with pytest.raises(IllegalMove, match="generals of 汉, 夷, 戎, 蛮, 狄"):
        play(g, "general 1 caocao,simayi hidden")
    play(g, f"general 1 {LIUXIU} hidden", f"general 2 {MENGHUO} hidden")
    assert g.state.seat(1).kingdom == "han" and g.state.seat(2).kingdom == "man"
    plain = Game()
    play(plain, "setup hegemony 4", "general 1 caocao,simayi hidden")
    assert plain.state.seat(1).kingdom == "wei"


@in_child
def test_revealing_shows_the_kingdom_and_a_kingdom_over_half_makes_a_careerist() -> None:
    """003 line 426, 二: 当某势力人数超过全场角色数的二分之一(向下取整)时,此时未亮明势力的该
    势力武将将势力改为野心家: of four, two 汉 shown; the third to show is a careerist."""
    g = _game(4, LIUXIU, LIUBANG, HAN, MENGHUO)

    play(g, "reveal 1 qx_weiqing", "reveal 2 qx_huoqubing")
    assert _facts(g)["sides"] == {"1": "han", "2": "han", "3": None, "4": None}
    play(g, "reveal 3 qx_banchao")
    assert _facts(g)["sides"] == {"1": "han", "2": "han", "3": "careerist", "4": None}
    assert _facts(g)["careerists"] == {"3": {"camp": 3, "mark": "班"}}


@in_child
def test_the_careerist_s_mark_is_his_surname() -> None:
    """003 line 434: 野心家标记为该角色姓氏; line 426, 一: two generals of different
    kingdoms make a careerist. 冒顿's file names his surname (挛鞮); 刘邦's is his
    name's first character; the table screen shows the mark."""
    from assistant.i18n import set_language
    from assistant.views.table import seat_view

    g = _game(4, "qx_maodun,qx_menghuo", "qx_liubang,qx_zhurong", HAN, CHELIJI)
    play(g, "reveal 1 qx_maodun", "reveal 2 qx_zhurong")
    assert _facts(g)["careerists"] == {
        "1": {"camp": 1, "mark": "挛鞮"},
        "2": {"camp": 2, "mark": "刘"},
    }
    set_language("zh_CN")
    assert seat_view(g.state, g.state.seat(1)).kingdom == "野心家·挛鞮"


@in_child
def test_a_shown_ruler_gains_1_max_hp_when_his_kingdom_reaches_three() -> None:
    """003 line 430: 君主或其他角色亮明势力后,若该势力角色数大于等于三,则君主角色加一点体力
    上限. Of six, 刘秀 shows first (ruler order 1); the third 汉 seat to show gives him
    +1 max HP (HP unchanged), once: a fourth shown general gives no more."""

    g = _game(
        6, LIUXIU, MENGHUO, "qx_huoqubing,qx_zhangqian", MAODUN, "qx_banchao,qx_liubang", CHELIJI
    )
    g_state = g.state
    assert g_state.seat(1).max_hp == 4
    play(g, "reveal 1 qx_liuxiu", "reveal 3 qx_huoqubing")
    assert g.state.seat(1).max_hp == 4
    assert _facts(g)["rulers"] == {"1": {"order": 1, "bonus": False}}
    play(g, "reveal 5 qx_banchao")
    s = g.state.seat(1)
    assert (s.max_hp, s.hp) == (5, 4)
    assert _facts(g)["rulers"] == {"1": {"order": 1, "bonus": True}}
    play(g, "reveal 3 qx_zhangqian", "reveal 1 qx_weiqing")
    assert g.state.seat(1).max_hp == 5


@in_child
def test_a_ruler_still_face_down_gains_nothing_until_he_shows() -> None:
    """Decision (003 line 430 is silent): a ruler the table cannot see would give
    himself away; seat 1 shows his deputy, the kingdom reaches three, and only when
    his ruler card turns up does he gain the max HP."""

    g = _game(
        6, LIUXIU, MENGHUO, "qx_huoqubing,qx_zhangqian", MAODUN, "qx_banchao,qx_liubang", CHELIJI
    )
    play(g, "reveal 1 qx_weiqing", "reveal 3 qx_huoqubing", "reveal 5 qx_banchao")
    assert g.state.seat(1).max_hp == 4 and _facts(g)["rulers"] == {}
    play(g, "reveal 1 qx_liuxiu")
    assert g.state.seat(1).max_hp == 5


@in_child
def test_one_kingdom_left_with_two_rulers_splits_instead_of_winning() -> None:
    """003 line 430: 当场上仅剩一个势力且该势力有至少一个君主武将(须为主将)时,则不是第一个
    明置君主武将牌的角色成为"野心家". 刘邦 showed his ruler card first; when 汉 alone is
    left, 刘秀 becomes a careerist, a camp of his own, and the game goes on."""

    g = _game(4, LIUXIU, MENGHUO, LIUBANG, MAODUN)
    play(g, "reveal 3 qx_liubang", "reveal 1 qx_liuxiu")
    _kill(g, 2, by=1)
    _kill(g, 4, by=1)
    state = g.state
    assert not state.over
    assert _facts(g)["sides"] == {"1": "careerist", "2": "man", "3": "han", "4": "di"}
    assert _facts(g)["careerists"] == {"1": {"camp": 1, "mark": "刘"}}
    assert state.seat(1).hidden == ()  # his generals face up
    _kill(g, 3, by=1)
    assert g.state.over and g.state.winner == "careerist"


@in_child
def test_the_others_of_the_kingdom_stay_or_join_a_careerist_camp() -> None:
    """003 line 430: 然后该势力角色可以选择归附其中一名角色加入其野心家阵营. Seat 5 (汉, no
    ruler) is asked (归附): ``choose 5 join3`` makes it one side with 刘邦's camp, which
    wins together (line 424) once 刘秀 falls; a seat not a camp is refused."""
    from engine.table import IllegalMove

    g = _game(6, LIUXIU, MENGHUO, LIUBANG, MAODUN, HAN, CHELIJI)
    play(g, "reveal 1 qx_liuxiu", "reveal 3 qx_liubang", "reveal 5 qx_banchao")
    for seat in (2, 4, 6):
        _kill(g, seat, by=1)
    top = g.state.stack[-1]
    assert isinstance(top, Expect)
    assert (top.what, top.seat, top.options) == ("choose", 5, ("stay", "join3"))
    with pytest.raises(IllegalMove):
        play(g, "choose 5 join1")
    play(g, "choose 5 join3")
    assert _sides(g)["5"] == "careerist"
    assert _facts(g)["careerists"] == {
        "3": {"camp": 3, "mark": "刘"},
        "5": {"camp": 3, "mark": "刘"},
    }
    _kill(g, 1, by=3)
    assert g.state.over and g.state.winner == "careerist"
    assert g.state.seat(5).alive


@in_child
def test_a_seat_that_stays_keeps_its_kingdom_and_one_ruler_means_victory() -> None:
    """The same table, seat 5 stays with 汉: 汉 (刘秀, seat 5) against 刘邦's camp; when
    刘邦 falls 汉 is alone with one ruler (line 430: 至少一个...不是第一个: nobody else
    to split off) and wins."""

    g = _game(6, LIUXIU, MENGHUO, LIUBANG, MAODUN, HAN, CHELIJI)
    play(g, "reveal 1 qx_liuxiu", "reveal 3 qx_liubang", "reveal 5 qx_banchao")
    for seat in (2, 4, 6):
        _kill(g, seat, by=1)
    play(g, "choose 5 stay")
    assert _sides(g)["5"] == "han"
    _kill(g, 3, by=5)
    assert g.state.over and g.state.winner == "han"


@in_child
def test_seeded_games_keep_the_invariants_and_end() -> None:
    """Seeded simulated games of the variant (random tables, and the two-ruler table
    of the sample): every state keeps the cards and seats sound, each game reaches a
    winner, nothing is accepted after the end, and the record replays to the same state."""
    from bench.make_samples import QUNXIONG_SETUP
    from bench.simulate import play as simulate_game
    from bench.simulate import random_setup
    from engine.moves import Move
    from engine.record import Record, format_record, parse_record, replay
    from engine.rules import apply
    from engine.table import IllegalMove
    from tests.engine.test_properties import check_played

    packages = "standard,ex,maneuvering,qunxiong"
    tables = [
        random_setup(seed, "hegemony", 3 + seed % 8, "qunxiong", packages) for seed in range(8)
    ]
    tables += [QUNXIONG_SETUP] * 4
    splits = 0
    for seed, setup in enumerate(tables):
        played = simulate_game(seed, setup, 3000)
        check_played(played)
        end = played.states[-1]
        assert end.over and end.winner, f"seed {seed}: no winner"
        with pytest.raises(IllegalMove):
            apply(end, Move.parse("next"))
        text = format_record(Record({"Mode": "hegemony"}, tuple(played.moves)))
        assert replay(parse_record(text)).state == Game(played.moves).state == end
        splits += any(str(m).startswith("choose") for m in played.moves)
    assert splits  # the two-ruler tables split at least once


def test_the_sample_plays_to_its_end_without_a_forced_move() -> None:
    """samples/qunxiong/hegemony.sgs, with its generals file: legal, 0 forced, the
    careerist camp wins; state --json has the variant's facts."""
    env = {**os.environ, "SGS_TABLE_LANG": "en"}
    base = [sys.executable, "-m", "mobile.cli", "--generals", str(GENERALS)]
    done = subprocess.run(
        [*base, "check", str(SAMPLE)], capture_output=True, text=True, env=env, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 forced moves" in done.stdout and "the careerist wins" in done.stdout
    state = subprocess.run(
        [*base, "state", str(SAMPLE), "--json"], capture_output=True, text=True, env=env, check=True
    )
    facts = json.loads(state.stdout)["mode_facts"]
    assert facts["careerists"] == {"3": {"camp": 3, "mark": "刘"}, "5": {"camp": 3, "mark": "刘"}}
    assert facts["rulers"]["1"] == {"order": 1, "bonus": True}
    assert facts["rulers"]["3"] == {"order": 3, "bonus": True}
