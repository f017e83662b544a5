"""The game page (assistant/review/page.py, ``sgs-table export --format html``).

Plain tests read the HTML: nothing loaded from outside, every header escaped,
the embedded positions equal to ``state_json`` at every move. The browser tests
open the exported page of the 8-player sample in headless Chromium (the Debian
``chromium`` and ``chromium-driver`` packages that ``scripts/setup.sh test``
installs), offline, and check that the table it draws after the slider, the
buttons and the arrow keys is the table ``state_json`` gives.

``python -m tests.assistant.test_page --screenshots`` saves the pictures of
docs/review.md (docs/review/page-desktop.png and page-phone.png).
"""

from __future__ import annotations

import html
import io
import json
import os
import re
import shutil
import sys
import tempfile
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from assistant.cli import build_parser, run
from assistant.cli.state import state_json
from assistant.i18n import SOURCE, _, phase_name, speaking
from assistant.review.page import frames_of, page_data, render_page, script_json
from assistant.store import Store
from engine.game import Game
from engine.record import parse_record

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "samples" / "identity-8.sgs"
HOSTILE = "</script><script>alert(1)</script><!-- \"quoted\" 'single' & \u2028\u2029 end"


def export_page(folder: Path, *extra: str) -> tuple[Path, Game]:
    """The 8-player sample imported into a new SQLite store and exported as HTML."""
    url = f"sqlite:///{folder / 'games.db'}"
    with Store.open(url) as store:
        game_id = store.import_record(parse_record(SAMPLE.read_text(encoding="utf-8")))
        game = store.load_game(game_id)
    page = folder / "game.html"
    out = io.StringIO()
    argv = ["export", str(game_id), "--format", "html", "-o", str(page), "--db", url, *extra]
    assert run(build_parser(), argv, out) == 0, out.getvalue()
    # In the language the test speaks (C: the source's own words).
    assert out.getvalue() == _("wrote game {game} to {file}").format(game=game_id, file=page) + "\n"
    return page, game


@cache
def sample_game() -> Game:
    with tempfile.TemporaryDirectory() as folder:
        return export_page(Path(folder))[1]


def as_json(value: object) -> Any:
    return json.loads(json.dumps(value))


def embedded_data(page: str) -> Any:
    found = re.search(r'<script type="application/json" id="sgs-data">(.*?)</script>', page, re.S)
    assert found is not None
    return json.loads(found.group(1))


# ---------------------------------------------------------------- plain tests


def test_the_page_loads_nothing_from_outside(tmp_path: Path) -> None:
    page_file, game = export_page(tmp_path)
    page = page_file.read_text(encoding="utf-8")
    assert not re.search(r"https?:|//[a-z]", page, re.I)  # no address of any kind
    assert not re.search(r"\b(src|srcset|action|poster)=", page)
    assert "@import" not in page and "url(" not in page
    assert re.findall(r"<link[^>]*>", page) == ['<link rel="icon" href="data:,">']
    assert "default-src 'none'" in page  # the browser refuses any request
    assert page.count("<script") == 2  # the data and the page's own script
    assert len(page.encode("utf-8")) < 1_000_000, "a 314-move game should stay small"
    assert embedded_data(page) == as_json(page_data(game))


def test_the_positions_are_state_json_at_every_move() -> None:
    game = sample_game()
    total = len(game)
    frames = frames_of(as_json(page_data(game)))
    assert len(frames) == total + 1
    for n, frame in enumerate(frames):
        assert frame == as_json(state_json(game.state_at(n), n, total)), f"move {n}"


def test_hostile_text_is_escaped() -> None:
    game = sample_game()
    page = render_page(
        game,
        title=HOSTILE,
        headers={"Event": HOSTILE, HOSTILE: "<img src=x onerror=alert(2)>"},
        stats={HOSTILE: {"seat <1>": HOSTILE}, "list": [HOSTILE, 1.5, None, True]},
        notes=[(3, HOSTILE), (7, "line one\nline two")],
    )
    assert page.count("<script") == 2 and page.count("</script>") == 2
    assert "<img" not in page and "<!--" not in page
    for raw in ("\u2028", "\u2029", "'single'", '"quoted"'):
        assert raw not in page
    escaped = "&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!-- &quot;quoted&quot;"
    assert page.count(escaped) >= 5  # title, heading, header key and value, stats, note
    assert embedded_data(page) == as_json(page_data(game))


