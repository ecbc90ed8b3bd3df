"""A game file's dice: thrown through the roller, or priced exactly over every multiset of faces;
both read the faces with the same function, so odds and rolls cannot disagree."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations_with_replacement
from math import factorial

from rules.errors import LimitError
from rules.notation import syntax
from rules.systems.protocol import Context

MAX_DICE = 100
"""The most dice one command throws (before a push)."""

MAX_OUTCOMES = 300_000
"""The most multisets of faces exact odds walk (12d20 is 300 million: refused, not slow)."""


@dataclass(frozen=True, slots=True)
class Throwing:
    """What a command throws once its words and stats are read."""

    count: int
    sides: int
    keep: str | None
    kept: int
    push: bool
    success: int

    def check(self) -> None:
        """Bounded like a LINE."""
        if self.count > MAX_DICE:
            raise LimitError(f"a game's command throws at most {MAX_DICE} dice, not {self.count}")
        if not 1 <= self.sides <= 1000:
            raise LimitError(f"a game's die has 1 to 1,000 sides, not {self.sides}")


@dataclass(frozen=True, slots=True)
class Faces:
    """The faces that count: those kept, and all of them (after a push)."""

    kept: tuple[int, ...]
    every: tuple[int, ...]
    other: tuple[int, ...] = ()
    """The faces of the set the total is compared with, die by die (`against`)."""


def keep(throwing: Throwing, faces: list[int]) -> list[int]:
    """The positions of the kept faces (the highest or lowest `kept`, the first of equals)."""
    order = list(range(len(faces)))
    if throwing.keep is None or throwing.kept >= len(faces):
        return order
    ranked = sorted(order, key=lambda i: faces[i], reverse=throwing.keep == "highest")
    return sorted(ranked[: throwing.kept])


def thrown_against(ctx: Context, throwing: Throwing, why: str, other: Throwing | None) -> Faces:
    """Throw the dice, then the set their total is compared with (`against`)."""
    own = thrown(ctx, throwing, why)
    if other is None or other.count <= 0:
        return own
    other.check()
    faces, _ = ctx.roller.throw_many(syntax.std_die(other.sides), other.count, "against")
    return Faces(own.kept, own.every, tuple(faces))


def every_against(throwing: Throwing, other: Throwing | None
                  ) -> Iterator[tuple[Faces, Fraction]]:
    """Every faces of the dice and of the set compared with them, with their probability."""
    if other is None or other.count <= 0:
        yield from every_faces(throwing)
        return
    theirs = list(every_faces(other))
    if len(theirs) * _multisets(max(throwing.count, 1), throwing.sides) > MAX_OUTCOMES:
        raise LimitError(f"exact odds of these dice against {other.count}d{other.sides} walk"
                         f" more than {MAX_OUTCOMES:,} sets of faces: too many")
    for own, p in every_faces(throwing):
        for faces, q in theirs:
            yield Faces(own.kept, own.every, faces.every), p * q


def thrown(ctx: Context, throwing: Throwing, why: str) -> Faces:
    """Throw the dice (then a push: each die under the success face once more)."""
    throwing.check()
    if throwing.count == 0:
        return Faces((), ())
    roller = ctx.roller
    die = syntax.std_die(throwing.sides)
    faces, first = roller.throw_many(die, throwing.count, why)
    ids = list(range(first, first + throwing.count))
    if throwing.push:
        for i, face in enumerate(list(faces)):
            if face < throwing.success:
                roller.fate(ids[i], "rerolled")
                roller.set_aside(ids[i])
                faces[i], ids[i] = roller.throw(die, "push")
    kept = keep(throwing, faces)
    for i in range(len(faces)):
        if i not in kept:
            roller.set_aside(ids[i])
    return Faces(tuple(faces[i] for i in kept), tuple(faces))


def face_odds(throwing: Throwing) -> dict[int, Fraction]:
    """One die's faces: uniform, or pushed (a face under the success face thrown once more)."""
    each = Fraction(1, throwing.sides)
    if not throwing.push:
        return dict.fromkeys(range(1, throwing.sides + 1), each)
    again = each * sum(1 for f in range(1, throwing.sides + 1) if f < throwing.success)
    return {f: (each * again if f < throwing.success else each + each * again)
            for f in range(1, throwing.sides + 1)}


def every_faces(throwing: Throwing) -> Iterator[tuple[Faces, Fraction]]:
    """Every multiset of faces with its probability, the kept ones picked as a roll picks them."""
    throwing.check()
    n, sides = throwing.count, throwing.sides
    if n == 0:
        yield Faces((), ()), Fraction(1)
        return
    if _multisets(n, sides) > MAX_OUTCOMES:
        raise LimitError(f"exact odds of {n}d{sides} walk more than {MAX_OUTCOMES:,} sets of"
                         " faces: too many")
    odds = face_odds(throwing)
    for faces in combinations_with_replacement(range(1, sides + 1), n):
        weight = Fraction(factorial(n))
        for face, times in Counter(faces).items():
            weight = weight * odds[face] ** times / factorial(times)
        listed = list(faces)
        kept = keep(throwing, listed)
        yield Faces(tuple(listed[i] for i in kept), faces), weight


def _multisets(n: int, sides: int) -> int:
    from math import comb

    return comb(n + sides - 1, n)
