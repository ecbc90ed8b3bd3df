"""The chi-square distribution, central and noncentral, in pure Python: the regularized upper
incomplete gamma function Q(a, x) (a power series below a + 1, a continued fraction above, as
Numerical Recipes §6.2 gives them), its inverse by bisection, and the power of a test.

Each is exact to about 1e-14 where `roll fair` uses it, far inside the 1e-6 its p-values
promise (tests/trust/test_chi_square.py holds them to published tables and a brute-force sum).
"""

from __future__ import annotations

import math

EPSILON = 1e-15
"""Where a series or continued fraction stops: its next term moves the sum by less."""
MAX_TERMS = 100_000
"""A bound on the terms (never reached for the degrees of freedom of a die: a d1000 has 999)."""
TINY = 1e-300
"""Lentz's guard against a zero denominator."""


def _lower_series(a: float, x: float) -> float:
    """P(a, x) by its series: e^-x x^a / Γ(a+1) · Σ x^n / ((a+1)…(a+n))."""
    term = total = 1.0 / a
    ap = a
    for _ in range(MAX_TERMS):
        ap += 1.0
        term *= x / ap
        total += term
        if abs(term) < abs(total) * EPSILON:
            break
    return total * math.exp(-x + a * math.log(x) - math.lgamma(a))


def _upper_fraction(a: float, x: float) -> float:
    """Q(a, x) by its continued fraction (modified Lentz)."""
    b = x + 1.0 - a
    c = 1.0 / TINY
    d = 1.0 / b
    h = d
    for i in range(1, MAX_TERMS):
        an = -i * (i - a)
        b += 2.0
        d = an * d + b
        d = TINY if abs(d) < TINY else d
        c = b + an / c
        c = TINY if abs(c) < TINY else c
        d = 1.0 / d
        step = d * c
        h *= step
        if abs(step - 1.0) < EPSILON:
            break
    return math.exp(-x + a * math.log(x) - math.lgamma(a)) * h


def upper_gamma(a: float, x: float) -> float:
    """Q(a, x) = Γ(a, x) / Γ(a), the regularized upper incomplete gamma function (a > 0)."""
    if a <= 0:
        raise ValueError(f"Q(a, x) needs a > 0, not {a}")
    if x <= 0:
        return 1.0
    if x < a + 1.0:
        return 1.0 - _lower_series(a, x)
    return _upper_fraction(a, x)


def chi2_sf(x: float, df: int) -> float:
    """P(χ² ≥ x) with `df` degrees of freedom: the p-value of a statistic x."""
    return upper_gamma(df / 2.0, x / 2.0)


def chi2_critical(df: int, alpha: float) -> float:
    """The x with P(χ² ≥ x) = alpha (bisection: the tail falls as x grows)."""
    low, high = 0.0, float(df)
    while chi2_sf(high, df) > alpha:
        low, high = high, high * 2.0 + 1.0
    for _ in range(200):
        mid = (low + high) / 2.0
        if chi2_sf(mid, df) > alpha:
            low = mid
        else:
            high = mid
        if high - low < 1e-12 * max(1.0, high):
            break
    return (low + high) / 2.0


def noncentral_chi2_sf(x: float, df: int, shift: float) -> float:
    """P(χ'² ≥ x) with `df` degrees of freedom and noncentrality `shift`: the central tails
    weighted by a Poisson(shift / 2) count of extra pairs of freedom."""
    half = shift / 2.0
    if half <= 0.0:  # (a shift so small its half is 0.0 is none)
        return chi2_sf(x, df)
    last = int(half + 12.0 * math.sqrt(half) + 40.0)  # the Poisson weight past it is < 1e-20
    total = 0.0
    for j in range(last + 1):
        weight = math.exp(-half + j * math.log(half) - math.lgamma(j + 1.0))
        total += weight * chi2_sf(x, df + 2 * j)
    return min(1.0, total)


def normal_two_sided(z: float) -> float:
    """P(|Z| ≥ |z|) for a standard normal Z."""
    return math.erfc(abs(z) / math.sqrt(2.0))
