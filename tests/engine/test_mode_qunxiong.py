"""群雄演义's identity (``identity`` with ``variant=qunxiong``): where rules 003 differs
from 001, each rule cited with its line of 003 (and of 001 it departs from).
"""

from __future__ import annotations

import pytest

from assistant.review.stats import seat_won
from engine.game import Game
from engine.modes import MODES
from engine.state import Role
from tests.engine.helpers import cid, play, table, to_play_phase

TEN = [
    "zhangfei",
    "zhaoyun",
    "machao",
    "lvbu",
    "lvmeng",
    "ganning",
    "huanggai",
    "zhouyu",
    "xuchu",
    "zhangliao",
]


def game(players: int, variant: str = "qunxiong") -> Game:
    g = table(TEN[:players], variant=variant)
    to_play_phase(g)
    return g


def kill(g: Game, seat: int, role: str, killer: int | None = None) -> None:
    hp = g.state.seat(seat).hp
    play(g, f"!damage {seat} {hp}" + (f" from {killer}" if killer else ""), "pass")
    if g.state.seat(seat).role is None:  # the lord's is shown from the start
        play(g, f"role {seat} {role}")


def test_the_variant_plays_every_table_with_001_s_roles() -> None:
    """003 names no role table of its own: 001's, at 4-10 players."""
    mode = MODES["identity"]
    for players in range(4, 11):
        assert mode.check_setup(players, "qunxiong") is None
        assert mode.role_table(players, "qunxiong") == mode.role_table(players, "")


@pytest.mark.parametrize(("variant", "lord_hp"), [("qunxiong", 5), ("", 4)])
def test_the_lord_has_one_more_max_hp_even_at_four(variant: str, lord_hp: int) -> None:
    """003 line 31: *主公体力上限+1 (001 line 83: 5人或以上遊戲時 only)."""
    g = game(4, variant)
    assert g.state.seat(1).max_hp == lord_hp


@pytest.mark.parametrize(("variant", "kept"), [("qunxiong", True), ("", False)])
def test_a_lord_who_kills_a_loyalist_discards_his_hand_alone(variant: str, kept: bool) -> None:
    """003 line 93: 如果杀死忠臣的是主公,那么主公必须立即弃掉全部手牌 (001 line 86:
    主公棄置其當前所有牌, the equipment too)."""
    g = game(4, variant)
    weapon = cid("crossbow")
    play(g, f"!move #{weapon} -> equip:1")
    assert g.state.seat(1).hand_count > 0
    kill(g, 2, "loyalist", killer=1)
    s = g.state.seat(1)
    assert s.hand_count == 0
    assert (s.weapon == weapon) is kept


def ten_until_the_lord_dies(variant: str) -> Game:
    """Loyalists 2-4 and rebels 5-8 die; renegades 9 and 10 live; then the lord dies."""
    g = game(10, variant)
    for seat in (2, 3, 4):
        kill(g, seat, "loyalist")
    for seat in (5, 6, 7, 8):
        kill(g, seat, "rebel")
    assert not g.state.over
    kill(g, 1, "lord", killer=9)
    return g


def test_the_two_renegades_are_one_side_and_win_together() -> None:
    """003 line 126: 其余角色与自己身份相同的角色为同一阵营; line 116: 当一个身份获得
    胜利时,其他相同身份的人也获胜: the lord dies with only the renegades left."""
    g = ten_until_the_lord_dies("qunxiong")
    play(g, "role 9 renegade", "role 10 renegade")  # the engine asks for them
    s = g.state
    assert s.over and s.winner == "renegade"


def test_in_001_two_renegades_left_are_a_rebel_win() -> None:
    """001 line 77: 兩名內奸不屬於同一陣營 ... 也是反賊勝利 (the standard rule, unchanged)."""
    g = ten_until_the_lord_dies("")
    s = g.state
    assert s.over and s.winner == "rebel"


def test_a_dead_renegade_wins_with_the_living_one() -> None:
    """003 line 116: 其他相同身份的人也获胜, dead or alive."""
    g = game(10)
    for seat in (2, 3, 4):
        kill(g, seat, "loyalist")
    for seat in (5, 6, 7, 8):
        kill(g, seat, "rebel")
    kill(g, 10, "renegade")
    kill(g, 1, "lord", killer=9)
    play(g, "role 9 renegade")  # the engine asks for the role it needs
    s = g.state
    assert s.over and s.winner == "renegade"
    assert seat_won(s, 10) is True and seat_won(s, 9) is True and seat_won(s, 2) is False
    assert s.seat(10).role is Role.RENEGADE


def test_anyone_else_left_is_a_rebel_win() -> None:
    """003 line 112: 若主公死亡,内奸是剩下的最后一个玩家,则内奸获胜,否则反贼获胜."""
    g = game(10)
    for seat in (2, 3, 4):
        kill(g, seat, "loyalist")
    for seat in (5, 6, 7):
        kill(g, seat, "rebel")
    kill(g, 1, "lord", killer=8)
    play(g, "role 8 rebel")  # the engine asks for the role it needs
    s = g.state
    assert s.over and s.winner == "rebel"
