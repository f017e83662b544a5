"""buildozer.spec (the Android build) agrees with the code it packages.

No APK can be built here: buildozer downloads the Android SDK and NDK. So
these tests read the spec the way buildozer does and hold it to the code:
the requirements cover every third-party module the packaged sources import,
and what those packages need in turn; the files the packages open are copied
into the APK and the tests, benchmarks and sample videos are not; the camera
permission and both orientations are there; main.py starts the app; the
version is pyproject's. Each check also runs on a spoiled copy of the spec,
to show that it can fail. docs/android.md says what else was verified.
"""

from __future__ import annotations

import ast
import configparser
import importlib.metadata
import os
import sys
import tomllib
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass
from fnmatch import fnmatch
from pathlib import Path, PurePosixPath

import pytest
from packaging.requirements import InvalidRequirement, Requirement
from packaging.specifiers import SpecifierSet
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]
SPEC_PATH = ROOT / "buildozer.spec"
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
PROJECT = PYPROJECT["project"]
# The project's own packages: what setuptools packages is what the APK needs.
PACKAGES = tuple(
    pattern.rstrip("*")
    for pattern in PYPROJECT["tool"]["setuptools"]["packages"]["find"]["include"]
)
ENTRYPOINT = "main.py"

# Requirements the phone needs whatever the imports say, and why.
REQUIRED = {
    "python3": "the interpreter",
    "kivy": "the user interface",
    "android": "runtime permissions; ctypes.util.find_library needs it under python-for-android",
    "sqlite3": "the game records are SQLite databases",
    "opencv": "cv2: finding the stickers in camera frames",
    "numpy": "cv2's images",
    "libzbar": "the zbar C library that pyzbar loads with ctypes",
    "pyzbar": "the QR decoder's bindings",
    "sqlmodel": "the record store's models",
    "sqlalchemy": "the record store's database layer",
    "pydantic": "sqlmodel's models",
    "pydantic-core": "pydantic's compiled half: a recipe, which pip cannot cross-compile",
}
# Pinned to a version inside pyproject's range, not left to the recipe.
MUST_PIN = ("kivy",)
# Each needs the exact version of the other: pinned both or neither.
PINNED_TOGETHER = ("pydantic", "pydantic-core")

# Modules that exist only on Android, as python-for-android recipes: no
# desktop distribution names them, so the requirement is given here.
ANDROID_ONLY = {"android": "android", "jnius": "pyjnius"}
# Desktop distribution -> the spec's requirement, where the names differ.
RECIPE_FOR = {"opencv-python-headless": "opencv", "opencv-python": "opencv"}
# Recipes that install their own Python dependencies (not the desktop ones).
OWN_DEPENDENCIES = {"kivy": "the kivy recipe lists its own (python_depends)"}
# Dependencies of packaged distributions that the phone does without.
NOT_NEEDED = {"greenlet": "SQLAlchemy needs it only for asyncio, which the app does not use"}
# What must never be copied into the APK.
NOT_SHIPPED_DIRS = ("tests", "bench", "samples", "docs", "scripts", "out")
NOT_SHIPPED_FILES = ("samples/demo.mp4",)


class SpecParser(configparser.ConfigParser):
    """configparser as buildozer sets it up: case-sensitive keys, bare keys allowed."""

    def __init__(self) -> None:
        super().__init__(allow_no_value=True)

    def optionxform(self, optionstr: str) -> str:
        return optionstr


@dataclass
class Spec:
    config: SpecParser
    root: Path

    def get(self, key: str, default: str = "") -> str:
        return self.config.get("app", key, fallback=default)

    def getlist(self, key: str) -> list[str]:
        """A list option as buildozer reads it: an [app:key] section, or commas."""
        section = f"app:{key}"
        if self.config.has_section(section):
            return [option.strip() for option in self.config.options(section)]
        value = self.config.get("app", key, fallback=None)
        return [] if value is None else [item.strip() for item in value.split(",")]

    def requirement_entries(self) -> list[str]:
        return self.getlist("requirements")

    def requirements(self) -> dict[str, Requirement]:
        """The parseable entries, by canonical name (check_required reports the rest)."""
        found: dict[str, Requirement] = {}
        for entry in self.requirement_entries():
            try:
                requirement = Requirement(entry)
            except InvalidRequirement:
                continue
            found[canonicalize_name(requirement.name)] = requirement
        return found


