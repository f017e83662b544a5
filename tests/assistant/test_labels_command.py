"""``sgs-table labels``: which stickers a table gets, what they say, and the command."""

from __future__ import annotations

import doctest
import io
from collections import Counter
from pathlib import Path

import pypdfium2 as pdfium
import pytest

import assistant.stickers.sheets
from assistant.cli import build_parser, run
from assistant.stickers import (
    KINDS,
    LabelReport,
    parse_kinds,
    sheet_words,
    stickers_for,
    write_labels,
)
from assistant.terms import ACTION_LABELS, ROLE_CARDS
from engine.catalogue import standard_catalogue
from vision.labels import SheetWords, describe_sheet
from vision.payload import Action, CardTag, GeneralTag, RoleTag, SeatTag, Tag, parse


def labels(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = run(build_parser(), ["labels", *argv], out)
    return code, out.getvalue()


def test_one_card_sticker_per_physical_card() -> None:
    cards = standard_catalogue().cards
    stickers = stickers_for("cards")
    assert [parse(s.payload) for s in stickers] == [CardTag(card.id) for card in cards]
    assert stickers[0].title == "杀" and stickers[0].subtitle == "♠7  #1  Sha"
    for card, sticker in zip(cards, stickers, strict=True):
        assert sticker.title == card.name
        assert sticker.subtitle.startswith(card.face)
        red = card.face[:1] in ("♥", "♦")
        assert (sticker.accent is not None) == red, sticker
    seal = stickers[-1]  # 逐鹿天下's 玉玺: no suit or rank to print (rules 003)
    assert (seal.title, seal.subtitle, seal.accent) == ("玉玺", "#213  Imperial Seal", None)


# The general each printed number names, for good: generals.toml may grow
# at the end but never be reordered.
PRINTED_GENERALS = (  # noqa: SIM905 (one line of names reads better than 25)
    "曹操 司马懿 夏侯惇 张辽 许褚 郭嘉 甄姬 刘备 关羽 张飞 诸葛亮 赵云 马超 黄月英 "
    "孙权 甘宁 吕蒙 黄盖 周瑜 大乔 陆逊 孙尚香 华佗 吕布 貂蝉"
).split()


def test_printed_general_numbers_keep_naming_the_same_generals() -> None:
    titles = [s.title for s in stickers_for("generals")]
    assert titles[: len(PRINTED_GENERALS)] == PRINTED_GENERALS


def test_a_generals_number_is_its_place_in_the_catalogue() -> None:
    generals = [g for g in standard_catalogue().generals if g.package == "standard"]
    stickers = stickers_for("generals")
    assert [parse(s.payload) for s in stickers] == [GeneralTag(n) for n in range(1, 26)]
    assert [s.title for s in stickers] == [g.name for g in generals]
    assert stickers[0].title == "曹操" and "#1" in stickers[0].subtitle


def test_the_packs_generals_have_their_own_numbers_after_the_standard_ones() -> None:
    """神话再临: 风 26-35, 火 36-45, 林 46-55, 山 56-65, each pack from its file's
    first_number, so a pack that grows never renumbers the next."""
    packs = ("wind", "fire", "forest", "mountain")
    stickers = stickers_for("generals", packs)
    assert [parse(s.payload) for s in stickers] == [GeneralTag(n) for n in range(26, 66)]
    assert stickers[0].title == "夏侯渊" and "#26" in stickers[0].subtitle
    assert stickers[-1].title == "神司马懿" and "#65" in stickers[-1].subtitle
    assert len(stickers_for("generals", ("standard", *packs))) == 65


@pytest.mark.usefixtures("chinese")
def test_roles_cover_a_ten_player_identity_table() -> None:
    stickers = stickers_for("roles")
    numbers = Counter(parse(s.payload) for s in stickers)
    assert numbers == {RoleTag(1): 1, RoleTag(2): 3, RoleTag(3): 4, RoleTag(4): 2, RoleTag(5): 1}
    assert [(n, zh) for n, zh, _, _ in ROLE_CARDS] == [
        (1, "主公"),
        (2, "忠臣"),
        (3, "反贼"),
        (4, "内奸"),
        (5, "平民"),  # 国际版's civilian (rules 001)
    ]
    assert {s.title for s in stickers if s.payload == str(RoleTag(4))} == {"内奸"}


@pytest.mark.usefixtures("chinese")
def test_seats_and_actions() -> None:
    seats = stickers_for("seats")
    assert [parse(s.payload) for s in seats] == [SeatTag(n) for n in range(1, 11)]
    assert (seats[4].title, seats[4].subtitle) == ("5号位", "seat 5")
    actions = stickers_for("actions")
    assert [s.title for s in actions] == ["确定", "取消", "撤销", "结束阶段", "跳过"]
    assert [s.title for s in actions] == [zh for zh, _ in ACTION_LABELS.values()]
    assert set(ACTION_LABELS) == set(Action)


def test_titles_and_footers_are_in_the_language_in_use() -> None:
    """The source's words (C) name roles, seats and actions in English; the
    footer's words come from the catalogs too, English by default."""
    assert [s.title for s in stickers_for("roles")][:2] == ["lord", "loyalist"]
    assert stickers_for("seats")[0].title == "seat 1"
    assert stickers_for("actions")[0].title == "confirm"
    words = sheet_words()
    assert words == SheetWords()  # the source's words are vision's own English
    tags: list[Tag] = [RoleTag(1), RoleTag(2), RoleTag(2), SeatTag(7)]
    assert describe_sheet(tags, words) == "3 roles, seats 7"


def test_kinds_are_read_in_print_order_and_checked() -> None:
    assert parse_kinds("actions,cards") == ("cards", "actions")
    assert parse_kinds(",".join(KINDS)) == KINDS
    with pytest.raises(ValueError, match="unknown label kind 'card'"):
        parse_kinds("card")
    with pytest.raises(ValueError, match="no label kind"):
        parse_kinds(",")
    with pytest.raises(ValueError, match="unknown label kind"):
        stickers_for("dice")


def test_write_labels_reports_what_it_wrote(tmp_path: Path) -> None:
    out = tmp_path / "labels.pdf"
    calls: list[tuple[int, int]] = []
    report = write_labels(["actions", "roles"], "letter", out, progress=lambda *a: calls.append(a))
    assert report == LabelReport(out, "letter", {"roles": 11, "actions": 5}, 1)  # roles: 10 + 平民
    assert calls == [(1, 1)]
    document = pdfium.PdfDocument(out)
    assert len(document) == 1
    width, height = document[0].get_size()
    assert (round(width), round(height)) == (612, 792)  # US Letter in points


def test_the_command_writes_every_kind_by_default(tmp_path: Path) -> None:
    out = tmp_path / "labels.pdf"
    code, text = labels("-o", str(out))
    assert code == 0
    assert text == (
        f"wrote {out}: 213 cards, 25 generals, 11 roles, 10 seats, 5 actions on 14 A4 pages\n"
    )
    assert len(pdfium.PdfDocument(out)) == 14


def test_the_command_takes_a_subset_and_a_paper(tmp_path: Path) -> None:
    out = tmp_path / "seats.pdf"
    code, text = labels("--what", "seats,actions", "--paper", "letter", "-o", str(out))
    assert (code, text) == (0, f"wrote {out}: 10 seats, 5 actions on 1 Letter page\n")


def test_an_unknown_kind_is_one_clear_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        labels("--what", "cards,dice", "-o", str(tmp_path / "x.pdf"))
    assert exit_.value.code == 2
    error = capsys.readouterr().err.strip().splitlines()[-1]
    assert error.endswith(
        "argument --what: unknown label kind 'dice'; "
        "choose from cards, generals, roles, seats, actions"
    )
    assert not (tmp_path / "x.pdf").exists()


def test_an_unwritable_file_is_an_error_not_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, text = labels("--what", "actions", "-o", str(tmp_path / "missing" / "x.pdf"))
    assert (code, text) == (1, "")
    assert capsys.readouterr().err.startswith("sgs-table: cannot write ")


def test_docstring_examples() -> None:
    assert doctest.testmod(assistant.stickers.sheets, optionflags=doctest.ELLIPSIS).failed == 0
