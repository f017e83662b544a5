"""3V3 (mode ``3v3``): warm side (seats 4-6) against cold (1-3), rules 001 lines
133-150, the 3V3模式 section.

001 line 146: "遊戲結束。每局正式比賽時間為40分鐘,加時5分鐘,以暖色方或冷色方一方主帥陣亡
判定勝負。"; line 148: "勝負判定順序:…當雙方身份牌都橫置,則需先經過雙方武將存活數量定勝負。
當雙方存活的武將數量持平,則按照雙方已損失的體力值判定勝負。"
"""

from __future__ import annotations

import pytest

from engine.derived import hand_limit_value
from engine.frames import Expect
from engine.game import Game
from engine.views import summary
from tests.engine.helpers import expecting, hand, play, refused, top

# No skill of these answers damage or death.
SIX = ["zhaoyun", "zhangfei", "guanyu", "machao", "liubei", "xuchu"]


def three_v_three() -> Game:
    g = Game()
    play(g, "setup 3v3 6", *(f"general {n} {k}" for n, k in enumerate(SIX, start=1)))
    play(g, "deal", "next", "draw 5 x2")
    return g


def accepted_forced(g: Game) -> bool:
    """Whether the last move (the ``end``) was only accepted forced."""
    return any(n == len(g) for n, _ in g.flagged())


@pytest.mark.parametrize(
    ("damage", "refused_end", "counts", "result"),
    [
        # more generals alive wins
        (
            ["!damage 1 4 from 5", "pass"],
            "cold",
            "warm: 3 alive, 0 HP lost; cold: 2 alive, 4",
            "warm",
        ),
        # as many alive: the side that lost less HP wins
        (["!damage 1 1 from 5", "!damage 4 2 from 2"], "warm", "warm: 3 alive, 2 HP lost", "cold"),
        (["!damage 1 1 from 5", "!damage 4 2 from 2"], "draw", "cold: 3 alive, 1 HP lost", "cold"),
        # level on both: 001 line 148 decides nothing, the table's draw
        ([], "warm", "warm: 3 alive, 0 HP lost; cold: 3 alive, 0 HP lost", "draw"),
    ],
)
def test_at_the_time_limit_more_alive_then_less_hp_lost(
    damage: list[str], refused_end: str, counts: str, result: str
) -> None:
    """001 line 148 at the time limit: more generals alive, then less HP lost; the table's
    ``end`` with that result is accepted, not forced; another is refused with the counts."""
    g = three_v_three()
    play(g, *damage)
    assert not g.state.over
    refused(g, f"end {refused_end}", counts)
    play(g, f"end {result}")
    assert g.state.over and g.state.winner == result
    assert not any(n == len(g) for n, _ in g.flagged())  # the end, not forced


def finish_turn(g: Game) -> None:
    """End the turn plainly (draw, discard, next), stopping where the next side's 主帅
    is asked to choose."""
    start = (g.state.turn.seat, g.state.turn.number)
    while (g.state.turn.seat, g.state.turn.number) == start:
        s, seat = g.state, g.state.turn.seat
        frame = s.stack[-1] if s.stack else None
        if isinstance(frame, Expect) and frame.what == "choose":
            return
        if isinstance(frame, Expect) and frame.what == "draw":
            play(g, f"draw {seat} x2")
        elif s.turn.phase.value == "discard" and hand(g, seat) > hand_limit_value(s, seat):
            play(g, f"discard {seat} x{hand(g, seat) - hand_limit_value(s, seat)}")
        else:
            play(g, "next")


def test_the_side_taking_the_action_chooses_its_leader_or_its_forwards() -> None:
    """001 line 145: 擁有行動權的一方,可以由主帥選擇,主帥行動或是前鋒行動: the 主帅 of
    the side taking the action chooses (``choose SEAT leader|forwards``); 前锋s chosen,
    both living 前锋s act before the action passes; each seat acts once a round (its
    identity card turned sideways: the mark ``acted``), then a new round begins (001
    line 148: 當雙方身份牌都橫置)."""
    g = three_v_three()  # the warm 主帅 (5) acts first (001 line 144)
    finish_turn(g)
    expecting(g, "choose", 2)  # the cold side takes the action: its 主帅 chooses
    assert top(g).options == ("leader", "forwards")  # type: ignore[attr-defined]
    refused(g, "next", "choose")
    play(g, "choose 2 forwards")
    order = [g.state.turn.seat]
    for _ in range(4):  # warm: its 前锋s are all it has left; cold: its 主帅
        finish_turn(g)
        order.append(g.state.turn.seat)
    assert order == [1, 3, 6, 4, 2]
    assert [s.mark("acted") for s in g.state.seats] == [1, 1, 1, 1, 1, 1]
    finish_turn(g)  # every seat has acted: a new round, the warm side takes the action
    expecting(g, "choose", 5)
    play(g, "choose 5 forwards")
    assert g.state.turn.seat == 6
    assert [s.seat for s in g.state.seats if s.mark("acted")] == [6]


def test_no_choice_when_one_of_the_two_is_left() -> None:
    """001 line 145: with its 主帅 acted this round, the side's 前锋s act without a choice."""
    g = three_v_three()
    finish_turn(g)
    play(g, "choose 2 leader")
    assert g.state.turn.seat == 2
    finish_turn(g)  # warm: its 主帅 acted, its 前锋s now
    assert g.state.turn.seat == 6


def test_the_leaders_first_then_the_forwards_and_a_marshals_death_decides() -> None:
    """001 3V3: the 主帅 acts first (line 144); each side's 主帅 chosen, the 前锋s follow
    side by side; a kill draws two (line 149); a 主帅's death decides (line 146)."""
    g = three_v_three()
    order = [g.state.turn.seat]
    for _ in range(5):
        finish_turn(g)
        frame = g.state.stack[-1] if g.state.stack else None
        if isinstance(frame, Expect) and frame.what == "choose":
            play(g, f"choose {frame.seat} leader")
        order.append(g.state.turn.seat)
    assert order == [5, 2, 6, 4, 1, 3]
    finish_turn(g)
    play(g, "choose 5 leader", "draw 5 x2")
    before = g.state.seat(5).hand_count
    play(g, "!damage 1 4 from 5", "pass")
    assert g.state.seat(5).hand_count == before + 2
    play(g, "!damage 2 4 from 5", "pass")
    assert g.state.over and g.state.winner == "warm"


def test_the_state_says_who_has_acted_this_round() -> None:
    """001 lines 145 and 148: the identity cards turned sideways, and the sides."""
    g = three_v_three()
    finish_turn(g)
    assert summary(g.state)["mode_facts"] == {
        "sides": {"1": "cold", "2": "cold", "3": "cold", "4": "warm", "5": "warm", "6": "warm"},
        "marshals": {"warm": 5, "cold": 2},
        "acted": [5],
    }
    play(g, "choose 2 forwards")
    facts = summary(g.state)["mode_facts"]
    assert facts["acted"] == [1, 5]  # type: ignore[index]
