"""rules/trust: the chi-square p-values, critical values and power against closed forms
written out here (an independent series for every whole df), published table values, and a
brute-force enumeration of the mid-percentile's mean and variance."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.trust.chi_square import (
    chi2_critical,
    chi2_sf,
    noncentral_chi2_sf,
    upper_gamma,
)
from rules.trust.fair import effect_size, face_test, pearson, rolls_needed
from rules.trust.luck import luck_of, mid_percentile, mid_variance


def closed_form_sf(x: float, df: int) -> float:
    """P(χ²_df ≥ x) by the finite sums a whole df has: for even df the Poisson tail
    e^{-x/2} Σ_{j<df/2} (x/2)^j / j!, for odd df erfc(√(x/2)) plus its half-integer terms."""
    half = x / 2.0
    if df % 2 == 0:
        return math.exp(-half) * sum(half ** j / math.factorial(j) for j in range(df // 2))
    terms = sum(half ** (j + 0.5) / math.gamma(j + 1.5) for j in range(df // 2))
    return math.erfc(math.sqrt(half)) + math.exp(-half) * terms


@given(st.integers(min_value=1, max_value=40), st.floats(min_value=0.01, max_value=150))
def test_the_p_value_matches_the_closed_form_of_every_whole_df(df: int, x: float) -> None:
    assert chi2_sf(x, df) == pytest.approx(closed_form_sf(x, df), abs=1e-10)


@pytest.mark.parametrize(("df", "alpha", "table"), [
    (1, 0.05, 3.841), (1, 0.01, 6.635), (5, 0.05, 11.070), (5, 0.01, 15.086),
    (7, 0.05, 14.067), (11, 0.05, 19.675), (19, 0.05, 30.144), (19, 0.01, 36.191),
    (99, 0.05, 123.225),
])  # fmt: skip
def test_critical_values_are_the_published_tables(df: int, alpha: float, table: float) -> None:
    """NIST/SEMATECH e-Handbook §1.3.6.7.4, upper critical values of the chi-square."""
    assert round(chi2_critical(df, alpha), 3) == table
    assert chi2_sf(chi2_critical(df, alpha), df) == pytest.approx(alpha, abs=1e-9)


def test_the_gamma_function_at_its_edges() -> None:
    assert upper_gamma(3.0, 0.0) == 1.0
    assert upper_gamma(0.5, 1e-300) == pytest.approx(1.0)
    assert upper_gamma(50.0, 400.0) < 1e-100
    with pytest.raises(ValueError, match="a > 0"):
        upper_gamma(0.0, 1.0)


@given(st.floats(min_value=0.1, max_value=40), st.floats(min_value=0.0, max_value=60))
def test_the_noncentral_tail_of_one_df_is_the_folded_normal(x: float, shift: float) -> None:
    """χ'²_1 is (Z + √λ)²: its tail is two normal tails, written with erfc."""
    a, b = math.sqrt(x), math.sqrt(shift)
    folded = 0.5 * math.erfc((a + b) / math.sqrt(2)) + 0.5 * math.erfc((a - b) / math.sqrt(2))
    assert noncentral_chi2_sf(x, 1, shift) == pytest.approx(folded, abs=1e-10)


def test_the_rolls_a_coin_needs_are_the_fewest_with_80_percent_power() -> None:
    """A d2 one face 20% heavier (0.6/1.1 = 6/11): the power of the 5% test with n flips,
    by the folded normal, first reaches 80% at the count rolls_needed gives."""
    crit = 1.959963984540054  # the normal's 97.5% point

    def power(n: int) -> float:
        shift = math.sqrt(n * effect_size(2))
        return 0.5 * math.erfc((crit + shift) / math.sqrt(2)) + 0.5 * math.erfc(
            (crit - shift) / math.sqrt(2))

    n = rolls_needed(2)
    assert power(n) >= 0.8 > power(n - 1)
    assert effect_size(2) == pytest.approx(2 * 2 * (6 / 11 - 0.5) ** 2)
    assert n == 950


def test_pearsons_statistic_and_a_tests_numbers() -> None:
    counts = [5, 8, 9, 10, 13, 15]
    assert pearson(counts) == pytest.approx(6.4)
    faces = [f for f, n in enumerate(counts, start=1) for _ in range(n)]
    test = face_test("d6", "physical", [*faces, 7, 0])  # no d6 shows a 7 or a 0
    assert (test.counts, test.rolls, test.df) == (tuple(counts), 60, 5)
    assert test.p == pytest.approx(closed_form_sf(6.4, 5), abs=1e-12)
    assert test.p == pytest.approx(0.26922, abs=1e-5)  # the table's P(χ²_5 ≥ 6.4)
    assert test.verdict == "too few rolls to tell: 2,406 more would show a face 20% heavier"


def two_d6() -> dict[int, Fraction]:
    sums = Counter(a + b for a, b in itertools.product(range(1, 7), repeat=2))
    return {total: Fraction(n, 36) for total, n in sums.items()}


def test_the_mid_percentile_and_its_variance_by_brute_force() -> None:
    dist = two_d6()
    assert mid_percentile(dist, 7) == Fraction(1, 2)
    assert mid_percentile(dist, 2) == Fraction(1, 72)
    assert mid_percentile(dist, 12) == Fraction(71, 72)
    # every one of the 36 throws: E[u] = 1/2 and E[u²] − 1/4 = (1 − Σp³)/12
    us = [mid_percentile(dist, a + b) for a, b in itertools.product(range(1, 7), repeat=2)]
    assert sum(us) / 36 == Fraction(1, 2)
    assert sum(u * u for u in us) / 36 - Fraction(1, 4) == mid_variance(dist)
    d20 = {f: Fraction(1, 20) for f in range(1, 21)}
    assert mid_variance(d20) == Fraction(1 - Fraction(20, 8000), 12)


def test_a_characters_luck_is_a_normal_test_of_the_mean_percentile() -> None:
    dist = two_d6()
    luck = luck_of("Mira", [(dist, 12), (dist, 11), (dist, 7)])
    # u(11) = P(<11) + P(11)/2 = 33/36 + 1/36: written here from the counts 1 2 3 4 5 6 5 4 3 2 1
    below_11 = Fraction(33, 36)
    assert mid_percentile(dist, 11) == below_11 + Fraction(2, 72)
    mean = (Fraction(71, 72) + below_11 + Fraction(1, 36) + Fraction(1, 2)) / 3
    assert (luck.name, luck.rolls) == ("Mira", 3)
    assert luck.percentile == pytest.approx(float(mean * 100), abs=1e-12)
    z = float(mean * 3 - Fraction(3, 2)) / math.sqrt(3 * float(mid_variance(dist)))
    assert luck.p == pytest.approx(math.erfc(abs(z) / math.sqrt(2)), abs=1e-12)
    assert luck_of("Kell", []).to_json() == {"name": "Kell", "rolls": 0, "percentile": 50.0,
                                             "p": 1.0}
