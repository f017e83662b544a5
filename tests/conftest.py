"""Fixtures of every test: the language the words are in, and a virtual screen.

Most tests check what the table does through what it says, so they read the
messages as the source writes them (``C``: English sentences, the
catalogue's Chinese names), in this process and in any process it starts
(``SGS_TABLE_LANG``). A test of a language sets it itself (``set_language``,
``--lang``, or the ``chinese`` fixture for the default language).
"""

from __future__ import annotations

import os
import select
import shutil
import subprocess
from collections.abc import Iterator

import pytest

from assistant.i18n import set_language


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Ready for running side by side (``make test``: ``pytest -n auto --dist loadscope``,
    which keeps each module's tests in one process, so a module's shared fixture, an
    app run whose report several tests read, is made once): the modules with such a
    fixture first. They are the long units; started early, they do not leave one
    process working alone at the end."""
    items.sort(key=lambda item: not _shares_a_fixture(item))


def _shares_a_fixture(item: pytest.Item) -> bool:
    info = getattr(item, "_fixtureinfo", None)
    if info is None:
        return False
    return any(
        definitions and definitions[-1].scope in ("module", "class")
        for definitions in (info.name2fixturedefs.get(name) for name in info.names_closure)
    )


# Large enough for every window a test opens, upright or turned (2400x1080, 1080x2400).
SCREEN = "2400x2400x24"


@pytest.fixture(scope="session", autouse=True)
def virtual_screen() -> Iterator[None]:
    """One virtual screen (Xvfb) for this test process and every app it starts, when
    there is no display: the apps' windows open on it (``DISPLAY``) instead of each
    starting its own. Xvfb picks a free display number itself (``-displayfd``), so
    test processes running side by side (``pytest -n``) never take the same one."""
    if os.environ.get("DISPLAY") or shutil.which("Xvfb") is None:
        yield
        return
    read_end, write_end = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write_end), "-screen", "0", SCREEN, "-nolisten", "tcp"],
        pass_fds=(write_end,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write_end)
    number = b""
    try:
        while not number.endswith(b"\n"):
            # Bounded only so that a server that never starts fails the run.
            ready, _, _ = select.select([read_end], [], [], 120)
            chunk = os.read(read_end, 16) if ready else b""
            if not chunk:
                server.kill()
                pytest.fail(f"Xvfb did not start (exit {server.poll()})", pytrace=False)
            number += chunk
    finally:
        os.close(read_end)
    os.environ["DISPLAY"] = f":{int(number)}"
    try:
        yield
    finally:
        del os.environ["DISPLAY"]
        server.terminate()
        server.wait()


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
