"""Printable sticker sheets: QR codes with their names in print, laid out for cutting.

The caller says what each sticker says (`Sticker`: payload, title, subtitle,
accent colour) and the words of the sheets' footers (`SheetWords`, English
unless the caller words them: vision knows no language); this module knows the
payload grammar and the paper, nothing of the game. `render_sheets` returns
the PDF.

Sheet layout
============

The same on A4 and US Letter, so a module is the same size whatever the
paper:

- **QR code**: version 1 (21 x 21 modules), error correction H, alphanumeric
  mode, forced (`qr_matrix` refuses anything else). A module is
  `MODULE_MM` = 1.6 mm: the design asks for at least 1.5 mm so a phone 30-40 cm
  away resolves the code, and the extra 0.1 mm leaves room for a printer
  that shrinks a little. The code is 33.6 mm across.
- **Quiet zone**: `QUIET_MODULES` = 4 modules (6.4 mm) of blank paper on every
  side, inside the sticker, so a sticker keeps its own quiet zone whatever card
  art it sits on.
- **Print**: under the quiet zone, a band of `TEXT_BAND_MM` holding the title
  (a Chinese name, in the packaged CJK font) and the subtitle (suit and rank,
  number, English name), centred; the subtitle takes the sticker's accent
  colour (red for hearts and diamonds). Nothing is printed in the quiet zone.
- **Sticker**: `STICKER_WIDTH_MM` x `STICKER_HEIGHT_MM` = 46.4 x 53.3 mm.
- **Sheet**: `COLUMNS` x `ROWS` = 4 x 5 = 20 stickers edge to edge (no
  gutter: each sticker already carries its quiet zone) with thin grey cut
  lines on the sticker borders, the grid centred on the page. Five rows of
  stickers are all Letter's height holds with every mark at least
  `MIN_MARGIN_MM` (a quarter inch: nearer the edge many printers cannot
  print) from the edge, so the page footer (sheet n/m, what the sheet holds, "print at 100%" and a
  30 mm bar to check the scale with a ruler) runs up the left margin, where
  both papers have room to spare, and the text band gets the height instead.

Stickers flow from sheet to sheet in the order given; the last sheet may be
partly empty.

>>> MODULE_MM * QR_MODULES, STICKER_WIDTH_MM, STICKERS_PER_SHEET
(33.6, 46.4, 20)
>>> sheets_needed(210)
11
>>> layout = sheet_layout("a4")
>>> layout.code_origin(0)
(18.6, 21.65)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

import segno
from fpdf import FPDF
from fpdf.enums import PathPaintRule

from vision.payload import ActionTag, CardTag, GeneralTag, RoleTag, SeatTag, Tag, parse

__all__ = [
    "COLUMNS",
    "ENGLISH",
    "MIN_MARGIN_MM",
    "MODULE_MM",
    "PAPERS",
    "QR_ERROR",
    "QR_MODULES",
    "QR_VERSION",
    "QUIET_MODULES",
    "ROWS",
    "STICKERS_PER_SHEET",
    "STICKER_HEIGHT_MM",
    "STICKER_WIDTH_MM",
    "TEXT_BAND_MM",
    "Paper",
    "SheetLayout",
    "SheetWords",
    "Sticker",
    "describe_sheet",
    "qr_matrix",
    "render_sheets",
    "sheet_layout",
    "sheets_needed",
]

QR_VERSION: Final = 1
QR_ERROR: Final = "H"
QR_MODULES: Final = 21  # 17 + 4 * version
QUIET_MODULES: Final = 4
MODULE_MM: Final = 1.6
CODE_MM: Final = round(QR_MODULES * MODULE_MM, 3)
QUIET_MM: Final = round(QUIET_MODULES * MODULE_MM, 3)
TEXT_BAND_MM: Final = 6.9
STICKER_WIDTH_MM: Final = round(CODE_MM + 2 * QUIET_MM, 3)
STICKER_HEIGHT_MM: Final = round(STICKER_WIDTH_MM + TEXT_BAND_MM, 3)
COLUMNS: Final = 4
ROWS: Final = 5
STICKERS_PER_SHEET: Final = COLUMNS * ROWS
FOOTER_GAP_MM: Final = 1.6  # from the grid's left edge to the footer's baseline
MIN_MARGIN_MM: Final = 6.35
"""The edge no mark comes closer to: a quarter inch, the usual unprintable margin."""

_TITLE_PT: Final = 9.5
_SUBTITLE_PT: Final = 6.0
_FOOTER_PT: Final = 6.5
# Below these a name is too small to read while sticking stickers on cards;
# a caller's text that does not fit even then is refused, not cut off.
_MIN_TITLE_PT: Final = 6.0
_MIN_SUBTITLE_PT: Final = 4.5
_TEXT_INSET_MM: Final = 2.0
# Below the top of the text band; with the font's ink this leaves about
# 0.5 mm above the title, between the lines and under the subtitle.
_TITLE_BASELINE_MM: Final = 3.3
_SUBTITLE_BASELINE_MM: Final = 5.9
_SCALE_BAR_MM: Final = 30.0
_INK: Final = "#000000"
_TEXT: Final = "#1a1a1a"
_QUIET_TEXT: Final = "#555555"
_CUT_LINE: Final = "#b4b4b4"
_CUT_LINE_MM: Final = 0.12
_FONT: Final = "sgs-cjk"
_PT_MM: Final = 25.4 / 72


@dataclass(frozen=True, slots=True)
class Paper:
    """A paper size: its name as printed and its size in millimetres."""

    name: str
    width_mm: float
    height_mm: float


PAPERS: Final = {
    "a4": Paper("A4", 210.0, 297.0),
    "letter": Paper("Letter", 215.9, 279.4),
}
"""The papers sheets are laid out for, by the name a command line takes."""


@dataclass(frozen=True, slots=True)
class Sticker:
    """What one sticker carries: the payload in its QR code, and print for people.

    `title` is the big line (a Chinese name), `subtitle` the small one under
    it; `accent` is the subtitle's colour as ``#rrggbb`` (None: dark grey).
    """

    payload: str
    title: str
    subtitle: str
    accent: str | None = None


_KIND_NOUNS: Final = {
    "cards": "cards",
    "generals": "generals",
    "roles": "roles",
    "seats": "seats",
    "actions": "actions",
}


@dataclass(frozen=True, slots=True)
class SheetWords:
    """The words a sheet prints besides its stickers, and the PDF's title.

    English by default; a caller that speaks another language passes its own.
    The templates' ``{fields}`` are filled here: ``about`` (the footer's first
    part) with ``paper``, ``sheet``, ``total`` and ``contents`` (what the sheet
    holds, see `describe_sheet`); ``note`` (the scale note) with ``module`` and
    ``bar`` in millimetres; ``span``, ``single`` and ``count`` (one kind of
    sticker: ``cards 1-20``, ``seats 7``, ``3 roles``) with ``kind`` (its name in
    ``kinds``, by ``cards``, ``generals``, ``roles``, ``seats``, ``actions``),
    ``first``, ``last`` and ``count``; ``separator`` goes between the kinds.
    """

    title: str = "sgs-table sticker sheets"
    about: str = "sgs-table labels · {paper} sheet {sheet}/{total} · {contents}"
    note: str = (
        "print at 100% / actual size, never 'fit to page': a QR module is {module} mm "
        "and this bar {bar} mm"
    )
    span: str = "{kind} {first}-{last}"
    single: str = "{kind} {first}"
    count: str = "{count} {kind}"
    separator: str = ", "
    kinds: Mapping[str, str] = field(default_factory=lambda: dict(_KIND_NOUNS))


ENGLISH: Final = SheetWords()
"""The sheets' words when the caller gives none."""


