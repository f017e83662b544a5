"""忠胆英杰 (mode ``zhongdan``): a loyalist shown in the lord's place, the lord hidden,
rules 001 lines 180-182.

001 (忠膽英傑模式): "這個模式的特點是開局亮出的是忠臣(享受加血,主公不能使用主公技)。
該忠臣死亡後亮出主公。任何角色殺死明置的忠臣(暗置的主公除外),立刻摸三張牌。暗主殺暗忠
不用棄牌(以防暴露)。"
"""

from __future__ import annotations

import pytest

from engine.derived import owned_keys
from engine.game import Game
from engine.modes import MODES
from engine.state import Role
from engine.table import IllegalMove
from engine.views import summary
from tests.engine.helpers import expecting, play, refused, to_play_phase

L, Y, R, N = Role.LORD, Role.LOYALIST, Role.REBEL, Role.RENEGADE

# No skill of these answers damage or death; 刘备 (seat 2) has the lord skill 激将.
FIVE = ["zhaoyun", "liubei", "guanyu", "zhangfei", "machao", "huangyueying", "xuchu"]


def zhongdan(shown: int = 1, start: bool = True, players: int = 5) -> Game:
    g = Game()
    g.push_text(f"setup zhongdan {players}")
    g.push_text(f"role {shown} loyalist")
    for seat, general in enumerate(FIVE[:players], start=1):
        g.push_text(f"general {seat} {general}")
    g.push_text("deal")
    if start:
        g.push_text("next")
    return g


def test_the_roles_are_identitys() -> None:
    """001 line 181 changes who is shown, not the roles: identity's role table."""
    for players in range(4, 11):
        assert MODES["zhongdan"].role_table(players, "") == MODES["identity"].role_table(
            players, ""
        )


def test_a_loyalist_is_shown_at_setup_not_the_lord() -> None:
    """001 line 181: 開局亮出的是忠臣: the table shows a loyalist before dealing; the
    other roles stay hidden."""
    g = Game()
    play(g, "setup zhongdan 5", *(f"general {n} {k}" for n, k in enumerate(FIVE[:5], start=1)))
    refused(g, "deal", "the loyalist reveals the role first")
    refused(g, "role 2 rebel", "stays hidden")
    play(g, "role 3 loyalist", "deal")
    assert [s.role for s in g.state.seats] == [None, None, Y, None, None]


def test_the_shown_loyalist_has_one_more_max_hp() -> None:
    """001 line 181: (享受加血): the lord's bonus goes to the shown loyalist."""
    g = zhongdan(shown=1, start=False)
    assert [(s.seat, s.max_hp) for s in g.state.seats] == [(1, 5), (2, 4), (3, 4), (4, 4), (5, 4)]


def test_no_bonus_at_four_players() -> None:
    """001 line 181 (享受加血) with line 83 (5人或以上遊戲時,主公的體力上限+1): at 4
    players the lord has no bonus, so neither has the loyalist in his place."""
    g = zhongdan(shown=1, start=False, players=4)
    assert [s.max_hp for s in g.state.seats] == [4, 4, 4, 4]
    assert g.state.seat(1).mark("shown") == 1


def test_the_bonus_also_when_the_role_is_shown_after_the_generals() -> None:
    g = Game()
    play(g, "setup zhongdan 5", *(f"general {n} {k}" for n, k in enumerate(FIVE[:5], start=1)))
    play(g, "role 4 loyalist")
    assert (g.state.seat(4).hp, g.state.seat(4).max_hp) == (5, 5)


def test_the_shown_loyalist_takes_the_first_turn() -> None:
    """The shown loyalist takes the lord's place: identity's lord starts (001 turn order)."""
    g = zhongdan(shown=3)
    assert g.state.turn.seat == 3


def test_the_lord_has_no_lord_skill_hidden_or_revealed() -> None:
    """001 line 181: 主公不能使用主公技, for the whole game: hidden, 激将 is refused with
    the mode's reason; revealed, it is still withheld."""
    g = zhongdan(shown=1)
    assert "jijiang" not in owned_keys(g.state.seat(2))
    to_play_phase(g)
    refused(g, "skill 2 jijiang -> 3", "the lord may not use lord skills")
    play(g, "!damage 1 5 from 3", "pass")
    play(g, "role 2 lord")
    assert g.state.seat(2).role is L
    assert "jijiang" not in owned_keys(g.state.seat(2))
    refused(g, "skill 2 jijiang -> 3", "the lord may not use lord skills")


@pytest.mark.parametrize(
    ("general", "skill"),
    [("caocao", "hujia"), ("sunquan", "jiuyuan"), ("zhangjiao", "huangtian")],
)
def test_no_lord_skill_works_for_the_revealed_lord(general: str, skill: str) -> None:
    """001 line 181: every lord skill (护驾, 救援, 黄天 ...) is withheld from the lord."""
    g = Game()
    play(g, "setup zhongdan 5 packages=standard,ex,maneuvering,wind", "role 1 loyalist")
    for seat, key in enumerate(["zhaoyun", general, "guanyu", "zhangfei", "machao"], start=1):
        g.push_text(f"general {seat} {key}")
    play(g, "deal", "next", "draw 1 x2", "!damage 1 5 from 3", "pass", "role 2 lord")
    assert g.state.seat(2).role is L
    assert skill not in owned_keys(g.state.seat(2))
    refused(g, f"skill 2 {skill}", "the lord may not use lord skills")


