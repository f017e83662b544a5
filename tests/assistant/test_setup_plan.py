"""The setup screen's plan: modes, the general search, picks, problems and the start.

The catalogue and the modes are the engine's; the plan's start is checked in
the session and in the store (both backends through the ``store`` fixture).
"""

from __future__ import annotations

from collections import Counter

import pytest

from assistant.i18n import SOURCE, _, ngettext, speaking
from assistant.session import TableSession, perform
from assistant.setup import GeneralChoice, TablePlan, mode_choices, roles_text, search_generals
from assistant.store import Store
from engine.catalogue import standard_catalogue
from engine.modes import MODES
from engine.record import replay
from engine.state import Role

# What a Chinese table reads (the default language).
pytestmark = pytest.mark.usefixtures("chinese")

CATALOGUE = standard_catalogue()
STANDARD = [g for g in CATALOGUE.generals if g.package == "standard"]  # the box: always offered
ALL_KEYS = [g.key for g in STANDARD]
KINGDOM = {"魏": "wei", "蜀": "shu", "吴": "wu", "群": "qun"}
ROLE = {"主公": Role.LORD, "忠臣": Role.LOYALIST, "反贼": Role.REBEL, "内奸": Role.RENEGADE}


def keys(found: list[GeneralChoice]) -> list[str]:
    return [g.key for g in found]


def of_kingdom(kingdom: str) -> list[str]:
    return [g.key for g in STANDARD if g.kingdom.value == kingdom]


def one_line(reason: str | None) -> str:
    assert reason, "expected a refusal"
    assert "\n" not in reason
    return reason


# ---------------------------------------------------------------- modes


def test_mode_choices_are_the_engines_modes() -> None:
    choices = mode_choices()
    assert [m.key for m in choices] == list(MODES)
    for m in choices:
        mode = MODES[m.key]
        assert (m.min_players, m.max_players) == (mode.min_players, mode.max_players)
        assert m.generals_per_seat == mode.generals_per_seat
        assert m.lord_chosen == mode.roles_hidden
        assert m.name
    by_key = {m.key: m for m in choices}
    assert by_key["1v1"].generals_per_seat == 3
    assert by_key["hegemony"].generals_per_seat == 2
    assert by_key["identity"].lord_chosen and not by_key["3v3"].lord_chosen


@pytest.mark.parametrize("players", range(4, 11))
def test_identity_roles_text_counts_the_role_table(players: int) -> None:
    identity = next(m for m in mode_choices() if m.key == "identity")
    text = identity.roles(players)
    counts = Counter({ROLE[part[:2]]: int(part[2:]) for part in text.split()})
    assert counts == +MODES["identity"].role_table(players, "")
    assert sum(counts.values()) == players
    assert counts[Role.LORD] == 1


# ---------------------------------------------------------------- search


def test_empty_query_lists_every_general_in_catalogue_order() -> None:
    assert keys(search_generals()) == ALL_KEYS
    assert keys(search_generals("   ")) == ALL_KEYS
    assert len(ALL_KEYS) == 25
    first = search_generals()[0]
    general = STANDARD[0]
    assert (first.name, first.max_hp, first.lord) == (general.name, general.max_hp, general.lord)
    assert first.label == general.name  # the key is for search only


def test_search_by_chinese_substring() -> None:
    for g in STANDARD:
        assert g.key in keys(search_generals(g.name))
        assert g.key in keys(search_generals(g.name[-1]))
    assert keys(search_generals("赵")) == [g.key for g in STANDARD if "赵" in g.name]
    assert set(keys(search_generals("孙"))) == {g.key for g in STANDARD if "孙" in g.name}
    assert search_generals("不存在") == []


def test_search_by_key_prefix_ignores_case_and_spaces() -> None:
    for g in STANDARD:
        for query in (g.key[:3], g.key.upper(), f"  {g.key.title()}  "):
            assert g.key in keys(search_generals(query)), query
    assert keys(search_generals("GUANYU")) == ["guanyu"]
    assert keys(search_generals(" zhaoyun ")) == ["zhaoyun"]


def test_search_puts_keys_starting_with_the_query_first() -> None:
    found = keys(search_generals("hu"))
    assert set(found) == {k for k in ALL_KEYS if "hu" in k}
    starting = [k for k in found if k.startswith("hu")]
    assert starting and found[: len(starting)] == starting
    assert any(not k.startswith("hu") for k in found)  # 许褚 xuchu holds "hu" further in
    # Within each group, catalogue order.
    assert starting == [k for k in ALL_KEYS if k.startswith("hu")]


