"""The skills of 神话再临 · 风 (wind), first half: 夏侯渊, 曹仁, 黄忠, 魏延, 神关羽.

Each test names the skill (Chinese name and key of generals/wind.toml) and
paraphrases, in our own words, the published 风 card text it follows. The
timing skills are checked as the standard ones are: the window opens at its
moment for its owner, declining lets the settlement go on, using it has its
exact effect, and it is not offered when its condition fails.
"""

from __future__ import annotations

from engine.frames import Point
from engine.game import Game
from engine.state import Phase
from tests.engine.helpers import (
    cid,
    end_turn,
    play,
    refused,
)
from tests.engine.helpers import window_for as window

PACKS = "standard,ex,maneuvering,wind"


def wind_table(generals: list[str], lord: int = 1, kingdoms: dict[int, str] | None = None) -> Game:
    """A dealt table of wind generals; the lord's first turn has begun (its draw phase)."""
    g = Game()
    g.push_text(f"setup identity {len(generals)} packages={PACKS}")
    g.push_text(f"role {lord} lord")
    for seat, general in enumerate(generals, start=1):
        kingdom = (kingdoms or {}).get(seat)
        g.push_text(f"general {seat} {general}" + (f" kingdom={kingdom}" if kingdom else ""))
    g.push_text("deal")
    g.push_text("next")
    return g


def hp(g: Game, seat: int) -> int:
    return g.state.seat(seat).hp


def hand(g: Game, seat: int) -> int:
    return g.state.seat(seat).hand_count


SHA_S7 = cid("sha", "♠7")
SHA_S8 = cid("sha", "♠8")
SHA_H10 = cid("sha", "♥10")
SHAN_H2 = cid("shan", "♥2")
SHAN_D2 = cid("shan", "♦2")
TAO_H3 = cid("tao", "♥3")
DUEL = cid("duel", "♠A")


# ---------------------------------------------------------------- 曹仁 据守


def _caoren_end_phase() -> Game:
    """曹仁 (seat 1, the lord) reaches his end phase with nothing to discard."""
    g = wind_table(["caoren", "huangzhong", "weiyan", "xiahouyuan"])
    play(g, "draw 1 x2", "next")  # to the discard phase: 6 cards, limit 4
    play(g, "discard 1 x2", "next")
    return g


def test_jushou_window_in_his_end_phase() -> None:
    """据守 jushou: in his end phase 曹仁 may draw three cards and turn over."""
    g = _caoren_end_phase()
    assert g.state.turn.phase is Phase.END
    window(g, Point.END_PHASE, 1)


def test_jushou_draws_three_and_flips_and_his_next_turn_is_skipped() -> None:
    """据守 jushou: draws three cards, then his general card is turned over; a turned
    over general misses his next turn and turns face up instead (000 翻面)."""
    g = _caoren_end_phase()
    before = hand(g, 1)
    play(g, "skill 1 jushou")
    assert hand(g, 1) == before + 3
    assert g.state.seat(1).flipped
    assert g.state.turn.seat == 2  # the turn went on by itself
    for seat in (2, 3, 4):
        assert g.state.turn.seat == seat
        end_turn(g)
    assert g.state.turn.seat == 2  # seat 1 was skipped ...
    assert not g.state.seat(1).flipped  # ... and is face up again


def test_jushou_declined() -> None:
    """据守 jushou is optional: passed, nothing changes and the turn goes on."""
    g = _caoren_end_phase()
    before = hand(g, 1)
    play(g, "pass 1")
    assert hand(g, 1) == before and not g.state.seat(1).flipped
    assert g.state.turn.seat == 2


def test_jushou_takes_no_cards_or_targets() -> None:
    """据守 jushou names nothing: three cards from the pile, the general card turned."""
    g = _caoren_end_phase()
    refused(g, "skill 1 jushou -> 2", "takes no cards or targets")
