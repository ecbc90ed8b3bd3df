"""The LINEs typed most, read without the grammar: `2d6+3`, `d20`, `4d6kh3`, `1d10+1d6-1`, `d%`.

A sum of dice terms (`NdX`, `dX`, `d%`, with keep or drop modifiers: `kh3`, `kl1`, `k2`, `dl1`,
`dh`, `d1`) and whole numbers, joined by `+` and `-` with or without spaces, is read here into
the same tree the grammar builds (rules/notation/grammar.py): the grammar, and pyparsing with
it, is then not loaded at all (pyparsing is most of a one-shot's memory). Anything else, and
every LINE that would be an error, is left to the grammar (`read` answers None), so that every
message and caret is the grammar's.

A speed device, kept for what it buys: `roll 2d6+3` takes 49–55 ms less CPU with it
(bench/devices.py, 2026-12-02, the shared 2-core machine). tests/notation/test_plain_sums.py holds it
equal to the grammar with Hypothesis: every sum it reads, the grammar reads into the same tree.
"""

from __future__ import annotations

from typing import Literal

from rules.limits import MAX_LINE, MAX_SIDES
from rules.notation.die_nodes import PERCENT, Keep, std_die
from rules.notation.expr_nodes import BinOp, Dice, Expr, Num, RollLine

KeepOp = Literal["kh", "kl", "dh", "dl"]

_DIGITS = "0123456789"
_TERM_END = " +-"
"""What may follow a term: a space or the next sign (the LINE's end too)."""
_KEEPS: dict[str, KeepOp] = {"kh": "kh", "kl": "kl", "dh": "dh", "dl": "dl"}


def read(text: str) -> RollLine | None:
    """The tree of a plain sum of dice and numbers (what the grammar would give), else None."""
    if len(text) > MAX_LINE or not text.isascii():
        return None
    shown = text.strip()
    expr = _sum(shown)
    return None if expr is None else RollLine(expr, shown=shown)


def _sum(text: str) -> Expr | None:
    """`term (± term)*`, folded to the left as the grammar folds it."""
    end, node = _term(text, 0)
    if node is None:
        return None
    size = len(text)
    while end < size:
        at = _skip_spaces(text, end)
        sign = text[at] if at < size else ""
        if sign not in ("+", "-"):
            return None
        end, right = _term(text, _skip_spaces(text, at + 1))
        if right is None:
            return None
        node = BinOp("+" if sign == "+" else "-", node, right)
    return node


def _term(text: str, at: int) -> tuple[int, Expr | None]:
    """A dice term or a number starting at `at`: (where it ends, its node), or (at, None)."""
    end = _skip_digits(text, at)
    count = text[at:end]
    size = len(text)
    if end < size and text[end] in "dD":
        end, dice = _dice(text, end + 1, int(count) if count else 1)
        node: Expr | None = dice
    else:
        node = Num(int(count)) if count else None
    if node is None or end < size and text[end] not in _TERM_END:
        return at, None
    return end, node


def _dice(text: str, at: int, count: int) -> tuple[int, Dice | None]:
    """The die after `d` (`6`, `%`) and its keep or drop modifiers."""
    if text[at : at + 1] == "%":
        die, end = PERCENT, at + 1
    else:
        end = _skip_digits(text, at)
        if end == at or int(text[at:end]) > MAX_SIDES:
            return at, None
        die = std_die(int(text[at:end]))
    mods: list[Keep] = []
    while end < len(text) and text[end] not in _TERM_END:
        end, keep = _keep(text, end)
        if keep is None:
            return at, None
        mods.append(keep)
    return end, Dice(count, die, tuple(mods))


def _keep(text: str, at: int) -> tuple[int, Keep | None]:
    """`kh3`, `kl`, `dh2`, `dl1`, `k2` (keep the highest), `d1` (drop the lowest; its count is
    never left out: `4d6d` could be a die begun)."""
    pair = text[at : at + 2].lower()
    if pair in _KEEPS:
        end = _skip_digits(text, at + 2)
        return end, Keep(_KEEPS[pair], int(text[at + 2 : end]) if end > at + 2 else 1)
    letter = text[at].lower()
    end = _skip_digits(text, at + 1)
    if letter == "k":
        return end, Keep("kh", int(text[at + 1 : end]) if end > at + 1 else 1)
    if letter == "d" and end > at + 1:
        return end, Keep("dl", int(text[at + 1 : end]))
    return at, None


def _skip_digits(text: str, at: int) -> int:
    while at < len(text) and text[at] in _DIGITS:
        at += 1
    return at


def _skip_spaces(text: str, at: int) -> int:
    while at < len(text) and text[at] == " ":
        at += 1
    return at