@pytest.mark.parametrize("chinese,english", sorted(KINGDOM.items()))
def test_kingdom_filter_by_chinese_or_english(chinese: str, english: str) -> None:
    assert keys(search_generals(kingdom=chinese)) == of_kingdom(english)
    assert keys(search_generals(kingdom=english)) == of_kingdom(english)
    assert all(g.kingdom == chinese for g in search_generals(kingdom=english))


def test_kingdom_filter_narrows_a_query() -> None:
    assert keys(search_generals("zhang", "魏")) == ["zhangliao"]
    assert keys(search_generals("zhang", "shu")) == ["zhangfei"]
    assert search_generals("zhang", "吴") == []
    assert search_generals(kingdom="nowhere") == []


# ---------------------------------------------------------------- picks


def test_pick_refuses_unknown_general_and_bad_seat() -> None:
    plan = TablePlan("identity", 5)
    assert "nobody" in one_line(plan.pick(1, "nobody"))
    assert "6" in one_line(plan.pick(6, "caocao"))
    assert "0" in one_line(plan.pick(0, "caocao"))
    assert plan.generals.get(1, []) == [] and 6 not in plan.generals


def test_the_same_general_cannot_sit_twice() -> None:
    plan = TablePlan("identity", 5)
    assert plan.pick(1, "caocao") is None
    reason = one_line(plan.pick(2, "caocao"))
    assert "曹操" in reason and "1" in reason
    assert plan.generals == {1: ["caocao"]}
    assert plan.pick(1, "caocao") is None  # picking it again where it sits changes nothing
    assert plan.generals == {1: ["caocao"]}


def test_one_general_a_seat_the_pick_replaces() -> None:
    plan = TablePlan("identity", 5)
    assert plan.pick(3, "zhaoyun") is None
    assert plan.pick(3, "machao") is None
    assert plan.generals[3] == ["machao"]
    assert plan.pick(4, "zhaoyun") is None  # free again


@pytest.mark.parametrize("mode,players", [("1v1", 2), ("hegemony", 4)])
def test_generals_per_seat_the_last_replaced_when_full(mode: str, players: int) -> None:
    plan = TablePlan()
    plan.set_mode(mode, players)
    per = MODES[mode].generals_per_seat
    wu = of_kingdom("wu")
    for key in wu[:per]:
        assert plan.pick(1, key) is None
    assert plan.generals[1] == wu[:per]
    assert plan.pick(1, wu[per]) is None
    assert plan.generals[1] == [*wu[: per - 1], wu[per]]
    assert len(plan.generals[1]) == per


# ---------------------------------------------------------------- problems and modes


def test_problems_name_what_is_missing() -> None:
    plan = TablePlan("identity", 4)

    def no_general(seat: int) -> str:
        return _("seat {seat} has no general").format(seat=seat)

    assert plan.problems() == [_("choose the lord"), *(no_general(n) for n in range(1, 5))]
    plan.lord = 2
    for seat, key in enumerate(["caocao", "liubei", "sunquan"], start=1):
        assert plan.pick(seat, key) is None
    assert plan.problems() == [no_general(4)]
    assert plan.pick(4, "lvbu") is None
    assert plan.problems() == []

    heg = TablePlan("hegemony", 3)
    assert heg.pick(1, "caocao") is None
    short = ngettext(
        "seat {seat} has {have} of {n} general", "seat {seat} has {have} of {n} generals", 2
    )
    assert heg.problems() == [short.format(seat=1, have=1, n=2), no_general(2), no_general(3)]


def test_set_mode_clamps_players_and_drops_seats_beyond() -> None:
    plan = TablePlan("identity", 8)
    plan.lord = 7
    for seat, key in enumerate(ALL_KEYS[:8], start=1):
        assert plan.pick(seat, key) is None
    plan.set_mode("identity", 5)
    assert plan.players == 5 and sorted(plan.generals) == [1, 2, 3, 4, 5]
    assert plan.lord is None
    plan.set_mode("identity", 99)
    assert plan.players == MODES["identity"].max_players
    plan.set_mode("identity", 1)
    assert plan.players == MODES["identity"].min_players
    plan.set_mode("3v3")
    assert plan.players == 6
    plan.set_mode("1v1")
    assert plan.players == 2 and set(plan.generals) <= {1, 2}
    plan.set_mode("hegemony")
    assert plan.players == MODES["hegemony"].min_players == 3


