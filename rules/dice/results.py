"""The frozen result tree of an evaluated expression: every die keeps its history.

Its nodes are `Slotted` values (rules/values.py): slots, as a tree may hold a node for each of
100,000 dice, without a dataclass made for each class as the module loads."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, NamedTuple, Protocol

from rules.notation.ast import Die
from rules.values import Slotted

if TYPE_CHECKING:  # fractions (and decimal) load only when a division or odds need them
    from fractions import Fraction

    Exact = int | Fraction
    """A node's exact value: an int while it is whole (cheap to add, as most are), a Fraction
    once a division leaves a remainder."""


class Throw(NamedTuple):
    """One physical throw, as JSON shows it: the die, its face, and whether it counted."""

    die: str
    face: int
    kept: bool


class DiceHistory(Protocol):
    """Why each throw of a LINE was made and what became of it, in throw order (a `Roller`)."""

    def history(self, count: int) -> list[tuple[str, str | None]]:
        """Each of the first `count` throws' why (`check dex`, `Favor`, `a reroll of 1d20r1`,
        `an explosion of 3d6!`) and fate (`rerolled`, `exploded`, or None: it lies there)."""
        ...


class DieRoll(Slotted):
    """One die as it lies on the table: its faces in order (rerolls, compounding), kept or not.

    `value` is what it counts for (a compounded die sums its faces, a penetrating one is −1);
    `why` says how it came: "roll", "explode", "Favor" …; `success` is +1, −1 or 0 when counting;
    `discarded`: how many of the first faces were rerolled away (the rest stand, compounded).
    """

    __slots__ = ("die", "faces", "value", "kept", "why", "rerolled", "exploded", "success",
                 "discarded")
    die: Die
    faces: tuple[int, ...]
    value: int
    kept: bool
    why: str
    rerolled: bool
    exploded: bool
    success: int
    discarded: int

    def __init__(
        self, die: Die, faces: tuple[int, ...], value: int, kept: bool = True, why: str = "roll",
        rerolled: bool = False, exploded: bool = False, success: int = 0, discarded: int = 0
    ) -> None:
        setter = object.__setattr__
        setter(self, "die", die)
        setter(self, "faces", faces)
        setter(self, "value", value)
        setter(self, "kept", kept)
        setter(self, "why", why)
        setter(self, "rerolled", rerolled)
        setter(self, "exploded", exploded)
        setter(self, "success", success)
        setter(self, "discarded", discarded)

    @property
    def face(self) -> int:
        return self.faces[-1]


class RolledTerm(Slotted):
    """A dice term after evaluation: its dice in display order and the value it produced."""

    __slots__ = ("notation", "dice", "value", "counts_successes", "crit", "fumble")
    notation: str
    dice: tuple[DieRoll, ...]
    value: Exact
    counts_successes: bool
    crit: bool | None
    """Whether a kept die showed a face of the term's `cs` range (None: the term has none)."""
    fumble: bool | None
    """Whether a kept die showed a face of the term's `cf` range (None: the term has none)."""

    def __init__(
        self, notation: str, dice: tuple[DieRoll, ...], value: Exact,
        counts_successes: bool = False, crit: bool | None = None, fumble: bool | None = None
    ) -> None:
        setter = object.__setattr__
        setter(self, "notation", notation)
        setter(self, "dice", dice)
        setter(self, "value", value)
        setter(self, "counts_successes", counts_successes)
        setter(self, "crit", crit)
        setter(self, "fumble", fumble)


class RolledGroup(Slotted):
    """A `{…}` group: its members, which were kept, and the value.

    When the group counts successes, `scores` holds each member's +1, −1 or 0 (in member order).
    """

    __slots__ = ("notation", "members", "kept", "value", "counts_successes", "scores")
    notation: str
    members: tuple[Rolled, ...]
    kept: tuple[bool, ...]
    value: Exact
    counts_successes: bool
    scores: tuple[int, ...]

    def __init__(
        self, notation: str, members: tuple[Rolled, ...], kept: tuple[bool, ...], value: Exact,
        counts_successes: bool = False, scores: tuple[int, ...] = ()
    ) -> None:
        setter = object.__setattr__
        setter(self, "notation", notation)
        setter(self, "members", members)
        setter(self, "kept", kept)
        setter(self, "value", value)
        setter(self, "counts_successes", counts_successes)
        setter(self, "scores", scores)


