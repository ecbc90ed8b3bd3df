"""The sum of n copies of one integer-valued die, coefficient by coefficient (no convolutions).

The weights of the sum are the coefficients of P(x)**n, where P is the die's weight polynomial.
From P·(P**n)' = n·P'·P**n follows J. C. P. Miller's recurrence: with c = P**n and p = P,

    k·p[0]·c[k] = Σ_{j=1..min(k, d)} ((n + 1)·j − k)·p[j]·c[k − j],

one exact integer division per coefficient and one term per face, instead of log2(n) big
convolutions. For a die whose faces are all equally likely (every dN, dF, d%) the two sums
Σ c[k−j] and Σ j·c[k−j] slide along with k, so each coefficient costs a handful of operations.
A die with symmetric weights has a symmetric sum: only its lower half is computed.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

MAX_TERMS = 24
"""Dice with more distinct faces than this and than twice the dice summed, unless all equally
likely, go through convolutions (measured: 90 faces × 50 dice 74 against 159 ms, × 20 dice even,
× 10 dice 8 against 6; 256 faces × 20 dice 237 against 135)."""


@dataclass(frozen=True, slots=True)
class Lattice:
    """An integer-valued die as a polynomial: value lo + j·step has weight poly[j]."""

    lo: int
    step: int
    poly: list[int]

    @classmethod
    def of(cls, weights: Mapping[int, int]) -> Lattice:
        """The die's weights on the widest step that all its values share (zeros dropped)."""
        values = [v for v, w in weights.items() if w]
        lo = min(values)
        step = 0
        for v in values:
            step = math.gcd(step, v - lo)
        step = step or 1
        poly = [0] * ((max(values) - lo) // step + 1)
        for v in values:
            poly[(v - lo) // step] = weights[v]
        return cls(lo, step, poly)

    @property
    def degree(self) -> int:
        """The highest power of x: a sum of n such dice has n·degree + 1 places."""
        return len(self.poly) - 1

    def recurrent(self, n: int) -> bool:
        """True when the recurrence beats convolution for n dice: the values fill at least a
        quarter of their range (else the sums are sparse: 20d{1,2,100000} has 231 of 2 million),
        and the weights are equal or few."""
        first = self.poly[0]
        terms = sum(map(bool, self.poly)) - 1
        if len(self.poly) > 4 * (terms + 1):
            return False
        return all(w == first for w in self.poly) or terms <= max(MAX_TERMS, 2 * n)

    def power(self, n: int) -> dict[int, int]:
        """The weights of the sum of n copies (n ≥ 1)."""
        poly = self.poly
        span = n * self.degree + 1
        symmetric = poly == poly[::-1]
        last = span // 2 if symmetric else span - 1
        if all(w == poly[0] for w in poly):
            coefs = _uniform_power(len(poly), poly[0], n, last)
        else:
            coefs = _miller_power(poly, n, last)
        if symmetric:
            coefs.extend(coefs[span - 1 - k] for k in range(last + 1, span))
        base, step = n * self.lo, self.step
        return {base + k * step: c for k, c in enumerate(coefs) if c}


def _uniform_power(faces: int, weight: int, n: int, last: int) -> list[int]:
    """Coefficients 0..last of (weight·(1 + x + … + x**(faces − 1)))**n, by sliding sums."""
    c = [1]
    s0 = s1 = 0  # Σ_{j=1..faces−1} c[k−j] and Σ j·c[k−j], for the k being computed
    n1 = n + 1
    for k in range(1, last + 1):
        prev = c[k - 1]
        old = c[k - faces] if k >= faces else 0
        s1 += prev + s0 - faces * old
        s0 += prev - old
        c.append((n1 * s1 - k * s0) // k)
    if weight != 1:
        scale = weight**n
        c = [x * scale for x in c]
    return c


def _miller_power(poly: list[int], n: int, last: int) -> list[int]:
    """Coefficients 0..last of poly(x)**n by Miller's recurrence (poly[0] ≠ 0)."""
    a0 = poly[0]
    terms = [(j, w) for j, w in enumerate(poly) if j and w]
    n1 = n + 1
    c = [a0**n]
    for k in range(1, last + 1):
        acc = 0
        for j, w in terms:
            if j > k:
                break
            acc += (n1 * j - k) * w * c[k - j]
        c.append(acc // (k * a0))
    return c
