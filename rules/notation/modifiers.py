"""A dice term's modifiers past a keep or drop: rerolls, explosions, clamps, success counting,
crit ranges and sorts, on compare points (rules/notation/die_nodes.py); applied in the fixed
order of `stage`, whatever order they are written in."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from rules.notation.die_nodes import Compare, Die, Keep

if TYPE_CHECKING:
    from fractions import Fraction


@dataclass(frozen=True, slots=True)
class Reroll:
    """`r1`, `rr<3` (reroll until the face no longer matches) or `ro<3` (reroll once)."""

    when: Compare
    once: bool = False
    spelling: Literal["r", "rr", "ro"] = "r"
    stage = 0

    def __str__(self) -> str:
        return f"{self.spelling}{self.when}"


@dataclass(frozen=True, slots=True)
class Explode:
    """`!` (explode), `!!` (compound) or `!p` (penetrate), on the max face or a compare point.

    Foundry's `x` is `!`; `cap` limits how many explosion dice one die may add (`!cap3`), and
    Foundry's `xo` (explode once) is `cap` 1 (written back `!cap1`).
    """

    style: Literal["!", "!!", "!p"]
    when: Compare | None = None
    cap: int | None = None
    stage = 1

    def __str__(self) -> str:
        head: str = self.style
        if self.when is not None:
            # `!-1` would read as `!` then `- 1`: a negative point keeps its `=`
            head += self.when.notation(bare_equal=self.when.value >= 0)
        return head if self.cap is None else f"{head}cap{self.cap}"


@dataclass(frozen=True, slots=True)
class Explosion:
    """How a term's dice explode: one style, on any of its points (`1d6!5!6`: on 5 or 6)."""

    style: Literal["!", "!!", "!p"]
    points: tuple[Compare, ...]
    cap: int | None = None
    """At most this many explosion dice per die (None: until the wave limit)."""

    def matches(self, face: int | Fraction) -> bool:
        return any(p.matches(face) for p in self.points)

    def matcher(self, die: Die) -> Callable[[int | Fraction], bool]:
        """A fast test for the faces of `die` (the roller asks it of every die thrown)."""
        if die.sides > 64 or die.kind == "custom":  # not worth a table: test each face
            return self.points[0].matches if len(self.points) == 1 else self.matches
        return frozenset(f for f in die.faces if self.matches(f)).__contains__

    def endless(self, die: Die) -> bool:
        """Whether every face of `die` explodes (and no cap stops it)."""
        return self.cap is None and die.every_face(self.matches, self.points)

    def __str__(self) -> str:
        return " or ".join(str(p) for p in self.points)


def explosion(die: Die, mods: tuple[Modifier, ...]) -> Explosion | None:
    """The one explosion of a term's `!` modifiers (a bare `!` explodes on the max face)."""
    explodes = [m for m in mods if isinstance(m, Explode)]
    if not explodes:
        return None
    styles = {m.style for m in explodes}
    if len(styles) > 1:
        from rules.errors import EvaluationError

        raise EvaluationError(mixed_explosions(explodes))
    points: list[Compare] = []
    for m in explodes:
        point = m.when or Compare("=", die.highest)
        if point not in points:
            points.append(point)
    caps = [m.cap for m in explodes if m.cap is not None]
    return Explosion(explodes[0].style, tuple(points), min(caps) if caps else None)


def mixed_explosions(explodes: list[Explode]) -> str:
    """The error for `1d6!!5!6`: a die explodes one way, so the styles may not mix."""
    written = "".join(str(m) for m in explodes)
    styles = " and ".join(sorted({m.style for m in explodes}))
    return (f"one term explodes one way: {written} mixes {styles}"
            " (several points of one style combine: 1d6!5!6 explodes on 5 or 6)")


@dataclass(frozen=True, slots=True)
class Clamp:
    """`minN` / `maxN`: each face is raised to N at least / lowered to N at most."""

    bound: Literal["min", "max"]
    value: int
    stage = 2

    def __str__(self) -> str:
        return f"{self.bound}{self.value}"


@dataclass(frozen=True, slots=True)
class CountSuccesses:
    """`>=5`: the term's value becomes the number of dice that match."""

    when: Compare
    stage = 4

    def __str__(self) -> str:
        return self.when.notation(bare_equal=False)


@dataclass(frozen=True, slots=True)
class CountFailures:
    """`f1` / `f<2`: each matching die subtracts one success."""

    when: Compare
    stage = 4

    def __str__(self) -> str:
        return f"f{self.when}"


@dataclass(frozen=True, slots=True)
class CountTwice:
    """`t10` / `t>=9` after a success point: a matching die counts one success more (Exalted's
    10s count twice: `10d10>=7t10`)."""

    when: Compare
    stage = 4

    def __str__(self) -> str:
        return f"t{self.when}"


@dataclass(frozen=True, slots=True)
class Crit:
    """`cs>=19` / `cf<=2` (Roll20's): a kept die showing such a face marks the LINE `crit` /
    `fumble`; its value is unchanged."""

    kind: Literal["cs", "cf"]
    when: Compare
    stage = 4  # marks only; written before a sort (`cs19s`: `scs19` would not read back)

    def __str__(self) -> str:
        return f"{self.kind}{self.when}"


@dataclass(frozen=True, slots=True)
class Sort:
    """`s`/`sa` ascending, `sd` descending: changes only the order shown."""

    descending: bool = False
    spelling: Literal["s", "sa", "sd"] = "s"
    stage = 5

    def __str__(self) -> str:
        return self.spelling


Modifier = (Reroll | Explode | Clamp | Keep | CountSuccesses | CountFailures | CountTwice | Crit
            | Sort)
Counting = CountSuccesses | CountFailures | CountTwice


def in_stage_order(mods: tuple[Modifier, ...]) -> tuple[Modifier, ...]:
    """The modifiers in the order they act: reroll, explode, clamp, keep/drop, count, sort
    (a bare `!` after the other explosions, as `mods_notation` writes it)."""
    return tuple(sorted(mods, key=lambda m: (m.stage, isinstance(m, Explode) and m.when is None)))


def mods_notation(mods: tuple[Modifier, ...]) -> str:
    """Modifiers as written back; a bare `!` goes last so `!` + `>=5` never reads as `!>=5`."""
    bare = [m for m in mods if isinstance(m, Explode) and m.when is None]
    rest = [m for m in mods if not (isinstance(m, Explode) and m.when is None)]
    return "".join(str(m) for m in rest + bare)
