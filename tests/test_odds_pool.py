"""The keep/drop DP and the odds' exact sums against brute force over every roll of small pools."""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from fractions import Fraction

import pytest

from rules.odds import Odds
from rules.odds.dist import Value, exact
from rules.odds.pool import PoolGroup, Score, pool_keep

D4: dict[Value, int] = {1: 1, 2: 1, 3: 1, 4: 1}
D6: dict[Value, int] = {f: 1 for f in range(1, 7)}
LOADED: dict[Value, int] = {1: 2, 4: 1, 6: 3}  # a die whose faces are not equally likely
SHORT: dict[Value, int] = {2: 1, 3: 1}  # weights short of their denominator (a cut-off tail)
HALVES: dict[Value, int] = {Fraction(1, 2): 1, 2: 1, Fraction(7, 2): 2}  # values not whole

POOLS: list[list[PoolGroup]] = [
    [(D6, 4)],
    [(D4, 5)],
    [(LOADED, 4)],
    [(D6, 2), (D4, 3)],
    [(D6, 2), (LOADED, 2), (SHORT, 1)],
    [(HALVES, 3), (D4, 2)],
]


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


@pytest.mark.parametrize("groups", POOLS, ids=lambda g: "+".join(f"{n}x{len(w)}" for w, n in g))
@pytest.mark.parametrize("score", [identity, successes], ids=["sum", "successes"])
def test_every_window_of_small_pools_matches_brute_force(
    groups: list[PoolGroup], score: Score
) -> None:
    n = sum(count for _, count in groups)
    for a in range(n + 1):
        for b in range(a, n + 1):
            assert pool_keep(groups, (a, b), score) == brute_keep(groups, (a, b), score), (a, b)


def test_mean_residual_and_outcomes_are_the_exact_sums() -> None:
    probs = {v: Fraction(1, 3**v) for v in range(1, 9)} | {-2: Fraction(1, 7)}
    odds = Odds(probs)
    mass = sum(probs.values(), Fraction(0))
    assert odds.residual == 1 - mass
    assert odds.mean == sum((v * p for v, p in probs.items()), Fraction(0)) / mass
    assert odds.at_least(3) == sum((p for v, p in probs.items() if v >= 3), Fraction(0))
    assert odds.at_most(1) == sum((p for v, p in probs.items() if v <= 1), Fraction(0))
    with pytest.raises(ValueError, match="sum to at most 1"):
        Odds(probs | {9: 1 - mass + Fraction(1, 10**30)})
    with pytest.raises(ValueError, match="non-negative"):
        Odds({1: Fraction(1, 2), 2: Fraction(-1, 4)})
