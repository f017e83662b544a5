"""Fixtures of every test: the language the words are in.

Most tests check what the table does through what it says, so they read the
messages as the source writes them (``C``: English sentences, the
catalogue's Chinese names), in this process and in any process it starts
(``SGS_TABLE_LANG``). A test of a language sets it itself (``set_language``,
``--lang``, or the ``chinese`` fixture for the default language).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from assistant.i18n import set_language


@pytest.fixture(autouse=True)
def source_messages(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("SGS_TABLE_LANG", "C")
    set_language("C")
    yield
    set_language("C")


@pytest.fixture
def chinese(monkeypatch: pytest.MonkeyPatch) -> None:
    """The default language, for a test of what a Chinese table reads
    (``pytestmark = pytest.mark.usefixtures("chinese")``)."""
    monkeypatch.setenv("SGS_TABLE_LANG", "zh_CN")
    set_language("zh_CN")
