"""The shape of the tree, read with `ast`: imports go one way (cli/'s packages in layers), and no
hand-written shell scripts."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.support.paths import ROOT_DIR

ROOT = ROOT_DIR


def imported(path: Path, package: str, typing: bool = False) -> set[str]:
    """Every module a file of `package` imports, at any depth (a lazy import counts too; an
    `if TYPE_CHECKING:` one only with `typing`)."""
    found: set[str] = set()
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    typing_only = set() if typing else {  # `if TYPE_CHECKING:` imports never run
        id(inner) for node in ast.walk(tree)
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name)
        and node.test.id == "TYPE_CHECKING"
        for stmt in node.body for inner in ast.walk(stmt)
    }  # fmt: skip
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # `from . import x` / `from .x import y`
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parent, *([base] if base else [])])
            found.update(f"{base}.{alias.name}" for alias in node.names)
            if not all(is_module(f"{base}.{alias.name}") for alias in node.names):
                found.add(base)  # `from rules.notation import ast` imports the module ast
    return found


def is_module(name: str) -> bool:
    """Whether a dotted name is a module or package of the tree."""
    path = ROOT.joinpath(*name.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def modules(top: str, typing: bool = False) -> dict[str, set[str]]:
    return {
        str(path.relative_to(ROOT)): imported(path, package_of(path), typing)
        for path in sorted((ROOT / top).rglob("*.py"))
    }


def package_of(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).parts[:-1])


def is_under(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def test_only_the_entry_point_imports_the_root_app() -> None:
    offenders = [
        path for path, names in modules("cli").items()
        if path != "cli/__main__.py" and any(is_under(n, "cli.entry.app") for n in names)
    ]  # fmt: skip
    assert offenders == []
    assert any(is_under(n, "cli.entry.app") for n in modules("cli")["cli/__main__.py"])


def test_rules_import_nothing_from_cli() -> None:
    offenders = {
        path: sorted(n for n in names if is_under(n, "cli"))
        for path, names in modules("rules").items()
        if any(is_under(n, "cli") for n in names)
    }
    assert offenders == {}


def test_the_checker_sees_lazy_and_relative_imports(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text("def f() -> None:\n    from ..entry.app import app\n")
    assert "cli.entry.app" in imported(probe, "cli.commands")
    probe.write_text("def f() -> None:\n    import cli.entry.app.x\n")
    assert is_under(imported(probe, "cli.commands").pop(), "cli.entry.app")


def test_no_hand_written_completion_templates() -> None:
    assert not (ROOT / "cli" / "commands" / "completion_templates.py").exists()
    assert not (ROOT / "cli" / "commands" / "completion_scripts.py").exists()
    for path in (ROOT / "cli").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        # a hand-written script would carry shell code: `complete -F` (bash), `compadd` (zsh)
        assert "complete -F" not in text and "compadd" not in text, path
    scripts = sorted(p.name for p in (ROOT / "completions").glob("roll.*"))
    assert scripts == ["roll.bash", "roll.fish", "roll.zsh"]
    for script in (ROOT / "completions").glob("roll.*"):
        assert "_ROLL_COMPLETE=" in script.read_text(encoding="utf-8")  # Click's protocol


LAYERS: tuple[tuple[str, ...], ...] = (
    ("base",),
    ("store", "render"),
    ("line",),
    ("repl",),
    ("commands",),
    ("entry",),
)
"""cli/'s packages from the bottom up (docs/architecture.md's map): a package imports only
packages of a layer below its own, so two of one layer (the store and render) never import each
other; cli/__main__.py, above them all, imports any."""
LAYER_OF = {package: level for level, layer in enumerate(LAYERS) for package in layer}


def cli_package(module: str) -> str | None:
    """The cli/ package a dotted module name is in (`cli.line.plan` → `line`); None for one
    outside cli/ or at its top (`cli.__main__`)."""
    parts = module.split(".")
    if parts[0] != "cli" or len(parts) < 2 or not (ROOT / "cli" / parts[1]).is_dir():
        return None
    return parts[1]


def upward_imports(files: dict[str, set[str]]) -> list[str]:
    """Every import of a cli/ module (as `modules(..., typing=True)` reads them) that goes to its
    own layer or above it, other than within its own package: `path → module`."""
    found = []
    for path, names in files.items():
        here = cli_package(path.removesuffix(".py").replace("/", "."))
        if here is None:
            continue
        for name in sorted(n for n in names if is_module(n)):  # `from m import Name`: m
            there = cli_package(name)
            if there is not None and there != here and LAYER_OF[there] >= LAYER_OF[here]:
                found.append(f"{path} ({here}) → {name} ({there})")
    return found


def test_every_cli_package_has_a_layer() -> None:
    packages = {path.name for path in (ROOT / "cli").iterdir() if (path / "__init__.py").is_file()}
    assert packages == set(LAYER_OF)


def test_cli_packages_import_only_the_layers_below_theirs() -> None:
    """Imports at any depth, lazy and `if TYPE_CHECKING:` ones included: a type a module names
    from a package above it ties it to that package as much as a call does."""
    assert upward_imports(modules("cli", typing=True)) == []


def test_the_layer_check_sees_type_checking_and_lazy_imports(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                     "    from cli.repl.view import TableView\n")
    files = {"cli/base/probe.py": imported(probe, "cli.base", typing=True)}
    assert upward_imports(files) == ["cli/base/probe.py (base) → cli.repl.view (repl)"]
    probe.write_text("def f() -> None:\n    from ..render import json\n")
    files = {"cli/store/probe.py": imported(probe, "cli.store", typing=True)}
    assert upward_imports(files) == ["cli/store/probe.py (store) → cli.render.json (render)"]
    probe.write_text("from cli.base.settings import Settings\nfrom . import plan\n")
    assert upward_imports({"cli/line/probe.py": imported(probe, "cli.line", typing=True)}) == []


def test_cli_packages_form_no_circle() -> None:
    """Read by package (type-checking imports included), cli/ has no circle: the layers'
    direction seen whole, so a circle of three packages is found as readily as one of two."""
    graph: dict[str, set[str]] = {package: set() for package in LAYER_OF}
    for path, names in modules("cli", typing=True).items():
        here = cli_package(path.removesuffix(".py").replace("/", "."))
        if here is not None:
            graph[here] |= {there for name in names
                            if (there := cli_package(name)) not in (None, here)}  # fmt: skip
    package_files = {f"cli/{package}.py": {f"cli.{there}" for there in targets}
                     for package, targets in graph.items()}  # fmt: skip
    assert circles(package_files) == []


def test_cli_imports_form_no_circle() -> None:
    """Every import edge between cli modules (lazy and type-checking ones too) points one way:
    no cycle (cli/line/resolving.py and the typed dice once named each other's types)."""
    files = modules("cli", typing=True)
    names = {path.removesuffix(".py").removesuffix("/__init__").replace("/", "."): imports
             for path, imports in files.items()}  # fmt: skip
    graph = {
        module: {target for target in names if target != module and target in imports}
        for module, imports in names.items()
    }
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> None:
        assert module not in path, " → ".join([*path, module])
        if module in done:
            return
        for target in sorted(graph[module]):
            visit(target, (*path, module))
        done.add(module)

    for module in sorted(graph):
        visit(module, ())


def circles(files: dict[str, set[str]]) -> list[str]:
    """Every import circle among the modules of `files` (as `modules()` reads them)."""
    names = {path.removesuffix(".py").removesuffix("/__init__").replace("/", "."): imports
             for path, imports in files.items()}  # fmt: skip
    graph = {
        module: {target for target in names if target != module and target in imports}
        for module, imports in names.items()
    }
    found: list[str] = []
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> None:
        if module in path:
            found.append(" → ".join([*path[path.index(module):], module]))
            return
        if module in done:
            return
        for target in sorted(graph[module]):
            visit(target, (*path, module))
        done.add(module)

    for module in sorted(graph):
        visit(module, ())
    return found


def test_the_domain_has_no_import_circle_type_checking_imports_included() -> None:
    """rules/'s imports, `if TYPE_CHECKING:` ones and lazy ones too, go one way: a type a module
    names is a dependency even when it is not imported at run time (rules/named_rolls.py once went
    round through the systems and their sheets back to itself)."""
    assert circles(modules("rules", typing=True)) == []


def test_rules_and_cli_together_have_no_import_circle() -> None:
    """The whole tree's run-time imports (lazy ones too) go one way."""
    assert circles({**modules("rules"), **modules("cli")}) == []


def test_the_store_has_no_import_circle_type_checking_imports_included() -> None:
    """cli/store's modules, `if TYPE_CHECKING:` imports included, go one way (the log's
    reader once named the SQLite transaction's type while that one imported it)."""
    store = {path: names for path, names in modules("cli", typing=True).items()
             if path.startswith("cli/store/")}
    assert circles(store) == []


def test_a_test_module_imports_no_other_test_module() -> None:
    """Shared helpers, sheets and fixtures live in tests/support/ (or tests/conftest.py): a test
    module borrows nothing from another, so each can be moved, renamed or deleted alone."""
    borrowing = {
        path.name: sorted(name for name in imported(path, "tests", typing=True)
                          if name.rsplit(".", 1)[-1].startswith("test_"))
        for path in sorted((ROOT / "tests").rglob("*.py"))
    }
    assert {name: found for name, found in borrowing.items() if found} == {}


MAX_MODULE_LINES = 400
MAX_FUNCTION_LINES = 60
LONG_FUNCTIONS_TO_SPLIT: dict[str, int] = {}
"""Functions over the limit when it was set, at most as long as they were then: each is to be cut
into named steps, and none may grow or join the list (a ratchet, not an allowance)."""
LONG_MODULES_TO_SPLIT: dict[str, int] = {}
"""Modules over the limit when it was set, likewise."""


def sizes() -> tuple[dict[str, int], dict[str, int]]:
    """Every module of rules/ and cli/ by its lines, and every function by its lines."""
    modules_, functions = {}, {}
    for top in ("rules", "cli"):
        for path in sorted((ROOT / top).rglob("*.py")):
            text = path.read_text(encoding="utf-8")
            name = str(path.relative_to(ROOT))
            modules_[name] = text.count("\n")
            for node in ast.walk(ast.parse(text)):
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    assert node.end_lineno is not None
                    functions[f"{name} {node.name}"] = node.end_lineno - node.lineno + 1
    return modules_, functions


def test_every_module_is_under_400_lines_and_every_function_under_60() -> None:
    """A module holds one job and a function one step: the long ones left may only shrink."""
    modules_, functions = sizes()
    long_modules = {name: n for name, n in modules_.items() if n > MAX_MODULE_LINES}
    long_functions = {name: n for name, n in functions.items() if n > MAX_FUNCTION_LINES}
    assert set(long_modules) <= set(LONG_MODULES_TO_SPLIT)
    assert set(long_functions) <= set(LONG_FUNCTIONS_TO_SPLIT)
    assert all(n <= LONG_MODULES_TO_SPLIT[name] for name, n in long_modules.items())
    assert all(n <= LONG_FUNCTIONS_TO_SPLIT[name] for name, n in long_functions.items())
