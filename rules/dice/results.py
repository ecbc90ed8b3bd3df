"""The frozen result tree of an evaluated expression: every die keeps its history.

Its nodes have slots: a tree may hold a node for each of 100,000 dice."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from rules.notation.die_nodes import Die

if TYPE_CHECKING:  # fractions (and decimal) load only when a division or odds need them
    from fractions import Fraction

    Exact = int | Fraction
    """A node's exact value: an int while it is whole (cheap to add, as most are), a Fraction
    once a division leaves a remainder."""


@dataclass(frozen=True, slots=True)
class Throw:
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


@dataclass(frozen=True, slots=True)
class DieRoll:
    """One die as it lies on the table: its faces in order (rerolls, compounding), kept or not.

    `value` is what it counts for (a compounded die sums its faces, a penetrating one is −1);
    `why` says how it came: "roll", "explode", "Favor" …; `success` is +1, −1 or 0 when counting;
    `discarded`: how many of the first faces were rerolled away (the rest stand, compounded).
    """

    die: Die
    faces: tuple[int, ...]
    value: int
    kept: bool = True
    why: str = "roll"
    rerolled: bool = False
    exploded: bool = False
    success: int = 0
    discarded: int = 0

    @property
    def face(self) -> int:
        return self.faces[-1]


@dataclass(frozen=True, slots=True)
class RolledTerm:
    """A dice term after evaluation: its die, each die's face as it lies (in display order),
    which of them count, and the value it produced.

    A term whose dice are their one face each (`2d6`, `4d6kh3`) keeps just those faces, and
    makes each die's `DieRoll` when `dice` is read (`-q` reads none); a term with more than
    keeps (rerolls, explosions, clamps, success counting) or an aid die keeps each die's
    history (`histories`) as it was worked out."""

    notation: str
    die: Die
    faces: tuple[int, ...]
    value: Exact
    kept: tuple[bool, ...] | None = None
    """Which faces count, in order (None: every one)."""
    counts_successes: bool = False
    crit: bool | None = None
    """Whether a kept die showed a face of the term's `cs` range (None: the term has none)."""
    fumble: bool | None = None
    """Whether a kept die showed a face of the term's `cf` range (None: the term has none)."""
    histories: tuple[DieRoll, ...] | None = None
    """Each die as it came to lie (rerolled, exploded, its success), when it is more than its
    one face."""

    @property
    def dice(self) -> tuple[DieRoll, ...]:
        """Every die as it lies, in display order."""
        if self.histories is not None:
            return self.histories
        die = self.die
        if self.kept is None:
            return tuple([DieRoll(die, (face,), face) for face in self.faces])
        return tuple([DieRoll(die, (face,), face, kept)
                      for face, kept in zip(self.faces, self.kept, strict=True)])


@dataclass(frozen=True, slots=True)
class RolledGroup:
    """A `{…}` group: its members, which were kept, and the value.

    When the group counts successes, `scores` holds each member's +1, −1 or 0 (in member order).
    """

    notation: str
    members: tuple[Rolled, ...]
    kept: tuple[bool, ...]
    value: Exact
    counts_successes: bool = False
    scores: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class RolledConst:
    """A number of the expression, as a node of the result tree."""

    notation: str
    value: Exact


@dataclass(frozen=True, slots=True)
class RolledOp:
    """An arithmetic node (`+ - * /`, unary `-`) or a function call over evaluated children."""

    notation: str
    op: str
    children: tuple[Rolled, ...]
    value: Exact


@dataclass(frozen=True, slots=True)
class RolledLabel:
    """A labelled node (`1d8 [slashing]`) and the value below it."""

    notation: str
    inner: Rolled
    label: str
    value: Exact


Rolled = RolledTerm | RolledGroup | RolledConst | RolledOp | RolledLabel


@dataclass(frozen=True, slots=True)
class Roll:
    """A whole evaluated expression: its tree, its total (rounded down) and its throws."""

    notation: str
    tree: Rolled
    total: int
    exact: Exact
    throws: tuple[Throw, ...]
    successes: int | None = None

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
