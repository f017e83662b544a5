"""The table screen's values: every seat of every state of every sample game.

Each number a `SeatView` or `DistanceView` shows is checked against the
engine itself (the seat in the state, ``engine.derived``'s distance, attack
range and hand limit), never against values copied from a run of the code.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from assistant.session import current_prompt
from assistant.views import distance_view, general_label, seat_view, table_view
from engine.catalogue import standard_catalogue
from engine.derived import attack_range_value, card, distance_value, hand_limit_value
from engine.frames import Dying
from engine.game import Game
from engine.record import load_record, replay
from engine.state import GameState, Phase, Role, Seat

# What a Chinese table reads (the default language).
pytestmark = pytest.mark.usefixtures("chinese")

SAMPLES = sorted((Path(__file__).resolve().parents[2] / "samples").glob("*.sgs"))
CATALOGUE = standard_catalogue()

# Written out here, not imported, so a wrong name in the module is caught.
ROLE_NAMES = {
    Role.LORD: "主公",
    Role.LOYALIST: "忠臣",
    Role.REBEL: "反贼",
    Role.RENEGADE: "内奸",
    Role.CIVILIAN: "平民",
}
# 3v3 and 1v1 name the same role cards their own way (rules 001).
MODE_ROLE_NAMES = {
    "3v3": {
        Role.LORD: "暖色主帅",
        Role.LOYALIST: "暖色前锋",
        Role.RENEGADE: "冷色主帅",
        Role.REBEL: "冷色前锋",
    },
    "1v1": {Role.LORD: "先手", Role.RENEGADE: "后手"},
    "new1v1": {Role.RENEGADE: "先手", Role.LORD: "后手"},
    "doudizhu": {Role.LORD: "地主", Role.REBEL: "农民"},
    "zhuhou": {Role.REBEL: "诸侯", Role.LORD: "关卡将领", Role.LOYALIST: "士兵"},
    "hulao": {Role.LORD: "神吕布", Role.REBEL: "联军"},
}
KINGDOMS = {"wei": "魏", "shu": "蜀", "wu": "吴", "qun": "群", "god": "神"}
PHASES = {
    Phase.START: "回合开始",
    Phase.PREPARATION: "准备阶段",
    Phase.JUDGEMENT: "判定阶段",
    Phase.DRAW: "摸牌阶段",
    Phase.PLAY: "出牌阶段",
    Phase.DISCARD: "弃牌阶段",
    Phase.END: "结束阶段",
}
SLOT_FIELDS = (
    ("武器", "weapon"),
    ("防具", "armour"),
    ("+1马", "defensive_horse"),
    ("-1马", "offensive_horse"),
    ("宝物", "treasure"),
)


@cache
def sample(stem: str) -> Game:
    path = next(p for p in SAMPLES if p.stem == stem)
    return replay(load_record(path.read_text(encoding="utf-8")))


def shown_general(s: Seat) -> str:
    """The first face-up general's key, '' when none is chosen or all are face down."""
    return next((g for g in s.generals if g not in s.hidden), "")


def check_seat(state: GameState, s: Seat, acting: tuple[int, ...]) -> None:
    view = seat_view(state, s, acting)
    where = f"seat {s.seat}"
    assert view.seat == s.seat
    assert (view.hp, view.max_hp, view.alive) == (s.hp, s.max_hp, s.alive), where
    assert view.hand == s.hand_count == len(s.hand) + s.hand_unknown, where
    assert view.hand_limit == hand_limit_value(state, s.seat), where
    assert view.attack_range == attack_range_value(state, s.seat), where
    assert (view.chained, view.flipped) == (s.chained, s.flipped), where
    assert view.acting == (s.seat in acting), where

    key = shown_general(s)
    assert view.general_key == key, where
    if key:
        general = CATALOGUE.general(key)
        assert view.general == general.name, where
        assert view.label == f"{s.seat}号位 {general.name}", where
        assert s.kingdom is not None
        assert view.kingdom == KINGDOMS.get(s.kingdom, s.kingdom), where
    else:
        assert view.general == "", where
        assert view.label == f"{s.seat}号位", where

    names = {**ROLE_NAMES, **MODE_ROLE_NAMES.get(state.mode, {})}
    assert view.role == (names[s.role] if s.role is not None else "?"), where
    assert view.role_key == (s.role.value if s.role is not None else ""), where

    # Equipment: one entry per occupied slot, in slot order, with the right card and badge.
    expected = [(slot, getattr(s, name)) for slot, name in SLOT_FIELDS if getattr(s, name)]
    assert [(e.slot, e.card_id) for e in view.equipment] == expected, where
    assert {e.card_id for e in view.equipment} == set(s.equipment), where
    for e in view.equipment:
        c = card(e.card_id)
        assert (e.name, e.key) == (c.name, c.kind.key), where
        if e.slot == "武器":
            assert c.kind.attack_range is not None
            assert e.badge == str(c.kind.attack_range), where
            assert e.text == f"{c.name} {c.kind.attack_range}"
        elif e.slot == "+1马":
            assert e.badge == "+1"
        elif e.slot == "-1马":
            assert e.badge == "-1"
        else:
            assert e.badge == "" and e.text == c.name

    # Delayed tricks: the kind each counts as, in the order placed.
    assert view.judgement == tuple(CATALOGUE.kinds[d.kind].name for d in s.judgement), where

    playing = state.turn.phase not in (Phase.SETUP, Phase.OVER) and not state.over
    assert view.current == (playing and state.turn.seat == s.seat), where

    # At a glance: from the seat whose turn it is, the distance and whether in its range.
    turn = state.turn.seat if playing else 0
    if turn and turn != s.seat and s.alive and state.seat(turn).alive:
        d = distance_value(state, turn, s.seat)
        assert view.distance == d, where
        assert d is not None
        assert view.in_range == (d <= attack_range_value(state, turn)), where
    else:
        assert view.distance is None and not view.in_range, where
    # The discard badge: the turn's seat in its discard phase, over its hand limit.
    over_limit = s.hand_count - hand_limit_value(state, s.seat)
    if turn == s.seat and state.turn.phase is Phase.DISCARD and over_limit > 0:
        assert view.discard == over_limit, where
    else:
        assert view.discard == 0, where
    dying = {f.seat for f in state.stack if isinstance(f, Dying)}
    assert view.dying == (s.alive and s.seat in dying), where
    assert len(view.judgement_short) == len(view.judgement), where


