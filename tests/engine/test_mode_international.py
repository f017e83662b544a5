"""身份模式 国际版 (variant ``international``): the civilian (平民), rules 001 lines 88-90.

001: "國際版有平民身份(取代另一個內奸),任何人殺死平民摸兩張牌。平民只要存活到遊戲結束
即為勝利(內奸獲勝不必殺死平民)。如洗牌次數達到遊戲人數時遊戲強制結束,主公勝利。"
"""

from __future__ import annotations

import pytest

from assistant.review.stats import seat_won
from engine.game import Game
from engine.modes import MODES
from engine.modes.base import NeedRole
from engine.state import Role
from engine.table import IllegalMove
from tests.engine.helpers import cards_of, play, table, to_play_phase

L, Y, R, N, C = Role.LORD, Role.LOYALIST, Role.REBEL, Role.RENEGADE, Role.CIVILIAN

# No skill of these generals answers damage or death, so the deaths below settle plainly.
SIX = ["liubei", "guanyu", "zhangfei", "zhaoyun", "machao", "huangyueying"]


def international(players: int = 6) -> Game:
    return table(SIX[:players], variant="international")


@pytest.mark.parametrize(
    ("players", "expected"),
    [
        (6, {L: 1, Y: 1, R: 2, N: 1, C: 1}),  # the 6-player row's 1 | 2 | 2
        (8, {L: 1, Y: 2, R: 3, N: 1, C: 1}),  # the 8-player row's 2 | 3 | 2
        (10, {L: 1, Y: 3, R: 4, N: 1, C: 1}),  # the 10-player row's 3 | 4 | 2
    ],
)
def test_the_civilian_replaces_the_second_renegade(players: int, expected: dict[Role, int]) -> None:
    """001: 國際版有平民身份(取代另一個內奸): the tables of 001's role table with two
    renegades keep one, and the other becomes a civilian."""
    roles = MODES["identity"].role_table(players, "international")
    assert dict(+roles) == expected
    assert sum(roles.values()) == players
    Game().push_text(f"setup identity {players} variant=international")


@pytest.mark.parametrize("players", [4, 5, 7, 9])
def test_tables_with_one_renegade_have_no_international_variant(players: int) -> None:
    """001 names no other sizes: with one renegade there is no other renegade to replace."""
    with pytest.raises(IllegalMove, match="international needs 6, 8, 10"):
        Game().push_text(f"setup identity {players} variant=international")


def test_a_standard_table_has_no_civilian() -> None:
    g = table(SIX)
    play(g, "draw 1 x2", "!damage 3 4 from 2", "pass")
    with pytest.raises(IllegalMove, match="only 0 civilian"):
        g.push_text("role 3 civilian")


def test_whoever_kills_a_civilian_draws_two() -> None:
    """001: 任何人殺死平民摸兩張牌 (whoever it is: here a rebel, not the lord)."""
    g = international()
    to_play_phase(g)
    before = g.state.seat(2).hand_count
    play(g, "!damage 3 4 from 2", "pass", "role 3 civilian")
    assert not g.state.seat(3).alive
    assert g.state.seat(2).hand_count == before + 2
    assert not g.state.over


def test_a_civilian_killed_by_no_one_rewards_no_one() -> None:
    g = international()
    to_play_phase(g)
    hands = [s.hand_count for s in g.state.seats]
    play(g, "!damage 3 4", "pass", "role 3 civilian")
    assert [s.hand_count for s in g.state.seats if s.seat != 3] == hands[:2] + hands[3:]


def test_a_surviving_civilian_wins_with_the_lord_side() -> None:
    """001: 平民只要存活到遊戲結束即為勝利; the lord side still wins when all rebels and
    renegades are dead (主公: 所有反賊和內奸死亡), the civilian alive or not."""
    g = international()
    to_play_phase(g)
    play(g, "!damage 3 4 from 1", "pass", "role 3 rebel")
    play(g, "!damage 4 4 from 1", "pass", "role 4 rebel")
    play(g, "!damage 5 4 from 1", "pass", "role 5 renegade")
    s = g.state
    assert s.over and s.winner == "lord"
    play(g, "role 2 loyalist", "role 6 civilian")  # the roles shown at the end
    s = g.state
    assert MODES["identity"].co_winners(s) == (6,)
    assert [seat_won(s, n) for n in range(1, 7)] == [True, True, False, False, False, True]