@dataclass(frozen=True, slots=True)
class SheetLayout:
    """Where things go on one paper, in millimetres from the top left corner.

    A slot is a sticker's place on a sheet, 0 to `STICKERS_PER_SHEET` - 1,
    filled row by row.
    """

    paper: Paper
    left_mm: float
    top_mm: float

    def sticker_origin(self, slot: int) -> tuple[float, float]:
        """Top left corner of the sticker (its cut line) in `slot`."""
        if not 0 <= slot < STICKERS_PER_SHEET:
            raise ValueError(f"slot {slot} is outside 0-{STICKERS_PER_SHEET - 1}")
        row, column = divmod(slot, COLUMNS)
        return (
            round(self.left_mm + column * STICKER_WIDTH_MM, 3),
            round(self.top_mm + row * STICKER_HEIGHT_MM, 3),
        )

    def code_origin(self, slot: int) -> tuple[float, float]:
        """Top left corner of the QR code itself (inside its quiet zone) in `slot`."""
        x, y = self.sticker_origin(slot)
        return round(x + QUIET_MM, 3), round(y + QUIET_MM, 3)

    @property
    def grid_right_mm(self) -> float:
        return round(self.left_mm + COLUMNS * STICKER_WIDTH_MM, 3)

    @property
    def grid_bottom_mm(self) -> float:
        return round(self.top_mm + ROWS * STICKER_HEIGHT_MM, 3)

    @property
    def footer_baseline_mm(self) -> float:
        """x of the footer's baseline: it reads bottom to top up the left margin."""
        return round(self.left_mm - FOOTER_GAP_MM, 3)

    def content_box(self) -> tuple[float, float, float, float]:
        """Left, top, right, bottom of everything printed on a sheet.

        The footer's extent is taken as a whole em left of its baseline,
        more than its tallest glyph.
        """
        footer_left = self.footer_baseline_mm - _FOOTER_PT * _PT_MM
        return (round(footer_left, 3), self.top_mm, self.grid_right_mm, self.grid_bottom_mm)


