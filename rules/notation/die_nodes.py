"""A die, a keep or drop and a compare point: what a dice term throws, the first modifier it may
have and what a LINE's `vs 15` or a reroll's `r<3` compares with; the rest of a term's modifiers
(rules/notation/modifiers.py) and the tree's nodes build on these."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, Protocol

if TYPE_CHECKING:
    from fractions import Fraction

CompareOp = Literal["=", ">", ">=", "<", "<="]
Advantage = Literal["adv", "dis"]


class Point(Protocol):
    """A compare point as a die tests it (`Compare`, below)."""

    def candidates(self) -> tuple[int, ...]: ...


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

    def every_face(self, matches: Callable[[int], bool], points: Iterable[Point]) -> bool:
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


@dataclass(frozen=True, slots=True)
class Keep:
    """`khN` `klN` `dhN` `dlN` (`kN` and `dN` are spelled `kh` and `dl`); its stage is the
    fourth of rules/notation/modifiers.py's order."""

    op: Literal["kh", "kl", "dh", "dl"]
    count: int
    stage = 3

    def __str__(self) -> str:
        return f"{self.op}{self.count}"


@dataclass(frozen=True, slots=True)
class Compare:
    """A compare point such as `>=5`; a bare number in the notation means `=`."""

    op: CompareOp
    value: int

    def matches(self, face: int | Fraction) -> bool:
        """Whether a face (or an exact value: a group member's total) meets this point."""
        v = self.value
        if self.op == "=":
            return face == v
        if self.op == ">":
            return face > v
        if self.op == ">=":
            return face >= v
        if self.op == "<":
            return face < v
        return face <= v

    def candidates(self) -> tuple[int, ...]:
        """The faces where this point's match can change: a gap in a union of points lies next
        to one of them (so a die's every face need not be listed to test them all)."""
        v = self.value
        return (v - 1, v, v + 1)

    def notation(self, bare_equal: bool = True) -> str:
        if self.op == "=" and bare_equal:
            return str(self.value)
        return f"{self.op}{self.value}"

    def __str__(self) -> str:
        return self.notation()
