"""逐鹿天下 (mode ``zhulu``): rules 003, lines 27, 130, 328 and 436-448 (alliances: 437, 442,
444, 446, 448).

Each test quotes the line of 003 it checks. Five quiet generals (no skill answers
damage or death), seat 1 first.
"""

from __future__ import annotations

import pytest

from engine.cards import Package, Subtype, parse_cards
from engine.catalogue import standard_catalogue
from engine.errors import CatalogueError
from engine.frames import CardUse, Point
from engine.game import Game
from engine.modes import MODES
from engine.modes.zhulu import SEAL
from engine.moves import Move
from engine.record import Record, format_record, parse_record, replay
from engine.rules import describe_winner
from engine.state import Phase
from engine.views import summary
from tests.engine.helpers import (
    cid,
    end_turn,
    expecting,
    play,
    refused,
    table,
    to_play_phase,
    until_turn_of,
    window_for,
)

CATALOGUE = standard_catalogue()
QUIET = ["zhangfei", "zhaoyun", "machao", "lvbu", "lvmeng"]


def zhulu(start: bool = True) -> Game:
    return table(QUIET, mode="zhulu", lord=None, start=start)


def kill(g: Game, seat: int, source: int | None = None) -> None:
    hp = g.state.seat(seat).hp
    play(g, f"!damage {seat} {hp}" + (f" from {source}" if source else ""), "pass")


def holder(g: Game) -> object:
    return summary(g.state)["mode_facts"]["seal_holder"]  # type: ignore[index]


# ---------------------------------------------------------------- the 玉玺 and the deck


def test_the_seal_is_a_treasure_without_suit_or_rank_after_the_1v1_deck() -> None:
    """003 line 130: 玉玺:逐鹿天下模式专属,一张无花色点数的牌; line 442: 宝物牌."""
    seal = CATALOGUE.card(SEAL)
    assert (seal.id, seal.name, seal.package) == (213, "玉玺", Package.ZHULU)
    assert seal.suit is None and seal.rank is None and seal.colour is None
    assert seal.face == "" and str(seal) == "#213 玉玺"
    assert seal.kind.subtype is Subtype.TREASURE
    assert seal.as_dict()["suit"] is None and seal.as_dict()["colour"] is None


def test_the_seal_is_shuffled_into_the_draw_pile_of_zhulu_alone() -> None:
    """003 line 130: 逐鹿天下模式专属 ... 随机置于牌堆中."""
    g = zhulu(start=False)
    assert str(g.moves[0]) == "setup zhulu 5 packages=standard,ex,maneuvering,zhulu"
    assert SEAL in g.state.deck and len(g.state.deck) == 161
    assert SEAL not in g.state.where  # unseen, somewhere in the pile
    refused(Game(), "setup zhulu 5 packages=standard,ex,maneuvering", "with the zhulu package")
    refused(Game(), "setup identity 5 packages=standard,zhulu", "played only in its own mode")


def test_five_players_or_more_each_a_side_of_their_own() -> None:
    """003 line 438: 人数:5人及以上; line 437: 每个存活玩家均为单独阵营."""
    refused(Game(), "setup zhulu 4", "played by 5-10 players, not 4")
    mode = MODES["zhulu"]
    g = zhulu()
    assert {mode.side(g.state, s.seat) for s in g.state.seats} == {
        "seat1",
        "seat2",
        "seat3",
        "seat4",
        "seat5",
    }
    assert all(s.role is None and s.hand_count == 4 for s in g.state.seats)
    assert g.state.turn.seat == 1 and g.state.seat(1).max_hp == 4  # no lord's extra HP


# ---------------------------------------------------------------- drawing and holding it