def sheet_layout(paper: str) -> SheetLayout:
    """The layout for `paper` (``"a4"`` or ``"letter"``): the grid centred on the page.

    Raises `ValueError` for another paper, or if anything would come closer
    than `MIN_MARGIN_MM` to an edge.
    """
    try:
        size = PAPERS[paper]
    except KeyError:
        raise ValueError(f"unknown paper {paper!r}; choose from {', '.join(PAPERS)}") from None
    left = (size.width_mm - COLUMNS * STICKER_WIDTH_MM) / 2
    top = (size.height_mm - ROWS * STICKER_HEIGHT_MM) / 2
    layout = SheetLayout(size, round(left, 3), round(top, 3))
    box_left, box_top, box_right, box_bottom = layout.content_box()
    margins = (box_left, box_top, size.width_mm - box_right, size.height_mm - box_bottom)
    if min(margins) < MIN_MARGIN_MM:
        raise ValueError(f"{COLUMNS} x {ROWS} stickers do not fit on {size.name}")
    return layout


def sheets_needed(stickers: int) -> int:
    """How many sheets `stickers` stickers fill."""
    return math.ceil(stickers / STICKERS_PER_SHEET)


def qr_matrix(payload: str) -> tuple[tuple[bool, ...], ...]:
    """The 21 x 21 modules of `payload`'s code, True for dark, without quiet zone.

    Version, error level and mode are forced: segno would otherwise pick a
    bigger version or lower the level when it sees fit, and a sticker's size
    and robustness must not depend on its text.

    >>> matrix = qr_matrix("SG1C001Y")
    >>> len(matrix), len(matrix[0]), matrix[0][:8]
    (21, 21, (True, True, True, True, True, True, True, False))
    """
    parse(payload)  # a typing error printed on a sticker would live forever
    code = segno.make_qr(
        payload, version=QR_VERSION, error=QR_ERROR.lower(), mode="alphanumeric", boost_error=False
    )
    if (code.version, code.error, code.mode) != (QR_VERSION, QR_ERROR, "alphanumeric"):
        raise RuntimeError(
            f"segno made a {code.designator} {code.mode} code for {payload!r}, "
            f"not {QR_VERSION}-{QR_ERROR} alphanumeric"
        )
    matrix = tuple(tuple(bool(module) for module in row) for row in code.matrix)
    if len(matrix) != QR_MODULES or any(len(row) != QR_MODULES for row in matrix):
        raise RuntimeError(f"segno's matrix for {payload!r} is not {QR_MODULES} x {QR_MODULES}")
    return matrix


