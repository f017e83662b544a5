"""The skills of 林 (forest)'s 孙坚, 鲁肃, 董卓, 贾诩 and 神吕布, settled as rules.

Each test follows the published 神话再临 · 林 card text of the skill (put in our
own words in its docstring, with the skill's Chinese name and key) and drives
the engine through move text only.
"""

from __future__ import annotations

import re

import pytest

from engine.frames import Point, Window
from engine.game import Game
from engine.state import Phase
from engine.table import IllegalMove
from tests.engine.helpers import end_turn, expecting, play, window_for

PACKAGES = "standard,ex,maneuvering,forest"
# Generals with no window at the moments these tests look at.
QUIET = ["zhangliao", "xuchu", "zhangfei", "zhaoyun", "guanyu"]


def table(generals: list[str], *, lord: int = 1, start: bool = True) -> Game:
    """A dealt identity table with the forest generals; with ``start`` the first turn
    has begun (seat 1 at its draw phase)."""
    g = Game()
    g.push_text(f"setup identity {len(generals)} packages={PACKAGES}")
    g.push_text(f"role {lord} lord")
    for seat, general in enumerate(generals, start=1):
        g.push_text(f"general {seat} {general}")
    g.push_text("deal")
    if start:
        g.push_text("next")
    return g


def hand(g: Game, seat: int) -> int:
    return g.state.seat(seat).hand_count


def hp(g: Game, seat: int) -> int:
    return g.state.seat(seat).hp


def refuses(g: Game, line: str, fragment: str) -> None:
    """``line`` is refused with a reason containing ``fragment``; nothing changes."""
    before, moves = g.state, len(g)
    with pytest.raises(IllegalMove, match=re.escape(fragment)):
        g.push_text(line)
    assert g.state is before and len(g) == moves


def to_play(g: Game) -> None:
    seat = g.state.turn.seat
    g.push_text(f"draw {seat} x2")
    assert g.state.turn.phase is Phase.PLAY


# ================================================================ 孙坚


def _wounded_sunjian(lost: int) -> Game:
    """孙坚 at seat 2 has lost ``lost`` HP in seat 1's turn; his turn begins."""
    g = table(["caocao", "sunjian", *QUIET[:2]])
    to_play(g)
    play(g, f"!damage 2 {lost}")
    end_turn(g)
    return g


def test_yinghun_one_hp_lost_draw_one_discard_one() -> None:
    """英魂 yinghun: in his preparation phase, if wounded, he may choose another
    player, who draws X and discards one, or draws one and discards X (X: his lost
    HP); with X = 1 it is simply draw one, discard one."""
    g = _wounded_sunjian(1)
    window_for(g, Point.PREPARATION, 2)
    before = hand(g, 3)
    play(g, "skill 2 yinghun -> 3")
    assert hand(g, 3) == before + 1
    expecting(g, "discard_n", 3)
    play(g, "discard 3 x1")
    assert hand(g, 3) == before
    assert g.state.turn.seat == 2 and g.state.turn.phase is Phase.DRAW


def test_yinghun_two_lost_chooses_which_way() -> None:
    """英魂 yinghun with X = 2: draw two and discard one, or draw one and discard two;
    the discards may be equipment too."""
    g = _wounded_sunjian(2)
    play(g, "skill 2 yinghun -> 4")
    expecting(g, "choose", 2)
    before = hand(g, 4)
    play(g, "choose 2 draw_x")
    assert hand(g, 4) == before + 2
    refuses(g, "discard 4 x2", "discard 1 card")
    play(g, "discard 4 x1")
    assert hand(g, 4) == before + 1

    g = _wounded_sunjian(2)
    play(g, "skill 2 yinghun -> 4", "choose 2 discard_x")
    expecting(g, "discard_n", 4)
    before = hand(g, 4)
    play(g, "discard 4 x2")
    assert hand(g, 4) == before - 2


def test_yinghun_not_offered_at_full_hp_and_not_on_himself() -> None:
    """英魂 yinghun needs him wounded, and another player as its target."""
    g = table(["caocao", "sunjian", *QUIET[:2]])
    to_play(g)
    end_turn(g)
    assert g.state.turn.seat == 2 and g.state.turn.phase is Phase.DRAW
    assert not any(isinstance(f, Window) for f in g.state.stack)
    g = _wounded_sunjian(1)
    refuses(g, "skill 2 yinghun -> 2", "another player")