def test_a_plan_without_problems_starts_after_a_mode_change() -> None:
    plan = TablePlan("hegemony", 4)
    for seat, pair in enumerate(
        [("caocao", "simayi"), ("liubei", "guanyu"), ("sunquan", "ganning"), ("huatuo", "lvbu")],
        start=1,
    ):
        for key in pair:
            assert plan.pick(seat, key) is None
    plan.set_mode("identity")
    plan.lord = 1
    assert all(len(k) <= plan.choice.generals_per_seat for k in plan.generals.values()) or (
        plan.problems()
    )
    if not plan.problems():
        reply = plan.start(TableSession())
        assert reply.ok, reply.message


# ---------------------------------------------------------------- start


def test_start_with_problems_does_nothing(store: Store) -> None:
    plan = TablePlan("identity", 4)
    session = TableSession(store)
    reply = plan.start(session)
    assert not reply.ok and reply.move is None
    assert _("choose the lord") in reply.message
    assert session.moves == () and session.game_id is None
    assert store.games() == []


def test_start_makes_the_setup_moves_in_the_store(store: Store) -> None:
    plan = TablePlan()
    plan.set_mode("identity", 5)
    plan.lord = 3
    chosen = ["caocao", "zhugeliang", "liubei", "zhouyu", "diaochan"]
    for seat, key in enumerate(chosen, start=1):
        assert plan.pick(seat, key) is None
    session = TableSession(store)
    reply = plan.start(session)
    assert reply.ok, reply.message
    assert reply.move == session.moves[-1]
    assert session.moves[0].startswith("setup identity 5")
    assert session.moves[1:] == (
        "role 3 lord",
        *(f"general {seat} {key}" for seat, key in enumerate(chosen, start=1)),
    )
    state = session.state
    assert state.seat(3).role is Role.LORD
    assert [s.generals for s in state.seats] == [(k,) for k in chosen]
    assert session.prompt.base.options == ("deal",)
    # The store holds the same game.
    assert session.game_id is not None
    assert [g.id for g in store.games()] == [session.game_id]
    assert replay(store.record(session.game_id)).state == state


def test_start_one_v_one_three_generals_a_seat(store: Store) -> None:
    plan = TablePlan("1v1", 2)
    for seat, three in ((1, ALL_KEYS[:3]), (2, ALL_KEYS[3:6])):
        for key in three:
            assert plan.pick(seat, key) is None
    assert plan.problems() == []
    session = TableSession(store)
    assert plan.start(session).ok
    assert session.moves[1:] == (
        f"general 1 {','.join(ALL_KEYS[:3])}",
        f"general 2 {','.join(ALL_KEYS[3:6])}",
    )
    assert session.state.seat(1).generals == tuple(ALL_KEYS[:3])


def test_a_plan_the_engine_refuses_leaves_session_and_store_untouched(store: Store) -> None:
    """A variant the table size does not have (the plan keeps what it is given; the
    engine refuses it). 国战's generals of two kingdoms are no longer a refusal: they
    make a careerist (rules 003 line 426)."""
    keys = ["caocao", "liubei", "sunquan", "huatuo", "lvbu"]
    plan = TablePlan("identity", 5, 1, {n: [k] for n, k in enumerate(keys, 1)})
    plan.variant = "two_renegades"  # 6 and 8 players only
    assert plan.problems() == []
    session = TableSession(store)
    before = store.games()
    with speaking(SOURCE):  # the engine's reason as the source words it
        reply = plan.start(session)
    assert not reply.ok and reply.move is None
    assert "\n" not in reply.message and "two_renegades" in reply.message
    assert session.moves == () and session.game_id is None
    assert not session.state.mode
    assert store.games() == before == []
    # Mended, the same plan starts on the same session.
    plan.variant = ""
    assert plan.start(session).ok
    assert len(session.moves) == 2 + len(keys)  # setup, the lord's role, the generals
    assert [g.id for g in store.games()] == [session.game_id]


