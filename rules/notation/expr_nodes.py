"""The nodes of a LINE's expression and the LINE itself: numbers, dice, `+ - * /`, groups `{…}`,
function calls, `[labels]`, Vagabond's Favor and Hinder atoms and the RollLine; `Expr` is every
expression node. rules/notation/fast_sums.py reads a plain sum into these.

A plain sum's terms keep or drop at most (`4d6kh3`, rules/notation/die_nodes.py): the other
modifiers' module is imported where a term or group has them, so a plain sum never loads it."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Literal

from rules.notation.die_nodes import Advantage, Compare, CompareOp, Die, Keep

if TYPE_CHECKING:
    from rules.notation.modifiers import Modifier


@dataclass(frozen=True, slots=True)
class Num:
    """A whole number: `3`."""

    value: int

    def __str__(self) -> str:
        return str(self.value)


@dataclass(frozen=True)  # no slots: `staged` and `keeps_only` are cached
class Dice:
    """`NdX` with its modifiers; `count` 0 is allowed and rolls nothing.

    `advantage` marks a `d20 adv` / `d6 dis` term: one die rolled twice keeping the higher
    (adv) or the lower (dis), e.g. 2d20kh1 (its count and mods say so); it is written back as the
    player wrote it.
    """

    count: int
    die: Die
    mods: tuple[Modifier, ...] = ()
    advantage: Advantage | None = None

    def __str__(self) -> str:
        return self.notation

    @cached_property
    def notation(self) -> str:
        """The term as written back, worked out once as `staged` is (a batch's trees are read
        once and rolled again and again, each result writing its terms back)."""
        if self.advantage is not None:
            one = str(self.die) if self.die.kind == "risk" else f"1{self.die}"
            return f"{one} {self.advantage}"
        if self.die.kind == "risk":
            head = str(self.die) if self.count == 1 else f"{self.count}{self.die}"
        else:
            head = f"{self.count}{self.die}"
        if self.keeps_only:  # keeps and drops are written as they act, in order
            return head + "".join(str(m) for m in self.mods)
        from rules.notation.modifiers import mods_notation  # a term with more than keeps

        return head + mods_notation(self.mods)

    @cached_property
    def staged(self) -> tuple[Modifier, ...]:
        """The modifiers in the order they act (worked out once: a parsed tree is rolled often);
        keeps and drops act in the order written."""
        if self.keeps_only:
            return self.mods
        from rules.notation.modifiers import in_stage_order  # a term with more than keeps

        return in_stage_order(self.mods)

    @cached_property
    def keeps_only(self) -> bool:
        """Whether every modifier keeps or drops dice (4d6kh3): no die changes its face."""
        return all(isinstance(m, Keep) for m in self.mods)


@dataclass(frozen=True, slots=True)
class BinOp:
    """`left op right`: `+ - * /`."""

    op: Literal["+", "-", "*", "/"]
    left: Expr
    right: Expr

    def __str__(self) -> str:
        return self.written(str(self.left), str(self.right))

    def written(self, left: str, right: str) -> str:
        """The sum's notation from its sides' (a result tree has them written already)."""
        mine = _PRECEDENCE[self.op]
        left = _wrap(self.left, left, mine, right_side=False)
        right = _wrap(self.right, right, mine, right_side=True)
        return f"{left} {self.op} {right}"


@dataclass(frozen=True, slots=True)
class Neg:
    """Unary minus: `-1d4`."""

    operand: Expr

    def __str__(self) -> str:
        inner = str(self.operand)
        if isinstance(self.operand, (BinOp, Neg)):
            inner = f"({inner})"
        return f"-{inner}"


@dataclass(frozen=True, slots=True)
class Aid:
    """Vagabond's `f` (Favor: add a d6) and `h` (Hinder: subtract a d6) atoms."""

    favor: bool

    def __str__(self) -> str:
        return "f" if self.favor else "h"


@dataclass(frozen=True, slots=True)
class Group:
    """`{e1, e2, …}` with modifiers that act on the members' totals."""

    members: tuple[Expr, ...]
    mods: tuple[Modifier, ...] = ()

    def __str__(self) -> str:
        from rules.notation.modifiers import mods_notation  # groups are no plain sum's

        return "{" + ", ".join(str(m) for m in self.members) + "}" + mods_notation(self.mods)


FunctionName = Literal["floor", "ceil", "round", "abs", "min", "max"]


@dataclass(frozen=True, slots=True)
class Call:
    """A function call: `floor(1d6/2)`, `max(1d6, 3)`."""

    fn: FunctionName
    args: tuple[Expr, ...]

    def __str__(self) -> str:
        return f"{self.fn}(" + ", ".join(str(a) for a in self.args) + ")"


