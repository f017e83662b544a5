"""The message catalogs: extract every message, merge it into each language, compile.

    .venv/bin/python scripts/i18n.py            # extract + update + compile (after changing words)
    .venv/bin/python scripts/i18n.py check      # what tests/test_i18n.py checks, as a list
    .venv/bin/python scripts/i18n.py missing ja # the messages ja has no translation for
    .venv/bin/python scripts/i18n.py missing ja --json > todo.json   # the same, to translate
    .venv/bin/python scripts/i18n.py apply ja done.json              # merge translations in

The JSON of ``missing --json`` and ``apply`` is a list of objects:
``{"context": null or "card" ..., "id": "...", "plural": null or "...",
"comments": [...], "str": ""}``; ``apply`` takes the ones whose ``str`` is
filled (for a plural message in Chinese or Japanese, one form) and compiles.

Messages come from the Python sources of engine, vision, assistant and
mobile (Babel's Python extractor, with the engine's ``say``/``say_n``
keywords), from the .kv layouts and from the catalogue data
(``assistant.i18n.extract``). The template ``assistant/locale/sgs_table.pot``
is rewritten; each ``<lang>/LC_MESSAGES/sgs_table.po`` keeps its
translations, gets the new messages untranslated and loses the ones no
longer used; ``.mo`` files are compiled from the ``.po`` files. Entries are
sorted and carry no source locations, so a change shows as the messages it
changes.

English needs no translator for messages whose id is English (the msgstr is
the msgid); the Chinese catalog likewise for the catalogue's names, whose id
is the Chinese name. Everything else is translated by hand in the ``.po``.
"""

from __future__ import annotations

import argparse
import copy
import io
import json
import re
import sys
from collections.abc import Iterable, Iterator
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po, write_po

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from assistant.i18n.languages import DOMAIN, LANGUAGES  # noqa: E402

LOCALE = REPO / "assistant" / "locale"
TEMPLATE = LOCALE / f"{DOMAIN}.pot"
# Fixed dates keep the files byte-identical when no message changed.
DATE = datetime(2026, 11, 25, tzinfo=UTC)

HEADER = """\
# The messages of sgs-table, a table assistant for physical Sanguosha (三国杀).
# Made by scripts/i18n.py; translate the msgstr lines and run it again.
# Game terms follow the rules documents: 000 (Chinese), 004 (Japanese)."""

KEYWORDS = {**DEFAULT_KEYWORDS, "say": None, "say_n": (1, 2)}
SOURCES: tuple[tuple[str, list[tuple[str, str]]], ...] = (
    ("engine", [("**.py", "python"), ("data/**.toml", "assistant.i18n.extract:extract_catalogue")]),
    ("vision", [("**.py", "python")]),
    ("assistant", [("**.py", "python")]),
    ("mobile", [("**.py", "python"), ("**.kv", "assistant.i18n.extract:extract_kv")]),
)
# Contexts whose message ids are Chinese (the catalogue's names).
CHINESE_CONTEXTS = frozenset({"card", "card short", "general", "skill", "kingdom"})
_FIELD = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)[^{}]*\}")

Key = tuple[str, str | None]  # (msgid, msgctxt)


def _new_catalog(lang: str | None = None) -> Catalog:
    """An empty catalog with the project's header (the template when ``lang`` is None)."""
    return Catalog(
        locale=lang,
        domain=DOMAIN if lang else None,
        header_comment=HEADER,
        project="sgs-table",
        version="0.1",
        copyright_holder="the sgs-table authors",
        msgid_bugs_address="the project's issues",
        last_translator="the sgs-table authors",
        language_team="sgs-table",
        charset="utf-8",
        creation_date=DATE,
        revision_date=DATE,
        fuzzy=False,
    )


def extract() -> Catalog:
    """A fresh template of every message in the sources."""
    template = _new_catalog()
    for folder, method_map in SOURCES:
        found = extract_from_dir(
            str(REPO / folder),
            method_map=method_map,
            keywords=KEYWORDS,
            comment_tags=("TRANSLATORS:",),
            strip_comment_tags=True,
        )
        for _filename, _lineno, message, comments, context in found:
            template.add(message, None, auto_comments=comments, context=context)
    return template


