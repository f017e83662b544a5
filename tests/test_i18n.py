"""The message catalogs: complete in every language, in step with the sources, and used right.

A message id without a translation in any catalog fails here, as does a
translation that drops or invents a ``{field}``, a template out of date with
the sources, a ``.mo`` not compiled from its ``.po``, and a call the
extraction cannot read (``_(f"...")``, ``say(variable)``).
"""

from __future__ import annotations

import ast
import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

from assistant.i18n import (
    DEFAULT_LANGUAGE,
    LANGUAGES,
    from_environment,
    language,
    normalize,
    pgettext,
    set_language,
    tr,
)
from engine.table import IllegalMove
from engine.text import say, say_n

ROOT = Path(__file__).parent.parent
SOURCES = ("engine", "vision", "assistant", "mobile")
# The functions whose first argument (and second, for the plural ones) the extraction reads.
KEYWORDS = {
    "_": 1,
    "N_": 1,
    "gettext": 1,
    "ngettext": 2,
    "pgettext": 2,
    "npgettext": 3,
    "say": 1,
    "say_n": 2,
}


def _script() -> ModuleType:
    path = ROOT / "scripts" / "i18n.py"
    spec = importlib.util.spec_from_file_location("sgs_i18n_script", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_every_message_is_translated_in_every_catalog() -> None:
    problems = list(_script().problems())
    shown = "\n".join(problems[:40])
    assert not problems, f"{len(problems)} catalog problems (scripts/i18n.py check):\n{shown}"


def test_the_checker_finds_a_missing_translation(tmp_path: Path) -> None:
    script = _script()
    template = script.extract()
    template.add("a message nobody has translated", None)
    missing = [p for p in script.problems(template) if "nobody has translated" in p]
    # The template lacks it, and each catalog has no translation for it.
    assert len(missing) == 1 + len(LANGUAGES), missing


def test_the_checker_finds_a_changed_field() -> None:
    script = _script()
    assert script.fields("seat {seat} ({name})") == {"seat", "name"}
    assert script.fields("{{literal}} {n:d}") == {"n"}


def _python_sources() -> list[Path]:
    return sorted(p for folder in SOURCES for p in (ROOT / folder).rglob("*.py"))


def test_a_compiled_catalog_counts_by_what_it_delivers_not_its_bytes() -> None:
    """Another Babel compiles the same ``.po`` into other bytes (its name and version in
    the header): still the same catalog. A changed or missing translation is not."""
    script = _script()
    catalog = script.read_catalog("ja")
    compiled = script._mo_bytes(catalog)
    # The same length, so the file's offsets still hold: only the version differs.
    other_tool = re.sub(
        rb"Generated-By: Babel ([0-9.]+)",
        lambda m: b"Generated-By: Babel " + re.sub(rb"[0-9]", b"7", m.group(1)),
        compiled,
    )
    assert other_tool != compiled
    assert script.delivered(other_tool) == script.delivered(compiled)

    message = next(m for m in catalog if m.id and not isinstance(m.id, tuple | list))
    message.string = message.string + "!"
    changed = script.delivered(script._mo_bytes(catalog))
    assert changed != script.delivered(compiled)
    catalog.delete(message.id, message.context)
    assert script.delivered(script._mo_bytes(catalog)) != script.delivered(compiled)


@pytest.mark.parametrize("path", _python_sources(), ids=lambda p: str(p.relative_to(ROOT)))
def test_messages_are_never_built_before_translation(path: Path) -> None:
    """The extraction reads string literals: ``_(f"...")`` or ``_("a" + b)`` would never
    be translated. A name (``_(TABLE[key])``) is fine: the table holds ``N_("...")`` ids.

    ``say`` and ``say_n`` (the engine's) and ``N_`` take literals only.
    """
    if path.parent.name == "i18n":
        return  # the functions themselves, and the catalogue's names read from the data
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
            continue
        count = KEYWORDS.get(node.func.id)
        if count is None:
            continue
        args = node.args[:count]
        where = f"{path.relative_to(ROOT)}:{node.lineno}: {node.func.id}()"
        assert len(args) == count, f"{where} lacks its message"
        for arg in args:
            if node.func.id in ("say", "say_n", "N_"):
                literal = isinstance(arg, ast.Constant) and isinstance(arg.value, str)
                assert literal, f"{where} needs a string literal, or the catalogs never see it"
            else:
                built = isinstance(arg, ast.JoinedStr | ast.BinOp | ast.Call) or (
                    isinstance(arg, ast.Constant) and not isinstance(arg.value, str)
                )
                assert not built, f"{where}: a message built before translation is never found"


@pytest.mark.parametrize("path", _python_sources(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_message_hides_inside_an_f_string(path: Path) -> None:
    """Babel's extraction does not look inside f-strings (Python 3.11 reads one as a
    single token): ``f"{_('x')}"`` would never reach the catalogs."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if not isinstance(node, ast.JoinedStr):
            continue
        for inner in ast.walk(node):
            if (
                isinstance(inner, ast.Call)
                and isinstance(inner.func, ast.Name)
                and inner.func.id in KEYWORDS
            ):
                pytest.fail(
                    f"{path.relative_to(ROOT)}:{inner.lineno}: {inner.func.id}() inside an f-string"
                )


@pytest.mark.parametrize("path", _python_sources(), ids=lambda p: str(p.relative_to(ROOT)))
def test_underscore_is_never_rebound_where_it_translates(path: Path) -> None:
    """``for _ in ...`` in a module that translates with ``_`` silently breaks ``_()``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    imports_it = any(
        isinstance(node, ast.ImportFrom)
        and (node.module or "").startswith("assistant.i18n")
        and any(alias.name == "_" and alias.asname is None for alias in node.names)
        for node in ast.walk(tree)
    )
    if not imports_it:
        return
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id == "_" and isinstance(node.ctx, ast.Store):
            pytest.fail(f"{path.relative_to(ROOT)}:{node.lineno}: '_' is rebound here")


def test_languages_from_codes_and_the_environment() -> None:
    assert normalize("zh_TW.UTF-8") == "zh_CN"  # the one Chinese catalog
    assert normalize("ja-JP") == "ja"
    assert normalize("fr_FR") is None
    assert from_environment({}) == DEFAULT_LANGUAGE == "zh_CN"
    assert from_environment({"LANGUAGE": "fr:ja", "LANG": "en_US.UTF-8"}) == "ja"
    assert from_environment({"LC_ALL": "C", "LANG": "en_GB.UTF-8"}) == "en"
    with pytest.raises(ValueError, match="no catalog for language 'fr'"):
        set_language("fr")
    assert language() == "C"  # a refused language changes nothing


def test_the_engine_says_english_and_each_language_words_it() -> None:
    refusal = IllegalMove(say("seat {seat} is dead", seat=3))
    assert str(refusal) == "seat 3 is dead"
    assert tr(refusal) == "seat 3 is dead"  # the source's own words (C)
    for lang in LANGUAGES:
        set_language(lang)
        worded = tr(say_n("draws {n} card", "draws {n} cards", 2))
        assert "2" in worded
    set_language("zh_CN")
    assert pgettext("card", "杀") == "杀"
