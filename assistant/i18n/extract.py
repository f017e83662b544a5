"""Babel extractors for what Python's extractor cannot read: .kv layouts and the catalogue data.

``scripts/i18n.py`` (and ``pybabel extract -F babel.cfg``) call them:

- `extract_kv`: ``_("...")`` calls in Kivy .kv files (rules and properties
  are Python expressions there);
- `extract_catalogue`: the names in ``engine/data`` (``card``, ``general``,
  ``skill`` and ``kingdom`` contexts, the Chinese name as message id) and
  each skill's text (``skill text`` context, its English as message id).

An extractor yields ``(line, funcname, message, comments)``; a context is
given as Babel's ``pgettext`` message: ``(context, message)``.
"""

from __future__ import annotations

import ast
import re
import tomllib
from collections.abc import Iterator
from typing import IO, Any

__all__ = ["extract_catalogue", "extract_kv"]

Extracted = tuple[int, str, Any, list[str]]

# _("..."), _('...'), ngettext("...", "...", n) inside a .kv line.
_STRING = r"""("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')"""
_KV_CALL = re.compile(r"\b(_|N_|ngettext)\(\s*(" + _STRING + r"(\s*,\s*" + _STRING + r")?)")


def extract_kv(
    fileobj: IO[bytes], keywords: object, comment_tags: object, options: dict[str, Any]
) -> Iterator[Extracted]:
    text = fileobj.read().decode("utf-8")
    for number, line in enumerate(text.splitlines(), 1):
        for found in _KV_CALL.finditer(line):
            func = found.group(1)
            first = ast.literal_eval(found.group(3))
            if func == "ngettext" and found.group(5):
                yield number, func, (first, ast.literal_eval(found.group(5))), []
            else:
                yield number, "_" if func == "N_" else func, first, []


_KINGDOMS = ("魏", "蜀", "吴", "群", "神", "汉", "夷", "戎", "蛮", "狄")


def extract_catalogue(
    fileobj: IO[bytes], keywords: object, comment_tags: object, options: dict[str, Any]
) -> Iterator[Extracted]:
    raw = fileobj.read()
    name = getattr(fileobj, "name", "")
    if str(name).endswith(".csv"):
        return  # the physical cards: ids, suits and ranks, no words
    data = tomllib.loads(raw.decode("utf-8"))
    lines = raw.decode("utf-8").splitlines()

    def line_of(needle: str) -> int:
        for number, line in enumerate(lines, 1):
            if needle in line:
                return number
        return 0

    if "general" in data:
        for general in data["general"]:
            yield line_of(f'"{general["name"]}"'), "pgettext", ("general", general["name"]), []
            for skill in general.get("skills", []):
                where = line_of(f'"{skill["name"]}"')
                yield where, "pgettext", ("skill", skill["name"]), [f"{general['name']}'s skill"]
                if skill.get("text"):
                    yield (
                        line_of(skill["text"][:30]),
                        "pgettext",
                        ("skill text", skill["text"]),
                        [f"{general['name']}: {skill['name']}"],
                    )
        for kingdom in _KINGDOMS:
            yield 0, "pgettext", ("kingdom", kingdom), []
        return
    if "skill" in data:  # mode_skills.toml: the skills a mode gives a seat
        for skill in data["skill"]:
            yield (
                line_of(f'"{skill["name"]}"'),
                "pgettext",
                ("skill", skill["name"]),
                [f"a mode's skill ({skill['key']})"],
            )
            yield (
                line_of(skill["text"][:30]),
                "pgettext",
                ("skill text", skill["text"]),
                [f"mode skill: {skill['name']}"],
            )
        return
    for key, kind in data.items():
        if isinstance(kind, dict) and "name" in kind:
            english = kind.get("english", "")
            yield (
                line_of(f"[{key}]"),
                "pgettext",
                ("card", kind["name"]),
                [f"card {key} ({english})"],
            )