def read_spec(text: str, root: Path = ROOT) -> Spec:
    config = SpecParser()
    config.read_string(text, source=str(SPEC_PATH))
    return Spec(config, root)


def real_spec() -> Spec:
    return read_spec(SPEC_PATH.read_text(encoding="utf-8"))


# --- What buildozer copies --------------------------------------------------


def shipped_files(spec: Spec) -> set[str]:
    """The files buildozer copies into the APK, as paths relative to source.dir.

    The rules of buildozer 1.6's Buildozer._copy_application_sources: hidden
    files and folders are skipped; a folder goes when it starts with an
    exclude_dirs entry or matches an exclude_patterns one (unless an
    include_patterns one matches); a file goes on the same patterns, and then
    when its extension is not in include_exts or is in exclude_exts. Names
    are lower-cased before matching, except the file name in a subfolder.
    """
    source = (spec.root / spec.get("source.dir", ".")).resolve()
    include_exts = [ext.lower() for ext in spec.getlist("source.include_exts") if ext]
    exclude_exts = [ext.lower() for ext in spec.getlist("source.exclude_exts") if ext]
    exclude_dirs = [d.lower().rstrip("/") + "/" for d in spec.getlist("source.exclude_dirs") if d]
    exclude_patterns = [p.lower() for p in spec.getlist("source.exclude_patterns") if p]
    include_patterns = [p.lower() for p in spec.getlist("source.include_patterns") if p]
    shipped = set()
    for directory, subdirectories, files in os.walk(source, followlinks=True):
        # buildozer skips every file under a hidden folder; not entering one is the same
        subdirectories[:] = [d for d in subdirectories if not d.startswith(".")]
        relative = Path(directory).relative_to(source).as_posix()
        folder = "" if relative == "." else relative.lower() + "/"
        if folder:
            excluded = any(folder.startswith(d) for d in exclude_dirs) or any(
                fnmatch(folder, p) for p in exclude_patterns
            )
            if any(fnmatch(folder, p) for p in include_patterns):
                excluded = False
            if excluded:
                continue
        for name in files:
            if name.startswith("."):
                continue
            candidate = folder + name if folder else name.lower()
            excluded = any(fnmatch(candidate, p) for p in exclude_patterns)
            if any(fnmatch(candidate, p) for p in include_patterns):
                excluded = False
            if excluded:
                continue
            ext = os.path.splitext(name)[1][1:].lower()
            if ext and include_exts and ext not in include_exts:
                continue
            if ext and ext in exclude_exts:
                continue
            shipped.add(name if relative == "." else f"{relative}/{name}")
    return shipped


def package_files() -> Iterator[PurePosixPath]:
    """Every file of the project's packages that an install would carry."""
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*")):
            relative = path.relative_to(ROOT)
            if not path.is_file() or path.suffix == ".pyc":
                continue
            if any(part.startswith(".") or part == "__pycache__" for part in relative.parts):
                continue
            yield PurePosixPath(relative.as_posix())


# --- What the code imports --------------------------------------------------


