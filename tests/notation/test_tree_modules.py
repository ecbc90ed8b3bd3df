"""The syntax tree's one name (rules/notation/syntax.py) gathers every node and helper of the modules
that hold them, each the very object its module holds, and nothing else."""

from __future__ import annotations

import importlib

import pytest

from rules.notation import syntax

HOMES = ("die_nodes", "modifiers", "expr_nodes", "command_nodes", "advantage")


@pytest.mark.parametrize("module", HOMES)
def test_every_name_is_the_object_its_home_module_holds(module: str) -> None:
    home = importlib.import_module(f"rules.notation.{module}")
    for name in syntax.__all__:
        if hasattr(home, name) and getattr(home, name).__module__ == home.__name__:
            assert getattr(syntax, name) is getattr(home, name), name


def test_every_node_class_is_named_once() -> None:
    classes = {name for module in HOMES for name, value in
               vars(importlib.import_module(f"rules.notation.{module}")).items()
               if isinstance(value, type) and value.__module__ == f"rules.notation.{module}"
               and not name.startswith("_")}
    assert classes <= set(syntax.__all__)
    assert len(syntax.__all__) == len(set(syntax.__all__))


def test_a_name_the_tree_does_not_have_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="Nonesuch"):
        syntax.Nonesuch  # type: ignore[attr-defined]  # noqa: B018
