"""Every screen in each language: nothing clipped, no English word on a Chinese or Japanese one.

tests/mobile/drive_words.py walks the real app (home, setup, and for games
of the 8-player sample at moves 118, 139, 192 and its end: the table, scan,
distances, settlement, log and replay screens) and reads every label. In
Chinese (the default) and Japanese, a label may hold no Latin word but a
card's key (``sha``) and numbers; in English, no label holds Chinese or Japanese
(the cards, generals and skills have English names too).
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


def walk(games: tuple[Path, list[int]], lang: str, out: Path) -> dict[str, list[str]]:
    """Every screen's labels in ``lang``, after checking no label's text is clipped."""
    db, ids = games
    report: dict[str, Any] = run_driver(
        DRIVER, out, db, lang=lang, args=[str(i) for i in ids], timeout=300
    )
    clipped = {place: found for place, found in report["clipped"].items() if found}
    assert not clipped, f"labels clipped in {lang}: {clipped}"
    labels: dict[str, list[str]] = report["labels"]
    # Every screen was read, for every game.
    assert {"home", "setup"} <= set(labels)
    for i in ids:
        for screen in ("table", "scan", "distances", "settlement", "log", "replay"):
            assert labels.get(f"{screen}@{i}"), f"{screen}@{i} showed no label"
    return labels


@pytest.mark.parametrize("lang", ["zh_CN", "ja"])
def test_no_latin_word_on_any_screen(
    games: tuple[Path, list[int]], lang: str, tmp_path: Path
) -> None:
    labels = walk(games, lang, tmp_path)
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


def test_english_screens_are_english(games: tuple[Path, list[int]], tmp_path: Path) -> None:
    """English names the cards, generals and skills too: no Chinese or Japanese on an
    English screen but the language buttons' own names (简体中文, 日本語)."""
    labels = walk(games, "en", tmp_path)
    allowed = set("".join(LANGUAGE_NAMES.values()))
    found = {
        (place, text)
        for place, texts in labels.items()
        for text in texts
        if any(CJK.match(ch) and ch not in allowed for ch in text)
    }
    assert not found, f"{len(found)} English labels with CJK text: {sorted(found)[:40]}"
