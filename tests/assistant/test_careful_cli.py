"""The command line as careful users expect it (sgs-table issue #12, item 7).

``--db`` the same everywhere; commands that only read never create a
database; ``--json`` on every command that prints data, parsing, in the
same words in every language; ``--version``; "did you mean" for misspelt
generals, cards, modes, variants and subcommands; one exit-status scheme
(0 done, 1 refused, 2 usage, 3 the store failed) for every command; games
archived and deleted.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from assistant.cli import build_parser, run
from assistant.store import Store
from engine.record import parse_record
from mobile.cli import build_parser as build_app_parser
from tests.assistant.test_store import SHORT_GAME

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples"
IDENTITY_5 = SAMPLES / "identity-5.sgs"
SCRIPT = SAMPLES / "table-script.txt"
ENTRY = Path(sys.executable).parent / "sgs-table"
UNFINISHED = "setup identity 4\nrole 1 lord\ngeneral 1 caocao\n"


def sgs_table(*argv: str) -> tuple[int, str]:
    """``sgs-table ARGV`` in this process (with ``app``): exit status and stdout."""
    out = io.StringIO()
    try:
        code = run(build_app_parser(), list(argv), out)
    except SystemExit as done:  # argparse's usage errors
        code = int(done.code or 0)
    return code, out.getvalue()


@pytest.fixture
def db(tmp_path: Path) -> str:
    """A store with three games: 1 the short game (over), 2 identity-5 (over), 3 the
    table script played (with its journal of inputs; unfinished)."""
    path = tmp_path / "games.db"
    with Store.open(str(path)) as store:
        store.import_record(parse_record(SHORT_GAME))
        store.import_record(parse_record(IDENTITY_5.read_text(encoding="utf-8")))
    assert sgs_table("play", str(SCRIPT), "--db", str(path))[0] == 0
    return str(path)


@pytest.fixture
def record(tmp_path: Path) -> Path:
    path = tmp_path / "short.sgs"
    path.write_text(SHORT_GAME, encoding="utf-8")
    return path


# ---------------------------------------------------------------- --json everywhere


def json_commands(db: str, record: Path, tmp_path: Path) -> list[list[str]]:
    """Every command that prints data, with --json."""
    return [
        ["cards", "--json"],
        ["cards", "--name", "杀", "--json"],
        ["generals", "--json"],
        ["generals", "曹操", "--json"],
        ["state", str(IDENTITY_5), "--json"],
        ["state", str(IDENTITY_5), "--at", "0", "--json"],
        ["check", str(IDENTITY_5), "--json"],
        ["games", "--json", "--db", db],
        ["games", "--all", "--json", "--db", db],
        ["export", "1", "--json", "--db", db],
        ["export", "1", "--json", "-o", str(tmp_path / "one.json"), "--db", db],
        ["inputs", "3", "--json", "--db", db],
        ["inputs", "3", "--json", "-o", str(tmp_path / "inputs.json"), "--db", db],
        ["note", "1", "--json", "--db", db],
        ["note", "1", "3", "a note", "--json", "--db", db],
        ["import", str(record), "--json", "--db", db],
        ["replay", "2", "--json", "--db", db],
        ["replay", str(IDENTITY_5), "--at", "0", "--json"],
        ["stats", "2", "--json", "--db", db],
        ["stats", "--all", "--json", "--db", db],
        ["play", str(SCRIPT), "--json"],
        ["versions", "2", "--json", "--db", db],
        ["correct", "2", "delete", "20", "--json", "--yes", "--db", db],
        ["versions", "2", "--json", "--db", db],
        ["export", "2", "--at-version", "0", "--json", "--db", db],
        ["games", "--archive", "1", "--json", "--db", db],
        ["games", "--unarchive", "1", "--json", "--db", db],
        ["games", "--delete", "1", "--yes", "--json", "--db", db],
    ]


def test_every_command_prints_json_that_parses(db: str, record: Path, tmp_path: Path) -> None:
    for argv in json_commands(db, record, tmp_path):
        code, text = sgs_table(*argv)
        assert code == 0, argv
        json.loads(text)  # one document
    assert json.loads((tmp_path / "one.json").read_text())["moves"]
    assert json.loads((tmp_path / "inputs.json").read_text())["inputs"]


def test_every_subcommand_but_the_app_has_json() -> None:
    """A subcommand added later cannot forget --json: all print data but the app."""
    from mobile.cli import build_parser

    parser = build_parser()
    [commands] = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    lacking = [
        name
        for name, sub in commands.choices.items()
        if name != "app" and "--json" not in {o for a in sub._actions for o in a.option_strings}
    ]
    assert lacking == []


def test_the_camera_commands_print_json_too(tmp_path: Path) -> None:
    pytest.importorskip("cv2")
    code, text = sgs_table("scan", str(SAMPLES / "demo.mp4"), "--json")
    assert code == 0
    events = [json.loads(line) for line in text.splitlines()]  # one object per event
    assert {event["kind"] for event in events} >= {"seen"}
    code, text = sgs_table("labels", "--what", "seats", "-o", str(tmp_path / "s.pdf"), "--json")
    assert code == 0 and json.loads(text)["stickers"] == 10
    demo_db = tmp_path / "demo.db"
    code, text = sgs_table("demo", "--json", "--db", f"sqlite:///{demo_db}")
    assert code == 0
    report = json.loads(text)
    assert report["moves"][0].startswith("setup identity 5") and report["warnings"] == []
    assert report["stored_in"] == str(demo_db) and Path(report["record"]).is_file()


def test_json_is_the_same_in_every_language(db: str) -> None:
    for argv in (
        ["generals", "诸葛亮", "--json"],
        ["state", str(IDENTITY_5), "--at", "100", "--json"],
        ["check", str(IDENTITY_5), "--json"],
        ["replay", "2", "--at", "50", "--json", "--db", db],
        ["stats", "2", "--json", "--db", db],
        ["games", "--json", "--db", db],
        ["play", str(SCRIPT), "--json"],
    ):
        said = {sgs_table("--lang", lang, *argv) for lang in ("zh_CN", "en", "ja")}
        assert len(said) == 1, argv
        [(code, text)] = said
        assert code == 0 and json.loads(text), argv


# ---------------------------------------------------------------- reading creates nothing


READING = [
    ["games"],
    ["games", "--all"],
    ["export", "1"],
    ["inputs", "1"],
    ["note", "1"],
    ["replay", "1"],
    ["stats", "1"],
    ["stats", "--all"],
    # writes that need a game of the store: no store is created to say there is none
    ["note", "1", "2", "text"],
    ["games", "--archive", "1"],
    ["games", "--delete", "1", "--yes"],
]


@pytest.mark.parametrize("argv", READING, ids=" ".join)
def test_a_missing_database_is_one_line_and_nothing_is_created(
    argv: list[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    assert sgs_table(*argv, "--db", "missing.db") == (3, "")
    err = capsys.readouterr().err
    assert (
        err
        == f"sgs-table: database {tmp_path / 'missing.db'} does not exist (nothing was created)\n"
    )
    assert list(tmp_path.iterdir()) == []


def test_the_default_database_is_not_created_by_a_listing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("SGS_TABLE_DB", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert sgs_table("games") == (3, "")
    assert "sgs-table.db does not exist" in capsys.readouterr().err
    assert not (tmp_path / "data").exists()


def test_the_installed_command_fails_in_one_line(tmp_path: Path) -> None:
    """``sgs-table games --db missing.db``, as typed: one line, status 3, nothing created."""
    done = subprocess.run(
        [str(ENTRY), "games", "--db", "missing.db"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "SGS_TABLE_LANG": "en"},
    )
    assert done.returncode == 3 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "missing.db" in done.stderr
    assert list(tmp_path.iterdir()) == []


def test_db_is_a_file_or_a_url_everywhere(db: str, tmp_path: Path) -> None:
    url = f"sqlite:///{db}"
    for argv in (["games"], ["export", "1"], ["stats", "--all"], ["replay", "2"]):
        assert sgs_table(*argv, "--db", db) == sgs_table(*argv, "--db", url), argv
    played = tmp_path / "played.db"
    assert sgs_table("play", str(SCRIPT), "--db", f"sqlite:///{played}")[0] == 0
    assert sgs_table("games", "--db", str(played))[1].endswith("1 game\n")


# ---------------------------------------------------------------- exit statuses


def exit_cases(db: str, record: Path, tmp_path: Path) -> list[tuple[list[str], int]]:
    bad = tmp_path / "bad.sgs"
    bad.write_text(UNFINISHED.replace("caocao", "caocoa"), encoding="utf-8")
    refused_script = tmp_path / "refused.txt"
    refused_script.write_text("setup identity 4\nrole 1 lord\ngeneral 1 nobody\n", "utf-8")
    taken = tmp_path / "taken.pdf"
    taken.touch()
    return [
        # 0: done
        (["cards"], 0),
        (["check", str(record)], 0),
        (["games", "--db", db], 0),
        # 1: the input was refused
        (["check", str(bad)], 1),
        (["state", str(bad)], 1),
        (["state", str(record), "--at", "99"], 1),
        (["replay", str(record), "--at", "99"], 1),
        (["import", str(bad), "--db", db], 1),
        (["generals", "nobody"], 1),
        (["cards", "--name", "nothing"], 1),
        (["export", "99", "--db", db], 1),
        (["inputs", "99", "--db", db], 1),
        (["note", "99", "--db", db], 1),
        (["note", "1", "99", "text", "--db", db], 1),
        (["stats", "99", "--db", db], 1),
        (["play", str(refused_script), "--strict"], 1),
        (["games", "--archive", "3", "--db", db], 1),  # not finished
        (["games", "--delete", "99", "--yes", "--db", db], 1),
        (["labels", "--what", "seats", "-o", str(taken)], 1),
        (["check", str(tmp_path / "missing.sgs")], 1),
        # 2: the command line is wrong
        (["gamez"], 2),
        (["cards", "--type", "nonsense"], 2),
        (["stats"], 2),
        (["note", "1", "2", "--db", db], 2),
        (["export", "1", "--json", "--format", "html", "--db", db], 2),
        (["games", "--delete", "1", "--db", db], 2),  # no terminal to ask on, no --yes
        (["games", "--archive", "1", "--delete", "1", "--db", db], 2),
        # 3: the store failed
        (["games", "--db", str(tmp_path / "missing.db")], 3),
        (["export", "1", "--db", str(tmp_path / "missing.db")], 3),
        (["import", str(record), "--db", str(tmp_path / "no" / "folder.db")], 3),
        (["play", str(SCRIPT), "--db", str(tmp_path / "no" / "folder.db")], 3),
        (["games", "--db", "nosuchdriver://x/y"], 3),
    ]


def test_every_command_exits_by_one_scheme(
    db: str, record: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))  # not a terminal
    for argv, expected in exit_cases(db, record, tmp_path):
        assert sgs_table(*argv)[0] == expected, argv


def test_help_lists_the_exit_statuses_and_version_is_known(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert sgs_table("--help")[0] == 0
    help_text = capsys.readouterr().out
    statuses = help_text.split("exit status, the same for every command:", 1)[1]
    for code in ("0  done", "1  the input was refused", "2  the command line is wrong", "3  the"):
        assert code in statuses
    assert sgs_table("--version")[0] == 0
    assert capsys.readouterr().out.startswith("sgs-table 0.")


# ---------------------------------------------------------------- did you mean


def test_a_misspelt_subcommand_or_choice_gets_the_nearest(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert sgs_table("gamez")[0] == 2
    err = capsys.readouterr().err
    assert err.splitlines()[-1] == (
        "sgs-table: error: argument COMMAND: invalid choice: 'gamez'; did you mean 'games'?"
    )
    assert sgs_table("generals", "--kingdom", "wie")[0] == 2
    assert "did you mean 'wei'?" in capsys.readouterr().err
    assert sgs_table("xyzzy")[0] == 2  # nothing near: argparse lists the commands
    assert "choose from" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("name", "key"),
    [("caocoa", "caocao"), ("Cao Cao", None), ("诸葛良", "zhugeliang"), ("zhugeliang", None)],
)
def test_a_misspelt_general_gets_a_suggestion(
    name: str, key: str | None, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _text = sgs_table("generals", name)
    err = capsys.readouterr().err
    if key is None:  # loosely written, still found
        assert code == 0
        return
    assert code == 1
    assert err.startswith(f"sgs-table: no general named '{name}'; did you mean {key} (")
    assert err.count("\n") == 1


def test_a_misspelt_card_gets_a_suggestion(capsys: pytest.CaptureFixture[str]) -> None:
    assert sgs_table("cards", "--name", "taoo")[0] == 1
    assert capsys.readouterr().err == "sgs-table: no card named 'taoo'; did you mean tao (桃)?\n"


@pytest.mark.parametrize(
    ("line", "hint"),
    [
        ("general 1 caocoa", "did you mean caocao (曹操)?"),
        ("general 1 曹超", "did you mean caocao (曹操)?"),
        ("general 1 liubei,guanyo", "did you mean guanyu (关羽)?"),
    ],
)
def test_a_misspelt_general_in_a_record_gets_a_suggestion_in_every_command(
    line: str, hint: str, db: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.sgs"
    bad.write_text(f"setup identity 4\nrole 1 lord\n{line}\n", encoding="utf-8")
    for argv in (["check"], ["state"], ["replay"], ["stats"], ["import", "--db", db]):
        assert sgs_table(argv[0], str(bad), *argv[1:])[0] == 1, argv
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and err.rstrip().endswith(hint), (argv, err)


def test_misspelt_modes_and_variants_in_a_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.sgs"
    bad.write_text("setup identiy 5\n", encoding="utf-8")
    assert sgs_table("check", str(bad))[0] == 1
    assert capsys.readouterr().err.rstrip().endswith("did you mean identity?")
    bad.write_text("setup identity 8 variant=internationl\n", encoding="utf-8")
    assert sgs_table("check", str(bad))[0] == 1
    assert capsys.readouterr().err.rstrip().endswith("did you mean international?")


def test_a_misspelt_general_in_a_table_script_gets_a_suggestion(tmp_path: Path) -> None:
    script = tmp_path / "script.txt"
    script.write_text("setup identity 4\nrole 1 lord\ngeneral 1 caocoa\n", encoding="utf-8")
    code, text = sgs_table("play", str(script), "--json")
    assert code == 0
    [refused] = json.loads(text)["refused"]
    assert refused["reason"].endswith("; did you mean caocao (曹操)?")


def test_a_chinese_general_name_is_a_key_in_a_record_and_the_store_keeps_keys(
    db: str, tmp_path: Path
) -> None:
    chinese = tmp_path / "chinese.sgs"
    chinese.write_text(SHORT_GAME.replace("general 1 caocao", "general 1 曹操"), "utf-8")
    assert sgs_table("check", str(chinese))[0] == 0
    code, said = sgs_table("import", str(chinese), "--json", "--db", db)
    assert code == 0
    game = json.loads(said)["game"]
    exported = sgs_table("export", str(game), "--db", db)[1]
    assert "general 1 caocao\n" in exported and "曹操" not in exported


# ---------------------------------------------------------------- state before and after


def test_state_before_the_setup_is_one_line_and_a_valid_object() -> None:
    code, text = sgs_table("state", str(IDENTITY_5), "--at", "0")
    assert (code, text) == (0, "before the setup (move 0 of 212): there is no table yet\n")
    view = json.loads(sgs_table("state", str(IDENTITY_5), "--at", "0", "--json")[1])
    assert (view["move"], view["moves"], view["players"], view["seats"]) == (0, 212, 0, [])


def test_a_finished_game_prints_the_winner_and_the_roles() -> None:
    code, text = sgs_table("state", str(IDENTITY_5))
    assert code == 0
    lines = text.splitlines()
    assert lines[:2] == [
        "identity, 5 players, game over after move 212 of 212",
        "game over: the lord and loyalists win",
    ]
    results = {int(line.split()[0]): line.split()[-2:] for line in lines[5:]}
    assert results == {
        1: ["won", "1/5"],
        2: ["lost", "dead"],
        3: ["lost", "dead"],
        4: ["lost", "dead"],
        5: ["won", "4/4"],
    }
    assert "distance" not in text


# ---------------------------------------------------------------- archiving and deleting


def test_archived_games_are_left_out_unless_asked_for(db: str) -> None:
    assert sgs_table("games", "--archive", "2", "--db", db)[0] == 0
    listed = sgs_table("games", "--db", db)[1]
    assert listed.endswith("2 games\n1 archived game not listed (--all lists it)\n")
    assert "sample identity game" not in listed
    every = json.loads(sgs_table("games", "--all", "--json", "--db", db)[1])
    assert [(g["id"], g["archived"]) for g in every] == [(1, False), (2, True), (3, False)]
    only = json.loads(sgs_table("games", "--archived", "--json", "--db", db)[1])
    assert [g["id"] for g in only] == [2]
    assert "(archived)" in sgs_table("games", "--all", "--db", db)[1]
    assert sgs_table("games", "--unarchive", "2", "--db", db) == (0, "game 2 is listed again\n")
    assert sgs_table("games", "--db", db)[1].endswith("3 games\n")


def _delete_on_a_terminal(db: str, answer: str) -> subprocess.CompletedProcess[str]:
    """``sgs-table games --delete 2`` with a terminal as stdin, answered ``answer``."""
    import pty

    primary, secondary = pty.openpty()
    try:
        process = subprocess.Popen(
            [str(ENTRY), "games", "--delete", "2", "--db", db],
            stdin=secondary,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "SGS_TABLE_LANG": "C"},
        )
        os.write(primary, answer.encode() + b"\n")
        out, err = process.communicate(timeout=60)
    finally:
        os.close(primary)
        os.close(secondary)
    return subprocess.CompletedProcess(process.args, process.returncode, out, err)


def test_delete_asks_on_a_terminal(db: str) -> None:
    declined = _delete_on_a_terminal(db, "n")
    assert declined.returncode == 1 and declined.stdout == ""
    assert declined.stderr.startswith(
        "delete game 2 (identity, 212 moves, created "
    ) and declined.stderr.rstrip().endswith("nothing was deleted")
    assert [g.id for g in Store.open(db).games()] == [1, 2, 3]
    accepted = _delete_on_a_terminal(db, "y")
    assert accepted.returncode == 0, accepted.stderr
    assert accepted.stdout.startswith("game 2 deleted (")
    with Store.open(db) as store:
        assert [g.id for g in store.games()] == [1, 3]


def test_delete_refuses_without_a_terminal_or_yes(
    db: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("y\n"))
    assert sgs_table("games", "--delete", "2", "--db", db) == (2, "")
    assert "add --yes" in capsys.readouterr().err
    assert sgs_table("games", "--delete", "2", "--yes", "--db", db)[0] == 0
    assert sgs_table("export", "2", "--db", db)[0] == 1  # gone, with everything stored with it
    with Store.open(db) as store:
        assert [g.id for g in store.games()] == [1, 3]


def test_the_assistant_parser_alone_has_the_same_scheme() -> None:
    """``assistant.cli.build_parser`` (without ``app``) builds the same parser class."""
    with pytest.raises(SystemExit) as done:
        run(build_parser(), ["gamez"], io.StringIO())
    assert done.value.code == 2


def test_the_store_errors_have_their_statuses() -> None:
    from assistant.cli.status import REFUSED, STORE, error_status, store_status
    from assistant.store import ConflictError, DatabaseError, StoreError
    from engine.record import RecordError

    assert store_status(ConflictError(1, 2)) == STORE == 3  # another session wrote first
    assert store_status(DatabaseError("database x does not exist")) == STORE
    assert store_status(StoreError("no game 7 in x")) == REFUSED == 1
    assert error_status(RecordError(3, "a bad line")) == REFUSED