def test_whoever_draws_the_seal_uses_it_at_once_whatever_the_turn() -> None:
    """003 line 442: 摸到此牌的角色须立即展示并使用之: seat 3 shows it in seat 1's draw
    phase, and it goes to seat 3's treasure slot."""
    g = zhulu()
    assert g.state.turn.phase is Phase.DRAW and g.state.turn.seat == 1
    play(g, f"use 3 #{SEAL}")
    s = g.state.seat(3)
    assert s.treasure == SEAL and s.hand_count == 3 and holder(g) == 3
    assert g.state.turn.seat == 1 and g.state.turn.phase is Phase.DRAW


def test_the_holder_draws_two_more_in_the_draw_phase() -> None:
    """003 line 442: 摸牌阶段,你多摸两张牌."""
    g = zhulu()
    play(g, f"use 2 #{SEAL}", "draw 1 x2")
    end_turn(g)
    assert g.state.turn.seat == 2
    refused(g, "draw 2 x2", "draws 4 in the draw phase, not 2")
    play(g, "draw 2 x4")
    assert g.state.seat(2).hand_count == 3 + 4


# ---------------------------------------------------------------- kills


def test_the_holder_s_killer_takes_the_seal_into_his_treasure_slot() -> None:
    """003 line 442: 拥有此牌的角色被杀死后,该牌移动到杀死该角色的角色的宝物区."""
    g = zhulu()
    play(g, f"use 2 #{SEAL}", "draw 1 x2")
    kill(g, 2, 1)
    assert not g.state.seat(2).alive
    assert g.state.seat(1).treasure == SEAL and holder(g) == 1


def test_a_killer_takes_the_seal_from_the_pile_when_none_is_on_the_field() -> None:
    """003 line 442: 有角色杀死其他角色后,若场上没有玉玺,其将此牌置入其装备区."""
    g = zhulu()
    play(g, "draw 1 x2")
    pile = g.state.draw_pile
    kill(g, 4, 1)
    assert g.state.seat(1).treasure == SEAL and holder(g) == 1
    assert g.state.draw_pile == pile - 1


def test_a_death_without_killer_leaves_the_seal_to_the_discards_until_a_kill() -> None:
    """003 line 442: only a kill moves it: a holder dying without a killer discards it;
    the next killer takes it from there (若场上没有玉玺)."""
    g = zhulu()
    play(g, f"use 2 #{SEAL}", "draw 1 x2")
    kill(g, 2)
    assert g.state.where[SEAL] == "discard" and holder(g) is None
    kill(g, 3, 1)
    assert g.state.seat(1).treasure == SEAL and SEAL not in g.state.discard_pile


def test_a_kill_does_not_move_a_seal_another_seat_holds() -> None:
    """003 line 442: 若场上没有玉玺: a seal on the field stays where it is."""
    g = zhulu()
    play(g, f"use 5 #{SEAL}", "draw 1 x2")
    kill(g, 3, 1)
    assert holder(g) == 5 and g.state.seat(1).treasure is None


# ---------------------------------------------------------------- the end


def test_the_last_one_standing_holding_the_seal_wins() -> None:
    """003 line 448: 存活到最后并持有【玉玺】的角色胜利 (line 27 likewise)."""
    g = zhulu()
    play(g, "draw 1 x2")
    for seat in (2, 3, 4):
        kill(g, seat, 1)
        assert not g.state.over
    kill(g, 5, 1)
    s = g.state
    assert s.over and s.winner == "seat1" and s.seat(1).treasure == SEAL
    assert str(describe_winner(s.winner)) == "seat 1 wins"
    assert summary(s)["mode_facts"] == {"seal_holder": 1, "alliances": []}


def test_a_last_death_without_killer_gives_the_seal_to_the_survivor() -> None:
    """003 is silent on a last death with no killer (闪电, a loss of HP): the survivor
    takes the seal as a killer would, and wins (engine/modes/zhulu.py)."""
    g = zhulu()
    play(g, f"use 5 #{SEAL}", "draw 1 x2")
    for seat in (2, 3, 4):
        kill(g, seat)
    assert holder(g) == 5 and not g.state.over
    kill(g, 5)
    assert g.state.over and g.state.winner == "seat1" and holder(g) == 1


