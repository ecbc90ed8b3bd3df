"""The syntax tree's one name (rules/notation/ast.py) and the stub type checkers read (ast.pyi)
say the same: every name from the module that holds it, and nothing else."""

from __future__ import annotations

import ast as python_ast
import importlib

from rules.notation import ast
from tests.support.paths import ROOT_DIR


def stub_names() -> dict[str, str]:
    """Each name ast.pyi imports, with the module it imports it from."""
    tree = python_ast.parse((ROOT_DIR / "rules" / "notation" / "ast.pyi").read_text())
    found: dict[str, str] = {}
    for node in tree.body:
        if isinstance(node, python_ast.ImportFrom):
            for alias in node.names:
                found[alias.asname or alias.name] = str(node.module).rsplit(".", 1)[-1]
    return found


def test_the_stub_names_every_node_from_its_home_module() -> None:
    homes = {name: module for module, names in ast.HOMES.items() for name in names.split()}
    assert stub_names() == homes


def test_every_name_is_the_object_its_home_module_holds() -> None:
    for module, names in ast.HOMES.items():
        home = importlib.import_module(f"rules.notation.{module}")
        for name in names.split():
            assert getattr(ast, name) is getattr(home, name), name


def test_a_name_the_tree_does_not_have_is_an_attribute_error() -> None:
    try:
        ast.Nonesuch  # noqa: B018
    except AttributeError as error:
        assert "Nonesuch" in str(error)
    else:
        raise AssertionError("ast.Nonesuch was found")
