"""``sgs-table replay`` (assistant/replay_cli.py) and the narration (assistant/narrate.py)."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from assistant.cli import build_parser, run
from assistant.review import format_narration, narrate
from assistant.review.narration import ROLES_HEADING
from assistant.store import Store
from engine.game import Game
from engine.record import parse_record, replay
from engine.rules import describe_winner

SAMPLES = sorted((Path(__file__).parent.parent.parent / "samples").glob("*.sgs"))
IDENTITY_5 = next(p for p in SAMPLES if p.name == "identity-5.sgs")
# Its length, from its own header: the sample is rewritten when the simulator changes.
LAST = int(parse_record(IDENTITY_5.read_text(encoding="utf-8")).headers["Moves"])


def sgs_table(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    return run(build_parser(), list(argv), out), out.getvalue()


def load(path: Path) -> Game:
    return replay(parse_record(path.read_text(encoding="utf-8")))


def table_hp(output: str) -> dict[int, str]:
    """The hp column of the seat table printed by format_state."""
    rows = re.findall(r"^ +(\d+)  .*?  (-?\d+/\d+|dead)(?:  |$)", output, flags=re.MULTILINE)
    return {int(seat): hp for seat, hp in rows}


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.stem)
def test_every_death_and_the_winner_are_told(path: Path) -> None:
    game = load(path)
    text = format_narration(narrate(game))
    dead = [s for s in game.state.seats if not s.alive]
    assert dead, "every sample ends with a death"
    for seat in dead:
        assert re.search(rf"^ +\d+  seat {seat.seat} dies", text, flags=re.MULTILINE), seat
    # Each death once (血战到底's generals come back: they may die more than once).
    deaths = sum(
        game.state_at(n).seat(s.seat).alive and not game.state_at(n + 1).seat(s.seat).alive
        for n in range(1, len(game))
        if game.state_at(n).seats
        for s in game.state.seats
    )
    assert len(re.findall(r"^ +\d+  seat \d+ dies", text, flags=re.MULTILINE)) == deaths
    assert game.state.over
    # The end is told; after it, only the roles still face down are shown, then
    # (a whole identity game) every seat's role under the closing heading.
    _, ending, after = text.partition(
        f"the game ends: {describe_winner(game.state.winner, game.state.mode)}"
    )
    assert ending, text[-300:]
    revealed, _, roles = after.partition(f"\n{ROLES_HEADING}\n")
    shown = revealed.splitlines()[1:]
    assert all(re.fullmatch(r" +\d+  seat \d+ is (?:an?|the) \w+", line) for line in shown), after
    told = roles.splitlines()
    assert all(re.fullmatch(r" +\d+  seat \d+ \(\S+\) was (?:an?|the) \w+", line) for line in told)
    identity_roles = game.state.mode in ("identity", "zhongdan")
    assert len(told) == (len(game.state.seats) if identity_roles else 0)


def test_the_narration_reads_like_the_table() -> None:
    turns = narrate(load(IDENTITY_5))
    assert turns[0].heading == "Setup" and turns[1].heading == "Turn 1 — seat 1 (张飞), lord"
    text = format_narration(turns)
    assert "    11  seat 1 (张飞) uses 雷杀♠8 on seat 2 (甄姬)\n    12  seat 2 plays 闪♥J" in text
    assert "    42  seat 1 takes 1 damage from seat 3 (HP 4/5)" in text
    assert "    47  seat 4 (吕蒙) equips 藤甲♣2" in text
    assert "    32  seat 2 uses 洛神\n    33  seat 2's judgement: 贯石斧♦5" in text
    assert "    81  seat 5 uses 奸雄" in text
    assert "   185  seat 4 takes 1 fire damage from seat 1 (HP 2/4)" in text
    assert "    60  seat 2 dies (rebel), killed by seat 5" in text
    assert "   210  seat 4 dies (renegade), killed by seat 1" in text
    numbers = [line.move for turn in turns for line in turn.lines]
    assert numbers == sorted(numbers)


@pytest.mark.parametrize("at", [0, 1, 40, 124, LAST])
def test_at_prints_the_table_at_that_move(at: int) -> None:
    game = load(IDENTITY_5)
    code, output = sgs_table("replay", str(IDENTITY_5), "--at", str(at))
    assert code == 0
    if at == 0:  # before the setup there is no table: one line says so
        assert output == f"before the setup (move 0 of {len(game)}): there is no table yet\n"
        return
    assert f"after move {at} of {len(game)}" in output
    state = game.state_at(at)
    expected = {s.seat: f"{s.hp}/{s.max_hp}" if s.alive else "dead" for s in state.seats}
    assert table_hp(output) == expected
    story = output.split("\n\n")[0] if at else ""
    told = [int(n) for n in re.findall(r"^ +(\d+)  ", story, flags=re.MULTILINE)]
    assert all(n <= at for n in told)


def test_the_whole_game_by_default() -> None:
    code, output = sgs_table("replay", str(IDENTITY_5))
    assert code == 0
    assert f"after move {LAST} of {LAST}" in output
    assert "game over: the lord and loyalists win" in output


def test_a_stored_game_replays(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'games.db'}"
    with Store.open(db) as store:
        game_id = store.import_record(parse_record(IDENTITY_5.read_text(encoding="utf-8")))
    code, from_store = sgs_table("replay", str(game_id), "--at", "100", "--db", db)
    assert code == 0
    assert from_store == sgs_table("replay", str(IDENTITY_5), "--at", "100")[1]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["replay", "3", "--db", "DB"], "sgs-table: no game 3 in "),
        (["replay", "missing.sgs"], "sgs-table: cannot read missing.sgs: "),
        (["replay", "BAD"], "sgs-table: BAD: line 18: heal 9 1: there is no seat 9"),
        (
            ["replay", "GOOD", "--at", str(LAST + 1)],
            f"sgs-table: --at {LAST + 1} is outside 0..{LAST}",
        ),
        (["replay", "GOOD", "--at", "-1"], f"sgs-table: --at -1 is outside 0..{LAST}"),
    ],
)
def test_bad_inputs_are_one_line(
    argv: list[str],
    message: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    text = IDENTITY_5.read_text(encoding="utf-8")
    bad = tmp_path / "bad.sgs"
    bad.write_text(text.replace("deal\n", "deal\nheal 9 1\n", 1), encoding="utf-8")
    names = {"DB": str(tmp_path / "games.db"), "BAD": str(bad), "GOOD": str(IDENTITY_5)}
    Store.open(names["DB"]).close()  # an empty store: game 3 is not in it
    argv = [names.get(a, a) for a in argv]
    message = message.replace("BAD", str(bad))
    assert sgs_table(*argv) == (1, "")
    err = capsys.readouterr().err
    assert err.startswith(message) and err.count("\n") == 1, err


def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        sgs_table("replay", str(IDENTITY_5), "--at", "ten")
    assert exc.value.code == 2
    assert "invalid int value" in capsys.readouterr().err


def test_docstring_examples() -> None:
    import doctest

    import assistant.review.narration

    assert doctest.testmod(assistant.review.narration).failed == 0


@pytest.mark.parametrize("lang", ["zh_CN", "ja"])
def test_every_modes_winner_is_named_in_the_language(lang: str) -> None:
    """The games list and the replay's title name the winner of every mode's game in
    the table's language: 地主胜, 3号位胜, 董卓方胜, never a side's key."""
    from assistant.i18n import set_language
    from assistant.review import winner_name
    from engine.modes import MODES

    set_language(lang)
    try:
        for mode in MODES.values():
            for side in mode.sides():
                name = winner_name(side, mode.name)
                assert name and not re.search(r"[A-Za-z]", name), (mode.name, side, name)
    finally:
        set_language("C")


def test_the_players_of_1v1_are_named_by_who_starts(chinese: None) -> None:
    """1v1's players are 先手 and 后手 (001), not the role cards that seat them: the
    old 1v1's lord card starts, the new 1v1's renegade (內奸為先手)."""
    from assistant.review import winner_name
    from engine.rules import describe_winner

    assert winner_name("lord", "1v1") == "先手胜" == winner_name("renegade", "new1v1")
    assert winner_name("renegade", "1v1") == "后手胜" == winner_name("lord", "new1v1")
    assert winner_name("lord", "identity") == "主公忠臣胜"
    assert str(describe_winner("lord", "new1v1")) == "the second player wins"
