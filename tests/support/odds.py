"""Brute force the exact odds are checked against: small dice, pools ranked and kept, every face
sequence fed to the real roller."""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from fractions import Fraction

from rules.dice.evaluate import Roller
from rules.dice.source import ScriptedSource
from rules.exact.dist import Value, exact
from rules.exact.pool import PoolGroup, Score
from rules.notation import syntax

D4: dict[Value, int] = {1: 1, 2: 1, 3: 1, 4: 1}
D6: dict[Value, int] = {f: 1 for f in range(1, 7)}
LOADED: dict[Value, int] = {1: 2, 4: 1, 6: 3}  # a die whose faces are not equally likely
SHORT: dict[Value, int] = {2: 1, 3: 1}  # weights short of their denominator (a cut-off tail)
HALVES: dict[Value, int] = {Fraction(1, 2): 1, 2: 1, Fraction(7, 2): 2}  # values not whole


def identity(v: Value) -> Value:
    return v


def successes(v: Value) -> Value:
    return int(v >= 4) - int(v == 1)


def brute_keep(groups: Sequence[PoolGroup], window: tuple[int, int], score: Score) -> dict[Value, int]:
    """Every roll of the pool, ranked highest first, its window's scores summed."""
    dice: list[Mapping[Value, int]] = [w for w, n in groups for _ in range(n)]
    out: dict[Value, int] = {}
    for roll in itertools.product(*(d.items() for d in dice)):
        ranked = sorted((v for v, _ in roll), reverse=True)
        total = exact(sum((score(v) for v in ranked[window[0] : window[1]]), start=0))
        out[total] = out.get(total, 0) + math.prod(w for _, w in roll)
    return {v: w for v, w in out.items() if w}


class _Need(Exception):
    """The roller asked for a die beyond the scripted prefix."""

    def __init__(self, die: syntax.Die) -> None:
        super().__init__(die.name)
        self.die = die


class _Probe(ScriptedSource):
    """Scripted faces that report which die comes next instead of running out."""

    def throw(self, die: syntax.Die, why: str) -> int:
        if self.left == 0:
            raise _Need(die)
        return super().throw(die, why)


def brute(line: syntax.RollLine, max_faces: int = 64) -> tuple[dict[int, Fraction], Fraction]:
    """The roller's exact distribution of a LINE's total, and the mass of face sequences cut."""
    expr = syntax.with_advantage(line.expr, line.advantage)
    out: dict[int, Fraction] = {}
    cut = Fraction(0)
    stack: list[tuple[tuple[int, ...], Fraction]] = [((), Fraction(1))]
    while stack:
        prefix, p = stack.pop()
        try:
            total = Roller(_Probe(prefix)).roll(expr).total
        except _Need as need:
            if len(prefix) >= max_faces:
                cut += p
                continue
            faces = need.die.faces
            for f in sorted(set(faces)):
                stack.append((prefix + (f,), p * Fraction(faces.count(f), len(faces))))
            continue
        out[total] = out.get(total, Fraction(0)) + p
    return out, cut


def brute_marks(text: str, system: str = "generic", max_faces: int = 64
                ) -> tuple[Fraction, Fraction]:
    """P(crit) and P(fumble) of a LINE as the system resolves it (`rules.roll`), over every
    sequence of faces the roller asks for."""
    from rules import roll

    crit = fumble = Fraction(0)
    stack: list[tuple[tuple[int, ...], Fraction]] = [((), Fraction(1))]
    while stack:
        prefix, p = stack.pop()
        try:
            res = roll(text, source=_Probe(prefix), system=system)
        except _Need as need:
            assert len(prefix) < max_faces, text
            faces = need.die.faces
            for f in sorted(set(faces)):
                stack.append((prefix + (f,), p * Fraction(faces.count(f), len(faces))))
            continue
        crit += p if res.crit else 0
        fumble += p if res.fumble else 0
    return crit, fumble
