"""Files packaged with the assistant: the CJK font the app and the label sheets share."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

CJK_FONT_NAME = "NotoSansSC-sgs.otf"


def cjk_font_path() -> Path:
    """Path of the packaged Noto Sans SC subset (OFL; see assistant/assets/README.md).

    Kivy and fpdf2 both open fonts by file name, so a zipped install, where
    the resource is not a real file, is refused rather than half-supported.
    """
    font = resources.files("assistant") / "assets" / CJK_FONT_NAME
    if not isinstance(font, Path):
        raise RuntimeError(f"{font}: assistant must be installed as files, not zipped")
    if not font.is_file():
        raise FileNotFoundError(f"{font}: run scripts/make_font_subset.py to build it")
    return font
