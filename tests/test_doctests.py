"""The ``>>>`` examples in docstrings are tests too."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import assistant
import engine

# Every engine and assistant module (assistant imports no Kivy), and vision's payload.
MODULES = sorted(
    {m.name for m in pkgutil.walk_packages(engine.__path__, "engine.")}
    | {m.name for m in pkgutil.walk_packages(assistant.__path__, "assistant.")}
    | {"vision.payload"}
)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
