"""Every screen in each language and size: nothing clipped, no English word on a Chinese or
Japanese one.

tests/mobile/drive_words.py walks the real app (home, setup, and for games
of the 8-player sample at moves 118, 139, 192 and its end: the table, scan,
distances, settlement, log and replay screens, the replay's statistics and
games list) and reads every label, once per language, at a desktop's size
(1280x800 at its own density) and a 6.5" phone's (405 dpi), upright and
turned (1080x2400, 2400x1080): the window changes in the app's process. At
each size no label is clipped or shortened, and none overlaps another
(`tests.mobile.fit`); on the phone every text a player reads is at least
2.9 mm high. In Chinese (the default) and Japanese, a label may hold no
Latin word but a card's key (``sha``) and numbers; in English, no label holds
Chinese or Japanese (the cards, generals and skills have English names too).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from assistant.i18n import LANGUAGE_NAMES
from assistant.store import Store
from engine.catalogue import standard_catalogue
from engine.record import Record, parse_record
from tests.mobile.app_run import REPO, run_driver

DRIVER = Path(__file__).with_name("drive_words.py")
SAMPLE = REPO / "samples" / "identity-8.sgs"
MOVES = (118, 139, 192, None)  # None: the whole game, to its end
LANGUAGES = ["zh_CN", "en", "ja"]
# A desktop window at its display's density, and a 6.5" 20:9 phone (405 dpi) held
# upright and turned (as tests/mobile/test_layout_app.py's).
DESKTOP = "1280x800"
PHONE = ["1080x2400@405", "2400x1080@405"]
SIZES = [DESKTOP, *PHONE]
READ_MM = 2.9  # mobile.widgets.base.READ_MM (importing it would start Kivy)
PX_PER_MM = 405 / 25.4
# A Latin word: letters not joined to digits (1v1, x2, #42 are not words).
WORD = re.compile(r"(?<![A-Za-z0-9])[A-Za-z]+(?![A-Za-z0-9])")
CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]")
CARD_KEYS = frozenset(kind.key for kind in standard_catalogue().kinds.values())


# Kivy's markup tags ([b], [color=#c0392b], [/size]) are drawn as style, not words.
MARKUP = re.compile(r"\[/?[a-z]+(=[^\]]*)?\]")
# A card's face: its suit and rank as printed (♠A, ♥Q, ♦10).
FACE = re.compile(r"[♠♥♣♦](A|J|Q|K|10|[2-9])")
# Each language's button names it in its own words (English on every screen).
OWN_NAMES = frozenset(LANGUAGE_NAMES.values())


def latin_words(text: str) -> list[str]:
    """The Latin words of ``text`` that are not card keys (markup tags are not words).

    >>> latin_words("[b]3号位[/b] 杀♠7 (sha) · 杀♥Q · 1v1 · x2 · #42 · play phase")
    ['play', 'phase']
    """
    if text in OWN_NAMES:
        return []
    plain = FACE.sub("", MARKUP.sub("", text))
    return [w for w in WORD.findall(plain) if w not in CARD_KEYS]


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[int]]:
    """A store holding the sample at each of MOVES."""
    folder = tmp_path_factory.mktemp("words")
    db = folder / "app.db"
    record = parse_record(SAMPLE.read_text(encoding="utf-8"))
    ids = []
    with Store.open(f"sqlite:///{db}") as store:
        for n in MOVES:
            moves = record.moves if n is None else record.moves[:n]
            ids.append(store.import_record(Record(dict(record.headers), moves)))
    return db, ids


@pytest.fixture(scope="module", params=LANGUAGES)
def walked(
    request: pytest.FixtureRequest,
    games: tuple[Path, list[int]],
    tmp_path_factory: pytest.TempPathFactory,
) -> tuple[str, dict[str, Any]]:
    """One run of the app per language, walking every screen at each of SIZES."""
    lang = request.param
    db, ids = games
    out = tmp_path_factory.mktemp(f"words-{lang}")
    sizes = [a for size in SIZES for a in ("--size", size)]
    report: dict[str, Any] = run_driver(
        DRIVER, out, db, lang=lang, args=[*sizes, *(str(i) for i in ids)], timeout=900,
        screen="2400x2400",
    )  # fmt: skip
    # Every screen was read, for every game, at every size.
    labels: dict[str, list[str]] = report["labels"]
    assert {"home", "setup"} <= set(labels)
    for i in ids:
        for screen in ("table", "scan", "distances", "settlement", "log", "replay"):
            assert labels.get(f"{screen}@{i}"), f"{screen}@{i} showed no label"
    assert sorted(report["sizes"]) == sorted(SIZES)
    for size, walk in report["sizes"].items():
        assert set(walk["clipped"]) == set(labels), size
    return lang, report


def test_no_label_is_clipped(walked: tuple[str, dict[str, Any]]) -> None:
    """At the desktop's size and a phone's, upright and turned: every label's text fits
    its box (set again without limits), is never shortened, its box lies inside what
    holds it, and no two labels a player sees overlap."""
    lang, report = walked
    problems = {
        f"{size} {place}": found
        for size, walk in report["sizes"].items()
        for kind in ("clipped", "overlaps")
        for place, found in walk[kind].items()
        if found
    }
    shown = "\n".join(f"{key}: {p}" for key, found in problems.items() for p in found[:8])
    assert not problems, f"{lang}: labels clipped or overlapping\n{shown[:6000]}"


def test_every_label_is_at_least_2_9_mm_on_a_phone(walked: tuple[str, dict[str, Any]]) -> None:
    """On the phone every text a player reads is at least 2.9 mm high (the home screen and
    the statistics may be smaller: they are read close up, not during play)."""
    lang, report = walked
    for size in PHONE:
        walk = report["sizes"][size]
        assert walk["read_px"] == pytest.approx(READ_MM * PX_PER_MM, rel=1e-3)
        for place, smallest in walk["smallest"].items():
            if smallest is None:
                continue
            px, text = smallest
            assert px / PX_PER_MM >= READ_MM - 0.01, f"{lang} {size} {place}: {text!r} {px:.1f} px"


def test_no_latin_word_on_any_screen(walked: tuple[str, dict[str, Any]]) -> None:
    """In Chinese and Japanese, no Latin word but a card's key."""
    lang, report = walked
    if lang == "en":
        return
    labels: dict[str, list[str]] = report["labels"]
    found = {
        (place, text): words
        for place, texts in labels.items()
        for text in texts
        if (words := latin_words(text))
    }
    shown = "\n".join(f"{place}: {text!r} -> {words}" for (place, text), words in found.items())
    assert not found, f"{len(found)} labels with Latin words in {lang}:\n{shown[:4000]}"
    # The screens did speak the language: its own script is everywhere.
    script = re.compile(r"[\u3040-\u30ff]") if lang == "ja" else re.compile(r"[\u4e00-\u9fff]")
    for place, texts in labels.items():
        assert any(script.search(t) for t in texts), f"{place}: nothing in {lang}'s own script"


def test_english_screens_are_english(walked: tuple[str, dict[str, Any]]) -> None:
    """English names the cards, generals and skills too: no Chinese or Japanese on an
    English screen but the language buttons' own names (简体中文, 日本語)."""
    lang, report = walked
    if lang != "en":
        return
    labels: dict[str, list[str]] = report["labels"]
    allowed = set("".join(LANGUAGE_NAMES.values()))
    found = {
        (place, text)
        for place, texts in labels.items()
        for text in texts
        if any(CJK.match(ch) and ch not in allowed for ch in text)
    }
    assert not found, f"{len(found)} English labels with CJK text: {sorted(found)[:40]}"
