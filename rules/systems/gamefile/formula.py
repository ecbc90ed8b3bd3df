"""A game file's formulas: whole numbers and names with + - * / and parentheses, read by our own
small grammar (never Python's), bounded like a LINE; `/` rounds down, so `cool / 2` is a half."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from rules.errors import UsageError

MAX_FORMULA = 200
"""The most characters a formula holds."""

MAX_DEPTH = 20
"""The deepest a formula's parentheses and signs nest."""

_TOKEN = re.compile(r"\s*(?:(\d{1,9})|([a-z][a-z0-9_]*)|(.))")


class FormulaError(ValueError):
    """A formula that does not read: what was wrong, for the game file's error."""


@dataclass(frozen=True, slots=True)
class Num:
    """A whole number."""

    value: int


@dataclass(frozen=True, slots=True)
class Name:
    """A stat, a skill, an input of the command, `stat` or `skill`: its value when rolled."""

    name: str


@dataclass(frozen=True, slots=True)
class Neg:
    """`-x`."""

    operand: Formula


@dataclass(frozen=True, slots=True)
class Op:
    """`a + b`, `a - b`, `a * b`, `a / b` (rounded down)."""

    sign: str
    left: Formula
    right: Formula


Formula = Num | Name | Neg | Op


def read_formula(text: str | int) -> Formula:
    """The formula a game file's value spells (a TOML integer is a number)."""
    if isinstance(text, bool) or not isinstance(text, (str, int)):
        raise FormulaError("a formula is a number or a text such as \"cool + 1\"")
    if isinstance(text, int):
        return Num(text)
    if len(text) > MAX_FORMULA:
        raise FormulaError(f"a formula has at most {MAX_FORMULA} characters")
    tokens = _tokens(text.lower())
    reader = _Reader(tokens)
    formula = reader.sum(0)
    if reader.at < len(tokens):
        raise FormulaError(f"unexpected {tokens[reader.at]!r} in {text!r}")
    return formula


def _tokens(text: str) -> list[str]:
    out = []
    for match in _TOKEN.finditer(text):
        token = match.group(1) or match.group(2) or match.group(3)
        if token is None:
            continue
        if match.group(3) is not None and token not in "+-*/()":
            raise FormulaError(f"{token!r} has no meaning in a formula (+ - * / ( ) and names)")
        out.append(token)
    return out


@dataclass(slots=True)
class _Reader:
    """Reads tokens by precedence: sums of products of signed atoms."""

    tokens: list[str]
    at: int = 0

    def peek(self) -> str | None:
        return self.tokens[self.at] if self.at < len(self.tokens) else None

    def take(self) -> str:
        token = self.peek()
        if token is None:
            raise FormulaError("the formula ends too soon")
        self.at += 1
        return token

    def sum(self, depth: int) -> Formula:
        left = self.product(depth)
        while self.peek() in ("+", "-"):
            sign = self.take()
            left = Op(sign, left, self.product(depth))
        return left

    def product(self, depth: int) -> Formula:
        left = self.atom(depth)
        while self.peek() in ("*", "/"):
            sign = self.take()
            left = Op(sign, left, self.atom(depth))
        return left

    def atom(self, depth: int) -> Formula:
        if depth > MAX_DEPTH:
            raise FormulaError(f"a formula nests at most {MAX_DEPTH} deep")
        token = self.take()
        if token == "-":
            return Neg(self.atom(depth + 1))
        if token == "(":
            inner = self.sum(depth + 1)
            if self.take() != ")":
                raise FormulaError("a '(' is never closed")
            return inner
        if token.isdigit():
            return Num(int(token))
        if token[0].isalpha():
            return Name(token)
        raise FormulaError(f"unexpected {token!r}")


def names(formula: Formula) -> frozenset[str]:
    """Every name a formula reads."""
    if isinstance(formula, Name):
        return frozenset({formula.name})
    if isinstance(formula, Neg):
        return names(formula.operand)
    if isinstance(formula, Op):
        return names(formula.left) | names(formula.right)
    return frozenset()


def value(formula: Formula, values: Mapping[str, int]) -> int:
    """The formula's value with these names' values; a name without one is a UsageError."""
    if isinstance(formula, Num):
        return formula.value
    if isinstance(formula, Name):
        if formula.name not in values:
            raise UsageError(f"this needs {formula.name}: give it inline ({formula.name}=N)"
                             " or act as a character whose sheet has it")
        return values[formula.name]
    if isinstance(formula, Neg):
        return -value(formula.operand, values)
    left, right = value(formula.left, values), value(formula.right, values)
    if formula.sign == "+":
        return left + right
    if formula.sign == "-":
        return left - right
    if formula.sign == "*":
        return left * right
    if right == 0:
        raise UsageError("a game formula divides by zero")
    return left // right


def shown(formula: Formula, top: bool = False) -> str:
    """The formula written back (`stat + skill`), parenthesised inside another operation."""
    if isinstance(formula, Num):
        return str(formula.value)
    if isinstance(formula, Name):
        return formula.name
    if isinstance(formula, Neg):
        return f"-({shown(formula.operand)})"
    said = f"{shown(formula.left)} {formula.sign} {shown(formula.right)}"
    return said if top else f"({said})"