def render_sheets(
    stickers: Sequence[Sticker],
    paper: str,
    font_path: Path,
    *,
    progress: Callable[[int, int], None] | None = None,
    words: SheetWords = ENGLISH,
) -> bytes:
    """The PDF of `stickers` on sheets of `paper`, in the order given.

    `font_path` is a font (TrueType or OpenType) with the CJK titles and the
    suit symbols; it is embedded as a subset. `progress`, if given, is called
    with (sheets done, sheets in all) after each sheet is drawn. `words` are
    the footers' words (and the PDF's title).
    Raises `ValueError` for an empty list, an invalid payload, an unknown
    paper or a text too long for a sticker.
    """
    if not stickers:
        raise ValueError("no stickers to print")
    layout = sheet_layout(paper)
    tags = [parse(sticker.payload) for sticker in stickers]
    pdf = FPDF(unit="mm", format=(layout.paper.width_mm, layout.paper.height_mm))
    pdf.set_auto_page_break(False)
    pdf.set_margins(0, 0, 0)
    pdf.set_title(words.title)
    pdf.set_creator("sgs-table labels")
    pdf.add_font(_FONT, fname=str(font_path))
    total = sheets_needed(len(stickers))
    for sheet in range(total):
        start = sheet * STICKERS_PER_SHEET
        chunk = stickers[start : start + STICKERS_PER_SHEET]
        pdf.add_page()
        for slot, sticker in enumerate(chunk):
            _draw_sticker(pdf, layout, slot, sticker)
        _draw_cut_lines(pdf, layout, len(chunk))
        sheet_tags = tags[start : start + STICKERS_PER_SHEET]
        _draw_footer(pdf, layout, sheet + 1, total, sheet_tags, words)
        if progress is not None:
            progress(sheet + 1, total)
    return bytes(pdf.output())


def _draw_sticker(pdf: FPDF, layout: SheetLayout, slot: int, sticker: Sticker) -> None:
    matrix = qr_matrix(sticker.payload)
    x0, y0 = layout.code_origin(slot)
    # One filled path of row runs, not a rectangle per module: far fewer
    # operators, and a single fill leaves no hairline seams between
    # neighbouring modules when a viewer or printer anti-aliases.
    with pdf.new_path(paint_rule=PathPaintRule.FILL_NONZERO) as path:
        path.style.fill_color = _INK
        path.style.stroke_color = None
        for row_index, row in enumerate(matrix):
            column = 0
            while column < QR_MODULES:
                if not row[column]:
                    column += 1
                    continue
                start = column
                while column < QR_MODULES and row[column]:
                    column += 1
                path.rectangle(
                    x0 + start * MODULE_MM,
                    y0 + row_index * MODULE_MM,
                    (column - start) * MODULE_MM,
                    MODULE_MM,
                )
    left, top = layout.sticker_origin(slot)
    band_top = top + STICKER_WIDTH_MM
    width = STICKER_WIDTH_MM - 2 * _TEXT_INSET_MM
    centre = left + STICKER_WIDTH_MM / 2
    pdf.set_text_color(_TEXT)
    title_baseline = band_top + _TITLE_BASELINE_MM
    _centred_text(pdf, sticker.title, centre, title_baseline, width, _TITLE_PT, _MIN_TITLE_PT)
    pdf.set_text_color(sticker.accent or _QUIET_TEXT)
    subtitle_baseline = band_top + _SUBTITLE_BASELINE_MM
    _centred_text(
        pdf, sticker.subtitle, centre, subtitle_baseline, width, _SUBTITLE_PT, _MIN_SUBTITLE_PT
    )


def _centred_text(
    pdf: FPDF,
    text: str,
    centre: float,
    baseline: float,
    width: float,
    size: float,
    minimum: float,
) -> None:
    """`text` centred on `centre`, shrunk to fit `width` but not below `minimum` points."""
    pdf.set_font(_FONT, size=size)
    while pdf.get_string_width(text) > width and size > minimum:
        size = round(size - 0.25, 2)
        pdf.set_font(_FONT, size=size)
    text_width = pdf.get_string_width(text)
    if text_width > width:
        raise ValueError(f"{text!r} is too long for a sticker ({text_width:.1f} > {width} mm)")
    pdf.text(centre - text_width / 2, baseline, text)