def check_heading(state: GameState) -> None:
    view = table_view(state)
    assert (view.mode, view.players, view.turn, view.over) == (
        state.mode,
        state.players,
        state.turn.number,
        state.over,
    )
    assert len(view.seats) == len(state.seats)
    if not state.mode:
        assert view.heading == "尚未开局"
    elif state.over:
        assert "游戏结束" in view.heading and view.phase == "游戏结束"
        assert "回合" not in view.heading
    elif state.turn.phase is Phase.SETUP:
        assert "准备开局" in view.heading and "回合" not in view.heading
    else:
        phase = PHASES[state.turn.phase]
        assert view.phase == phase
        assert view.heading.startswith(f"第{state.turn.number}回合")
        assert view.heading.endswith(
            " · ".join(x for x in (phase, view.scores, view.alliances) if x)
        )
        assert f"{state.turn.seat}号位" in view.heading
        key = shown_general(state.seat(state.turn.seat))
        if key:
            assert CATALOGUE.general(key).name in view.heading
        # Exactly the turn's seat is current.
        assert [s.seat for s in view.seats if s.current] == [state.turn.seat]
    if state.over or state.turn.phase is Phase.SETUP:
        assert not any(s.current for s in view.seats)


def check_distances(state: GameState, seat: int) -> None:
    view = distance_view(state, seat)
    me = state.seat(seat)
    assert view.seat == seat
    assert view.attack_range == attack_range_value(state, seat)
    assert view.range_reasons
    assert [row.seat for row in view.rows] == [s.seat for s in state.seats if s.seat != seat]
    for row in view.rows:
        other = state.seat(row.seat)
        assert row.alive == other.alive
        assert row.label == seat_view(state, other).label
        d = distance_value(state, seat, row.seat)
        assert row.distance == d, (seat, row.seat)
        if not (me.alive and other.alive):
            assert row.distance is None and not row.in_range and row.reasons == ()
            continue
        assert d is not None
        assert row.in_range == (d <= attack_range_value(state, seat)), (seat, row.seat)
        assert row.reasons and all(row.reasons)
    assert view.in_range == tuple(row.seat for row in view.rows if row.in_range)


@pytest.mark.parametrize("stem", [p.stem for p in SAMPLES])
def test_every_seat_of_every_state_matches_the_engine(stem: str) -> None:
    game = sample(stem)
    for n in range(len(game) + 1):
        state = game.state_at(n)
        acting = current_prompt(state).who
        check_heading(state)
        view = table_view(state, acting)
        assert [v.seat for v in view.seats] == [s.seat for s in state.seats]
        for s in state.seats:
            check_seat(state, s, acting)
        assert tuple(v.seat for v in view.seats if v.acting) == tuple(
            s.seat for s in state.seats if s.seat in acting
        )


@pytest.mark.parametrize("stem", [p.stem for p in SAMPLES])
def test_distances_from_every_seat_match_the_engine(stem: str) -> None:
    game = sample(stem)
    for n in range(1, len(game) + 1):
        state = game.state_at(n)
        for s in state.seats:
            check_distances(state, s.seat)