# ---------------------------------------------------------------- alliances (结盟, 毁盟)


def allies(g: Game) -> object:
    return summary(g.state)["mode_facts"]["alliances"]  # type: ignore[index]


def allied(first: int = 1, second: int = 3) -> Game:
    """Seat 1's play phase, seats ``first`` and ``second`` allies."""
    g = zhulu()
    to_play_phase(g)
    assert g.state.turn.phase is Phase.PLAY
    play(g, f"skill {first} jiemeng -> {second}", f"choose {second} yes")
    return g


def test_every_seat_holds_jiemeng_and_huimeng() -> None:
    """003 lines 444-446: 衍生:结盟 ... 衍生:毁盟: skills the mode gives every seat."""
    from engine.derived import owned_keys

    g = zhulu()
    for s in g.state.seats:
        assert {"jiemeng", "huimeng", "huimeng_end"} <= owned_keys(s)


def test_jiemeng_asks_a_seat_which_agrees_and_they_are_one_side() -> None:
    """003 line 444: 若你没有同盟成员,你可以对一名没有同盟成员的角色发动结盟,其若同意,则你
    与其成为同盟成员; line 437: 发动结盟后同盟成员为同一阵营."""
    g = zhulu()
    to_play_phase(g)
    play(g, "skill 1 jiemeng -> 3")
    expecting(g, "choose", 3)
    refused(g, "choose 3 maybe", "choose one of yes, no")
    play(g, "choose 3 yes")
    assert allies(g) == [[1, 3]]
    assert g.state.seat(1).mark("ally") == 3 and g.state.seat(3).mark("ally") == 1
    mode = MODES["zhulu"]
    assert mode.side(g.state, 1) == mode.side(g.state, 3) == "seat1"
    assert mode.side(g.state, 2) == "seat2"


def test_a_seat_may_refuse_and_jiemeng_is_once_per_play_phase() -> None:
    """003 line 444: 出牌阶段限一次 ... 其若同意: a refusal makes no alliance and spends
    the use."""
    g = zhulu()
    to_play_phase(g)
    play(g, "skill 1 jiemeng -> 3", "choose 3 no")
    assert allies(g) == []
    refused(g, "skill 1 jiemeng -> 4", "once per")


def test_jiemeng_only_between_seats_without_ally() -> None:
    """003 line 444: 若你没有同盟成员 ... 一名没有同盟成员的角色."""
    g = zhulu()
    to_play_phase(g)
    play(g, "skill 1 jiemeng -> 3", "choose 3 yes")
    end_turn(g)
    until_turn_of(g, 2, "play")
    to_play_phase(g)
    refused(g, "skill 2 jiemeng -> 3", "has an ally")
    refused(g, "skill 2 jiemeng -> 2", "another living seat")
    play(g, "skill 2 jiemeng -> 4", "choose 4 yes")
    assert allies(g) == [[1, 3], [2, 4]]


def test_jiemeng_toward_the_ally_discards_one_then_both_draw_one() -> None:
    """003 line 444: 出牌阶段对己方同盟成员限一次,你可以弃置一张牌然后与其各摸一张牌."""
    g = allied()
    hand1, hand3 = g.state.seat(1).hand_count, g.state.seat(3).hand_count
    refused(g, "skill 1 jiemeng -> 3", "discard one card")
    refused(g, "skill 1 jiemeng x1 -> 4", "your ally")
    play(g, "skill 1 jiemeng x1 -> 3")
    assert g.state.seat(1).hand_count == hand1 and g.state.seat(3).hand_count == hand3 + 1
    refused(g, "skill 1 jiemeng x1 -> 3", "once per")


