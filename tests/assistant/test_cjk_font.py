"""The packaged CJK font: present, small, covering every name the app and labels show."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

from assistant.resources import cjk_font_path

REPO = Path(__file__).resolve().parents[2]

# The 160-card deck (standard + EX + Maneuvering), the new 1v1 deck's 水淹七军, and the 25 standard
# generals; 釭, 骍 and 惇 are outside GB2312 and easy to lose in a subset.
CARD_NAMES = (
    "杀 闪 桃 酒 雷杀 火杀 过河拆桥 顺手牵羊 决斗 借刀杀人 无中生有 无懈可击 南蛮入侵 "
    "万箭齐发 桃园结义 五谷丰登 闪电 乐不思蜀 兵粮寸断 铁索连环 火攻 诸葛连弩 青釭剑 "
    "雌雄双股剑 寒冰剑 青龙偃月刀 丈八蛇矛 贯石斧 方天画戟 麒麟弓 古锭刀 朱雀羽扇 八卦阵 "
    "仁王盾 藤甲 白银狮子 的卢 绝影 爪黄飞电 骅骝 赤兔 大宛 紫骍 水淹七军"
)
GENERAL_NAMES = (
    "曹操 司马懿 夏侯惇 张辽 许褚 郭嘉 甄姬 刘备 关羽 张飞 诸葛亮 赵云 马超 黄月英 "
    "孙权 甘宁 吕蒙 黄盖 周瑜 大乔 陆逊 孙尚香 华佗 吕布 貂蝉"
)
TABLE_WORDS = "魏 蜀 吴 群 主公 忠臣 反贼 内奸 ♠ ♥ ♣ ♦ ♤ ♡ ♧ ♢ ① ⑩ → ← ， 。 ： （ ）"

# Same folders scripts/make_font_subset.py scans.
SCANNED = ("engine/data", "mobile", "assistant", "vision")
TEXT_SUFFIXES = {".py", ".kv", ".csv", ".toml", ".json", ".txt", ".md"}


def is_cjk(ch: str) -> bool:
    code = ord(ch)
    return (
        0x2E80 <= code <= 0x9FFF
        or 0xF900 <= code <= 0xFAFF
        or 0xFF00 <= code <= 0xFFEF
        or 0x20000 <= code <= 0x3FFFF
    )


@pytest.fixture(scope="module")
def cmap() -> set[int]:
    from fontTools.ttLib import TTFont

    with TTFont(str(cjk_font_path()), lazy=True) as font:
        return set(font.getBestCmap())


def missing(text: str, cmap: set[int]) -> str:
    return "".join(sorted({ch for ch in text if not ch.isspace() and ord(ch) not in cmap}))


def test_font_is_packaged_beside_its_licence() -> None:
    path = cjk_font_path()
    assert path.is_file()
    assert path.stat().st_size < 4_000_000, "keep the app download small"
    licence = (path.parent / "OFL.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence
    assert "Adobe" in licence  # the copyright line the OFL says must travel with the font


def test_font_covers_the_deck_the_generals_and_table_words(cmap: set[int]) -> None:
    assert len(CARD_NAMES.split()) == 44 and len(GENERAL_NAMES.split()) == 25
    assert missing(CARD_NAMES + GENERAL_NAMES + TABLE_WORDS, cmap) == ""


def test_font_covers_every_cjk_character_in_the_repository(cmap: set[int]) -> None:
    """Fails when a new name is added without rerunning scripts/make_font_subset.py."""
    scanned: list[Path] = []
    uncovered: dict[str, str] = {}
    for folder in SCANNED:
        for path in sorted((REPO / folder).rglob("*")):
            if not path.is_file() or path.suffix not in TEXT_SUFFIXES:
                continue
            scanned.append(path)
            text = "".join(ch for ch in path.read_text(encoding="utf-8") if is_cjk(ch))
            if gap := missing(text, cmap):
                uncovered[str(path.relative_to(REPO))] = gap
    assert any(p.suffix == ".kv" for p in scanned), "the home screen layout was not scanned"
    assert uncovered == {}, "run .venv/bin/python scripts/make_font_subset.py"


def test_fpdf2_embeds_the_font_and_writes_chinese(tmp_path: Path) -> None:
    """Label sheets print names with the same file the app uses."""
    import fpdf
    import pypdfium2 as pdfium

    text = "青釭剑 ♠6 紫骍 ♦K 夏侯惇"
    pdf = fpdf.FPDF()
    pdf.add_page()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        pdf.add_font("sgs", fname=str(cjk_font_path()))
    pdf.set_font("sgs", size=20)
    pdf.cell(text=text)
    out = tmp_path / "names.pdf"
    pdf.output(str(out))
    font = pdf.fonts["sgs"]
    assert isinstance(font, fpdf.fonts.TTFFont)  # the embedded kind, not a core font
    assert font.missing_glyphs == []

    document = pdfium.PdfDocument(str(out))
    try:
        assert document[0].get_textpage().get_text_range() == text
    finally:
        document.close()
