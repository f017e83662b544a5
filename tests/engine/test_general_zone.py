"""Cards on a general card (武将牌上, zone ``general:N``): 七星's 星, 屯田's 田, 不屈's 创.

Rules 000 (武將牌上的牌 are the seat's own, out of its hand): a skill puts them
there and takes them; they count in no hand; when the seat dies they are
discarded with the rest of its cards.
"""

from __future__ import annotations

import pytest

from engine.game import Game
from engine.moves import Move
from engine.table import IllegalMove, Table
from tests.engine.test_properties import check_cards


def table() -> Game:
    g = Game()
    for line in (
        "setup identity 4",
        "role 1 lord",
        "general 1 caocao",
        "general 2 liubei",
        "general 3 sunquan",
        "general 4 lvbu",
        "deal",
    ):
        g.push(Move.parse(line))
    return g


def test_a_card_put_on_a_general_is_there_and_in_no_hand() -> None:
    g = table()
    g.push(Move.parse("!move #5 from pile -> general:2"))
    s = g.state.seat(2)
    assert s.on_general == (5,) and 5 not in s.hand and g.state.where[5] == "general:2"
    check_cards(g.state)
    g.push(Move.parse("!move #5 -> hand:2"))
    assert g.state.seat(2).on_general == () and 5 in g.state.seat(2).hand
    check_cards(g.state)


def test_the_zone_reads_and_writes_in_the_notation() -> None:
    move = Move.parse("move #5 #6 from pile -> general:3")
    assert str(move) == "move #5 #6 from pile -> general:3" and Move.parse(str(move)) == move
    with pytest.raises(ValueError, match="general:N"):
        Move.parse("move #5 -> general:0")


def test_unseen_cards_lie_face_down_and_leave_by_their_id_once_seen() -> None:
    g = table()
    t = Table(g.state)
    pile = t.draw_pile
    t.to_general_unseen(3, 7)  # 七星: seven cards face down onto the general
    state = t.freeze()
    assert state.seat(3).on_general_unknown == 7 and state.draw_pile == pile - 7
    check_cards(state)
    t = Table(state)
    t.move(40, "hand:3", source="general:3")  # one is seen as it is taken
    state = t.freeze()
    assert state.seat(3).on_general_unknown == 6 and 40 in state.seat(3).hand
    check_cards(state)
    t = Table(state)
    with pytest.raises(IllegalMove, match="general card"):
        t.move(41, "hand:2", source="general:2")


def test_death_discards_the_cards_on_the_general_too() -> None:
    g = table()
    t = Table(g.state)
    t.move(5, "general:4", source="pile")
    t.to_general_unseen(4, 2)
    moved = t.discard_everything(4)
    state = t.freeze()
    s = state.seat(4)
    assert not s.on_general and s.on_general_unknown == 0
    assert 5 in state.discard_pile and moved == 1 + 2 + 4  # 4: the hand dealt
    check_cards(state)


def test_state_json_lists_the_cards_on_a_general_and_the_marks() -> None:
    from engine.views import summary

    g = table()
    g.push(Move.parse("!move #5 from pile -> general:2"))
    g.push(Move.parse("!mark 3 ren +2"))
    seats = {s["seat"]: s for s in summary(g.state)["seats"]}  # type: ignore[attr-defined]
    assert seats[2]["on_general"] == [5] and seats[2]["on_general_unseen"] == 0
    assert seats[3]["marks"] == {"ren": 2} and seats[1]["marks"] == {}
