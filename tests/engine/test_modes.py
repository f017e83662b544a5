"""Each mode behind the one interface: seating, roles, setup, turn order, rewards, victory (001)."""

from __future__ import annotations

import pytest

from engine.game import Game
from engine.modes import MODES
from engine.modes.identity import ROLE_TABLE
from engine.state import Role
from engine.table import IllegalMove
from tests.engine.helpers import play, table


@pytest.mark.parametrize(
    ("players", "variant", "expected"),
    [
        (4, "", (1, 1, 1)),
        (5, "", (1, 2, 1)),
        (6, "", (1, 3, 1)),
        (6, "two_renegades", (1, 2, 2)),
        (7, "", (2, 3, 1)),
        (8, "", (2, 4, 1)),
        (8, "two_renegades", (2, 3, 2)),
        (9, "", (3, 4, 1)),
        (10, "", (3, 4, 2)),
    ],
)
def test_identity_role_table_of_rules_001(
    players: int, variant: str, expected: tuple[int, int, int]
) -> None:
    table_ = MODES["identity"].role_table(players, variant)
    assert (table_[Role.LOYALIST], table_[Role.REBEL], table_[Role.RENEGADE]) == expected
    assert table_[Role.LORD] == 1
    assert sum(table_.values()) == players
    assert ROLE_TABLE[players, variant] == expected


def test_identity_player_counts_and_variants_are_checked() -> None:
    with pytest.raises(IllegalMove, match="identity is played by 4-10 players, not 3"):
        Game().push_text("setup identity 3")
    with pytest.raises(IllegalMove, match="only 6 and 8 do"):
        Game().push_text("setup identity 5 variant=two_renegades")
    Game().push_text("setup identity 8 variant=two_renegades")


def test_lord_gets_one_more_hp_from_five_players() -> None:
    """001: in games of 5 or more the lord's max HP is one more."""
    assert table(["caocao", "xiahoudun", "zhangliao", "xuchu"]).state.seat(1).max_hp == 4
    assert table(["caocao", "xiahoudun", "zhangliao", "xuchu", "guojia"]).state.seat(1).max_hp == 5


def test_identity_starting_hands_and_first_turn() -> None:
    g = table(["xiahoudun", "caocao", "zhangliao", "xuchu", "guojia"], lord=2)
    assert [s.hand_count for s in g.state.seats] == [4] * 5
    assert g.state.turn.seat == 2  # the lord begins


def test_identity_too_many_of_a_role_is_refused() -> None:
    g = table(["caocao", "xiahoudun", "zhangliao", "xuchu", "guojia"])
    with pytest.raises(IllegalMove, match="only 1 lord"):
        g.push_text("role 2 lord")


def test_identity_hidden_role_cannot_be_shown_while_alive() -> None:
    g = table(["caocao", "xiahoudun", "zhangliao", "xuchu", "guojia"])
    with pytest.raises(IllegalMove, match="stays hidden until death"):
        g.push_text("role 3 rebel")


def test_identity_lord_dies_with_two_alive_rebels_win() -> None:
    g = table(["caocao", "xiahoudun", "zhangliao", "xuchu", "guojia"])
    play(g, "draw 1 x2", "!damage 1 5 from 3", "pass")
    assert g.state.over and g.state.winner == "rebel"


def test_identity_renegade_alone_with_the_lord_wins_when_the_lord_dies() -> None:
    g = table(["caocao", "xiahoudun", "zhangliao", "xuchu"])  # 1 loyalist, 1 rebel, 1 renegade
    play(g, "draw 1 x2")
    play(g, "!damage 2 4 from 1", "pass", "role 2 loyalist")
    play(g, "!damage 3 4 from 4", "pass", "role 3 rebel")
    play(g, "!damage 1 4 from 4", "pass")
    # Only seat 4 is left: its role decides, and must be shown.
    assert not g.state.over
    play(g, "role 4 renegade")
    assert g.state.over and g.state.winner == "renegade"


