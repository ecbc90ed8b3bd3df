"""The nodes of a plain sum of dice, which every LINE's tree is made of: dice, numbers, `+ -`, a
keep or drop (`4d6kh3`), and the RollLine; rules/notation/fast_sums.py reads into these alone."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Literal, TypeVar

if TYPE_CHECKING:

    from rules.notation.ast import Compare, Expr, Modifier

CompareOp = Literal["=", ">", ">=", "<", "<="]
Advantage = Literal["adv", "dis"]

_Node = TypeVar("_Node", bound=type)

def written_once(cls: _Node) -> _Node:
    """Keep a node's notation once written: a parsed tree is cached and rolled again and again
    (`-n 30000 3d6` would write `3d6` back at every repeat). Frozen nodes never change."""
    write: Callable[[object], str] = vars(cls)["__str__"]  # the class's own

    def __str__(self: object) -> str:
        text: str | None = self.__dict__.get("_notation")
        if text is None:
            text = self.__dict__["_notation"] = write(self)
        return text

    cls.__str__ = __str__  # type: ignore[assignment]
    return cls


DieKind = Literal["std", "fate", "percent", "custom", "risk"]


def _die_name(kind: DieKind, sides: int, custom: tuple[int, ...]) -> str:
    if kind == "fate":
        return "dF"
    if kind == "percent":
        return "d%"
    if kind == "custom":
        return "d{" + ",".join(str(f) for f in custom) + "}"
    if kind == "risk":
        return f"Δ{sides}"
    return f"d{sides}"


@dataclass(frozen=True, slots=True)
class Die:
    """One kind of die: `d6`, `dF`, `d%`, `d{1,1,2,3}` or the risk die `Δ8`; `name` is how it
    is written, worked out when it is made (every throw is named by it)."""

    kind: DieKind
    sides: int
    custom: tuple[int, ...] = ()
    name: str = ""
    """How the die is written (`d6`, `dF`): left empty, it is worked out from the others."""

    def __post_init__(self) -> None:
        if not self.name:
            object.__setattr__(self, "name", _die_name(self.kind, self.sides, self.custom))

    @property
    def faces(self) -> tuple[int, ...]:
        """Every face, one entry per side (a custom die may repeat a value)."""
        if self.kind == "fate":
            return (-1, 0, 1)
        if self.kind == "custom":
            return self.custom
        return tuple(range(1, self.sides + 1))

    @property
    def lowest(self) -> int:
        if self.kind == "fate":
            return -1
        if self.kind == "custom":
            return min(self.custom)
        return 1

    @property
    def highest(self) -> int:
        if self.kind == "fate":
            return 1
        if self.kind == "custom":
            return max(self.custom)
        return self.sides

    def has_face(self, face: int) -> bool:
        if self.kind in ("std", "percent", "risk"):
            return 1 <= face <= self.sides
        return face in self.faces

    def every_face(self, matches: Callable[[int], bool], points: Iterable[Compare]) -> bool:
        """Whether every face matches: a custom or Fate die face by face, a numbered die by the
        faces next to the points only (a d1000000 lists no million faces)."""
        if self.kind in ("fate", "custom"):
            return all(matches(f) for f in self.faces)
        lo, hi = 1, self.sides
        near = {lo, hi, *(f for p in points for f in p.candidates() if lo <= f <= hi)}
        return all(matches(f) for f in near)

    def __str__(self) -> str:
        return self.name


def std_die(sides: int) -> Die:
    return Die("std", sides)


FATE = Die("fate", 3)
PERCENT = Die("percent", 100)
D6 = std_die(6)
D20 = std_die(20)


# ---- modifiers: applied in the fixed order of `stage`, whatever order they are written in ----


@dataclass(frozen=True, slots=True)
class Keep:
    """`khN` `klN` `dhN` `dlN` (`kN` and `dN` are spelled `kh` and `dl`); its stage is the
    fourth of rules/notation/modifiers.py's order."""

    op: Literal["kh", "kl", "dh", "dl"]
    count: int
    stage = 3

    def __str__(self) -> str:
        return f"{self.op}{self.count}"


@written_once
@dataclass(frozen=True)  # no slots: its notation is kept once written
class Num:
    """A whole number: `3`."""

    value: int

    def __str__(self) -> str:
        return str(self.value)


@written_once
@dataclass(frozen=True)  # no slots: its notation is kept once written
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
        if self.advantage is not None:
            one = str(self.die) if self.die.kind == "risk" else f"1{self.die}"
            return f"{one} {self.advantage}"
        if self.die.kind == "risk":
            head = str(self.die) if self.count == 1 else f"{self.count}{self.die}"
        else:
            head = f"{self.count}{self.die}"
        if self.keeps_only:  # keeps and drops are written as they act, in order
            return head + "".join(str(m) for m in self.mods)
        from rules.notation import ast

        return head + ast.mods_notation(self.mods)

    @cached_property
    def staged(self) -> tuple[Modifier, ...]:
        """The modifiers in the order they act (worked out once: a parsed tree is rolled often);
        keeps and drops act in the order written."""
        if self.keeps_only:
            return self.mods
        from rules.notation import ast

        return ast.in_stage_order(self.mods)

    @cached_property
    def keeps_only(self) -> bool:
        """Whether every modifier keeps or drops dice (4d6kh3): no die changes its face."""
        return all(isinstance(m, Keep) for m in self.mods)


@written_once
@dataclass(frozen=True)  # no slots: its notation is kept once written
class BinOp:
    """`left op right`: `+ - * /`."""

    op: Literal["+", "-", "*", "/"]
    left: Expr
    right: Expr

    def __str__(self) -> str:
        mine = _PRECEDENCE[self.op]
        left = _wrap(self.left, mine, right_side=False)
        right = _wrap(self.right, mine, right_side=True)
        return f"{left} {self.op} {right}"


@written_once
@dataclass(frozen=True)  # no slots: its notation is kept once written
class Neg:
    """Unary minus: `-1d4`."""

    operand: Expr

    def __str__(self) -> str:
        inner = str(self.operand)
        if isinstance(self.operand, (BinOp, Neg)):
            inner = f"({inner})"
        return f"-{inner}"


_SUM = (Num, Dice, BinOp, Neg)
"""The nodes of a plain sum: a tree of only these loads no other node module."""

_PRECEDENCE = {"+": 1, "-": 1, "*": 2, "/": 2}


def _wrap(node: Expr, parent: int, right_side: bool) -> str:
    text = str(node)
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
        from rules.notation import ast

        return ast.Compare(self.target_op, self.target).matches(total)

    @cached_property
    def ranged(self) -> bool:
        """Whether a term has a `cs`/`cf` range (asked once, not at every repeat)."""
        modified = [n for n in walk(self.expr) if isinstance(n, Dice) and not n.keeps_only]
        if not modified:
            return False
        from rules.notation import ast

        return any(isinstance(m, ast.Crit) for n in modified for m in n.mods)

    @cached_property
    def aided(self) -> bool:
        """Whether the expression has Vagabond's `f`/`h` atoms (asked once, not at every repeat)."""
        others = [n for n in walk(self.expr) if not isinstance(n, _SUM)]
        if not others:
            return False
        from rules.notation import ast

        return any(isinstance(n, ast.Aid) for n in others)

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
    from rules.notation import ast

    return ast.inner_nodes(expr)


def risk_die(expr: Expr) -> Dice | None:
    """The first risk die (`Δ8`) of `expr`, if it has one: Macchiato's atom."""
    return next((n for n in walk(expr) if isinstance(n, Dice) and n.die.kind == "risk"), None)
