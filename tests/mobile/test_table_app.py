"""The real app, headless, through a 5-player identity game with a video as the camera.

tests/mobile/drive_table.py runs in the app's own process and window: it taps
through home and setup, starts the table, plays samples/demo.mp4 as the
camera, answers the prompts by simulated taps (targets by tapping seats,
draws, a pass, the end of a phase) and screenshots every screen. Here its
report is checked against the engine's replay of what the store holds (a
separate path from what the app showed), and every screenshot's Chinese
label against the packaged font's own glyphs: the app speaks Chinese here,
and so do the tests, which word what they expect in the language in use.

The screenshots stay in the folder printed by the test (pytest's tmp dir).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from assistant.camera import sticker_label
from assistant.cli.inputs import format_inputs
from assistant.cli.play import play_script
from assistant.i18n import _, role_name, variant_name
from assistant.review import log_entries
from assistant.session import current_prompt, parse_script
from assistant.store import Store
from engine.derived import attack_range_value, distance_value, hand_limit_value
from engine.game import Game
from engine.record import replay
from engine.state import Role
from tests.mobile.app_run import NOTE, PLAYER, run_driver
from tests.mobile.glyphs import text_problems
from vision.decode import Decoder
from vision.sources import VideoSource
from vision.tracker import Scanner, Tracker

REPO = Path(__file__).resolve().parents[2]
DRIVER = Path(__file__).with_name("drive_table.py")
VIDEO = REPO / "samples" / "demo.mp4"
SCREENS = ("home", "setup", "table", "scan", "distances", "settlement", "log", "replay")

pytestmark = pytest.mark.usefixtures("chinese")


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], Game, Path]:
    out = tmp_path_factory.mktemp("table-app")
    db = out / "table.db"
    report = run_driver(DRIVER, out, db, lang="zh_CN")
    print(f"screenshots of every screen in {out}")
    with Store.open(f"sqlite:///{db}") as store:
        game = replay(store.record(report["game_id"]))
        report["journal"] = format_inputs(report["game_id"], store.inputs(report["game_id"]))
    return report, game, out


def test_every_screen_was_shot_with_legible_chinese(run: tuple[dict[str, Any], Game, Path]) -> None:
    report = run[0]
    assert sorted(report["shots"]) == sorted(SCREENS)
    for name, shot in report["shots"].items():
        with Image.open(shot["path"]) as image:
            assert image.size == (1280, 800)
            problems = text_problems(image, tuple(shot["box"]), shot["text"])
            # The check can fail: the same box is not read as other characters.
            wrong = text_problems(image, tuple(shot["box"]), "口" * len(shot["text"]))
        assert problems == [], f"{name} screen, label {shot['text']!r}: {problems}"
        assert wrong, f"{name}: the glyph check accepted the wrong text"


def test_table_screen_shows_what_the_engine_says(run: tuple[dict[str, Any], Game, Path]) -> None:
    report, game, _out = run
    state = game.state
    shown = report["screens"]["table"]
    assert len(shown["seats"]) == 5
    for seat in shown["seats"]:
        s = state.seat(seat["seat"])
        assert seat["hp"] == f"{s.hp}/{s.max_hp}"
        assert seat["hand"] == _("Hand {hand}/{limit}  Range {range}").format(
            hand=s.hand_count,
            limit=hand_limit_value(state, s.seat),
            range=attack_range_value(state, s.seat),
        )
    assert shown["prompt"] == current_prompt(state).text
    # The game the video and the taps tell: 关羽's 杀 hit 刘备 (lord, 5 HP) for 1.
    assert state.seat(1).hp == 4 and state.seat(1).weapon == 92
    assert state.seat(2).offensive_horse == 102
    assert shown["commands"][-1] == "next"  # 结束出牌


def test_the_name_typed_at_setup_is_a_move_and_on_the_seat(
    run: tuple[dict[str, Any], Game, Path],
) -> None:
    report, game, _out = run
    assert f'name 2 "{PLAYER}"' in [str(m) for m in game.moves]
    assert game.state.seat(2).player == PLAYER
    assert any(PLAYER in text for text in report["screens"]["table"]["seats"][1]["words"])


def test_every_card_of_the_video_is_accounted_for(run: tuple[dict[str, Any], Game, Path]) -> None:
    """Each card the decoder finds in the video is in the seen list and in a move."""
    report, game, _out = run
    with VideoSource(VIDEO) as source:
        payloads = {e.payload for e in Scanner(source, Decoder(), Tracker()) if e.kind == "seen"}
    assert len(payloads) == 5
    seen = report["screens"]["table"]["seen"]
    for payload in payloads:
        assert sticker_label(payload) in seen
        card_id = int(payload[4:7])
        assert any(f"#{card_id}" in str(move).split() for move in game.moves), payload


def test_distances_screen_matches_the_engine(run: tuple[dict[str, Any], Game, Path]) -> None:
    report, game, _out = run
    state = game.state
    shown = report["screens"]["distances"]
    reach = attack_range_value(state, 1)
    assert shown["range"] == reach == 3  # 青龙偃月刀
    rows = {seat: (distance, in_range) for seat, distance, in_range in shown["rows"]}
    assert sorted(rows) == [2, 3, 4, 5]
    for seat, (distance, in_range) in rows.items():
        expected = distance_value(state, 1, seat)
        assert distance == expected
        assert in_range == (expected is not None and expected <= reach)
    # 赤兔 (-1) is on seat 2's side only: it changes 2 -> others, not 1 -> 2.
    assert rows[2][0] == 1


def test_log_and_replay_screens_match_the_game(run: tuple[dict[str, Any], Game, Path]) -> None:
    report, game, _out = run
    entries = log_entries(game)
    shown = report["screens"]["log"]
    assert [tuple(e) for e in shown] == [(e.move, e.text) for e in entries]
    replayed = report["screens"]["replay"]
    assert replayed["move"] == 15
    at = game.state_at(15)
    assert {int(k): v for k, v in replayed["hp"].items()} == {s.seat: s.hp for s in at.seats}


def test_a_note_from_the_log_screen_is_kept_and_shown_in_the_replay(
    run: tuple[dict[str, Any], Game, Path],
) -> None:
    """备注 on move 15 of the log screen: stored with the game, journaled as a `note`
    input, and shown under move 15 in the replay."""
    report, _game, out = run
    assert report["note"]
    assert NOTE in report["screens"]["replay"]["lines"]
    with Store.open(f"sqlite:///{out / 'table.db'}") as store:
        (game,) = store.games()
        assert [(n.move, n.text) for n in store.notes(game.id)] == [(15, NOTE)]
    assert f"note 15 '{NOTE}'" in report["journal"]


def test_the_journal_is_what_the_table_did(run: tuple[dict[str, Any], Game, Path]) -> None:
    """Setup screen, prompt buttons, seat taps and camera sightings all reached the journal.

    Played back as a table script without the app or the video, it gives the same game.
    """
    report, game, _out = run
    commands = parse_script(report["journal"])
    verbs = [c.verb for c in commands]
    assert verbs[:3] == ["setup", "name", "role"] and verbs.count("general") == 5
    assert {"deal", "next", "draw", "target", "pass", "see"} <= set(verbs)
    with Store.open("sqlite://") as store:
        again = play_script(commands, store)
        assert list(again.session.moves) == [str(m) for m in game.moves]


def test_the_setup_screen_offers_the_variants_of_a_table_size(
    run: tuple[dict[str, Any], Game, Path],
) -> None:
    """变体 at 8 players: 标准, 双内奸, 国际版 (with its 平民), then 群雄演义; at 5, the
    standard game chosen (群雄演义 the only other)."""
    report = run[0]
    variants = report["variants"]
    assert variants["shown"] == [variant_name(v) for v in ("", "two_renegades", "international")]
    assert variants["shown"][1] == "双内奸"
    assert role_name(Role.CIVILIAN) in variants["roles"]
    assert variants["after"] == [True, ""]
