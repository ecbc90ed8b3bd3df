"""Dice notation: the grammar and the syntax tree of a LINE.

The grammar, and pyparsing with it, loads at the first parse: what only needs the syntax tree
(the REPL up to its first prompt, a sheet's validation) starts without them.
"""

from __future__ import annotations

from functools import cache
from types import ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rules.notation import ast

__all__ = ["load", "parse", "parse_expression"]


def parse(text: str) -> ast.Line:
    """Parse one LINE into its syntax tree; raises NotationError with a 1-based column."""
    return _grammar().parse(text)  # type: ignore[no-any-return]


def parse_expression(text: str) -> ast.Expr:
    """Parse a bare dice expression (no command words); used for sheet values and tests."""
    return _grammar().parse_expression(text)  # type: ignore[no-any-return]


def load() -> None:
    """Load the grammar now (the REPL does once its first prompt is up, before the first key)."""
    _grammar().load()


PYPARSING_UNUSED: dict[str, dict[str, str | None]] = {
    "pyparsing.testing": {"pyparsing_test": "pyparsing_test"},
    "pyparsing.common": {"pyparsing_common": "pyparsing_common", "_builtin_exprs": None},
}
"""What `import pyparsing` runs that a LINE never uses: its unittest helpers and its ready-made
expressions (which import unittest and datetime), loaded on first use (rules/lean_import.py)."""


def _with_builtin_exprs(module: ModuleType) -> None:
    """Ready-made expressions, once loaded, join pyparsing's list of its own built-in ones (an
    empty list stood in for theirs), as an eager import has them."""
    import pyparsing

    builtin = getattr(pyparsing, "core_builtin_exprs", None)
    if isinstance(builtin, list):
        builtin.extend(getattr(module, "_builtin_exprs", ()))


@cache
def _grammar() -> ModuleType:
    from rules.lean_import import import_lean

    import_lean("pyparsing", PYPARSING_UNUSED, _with_builtin_exprs)
    from rules.notation import grammar

    return grammar
