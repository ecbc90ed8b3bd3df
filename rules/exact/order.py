"""Keep the highest (or lowest) k of n like dice, one threshold at a time, in packed integers.

Condition on t, the value of the k-th best die: a dice (a < k) are better than t, at least k − a
of the other n − a show t, and the rest are worse. The kept dice then score the a better dice
plus (k − a)·score(t). With e, l the weights of t and of every worse value, the last n − a
dice can be chosen in T(n − a, k − a) = Σ_{b ≥ k−a} C(n − a, b)·e^b·l^(n−a−b) ways, a binomial
tail that one step of arithmetic moves from a to a − 1. The a better dice are the a-th power
of y, the better values' weights as a polynomial in x^(score − score(t)), so for one t the
answer is the polynomial Σ_a C(n, a)·T(n − a, k − a)·y^a, evaluated by Horner's rule with
each polynomial packed into one big integer (Kronecker substitution): k multiplications per
value of the die, done by CPython's big-integer code, instead of a state per count and sum.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping

from rules.exact.dist import MAX_OUTCOMES, Value, exact

MAX_PACKED_BYTES = 3_000_000_000
"""At most this many bytes of big-integer shifts and adds: about a second (1000d6kh500 is 2.6e9)."""


def keep_best(
    weights: Mapping[Value, int],
    n: int,
    window: tuple[int, int],
    score: Callable[[Value], Value],
    what: str,
) -> dict[Value, int] | None:
    """Weights of the summed score of the dice ranked in `window` (0 = highest) of n dice with
    these weights, over the die's total weight to the n; None unless the window holds the
    highest or the lowest dice, the scores are whole, follow the values' order and fill a
    quarter of their range, and the work is small enough (the caller's DP decides then)."""
    end = _kept_end(window, n)
    if end is None:
        return None
    top, k = end
    outcomes = sorted((v for v, w in weights.items() if w), reverse=top)
    sign = 1 if top else -1
    scores = [exact(score(v)) for v in outcomes]
    if any(type(s) is not int for s in scores):
        return None
    ranks = [sign * int(s) for s in scores]  # the better a die, the higher its rank must be
    if any(r < later for r, later in zip(ranks, ranks[1:], strict=False)):
        return None
    spread = ranks[0] - ranks[-1]
    if spread + 1 > 4 * len(ranks) or k * spread + 1 > MAX_OUTCOMES:
        return None  # sparse values waste the packed slots (the DP refuses what is too big)
    total = sum(weights[v] for v in outcomes)
    nbytes = (n * total.bit_length()) // 8 + 1  # a slot holds any count of n dice
    size = (k * spread + 1) * nbytes
    # a die like dN: equally likely values one rank apart, so each y is a geometric series
    gap = ranks[0] - ranks[1] if len(ranks) > 1 else 1
    series = len({weights[v] for v in outcomes}) == 1 and all(
        r - later == gap for r, later in zip(ranks, ranks[1:], strict=False)
    )
    # bytes the shifts and adds go through: for value i, k steps of i terms (or 2·log2 i)
    work = sum((min(i, 2 * i.bit_length()) if series else i) * k * (k * (ranks[0] - r) + 1)
               for i, r in enumerate(ranks)) * nbytes // 2
    if work > MAX_PACKED_BYTES:
        return None
    shift = 8 * nbytes
    ordered = [weights[v] for v in outcomes]
    packed = 0
    better = 0  # weight of the values better than t
    for i, t in enumerate(outcomes):
        e = weights[t]
        times_y = _times_y(i, ordered, ranks, shift, gap if series else 0)
        first, *rest = _counts(n, k, e, total - better - e, better)
        acc = first
        for coef in rest:  # Horner's rule, from a = k − 1 down to a = 0
            acc = times_y(acc) + coef
        packed += acc << (shift * k * (ranks[i] - ranks[-1]))
        better += e
    return _unpacked(packed.to_bytes(size, "little"), k * spread + 1, nbytes, k * ranks[-1], sign)


def _kept_end(window: tuple[int, int], n: int) -> tuple[bool, int] | None:
    """Whether `window` keeps the highest dice (True) or the lowest, and how many; None if neither."""
    a, b = window
    if a >= b:
        return None
    if a == 0 and b < n:
        return True, b
    if b == n and a > 0:
        return False, n - a
    return None


def _unpacked(data: bytes, slots: int, nbytes: int, base: int, sign: int) -> dict[Value, int]:
    """The weights packed in `slots` slots of `nbytes` bytes, by score (the first slot's is `base`)."""
    out: dict[Value, int] = {}
    for p in range(slots):
        w = int.from_bytes(data[p * nbytes : (p + 1) * nbytes], "little")
        if w:
            out[sign * (base + p)] = w
    return out


def _times_y(
    i: int, weights: list[int], ranks: list[int], shift: int, gap: int
) -> Callable[[int], int]:
    """Multiplication by y, the weights of the values before the i-th (the better ones) packed
    in slots of `shift` bits, each at its rank above the i-th; `gap` when they are a series."""
    if gap and 2 * i.bit_length() < i:  # y = w·(x^gap + x^(2·gap) + … + x^(i·gap))
        step, w = shift * gap, weights[0]
        return lambda packed: (_series(packed, i, step) << step) * w
    y: dict[int, int] = {}  # bit offset → weight
    for j in range(i):
        w, offset = weights[j], shift * (ranks[j] - ranks[i])
        y[offset] = y.get(offset, 0) + w
    terms = sorted(y.items())

    def times(packed: int) -> int:
        """packed·y by shifts and adds (y has few terms, short ones: 10× a multiplication)."""
        out = 0
        for offset, w in terms:
            out += (packed if w == 1 else packed * w) << offset
        return out

    return times


def _series(packed: int, m: int, offset: int) -> int:
    """packed·(1 + 2^offset + 2^(2·offset) + … + 2^((m − 1)·offset)), by doubling."""
    if m == 1:
        return packed
    half = _series(packed, m // 2, offset)
    both = half + (half << (m // 2 * offset))
    return packed + (both << offset) if m % 2 else both


def _counts(n: int, k: int, e: int, worse: int, better: int) -> list[int]:
    """C(n, a)·T(n − a, k − a) for a = k − 1 down to 0 (only a = 0 when nothing is better).

    T(N + 1, m + 1) = (e + l)·T(N, m) − C(N, m)·e^m·l^(N − m + 1), where N − m = n − k stays
    the same all the way."""
    top = k - 1 if better else 0
    tail = worse ** (n - k + 1)
    N, m = n - top, k - top
    # T(N, m) for the first a: the whole minus the ways with fewer than m dice showing t
    t = (e + worse) ** N - sum(math.comb(N, b) * e**b * worse ** (N - b) for b in range(m))
    out = [math.comb(n, top) * t]
    em = e**m
    for a in range(top - 1, -1, -1):
        t = (e + worse) * t - math.comb(N, m) * em * tail
        N, m, em = N + 1, m + 1, em * e
        out.append(math.comb(n, a) * t)
    return out