def _key(message: Message) -> Key:
    msgid = message.id[0] if isinstance(message.id, tuple | list) else message.id
    return (str(msgid), message.context)


def keys(catalog: Catalog) -> set[Key]:
    return {_key(m) for m in catalog if m.id}


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(lang: str) -> Path:
    return po_path(lang).with_suffix(".mo")


def read_catalog(lang: str) -> Catalog:
    path = po_path(lang)
    if not path.exists():
        return _new_catalog(lang)
    with path.open("rb") as fp:
        return read_po(fp, locale=lang, domain=DOMAIN)


def _po_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=100, no_location=True, sort_output=True, ignore_obsolete=True)
    return out.getvalue()


def _mo_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def delivered(mo: bytes) -> tuple[str, dict[tuple[str, str | None], object]]:
    """What a compiled catalog gives the app: its plural rule and every translation,
    by (message id, context). The header's other lines (the tool's name and
    version, dates) are left out: two compilers of the same ``.po`` deliver
    the same."""
    catalog = read_mo(io.BytesIO(mo))
    messages: dict[tuple[str, str | None], object] = {}
    for message in catalog:
        if not message.id:
            continue  # the header
        ids = message.id if isinstance(message.id, tuple | list) else (message.id,)
        strings = message.string
        messages[(ids[0], message.context)] = (
            tuple(strings) if isinstance(strings, tuple | list) else strings
        )
    return catalog.plural_forms, messages


def _autofill(lang: str, message: Message) -> None:
    """Fill what needs no translator: English for English ids, Chinese for Chinese names."""
    if _translated(message):
        return
    own = (lang == "en" and message.context not in CHINESE_CONTEXTS) or (
        lang == "zh_CN" and message.context in CHINESE_CONTEXTS
    )
    if not own:
        return
    if isinstance(message.id, tuple | list):
        plurals = 1 if lang == "zh_CN" else 2
        message.string = tuple(message.id[min(i, 1)] for i in range(plurals))
    else:
        message.string = message.id
    message.flags.discard("fuzzy")


def _translated(message: Message) -> bool:
    if "fuzzy" in message.flags:
        return False
    strings = message.string if isinstance(message.string, tuple | list) else (message.string,)
    return bool(strings) and all(strings)


def update(template: Catalog) -> None:
    LOCALE.mkdir(parents=True, exist_ok=True)
    TEMPLATE.write_bytes(_po_bytes(template))
    for lang in LANGUAGES:
        catalog = read_catalog(lang)
        # update() adopts the template's Message objects: each language gets its own copy.
        catalog.update(copy.deepcopy(template), no_fuzzy_matching=True)
        catalog.obsolete.clear()
        catalog.creation_date = catalog.revision_date = DATE
        for message in catalog:
            if message.id:
                _autofill(lang, message)
        path = po_path(lang)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(_po_bytes(catalog))
        mo_path(lang).write_bytes(_mo_bytes(read_catalog(lang)))


def fields(text: str) -> set[str]:
    """The ``{name}`` fields of a template."""
    return set(_FIELD.findall(text.replace("{{", "").replace("}}", "")))


def _strings(message: Message) -> Iterable[str]:
    s = message.string
    return [str(x or "") for x in s] if isinstance(s, tuple | list) else [str(s or "")]


