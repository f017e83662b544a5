"""斗地主 (mode ``doudizhu``): one landlord against two farmers, rules 001 lines 183-186.

001 (鬥地主模式): "一主對戰二反。禁用了特定武將,如神關羽。主公玩家增加一點體力上限,
額外獲得技能〖飛揚〗:你可以棄置兩張牌來棄置你判定區的一張牌。〖跋扈〗:回合開始階段你
額外摸一張牌,且你本回合可以出兩張殺。當有一名反賊陣亡時另一名反賊可以回復一點體力或
摸兩張牌。任何角色殺死一名反賊後沒有獎懲無用之人,死!。"
"""

from __future__ import annotations

import pytest

from engine.derived import owned_keys, sha_uses_left
from engine.frames import Expect, Point
from engine.game import Game
from engine.state import Role
from engine.table import IllegalMove
from engine.views import summary
from tests.engine.helpers import cid, end_turn, expecting, play, refused, table, window_for

L, R = Role.LORD, Role.REBEL

# No skill of these answers damage, death or a judgement: the rules below settle plainly.
THREE = ["zhaoyun", "xuchu", "guanyu"]


def doudizhu(start: bool = True) -> Game:
    return table(THREE, mode="doudizhu", lord=None, start=start)


def test_one_landlord_against_two_farmers() -> None:
    """001 line 184: 一主對戰二反: three seats, the landlord (the lord) in seat 1, two
    farmers (rebels); the roles are public from the seating."""
    g = doudizhu(start=False)
    assert [s.role for s in g.state.seats] == [L, R, R]
    with pytest.raises(IllegalMove, match="played by 3 players, not 4"):
        Game().push_text("setup doudizhu 4")


def test_the_landlord_has_one_more_max_hp() -> None:
    """001 line 185: 主公玩家增加一點體力上限 (at three players, unlike identity's 5+)."""
    g = doudizhu(start=False)
    assert [(s.hp, s.max_hp) for s in g.state.seats] == [(5, 5), (4, 4), (4, 4)]


def test_the_landlord_holds_feiyang_and_bahu() -> None:
    """001 line 185: 額外獲得技能〖飛揚〗...〖跋扈〗: the landlord's, not the farmers'."""
    g = doudizhu(start=False)
    assert {"feiyang", "bahu"} <= owned_keys(g.state.seat(1))
    assert not {"feiyang", "bahu"} & (owned_keys(g.state.seat(2)) | owned_keys(g.state.seat(3)))
    facts = summary(g.state)["mode_facts"]
    assert facts == {"landlord": 1, "farmers": [2, 3], "mode_skills": {"1": ["feiyang", "bahu"]}}


def test_bahu_draws_one_card_at_the_start_of_the_turn() -> None:
    """001 line 185: 〖跋扈〗:回合開始階段你額外摸一張牌: one card in the start phase,
    before the draw phase's two."""
    g = doudizhu()
    assert g.state.turn.phase.value == "start"
    top = expecting(g, "draw", 1)
    assert top.counts == (1,)
    refused(g, "draw 1 x2", "draws 1")
    play(g, "draw 1 x1")
    assert g.state.turn.phase.value == "draw"
    play(g, "draw 1 x2")
    assert g.state.seat(1).hand_count == 4 + 1 + 2


def test_a_farmer_draws_nothing_at_the_start_of_his_turn() -> None:
    g = doudizhu()
    end_turn(g)
    assert g.state.turn.seat == 2 and g.state.turn.phase.value == "draw"
    expecting(g, "draw", 2)  # the draw phase's own (裸衣 may make it one fewer)


def test_bahu_lets_the_landlord_use_two_sha() -> None:
    """001 line 185: 〖跋扈〗...且你本回合可以出兩張殺; a farmer keeps one."""
    g = doudizhu()
    play(g, "draw 1 x1", "draw 1 x2")
    assert sha_uses_left(g.state, 1) == 2
    sha = [cid("sha", "♠7"), cid("sha", "♠8"), cid("sha", "♠9")]
    play(g, f"use 1 #{sha[0]} -> 2", "pass")
    play(g, f"use 1 #{sha[1]} -> 2", "pass")
    assert g.state.seat(2).hp == 2
    refused(g, f"use 1 #{sha[2]} -> 3", "Sha")
    end_turn(g)
    play(g, "draw 2 x2")
    assert sha_uses_left(g.state, 2) == 1


def _indulgence_on_the_landlord(g: Game) -> int:
    """Seat 2 puts 乐不思蜀 in the landlord's judgement zone; back to seat 1's turn."""
    card = cid("indulgence", "♠6")
    end_turn(g)
    play(g, "draw 2 x2", f"use 2 #{card} -> 1")
    assert [d.card for d in g.state.seat(1).judgement] == [card]
    end_turn(g)
    end_turn(g)
    play(g, "draw 1 x1")
    return card


