"""Statistics of a game and across stored games (assistant/review/stats.py, ``sgs-table stats``)."""

from __future__ import annotations

import io
import json
from collections import Counter
from functools import cache
from pathlib import Path

import pytest

from assistant.cli import build_parser, run
from assistant.cli.terminal import display_width
from assistant.i18n import LANGUAGES, SOURCE, set_language, speaking
from assistant.review import across_games, game_stats
from assistant.review.stats import GameStats, player_names
from bench.simulate import play, random_setup
from engine.game import Game
from engine.record import check_game, load_record

ROOT = Path(__file__).parent.parent.parent
SAMPLES = sorted((ROOT / "samples").glob("*.sgs"))
MODE_SAMPLES = ("identity-5", "identity-8", "1v1", "2v2", "3v3", "hegemony")

# A short identity game checked by hand: 张飞 (seat 1, lord) hits 关羽 with a
# 杀, 华佗 with a 火杀 and a 杀, then drinks 酒 for a 2-damage 杀 that leaves
# 华佗 at -1; 关羽's 桃 brings him to 0, nobody else helps, he dies (a rebel,
# killed by seat 1). On his own turn 关羽 eats a 桃.
HAND_GAME = """\
[Players "Ann, Bo; Cy, Di"]
setup identity 4
role 1 lord
general 1 zhangfei
general 2 guanyu
general 3 zhaoyun
general 4 huatuo
deal
next
draw 1 x2
use 1 #1 -> 2
pass 2
use 1 #118 -> 4
pass 4
use 1 #2 -> 4
pass 4
use 1 #123
use 1 #3 -> 4
pass 4
pass 1
respond 2 #46
pass 2
pass 3
pass 4
role 4 rebel
next
draw 2 x2
use 2 #47
"""