def test_a_plan_chooses_the_variants_its_table_size_allows() -> None:
    """变体: identity at 8 may be standard, 双内奸 or 国际版 (001), or 群雄演义 (003); at
    5, standard or 群雄演义."""
    keys = [g.key for g in standard_catalogue().generals]
    plan = TablePlan("identity", 8, 1, {n: [keys[n - 1]] for n in range(1, 9)})
    assert plan.variants() == ("", "two_renegades", "international", "qunxiong")
    assert plan.next_variant() == "two_renegades"
    assert plan.next_variant() == "international"
    assert "平民1" in roles_text(plan.choice, plan.players, plan.variant)
    assert plan.commands()[0].text == "setup identity 8 variant=international"
    plan.set_mode("identity", 5)  # no 国际版 at 5: back to the standard game
    assert plan.variant == "" and plan.variants() == ("", "qunxiong")
    assert plan.commands()[0].text == "setup identity 5"


def test_pick_takes_a_chinese_name_or_the_name_in_use() -> None:
    from assistant.i18n import set_language

    plan = TablePlan("identity", 5)
    assert plan.pick(1, "曹操") is None
    set_language("en")
    assert plan.pick(2, "Guan Yu") is None
    assert plan.generals == {1: ["caocao"], 2: ["guanyu"]}
    assert "1" in one_line(plan.pick(3, "曹操"))  # 曹操 sits at seat 1 already


def test_zhongdan_shows_a_loyalist_in_the_lords_place() -> None:
    """忠胆英杰 (001 line 181, 開局亮出的是忠臣): the seat the table picks shows a loyalist."""
    plan = TablePlan("zhongdan", 5)
    assert _("choose the shown loyalist") in plan.problems()
    plan.lord = 3
    for seat, key in enumerate(["caocao", "liubei", "sunquan", "lvbu", "zhenji"], start=1):
        assert plan.pick(seat, key) is None
    assert plan.problems() == []
    texts = [c.text for c in plan.commands()]
    assert texts[:2] == ["setup zhongdan 5", "role 3 loyalist"]
    session = TableSession()
    for command in plan.commands():
        assert perform(session, command).ok
    assert session.state.seat(3).max_hp == 5  # 孙权 4, +1 in the lord's place


def test_the_packages_of_the_table_are_searched_too() -> None:
    """神话再临's generals are found once the table plays with their pack, by name,
    key or the pack's name."""
    assert "xiahouyuan" not in keys(search_generals("xia"))
    found = keys(search_generals("xia", packages=("wind",)))
    assert found[:2] == ["xiahoudun", "xiahouyuan"] or set(found) >= {"xiahoudun", "xiahouyuan"}
    wind = keys(search_generals("wind", packages=("wind", "fire")))
    assert wind == [g.key for g in CATALOGUE.generals if g.package == "wind"]
    gods = keys(search_generals(kingdom="god", packages=("wind", "fire", "forest", "mountain")))
    assert len(gods) == 8 and all(key.startswith("shen") for key in gods)


def test_a_pack_switched_on_seats_its_generals_and_names_itself_in_the_setup() -> None:
    plan = TablePlan("identity", 4)
    assert plan.pick(1, "xiahouyuan") is not None  # 风 off: refused, with the reason
    assert plan.toggle_package("wind") is None and plan.packages == ["wind"]
    assert plan.pick(1, "xiahouyuan") is None
    for seat, key in ((2, "liubei"), (3, "sunquan"), (4, "shenguanyu")):
        assert plan.pick(seat, key) is None
    plan.lord = 2
    assert plan.chooses_kingdom(4) and not plan.chooses_kingdom(1)
    assert any("4" in p for p in plan.problems())  # the 神 general's kingdom is missing
    assert plan.next_kingdom(4) is None and plan.next_kingdom(4) is None
    assert plan.kingdoms == {4: "shu"} and plan.problems() == []
    texts = [c.text for c in plan.commands()]
    assert texts[0] == "setup identity 4 packages=standard,ex,maneuvering,wind"
    assert "general 4 shenguanyu kingdom=shu" in texts
    assert plan.toggle_package("wind") is None  # off again: its generals leave
    assert 1 not in plan.generals and 4 not in plan.generals and plan.kingdoms == {}


def test_a_mode_keeps_only_the_packs_it_plays_with() -> None:
    plan = TablePlan("identity", 5)
    plan.toggle_package("wind")
    plan.toggle_package("fire")
    plan.set_mode("1v1")
    assert plan.available_packages() == ("wind",) and plan.packages == ["wind"]
    assert plan.toggle_package("fire") is not None
    plan.set_mode("2v2")
    plan.pick(1, "shenguanyu")
    assert not plan.chooses_kingdom(1)  # outside identity a 神 general stays 神
