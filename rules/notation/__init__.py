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


@cache
def _grammar() -> ModuleType:
    from rules.notation import grammar

    return grammar