def test_huimeng_at_turn_start_draws_two_shas_the_ally_and_loses_one_hp() -> None:
    """003 line 446: 回合开始或结束时,若你有同盟成员,你可以摸两张牌并视为对其使用一张【杀】
    并解除双方同盟关系 ... 否则你失去一点体力."""
    g = allied()
    end_turn(g)
    until_turn_of(g, 3)
    window_for(g, Point.TURN_START, 3)
    hand, hp1, hp3 = g.state.seat(3).hand_count, g.state.seat(1).hp, g.state.seat(3).hp
    play(g, "skill 3 huimeng")
    assert allies(g) == [] and g.state.seat(3).hand_count == hand + 2
    sha = next(f for f in g.state.stack if isinstance(f, CardUse))
    assert (sha.user, sha.kind, sha.cards, sha.targets) == (3, "sha", (), (1,))
    while g.state.turn.phase is Phase.START:
        play(g, "pass")
    assert g.state.seat(1).hp == hp1 - 1 and g.state.seat(3).hp == hp3 - 1


def test_huimeng_that_kills_the_ally_recovers_one_hp() -> None:
    """003 line 446: 若其因此死亡,你回复一点体力."""
    g = allied()
    for line in ("!damage 1 3", "!damage 3 1"):
        play(g, line)
        while g.state.stack:
            play(g, "pass")
    end_turn(g)
    until_turn_of(g, 3)
    hp3 = g.state.seat(3).hp
    assert g.state.seat(1).hp == 1
    play(g, "skill 3 huimeng")
    while g.state.turn.phase is Phase.START:
        play(g, "pass")
    assert not g.state.seat(1).alive and g.state.seat(3).hp == hp3 + 1


def test_huimeng_at_the_end_of_the_turn() -> None:
    """003 line 446: 回合开始或结束时: the end phase's window (结束阶段) stands for 回合结束时."""
    g = allied()
    play(g, "next")  # discard phase
    if g.state.seat(1).hand_count > g.state.seat(1).hp:
        play(g, f"discard 1 x{g.state.seat(1).hand_count - g.state.seat(1).hp}")
    play(g, "next")
    window_for(g, Point.END_PHASE, 1)
    play(g, "skill 1 huimeng_end")
    assert allies(g) == []


def test_no_huimeng_without_an_ally() -> None:
    """003 line 446: 若你有同盟成员."""
    g = zhulu()
    end_turn(g)
    assert not any(f for f in g.state.stack if getattr(f, "point", None) is Point.TURN_START)
    refused(g, "skill 2 huimeng", "not used now")


def test_the_seal_s_holder_with_an_ally_breaks_the_alliance_at_once() -> None:
    """003 line 442: 装备此牌的角色若有同阵营盟友,则立即发动"毁盟"."""
    g = allied()
    hand = g.state.seat(3).hand_count
    play(g, f"use 3 #{SEAL}")
    assert holder(g) == 3 and allies(g) == []
    assert g.state.seat(3).hand_count == hand - 1 + 2
    sha = next(f for f in g.state.stack if isinstance(f, CardUse))
    assert (sha.user, sha.targets) == (3, (1,))


def test_a_killer_with_an_ally_taking_the_seal_breaks_at_once() -> None:
    """003 line 442: the killer's seal comes into his equipment (有角色杀死其他角色后 ...
    置入其装备区); with an ally, he must 毁盟 at once."""
    g = allied()
    kill(g, 4, 1)
    assert holder(g) == 1 and allies(g) == []
    assert any(isinstance(f, CardUse) and f.targets == (3,) for f in g.state.stack)


def test_nobody_allies_with_the_seal_s_holder() -> None:
    """003 line 442 read demandingly (engine/modes/zhulu.py): the holder has no ally."""
    g = zhulu()
    play(g, f"use 3 #{SEAL}")
    to_play_phase(g)
    refused(g, "skill 1 jiemeng -> 3", "has no ally")