def _draw_cut_lines(pdf: FPDF, layout: SheetLayout, filled: int) -> None:
    """Grey borders round the filled slots; a shared edge is drawn once."""
    pdf.set_draw_color(_CUT_LINE)
    pdf.set_line_width(_CUT_LINE_MM)
    edges: set[tuple[float, float, float, float]] = set()
    for slot in range(filled):
        x, y = layout.sticker_origin(slot)
        right = round(x + STICKER_WIDTH_MM, 3)
        bottom = round(y + STICKER_HEIGHT_MM, 3)
        edges.update(
            {
                (x, y, right, y),
                (x, bottom, right, bottom),
                (x, y, x, bottom),
                (right, y, right, bottom),
            }
        )
    for x1, y1, x2, y2 in sorted(edges):
        pdf.line(x1, y1, x2, y2)


def _draw_footer(
    pdf: FPDF,
    layout: SheetLayout,
    sheet: int,
    total: int,
    tags: Sequence[Tag],
    words: SheetWords = ENGLISH,
) -> None:
    """Up the left margin: what the sheet is from the bottom, the scale note at the top."""
    x = layout.footer_baseline_mm
    bottom, top = layout.grid_bottom_mm, layout.top_mm
    pdf.set_font(_FONT, size=_FOOTER_PT)
    pdf.set_text_color(_QUIET_TEXT)
    contents = describe_sheet(tags, words)
    about = words.about.format(paper=layout.paper.name, sheet=sheet, total=total, contents=contents)
    note = words.note.format(module=f"{MODULE_MM:g}", bar=f"{_SCALE_BAR_MM:g}")
    bar_end = top + _SCALE_BAR_MM
    note_start = bar_end + 1.5 + pdf.get_string_width(note)
    if bottom - pdf.get_string_width(about) < note_start + 3:
        raise ValueError(f"the footer of sheet {sheet} is too long: {about!r}")
    # Rotated a quarter turn anticlockwise about its start, text runs up the
    # page with its glyphs to the left of the baseline, away from the grid.
    for text, start in ((about, bottom), (note, note_start)):
        with pdf.rotation(90, x, start):
            pdf.text(x, start, text)
    # The bar runs along the text's middle, with end ticks to put a ruler on.
    mid = x - _FOOTER_PT * _PT_MM * 0.3
    tick = 0.9
    pdf.set_draw_color(_INK)
    pdf.set_line_width(0.15)
    pdf.line(mid, top, mid, bar_end)
    pdf.line(mid - tick, top, mid + tick, top)
    pdf.line(mid - tick, bar_end, mid + tick, bar_end)


_NOUNS: Final = {
    CardTag: "cards",
    GeneralTag: "generals",
    RoleTag: "roles",
    SeatTag: "seats",
    ActionTag: "actions",
}


def describe_sheet(tags: Sequence[Tag], words: SheetWords = ENGLISH) -> str:
    """What a sheet holds, kind by kind in order of appearance, for its footer.

    Distinct consecutive numbers show as a range, anything else as a count.

    >>> describe_sheet([CardTag(159), CardTag(160), GeneralTag(1), GeneralTag(2)])
    'cards 159-160, generals 1-2'
    >>> describe_sheet([RoleTag(1), RoleTag(2), RoleTag(2), SeatTag(7)])
    '3 roles, seats 7'
    """
    groups: dict[str, list[int | None]] = {}
    for tag in tags:
        groups.setdefault(_NOUNS[type(tag)], []).append(_number(tag))
    parts: list[str] = []
    for key, numbers in groups.items():
        noun = words.kinds.get(key, key)
        known = [n for n in numbers if n is not None]
        consecutive = len(known) == len(numbers) and known == list(
            range(known[0], known[0] + len(known))
        )
        if consecutive and len(known) == 1:
            parts.append(words.single.format(kind=noun, first=known[0]))
        elif consecutive:
            parts.append(words.span.format(kind=noun, first=known[0], last=known[-1]))
        else:
            parts.append(words.count.format(kind=noun, count=len(numbers)))
    return words.separator.join(parts)


def _number(tag: Tag) -> int | None:
    match tag:
        case CardTag(card_id=number) | GeneralTag(number=number) | RoleTag(number=number):
            return number
        case SeatTag(seat=number):
            return number
        case _:
            return None
