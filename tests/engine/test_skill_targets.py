"""The seats a skill being entered may choose next (engine.skill_targets): the rule tried
with each seat, legal or refused with the rule's own reason.

Skills of different kinds: self excluded (结盟, 天义), gender (离间, 结姻), a hand card
needed (突袭), two seats (缔盟's hand difference against the cards discarded, 离间's
pair), any number of seats (业炎, 遗计); and a skill not usable now at all, whose
seats stay as they are.
"""

from __future__ import annotations

import time

import pytest

import engine.skill_targets as skill_targets_module
from bench.simulate import play as sim_play
from bench.simulate import random_setup
from engine.derived import TargetCheck, owned_keys
from engine.game import Game
from engine.moves import Move
from engine.registry import RULES
from engine.rules import apply
from engine.skill_targets import skill_targets
from engine.state import GameState
from tests.engine.helpers import cid, end_turn, play, table, to_play_phase


def legal(checks: tuple[TargetCheck, ...]) -> list[int]:
    return [c.seat for c in checks if c.legal]


def why(checks: tuple[TargetCheck, ...]) -> dict[int, str]:
    """The illegal seats, each with the rule's reason (English)."""
    return {c.seat: str(c.reason) for c in checks if not c.legal}


def at_play(generals: list[str], pack: str = "", gods: str = "") -> Game:
    g = table(generals, pack=pack, gods=gods)
    to_play_phase(g)
    return g


def test_jiemeng_not_oneself_nor_a_seat_with_an_ally() -> None:
    """结盟: another living seat without ally; once allied, only the ally (a card)."""
    g = table(["zhangfei", "zhaoyun", "machao", "lvbu", "lvmeng"], mode="zhulu", lord=None)
    to_play_phase(g)
    checks = skill_targets(g.state, 1, "jiemeng")
    assert legal(checks) == [2, 3, 4, 5]
    assert why(checks) == {1: "结盟: ask another living seat"}
    play(g, "skill 1 jiemeng -> 3", "choose 3 yes")
    checks = skill_targets(g.state, 1, "jiemeng")  # toward the ally, with a card
    assert legal(checks) == [3]
    assert why(checks)[4] == "结盟: seat 3 is your ally"
    end_turn(g)
    to_play_phase(g)
    checks = skill_targets(g.state, 2, "jiemeng")
    assert legal(checks) == [4, 5]
    assert why(checks)[3] == "结盟: seat 3 has an ally"
    assert why(checks)[2] == "结盟: ask another living seat"


def test_tianyi_another_player_with_a_hand_card() -> None:
    """天义: a point fight with another player, who must hold a hand card."""
    g = at_play(["taishici", "caocao", "zhenji", "lvbu"], pack="fire")
    play(g, "!discard 3 x4")
    checks = skill_targets(g.state, 1, "tianyi")
    assert legal(checks) == [2, 4]
    assert why(checks) == {
        1: "天义: choose another player, not yourself",
        3: "天义: a point fight needs a hand card on both sides",
    }


def test_lijian_two_other_male_generals() -> None:
    """离间: women and oneself are refused; a man is legal only with another man to pair."""
    g = at_play(["diaochan", "caocao", "zhenji", "lvbu", "daqiao"])
    checks = skill_targets(g.state, 1, "lijian")
    assert legal(checks) == [2, 4]
    assert why(checks) == {
        1: "离间: seat 1 must be another living male general",
        3: "离间: seat 3 must be another living male general",
        5: "离间: seat 5 must be another living male general",
    }
    second = skill_targets(g.state, 1, "lijian", targets=(2,))
    assert legal(second) == [4]
    assert why(second)[2] == "离间: two different generals"
    # 吕布 dead: 曹操 has nobody to duel. No seat is legal: the women stay out (the
    # refusal names them), 曹操 stays in (the move's own refusal will say why).
    play(g, "!damage 4 4", "pass", "role 4 rebel")
    alone = skill_targets(g.state, 1, "lijian")
    assert legal(alone) == [2]
    assert sorted(why(alone)) == [1, 3, 5]  # the dead 4 is not offered


def test_jieyin_a_wounded_male_general() -> None:
    """结姻: another seat, male, wounded; her two cards made up from her hand."""
    g = at_play(["sunshangxiang", "caocao", "zhenji", "lvbu"])
    play(g, "!damage 2 1", "!damage 3 1")
    checks = skill_targets(g.state, 1, "jieyin")
    assert legal(checks) == [2]
    assert why(checks) == {
        1: "结姻: choose another player, not yourself",
        3: "结姻: seat 3 must be a wounded male general",
        4: "结姻: seat 4 must be a wounded male general",
    }


