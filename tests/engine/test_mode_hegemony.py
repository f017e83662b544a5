"""国战 (hegemony) as rules 003 describes it (001 has only its name): the kingdoms
revealed in ``state --json`` and the rules of 003 lines 25, 424 and 426.
"""

from __future__ import annotations

from engine.game import Game
from engine.views import summary
from tests.engine.helpers import play


def hegemony() -> Game:
    g = Game()
    play(
        g,
        "setup hegemony 5",
        "general 1 caocao,simayi hidden",
        "general 2 xiahoudun,zhangliao hidden",
        "general 3 xuchu,guojia hidden",
        "general 4 liubei,guanyu hidden",
        "general 5 sunquan,ganning hidden",
        "deal",
        "next",
    )
    return g


def facts(g: Game) -> dict[str, object]:
    found = summary(g.state)["mode_facts"]
    assert isinstance(found, dict)
    return found


def test_no_kingdom_is_known_before_a_general_is_face_up() -> None:
    """003 line 426: 未亮明势力: a seat whose generals are all face down has no side yet."""
    g = hegemony()
    assert facts(g) == {
        "sides": dict.fromkeys("12345"),
        "kingdoms_revealed": {},
        "careerists": {},
        "rulers": {},
    }


def test_revealing_shows_the_kingdom_and_a_kingdom_over_half_makes_a_careerist() -> None:
    """003 line 426: 当某势力人数超过全场角色数的二分之一(向下取整)时,此时未亮明势力的该势力
    武将将势力改为野心家: of five, two 魏 shown; the third 魏 to reveal is a careerist."""
    g = hegemony()
    play(g, "reveal 1 caocao", "reveal 2 zhangliao", "reveal 4 guanyu")
    assert facts(g) == {
        "sides": {"1": "wei", "2": "wei", "3": None, "4": "shu", "5": None},
        "kingdoms_revealed": {"shu": 1, "wei": 2},
        "careerists": {},
        "rulers": {},
    }
    play(g, "reveal 3 xuchu")
    assert facts(g)["sides"] == {"1": "wei", "2": "wei", "3": "careerist", "4": "shu", "5": None}
    assert facts(g)["kingdoms_revealed"] == {"careerist": 1, "shu": 1, "wei": 2}
    # 003 line 434: 野心家标记为该角色姓氏: 许褚's surname
    assert facts(g)["careerists"] == {"3": {"camp": 3, "mark": "许"}}


def test_a_death_reveals_the_dead_seat_s_kingdom() -> None:
    """003 line 25 (消灭其他势力的玩家): a dead seat's generals are turned face up, its
    kingdom shown; killing another kingdom's seat draws one per seat of that side."""
    g = hegemony()
    play(g, "reveal 1 caocao", "draw 1 x2")
    before = g.state.seat(1).hand_count
    play(g, "!damage 5 4 from 1", "pass")
    assert facts(g)["sides"] == {"1": "wei", "2": None, "3": None, "4": None, "5": "wu"}
    assert g.state.seat(1).hand_count == before + 1


def test_killing_one_s_own_kingdom_discards_everything() -> None:
    """The penalty for killing a seat of one's own side: all hand and equipment cards."""
    g = hegemony()
    play(g, "reveal 1 caocao", "reveal 2 zhangliao", "draw 1 x2", "!damage 2 4 from 1", "pass")
    assert g.state.seat(1).hand_count == 0


def test_the_last_kingdom_standing_wins() -> None:
    """003 line 424: 需要杀死和自己势力不同的所有角色."""
    g = hegemony()
    play(g, "reveal 1 caocao", "reveal 2 zhangliao", "draw 1 x2")
    for seat in (3, 4, 5):
        play(g, f"!damage {seat} {g.state.seat(seat).hp} from 1", "pass")
    s = g.state
    assert s.over and s.winner == "wei"


def test_two_generals_of_different_kingdoms_make_a_careerist() -> None:
    """003 line 426: 一、选择武将时可以选择两名势力不同的武将,然后将势力改为野心家 (line
    418: the usual choice is two of one kingdom)."""
    g = Game()
    play(
        g,
        "setup hegemony 4",
        "general 1 caocao,liubei hidden",
        "general 2 xiahoudun,zhangliao hidden",
        "general 3 sunquan,ganning hidden",
        "general 4 lvbu,diaochan hidden",
        "deal",
        "next",
        "reveal 1 caocao",
    )
    assert g.state.seat(1).kingdom == "careerist1"
    assert facts(g)["sides"] == {"1": "careerist", "2": None, "3": None, "4": None}
