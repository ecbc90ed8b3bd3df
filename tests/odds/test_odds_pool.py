"""The keep/drop DP and the odds' exact sums against brute force over every roll of small pools."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.exact import Odds
from rules.exact.pool import PoolGroup, Score, pool_keep
from tests.support.odds import D4, D6, HALVES, LOADED, SHORT, brute_keep, identity, successes

POOLS: list[list[PoolGroup]] = [
    [(D6, 4)],
    [(D4, 5)],
    [(LOADED, 4)],
    [(D6, 2), (D4, 3)],
    [(D6, 2), (LOADED, 2), (SHORT, 1)],
    [(HALVES, 3), (D4, 2)],
]


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
