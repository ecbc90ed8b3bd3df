"""The nodes beyond a plain sum: groups `{…}`, function calls, `[labels]` and Vagabond's Favor and
Hinder atoms; `Expr` is every expression node."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from rules.notation.modifiers import mods_notation
from rules.notation.sum_nodes import BinOp, Dice, Neg, Num, written_once

if TYPE_CHECKING:
    from rules.notation.modifiers import Modifier


@written_once
@dataclass(frozen=True)  # no slots: its notation is kept once written
class Aid:
    """Vagabond's `f` (Favor: add a d6) and `h` (Hinder: subtract a d6) atoms."""

    favor: bool

    def __str__(self) -> str:
        return "f" if self.favor else "h"


@written_once
@dataclass(frozen=True)  # no slots: its notation is kept once written
class Group:
    """`{e1, e2, …}` with modifiers that act on the members' totals."""

    members: tuple[Expr, ...]
    mods: tuple[Modifier, ...] = ()

    def __str__(self) -> str:
        return "{" + ", ".join(str(m) for m in self.members) + "}" + mods_notation(self.mods)


FunctionName = Literal["floor", "ceil", "round", "abs", "min", "max"]


@written_once
@dataclass(frozen=True)  # no slots: its notation is kept once written
class Call:
    """A function call: `floor(1d6/2)`, `max(1d6, 3)`."""

    fn: FunctionName
    args: tuple[Expr, ...]

    def __str__(self) -> str:
        return f"{self.fn}(" + ", ".join(str(a) for a in self.args) + ")"


@written_once
@dataclass(frozen=True)  # no slots: its notation is kept once written
class Labeled:
    """A term with a `[label]`, kept in the result (`1d8 [slashing]`)."""

    inner: Expr
    label: str

    def __str__(self) -> str:
        inner = f"({self.inner})" if isinstance(self.inner, (BinOp, Neg, Labeled)) else str(self.inner)
        return f"{inner} [{self.label}]"


Expr = Num | Dice | Aid | Group | BinOp | Neg | Call | Labeled


def inner_nodes(expr: Expr) -> tuple[Expr, ...]:
    """The nodes right under a group, a call or a label (rules/notation/sum_nodes.py `children`
    answers for the nodes of a sum)."""
    if isinstance(expr, Labeled):
        return (expr.inner,)
    if isinstance(expr, Call):
        return expr.args
    if isinstance(expr, Group):
        return expr.members
    return ()
