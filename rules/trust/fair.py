"""`roll fair`: whether a die's faces, as the log holds them, fit a fair die (Pearson's
chi-square goodness-of-fit test), and how many rolls a sure answer needs.

A sure verdict is a test at 5% that finds a face 20% heavier than the others (weight 1.2
against 1) four times in five (power 80%): `rolls_needed` is that many rolls, found from the
noncentral chi-square (chi_square.py). Below 1% the die is called unfair whatever the count.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from rules.trust.chi_square import chi2_critical, chi2_sf, noncentral_chi2_sf

ALPHA = 0.05
"""The test's level for a sure verdict."""
UNFAIR = 0.01
"""A p-value under this says unfair, however few the rolls."""
POWER = 0.8
"""How often a sure verdict's rolls find a face HEAVIER heavier."""
HEAVIER = 0.2
"""The loading a sure verdict finds: one face 20% heavier than each other."""
PHYSICAL, DRAWN = "physical", "drawn"
"""Where a die's faces came from: a person (`--rolled`, `physical on`), or the random source."""

_DIE = re.compile(r"d(\d+|%)")


def sides_of(die: str) -> int | None:
    """A numbered die's sides (`d20` → 20, `d%` → 100), None for any other (dF, Δ8)."""
    found = _DIE.fullmatch(die)
    if found is None:
        return None
    sides = 100 if found.group(1) == "%" else int(found.group(1))
    return sides if sides >= 2 else None


def effect_size(sides: int) -> float:
    """Cohen's w² of one face HEAVIER heavier than the rest, against a fair die."""
    fair = 1.0 / sides
    heavy = (1.0 + HEAVIER) / (sides + HEAVIER)
    light = 1.0 / (sides + HEAVIER)
    return sides * ((heavy - fair) ** 2 + (sides - 1) * (light - fair) ** 2)


def rolls_needed(sides: int) -> int:
    """The fewest rolls with which the test at ALPHA finds a face HEAVIER heavier with
    probability POWER (its power grows with the rolls: bisection)."""
    df = sides - 1
    critical = chi2_critical(df, ALPHA)
    w2 = effect_size(sides)

    def enough(n: int) -> bool:
        return noncentral_chi2_sf(critical, df, n * w2) >= POWER

    high = 16
    while not enough(high):
        high *= 2
    low = high // 2
    while high - low > 1:
        mid = (low + high) // 2
        low, high = (low, mid) if enough(mid) else (mid, high)
    return high


@dataclass(frozen=True, slots=True)
class FaceTest:
    """One die size from one source: its count per face, Pearson's statistic, its p-value,
    the rolls a sure verdict needs, and the verdict in words."""

    die: str
    source: str
    counts: tuple[int, ...]
    chi2: float
    df: int
    p: float
    needed: int
    verdict: str

    @property
    def rolls(self) -> int:
        """How many dice of this size the log holds from this source."""
        return sum(self.counts)


def pearson(counts: Sequence[int]) -> float:
    """Σ (observed − expected)² / expected, each face expected equally often."""
    expected = sum(counts) / len(counts)
    return sum((c - expected) ** 2 for c in counts) / expected


def face_test(die: str, source: str, faces: Iterable[int]) -> FaceTest:
    """The test of a die size's faces (those outside 1..sides are not this die's, and left out)."""
    sides = sides_of(die)
    if sides is None:
        raise ValueError(f"{die} is not a numbered die")
    counts = [0] * sides
    for face in faces:
        if 1 <= face <= sides:
            counts[face - 1] += 1
    n = sum(counts)
    chi2 = pearson(counts) if n else 0.0
    p = chi2_sf(chi2, sides - 1) if n else 1.0
    needed = rolls_needed(sides)
    return FaceTest(die, source, tuple(counts), chi2, sides - 1, p, needed,
                    verdict(counts, p, needed))


def verdict(counts: Sequence[int], p: float, needed: int) -> str:
    """The test in words: unfair (and which face strays most), too few rolls (and how many
    more a sure verdict needs), doubtful, or fair."""
    n = sum(counts)
    if n and p < UNFAIR:
        expected = n / len(counts)
        face = max(range(len(counts)), key=lambda i: abs(counts[i] - expected))
        how = "many" if counts[face] > expected else "few"
        return f"not fair: too {how} {face + 1}s (p {p:.4f})"
    if n < needed:
        return (f"too few rolls to tell: {needed - n:,} more would show a face 20% heavier")
    if p < ALPHA:
        return f"doubtful: p {p:.4f} is under 5% but not 1%; roll on"
    return f"fair: a face 20% heavier would show in {n:,} rolls"