class RolledConst(Slotted):
    """A number of the expression, as a node of the result tree."""

    __slots__ = ("notation", "value")
    notation: str
    value: Exact

    def __init__(self, notation: str, value: Exact) -> None:
        setter = object.__setattr__
        setter(self, "notation", notation)
        setter(self, "value", value)


class RolledOp(Slotted):
    """An arithmetic node (`+ - * /`, unary `-`) or a function call over evaluated children."""

    __slots__ = ("notation", "op", "children", "value")
    notation: str
    op: str
    children: tuple[Rolled, ...]
    value: Exact

    def __init__(self, notation: str, op: str, children: tuple[Rolled, ...], value: Exact) -> None:
        setter = object.__setattr__
        setter(self, "notation", notation)
        setter(self, "op", op)
        setter(self, "children", children)
        setter(self, "value", value)


class RolledLabel(Slotted):
    """A labelled node (`1d8 [slashing]`) and the value below it."""

    __slots__ = ("notation", "inner", "label", "value")
    notation: str
    inner: Rolled
    label: str
    value: Exact

    def __init__(self, notation: str, inner: Rolled, label: str, value: Exact) -> None:
        setter = object.__setattr__
        setter(self, "notation", notation)
        setter(self, "inner", inner)
        setter(self, "label", label)
        setter(self, "value", value)


Rolled = RolledTerm | RolledGroup | RolledConst | RolledOp | RolledLabel


class Roll(Slotted):
    """A whole evaluated expression: its tree, its total (rounded down) and its throws."""

    __slots__ = ("notation", "tree", "total", "exact", "throws", "successes")
    notation: str
    tree: Rolled
    total: int
    exact: Exact
    throws: tuple[Throw, ...]
    successes: int | None

    def __init__(
        self, notation: str, tree: Rolled, total: int, exact: Exact, throws: tuple[Throw, ...],
        successes: int | None = None
    ) -> None:
        setter = object.__setattr__
        setter(self, "notation", notation)
        setter(self, "tree", tree)
        setter(self, "total", total)
        setter(self, "exact", exact)
        setter(self, "throws", throws)
        setter(self, "successes", successes)

    def marked(self) -> tuple[bool | None, bool | None]:
        """(crit, fumble) from the `cs`/`cf` ranges of its terms, each None when no term has
        such a range (the system's own rule decides then)."""
        crit: bool | None = None
        fumble: bool | None = None
        for node in walk(self.tree):
            if isinstance(node, RolledTerm):
                if node.crit is not None:
                    crit = bool(crit) or node.crit
                if node.fumble is not None:
                    fumble = bool(fumble) or node.fumble
        return crit, fumble

    @property
    def labels(self) -> dict[str, Fraction]:
        """Each `[label]`'s subtotal (`1d8 [slashing] + 1d6 [fire]`), a label used twice summed."""
        from fractions import Fraction

        out: dict[str, Fraction] = {}
        for node in walk(self.tree):
            if isinstance(node, RolledLabel):
                out[node.label] = out.get(node.label, Fraction(0)) + node.value
        return out


def walk(node: Rolled) -> Iterator[Rolled]:
    """Every node of a result tree, the node itself first."""
    yield node
    if isinstance(node, RolledLabel):
        yield from walk(node.inner)
    elif isinstance(node, (RolledGroup, RolledOp)):
        for child in node.members if isinstance(node, RolledGroup) else node.children:
            yield from walk(child)


def all_dice(node: Rolled) -> tuple[DieRoll, ...]:
    """Every die below `node`, term by term."""
    if isinstance(node, RolledTerm):
        return node.dice
    if isinstance(node, RolledConst):
        return ()
    if isinstance(node, RolledLabel):
        return all_dice(node.inner)
    children = node.members if isinstance(node, RolledGroup) else node.children
    out: list[DieRoll] = []
    for child in children:
        out.extend(all_dice(child))
    return tuple(out)
