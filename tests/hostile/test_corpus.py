"""The hostile corpus: bad records, each refused in one line by every reader alike.

Every file of ``corpus/`` goes through the real command line (``check``,
``import``, ``state``, ``replay``) and the reader underneath. A refused file
gets exactly one line on stderr, the same from ``check`` and ``import``,
with the part of the message ``expected.toml`` names; nothing is stored; no
traceback; reading it costs less than four times the size limit in memory.
Files named ``accepted-*`` come from ordinary editors (a byte-order mark,
CRLF or CR line ends, a ``;`` in a header, a line separator in a comment)
and must read. Big files are made here rather than kept in the repository.
"""

from __future__ import annotations

import contextlib
import tomllib
import tracemalloc
from collections.abc import Callable
from pathlib import Path

import pytest

from assistant.cli.arguments import read_game
from assistant.cli.entry import main
from assistant.store import Store
from engine.record import MAX_RECORD_BYTES, RecordError

HERE = Path(__file__).parent
CORPUS = HERE / "corpus"
EXPECTED: dict[str, str] = tomllib.loads((HERE / "expected.toml").read_text(encoding="utf-8"))
REFUSED = sorted(p for p in CORPUS.iterdir() if not p.name.startswith("accepted-"))
ACCEPTED = sorted(p for p in CORPUS.iterdir() if p.name.startswith("accepted-"))
MEMORY_LIMIT = 4 * MAX_RECORD_BYTES
SETUP = "setup identity 5\nrole 1 lord\n"


def _big_files(folder: Path) -> dict[Path, str]:
    """Files too big to keep in the repository, with the refusal each must get."""
    made: dict[Path, str] = {}

    def make(name: str, data: bytes, expected: str) -> None:
        path = folder / name
        path.write_bytes(data)
        made[path] = expected

    # 11.9 MB of Chinese text: counted in bytes, not characters.
    comment = ("; " + "杀" * 1000 + "\n").encode()
    make("cjk.sgs", SETUP.encode() + comment * 3950, "record too large")
    header = b'[Event "' + b"a" * 3_900_000 + b'"]\n\n'
    make("big-header.sgs", header + SETUP.encode(), "a header line is at most 10,000 characters")
    make("bad-line.sgs", SETUP.encode() + b"x" * 3_900_000 + b"\n", "a move is at most 1000")
    filler = b";" * (MAX_RECORD_BYTES - len(SETUP))
    make("just-over.sgs", SETUP.encode() + filler + b"\n", "record too large")
    return made


@pytest.fixture(scope="module")
def big_files(tmp_path_factory: pytest.TempPathFactory) -> dict[Path, str]:
    return _big_files(tmp_path_factory.mktemp("big"))


def refused_cases(big: dict[Path, str]) -> list[tuple[Path, str]]:
    cases = [(p, EXPECTED[p.name]) for p in REFUSED]
    cases += list(big.items())
    cases.append((Path("/dev/zero"), "record too large"))
    return cases


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.err


def test_every_refused_file_has_its_expected_message() -> None:
    assert {p.name for p in REFUSED} == set(EXPECTED)


def test_check_import_state_and_replay_refuse_alike(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, big_files: dict[Path, str]
) -> None:
    db = tmp_path / "games.db"
    for path, expected in refused_cases(big_files):
        status, err = _run(capsys, "check", str(path))
        assert status == 1, path
        assert err.count("\n") == 1 and err.startswith("sgs-table: "), (path, err[:300])
        assert expected in err, (path, err)
        assert len(err) < 400, (path, len(err))  # a bad line is named, never echoed whole
        message = err.strip()
        status, err = _run(capsys, "import", str(path), "--db", str(db))
        assert status == 1, path
        assert err.strip() in (message, f"{message}; nothing was stored"), (path, err)
        for command in ("state", "replay"):
            status, err = _run(capsys, command, str(path))
            assert status == 1 and err.strip() == message, (command, path, err)
    with Store.open(str(db)) as store:
        assert store.games() == []  # nothing written for any refused file


def test_accepted_files_read_and_import(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    for path in ACCEPTED:
        status, err = _run(capsys, "check", str(path))
        assert status == 0 and err == "", (path, err)
        status, err = _run(capsys, "import", str(path), "--db", str(db))
        assert status == 0 and err == "", (path, err)
    with Store.open(str(db)) as store:
        games = store.games()
        assert len(games) == len(ACCEPTED)
        headers = [store.record(g.id).headers for g in games]
    assert {"Players": "Alice; Bob"} in headers
    assert {"Event": "Notepad"} in headers and {"Event": "old Mac"} in headers


def test_a_separator_inside_a_comment_stays_in_the_comment() -> None:
    record, game = read_game(CORPUS / "accepted-separator-in-comment.sgs")
    assert [str(m) for m in record.moves] == [
        "setup identity 5 packages=standard,ex,maneuvering",
        "role 1 lord",
    ]
    assert len(game) == 2


def _peak(read: Callable[[], object]) -> int:
    tracemalloc.start()
    with contextlib.suppress(RecordError):
        read()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak


def test_refusing_any_file_costs_less_than_four_times_the_size_limit(
    big_files: dict[Path, str],
) -> None:
    for path, _ in refused_cases(big_files):
        peak = _peak(lambda p=path: read_game(p))  # type: ignore[misc]
        assert peak < MEMORY_LIMIT, (path, f"{peak:,} bytes")
