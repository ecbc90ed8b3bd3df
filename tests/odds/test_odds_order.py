"""Keeping the highest or lowest k of n like dice by thresholds, against every roll of small pools."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.exact import clear_cache, distribution, line_odds
from rules.exact.dist import Value
from rules.exact.order import keep_best
from rules.exact.pool import Score, pool_keep
from rules.notation import parse, syntax
from tests.support.odds import D6, LOADED, brute_keep, identity, successes


def counted(v: Value) -> Value:
    """One success on 5 or more, as `>=5` scores a die."""
    return int(v >= 5)


@pytest.mark.parametrize(
    ("weights", "n", "window", "score"),
    [
        (D6, 4, (0, 3), identity),  # 4d6kh3
        (D6, 5, (2, 5), identity),  # 5d6kl3
        (D6, 5, (0, 1), identity),  # 5d6kh1: only the best die
        (D6, 5, (4, 5), identity),  # 5d6kl1
        (LOADED, 5, (0, 2), identity),  # unequal weights with gaps
        (LOADED, 5, (1, 5), identity),
        ({-1: 1, 0: 1, 1: 1}, 5, (0, 2), identity),  # Fate dice
        ({1: 2, 2: 0, 3: 1}, 4, (0, 2), identity),  # a face of weight 0
        ({0: 3, 2: 3, 4: 3}, 5, (0, 3), identity),  # equally likely, two apart: a series
        ({f: 1 for f in range(1, 11)}, 3, (0, 2), identity),  # 3d10kh2: y summed by doubling
        ({f: 1 for f in range(1, 13)}, 4, (2, 4), identity),  # 4d12kl2
        ({2 * f: 5 for f in range(9)}, 3, (0, 1), identity),  # 9 values two apart, weight 5
        (D6, 5, (0, 3), counted),  # keep 3, count successes: scores follow the values
        (D6, 5, (2, 5), counted),
    ],
)
def test_kept_dice_match_every_roll(
    weights: dict[Value, int], n: int, window: tuple[int, int], score: Score
) -> None:
    assert keep_best(weights, n, window, score, "a pool") == brute_keep([(weights, n)], window,
                                                                        score)


def test_other_windows_and_scores_are_left_to_the_dynamic_programming() -> None:
    assert keep_best(D6, 5, (1, 4), identity, "a pool") is None  # neither end
    assert keep_best(D6, 5, (0, 5), identity, "a pool") is None  # every die: a sum
    # -1 on a 1, +1 on 4 or more follows the values; a score that does not is refused
    assert keep_best(D6, 4, (0, 2), successes, "a pool") is not None
    assert keep_best(D6, 4, (0, 2), lambda v: -abs(v - 3), "a pool") is None
    assert keep_best({Fraction(1, 2): 1, 2: 1}, 3, (0, 1), identity, "a pool") is None


@settings(max_examples=150, deadline=None)
@given(
    st.dictionaries(st.integers(-3, 6), st.integers(0, 4), min_size=1, max_size=5).filter(
        lambda w: any(w.values())
    ),
    st.integers(1, 5),
    st.integers(0, 5),
    st.booleans(),
    st.sampled_from([identity, counted, successes]),
)
def test_random_small_pools_match_brute_force(
    weights: dict[Value, int], n: int, k: int, top: bool, score: Score
) -> None:
    k = min(k, n)
    window = (0, k) if top else (n - k, n)
    expected = brute_keep([(weights, n)], window, score)
    assert pool_keep([(weights, n)], window, score) == expected
    fast = keep_best(weights, n, window, score, "a pool")
    assert fast is None or fast == expected


def test_big_keeps_are_computed() -> None:
    for text in ("100d10kh50", "60d20kl30"):
        line = parse(text)
        assert isinstance(line, syntax.RollLine)
        clear_cache()
        assert sum(distribution(line.expr).values()) == 1  # (bench/budgets.py counts its work)
    odds = line_odds(parse("100d10kh50"))  # type: ignore[arg-type]
    assert odds.min == 50 and odds.max == 500
    assert odds.distribution[50] == Fraction(1, 10**100)  # every die shows 1
    # the kept fifty sum to 51 only when one die shows 2 and the other 99 show 1
    assert odds.distribution[51] == Fraction(100, 10**100)


def test_few_kept_of_wide_dice_are_computed_not_refused() -> None:
    line = parse("10d1000kh3")  # refused by the DP's budget before thresholds
    assert isinstance(line, syntax.RollLine)
    odds = line_odds(line)
    assert odds.min == 3 and odds.max == 3000 and odds.residual == 0
    assert odds.distribution[3] == Fraction(1, 1000**10)  # all ten show 1
    at_most_two = sum(math.comb(10, b) * 999 ** (10 - b) for b in range(3))
    assert odds.distribution[3000] == 1 - Fraction(at_most_two, 1000**10)  # three or more 1000s


def test_sparse_values_are_left_to_the_dynamic_programming() -> None:
    spaced: dict[Value, int] = {1: 1, 2: 1, 1000: 1}
    assert keep_best(spaced, 4, (0, 2), identity, "a pool") is None
    assert pool_keep([(spaced, 4)], (0, 2), identity) == brute_keep([(spaced, 4)], (0, 2),
                                                                      identity)
