"""Held-out mode cases: table scripts written from the rules documents and the user docs.

Each case in ``tests/heldout/`` is a table script (``NAME.txt``) and the facts the
documents say hold after it (``NAME.json``), each fact citing its document line.
The script is played as ``sgs-table play SCRIPT --json`` plays it; its moves,
written as a record, are read back by ``sgs-table state RECORD --json``, which
must print the same state (docs/table-script.md: the final state is "exactly as
`sgs-table state RECORD --json` prints it"); every fact is checked on that state.

A fact's ``doc`` is ``rules 001:86`` (line 86 of the rules document 001, in the
design's shared/rules/) or a project file and line (``docs/record-format.md:252``);
its ``says`` quotes the line. A fact's ``at`` is a path into the state JSON,
dot-separated: ``seats.N`` is the seat numbered N (not the N-th entry), anything
else a key or a list index. A fact with ``keys`` instead of ``is`` checks only
the keys of what is there (the seats a mode's fact names, its value undocumented).
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from assistant.cli import build_parser, run

CASES_DIR = Path(__file__).resolve().parents[1] / "heldout"
CASES = sorted(CASES_DIR.glob("*.json"))
ROOT = Path(__file__).resolve().parents[2]
RULES = {"000", "001", "002", "003", "004"}


def sgs_table(*argv: str, lang: str = "en") -> dict[str, Any]:
    out = io.StringIO()
    code = run(build_parser(), ["--lang", lang, *argv], out)
    assert code == 0, out.getvalue()
    report: dict[str, Any] = json.loads(out.getvalue())
    return report


def value_at(state: dict[str, Any], path: str) -> Any:
    value: Any = state
    words = path.split(".")
    for i, word in enumerate(words):
        if i == 1 and words[0] == "seats":
            (value,) = [seat for seat in value if seat["seat"] == int(word)]
        elif isinstance(value, list):
            value = value[int(word)]
        else:
            assert word in value, f"{path}: no {word!r} in {sorted(value)}"
            value = value[word]
    return value


def test_the_cases_are_there() -> None:
    assert len(CASES) >= 20
    for case in CASES:
        assert case.with_suffix(".txt").is_file(), case


@pytest.mark.parametrize("case", CASES, ids=[c.stem for c in CASES])
def test_heldout_case(case: Path, tmp_path: Path) -> None:
    expected = json.loads(case.read_text(encoding="utf-8"))
    script = case.with_suffix(".txt")
    report = sgs_table("play", str(script), "--json")
    refused = [(r["line"], r["input"]) for r in report["refused"]]
    assert refused == [tuple(r) for r in expected.get("refused", [])], report["refused"]
    assert report["forced"] == expected.get("forced", 0)
    record = tmp_path / f"{case.stem}.sgs"
    record.write_text("\n".join(report["moves"]) + "\n", encoding="utf-8")
    state = sgs_table("state", str(record), "--json")
    assert state == report["state"]
    failures = []
    for fact in expected["facts"]:
        doc, _, line = fact["doc"].rpartition(":")
        if doc.startswith("rules "):  # the rules documents: rules 001 (shared/rules/001_*.txt)
            assert doc[6:] in RULES, fact["doc"]
        else:  # the project's own docs
            assert int(line) <= len((ROOT / doc).read_text(encoding="utf-8").splitlines())
        got = value_at(state, fact["at"])
        if "keys" in fact:  # the document names who is there, not the value
            got, fact["is"] = sorted(got), fact["keys"]
        if got != fact["is"]:
            says = f"the document ({fact['doc']}) says {fact['is']!r}"
            failures.append(f"{fact['at']}: {got!r}, {says}")
    assert not failures, "\n".join(failures)


ONE_PER_MODE = sorted({c.stem.split("-")[0]: c for c in CASES}.values())


@pytest.mark.parametrize("case", ONE_PER_MODE, ids=[c.stem for c in ONE_PER_MODE])
def test_the_state_is_the_same_in_every_language(case: Path) -> None:
    """README.md:137: `--json` on every command that prints data: the same keys and words in every
    language (the mode's facts included)."""
    script = str(case.with_suffix(".txt"))
    states = [
        sgs_table("play", script, "--json", lang=lang)["state"] for lang in ("en", "zh_CN", "ja")
    ]
    assert states[0] == states[1] == states[2]