def test_a_role_shown_already_is_refused_and_a_dying_seat_is_told_to_pass() -> None:
    """A duplicated or slipped input changes nothing (design): the lord's role card,
    shown from the start (001 line 60), turned over again is refused; while he lies
    dying the refusal says what closes the request for 桃 (a pass)."""
    g = table(["caocao", "xiahoudun", "zhangliao", "xuchu", "guojia"])
    with pytest.raises(IllegalMove, match=r"role \(lord\) is shown already$"):
        g.push_text("role 1 lord")
    play(g, "draw 1 x2", "!damage 1 5 from 3")
    before = len(g)
    with pytest.raises(IllegalMove, match="shown already; if nobody saves the seat: pass"):
        g.push_text("role 1 lord")
    assert len(g) == before
    play(g, "pass")
    assert g.state.over and g.state.winner == "rebel"


def test_the_death_that_ends_the_game_settles_no_reward() -> None:
    """001 line 16 (遊戲結束強制終止任何結算; line 17: the last rebel's 武魂 cannot act,
    因為在他死的瞬間遊戲就結束了) and 003 line 89 (若符合游戏结束的判定则结束游戏,否则...):
    the lord kills the last rebel and wins; that rebel's three cards are not drawn.
    The rebel killed before, with the game going on, gave them."""
    g = table(["caocao", "xiahoudun", "zhangliao", "xuchu", "guojia"])  # 1 renegade, 2 rebels
    play(g, "draw 1 x2", "!damage 5 3 from 1", "pass", "role 5 renegade")
    play(g, "!damage 4 4 from 1", "pass", "role 4 rebel")
    assert not g.state.over and g.state.seat(1).hand_count == 4 + 2 + 3
    play(g, "!damage 3 4 from 1", "pass", "role 3 rebel")
    assert g.state.over and g.state.winner == "lord"
    assert g.state.seat(1).hand_count == 4 + 2 + 3


def test_two_v_two_seats_hands_and_team_draw() -> None:
    """001 2V2: loyalists at 1 and 4, rebels at 2 and 3; seat 4 starts with five; seat 1
    begins and draws one fewer; a dead general's teammate draws one."""
    g = Game()
    play(
        g,
        "setup 2v2 4",
        "general 1 caocao",
        "general 2 liubei",
        "general 3 sunquan",
        "general 4 huatuo",
        "deal",
        "next",
    )
    s = g.state
    assert [x.role for x in s.seats] == [Role.LOYALIST, Role.REBEL, Role.REBEL, Role.LOYALIST]
    assert [x.hand_count for x in s.seats] == [4, 4, 4, 5]
    play(g, "draw 1 x1", "!damage 2 4 from 1", "pass")
    assert g.state.seat(3).hand_count == 5
    assert not g.state.over
    play(g, "!damage 3 4 from 1", "pass")
    assert g.state.over and g.state.winner == "loyalist"


def test_hegemony_same_kingdom_reveal_careerist_and_victory() -> None:
    """003 国战: two face-down generals of one kingdom; a kingdom may have at most half
    the table; the rest become careerists; the last side standing wins."""
    g = Game()
    play(g, "setup hegemony 4")
    play(
        g,
        "general 1 caocao,simayi hidden",
        "general 2 xiahoudun,zhangliao hidden",
        "general 3 xuchu,guojia hidden",
        "general 4 liubei,guanyu hidden",
        "deal",
        "next",
    )
    s = g.state
    assert s.seat(1).max_hp == 4 and s.seat(1).hidden == ("caocao", "simayi")
    play(g, "reveal 1 caocao", "reveal 2 zhangliao")
    assert g.state.seat(2).kingdom == "wei"
    play(g, "reveal 3 guojia")  # two Wei shown already: half of four
    assert g.state.seat(3).kingdom == "careerist3"
    play(g, "draw 1 x2", "!damage 3 4 from 1", "pass")
    assert g.state.seat(1).hand_count == 4 + 2 + 1  # one of the careerist's side
    play(g, "!damage 4 4 from 1", "pass")
    s = g.state
    assert s.over and s.winner == "wei"


def test_every_mode_has_a_title_and_sides() -> None:
    for mode in MODES.values():
        assert mode.title and "draw" in mode.sides()
