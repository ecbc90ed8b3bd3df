"""Dice notation: the grammar and the syntax tree of a LINE.

The grammar, and pyparsing with it, loads at the first parse of a LINE that is more than a plain
sum of dice and numbers (those rules/notation/fast_sums.py reads into the same tree): what only needs
the syntax tree (the REPL up to its first prompt, a sheet's validation) and a plain LINE
(`roll 2d6+3`) start without them.

A speed device: `parse` keeps the trees of the last 1,024 LINEs it read, by their text (`_tree`),
the one text cache of a LINE's path. A batch, the REPL and `-n` read the same few LINEs again and
again, and a tree is frozen, so the same text gives an equal tree either way; bench/devices.py
measures what it buys (row "text cache at parse"), tests/notation/test_parse_cache.py holds it
equal to the plain path.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, lru_cache
from types import ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rules.notation import syntax

__all__ = ["load", "parse", "parse_expression"]


def parse(text: str) -> syntax.Line:
    """Parse one LINE into its syntax tree; raises NotationError with a 1-based column."""
    return _tree(text)


@lru_cache(maxsize=1024)
def _tree(text: str) -> syntax.Line:
    """The syntax tree of a LINE's text, kept: the device the module's docstring names."""
    line = _fast_sums()(text)
    return line if line is not None else _grammar().parse(text)


def parse_expression(text: str) -> syntax.Expr:
    """Parse a bare dice expression (no command words); used for sheet values and tests."""
    line = _fast_sums()(text)
    return line.expr if line is not None else _grammar().parse_expression(text)


def load() -> None:
    """Load the grammar now (the REPL does once its first prompt is up, before the first key)."""
    _grammar().load()


@cache
def _fast_sums() -> Callable[[str], syntax.RollLine | None]:
    """The plain-sum reader, with the syntax tree's nodes, at the first LINE read: importing
    `rules.notation.head` (the REPL's first prompt does) runs this module, and needs neither."""
    from rules.notation.fast_sums import read

    return read


@cache
def _grammar() -> ModuleType:
    from rules.notation import grammar

    return grammar
