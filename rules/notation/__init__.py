"""Dice notation: the grammar and the syntax tree of a LINE.

The grammar, and pyparsing with it, loads at the first parse of a LINE that is more than a plain
sum of dice and numbers (those rules/notation/fast_sums.py reads into the same tree): what only needs
the syntax tree (the REPL up to its first prompt, a sheet's validation) and a plain LINE
(`roll 2d6+3`) start without them.
"""

from __future__ import annotations

from functools import cache
from types import ModuleType
from typing import TYPE_CHECKING

from rules.notation.fast_sums import read as read_fast_sum

if TYPE_CHECKING:
    from rules.notation import syntax

__all__ = ["load", "parse", "parse_expression"]


def parse(text: str) -> syntax.Line:
    """Parse one LINE into its syntax tree; raises NotationError with a 1-based column."""
    line = read_fast_sum(text)
    return line if line is not None else _grammar().parse(text)


def parse_expression(text: str) -> syntax.Expr:
    """Parse a bare dice expression (no command words); used for sheet values and tests."""
    line = read_fast_sum(text)
    return line.expr if line is not None else _grammar().parse_expression(text)


def load() -> None:
    """Load the grammar now (the REPL does once its first prompt is up, before the first key)."""
    _grammar().load()


@cache
def _grammar() -> ModuleType:
    from rules.notation import grammar

    return grammar