def test_the_samples_exercise_what_the_views_show() -> None:
    """Weapons, both horses, delayed tricks, chains, deaths and revealed roles all occur."""
    seen: set[str] = set()
    for p in SAMPLES:
        game = sample(p.stem)
        for n in range(len(game) + 1):
            for e in (v for s in table_view(game.state_at(n)).seats for v in s.equipment):
                seen.add(e.slot)
            for s in game.state_at(n).seats:
                seen.update(
                    what
                    for what, present in (
                        ("judgement", s.judgement),
                        ("chained", s.chained),
                        ("flipped", s.flipped),
                        ("dead", not s.alive),
                        ("role", s.role is not None and s.role is not Role.LORD),
                        ("hidden", s.hidden),
                    )
                    if present
                )
    assert {"武器", "防具", "+1马", "-1马", "judgement", "chained", "dead", "role"} <= seen
    # No standard general's skill turns a general face down, so no sample flips one
    # (see test_a_face_down_seat_is_shown_face_down).
    assert "hidden" in seen


def test_the_samples_exercise_the_marks_seen_at_a_glance() -> None:
    """In range of the turn's seat, out of it, a discard badge, a dying seat, and the roles
    of every seat at the end of a game all occur in the samples."""
    seen: set[str] = set()
    for p in SAMPLES:
        game = sample(p.stem)
        for n in range(len(game) + 1):
            view = table_view(game.state_at(n))
            for s in view.seats:
                seen.update(
                    what
                    for what, present in (
                        ("in range", s.in_range),
                        ("out of range", s.distance is not None and not s.in_range),
                        ("discard", s.discard > 0),
                        ("dying", s.dying),
                    )
                    if present
                )
        assert table_view(game.state).result, p.stem
    assert seen == {"in range", "out of range", "discard", "dying"}


def test_the_8_player_sample_at_a_glance() -> None:
    """identity-8 at move 118, 139 and 192 (the issue's positions): what its seats show."""
    game = sample("identity-8")
    marks = {}
    for n in (118, 139, 192):
        view = table_view(game.state_at(n))
        marks[n] = [
            (s.seat, s.distance, s.in_range, s.discard, s.dying, s.judgement_short)
            for s in view.seats
        ]
    state = game.state_at(139)
    turn = state.turn.seat
    in_range = [
        s.seat
        for s in state.seats
        if s.seat != turn
        and s.alive
        and (distance_value(state, turn, s.seat) or 99) <= attack_range_value(state, turn)
    ]
    assert [s for s, _d, inside, *_rest in marks[139] if inside] == in_range


def test_short_names_of_equipment_and_delayed_tricks() -> None:
    """Short names in Chinese; a language with its own card names but no short one yet
    shows the card's full name, never the Chinese short name."""
    from assistant.i18n import set_language
    from assistant.views import short_card_name

    kinds = CATALOGUE.kinds
    assert short_card_name(kinds["crossbow"]) == "连弩"
    assert short_card_name(kinds["supply_shortage"]) == "兵粮"
    assert short_card_name(kinds["dilu"]) == "的卢"
    try:
        set_language("en")
        for key in ("crossbow", "blade", "indulgence", "dilu"):
            short = short_card_name(kinds[key])
            assert short and not set(short) & set(kinds[key].name), (key, short)
    finally:
        set_language("zh_CN")


def test_a_face_down_seat_is_shown_face_down() -> None:
    """翻面 comes from skills outside the standard set: a forced flip stands in for one."""
    game = Game(sample("identity-5").moves[:40])
    game.push_text("! flip 2")
    state = game.state
    assert state.seat(2).flipped
    acting = current_prompt(state).who
    for s in state.seats:
        check_seat(state, s, acting)


def test_a_dead_seat_measures_nothing() -> None:
    game = sample("identity-5")
    n = next(n for n in range(len(game) + 1) if any(not s.alive for s in game.state_at(n).seats))
    state = game.state_at(n)
    dead = next(s.seat for s in state.seats if not s.alive)
    view = distance_view(state, dead)
    assert view.rows and all(r.distance is None and not r.in_range for r in view.rows)
    assert view.in_range == ()
    others = [distance_view(state, s.seat) for s in state.seats if s.alive]
    for other in others:
        row = next(r for r in other.rows if r.seat == dead)
        assert not row.alive and row.distance is None and not row.in_range


def test_before_setup_and_during_setup() -> None:
    game = Game()
    assert table_view(game.state).heading == "尚未开局"
    assert table_view(game.state).seats == ()
    game.push_text("setup identity 5")
    view = table_view(game.state)
    assert "身份局" in view.heading and "准备开局" in view.heading
    assert [s.label for s in view.seats] == [f"{n}号位" for n in range(1, 6)]
    assert all(s.role == "?" and s.general == "" and not s.current for s in view.seats)
    game.push_text("role 3 lord")
    game.push_text("general 3 sunquan")
    seat = table_view(game.state).seats[2]
    assert (seat.role, seat.general, seat.kingdom, seat.general_key) == (
        "主公",
        "孙权",
        "吴",
        "sunquan",
    )
    # A 5-player lord has one more HP than the general's own.
    assert seat.max_hp == CATALOGUE.general("sunquan").max_hp + 1 == seat.hp


