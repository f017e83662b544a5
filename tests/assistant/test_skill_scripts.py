"""The skill-heavy sample games, written as a table enters them (samples/skills-N.txt).

Each script is only sightings and the app's buttons; played through a table
session it must reach its end with no refused input and no forced move, and
make exactly the moves of the record beside it (samples/skills-N.sgs).
Between them the five games use every skill of the 25 standard generals.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import engine.skills  # noqa: F401  (every rule registered)
from assistant.cli.play import play_script
from assistant.session import parse_script
from assistant.session.script import TAPS
from assistant.store import Store
from engine.catalogue import standard_catalogue
from engine.record import parse_record
from engine.registry import RULES

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
GAMES = sorted(SAMPLES.glob("skills-*.txt"))
TYPED = {"force", "hp", "correct", "respond"}  # what a table never types


@pytest.mark.parametrize("script", GAMES, ids=[p.stem for p in GAMES])
def test_the_game_plays_to_its_record_with_nothing_refused_or_forced(script: Path) -> None:
    commands = parse_script(script.read_text(encoding="utf-8"))
    assert {c.verb for c in commands} <= TAPS | {"see", "gone"}
    assert not {c.verb for c in commands} & TYPED
    record = parse_record(script.with_suffix(".sgs").read_text(encoding="utf-8"))
    with Store.open("sqlite://") as store:
        run = play_script(commands, store)
    refused = [p for p in run.played if p.outcome == "refused"]
    assert refused == []
    game = run.session.game
    assert game.flagged() == []
    assert [str(m) for m in game.moves] == [str(m) for m in record.moves]
    assert game.state.over and game.state.winner == record.headers["Result"]


def test_the_games_use_every_standard_skill() -> None:
    used: set[str] = set()
    for script in GAMES:
        record = script.with_suffix(".sgs").read_text(encoding="utf-8")
        used |= set(re.findall(r"^skill \d+ (\w+)", record, re.M))
        used |= {g for g in re.findall(r"^general \d+ (\w+)", record, re.M)}
    standard = [g for g in standard_catalogue().generals if g.package == "standard"]
    generals = {g.key for g in standard}
    assert generals <= used  # all 25 generals sat at these tables
    skills_with_rules = {s.key for g in standard for s in g.skills} & set(RULES)
    assert skills_with_rules <= used