def test_tuxi_a_seat_with_no_hand_card_is_refused() -> None:
    """突袭: up to two other players, each with a hand card to take."""
    g = table(["zhangliao", "caocao", "zhenji", "lvbu"])
    play(g, "!discard 3 x4")
    checks = skill_targets(g.state, 1, "tuxi")
    assert legal(checks) == [2, 4]
    assert why(checks) == {
        1: "突袭: choose another player, not yourself",
        3: "突袭: seat 3 has no hand cards",
    }
    assert legal(skill_targets(g.state, 1, "tuxi", targets=(2,))) == [4]


def test_dimeng_the_hand_difference_against_the_cards_he_can_discard() -> None:
    """缔盟: two other players whose hands differ by no more than the cards he holds
    (the cards laid so far and those still in his hand and equipment)."""
    g = at_play(["lusu", "caocao", "zhenji", "lvbu", "daqiao"], pack="forest")
    # 鲁肃 holds 6; hands 2: 8, 3: 4, 4: 0, 5: 4.
    play(g, "!draw 2 x4", "!discard 4 x4")
    checks = skill_targets(g.state, 1, "dimeng")
    assert legal(checks) == [2, 3, 4, 5]  # 2 and 4 differ by 8, but 2 and 3 by 4
    second = skill_targets(g.state, 1, "dimeng", targets=(2,))
    assert legal(second) == [3, 5]
    assert why(second)[4] == "缔盟: discard 8 cards (their hands differ by 8)"
    assert why(second)[1] == "缔盟: choose another player, not yourself"
    # Four cards laid already: a pair that differs by 4 (or by 6, his two others
    # added), not one of equal hands.
    laid = skill_targets(g.state, 1, "dimeng", targets=(3,), unknown=4)
    assert legal(laid) == [2, 4]
    assert why(laid)[5] == "缔盟: discard 0 cards (their hands differ by 0)"
    # 鲁肃 with two cards left: the first seat is legal only with a partner within 2.
    play(g, "!discard 1 x4")
    checks = skill_targets(g.state, 1, "dimeng")
    assert legal(checks) == [3, 5]
    assert why(checks)[2] == "缔盟: discard 4 cards (their hands differ by 4)"


def test_yeyan_any_seat_and_twice_one_only_with_four_suits_laid() -> None:
    """业炎: one to three seats, oneself too; a seat named twice takes 2, which needs
    four hand cards of four suits."""
    g = at_play(["shenzhouyu", "xuchu", "zhangliao", "ganning", "zhaoyun"], pack="fire", gods="wu")
    assert legal(skill_targets(g.state, 1, "yeyan")) == [1, 2, 3, 4, 5]
    again = skill_targets(g.state, 1, "yeyan", targets=(2,))
    assert legal(again) == [1, 3, 4, 5]
    assert why(again)[2].startswith("业炎: 2 or more damage to one player needs four hand cards")
    suits = (cid("sha", "♠7"), cid("sha", "♣2"), cid("sha", "♥10"), cid("sha", "♦K"))
    play(g, "!draw 1 " + " ".join(f"#{c}" for c in suits))
    laid = skill_targets(g.state, 1, "yeyan", targets=(2,), cards=suits)
    assert legal(laid) == [1, 2, 3, 4, 5]  # 2,3 then 2 again: 2 damage to seat 2
    assert legal(skill_targets(g.state, 1, "yeyan", targets=(2, 3), cards=suits)) == [2, 3]


def test_yiji_any_living_seat() -> None:
    """遗计: the cards go to any living players, oneself too; the dead are not offered."""
    g = table(["guojia", "caocao", "zhenji", "lvbu"])
    play(g, "!damage 3 3", "pass", "role 3 rebel")
    play(g, "!damage 1 1 from 2")
    assert g.state.stack  # 遗计's window
    assert legal(skill_targets(g.state, 1, "yiji")) == [1, 2, 4]
    assert legal(skill_targets(g.state, 1, "yiji", targets=(4,))) == [1, 2, 4]


