"""Sticker sheets: every sticker of a table prints, scans back, and is the right size.

The sheets are rendered to grey pages at 150 dpi, as a cheap printer would
print them, and every sticker is read back from its place on the sheet.
"""

from __future__ import annotations

import doctest
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np
import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_raw
import pytest
from numpy.typing import NDArray

import vision.labels
from assistant.i18n import speaking
from assistant.resources import cjk_font_path
from assistant.stickers import KINDS, stickers_for
from vision.decode import decode
from vision.labels import (
    CODE_MM,
    COLUMNS,
    MIN_MARGIN_MM,
    MODULE_MM,
    PAPERS,
    QR_MODULES,
    QUIET_MM,
    QUIET_MODULES,
    ROWS,
    STICKER_HEIGHT_MM,
    STICKER_WIDTH_MM,
    STICKERS_PER_SHEET,
    SheetLayout,
    Sticker,
    qr_matrix,
    render_sheets,
    sheet_layout,
    sheets_needed,
)
from vision.payload import PayloadError

DPI = 150
PX_PER_MM = DPI / 25.4
Gray = NDArray[np.uint8]


def decode_texts(gray: Gray) -> list[str]:
    """Every QR text the project's decoder finds in a grey image."""
    return [reading.payload for reading in decode(gray)]


def all_stickers() -> list[Sticker]:
    return [sticker for kind in KINDS for sticker in stickers_for(kind)]


@dataclass(frozen=True)
class Sheets:
    paper: str
    stickers: list[Sticker]
    pdf: bytes
    pages: list[Gray]

    @property
    def layout(self) -> SheetLayout:
        return sheet_layout(self.paper)

    def slots(self) -> Iterator[tuple[int, int, Sticker | None]]:
        """(page, slot, sticker or None for an empty slot) over every slot of every page."""
        for page in range(len(self.pages)):
            for slot in range(STICKERS_PER_SHEET):
                index = page * STICKERS_PER_SHEET + slot
                yield page, slot, self.stickers[index] if index < len(self.stickers) else None


def px(mm: float) -> int:
    return round(mm * PX_PER_MM)


def sticker_crop(sheets: Sheets, page: int, slot: int, inset_mm: float = 0.0) -> Gray:
    x, y = sheets.layout.sticker_origin(slot)
    return sheets.pages[page][
        px(y + inset_mm) : px(y + STICKER_HEIGHT_MM - inset_mm),
        px(x + inset_mm) : px(x + STICKER_WIDTH_MM - inset_mm),
    ]


@pytest.fixture(scope="module", params=sorted(PAPERS))
def sheets(request: pytest.FixtureRequest) -> Sheets:
    paper: str = request.param
    with speaking("zh_CN"):  # the Chinese names prove the CJK font is embedded
        stickers = all_stickers()
    pdf = render_sheets(stickers, paper, cjk_font_path())
    document = pdfium.PdfDocument(pdf)
    pages = [page.render(scale=DPI / 72, grayscale=True).to_numpy() for page in document]
    return Sheets(paper, stickers, pdf, [p.reshape(p.shape[:2]) for p in pages])


def test_layout_constants_give_big_enough_modules() -> None:
    assert MODULE_MM >= 1.5
    assert QR_MODULES == 21 and QUIET_MODULES == 4
    assert round(QR_MODULES * MODULE_MM, 3) == CODE_MM
    assert round((QR_MODULES + 2 * QUIET_MODULES) * MODULE_MM, 3) == STICKER_WIDTH_MM
    assert STICKER_HEIGHT_MM > STICKER_WIDTH_MM  # a text band under the quiet zone
    assert STICKERS_PER_SHEET == COLUMNS * ROWS == 20


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_everything_printed_stays_inside_the_printable_page(paper: str) -> None:
    layout = sheet_layout(paper)
    left, top, right, bottom = layout.content_box()
    size = PAPERS[paper]
    assert left >= MIN_MARGIN_MM and top >= MIN_MARGIN_MM
    assert size.width_mm - right >= MIN_MARGIN_MM
    assert size.height_mm - bottom >= MIN_MARGIN_MM
    last_x, last_y = layout.sticker_origin(STICKERS_PER_SHEET - 1)
    assert last_x + STICKER_WIDTH_MM <= right + 1e-9
    assert last_y + STICKER_HEIGHT_MM <= bottom + 1e-9


def test_every_sticker_scans_back_from_its_place(sheets: Sheets) -> None:
    assert len(sheets.pages) == sheets_needed(len(sheets.stickers)) == 14
    read: Counter[str] = Counter()
    for page, slot, sticker in sheets.slots():
        found = decode_texts(sticker_crop(sheets, page, slot))
        if sticker is None:
            assert found == [], f"page {page + 1} slot {slot} should be empty"
            continue
        assert found == [sticker.payload], f"page {page + 1} slot {slot}: {sticker.title}"
        read.update(found)
    assert read == Counter(sticker.payload for sticker in sheets.stickers)
    # Every payload once, except the role cards a 10-player table holds several of.
    assert len(read) == 213 + 25 + 5 + 10 + 5  # role numbers 1-5 (5: 平民)
    assert read["SG1R3H"] == 4  # four rebels


