"""Sums of n dice by the power recurrence, and odds over one denominator, against brute force."""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.exact import Dist, Odds, clear_cache, line_odds
from rules.exact.power import Lattice
from rules.notation import parse, syntax


def brute_sum(weights: Mapping[int, int], n: int) -> dict[int, int]:
    """Every roll of n dice, one by one."""
    out: dict[int, int] = {}
    for roll in itertools.product(weights.items(), repeat=n):
        total = sum(v for v, _ in roll)
        w = 1
        for _, x in roll:
            w *= x
        out[total] = out.get(total, 0) + w
    return {v: w for v, w in out.items() if w}


@pytest.mark.parametrize(
    ("weights", "n"),
    [
        ({f: 1 for f in range(1, 7)}, 5),  # a d6: equal weights, symmetric (sliding sums)
        ({-1: 1, 0: 1, 1: 1}, 6),  # Fate dice
        ({0: 1, 10: 1, 20: 1, 30: 1}, 4),  # tens: a step of 10
        ({1: 2, 4: 1, 6: 3}, 4),  # loaded, gaps, not symmetric (Miller's recurrence)
        ({0: 7, 1: 3}, 7),  # success counting: 0/1
        ({-1: 1, 0: 6, 1: 3}, 5),  # successes and failures
        ({2: 3, 3: 3, 4: 3}, 4),  # equal weights other than 1
        ({1: 1, 2: 5, 3: 1}, 6),  # symmetric but not equal
        ({5: 4}, 3),  # one value
    ],
)
def test_power_is_the_sum_of_every_roll(weights: dict[int, int], n: int) -> None:
    assert Lattice.of(weights).power(n) == brute_sum(weights, n)


@settings(max_examples=150, deadline=None)
@given(
    st.dictionaries(st.integers(-6, 9), st.integers(0, 5), min_size=1, max_size=6).filter(
        lambda w: any(w.values())
    ),
    st.integers(1, 5),
)
def test_random_dice_sums_match_brute_force(weights: dict[int, int], n: int) -> None:
    clean = {v: w for v, w in weights.items() if w}
    assert Lattice.of(weights).power(n) == brute_sum(clean, n)
    dist = Dist.of(clean)
    assert dict(dist.sum_of(n).weights) == brute_sum(clean, n)


def test_large_sums_agree_with_convolution() -> None:
    d6 = Dist.uniform(range(1, 7))
    by_squaring = d6 + d6
    for _ in range(6):  # 128 dice by repeated doubling through convolution
        by_squaring = by_squaring + by_squaring
    assert d6.sum_of(128) == by_squaring
    loaded = Dist.of({1: 2, 4: 1, 6: 3})
    assert loaded.sum_of(40) == loaded.sum_of(20) + loaded.sum_of(20)
    assert loaded.sum_of(41) == loaded.sum_of(40) + loaded


def test_many_unequal_faces_still_convolve() -> None:
    wide = {v: v for v in range(1, 40)}  # 38 unequal faces: more than the recurrence takes
    assert not Lattice.of(wide).recurrent(3)
    assert Lattice.of(wide).recurrent(19)  # …for few dice; for many it is quicker
    dist = Dist.of(wide)
    assert dist.sum_of(3) == dist + dist + dist


def test_thousands_of_dice_sum_exactly() -> None:
    line = parse("1000d6")
    assert isinstance(line, syntax.RollLine)
    clear_cache()  # (bench/budgets.py counts its work)
    odds = line_odds(line)
    assert odds.min == 1000 and odds.max == 6000 and odds.mean == 3500
    assert odds.distribution[1000] == Fraction(1, 6**1000)
    assert odds.distribution[1001] == Fraction(1000, 6**1000)
    assert odds.residual == 0


def test_odds_from_a_distribution_equal_odds_from_its_probabilities() -> None:
    dist = Dist.of({1: 2, 2: 3, 5: 1}, 9)  # a third of the mass cut off
    fast = Odds.from_dist(dist, target=2)
    slow = Odds(dict(dist.probs()), {"pass": Fraction(4, 9), "fail": Fraction(2, 9)})
    assert fast == slow
    assert fast.mean == slow.mean == Fraction(13, 6)
    assert fast.residual == slow.residual == Fraction(1, 3)
    assert list(fast.distribution) == [1, 2, 5]
    with pytest.raises(ValueError):
        Odds.from_dist(Dist({1: 3}, 2))
    with pytest.raises(ValueError):
        Odds.from_dist(Dist({1: 0}, 2))


def test_sparse_values_convolve_instead() -> None:
    spaced = Dist.of({1: 1, 2: 1, 100_000: 1})  # the sums fill 231 of 2 million places
    assert not Lattice.of(dict(spaced.weights)).recurrent(20)
    twenty = spaced
    for _ in range(19):
        twenty = twenty + spaced
    assert spaced.sum_of(20) == twenty
    assert len(twenty) == 231