def test_a_skill_not_usable_now_leaves_every_seat() -> None:
    """突袭 after the draw, 天义 used already: the failure is the same for every seat, so
    no seat is refused for it (the move's own refusal says why)."""
    g = at_play(["zhangliao", "caocao", "zhenji", "lvbu"])
    checks = skill_targets(g.state, 1, "tuxi")
    assert legal(checks) == [1, 2, 3, 4] and {c.reason for c in checks} == {""}
    g = at_play(["taishici", "caocao", "zhenji", "lvbu"], pack="fire")
    mine, theirs = cid("sha", "♥10"), cid("sha", "♣2")
    play(g, f"!draw 1 #{mine}", f"!draw 2 #{theirs}", "skill 1 tianyi -> 2")
    play(g, f"compare 1 #{mine}", f"compare 2 #{theirs}")
    assert not g.state.stack
    assert legal(skill_targets(g.state, 1, "tianyi")) == [1, 2, 3, 4]
    assert legal(skill_targets(g.state, 1, "no_such_skill")) == [1, 2, 3, 4]


def test_cards_the_table_may_still_lay_grey_out_no_seat() -> None:
    """神速 skipping the play phase wants an equipment card: an unseen hand card made up
    for it is not one, so no seat is legal; the seats stay but oneself (the table may
    lay the card after tapping the seat). With the card laid, the rule judges."""
    g = table(["xiahouyuan", "caocao", "zhenji", "lvbu"], pack="wind")
    horse = cid("chitu")
    play(g, f"!move #{horse} -> hand:1", "draw 1 x2")  # the play phase's start: 神速
    checks = skill_targets(g.state, 1, "shensu")
    assert legal(checks) == [1, 2, 3, 4] and {c.reason for c in checks} == {""}
    laid = skill_targets(g.state, 1, "shensu", cards=(horse,))
    assert legal(laid) == [2, 3, 4]
    assert why(laid) == {1: "神速: choose another player, not yourself"}


def test_nobody_to_heal_greys_out_every_seat() -> None:
    """青囊 with nobody wounded: each refusal names its seat, so every seat is out."""
    g = at_play(["huatuo", "caocao", "zhenji", "lvbu"])
    checks = skill_targets(g.state, 1, "qingnang")
    assert legal(checks) == []
    assert why(checks)[2] == "青囊: seat 2 is not wounded (HP 4/4)"


def test_a_skill_not_usable_now_costs_one_trial_a_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    """业炎 outside its owner's play phase: a quick look (the move naming no seat, then
    each seat's first trial) finds it, not every fill of seats and count of cards."""
    g = table(["shenzhouyu", "xuchu", "zhangliao", "ganning", "zhaoyun"], pack="fire", gods="wu")
    tried: list[Move] = []

    def counted(state: GameState, move: Move) -> GameState:
        tried.append(move)
        return apply(state, move)

    monkeypatch.setattr(skill_targets_module, "apply", counted)
    checks = skill_targets(g.state, 1, "yeyan")  # seat 1's draw phase
    assert legal(checks) == [1, 2, 3, 4, 5]
    assert len(tried) == 1 + 5


@pytest.mark.parametrize("seed", range(2))
def test_every_rule_with_seats_over_simulated_games(seed: int) -> None:
    """Every skill with seats its owner holds, at every third state of seeded 8-player
    games of all the packs: one check per living seat, each refusal with its reason,
    and no trial raising anything but the rule's refusal."""
    packs = "standard,ex,maneuvering,wind,fire,forest,mountain"
    played = sim_play(seed, random_setup(seed, "identity", 8, packages=packs), 600)
    keys = [k for k, r in RULES.items() if r.targets != (0, 0)]
    asked = 0
    for state in played.states[::3]:
        if not state.turn.seat or state.over:
            continue
        living = [s.seat for s in state.living]
        for s in state.living:
            for key in (k for k in keys if k in owned_keys(s)):
                for chosen in ((), (living[0],)):
                    checks = skill_targets(state, s.seat, key, chosen)
                    assert [c.seat for c in checks] == living
                    assert all(c.legal or str(c.reason) for c in checks)
                    asked += 1
    assert asked > 300, asked


def test_ten_seats_in_a_few_milliseconds() -> None:
    """A screen refresh: the costliest skill (缔盟's first seat: every pair, every count
    of cards) on a 10-seat table."""
    generals = ["lusu", "caocao", "liubei", "sunquan", "zhangliao", "diaochan"]
    g = at_play([*generals, "guanyu", "zhangfei", "machao", "zhaoyun"], pack="forest")
    play(g, "!draw 2 x3", "!draw 5 x6")
    start = time.perf_counter()
    for _ in range(10):
        checks = skill_targets(g.state, 1, "dimeng")
    assert (time.perf_counter() - start) / 10 < 0.02  # measured: about 2 ms
    assert legal(checks) == list(range(2, 11))