def is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def runtime_imports(tree: ast.AST) -> Iterator[str]:
    """Top-level names of the absolute imports anywhere in a module, except
    under ``if TYPE_CHECKING:`` (those are for the type checker only)."""
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and is_type_checking(node.test):
            stack.extend(node.orelse)
            continue
        if isinstance(node, ast.Import):
            yield from (alias.name.partition(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.module.partition(".")[0]
        stack.extend(ast.iter_child_nodes(node))


def third_party_imports(spec: Spec) -> dict[str, set[str]]:
    """Third-party top-level module -> the shipped files that import it."""
    first_party = {*PACKAGES, Path(ENTRYPOINT).stem}
    source = (spec.root / spec.get("source.dir", ".")).resolve()
    found: dict[str, set[str]] = {}
    for relative in sorted(shipped_files(spec)):
        if not relative.endswith(".py"):
            continue
        path = source / relative
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for name in runtime_imports(tree):
            if name in sys.stdlib_module_names or name in first_party:
                continue
            found.setdefault(name, set()).add(relative)
    return found


def installed_needs(distribution: str, extras: Collection[str] = ()) -> list[Requirement]:
    """What an installed distribution needs, with these extras, on this machine;
    nothing when it is not installed here."""
    try:
        lines = importlib.metadata.requires(distribution) or []
    except importlib.metadata.PackageNotFoundError:
        return []
    needs = []
    for requirement in map(Requirement, lines):
        marker = requirement.marker
        if marker is None or any(marker.evaluate({"extra": e}) for e in ("", *extras)):
            needs.append(requirement)
    return needs


def pyproject_requirements(*, dev: bool) -> list[Requirement]:
    """pyproject's dependencies and extras (the dev extra's, or all the others),
    without the extras' references to the project itself."""
    if dev:
        lines = PROJECT["optional-dependencies"].get("dev", [])
    else:
        lines = list(PROJECT["dependencies"])
        for extra, items in PROJECT["optional-dependencies"].items():
            if extra != "dev":
                lines += items
    own = canonicalize_name(PROJECT["name"])
    return [r for r in map(Requirement, lines) if canonicalize_name(r.name) != own]


def dev_only_distributions() -> set[str]:
    """Distributions in pyproject's dev extra that nothing else brings in: not a
    dependency, an extra, or a dependency of those (an optional second QR
    decoder, for one). Pillow, say, is in the dev extra but fpdf2 needs it."""
    runtime: set[str] = set()
    queue = pyproject_requirements(dev=False)
    while queue:
        requirement = queue.pop()
        name = canonicalize_name(requirement.name)
        if name not in runtime:
            runtime.add(name)
            queue += installed_needs(requirement.name, requirement.extras)
    dev: set[str] = {canonicalize_name(r.name) for r in pyproject_requirements(dev=True)}
    return dev - runtime


def spec_name(distribution: str) -> str:
    name = canonicalize_name(distribution)
    return RECIPE_FOR.get(name, name)


# --- The checks: each returns what is wrong, empty when all is well ----------


def check_required(spec: Spec) -> list[str]:
    problems = []
    entries = spec.requirement_entries()
    seen: set[str] = set()
    for entry in entries:
        try:
            requirement = Requirement(entry)
        except InvalidRequirement:
            problems.append(f"requirements: {entry!r} is not a requirement (a stray comma?)")
            continue
        name = canonicalize_name(requirement.name)
        if name in seen:
            problems.append(f"requirements: {name} is listed twice")
        seen.add(name)
        plain = not (requirement.extras or requirement.marker or requirement.url)
        if not plain or (requirement.specifier and pinned_version(requirement) is None):
            problems.append(f"requirements: {entry!r}: python-for-android takes only name==version")
    for required, why in REQUIRED.items():
        if required not in seen:
            problems.append(f"requirements: {required} is missing ({why})")
    return problems


def pinned_version(requirement: Requirement) -> str | None:
    specifiers = list(requirement.specifier)
    if len(specifiers) == 1 and specifiers[0].operator == "==":
        return specifiers[0].version
    return None


def pyproject_constraints() -> dict[str, SpecifierSet]:
    """The version ranges pyproject gives, by the spec's name for each package."""
    constraints: dict[str, SpecifierSet] = {}
    for requirement in pyproject_requirements(dev=False):
        name = spec_name(requirement.name)
        constraints[name] = constraints.get(name, SpecifierSet()) & requirement.specifier
    return constraints


def check_pins(spec: Spec) -> list[str]:
    problems = []
    requirements = spec.requirements()
    for name in MUST_PIN:
        if name in requirements and pinned_version(requirements[name]) is None:
            problems.append(f"requirements: pin {name} (name==version) inside pyproject's range")
    constraints = pyproject_constraints()
    for name, requirement in requirements.items():
        version = pinned_version(requirement)
        if version is not None and name in constraints and version not in constraints[name]:
            problems.append(
                f"requirements: {name}=={version} is outside pyproject's {constraints[name]}"
            )
    pins = [pinned_version(requirements[n]) if n in requirements else None for n in PINNED_TOGETHER]
    if any(pins) and not all(pins):
        problems.append(f"requirements: pin {' and '.join(PINNED_TOGETHER)} together, or neither")
    return problems


def check_imports(spec: Spec) -> list[str]:
    """Every third-party module a shipped file imports comes from a requirement."""
    problems = []
    requirements = spec.requirements()
    installed = importlib.metadata.packages_distributions()
    dev_only = dev_only_distributions()
    for module, files in sorted(third_party_imports(spec).items()):
        where = ", ".join(sorted(files))
        if module in ANDROID_ONLY:
            needed = [ANDROID_ONLY[module]]
        elif module in installed:
            distributions = {canonicalize_name(d) for d in installed[module]}
            if distributions <= dev_only:
                continue  # an optional extra for development, e.g. a second decoder
            needed = sorted({spec_name(d) for d in distributions})
        else:
            problems.append(
                f"{module} (imported by {where}) is neither installed here nor known to be "
                "Android-only: install it or add it to ANDROID_ONLY, and to the spec"
            )
            continue
        if not any(name in requirements for name in needed):
            problems.append(f"requirements: add {' or '.join(needed)}: {where} import {module}")
    return problems


def check_dependencies(spec: Spec) -> list[str]:
    """What the required distributions need in turn is required too.

    Read from the distributions installed here: older python-for-android
    releases pip-install requirements with --no-deps, so nothing else would
    bring their dependencies in.
    """
    problems = []
    requirements = spec.requirements()
    desktop_name = {recipe: distribution for distribution, recipe in RECIPE_FOR.items()}
    queue = []
    for name in requirements:
        for candidate in (name, desktop_name.get(name, name)):
            try:
                queue.append(importlib.metadata.distribution(candidate))
                break
            except importlib.metadata.PackageNotFoundError:
                continue
    seen = set()
    while queue:
        distribution = queue.pop()
        name = canonicalize_name(distribution.metadata["Name"])
        if name in seen or name in OWN_DEPENDENCIES:
            continue
        seen.add(name)
        for dependency in installed_needs(name):
            needed = spec_name(dependency.name)
            if needed in NOT_NEEDED:
                continue
            if needed not in requirements:
                problems.append(f"requirements: add {needed}, which {name} needs")
                continue
            try:
                queue.append(importlib.metadata.distribution(dependency.name))
            except importlib.metadata.PackageNotFoundError:
                problems.append(f"{dependency.name} (needed by {name}) is not installed here")
    return problems


def permission_name(entry: str) -> str:
    """CAMERA, android.permission.CAMERA or (name=android.permission.CAMERA;...)."""
    entry = entry.strip()
    if entry.startswith("(") and entry.endswith(")"):
        fields = dict(field.split("=", 1) for field in entry[1:-1].split(";") if "=" in field)
        entry = fields.get("name", "").strip()
    return entry if "." in entry else f"android.permission.{entry}"


def check_permissions(spec: Spec) -> list[str]:
    permissions = {permission_name(p) for p in spec.getlist("android.permissions") if p}
    if "android.permission.CAMERA" not in permissions:
        return ["android.permissions: CAMERA is missing (the app reads the cards with the camera)"]
    return []


def check_orientation(spec: Spec) -> list[str]:
    orientations = set(spec.getlist("orientation"))
    if "all" in orientations:
        return []
    return [
        f"orientation: {wanted} is missing"
        for wanted in ("portrait", "landscape")
        if wanted not in orientations
    ]


def check_include_exts(spec: Spec) -> list[str]:
    """source.include_exts names every kind of data file in the packages."""
    include = {ext.lower() for ext in spec.getlist("source.include_exts") if ext}
    if not include:
        return []  # buildozer then copies every extension
    problems = []
    for path in package_files():
        ext = path.suffix[1:].lower()
        if ext and ext not in include:
            problems.append(f"source.include_exts: add {ext} ({path})")
    return problems


def check_package_files(spec: Spec) -> list[str]:
    """Every module and data file of the packages is copied into the APK."""
    shipped = shipped_files(spec)
    return [
        f"{path} is not copied into the APK" for path in package_files() if str(path) not in shipped
    ]


def check_not_shipped(spec: Spec) -> list[str]:
    shipped = shipped_files(spec)
    problems = [
        f"{path} would be copied into the APK" for path in NOT_SHIPPED_FILES if path in shipped
    ]
    for path in sorted(shipped):
        top = path.partition("/")[0]
        if "/" in path and top in NOT_SHIPPED_DIRS:
            problems.append(f"{path} would be copied into the APK")
    return problems


def entrypoint_problems(text: str) -> list[str]:
    """main.py must import mobile.app's main and call it."""
    tree = ast.parse(text)
    imports = any(
        (
            isinstance(node, ast.ImportFrom)
            and node.level == 0
            and node.module == "mobile.app"
            and any(alias.name == "main" for alias in node.names)
        )
        or (isinstance(node, ast.Import) and any(a.name == "mobile.app" for a in node.names))
        for node in ast.walk(tree)
    )
    calls = any(
        isinstance(node, ast.Call)
        and (
            (isinstance(node.func, ast.Name) and node.func.id == "main")
            or (isinstance(node.func, ast.Attribute) and node.func.attr == "main")
        )
        for node in ast.walk(tree)
    )
    problems = []
    if not imports:
        problems.append(f"{ENTRYPOINT} does not import mobile.app's main")
    if not calls:
        problems.append(f"{ENTRYPOINT} does not call main()")
    return problems


def check_entrypoint(spec: Spec) -> list[str]:
    path = (spec.root / spec.get("source.dir", ".")).resolve() / ENTRYPOINT
    if not path.is_file():
        return [f"{ENTRYPOINT} is missing from source.dir: python-for-android runs it"]
    if ENTRYPOINT not in shipped_files(spec):
        return [f"{ENTRYPOINT} is not copied into the APK"]
    return entrypoint_problems(path.read_text(encoding="utf-8"))


def check_version(spec: Spec) -> list[str]:
    if spec.get("version") != PROJECT["version"]:
        return [f"version is {spec.get('version')!r}; pyproject says {PROJECT['version']!r}"]
    return []


CHECKS: tuple[Callable[[Spec], list[str]], ...] = (
    check_required,
    check_pins,
    check_imports,
    check_dependencies,
    check_permissions,
    check_orientation,
    check_include_exts,
    check_package_files,
    check_not_shipped,
    check_entrypoint,
    check_version,
)


@pytest.mark.parametrize("check", CHECKS, ids=lambda check: check.__name__)
def test_the_spec_passes(check: Callable[[Spec], list[str]]) -> None:
    assert check(real_spec()) == []


def test_the_scan_sees_the_imports_it_checks() -> None:
    """The import scan finds the app's known dependencies, so an empty problem
    list from check_imports means something."""
    modules = third_party_imports(real_spec())
    assert {"kivy", "cv2", "numpy", "pyzbar", "sqlalchemy", "sqlmodel"} <= modules.keys()


def test_the_packaged_files_are_the_app() -> None:
    shipped = shipped_files(real_spec())
    assert {"main.py", "mobile/app.py", "vision/zbar.py", "engine/data/cards.csv"} <= shipped
    assert "assistant/assets/NotoSansSC-sgs.otf" in shipped


# --- Each check can fail: the spec spoiled in one way at a time --------------


def drop_requirement(name: str) -> Callable[[Spec], None]:
    def spoil(spec: Spec) -> None:
        kept = [
            e for e in spec.requirement_entries() if canonicalize_name(Requirement(e).name) != name
        ]
        spec.config.set("app", "requirements", ",".join(kept))

    return spoil


def replace_requirement(name: str, entry: str) -> Callable[[Spec], None]:
    def spoil(spec: Spec) -> None:
        entries = spec.requirement_entries()
        kept = [e for e in entries if canonicalize_name(Requirement(e).name) != name]
        spec.config.set("app", "requirements", ",".join([*kept, entry]))

    return spoil


def set_option(key: str, value: str) -> Callable[[Spec], None]:
    def spoil(spec: Spec) -> None:
        spec.config.set("app", key, value)

    return spoil


def drop_from_list(key: str, item: str) -> Callable[[Spec], None]:
    def spoil(spec: Spec) -> None:
        kept = [i for i in spec.getlist(key) if i != item]
        assert len(kept) < len(spec.getlist(key)), f"{item} is not in {key}"
        spec.config.set("app", key, ",".join(kept))

    return spoil


def add_to_list(key: str, item: str) -> Callable[[Spec], None]:
    def spoil(spec: Spec) -> None:
        spec.config.set("app", key, ",".join([*spec.getlist(key), item]))

    return spoil


SPOILED: dict[str, tuple[Callable[[Spec], None], Callable[[Spec], list[str]]]] = {
    "pyzbar dropped": (drop_requirement("pyzbar"), check_required),
    "a stray comma": (add_to_list("requirements", ""), check_required),
    "a >= requirement": (replace_requirement("numpy", "numpy>=1.26"), check_required),
    "kivy unpinned": (replace_requirement("kivy", "kivy"), check_pins),
    "kivy outside pyproject's range": (replace_requirement("kivy", "kivy==2.4.0"), check_pins),
    "pydantic-core unpinned": (replace_requirement("pydantic-core", "pydantic-core"), check_pins),
    "opencv dropped": (drop_requirement("opencv"), check_imports),
    "segno dropped": (drop_requirement("segno"), check_imports),
    "typing-extensions dropped": (drop_requirement("typing-extensions"), check_dependencies),
    "fonttools dropped": (drop_requirement("fonttools"), check_dependencies),
    "no CAMERA": (set_option("android.permissions", "WAKE_LOCK"), check_permissions),
    "portrait only": (set_option("orientation", "portrait"), check_orientation),
    "landscape only": (set_option("orientation", "landscape"), check_orientation),
    "no .otf": (drop_from_list("source.include_exts", "otf"), check_include_exts),
    "no .kv": (drop_from_list("source.include_exts", "kv"), check_package_files),
    "engine data excluded": (
        add_to_list("source.exclude_patterns", "engine/data/*"),
        check_package_files,
    ),
    "samples shipped": (drop_from_list("source.exclude_dirs", "samples"), check_not_shipped),
    "tests shipped": (drop_from_list("source.exclude_dirs", "tests"), check_not_shipped),
    "main.py elsewhere": (set_option("source.dir", "mobile"), check_entrypoint),
    "main.py excluded": (add_to_list("source.exclude_patterns", "main.py"), check_entrypoint),
    "another version": (set_option("version", "9.9.9"), check_version),
}


@pytest.mark.parametrize("spoil, check", SPOILED.values(), ids=SPOILED.keys())
def test_a_spoiled_spec_fails(
    spoil: Callable[[Spec], None], check: Callable[[Spec], list[str]]
) -> None:
    spec = real_spec()
    spoil(spec)
    assert check(spec) != []


def test_demo_video_is_caught_when_it_would_ship() -> None:
    spec = real_spec()
    drop_from_list("source.exclude_dirs", "samples")(spec)
    set_option("source.include_exts", "")(spec)
    assert "samples/demo.mp4 would be copied into the APK" in check_not_shipped(spec)


@pytest.mark.parametrize(
    "text, wrong",
    [
        ("from mobile.app import main\n\nmain()\n", []),
        ("import mobile.app\n\nmobile.app.main()\n", []),
        ("from mobile.app import run_app\n\nrun_app()\n", ["import", "call"]),
        ("from mobile.app import main\n", ["call"]),
        ("def main() -> None: ...\n\nmain()\n", ["import"]),
    ],
)
def test_entrypoint_problems(text: str, wrong: list[str]) -> None:
    problems = entrypoint_problems(text)
    assert len(problems) == len(wrong)
    for problem, word in zip(problems, wrong, strict=True):
        assert word in problem


def test_import_scan_skips_type_checking_blocks() -> None:
    tree = ast.parse(
        "from typing import TYPE_CHECKING\n"
        "import cv2\n"
        "if TYPE_CHECKING:\n    import fpdf\nelse:\n    import segno\n"
        "def f() -> None:\n    import zxingcpp\n"
    )
    assert set(runtime_imports(tree)) == {"typing", "cv2", "segno", "zxingcpp"}


def test_check_imports_tells_dev_only_from_needed(tmp_path: Path) -> None:
    """zxing-cpp is for development only and is let through; Pillow is in the
    dev extra too but fpdf2 needs it, and android exists only on the phone:
    both must be requirements."""
    (tmp_path / "mobile").mkdir()
    (tmp_path / "mobile" / "camera.py").write_text(
        "from android.permissions import request_permissions\n"
        "from PIL import Image\n"
        "def reader() -> None:\n    import zxingcpp\n",
        encoding="utf-8",
    )
    spec = read_spec(
        "[app]\nsource.dir = .\nsource.include_exts = py\nrequirements = python3,kivy\n",
        root=tmp_path,
    )
    assert sorted(check_imports(spec)) == [
        "requirements: add android: mobile/camera.py import android",
        "requirements: add pillow: mobile/camera.py import PIL",
    ]