def test_a_dead_civilian_does_not_win() -> None:
    g = international()
    to_play_phase(g)
    play(g, "!damage 6 3 from 1", "pass", "role 6 civilian")
    play(g, "!damage 3 4 from 1", "pass", "role 3 rebel")
    play(g, "!damage 4 4 from 1", "pass", "role 4 rebel")
    play(g, "!damage 5 4 from 1", "pass", "role 5 renegade")
    s = g.state
    assert s.winner == "lord" and MODES["identity"].co_winners(s) == ()
    assert seat_won(s, 6) is False


def test_the_renegade_wins_with_the_civilian_still_alive() -> None:
    """001: 內奸獲勝不必殺死平民: the lord dies with only the renegade and the civilian
    alive; the roles decide, and both win."""
    g = international()
    to_play_phase(g)
    play(g, "!damage 2 4 from 5", "pass", "role 2 loyalist")
    play(g, "!damage 3 4 from 5", "pass", "role 3 rebel")
    play(g, "!damage 4 4 from 5", "pass", "role 4 rebel")
    play(g, "!damage 1 5 from 5", "pass")
    assert not g.state.over  # seat 5 or 6 may be the civilian: the roles must be shown
    assert isinstance(MODES["identity"].winner(g.state), NeedRole)
    play(g, "role 5 renegade")
    assert not g.state.over
    play(g, "role 6 civilian")
    s = g.state
    assert s.over and s.winner == "renegade"
    assert [seat_won(s, n) for n in range(1, 7)] == [False] * 4 + [True, True]


def test_the_rebels_win_when_a_rebel_outlives_the_lord_beside_the_civilian() -> None:
    """001: the lord dies with a rebel alive: 反賊獲勝; the living civilian wins too."""
    g = international()
    to_play_phase(g)
    play(g, "!damage 2 4 from 3", "pass", "role 2 loyalist")
    play(g, "!damage 5 4 from 3", "pass", "role 5 renegade")
    play(g, "!damage 4 4 from 3", "pass", "role 4 rebel")
    play(g, "!damage 1 5 from 3", "pass")
    assert not g.state.over
    play(g, "role 3 rebel")
    s = g.state
    assert s.over and s.winner == "rebel"
    play(g, "role 6 civilian")
    assert seat_won(g.state, 6) is True and seat_won(g.state, 1) is False


def test_the_lord_wins_when_the_reshuffles_reach_the_players() -> None:
    """001: 如洗牌次數達到遊戲人數時遊戲強制結束,主公勝利: six players, the sixth time
    the discard pile is shuffled in, the game ends at once, the lord side winning."""
    g = international()
    to_play_phase(g)
    shas = cards_of("sha")
    for n in range(6):
        pile = g.state.draw_pile
        if pile:
            play(g, f"!draw 1 x{pile}")  # as skills the engine does not know would
        play(g, f"!discard 1 #{shas[n]}")
        assert not g.state.over
        play(g, "!draw 1 x1")  # the discard pile is shuffled in
        assert g.state.shuffles == n + 1
    s = g.state
    assert s.over and s.winner == "lord"


def test_the_shuffle_move_counts_too_and_a_standard_game_has_no_limit() -> None:
    g = international()
    to_play_phase(g)
    shas = cards_of("sha")
    for n in range(5):
        play(g, f"!discard 1 #{shas[n]}", "shuffle")
    assert not g.state.over and g.state.shuffles == 5
    play(g, f"!discard 1 #{shas[5]}", "shuffle")
    assert g.state.over and g.state.winner == "lord"
    standard = table(SIX)
    to_play_phase(standard)
    for n in range(7):
        play(standard, f"!discard 1 #{shas[n]}", "shuffle")
    assert not standard.state.over


def test_state_json_states_the_civilian_and_the_reshuffles() -> None:
    """What `sgs-table state --json` says of 国际版 (engine.views.summary's mode_facts):
    the civilians the table knows, how many the game has, the reshuffles against the
    players (001: 洗牌次數達到遊戲人數), and the civilians sharing the win."""
    from engine.views import summary

    g = international()
    to_play_phase(g)
    facts = summary(g.state)["mode_facts"]
    assert facts == {
        "civilians": [],
        "civilians_in_game": 1,
        "shuffles": 0,
        "shuffle_limit": 6,
        "co_winners": [],
    }
    shas = cards_of("sha")
    play(g, f"!discard 1 #{shas[0]}", "shuffle")
    play(g, "!damage 6 4 from 1", "pass", "role 6 civilian")
    facts = summary(g.state)["mode_facts"]
    assert isinstance(facts, dict)
    assert facts["shuffles"] == 1 and facts["civilians"] == [6] and facts["co_winners"] == []
    assert summary(table(SIX).state)["mode_facts"] == {}  # a standard table has none
