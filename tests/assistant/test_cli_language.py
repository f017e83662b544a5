"""The command line's language: ``--lang``, the environment, argparse's words, ``--json``."""

from __future__ import annotations

import argparse
import ast
import gettext
import io
import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import assistant.i18n.words
from assistant.cli import run
from assistant.cli.language import (
    ARGPARSE_MESSAGES,
    argparse_plurals,
    argparse_words,
    requested_language,
)
from assistant.i18n import SOURCE, language
from assistant.i18n.languages import catalog
from mobile.cli import build_parser, main

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
OPEN, CLOSE = "⟪", "⟫"


class Marked(gettext.NullTranslations):
    """A catalog that translates every message by bracketing it: what it did not word
    shows without brackets."""

    def gettext(self, message: str) -> str:
        return f"{OPEN}{message}{CLOSE}"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return f"{OPEN}{msgid1 if n == 1 else msgid2}{CLOSE}"

    def pgettext(self, context: str, message: str) -> str:
        return f"{OPEN}{message}{CLOSE}"

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return self.ngettext(msgid1, msgid2, n)


@pytest.fixture
def marked(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every language's catalog brackets its messages (the source's, C, does not)."""

    def fake(lang: str) -> gettext.NullTranslations:
        return gettext.NullTranslations() if lang == SOURCE else Marked()

    monkeypatch.setattr(assistant.i18n.words, "catalog", fake)
    yield


def _help(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as done:
        main(argv)
    assert done.value.code == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("lang", ["ja", "en", "zh_CN"])
def test_lang_reaches_the_help(lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    text = _help(["--lang", lang, "--help"], capsys)
    assert language() == lang
    words = catalog(lang)
    assert text.startswith(words.gettext("usage: ") + "sgs-table ")
    assert words.gettext("show this help message and exit") in text
    assert words.gettext("open the table app (Kivy window)") in text
    after = _help(["cards", "--lang", lang, "--help"], capsys)
    assert language() == lang
    assert words.gettext("only this card type") in after


@pytest.mark.parametrize("code,chosen", [("ja_JP.UTF-8", "ja"), ("zh", "zh_CN"), ("en_GB", "en")])
def test_lang_takes_locale_names(
    code: str, chosen: str, capsys: pytest.CaptureFixture[str]
) -> None:
    _help([f"--lang={code}", "--help"], capsys)
    assert language() == chosen


def test_without_lang_the_environment_chooses(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("SGS_TABLE_LANG")
    monkeypatch.delenv("LANGUAGE", raising=False)
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    _help(["--help"], capsys)
    assert language() == "ja"
    monkeypatch.setenv("LANG", "C.UTF-8")
    _help(["--help"], capsys)
    assert language() == "zh_CN"  # the default


@pytest.mark.parametrize(
    "argv", [["--lang", "fr", "games"], ["games", "--lang", "fr"], ["--lang=xx", "--help"]]
)
def test_an_unknown_language_is_one_line(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("sgs-table: unknown language ")
    assert "zh_CN, en, ja" in err
    assert language() == SOURCE  # unchanged: the environment's (the tests')


def test_lang_after_the_arguments_and_before_a_double_dash() -> None:
    assert requested_language(["note", "1", "2", "--lang", "en"]) == "en"
    assert requested_language(["--lang", "ja", "x", "--lang", "en"]) == "en"
    assert requested_language(["note", "1", "2", "--", "--lang", "ja"]) is None
    assert requested_language(["--lang"]) is None  # argparse says what is missing


def test_lang_in_run_sets_the_language() -> None:
    out = io.StringIO()
    assert run(build_parser(), ["cards", "--lang", "ja", "--type", "basic"], out) == 0
    assert language() == "ja"
    assert run(build_parser(), ["--lang", "en", "cards", "--type", "basic"], out) == 0
    assert language() == "en"


def _parsers(parser: argparse.ArgumentParser) -> Iterator[argparse.ArgumentParser]:
    yield parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                yield from _parsers(sub)


def test_every_help_and_description_goes_through_the_catalogs(marked: None) -> None:
    from assistant.i18n import set_language

    set_language("ja")
    parser = build_parser()
    seen = 0
    for p in _parsers(parser):
        assert p.description is None or p.description.startswith(OPEN), (p.prog, p.description)
        for action in p._actions:
            if action.help in (None, argparse.SUPPRESS):
                continue
            seen += 1
            assert action.help.startswith(OPEN), (p.prog, action.option_strings, action.help)
        with argparse_words():
            text = p.format_help()
        assert text.startswith(f"{OPEN}usage: {CLOSE}"), text
        assert f"{OPEN}options{CLOSE}" in text
    assert seen > 60


def test_argparse_errors_are_worded_in_the_language(
    marked: None, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--lang", "ja", "cards", "--type", "nonsense"])
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith(f"{OPEN}usage: {CLOSE}sgs-table cards ")
    # worded, then %-formatted
    assert f"{OPEN}sgs-table cards: error: {OPEN}argument --type: {OPEN}invalid choice: " in err
    with pytest.raises(SystemExit):
        main(["--lang", "ja", "export"])
    err = capsys.readouterr().err
    assert f"{OPEN}the following arguments are required: game{CLOSE}" in err


def test_argparse_words_are_given_back() -> None:
    import argparse as module

    main_gettext = module._  # type: ignore[attr-defined]
    build_parser()
    assert module._ is main_gettext  # type: ignore[attr-defined]


# argparse's messages for a programmer who builds a parser wrongly: never a player's.
PROGRAMMER_ERRORS = {
    ".__call__() not defined",
    "conflicting subparser: %s",
    "conflicting subparser alias: %s",
    'argument "-" with mode %r',
    "cannot merge actions - two groups are named %r",
    "'required' is an invalid argument for positionals",
    "invalid option string %(option)r: must start with a character %(prefix_chars)r",
    "dest= is required for options like %r",
    "invalid conflict_resolution value: %r",
    "mutually exclusive arguments must be optional",
    "%r is not callable",
}


def test_every_argparse_message_is_in_the_catalogs() -> None:
    """What this Python's argparse says to a person is listed for the catalogs."""
    source = Path(argparse.__file__).read_text(encoding="utf-8")
    literal = r"""(?:'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")"""
    # _('...') and _('...' '...') over two lines; ngettext's two forms.
    singles = re.findall(r"\b_\(\s*(" + literal + r"(?:\s*" + literal + r")*)\s*[,)]", source)
    listed = set(ARGPARSE_MESSAGES) | set(argparse_plurals(1)) | set(argparse_plurals(2))
    found = set()
    for text in singles:
        message = "".join(ast.literal_eval(part) for part in re.findall(literal, text))
        found.add(message)
    assert found, "argparse's messages were not found"
    missing = found - listed - PROGRAMMER_ERRORS
    assert not missing, f"argparse ({sys.version_info[:2]}) has messages not listed: {missing}"
    plurals = re.findall(r"ngettext\(\s*(" + literal + r")\s*,\s*(" + literal + r")", source)
    for one, many in plurals:
        assert {ast.literal_eval(one), ast.literal_eval(many)} <= listed


def test_json_is_the_same_in_every_language(marked: None) -> None:
    script = str(SAMPLES / "table-script.txt")
    record = str(SAMPLES / "identity-5.sgs")
    for argv in (
        ["play", script, "--json"],
        ["state", record, "--json"],
        ["stats", record, "--json"],
        ["cards", "--json"],
        ["generals", "--json"],
    ):
        out = io.StringIO()
        assert run(build_parser(), ["--lang", "ja", *argv], out) == 0, argv
        text = out.getvalue()
        assert OPEN not in text, (argv, text[text.find(OPEN) - 200 : text.find(OPEN) + 200])
        json.loads(text)
        assert language() == "ja"
    # ... while the same commands' words for people are worded
    out = io.StringIO()
    assert run(build_parser(), ["--lang", "ja", "play", script], out) == 0
    assert f"{OPEN}summary{CLOSE}" in out.getvalue()