def sgs_table(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    return run(build_parser(), list(argv), out), out.getvalue()


def load(path: Path) -> Game:
    return check_game(load_record(path.read_text(encoding="utf-8")))


def hand_game() -> Game:
    return check_game(load_record(HAND_GAME))


@cache
def long_game() -> Game:
    setup = random_setup(2, "identity", 10)
    moves = play(2, setup, 3000, aggression=0.1).moves
    assert len(moves) == 3000, "the simulated game ended early"
    return Game(moves)


def assert_identities(game: Game) -> GameStats:
    """Damage dealt = damage taken, and every seat's HP matches its ledger after every move."""
    stats = game_stats(game)
    assert stats.total_dealt == stats.total_taken
    assert sum(sum(row) for row in stats.damage_matrix) == stats.total_taken
    by_move: dict[int, list[tuple[int, str, int, int]]] = {}
    for e in stats.hp_events:
        by_move.setdefault(e.move, []).append((e.seat, e.kind, e.amount, e.max_hp_change))
    taken: Counter[int] = Counter()
    lost: Counter[int] = Counter()
    healed: Counter[int] = Counter()
    offset: Counter[int] = Counter()
    for number in range(1, len(game) + 1):
        before, after = game.state_at(number - 1), game.state_at(number)
        for seat, what, amount, max_change in by_move.get(number, []):
            if what == "damage":
                taken[seat] += amount
            elif what == "lose":
                lost[seat] += amount
            elif what == "heal":
                healed[seat] += amount
            else:  # only where max HP, the generals or life changed
                b, a = before.seat(seat), after.seat(seat)
                assert max_change or a.generals != b.generals or b.alive != a.alive
                offset[seat] += max_change - amount
        for s in after.seats:
            n = s.seat
            assert s.hp == s.max_hp - taken[n] - lost[n] + healed[n] - offset[n], (number, s)
    for seat_stats in stats.seats:
        n = seat_stats.seat
        assert seat_stats.taken == taken[n] and seat_stats.hp_lost == lost[n]
        assert seat_stats.healing_received == healed[n]
        assert seat_stats.max_hp_offset == offset[n]
    return stats


@pytest.mark.parametrize("path", SAMPLES, ids=[p.stem for p in SAMPLES])
def test_identities_hold_at_every_move_of_every_sample(path: Path) -> None:
    stats = assert_identities(load(path))
    wins = [e for e in stats.key_events if e.kind == "win"]
    assert stats.winner is not None and len(wins) == 1
    assert len(stats.deaths) == sum(s.deaths for s in stats.seats)
    assert sum(s.kills for s in stats.seats) <= len(stats.deaths)


def test_every_sample_is_covered() -> None:
    names = {p.stem for p in SAMPLES}
    assert set(MODE_SAMPLES) | {f"skills-{n}" for n in range(1, 6)} <= names


def test_identities_hold_in_a_3000_move_game() -> None:
    stats = assert_identities(long_game())
    assert stats.moves == 3000 and stats.total_taken > 20 and stats.deaths


def test_a_hand_checked_game() -> None:
    stats = game_stats(hand_game())
    one, two, three, four = stats.seats
    assert (stats.moves, stats.turns, stats.winner) == (27, 2, None)
    assert one.damage_dealt == {"normal": 4, "fire": 1, "thunder": 0}
    assert one.damage_taken == {"normal": 0, "fire": 0, "thunder": 0}
    assert two.damage_taken == {"normal": 1, "fire": 0, "thunder": 0}
    assert four.damage_taken == {"normal": 3, "fire": 1, "thunder": 0}
    assert stats.no_source_damage == {"normal": 0, "fire": 0, "thunder": 0}
    assert stats.damage_matrix == ((0, 0, 0, 0), (0, 1, 0, 4), (0, 0, 0, 0), (0, 0, 0, 0), (0,) * 4)
    assert (two.healing_received, two.healing_given) == (1, 2)  # its own 桃, and 华佗's
    assert (four.healing_received, four.healing_given) == (1, 0)
    assert [s.hp_lost for s in stats.seats] == [0, 0, 0, 0]
    assert (one.kills, four.deaths, four.killed_by) == (1, 1, (1,))
    assert one.cards_used == {"fire_sha": 1, "jiu": 1, "sha": 3}
    assert one.cards_by_type() == {"basic": 5, "trick": 0, "delayed_trick": 0, "equipment": 0}
    assert two.cards_used == {"tao": 2}
    assert three.cards_used == {}
    assert [s.turns for s in stats.seats] == [1, 1, 0, 0]
    assert [(s.hp, s.max_hp) for s in stats.seats] == [(4, 4), (4, 4), (4, 4), (0, 3)]
    assert [(d.seat, d.start, d.end, d.rescuers, d.survived) for d in stats.dying] == [
        (4, 18, 23, (2,), False)
    ]
    assert [(r.move, r.seat, r.dying, r.card_kind, r.saved) for r in stats.rescues] == [
        (20, 2, 4, "tao", False)
    ]
    assert (two.rescues_given, two.saves, four.dying) == (1, 0, 1)
    assert [(d.move, d.seat, d.general, d.killer) for d in stats.deaths] == [(24, 4, "huatuo", 1)]
    assert [(e.move, e.kind, e.seat, e.other) for e in stats.key_events] == [
        (18, "damage", 4, 1),
        (24, "death", 4, 1),
        (24, "role", 4, None),
    ]
    assert stats.key_events[0].text == "seat 4 takes 2 damage from seat 1"
    assert_identities(hand_game())


def test_a_save_and_a_win_are_key_events() -> None:
    game = hand_game()
    game.undo()  # back to before 关羽's own 桃 ... and further, to 华佗 dying
    for _ in range(6):
        game.undo()
    assert str(game.moves[-1]) == "respond 2 #46"
    game.push_text("respond 2 #47")  # a second 桃: 华佗 is saved at HP 1
    stats = game_stats(game)
    assert [(r.seat, r.saved) for r in stats.rescues] == [(2, False), (2, True)]
    assert stats.dying[-1].survived and stats.seat(2).saves == 1
    assert stats.key_events[-1].kind == "save"
    assert stats.key_events[-1].text == "seat 2 saves seat 4 with 桃"


def test_the_json_keys() -> None:
    data = json.loads(json.dumps(game_stats(hand_game()).as_json()))
    assert list(data) == [
        "mode",
        "players",
        "moves",
        "turns",
        "winner",
        "totals",
        "seats",
        "damage_matrix",
        "dying",
        "rescues",
        "deaths",
        "key_events",
    ]
    assert data["totals"] == {
        "damage_dealt": 5,
        "damage_taken": 5,
        "no_source_damage": {"normal": 0, "fire": 0, "thunder": 0},
    }
    seat = data["seats"][0]
    assert seat["damage_dealt"] == {"normal": 4, "fire": 1, "thunder": 0, "total": 5}
    assert set(seat) == {
        "seat",
        "generals",
        "role",
        "won",
        "hp",
        "max_hp",
        "damage_dealt",
        "damage_taken",
        "healing_received",
        "healing_given",
        "hp_lost",
        "max_hp_offset",
        "kills",
        "deaths",
        "killed_by",
        "cards_used",
        "cards_by_type",
        "dying",
        "rescues_given",
        "saves",
        "turns",
    }
    assert data["damage_matrix"][1] == {"source": 1, "to": [0, 1, 0, 4]}
    assert data["damage_matrix"][0]["source"] is None


def test_the_json_is_the_same_in_every_language() -> None:
    """Key events are worded when read: made in any language, the JSON made
    ``with speaking(SOURCE)`` (as ``--json`` does) is the source's words."""
    game = load(ROOT / "samples" / "identity-8.sgs")
    expected = game_stats(game).as_json()
    events = expected["key_events"]
    assert isinstance(events, list)
    assert "seat 4 (甘宁) is killed by seat 3" in [e["text"] for e in events]
    for lang in LANGUAGES:
        set_language(lang)
        stats = game_stats(game)
        with speaking(SOURCE):
            assert stats.as_json() == expected, lang


def test_the_command_on_a_record(tmp_path: Path) -> None:
    record = tmp_path / "hand.sgs"
    record.write_text(HAND_GAME, encoding="utf-8")
    code, text = sgs_table("stats", str(record))
    assert code == 0
    assert text.startswith("identity, 4 players, 27 moves, 2 turns; no winner yet\n")
    header, _rule, *rows = text.split("\n\n")[1].splitlines()[1:]  # the seats table
    for name, row in zip(("张飞", "关羽", "赵云", "华佗"), rows, strict=True):
        # Chinese names take two columns each: the columns still line up
        assert display_width(row[: row.index(name)]) == header.index("general")
        assert display_width(row[: row.index(name) + 2]) == header.index("role") - 5
    assert "  18  seat 4 takes 2 damage from seat 1" in text
    code, raw = sgs_table("stats", str(record), "--json")
    assert code == 0 and json.loads(raw)["seats"][3]["killed_by"] == [1]


def test_the_command_refuses_both_or_neither(capsys: pytest.CaptureFixture[str]) -> None:
    assert sgs_table("stats") == (2, "")
    assert sgs_table("stats", "1", "--all") == (2, "")
    assert capsys.readouterr().err.count("give a GAME or --all") == 2


def test_wins_across_the_six_mode_samples(tmp_path: Path) -> None:
    db = str(tmp_path / "games.db")
    for name in MODE_SAMPLES:
        assert sgs_table("import", str(ROOT / "samples" / f"{name}.sgs"), "--db", db)[0] == 0
    code, raw = sgs_table("stats", "--all", "--json", "--db", db)
    assert code == 0
    data = json.loads(raw)
    assert (data["games"], data["finished"]) == (6, 6)
    assert {m["mode"]: m["winners"] for m in data["by_mode"]} == {
        "identity": {"lord": 1, "rebel": 1},
        "1v1": {"renegade": 1},
        "2v2": {"rebel": 1},
        "3v3": {"warm": 1},
        "hegemony": {"wei": 1},
    }
    roles = {(r["mode"], r["key"]): (r["played"], r["wins"]) for r in data["by_role"]}
    assert roles == {
        # identity-5: the lord (seat 1) and the loyalist (seat 5) win;
        # identity-8: the three rebels (seats 2, 4, 7) win
        ("identity", "lord"): (2, 1),
        ("identity", "loyalist"): (3, 1),
        ("identity", "rebel"): (5, 3),
        ("identity", "renegade"): (3, 0),
        ("1v1", "lord"): (1, 0),
        ("1v1", "renegade"): (1, 1),
        ("2v2", "loyalist"): (2, 0),
        ("2v2", "rebel"): (2, 2),
        ("3v3", "lord"): (1, 1),  # the warm marshal, seat 5
        ("3v3", "loyalist"): (2, 2),
        ("3v3", "renegade"): (1, 0),
        ("3v3", "rebel"): (2, 0),
        ("hegemony", "wei"): (2, 2),  # seats 2 (dead) and 4
        ("hegemony", "shu"): (2, 0),
        ("hegemony", "wu"): (1, 0),
    }
    generals = {g["key"]: (g["played"], g["wins"]) for g in data["by_general"]}
    assert generals["caocao"] == (4, 3)  # identity-5 loyalist, 1v1 reserve, 3v3, hegemony
    assert sum(played for played, _ in generals.values()) == 5 + 8 + 6 + 4 + 6 + 10
    assert data["by_player"] == []  # the samples' Players header is a count
    code, text = sgs_table("stats", "--all", "--db", db)
    assert code == 0 and text.startswith("6 games, 6 finished\n")
    assert "identity  " in text and "lord 1, rebel 1" in text


def test_players_from_the_header() -> None:
    assert player_names("Ann, Bo; Cy，Di") == ("Ann", "Bo", "Cy", "Di")
    assert player_names(" 8 ") == () and player_names(None) == ()
    result = across_games([({"Players": "Ann, Bo; Cy, Di"}, hand_game())])
    assert [(p.key, p.played, p.decided, p.win_rate) for p in result.by_player] == [
        ("Ann", 1, 0, None),
        ("Bo", 1, 0, None),
        ("Cy", 1, 0, None),
        ("Di", 1, 0, None),
    ]
    assert (result.games, result.finished) == (1, 0)