def test_script_json_round_trips_hostile_strings() -> None:
    value = {"a": HOSTILE, HOSTILE: [HOSTILE, "&amp;", "\u2028"]}
    text = script_json(value)
    assert json.loads(text) == value
    assert not set("<>&\u2028\u2029") & set(text)


def test_statistics_and_notes_only_when_given() -> None:
    game = sample_game()
    bare = render_page(game, title="t", headers={})
    assert 'id="stats"' not in bare and 'id="notes"' not in bare
    assert '<dl class="headers">' not in bare
    stats = {
        "moves": 314,
        "seats": {"1": {"damage_dealt": 3, "cards_used": 12}, "2": {"damage_dealt": 0}},
        "longest_turn": {"turn": 7, "moves": 31},
        "share": 0.25,
    }
    page = render_page(game, title="t", headers={}, stats=stats, notes=[(12, "a good play")])
    assert '<section id="stats">' in page and "damage dealt" in page and "0.25" in page
    assert '<li data-move="12"><a href="#move=12">move 12</a>' in page
    assert "a good play" in page


def test_the_narration_and_chart_are_in_the_page(tmp_path: Path) -> None:
    page = export_page(tmp_path)[0].read_text(encoding="utf-8")
    assert page.count('<path class="hp"') == 8
    assert '<div class="turn" data-turn="0"><h3>Setup</h3>' in page
    assert '<li data-move="1"><span class="n">1</span> an identity game for 8 players' in page
    assert "<title>sample identity game, 8 players</title>" in page


def test_an_existing_file_is_kept_without_force(tmp_path: Path) -> None:
    page, _ = export_page(tmp_path)
    url = f"sqlite:///{tmp_path / 'games.db'}"
    argv = ["export", "1", "--format", "html", "-o", str(page), "--db", url]
    assert run(build_parser(), argv, io.StringIO()) == 1
    assert run(build_parser(), [*argv, "--force"], io.StringIO()) == 0


# ---------------------------------------------------------------- the browser


def start_browser(env: dict[str, str] | None = None) -> Any:
    """Headless Chromium through the system chromedriver, with no network at all."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    chromium, driver = shutil.which("chromium"), shutil.which("chromedriver")
    if not chromium or not driver:
        pytest.fail("chromium and chromedriver are missing: run scripts/setup.sh test")
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in (
        "--headless=new",
        "--no-sandbox",  # the tests may run as root
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--window-size=1280,800",
        "--host-resolver-rules=MAP * ~NOTFOUND",  # no name resolves: nothing leaves
        "--proxy-server=127.0.0.1:9",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-default-apps",
        "--no-first-run",
        "--lang=en-GB",
    ):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    # A driver path given: Selenium Manager is never asked (it would download one).
    browser = webdriver.Chrome(service=Service(executable_path=driver, env=env), options=options)
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd(
        "Network.emulateNetworkConditions",
        {"offline": True, "latency": 0, "downloadThroughput": 0, "uploadThroughput": 0},
    )
    return browser


@pytest.fixture(scope="module")
def opened(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Any, Game]]:
    """The exported 8-player page open in the browser, with its game."""
    page, game = export_page(tmp_path_factory.mktemp("page"))
    browser = start_browser()
    try:
        browser.get(page.as_uri())
        yield browser, game
    finally:
        browser.quit()


READ_TABLE = """
const board = document.getElementById("board").dataset;
const seats = Array.from(document.querySelectorAll("#seats .seat"), (s) => ({...s.dataset}));
const now = Array.from(document.querySelectorAll("#turns li.now"), (li) => li.dataset.move);
const shown = Array.from(document.querySelectorAll("#turns .turn:not(.off)"),
                         (t) => t.dataset.turn);
return {board: {...board}, seats: seats, now: now, shown: shown,
        slider: document.getElementById("slider").value};
"""


def expected_table(game: Game, n: int) -> dict[str, object]:
    """What the page should show after move n, in its data attributes' words."""
    view = state_json(game.state_at(n), n, len(game))
    turn = view["turn"]
    seats = view["seats"]
    assert isinstance(turn, dict) and isinstance(seats, list)
    return {
        "board": {
            "move": str(n),
            "turn": str(turn["number"]),
            "turnSeat": str(turn["seat"] or ""),
            "phase": turn["phase"],
        },
        "seats": [
            {
                "seat": str(s["seat"]),
                "hp": str(s["hp"]),
                "maxHp": str(s["max_hp"]),
                "hand": str(s["hand_count"]),
                "alive": "true" if s["alive"] else "false",
                "role": s["role"] or "",
            }
            for s in seats
        ],
        "slider": str(n),
    }


