"""The languages the table speaks, which one is in use, and its message catalog.

Simplified Chinese is the default; English and Japanese (the language of
the rules document 004) are complete too. The catalogs are gettext ``.mo``
files packaged under ``assistant/locale`` (``.po`` beside them is their
source, made and checked by ``scripts/i18n.py``), read with the standard
library's ``gettext``: running the app or the command line needs nothing
else.

The language in use is one per process: at first the environment's (see
`from_environment`), then the command line sets it from ``--lang``, the app
from its setting, and everything worded afterwards is in it.

``C`` is not a language but the messages as the source writes them
(English sentences, the catalogue's Chinese names), untranslated: what the
tests read, chosen with ``SGS_TABLE_LANG=C`` or ``set_language("C")``.

>>> normalize("zh-CN"), normalize("ja_JP.UTF-8"), normalize("en_GB"), normalize("C")
('zh_CN', 'ja', 'en', None)
>>> from_environment({"LANG": "ja_JP.UTF-8"}), from_environment({"LANG": "C.UTF-8"})
('ja', 'zh_CN')
>>> from_environment({"SGS_TABLE_LANG": "en", "LANG": "ja_JP.UTF-8"})
'en'
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Final

__all__ = [
    "DEFAULT_LANGUAGE",
    "DOMAIN",
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "SOURCE",
    "catalog",
    "from_environment",
    "language",
    "locale_dir",
    "normalize",
    "set_language",
    "speaking",
]

DOMAIN: Final = "sgs_table"
LANGUAGES: Final = ("zh_CN", "en", "ja")
"""The catalogs there are, the default first."""
DEFAULT_LANGUAGE: Final = "zh_CN"
LANGUAGE_NAMES: Final = {"zh_CN": "简体中文", "en": "English", "ja": "日本語"}
"""Each language by its own name, as a language setting lists them."""

SOURCE: Final = "C"
"""The untranslated messages (see the module's docstring)."""
# The project's own variable, then those gettext reads, in the order it reads them.
_ENVIRONMENT: Final = ("SGS_TABLE_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def normalize(code: str) -> str | None:
    """One of `LANGUAGES` for a locale name or language tag, or None.

    Any Chinese locale reads the Simplified catalog (the only Chinese one);
    ``C`` and ``POSIX`` name no language.
    """
    base = code.strip().split(".")[0].split("@")[0].replace("-", "_")
    lang = base.split("_")[0].lower()
    if lang == "zh":
        return "zh_CN"
    if lang in ("en", "ja"):
        return lang
    return None


def from_environment(environ: Mapping[str, str]) -> str:
    """The language the environment asks for, as gettext reads it, else the default.

    ``SGS_TABLE_LANG`` comes first and may also be ``C`` (the source's messages).
    """
    if environ.get("SGS_TABLE_LANG", "").strip() == SOURCE:
        return SOURCE
    for name in _ENVIRONMENT:
        for code in environ.get(name, "").split(":"):
            if code and (found := normalize(code)) is not None:
                return found
    return DEFAULT_LANGUAGE


def locale_dir() -> Path:
    """The folder of the packaged catalogs (``<lang>/LC_MESSAGES/sgs_table.mo``)."""
    folder = resources.files("assistant") / "locale"
    if not isinstance(folder, Path):
        raise RuntimeError(f"{folder}: assistant must be installed as files, not zipped")
    return folder


@cache
def catalog(lang: str) -> gettext.NullTranslations:
    """The message catalog of ``lang`` (one of `LANGUAGES`, or ``C``)."""
    if lang == SOURCE:
        return gettext.NullTranslations()
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r} (languages: {', '.join(LANGUAGES)})")
    path = locale_dir() / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
    if not path.is_file():
        raise FileNotFoundError(f"{path}: the {lang} catalog is missing; run scripts/i18n.py")
    with path.open("rb") as fp:
        return gettext.GNUTranslations(fp)


# A program using the assistant speaks what its environment asks for, as gettext
# programs do; the command line (--lang) and the app (its setting) choose again.
_current: list[str] = [from_environment(os.environ)]


def set_language(code: str) -> str:
    """Speak ``code`` from now on (a locale name or tag, or ``C``); the language chosen.

    ValueError for a language without a catalog.
    """
    lang = SOURCE if code.strip() == SOURCE else normalize(code)
    if lang is None:
        raise ValueError(f"no catalog for language {code!r} (languages: {', '.join(LANGUAGES)})")
    _current[0] = lang
    return lang


def language() -> str:
    """The language in use."""
    return _current[0]


@contextmanager
def speaking(code: str) -> Iterator[str]:
    """Speak ``code`` inside the ``with`` block, then the language before it again.

    ``--json`` output words its texts with ``speaking(SOURCE)``: the same in
    every language, for programs to read.
    """
    before = _current[0]
    chosen = set_language(code)
    try:
        yield chosen
    finally:
        _current[0] = before