@dataclass(frozen=True, slots=True)
class Labeled:
    """A term with a `[label]`, kept in the result (`1d8 [slashing]`)."""

    inner: Expr
    label: str

    def __str__(self) -> str:
        inner = f"({self.inner})" if isinstance(self.inner, (BinOp, Neg, Labeled)) else str(self.inner)
        return f"{inner} [{self.label}]"


Expr = Num | Dice | Aid | Group | BinOp | Neg | Call | Labeled


def inner_nodes(expr: Expr) -> tuple[Expr, ...]:
    """The nodes right under a group, a call or a label (`children` answers for the nodes
    of a sum)."""
    if isinstance(expr, Labeled):
        return (expr.inner,)
    if isinstance(expr, Call):
        return expr.args
    if isinstance(expr, Group):
        return expr.members
    return ()


_SUM = (Num, Dice, BinOp, Neg)
"""The nodes of a plain sum."""

_PRECEDENCE = {"+": 1, "-": 1, "*": 2, "/": 2}


def _wrap(node: Expr, text: str, parent: int, right_side: bool) -> str:
    """`text`, the notation of `node`, in brackets where it binds looser than its parent."""
    if isinstance(node, BinOp):
        child = _PRECEDENCE[node.op]
        if child < parent or (right_side and child == parent):
            return f"({text})"
    return text


# ---- whole LINEs ----


@dataclass(frozen=True)  # no slots: `ranged` and `aided` are cached
class RollLine:
    """A dice expression LINE: `[Nx] EXPR [adv|dis] [vs N | >= N …] [# comment]`.

    `target` with `target_op` is the compare of the total: `vs 15` and `>=15` pass at 15 or more,
    `>15` above 15, `<=5` at 5 or less (a roll-under), `=7` at 7 exactly.
    """

    expr: Expr
    advantage: Advantage | None = None
    target: int | None = None
    repeat: int = 1
    comment: str | None = field(default=None, compare=False)
    shown: str = field(default="", compare=False)
    """The LINE as typed, without its `Nx` and `# comment`: what each result echoes."""
    target_op: CompareOp = ">="

    def __str__(self) -> str:
        parts = [f"{self.repeat}x"] if self.repeat != 1 else []
        compared = self.target is not None and self.target_op != ">="
        # `(2d6) > 3`: a compare right after dice would be their success count
        parts.append(f"({self.expr})" if compared else str(self.expr))
        if self.advantage:
            parts.append(self.advantage)
        if self.target is not None:
            parts.append(self.goal_text)
        return " ".join(parts)

    @property
    def goal_text(self) -> str:
        """`vs 15`, or the compare as written (`> 15`, `<= 5`)."""
        return f"vs {self.target}" if self.target_op == ">=" else f"{self.target_op} {self.target}"

    def passes(self, total: int) -> bool:
        """Whether a total meets the LINE's target (it has one)."""
        assert self.target is not None
        return Compare(self.target_op, self.target).matches(total)

    @cached_property
    def ranged(self) -> bool:
        """Whether a term has a `cs`/`cf` range (asked once, not at every repeat)."""
        modified = [n for n in walk(self.expr) if isinstance(n, Dice) and not n.keeps_only]
        if not modified:
            return False
        from rules.notation.modifiers import Crit  # a term with more than keeps

        return any(isinstance(m, Crit) for n in modified for m in n.mods)

    @cached_property
    def aided(self) -> bool:
        """Whether the expression has Vagabond's `f`/`h` atoms (asked once, not at every repeat)."""
        others = [n for n in walk(self.expr) if not isinstance(n, _SUM)]
        if not others:
            return False
        return any(isinstance(n, Aid) for n in others)

    @cached_property
    def risk_die(self) -> Dice | None:
        """The expression's first risk die (`Δ8`), if any (asked once, not at every repeat)."""
        return risk_die(self.expr)


def walk(expr: Expr) -> Iterator[Expr]:
    """Every node of an expression, the node itself first."""
    yield expr
    for child in children(expr):
        yield from walk(child)


def children(expr: Expr) -> tuple[Expr, ...]:
    """The nodes right under `expr` (a group's members, a call's arguments …)."""
    if isinstance(expr, BinOp):
        return (expr.left, expr.right)
    if isinstance(expr, Neg):
        return (expr.operand,)
    if isinstance(expr, (Num, Dice)):
        return ()
    return inner_nodes(expr)


def risk_die(expr: Expr) -> Dice | None:
    """The first risk die (`Δ8`) of `expr`, if it has one: Macchiato's atom."""
    return next((n for n in walk(expr) if isinstance(n, Dice) and n.die.kind == "risk"), None)
