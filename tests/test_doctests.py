"""The ``>>>`` examples in docstrings are tests too."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import engine

MODULES = sorted(
    {m.name for m in pkgutil.walk_packages(engine.__path__, "engine.")}
    | {"assistant.tables", "vision.payload"}
)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
