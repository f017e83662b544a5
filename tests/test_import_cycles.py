"""No import circles among the project's own modules, read from their source.

Every ``import`` and ``from ... import`` counts, wherever it stands: an
import inside a function to dodge a circle is still a circle. Importing
``a.b.c`` also runs the ``__init__`` of ``a.b`` and ``a``, so an import of a
module in another package is an edge to that package's face as well; an
import of a module's own enclosing packages is not (they are already being
imported when the module runs). So the packages' faces form no circle either.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from pathlib import Path

ROOT = Path(__file__).parent.parent
PACKAGES = ("engine", "vision", "assistant", "mobile")


def module_files(root: Path, packages: Iterable[str]) -> dict[str, Path]:
    """Dotted module name -> source file, for every module of ``packages`` under ``root``."""
    files: dict[str, Path] = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            parts = path.relative_to(root).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            files[".".join(parts)] = path
    return files


def _ancestors(name: str) -> list[str]:
    parts = name.split(".")
    return [".".join(parts[:n]) for n in range(1, len(parts))]


def imports_of(name: str, path: Path, known: Mapping[str, Path]) -> set[str]:
    """The project modules that importing module ``name`` (at ``path``) runs, directly.

    What an import names counts (``from pkg import Thing`` names ``pkg``'s
    face; ``from pkg import module`` names the module); so do the packages
    above it, except those that enclose ``name`` itself.
    """
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    named: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            named.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                module = ".".join([*base, node.module] if node.module else base)
            else:
                module = node.module or ""
            for alias in node.names:
                submodule = f"{module}.{alias.name}"
                named.add(submodule if submodule in known else module)
    own = set(_ancestors(name))
    edges = {target for target in named if target in known and target != name}
    for target in named:
        edges.update(a for a in _ancestors(target) if a in known and a not in own | {name})
    return edges


def import_graph(root: Path, packages: Iterable[str]) -> dict[str, set[str]]:
    known = module_files(root, packages)
    return {name: imports_of(name, path, known) for name, path in known.items()}


def cycles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """One shortest circle through each strongly connected group of modules (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []

    def visit(start: str) -> None:
        # Iterative, so a deep chain of imports cannot hit the recursion limit.
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                group = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.add(member)
                    if member == node:
                        break
                if len(group) > 1 or node in graph[node]:
                    groups.append(group)

    for name in sorted(graph):
        if name not in index:
            visit(name)
    return [_shortest_circle(graph, group) for group in groups]


def _shortest_circle(graph: Mapping[str, set[str]], group: set[str]) -> list[str]:
    start = min(group)
    paths = {start: [start]}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for child in sorted(graph[node] & group):
                if child == start:
                    return [*paths[node], start]
                if child not in paths:
                    paths[child] = [*paths[node], child]
                    following.append(child)
        frontier = following
    raise AssertionError(f"no circle through {start}")  # pragma: no cover


def test_the_project_has_no_import_circles() -> None:
    found = cycles(import_graph(ROOT, PACKAGES))
    assert not found, "import circles:\n" + "\n".join(" -> ".join(c) for c in found)


def test_the_graph_sees_every_package() -> None:
    graph = import_graph(ROOT, PACKAGES)
    for package in PACKAGES:
        assert package in graph
    # A few edges the project certainly has, so an empty graph cannot pass.
    assert "engine.state" in graph["engine.rules"]
    assert any(target.startswith("engine") for target in graph["assistant.session.table_session"])


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def test_a_circle_is_found(tmp_path: Path) -> None:
    _write(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/a.py": "from pkg.b import thing\n",
            "pkg/b.py": "def f():\n    from pkg import c\n",  # hidden in a function
            "pkg/c.py": "import pkg.a\n",
            "pkg/d.py": "from . import a\n",
        },
    )
    assert cycles(import_graph(tmp_path, ["pkg"])) == [["pkg.a", "pkg.b", "pkg.c", "pkg.a"]]


def test_a_circle_through_package_faces_is_found(tmp_path: Path) -> None:
    _write(
        tmp_path,
        {
            "top/__init__.py": "",
            "top/one/__init__.py": "from top.one.x import X\n",
            "top/one/x.py": "from top.two.y import Y\n",
            "top/two/__init__.py": "from top.two.y import Y\nfrom top.two.z import Z\n",
            "top/two/y.py": "Y = 1\n",
            "top/two/z.py": "from .. import one\n",
        },
    )
    found = cycles(import_graph(tmp_path, ["top"]))
    assert found == [["top.one", "top.one.x", "top.two", "top.two.z", "top.one"]]


def test_a_module_importing_its_own_package_face_is_no_circle(tmp_path: Path) -> None:
    _write(
        tmp_path,
        {
            "pkg/__init__.py": "from pkg.core import Core\n__all__ = ['Core']\n",
            "pkg/core.py": "class Core: ...\n",
            "pkg/more.py": "from pkg.core import Core\nfrom pkg import core\nimport pkg\n",
        },
    )
    assert cycles(import_graph(tmp_path, ["pkg"])) == []


def test_a_face_that_imports_a_module_that_imports_the_face_is_a_circle(tmp_path: Path) -> None:
    _write(
        tmp_path,
        {
            "pkg/__init__.py": "from pkg.core import Core\nfrom pkg.more import More\n",
            "pkg/core.py": "class Core: ...\n",
            "pkg/more.py": "from pkg import Core\nclass More(Core): ...\n",
        },
    )
    assert cycles(import_graph(tmp_path, ["pkg"])) == [["pkg", "pkg.more", "pkg"]]