def shown_table(browser: Any) -> dict[str, Any]:
    found: dict[str, Any] = browser.execute_script(READ_TABLE)
    return found


def assert_table(browser: Any, game: Game, n: int) -> None:
    shown = shown_table(browser)
    expected = expected_table(game, n)
    assert {k: shown[k] for k in expected} == expected, f"after move {n}"
    turn = game.state_at(n).turn.number
    assert len(shown["shown"]) == 1 and int(shown["shown"][0]) <= turn
    assert all(move == str(n) for move in shown["now"])


def move_slider(browser: Any, n: int) -> None:
    browser.execute_script(
        "const s = document.getElementById('slider'); s.value = arguments[0];"
        "s.dispatchEvent(new Event('input', {bubbles: true}));",
        n,
    )


def turn_starts(game: Game) -> list[int]:
    numbers = [game.state_at(n).turn.number for n in range(len(game) + 1)]
    return [0] + [n for n in range(1, len(numbers)) if numbers[n] != numbers[n - 1]]


def test_the_page_opens_at_the_end(opened: tuple[Any, Game]) -> None:
    browser, game = opened
    assert_table(browser, game, len(game))
    assert "game over" in browser.find_element("id", "turn").text


def test_the_slider_shows_the_table_at_each_move(opened: tuple[Any, Game]) -> None:
    browser, game = opened
    total = len(game)
    for n in (0, 1, 9, 10, 50, 123, 200, total - 1, total):
        move_slider(browser, n)
        assert_table(browser, game, n)


def test_the_arrow_and_page_keys_step(opened: tuple[Any, Game]) -> None:
    from selenium.webdriver.common.keys import Keys

    browser, game = opened
    body = browser.find_element("tag name", "body")
    move_slider(browser, 100)
    body.send_keys(Keys.ARROW_RIGHT)
    assert_table(browser, game, 101)
    body.send_keys(Keys.ARROW_LEFT, Keys.ARROW_LEFT)
    assert_table(browser, game, 99)
    starts = turn_starts(game)
    body.send_keys(Keys.PAGE_DOWN)
    assert_table(browser, game, min(s for s in starts if s > 99))
    body.send_keys(Keys.PAGE_UP, Keys.PAGE_UP)
    assert_table(browser, game, sorted(s for s in starts if s <= 99)[-2])
    body.send_keys(Keys.HOME)
    assert_table(browser, game, 0)
    body.send_keys(Keys.ARROW_LEFT)  # stays at the start
    assert_table(browser, game, 0)
    body.send_keys(Keys.END)
    assert_table(browser, game, len(game))


def test_the_buttons_step(opened: tuple[Any, Game]) -> None:
    browser, game = opened
    starts = turn_starts(game)
    move_slider(browser, 60)
    browser.find_element("id", "prev").click()
    assert_table(browser, game, 59)
    browser.find_element("id", "next").click()
    browser.find_element("id", "next").click()
    assert_table(browser, game, 61)
    browser.find_element("id", "next-turn").click()
    assert_table(browser, game, min(s for s in starts if s > 61))
    browser.find_element("id", "first").click()
    assert_table(browser, game, 0)
    browser.find_element("id", "last").click()
    assert_table(browser, game, len(game))


def test_no_errors_and_no_requests(opened: tuple[Any, Game]) -> None:
    browser, _ = opened
    resources = browser.execute_script("return performance.getEntriesByType('resource').length")
    assert resources == 0
    problems = [e for e in browser.get_log("browser") if e["level"] in ("SEVERE", "WARNING")]
    assert problems == []
    urls = []
    for entry in browser.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Network.requestWillBeSent":
            urls.append(message["params"]["request"]["url"])
    assert urls and all(url.startswith("file://") for url in urls), urls


