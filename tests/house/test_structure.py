"""The shape of the tree, read with `ast`: imports go one way, and no hand-written shell scripts."""

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


def test_cli_imports_form_no_circle() -> None:
    """Every import edge between cli modules (lazy ones too) points one way: no cycle."""
    files = modules("cli")
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
