"""Illegal moves are refused with their own one-line reason and change nothing."""

from __future__ import annotations

import pytest

from engine.game import Game
from engine.moves import Forced, Move
from engine.rules import apply
from engine.table import IllegalMove
from tests.engine.helpers import cid, play, table


def play_phase_table() -> Game:
    """Five players; the lord (seat 1, 曹操) in the play phase with a Sha used already."""
    g = table(["caocao", "zhugeliang", "luxun", "xuchu", "machao"])
    play(g, "draw 1 x2", f"use 1 #{cid('sha', '♠7')} -> 2", "pass 2")
    return g


# (move, a fragment of the reason) — each reason different.
CASES = [
    ("use 2 #5 -> 1", "it is seat 1's turn, not seat 2's"),
    (f"use 1 #{cid('sha', '♠8')} -> 5", "one Sha per play phase"),
    (f"use 1 #{cid('sha', '♠7')} -> 5", "is in the discard pile, not seat 1's hand or equipment"),
    (f"use 1 #{cid('snatch', '♠3')} -> 3", "seat 3: 谦逊: cannot be the target of 顺手牵羊"),
    (f"use 1 #{cid('indulgence', '♠6')} -> 3", "seat 3: 谦逊: cannot be the target of 乐不思蜀"),
    (f"use 1 #{cid('snatch', '♠3')} -> 4", "seat 4: distance 2 > 1"),
    (f"use 1 #{cid('tao', '♥3')}", "seat 1 is not wounded"),
    (f"use 1 #{cid('shan', '♥2')} -> 2", "闪 is only used in response"),
    (f"use 1 #{cid('duel', '♠A')} -> 1", "seat 1: not yourself"),
    (f"use 1 #{cid('duel', '♠A')}", "决斗 needs a target: add '-> N'"),
    (f"use 1 #{cid('duel', '♠A')} -> 2,3", "决斗 takes one target, not 2"),
    (f"use 1 #{cid('collateral', '♣Q')} -> 2,3", "seat 2: no weapon"),
    (
        f"use 1 #{cid('dismantlement', '♠3')} as sha -> 2",
        "seat 1 has no skill to use 过河拆桥 as 杀",
    ),
    (f"respond 2 #{cid('shan', '♥2')}", "nobody is being asked to respond now"),
    ("pass 3", "nothing to pass on: nobody is being asked"),
    ("draw 1 x2", "drawing 2 cards now needs a skill"),
    ("discard 1 x1", "discarding now needs a skill"),
    ("give 1 -> 2 x1", "giving cards now needs a skill"),
    ("heal 2 1", "healing now needs a skill"),
    ("skill 1 paoxiao", "seat 1 has no skill 'paoxiao'"),
    ("general 1 liubei", "generals are chosen only during setup"),
    ("deal", "the starting hands are dealt only during setup"),
    ("role 3 rebel", "seat 3's role stays hidden until death"),
    ("role 2 lord", "a 5-player game has only 1 lord(s)"),
    ("role 1 pope", "unknown role 'pope'"),
    ("die 2", "seat 2 has 2 HP; force it if a skill kills"),
    ("end rebel", "the game is not over by the rules yet"),
    ("skip draw", "the draw phase is not still to come this turn"),
    (f"judge 1 #{cid('sha', '♠7')}", "cannot be the judgement card: it is in the discard pile"),
    ("chain 9", "there is no seat 9 (seats 1-5)"),
    (f"use 1 #{cid('sha', '♠8')} as nosuchcard -> 2", "unknown card kind 'nosuchcard'"),
    (f"use 1 #{cid('iron_chain', '♠J')} -> 2,2", "铁索连环 takes one or two targets"),
    (f"recast 1 #{cid('sha', '♠8')}", "杀 cannot be recast"),
    ("unchain 2", "seat 2 is already unchained"),
    ("mark 2 rage -1", "seat 2 has only 0 rage marks"),
    ("setup identity 5", "this game is set up already"),
]


@pytest.mark.parametrize(("line", "reason"), CASES, ids=[c[0] for c in CASES])
def test_refused_with_reason_and_nothing_changes(line: str, reason: str) -> None:
    g = play_phase_table()
    before = g.state
    moves_before = g.moves
    with pytest.raises(IllegalMove) as refused:
        g.push_text(line)
    message = str(refused.value)
    assert reason in message
    assert "\n" not in message and len(message) < 160
    assert g.state is before and g.state == before
    assert g.moves == moves_before


def test_at_least_25_distinct_reasons() -> None:
    reasons = {reason for _, reason in CASES}
    assert len(reasons) == len(CASES) >= 25


def test_every_case_is_refused_for_its_own_reason() -> None:
    """The messages themselves (not just the fragments) are all different."""
    messages = set()
    for line, _ in CASES:
        g = play_phase_table()
        with pytest.raises(IllegalMove) as refused:
            g.push_text(line)
        messages.add(str(refused.value))
    assert len(messages) == len(CASES)


def test_a_forced_move_is_applied_and_flagged() -> None:
    g = play_phase_table()
    g.push_text(f"!use 1 #{cid('sha', '♠8')} -> 5")
    assert g.flagged() == [(len(g.moves), Move.parse(f"!use 1 #{cid('sha', '♠8')} -> 5"))]
    assert isinstance(g.moves[-1], Forced)


def test_undo_restores_the_exact_previous_state() -> None:
    g = play_phase_table()
    before = g.state
    play(g, f"use 1 #{cid('duel', '♠A')} -> 2", "pass", "pass 2")
    assert g.state != before
    for _ in range(3):
        g.undo()
    assert g.state == before


def test_states_are_not_changed_by_a_refused_apply() -> None:
    g = play_phase_table()
    state = g.state
    seats = state.seats
    with pytest.raises(IllegalMove):
        apply(state, Move.parse(f"use 1 #{cid('sha', '♠8')} -> 5"))
    assert state.seats is seats and state.where == g.state.where