def problems(template: Catalog | None = None) -> Iterator[str]:
    """Everything wrong with the catalogs, one line each (nothing when all is well)."""
    fresh = template if template is not None else extract()
    want = keys(fresh)
    if TEMPLATE.exists():
        with TEMPLATE.open("rb") as fp:
            stored = keys(read_po(fp))
        for msgid, ctx in sorted(want - stored, key=str):
            yield f"sgs_table.pot lacks {msgid!r} (context {ctx}); run scripts/i18n.py"
        for msgid, ctx in sorted(stored - want, key=str):
            yield f"sgs_table.pot still has {msgid!r} (context {ctx}); run scripts/i18n.py"
    else:
        yield "no sgs_table.pot; run scripts/i18n.py"
    for lang in LANGUAGES:
        catalog = read_catalog(lang)
        have = {_key(m): m for m in catalog if m.id}
        for key in sorted(want, key=str):
            message = have.get(key)
            if message is None or not _translated(message):
                yield f"{lang}: no translation for {key[0]!r} (context {key[1]})"
                continue
            ids = message.id if isinstance(message.id, tuple | list) else (message.id,)
            wanted = set().union(*(fields(i) for i in ids))
            for string in _strings(message):
                if fields(string) != wanted:
                    yield (
                        f"{lang}: {key[0]!r} has fields {sorted(fields(string))} "
                        f"in {string!r}, not {sorted(wanted)}"
                    )
        mo = mo_path(lang)
        if not mo.exists() or delivered(mo.read_bytes()) != delivered(_mo_bytes(catalog)):
            yield f"{lang}: {DOMAIN}.mo is not compiled from its .po; run scripts/i18n.py"


def _as_json(message: Message) -> dict[str, object]:
    plural = message.id[1] if isinstance(message.id, tuple | list) else None
    return {
        "context": message.context,
        "id": _key(message)[0],
        "plural": plural,
        "comments": list(message.auto_comments),
        "str": "",
    }


def apply(lang: str, entries: list[dict[str, object]]) -> int:
    """Merge translations (the JSON of ``missing --json``, filled) into a catalog; how many."""
    catalog = read_catalog(lang)
    by_key = {_key(m): m for m in catalog if m.id}
    applied = 0
    for entry in entries:
        string = entry.get("str")
        if not isinstance(string, str | list) or not string:
            continue
        context = entry.get("context")
        message = by_key.get((str(entry["id"]), context if isinstance(context, str) else None))
        if message is None:
            raise SystemExit(f"{lang}: no message {entry['id']!r} (context {context})")
        if isinstance(message.id, tuple | list):
            forms = [string] if isinstance(string, str) else [str(x) for x in string]
            count = catalog.num_plurals
            message.string = tuple(forms[min(i, len(forms) - 1)] for i in range(count))
        else:
            message.string = string if isinstance(string, str) else str(string[0])
        message.flags.discard("fuzzy")
        applied += 1
    po_path(lang).write_bytes(_po_bytes(catalog))
    mo_path(lang).write_bytes(_mo_bytes(read_catalog(lang)))
    return applied


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "action", nargs="?", default="update", choices=["update", "check", "missing", "apply"]
    )
    parser.add_argument("lang", nargs="?", help="for missing and apply: the language")
    parser.add_argument("file", nargs="?", help="for apply: the JSON of translations")
    parser.add_argument("--json", action="store_true", help="missing: as JSON to translate")
    args = parser.parse_args(argv)
    if args.action in ("missing", "apply") and args.lang not in LANGUAGES:
        parser.error(f"{args.action} needs a language: {', '.join(LANGUAGES)}")
    if args.action == "apply":
        if not args.file:
            parser.error("apply needs the JSON file of translations")
        applied = apply(args.lang, json.loads(Path(args.file).read_text(encoding="utf-8")))
        print(f"{args.lang}: {applied} translations applied")
        return 0
    if args.action == "update":
        update(extract())
        for lang in LANGUAGES:
            catalog = read_catalog(lang)
            total = sum(1 for m in catalog if m.id)
            done = sum(1 for m in catalog if m.id and _translated(m))
            print(f"{lang}: {done}/{total} translated")
        return 0
    if args.action == "missing":
        todo = [m for m in read_catalog(args.lang) if m.id and not _translated(m)]
        if args.json:
            print(json.dumps([_as_json(m) for m in todo], ensure_ascii=False, indent=1))
        else:
            for message in todo:
                print(f"{message.context or ''}\t{_key(message)[0]}")
        return 0
    found = list(problems())
    for line in found:
        print(line)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