def test_measured_modules_are_at_least_1_5_mm_and_sit_in_their_quiet_zone(
    sheets: Sheets,
) -> None:
    for page, slot, sticker in sheets.slots():
        if sticker is None:
            break
        x, y = sheets.layout.code_origin(slot)
        # The code and half its quiet zone, away from the cut lines.
        margin = QUIET_MM / 2
        area = sheets.pages[page][
            px(y - margin) : px(y + CODE_MM + margin), px(x - margin) : px(x + CODE_MM + margin)
        ]
        rows, columns = np.nonzero(area < 128)
        width_px = columns.max() - columns.min() + 1
        height_px = rows.max() - rows.min() + 1
        module_mm = width_px / QR_MODULES / PX_PER_MM
        assert module_mm >= 1.5, f"{sticker.payload}: {module_mm:.3f} mm"
        assert module_mm == pytest.approx(MODULE_MM, abs=0.02)
        assert height_px == pytest.approx(width_px, abs=1)
        # The code starts where the layout says: the quiet zone is whole.
        assert (columns.min() / PX_PER_MM) == pytest.approx(margin, abs=0.2)
        assert (rows.min() / PX_PER_MM) == pytest.approx(margin, abs=0.2)


def test_nothing_is_printed_in_a_quiet_zone(sheets: Sheets) -> None:
    for page, slot, sticker in sheets.slots():
        if sticker is None:
            break
        # Sticker minus its cut lines, down to the bottom of the quiet zone.
        crop = sticker_crop(sheets, page, slot, inset_mm=0.4)[: px(STICKER_WIDTH_MM - 0.8)]
        quiet = crop.copy()
        code = slice(px(QUIET_MM - 0.4) - 1, px(QUIET_MM - 0.4 + CODE_MM) + 1)
        quiet[code, code] = 255
        assert quiet.min() > 200, f"ink in the quiet zone of {sticker.payload}"


def test_sheets_are_vector_drawings_with_the_names_as_text(sheets: Sheets) -> None:
    document = pdfium.PdfDocument(sheets.pdf)
    text = ""
    for page in document:
        kinds = {obj.type for obj in page.get_objects()}
        assert pdfium_raw.FPDF_PAGEOBJ_IMAGE not in kinds, "QR codes must be vector, not raster"
        page_text = page.get_textpage().get_text_bounded()
        assert "print at 100% / actual size" in page_text
        text += page_text
    # Extracted text proves the subset font embedded these glyphs.
    for word in ("杀", "诸葛连弩", "青釭剑", "夏侯惇", "主公", "内奸", "10号位", "结束阶段"):
        assert word in text
    for symbol in "♠♥♣♦":
        assert symbol in text
    assert "Green Dragon Crescent Blade" in text


def test_red_suits_print_in_their_accent_colour() -> None:
    hearts = next(s for s in stickers_for("cards") if "♥" in s.subtitle)
    spades = next(s for s in stickers_for("cards") if "♠" in s.subtitle)
    pdf = render_sheets([hearts, spades], "a4", cjk_font_path())
    bitmap = pdfium.PdfDocument(pdf)[0].render(scale=DPI / 72)
    page: NDArray[np.int_] = bitmap.to_numpy()[..., :3].astype(int)
    layout = sheet_layout("a4")

    def band(slot: int) -> NDArray[np.int_]:
        x, y = layout.sticker_origin(slot)
        top = y + STICKER_WIDTH_MM
        return page[px(top) : px(y + STICKER_HEIGHT_MM), px(x) : px(x + STICKER_WIDTH_MM)]

    def reddish(pixels: NDArray[np.int_]) -> int:
        # pdfium hands back BGR(x); red is the last of the three channels.
        blue, green, red = pixels[..., 0], pixels[..., 1], pixels[..., 2]
        return int(np.count_nonzero((red > 150) & (green < 110) & (blue < 110)))

    assert reddish(band(0)) > 20
    assert reddish(band(1)) == 0


def test_qr_codes_are_forced_to_version_1_level_h() -> None:
    for sticker in all_stickers():
        matrix = qr_matrix(sticker.payload)
        assert len(matrix) == QR_MODULES and {len(row) for row in matrix} == {QR_MODULES}


def test_a_sticker_never_carries_a_text_that_is_not_a_payload() -> None:
    with pytest.raises(PayloadError):
        qr_matrix("SG1C001Z")  # wrong check character
    with pytest.raises(PayloadError):
        render_sheets([Sticker("HELLO", "x", "y")], "a4", cjk_font_path())


def test_refusals() -> None:
    font = cjk_font_path()
    with pytest.raises(ValueError, match="no stickers"):
        render_sheets([], "a4", font)
    with pytest.raises(ValueError, match="unknown paper 'a3'"):
        render_sheets([Sticker("SG1S05S", "5号位", "seat 5")], "a3", font)
    with pytest.raises(ValueError, match="too long for a sticker"):
        render_sheets([Sticker("SG1S05S", "5号位", "seat 5 " * 20)], "a4", font)
    with pytest.raises(ValueError, match="slot 20"):
        sheet_layout("a4").sticker_origin(20)


def test_docstring_examples() -> None:
    assert doctest.testmod(vision.labels, optionflags=doctest.ELLIPSIS).failed == 0