def test_feiyang_discards_two_cards_and_the_judgement_card() -> None:
    """001 line 185: 〖飛揚〗:你可以棄置兩張牌來棄置你判定區的一張牌: offered at the start
    of his judgement phase, before the delayed trick is judged."""
    g = doudizhu()
    card = _indulgence_on_the_landlord(g)
    assert g.state.turn.phase.value == "judgement"
    window_for(g, Point.JUDGEMENT_PHASE, 1)
    hand = g.state.seat(1).hand_count
    play(g, "skill 1 feiyang x2")
    assert g.state.seat(1).judgement == ()
    assert card in g.state.discard_pile
    assert g.state.seat(1).hand_count == hand - 2
    assert g.state.turn.phase.value == "draw"  # nothing left to judge


def test_feiyang_needs_exactly_two_cards() -> None:
    g = doudizhu()
    _indulgence_on_the_landlord(g)
    refused(g, "skill 1 feiyang x1", "exactly two cards")


def test_feiyang_declined_leaves_the_trick_to_be_judged() -> None:
    g = doudizhu()
    _indulgence_on_the_landlord(g)
    play(g, "pass 1")
    assert g.state.seat(1).judgement != ()
    assert not any(
        isinstance(f, Expect) and f.what == "draw" for f in g.state.stack
    )  # the judgement comes first


def test_no_feiyang_without_a_judgement_card() -> None:
    g = doudizhu()
    play(g, "draw 1 x1")
    assert g.state.turn.phase.value == "draw"  # no window in an empty judgement phase


def _kill_farmer_3(g: Game, source: int | None = 1) -> None:
    by = f" from {source}" if source else ""
    play(g, f"!damage 3 4{by}", "pass")


def test_a_farmers_death_lets_the_other_recover_or_draw() -> None:
    """001 line 186: 當有一名反賊陣亡時另一名反賊可以回復一點體力或摸兩張牌: he chooses."""
    g = doudizhu()
    play(g, "draw 1 x1", "draw 1 x2", "!damage 2 1")
    _kill_farmer_3(g)
    assert not g.state.seat(3).alive and not g.state.over
    assert expecting(g, "choose", 2).options == ("recover", "draw")
    play(g, "choose 2 recover")
    assert g.state.seat(2).hp == 4


def test_the_surviving_farmer_may_draw_two_instead() -> None:
    g = doudizhu()
    play(g, "draw 1 x1", "draw 1 x2", "!damage 2 1")
    hand = g.state.seat(2).hand_count
    _kill_farmer_3(g)
    play(g, "choose 2 draw")
    assert g.state.seat(2).hand_count == hand + 2 and g.state.seat(2).hp == 3


def test_a_farmer_at_full_hp_draws_two() -> None:
    """Recovering at full HP recovers nothing: the reward is the draw (the docstring)."""
    g = doudizhu()
    play(g, "draw 1 x1", "draw 1 x2")
    hand = g.state.seat(2).hand_count
    _kill_farmer_3(g)
    assert not g.state.stack
    assert g.state.seat(2).hand_count == hand + 2


def test_killing_a_farmer_rewards_nobody() -> None:
    """001 line 186: 任何角色殺死一名反賊後沒有獎懲 (identity's three cards are not drawn)."""
    g = doudizhu()
    play(g, "draw 1 x1", "draw 1 x2")
    hand = g.state.seat(1).hand_count
    _kill_farmer_3(g, source=1)
    assert g.state.seat(1).hand_count == hand


def test_the_landlord_wins_when_both_farmers_are_dead() -> None:
    g = doudizhu()
    play(g, "draw 1 x1", "draw 1 x2")
    _kill_farmer_3(g)
    play(g, "!damage 2 4 from 1", "pass")
    assert g.state.over and g.state.winner == "landlord"


def test_the_farmers_win_when_the_landlord_dies() -> None:
    g = doudizhu()
    play(g, "draw 1 x1", "draw 1 x2", "!damage 1 5 from 2", "pass")
    assert g.state.over and g.state.winner == "farmers"
    assert g.state.seat(2).hand_count == 4  # no reward for the kill either


def test_the_sample_shows_the_mode_skills_and_the_reward() -> None:
    """samples/doudizhu.sgs: played to its end with 飞扬 used and a farmer's reward."""
    from pathlib import Path

    from engine.moves import Choose, Skill
    from engine.record import parse_record, replay

    path = Path(__file__).resolve().parents[2] / "samples" / "doudizhu.sgs"
    record = parse_record(path.read_text(encoding="utf-8"))
    game = replay(record)
    assert game.flagged() == [] and game.state.winner == "landlord"
    assert any(isinstance(m, Skill) and m.skill == "feiyang" for m in record.moves)
    assert any(isinstance(m, Choose) and m.option in ("recover", "draw") for m in record.moves)
    facts = summary(game.state)["mode_facts"]
    assert isinstance(facts, dict) and facts["landlord"] == 1
