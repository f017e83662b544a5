"""The layering of the design: arrows point down only, and engine/ is standard-library only."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
LAYERS = ("engine", "vision", "assistant", "mobile")
# What each layer may import of the project's own packages.
ALLOWED = {
    "engine": {"engine"},
    "vision": {"vision"},
    "assistant": {"assistant", "engine", "vision"},
    "mobile": {"mobile", "assistant", "engine", "vision"},
}


def imported_top_levels(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


@pytest.mark.parametrize("layer", LAYERS)
def test_layers_import_only_downwards(layer: str) -> None:
    forbidden = set(LAYERS) - ALLOWED[layer]
    for path in sorted((ROOT / layer).rglob("*.py")):
        bad = imported_top_levels(path) & forbidden
        assert not bad, f"{path.relative_to(ROOT)} imports {sorted(bad)}"


def test_engine_uses_only_the_standard_library() -> None:
    allowed = set(sys.stdlib_module_names) | {"engine", "__future__"}
    for path in sorted((ROOT / "engine").rglob("*.py")):
        outside = imported_top_levels(path) - allowed
        assert not outside, f"{path.relative_to(ROOT)} imports {sorted(outside)}"


def test_assistant_imports_no_kivy() -> None:
    for path in sorted((ROOT / "assistant").rglob("*.py")):
        assert "kivy" not in imported_top_levels(path), path


def test_the_checker_sees_imports(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text("import numpy as np\nfrom assistant.cli import main\n")
    assert imported_top_levels(probe) == {"numpy", "assistant"}


def test_mobile_holds_no_rules() -> None:
    """The app shows what assistant/ computes: it imports nothing of the engine.

    Every number on a screen (HP, hand limit, distance, range) comes from the
    views of assistant/ (table_view, distance_view, timing_view, history).
    """
    for path in sorted((ROOT / "mobile").rglob("*.py")):
        assert "engine" not in imported_top_levels(path), path.relative_to(ROOT)


def _assistant_imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names if a.name.split(".")[0] == "assistant")
        elif (
            isinstance(node, ast.ImportFrom)
            and node.level == 0
            and (node.module or "").split(".")[0] == "assistant"
        ):
            names.add(node.module or "")
    return names


def test_mobile_uses_assistant_through_its_faces() -> None:
    """mobile/ imports ``assistant.<room>`` (a package face or a top-level module), never deeper."""
    faces = {
        f"assistant.{p.stem if p.is_file() else p.name}"
        for p in (ROOT / "assistant").iterdir()
        if (p.is_dir() and (p / "__init__.py").exists())
        or (p.suffix == ".py" and p.name != "__init__.py")
    }
    assert {"assistant.session", "assistant.store", "assistant.terms"} <= faces
    for path in sorted((ROOT / "mobile").rglob("*.py")):
        deeper = _assistant_imports(path) - faces
        assert not deeper, f"{path.relative_to(ROOT)} imports {sorted(deeper)}"


def test_assistant_top_level_holds_only_faces_and_two_modules() -> None:
    """Every module of assistant/ lives in a package by job, but for the two shared ones."""
    top = sorted(p.name for p in (ROOT / "assistant").glob("*.py"))
    assert top == ["__init__.py", "resources.py", "terms.py"]
    for package in (ROOT / "assistant").iterdir():
        if package.is_dir() and any(package.glob("*.py")):
            face = package / "__init__.py"
            assert face.exists(), f"{package.name} has no face"
            assert "__all__" in face.read_text(encoding="utf-8"), f"{package.name}: no __all__"
