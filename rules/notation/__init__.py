"""Dice notation: the grammar and the syntax tree of a LINE."""

from rules.notation.grammar import parse, parse_expression

__all__ = ["parse", "parse_expression"]