def test_roles_are_shown_only_once_revealed() -> None:
    game = sample("identity-8")
    final = game.state
    for n in (0, 10, len(game) // 2, len(game)):
        state = game.state_at(n)
        for s, v in zip(state.seats, table_view(state).seats, strict=True):
            assert (v.role == "?") == (s.role is None)
    # At the end every dead seat's role is on the table in Chinese.
    for s, v in zip(final.seats, table_view(final).seats, strict=True):
        if not s.alive:
            assert s.role is not None and v.role == ROLE_NAMES[s.role]


def test_hegemony_face_down_generals_are_not_named() -> None:
    game = sample("hegemony")
    state = game.state_at(8)  # every seat's generals are face down before the first turn
    assert all(s.hidden == s.generals and s.generals for s in state.seats)
    view = table_view(state)
    assert all(v.general == "" and v.general_key == "" for v in view.seats)
    assert all(v.role == "?" for v in view.seats)


def test_hegemony_face_down_kingdom_is_not_shown() -> None:
    """国战: the table does not know a seat's kingdom until a general turns face up."""
    game = sample("hegemony")
    for n in range(len(game) + 1):
        state = game.state_at(n)
        for s, v in zip(state.seats, table_view(state).seats, strict=True):
            if s.generals and set(s.hidden) == set(s.generals):
                assert v.kingdom == "", (n, s.seat, v.kingdom)


def test_general_label() -> None:
    for g in CATALOGUE.generals:
        assert general_label(g.key) == f"{g.name} {g.key}"
    assert general_label("nobody") == "nobody"


def test_the_table_heading_shows_the_scores_of_xuezhan() -> None:
    """血战到底 (001 line 179, 率先得到12分的一方獲勝): the sides' points on the table screen."""
    g = Game()
    for line in (
        "setup xuezhan 4",
        "general 1 zhaoyun",
        "general 2 guanyu",
        "general 3 zhangfei",
        "general 4 machao",
        "deal",
        "next",
        "draw 1 x1",
        "!damage 2 1 from 1",
    ):
        g.push_text(line)
    view = table_view(g.state)
    assert view.scores == "忠臣 1 · 反贼 0 / 12"
    assert view.heading.endswith(view.scores)
    two = next(p for p in SAMPLES if p.stem == "2v2")
    assert table_view(replay(load_record(two.read_text(encoding="utf-8"))).state).scores == ""


def test_the_seats_go_around_the_table_as_the_mode_seats_them() -> None:
    """守卫剑阁 (001 lines 170-174): 魏 1, 3, 5, 7 down one side of the table, 蜀 2, 4,
    6, 8 down the other; the screens place the seats in that order around the ring
    (seat 1 first), not in seat order; every other mode in seat order."""
    jiange = next(p for p in SAMPLES if p.stem == "jiange")
    view = table_view(replay(load_record(jiange.read_text(encoding="utf-8"))).state)
    assert view.ring == (1, 2, 4, 6, 8, 7, 5, 3)
    assert [s.seat for s in view.seats_around] == [1, 2, 4, 6, 8, 7, 5, 3]
    assert [s.seat for s in view.seats] == list(range(1, 9))  # still by seat number
    eight = next(p for p in SAMPLES if p.stem == "identity-8")
    view = table_view(replay(load_record(eight.read_text(encoding="utf-8"))).state)
    assert view.ring == () and view.seats_around == view.seats


def test_a_seats_skill_marks_and_cards_on_its_general_are_shown() -> None:
    """A once-a-game skill used, a 转换技 in its 阴 state and the cards on the general
    card are on the seat; a mode's own marks (scores, alliances) are not (its heading
    shows them)."""
    from assistant.i18n import speaking
    from assistant.views.table import seat_marks

    seat = Seat(
        1,
        marks=(("used_rende", 1), ("yin_guose", 1), ("scores", 3), ("ally", 2)),
        on_general=(5,),
        on_general_unknown=6,
    )
    with speaking("en"):
        assert seat_marks(seat) == ("Rende used", "Guose: yin", "on the general 7")
    assert seat_marks(Seat(2, marks=(("scores", 3),))) == ()
    zuoci = Seat(3, marks=(("huashen_guanyu", 2), ("huashen_lvbu", 1), ("ren", 3), ("baonu", 1)))
    with speaking("zh_CN"):  # 左慈's 化身 shown by name, the face-down ones counted
        assert seat_marks(zuoci) == ("化身 关羽", "忍 3", "暴怒", "化身：1张背面朝上")