def test_a_death_ends_the_alliance() -> None:
    """003 line 437: 每个存活玩家均为单独阵营: the dead have no ally."""
    g = allied()
    kill(g, 3)
    assert allies(g) == [] and g.state.seat(1).mark("ally") == 0


def test_allies_do_not_win_together() -> None:
    """003 line 448: 存活到最后并持有【玉玺】的角色胜利: two allies left, the game goes on."""
    g = allied()
    for seat in (2, 4, 5):
        kill(g, seat)
    assert not g.state.over and allies(g) == [[1, 3]]


def test_alliances_replay_exactly() -> None:
    """The alliance marks change only by moves: the record replays to the same state."""
    g = allied()
    play(g, "skill 1 jiemeng x1 -> 3")
    moves: tuple[Move, ...] = tuple(g.moves)
    again = replay(parse_record(format_record(Record(moves=moves))))
    assert again.state == g.state and allies(again) == [[1, 3]]


def test_the_sample_makes_and_breaks_alliances() -> None:
    """samples/zhulu.sgs: played to its end with 结盟 asked, agreed and used toward an
    ally, and 毁盟 (003 lines 444-446)."""
    from pathlib import Path

    from engine.moves import Choose, Skill

    path = Path(__file__).resolve().parents[2] / "samples" / "zhulu.sgs"
    record = parse_record(path.read_text(encoding="utf-8"))
    game = replay(record)
    assert game.flagged() == [] and game.state.over
    skills = [m for m in record.moves if isinstance(m, Skill)]
    assert any(m.skill == "jiemeng" and not m.cards and not m.unknown for m in skills)
    assert any(m.skill == "jiemeng" and (m.cards or m.unknown) for m in skills)
    assert any(m.skill in ("huimeng", "huimeng_end") for m in skills)
    assert any(isinstance(m, Choose) and m.option == "yes" for m in record.moves)


# ---------------------------------------------------------------- a card without suit


def test_the_seal_as_a_judgement_matches_no_suit() -> None:
    """003 line 130: 无花色点数: judged for 乐不思蜀 it is not a heart, so the play
    phase is skipped."""
    g = zhulu()
    play(g, "draw 1 x2", f"use 1 #{cid('indulgence')} -> 2")
    end_turn(g)
    assert g.state.turn.seat == 2 and g.state.turn.phase is Phase.JUDGEMENT
    play(g, "pass", f"judge 2 #{SEAL}")  # nobody answers with 无懈可击
    assert Phase.PLAY in g.state.turn.skips and g.state.where[SEAL] == "discard"


def test_the_seal_as_a_judgement_is_not_red_for_the_eight_diagram() -> None:
    """003 line 130: no suit, so no colour: 八卦阵's judgement fails on it."""
    g = zhulu()
    play(g, "draw 1 x2", f"!move #{cid('eight_diagram')} -> equip:2")
    play(g, f"use 1 #{cid('sha', '♠7')} -> 2", f"judge 2 #{SEAL}")
    top = g.state.stack[-1]
    assert getattr(top, "want", "") == "shan" and getattr(top, "asked", 0) == 2


def test_the_catalogue_reads_a_card_without_suit_only_where_the_kind_says_so() -> None:
    """003 line 130 (无花色点数): ``suitless`` kinds leave suit and rank empty; every other
    card still needs both."""
    kinds = {k.key: k for k in (CATALOGUE.card(SEAL).kind, CATALOGUE.card(1).kind)}
    header = "id,kind,suit,rank,package\n"
    (seal,) = parse_cards(header + "1,yuxi,,,zhulu\n", "test", kinds)
    assert seal.suit is None and seal.rank is None
    with pytest.raises(CatalogueError, match="no suit or rank"):
        parse_cards(header + "1,yuxi,spade,1,zhulu\n", "test", kinds)
    with pytest.raises(CatalogueError, match="missing"):
        parse_cards(header + "1,sha,,,standard\n", "test", kinds)