def test_the_lord_shows_himself_only_when_the_shown_loyalist_dies() -> None:
    """001 line 181: 該忠臣死亡後亮出主公: not before (the engine asks for it then)."""
    g = zhongdan(shown=1)
    to_play_phase(g)
    refused(g, "role 2 lord", "when the shown loyalist dies")
    play(g, "!damage 1 5 from 3", "pass", "role 2 lord")
    assert g.state.seat(2).role is L


def test_the_lord_reveals_when_the_shown_loyalist_dies() -> None:
    """001 line 181: 該忠臣死亡後亮出主公: the death waits for the lord's role."""
    g = zhongdan(shown=1)
    to_play_phase(g)
    play(g, "!damage 1 5 from 3", "pass")
    top = expecting(g, "reveal_hidden", 1)
    assert top.options == ("lord",)
    refused(g, "role 4 rebel", "stays hidden")
    play(g, "role 4 lord")
    assert g.state.seat(4).role is L and not g.state.seat(1).alive
    assert g.state.turn.seat == 2  # seat 1 died in his turn: the next one began
    assert summary(g.state)["mode_facts"] == {
        "shown_loyalist": 1,
        "lord": 4,
        "lord_revealed": True,
    }


def test_killing_the_shown_loyalist_draws_three() -> None:
    """001 line 182: 任何角色殺死明置的忠臣…立刻摸三張牌."""
    g = zhongdan(shown=1)
    to_play_phase(g)
    before = g.state.seat(3).hand_count
    play(g, "!damage 1 5 from 3", "pass", "role 4 lord")
    assert g.state.seat(3).hand_count == before + 3


def test_the_hidden_lord_draws_nothing_for_the_shown_loyalist() -> None:
    """001 line 182: (暗置的主公除外); and he discards, as identity's lord killing a
    loyalist does (the docstring: that kill reveals him)."""
    g = zhongdan(shown=1)
    to_play_phase(g)
    assert g.state.seat(4).hand_count == 4
    play(g, "!damage 1 5 from 4", "pass", "role 4 lord")
    assert g.state.seat(4).hand_count == 0


def test_the_hidden_lord_killing_a_hidden_loyalist_discards_nothing() -> None:
    """001 line 182: 暗主殺暗忠不用棄牌(以防暴露) (7 players: two loyalists)."""
    g = zhongdan(shown=1, players=7)
    to_play_phase(g)
    play(g, "!damage 3 4 from 2", "pass", "role 3 loyalist")
    assert not g.state.seat(3).alive
    assert g.state.seat(2).hand_count == 4 and g.state.seat(2).role is None


def test_a_revealed_lord_killing_a_loyalist_discards_everything() -> None:
    """Identity's penalty where 001 makes no exception: the lord is no longer hidden."""
    g = zhongdan(shown=1, players=7)
    to_play_phase(g)
    play(g, "!damage 1 5 from 3", "pass", "role 2 lord")
    play(g, "!damage 5 4 from 2", "pass", "role 5 loyalist")
    assert g.state.seat(2).hand_count == 0


def test_the_lord_side_wins_with_the_lord_still_hidden() -> None:
    """Identity's 主公 victory: every rebel and renegade dead; the lord need not be known."""
    g = zhongdan(shown=1)
    to_play_phase(g)
    play(g, "!damage 3 4 from 1", "pass", "role 3 rebel")
    play(g, "!damage 4 4 from 1", "pass", "role 4 rebel")
    assert not g.state.over
    play(g, "!damage 5 4 from 1", "pass", "role 5 renegade")
    assert g.state.over and g.state.winner == "lord"


def test_the_hidden_lords_death_ends_the_game() -> None:
    """Identity's 反賊 victory: the lord's role is revealed as he dies."""
    g = zhongdan(shown=1)
    to_play_phase(g)
    play(g, "!damage 2 4 from 3", "pass", "role 2 lord")
    assert g.state.over and g.state.winner == "rebel"


@pytest.mark.parametrize("players", [4, 10])
def test_every_identity_table_size(players: int) -> None:
    Game().push_text(f"setup zhongdan {players}")
    with pytest.raises(IllegalMove, match="4-10 players"):
        Game().push_text("setup zhongdan 3")


def test_the_sample_reveals_the_lord_when_the_shown_loyalist_dies() -> None:
    """samples/zhongdan-8.sgs: played to its end; the lord shows himself on the shown
    loyalist's death."""
    from pathlib import Path

    from engine.moves import RoleReveal
    from engine.record import parse_record, replay

    path = Path(__file__).resolve().parents[2] / "samples" / "zhongdan-8.sgs"
    record = parse_record(path.read_text(encoding="utf-8"))
    game = replay(record)
    assert game.flagged() == [] and game.state.over
    answered = [
        m
        for k, m in enumerate(record.moves)
        if isinstance(m, RoleReveal)
        and m.role == "lord"
        and any(getattr(f, "what", "") == "reveal_hidden" for f in game.state_at(k).stack)
    ]
    assert answered
    facts = summary(game.state)["mode_facts"]
    assert isinstance(facts, dict) and facts["lord_revealed"] is True
