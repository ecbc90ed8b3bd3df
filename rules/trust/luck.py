"""`roll luck`: where each result fell in its LINE's exact distribution, averaged per
character (the probability-integral transform).

A total t of a distribution X is at its mid-percentile u = P(X < t) + P(X = t)/2. For any fair
roll E[u] = 1/2 and Var[u] = (1 − Σ P(X = x)³) / 12 (the tie-corrected variance of a uniform
rank), so a character's mean u over n rolls is tested against 1/2 with a normal z; a
character whose dice run hot or cold shows it, whatever mix of dice they rolled.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from math import sqrt

from rules.trust.chi_square import normal_two_sided


def mid_percentile(distribution: Mapping[int, Fraction], total: int) -> Fraction:
    """P(X < total) + P(X = total) / 2, over the distribution as given."""
    below = sum((p for v, p in distribution.items() if v < total), Fraction(0))
    return below + distribution.get(total, Fraction(0)) / 2


def mid_variance(distribution: Mapping[int, Fraction]) -> Fraction:
    """Var[u] of a fair roll's mid-percentile: (1 − Σ p³) / 12."""
    return (1 - sum((p ** 3 for p in distribution.values()), Fraction(0))) / 12


@dataclass(frozen=True, slots=True)
class Luck:
    """One character's luck: how many rolls were priced, their mean percentile (0–100) and
    the two-sided p-value of a mean that far from 50 with fair dice."""

    name: str
    rolls: int
    percentile: float
    p: float

    def to_json(self) -> dict[str, object]:
        """As SPEC §11's `roll luck --json` lists a character."""
        return {"name": self.name, "rolls": self.rolls, "percentile": self.percentile,
                "p": self.p}


def luck_of(name: str, results: Iterable[tuple[Mapping[int, Fraction], int]]) -> Luck:
    """A character's luck from each result's (distribution, total)."""
    n = 0
    total_u = Fraction(0)
    variance = Fraction(0)
    for distribution, total in results:
        n += 1
        total_u += mid_percentile(distribution, total)
        variance += mid_variance(distribution)
    if n == 0:
        return Luck(name, 0, 50.0, 1.0)
    mean = total_u / n
    p = 1.0 if variance == 0 else normal_two_sided(float(total_u - Fraction(n, 2))
                                                    / sqrt(variance))
    return Luck(name, n, float(mean * 100), p)