@pytest.mark.usefixtures("chinese")
def test_a_page_made_in_chinese_reads_chinese(tmp_path: Path) -> None:
    """The page speaks the language it was exported in: its fixed words, the names
    in its data and the words its script shows; the positions stay state_json's."""
    page_file, game = export_page(tmp_path)
    page = page_file.read_text(encoding="utf-8")
    assert '<html lang="zh-CN">' in page
    data = embedded_data(page)
    assert data["words"]["phases"]["play"] == "出牌阶段"
    assert data["words"]["roles"]["renegade"] == "内奸"
    assert data["words"]["slots"]["defensive_horse"] == "+1马"
    assert "孙权" in data["generals"].values()
    frames = frames_of(data)
    with speaking(SOURCE):
        assert frames[200] == as_json(state_json(game.state_at(200), 200, len(game)))
    browser = start_browser()
    try:
        browser.get(f"{page_file.as_uri()}#move=120")
        browser.refresh()
        assert_table(browser, game, 120)
        phase = game.state_at(120).turn.phase
        assert phase_name(phase) in browser.find_element("id", "turn").text
        roles = [e.text for e in browser.find_elements("css selector", "#seats .role")]
        assert "主公" in roles and "lord" not in roles
        problems = [e for e in browser.get_log("browser") if e["level"] in ("SEVERE", "WARNING")]
        assert problems == []
    finally:
        browser.quit()


# ---------------------------------------------------------------- screenshots

SHOTS = ROOT / "docs" / "review"
SHOT_MOVE = 123


def cjk_fonts(folder: Path) -> dict[str, str]:
    """An environment whose fontconfig also knows the project's CJK font, so that a
    machine without Chinese fonts still draws the names in the screenshots."""
    conf = folder / "fonts.conf"
    conf.write_text(
        '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n'
        '  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>\n'
        f"  <dir>{ROOT / 'assistant' / 'assets'}</dir>\n"
        f"  <cachedir>{folder / 'font-cache'}</cachedir>\n</fontconfig>\n",
        encoding="utf-8",
    )
    return {**os.environ, "FONTCONFIG_FILE": str(conf)}


def take_screenshots(folder: Path) -> list[Path]:
    page, _ = export_page(folder)
    browser = start_browser(cjk_fonts(folder))
    saved = []
    try:
        SHOTS.mkdir(parents=True, exist_ok=True)
        for name, width, height in (("desktop", 1280, 800), ("phone", 412, 915)):
            browser.execute_cdp_cmd(
                "Emulation.setDeviceMetricsOverride",
                {
                    "width": width,
                    "height": height,
                    "deviceScaleFactor": 1,
                    "mobile": name == "phone",
                },
            )
            browser.get(f"{page.as_uri()}#move={SHOT_MOVE}")
            browser.refresh()
            path = SHOTS / f"page-{name}.png"
            assert browser.get_screenshot_as_file(str(path)), path
            saved.append(path)
    finally:
        browser.quit()
    return saved


def main(argv: list[str]) -> int:
    if argv != ["--screenshots"]:
        print("usage: python -m tests.assistant.test_page --screenshots", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as folder:
        for path in take_screenshots(Path(folder)):
            print(f"saved {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))


def test_a_note_on_move_30_reaches_the_page_through_export_and_import(tmp_path: Path) -> None:
    """Issue 13: a note added to move 30 survives store -> export (sgs and json) ->
    import -> html; the page also carries the game's statistics."""
    note = "关羽 should have kept the 闪; <b>not bold</b> & \u2028 fine"
    first = f"sqlite:///{tmp_path / 'first.db'}"
    with Store.open(first) as store:
        game_id = store.import_record(parse_record(SAMPLE.read_text(encoding="utf-8")))
        store.add_note(game_id, 30, note)
        exported = {form: store.export(game_id, form) for form in ("sgs", "json")}
    for form, text in exported.items():
        url = f"sqlite:///{tmp_path / f'{form}.db'}"
        record_file = tmp_path / f"game.{form}"
        record_file.write_text(text, encoding="utf-8")
        out = io.StringIO()
        assert run(build_parser(), ["import", str(record_file), "--db", url], out) == 0
        page = tmp_path / f"{form}.html"
        argv = ["export", "1", "--format", "html", "-o", str(page), "--db", url]
        assert run(build_parser(), argv, out) == 0, out.getvalue()
        html_text = page.read_text(encoding="utf-8")
        notes = re.search(r'<section id="notes">(.*?)</section>', html_text, re.S)
        assert notes is not None, form
        assert note in html.unescape(notes.group(1)) and 'data-move="30"' in notes.group(1), form
        assert "<b>not bold</b>" not in html_text  # escaped wherever it is shown
        assert '<section id="stats">' in html_text, form
