"""Build the app's packaged CJK font: a subset of Noto Sans CJK SC.

Card and general names are Chinese, the phone has no font we can count on,
and the full Noto Sans CJK collection is ~19 MB. So the app and the label
sheets ship one subset covering GB2312 (all 6,763 hanzi plus its symbol
rows), Latin-1, punctuation, suits, arrows, circled numbers, a few rare name
characters outside GB2312, and every character in the repository's own text
under engine/data, mobile/, assistant/ and vision/.

Run it again whenever a name with a new character is added:

    .venv/bin/python scripts/make_font_subset.py

It writes assistant/assets/NotoSansSC-sgs.otf and assistant/assets/OFL.txt.
The output is byte-for-byte reproducible for a given source font and
fontTools version. The source is Debian's fonts-noto-cjk collection by
default; --source takes any NotoSansCJK*.ttc or a single Noto Sans (CJK) SC
OpenType file.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection, TTFont

REPO = Path(__file__).resolve().parents[1]
DEFAULT_SOURCE = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
DEBIAN_COPYRIGHT = Path("/usr/share/doc/fonts-noto-cjk/copyright")
OUTPUT = REPO / "assistant" / "assets" / "NotoSansSC-sgs.otf"
LICENCE = REPO / "assistant" / "assets" / "OFL.txt"

# Upstream's collection calls the face "Noto Sans CJK SC"; Google Fonts'
# per-language builds call it "Noto Sans SC". Either is the same design.
SOURCE_FAMILIES = ("Noto Sans CJK SC", "Noto Sans SC")
FAMILY = "Noto Sans SC sgs"
POSTSCRIPT_NAME = "NotoSansSC-sgs-Regular"

SCAN_DIRS = ("engine/data", "mobile", "assistant", "vision")
TEXT_SUFFIXES = frozenset({".py", ".kv", ".csv", ".toml", ".json", ".txt", ".md", ".po"})

RANGES: tuple[tuple[int, int], ...] = (
    (0x0020, 0x007E),  # ASCII
    (0x00A0, 0x00FF),  # Latin-1
    (0x2000, 0x206F),  # general punctuation: dashes, quotes, ellipsis, bullets
    (0x2190, 0x21FF),  # arrows
    (0x2460, 0x24FF),  # circled and parenthesised numbers
    (0x2660, 0x2667),  # ♠♡♢♣♤♥♦♧
    (0x2776, 0x2793),  # negative circled numbers
    (0x3000, 0x303F),  # CJK punctuation: 、。「」【】〔〕
    (0x3251, 0x325F),  # circled 21-35
    (0x32B1, 0x32BF),  # circled 36-50
    (0xFF00, 0xFFEF),  # full-width forms: ，！？：（）
)

# Simplified name characters outside GB2312: 夏侯惇, 青釭剑 and 紫骍 are in the
# 160-card deck and the 25 standard generals; the rest are generals of the
# usual expansions (荀彧, 张郃, 李傕, 朱儁, 曹叡, 张嫙, 毌丘俭, 毛玠, 卫瓘,
# 严畯, 费祎, 孙綝, 张纮, 郤正, 荀顗), here so adding them needs no rebuild.
RARE_NAME_CHARACTERS = "惇釭骍彧郃傕儁叡嫙毌玠瓘畯祎綝纮郤顗"

# Only horizontal shaping. The default feature set keeps 'locl' and 'vert',
# whose closure pulls in the Japanese, Korean and Traditional variants of
# every hanzi and nearly doubles the file.
LAYOUT_FEATURES = ["ccmp", "kern", "liga", "calt", "mark", "mkmk"]
DROP_TABLES = ["vhea", "vmtx", "VORG"]


def gb2312_characters(first_row: int = 1, last_row: int = 87) -> set[str]:
    """Every character GB2312 encodes in rows first_row..last_row.

    Rows 16-55 are the 3,755 level-1 hanzi, rows 56-87 the 3,008 level-2
    ones; rows 1-9 hold symbols, kana, Greek, Cyrillic and box drawing.
    """
    found: set[str] = set()
    for row in range(first_row, last_row + 1):
        for cell in range(1, 95):
            try:
                found.add(bytes((0xA0 + row, 0xA0 + cell)).decode("gb2312"))
            except UnicodeDecodeError:
                continue
    return found


def jis_level1_characters() -> set[str]:
    """The 2,965 level-1 kanji of JIS X 0208 (rows 16-47): what Japanese text commonly uses.

    The Japanese catalog names cards and generals with kanji GB2312 lacks
    (殺, 閃, 兎 ...); with these a player's own Japanese (a name, a note)
    renders too. Their shapes are the Simplified Chinese design's.
    """
    found: set[str] = set()
    for row in range(16, 48):
        for cell in range(1, 95):
            try:
                found.add(bytes((0xA0 + row, 0xA0 + cell)).decode("euc_jp"))
            except UnicodeDecodeError:
                continue
    return found


def repository_text_files(repo: Path) -> Iterator[Path]:
    for folder in SCAN_DIRS:
        root = repo / folder
        if not root.is_dir():
            continue
        for path in sorted(root.rglob("*")):
            if path.is_file() and path.suffix in TEXT_SUFFIXES:
                yield path


def repository_characters(repo: Path) -> set[str]:
    found: set[str] = set()
    for path in repository_text_files(repo):
        found.update(path.read_text(encoding="utf-8"))
    return {ch for ch in found if ch.isprintable()}


def is_cjk(ch: str) -> bool:
    """Han characters and CJK punctuation, which the app cannot do without.

    Other characters in the scanned files (an emoji in a comment, say) are
    kept when the source font has them but do not fail the build.
    """
    code = ord(ch)
    return (
        0x2E80 <= code <= 0x9FFF  # radicals, CJK punctuation, kana, hanzi
        or 0xF900 <= code <= 0xFAFF  # compatibility ideographs
        or 0xFF00 <= code <= 0xFFEF  # full-width forms
        or 0x20000 <= code <= 0x3FFFF  # hanzi extensions B and later
    )


def wanted_codepoints(repo: Path) -> tuple[set[int], set[int]]:
    """(everything to keep, the part of it that must not be missing)."""
    used = repository_characters(repo) | set(RARE_NAME_CHARACTERS)
    required = {ord(ch) for ch in used if is_cjk(ch)}
    wanted = {ord(ch) for ch in used}
    wanted.update(ord(ch) for ch in gb2312_characters())
    wanted.update(ord(ch) for ch in jis_level1_characters())
    for first, last in RANGES:
        wanted.update(range(first, last + 1))
    return wanted, required


def load_source_face(source: Path) -> TTFont:
    """The Simplified Chinese face, found by its family name, not a fixed index."""
    with source.open("rb") as stream:
        is_collection = stream.read(4) == b"ttcf"
    if is_collection:
        collection = TTCollection(str(source), lazy=True)
        candidates: Iterable[tuple[int, TTFont]] = enumerate(collection.fonts)
    else:
        candidates = [(-1, TTFont(str(source), lazy=True))]
    for index, face in candidates:
        if face["name"].getDebugName(1) in SOURCE_FAMILIES:
            if index < 0:
                return TTFont(str(source))
            return TTFont(str(source), fontNumber=index)
    raise SystemExit(f"{source}: no face named one of {SOURCE_FAMILIES}")


def rename(font: TTFont) -> None:
    """Give the subset its own name so it never shadows an installed Noto Sans CJK SC."""
    version = font["name"].getDebugName(5) or ""
    names = font["name"]
    names.names = [n for n in names.names if n.nameID not in (1, 3, 4, 6, 16, 17)]
    names.setName(FAMILY, 1, 3, 1, 0x409)
    names.setName(f"{POSTSCRIPT_NAME};{version}", 3, 3, 1, 0x409)
    names.setName(FAMILY, 4, 3, 1, 0x409)
    names.setName(POSTSCRIPT_NAME, 6, 3, 1, 0x409)
    cff = font["CFF "].cff
    cff.fontNames = [POSTSCRIPT_NAME]
    top = cff.topDictIndex[0]
    top.FullName = FAMILY
    top.FamilyName = FAMILY


def build(source: Path, output: Path, repo: Path) -> TTFont:
    font = load_source_face(source)
    wanted, required = wanted_codepoints(repo)
    available = set(font.getBestCmap())
    missing = sorted(required - available)
    if missing:
        shown = " ".join(f"{chr(c)} U+{c:04X}" for c in missing)
        raise SystemExit(f"{source} lacks characters the repository uses: {shown}")

    options = subset.Options()
    options.layout_features = LAYOUT_FEATURES
    options.drop_tables = [*options.drop_tables, *DROP_TABLES]
    options.name_IDs = ["*"]  # keep copyright, licence and designer records
    options.name_languages = ["*"]
    # A visible box for anything still missing beats an invisible gap.
    options.notdef_outline = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(wanted & available))
    subsetter.subset(font)
    rename(font)

    # Otherwise head.modified becomes "now" and every rebuild is a new binary.
    font.recalcTimestamp = False
    output.parent.mkdir(parents=True, exist_ok=True)
    font.save(str(output))
    return font


def licence_text(font: TTFont, debian_copyright: Path) -> str:
    """The OFL 1.1 with the font's copyright line, as clause 2 of the licence asks.

    The licence body is taken from Debian's copyright file so the text is the
    one the font was actually distributed with.
    """
    lines = debian_copyright.read_text(encoding="utf-8").splitlines()
    # The first "License: SIL-1.1" line only names the licence of a Files
    # stanza; the text follows the standalone one, indented by a space.
    start = next(
        i + 1
        for i, line in enumerate(lines[:-1])
        if line.strip() == "License: SIL-1.1" and lines[i + 1].startswith(" ")
    )
    body: list[str] = []
    for line in lines[start:]:
        if not line.startswith(" "):
            break
        body.append("" if line == " ." else line[1:])
    copyright_line = font["name"].getDebugName(0) or ""
    header = [
        f"{copyright_line} Noto is a trademark of Google Inc.",
        f"Subset for sgs-table as {FAMILY!r} ({POSTSCRIPT_NAME}).",
        "",
    ]
    return "\n".join([*header, *body]) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--source", type=Path, default=DEFAULT_SOURCE)
    parser.add_argument("--output", type=Path, default=OUTPUT)
    parser.add_argument("--licence", type=Path, default=LICENCE)
    parser.add_argument("--debian-copyright", type=Path, default=DEBIAN_COPYRIGHT)
    args = parser.parse_args(argv)

    font = build(args.source, args.output, REPO)
    if args.debian_copyright.is_file():
        args.licence.write_text(licence_text(font, args.debian_copyright), encoding="utf-8")
    elif not args.licence.is_file():
        raise SystemExit(f"{args.debian_copyright} not found: give --debian-copyright")
    size = args.output.stat().st_size
    print(
        f"{args.output.relative_to(REPO) if args.output.is_relative_to(REPO) else args.output}: "
        f"{len(font.getGlyphOrder())} glyphs, {len(font.getBestCmap())} characters, "
        f"{size / 1e6:.2f} MB"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
