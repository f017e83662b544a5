"""Small helpers to set up tables and find cards, shared by the engine tests."""

from __future__ import annotations

import re
from collections.abc import Mapping

import pytest

from engine.catalogue import standard_catalogue
from engine.frames import Ask, Expect, Point, Window
from engine.game import Game
from engine.state import GameState
from engine.table import IllegalMove

CATALOGUE = standard_catalogue()


def cards_of(key: str) -> list[int]:
    return [c.id for c in CATALOGUE.cards if c.key == key]


def cid(key: str, face: str | None = None, n: int = 0) -> int:
    """The id of a card by kind (and face like '♥5'), e.g. cid('sha', '♥10')."""
    found = [c.id for c in CATALOGUE.cards if c.key == key and (face is None or c.face == face)]
    return found[n]


def table(
    generals: list[str],
    *,
    mode: str = "identity",
    lord: int | None = 1,
    variant: str = "",
    start: bool = True,
    pack: str = "",
    gods: str = "",
    kingdoms: Mapping[int, str] | None = None,
) -> Game:
    """A dealt table; with ``start`` the first turn has begun (lord at its draw phase).

    ``pack``: a package of generals the setup names besides the standard box
    (``wind`` ...); ``gods``: the kingdom every 神 general names (identity), or
    ``kingdoms`` by seat.
    """
    g = Game()
    packages = f" packages=standard,ex,maneuvering,{pack}" if pack else ""
    g.push_text(
        f"setup {mode} {len(generals)}{packages}" + (f" variant={variant}" if variant else "")
    )
    if lord is not None:
        g.push_text(f"role {lord} lord")
    for seat, general in enumerate(generals, start=1):
        kingdom = (kingdoms or {}).get(seat) or (gods if general.startswith("shen") else "")
        g.push_text(f"general {seat} {general}" + (f" kingdom={kingdom}" if kingdom else ""))
    g.push_text("deal")
    if start:
        g.push_text("next")
    return g


def hp(g: Game, seat: int) -> int:
    return g.state.seat(seat).hp


def hand(g: Game, seat: int) -> int:
    return g.state.seat(seat).hand_count


def play(g: Game, *lines: str) -> GameState:
    for line in lines:
        g.push_text(line)
    return g.state


def to_play_phase(g: Game) -> None:
    """Draw for the seat whose draw phase it is (2 cards)."""
    seat = g.state.turn.seat
    g.push_text(f"draw {seat} x2")


def end_turn(g: Game) -> None:
    """Finish the current turn plainly: draw if asked, discard down to the limit, move on."""
    from engine.derived import hand_limit

    start = (g.state.turn.seat, g.state.turn.number)
    for _ in range(20):
        s = g.state
        if (s.turn.seat, s.turn.number) != start or s.over:
            return
        seat = s.turn.seat
        if s.stack:
            top = s.stack[-1]
            what = getattr(top, "what", "")
            if what == "draw":
                counts = getattr(top, "counts", ())
                n = 2 if 2 in counts or not counts else counts[0]  # 跋扈's draw: 1
                g.push_text(f"draw {seat} x{n}")
                continue
            g.push_text("pass")
            continue
        if s.turn.phase.value == "discard":
            excess = s.seat(seat).hand_count - hand_limit(s, seat).value
            if excess > 0:
                g.push_text(f"discard {seat} x{excess}")
        g.push_text("next")
    raise AssertionError("the turn did not end")


def to_turn_of(g: Game, seat: int) -> None:
    """End turns plainly until ``seat``'s turn has begun."""
    for _ in range(12):
        if g.state.turn.seat == seat:
            return
        end_turn(g)
    raise AssertionError(f"seat {seat}'s turn never came")


def until_turn_of(g: Game, seat: int, phase: str = "judgement") -> None:
    """Play plain turns until ``seat``'s turn reaches ``phase`` (or later)."""
    for _ in range(40):
        s = g.state
        if (s.turn.seat == seat and s.turn.number > 1) or (s.turn.seat == seat and seat != 1):
            return
        end_turn(g)
    raise AssertionError(f"seat {seat}'s turn never came")


def asked(state: GameState) -> Ask:
    """The request for a card on the stack, under any window of skills that may act first."""
    for frame in reversed(state.stack):
        if isinstance(frame, Window):
            continue
        assert isinstance(frame, Ask), frame
        return frame
    raise AssertionError("nobody is asked")


def top(g: Game) -> object:
    assert g.state.stack, "the stack is empty"
    return g.state.stack[-1]


def window_for(g: Game, point: Point, seat: int) -> Window:
    """The window on top: at ``point``, asking ``seat`` now."""
    frame = top(g)
    assert isinstance(frame, Window), frame
    assert frame.point is point and frame.asked == seat, frame
    return frame


def expecting(g: Game, what: str, seat: int) -> Expect:
    """The request on top: ``what`` from ``seat``."""
    frame = top(g)
    assert isinstance(frame, Expect), frame
    assert frame.what == what and frame.seat == seat, frame
    return frame


def no_window(g: Game) -> None:
    assert not any(isinstance(f, Window) for f in g.state.stack), g.state.stack


def refused(g: Game, line: str, fragment: str) -> None:
    """``line`` is refused with a reason containing ``fragment``; nothing changes."""
    before, moves = g.state, len(g)
    with pytest.raises(IllegalMove, match=re.escape(fragment)):
        g.push_text(line)
    assert g.state is before and len(g) == moves
