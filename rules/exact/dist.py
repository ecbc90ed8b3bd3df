"""Exact finite distributions: integer weights over one common denominator, plus cut-off mass."""

from __future__ import annotations

import decimal
import math
import operator
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from functools import cached_property
from types import MappingProxyType
from typing import cast

from rules.errors import LimitError
from rules.exact.power import Lattice

Value = int | Fraction

MAX_OUTCOMES = 200_000
"""At most this many distinct values in one distribution."""
MAX_PAIRS = 600_000
"""At most this many value pairs combined by one binary operation done pair by pair."""
MAX_PACKED_DIGITS = 12_000_000
"""At most this many decimal digits in one packed convolution's product: under a second."""
_BINARY_BYTES = 16_000  # below this a binary big-int product beats the decimal one
_MAX_SLOT_DIGITS = 4_000  # int <-> str stays under Python's 4,300-digit conversion limit
_DECIMAL = decimal.Context(
    prec=decimal.MAX_PREC, Emax=decimal.MAX_EMAX, Emin=decimal.MIN_EMIN, traps=[decimal.Inexact]
)


def exact(v: Value) -> Value:
    """A whole Fraction as an int, so equal values share one key and print as integers."""
    if type(v) is int:
        return v
    if isinstance(v, Fraction) and v.denominator == 1:
        return v.numerator
    return v


def too_many(what: str, count: int) -> LimitError:
    """The error for a distribution with more values than the exact odds handle."""
    return LimitError(
        f"the odds of {what} have about {count:,} possible values; "
        f"exact odds handle at most {MAX_OUTCOMES:,}"
    )


def too_much_work(what: str) -> LimitError:
    """The error for a distribution that would take too long to compute exactly."""
    return LimitError(f"the exact odds of {what} would take too long to compute; try fewer dice")


@dataclass(frozen=True, eq=False)  # no slots: its sorted values, total and integrality are cached
class Dist(Mapping[Value, Fraction]):
    """A distribution of exact values: `dist[v]` is P(v) = weights[v] / denom.

    Weights may sum to less than `denom`: the missing mass is `residual`, the probability of
    outcomes that were cut off (an explosion's endless tail, a roll the roller would refuse).
    """

    weights: Mapping[Value, int]
    denom: int

    def __post_init__(self) -> None:
        if not isinstance(self.weights, MappingProxyType):
            object.__setattr__(self, "weights", MappingProxyType(self.weights))

    # ---- construction ----

    @classmethod
    def of(cls, weights: Mapping[Value, int], denom: int | None = None) -> Dist:
        """A distribution from raw weights (zeros dropped); `denom` defaults to their sum."""
        clean = {exact(v): w for v, w in weights.items() if w}
        if denom is None:
            denom = sum(clean.values())
        if denom <= 0:
            raise ValueError("a distribution needs a positive denominator")
        return cls(clean, denom)

    @classmethod
    def constant(cls, value: Value) -> Dist:
        """The distribution that is always `value`."""
        return cls({exact(value): 1}, 1)

    @classmethod
    def uniform(cls, faces: Iterable[Value]) -> Dist:
        """One fair die with these faces (a repeated face counts once per side)."""
        counts: dict[Value, int] = {}
        total = 0
        for f in faces:
            f = exact(f)
            counts[f] = counts.get(f, 0) + 1
            total += 1
        return cls.of(counts, total)

    @classmethod
    def from_probs(cls, probs: Mapping[Value, Fraction]) -> Dist:
        """A distribution from probabilities; what they leave of 1 becomes the residual."""
        denom = math.lcm(1, *(Fraction(p).denominator for p in probs.values()))
        weights = {v: int(Fraction(p) * denom) for v, p in probs.items()}
        if any(w < 0 for w in weights.values()) or sum(weights.values()) > denom:
            raise ValueError("probabilities must be non-negative and sum to at most 1")
        return cls.of(weights, denom)

    # ---- the Mapping interface: value -> Fraction ----

    def __getitem__(self, value: Value) -> Fraction:
        return Fraction(self.weights[value], self.denom)

    def __iter__(self) -> Iterator[Value]:
        return iter(self.values_sorted)

    def __len__(self) -> int:
        return len(self.weights)

    def __repr__(self) -> str:
        body = ", ".join(f"{v}: {self[v]}" for v in self.values_sorted[:8])
        more = ", …" if len(self) > 8 else ""
        return f"Dist({{{body}{more}}}, residual={self.residual})"

    # ---- summaries ----

    @cached_property
    def values_sorted(self) -> list[Value]:
        """The possible values, lowest first."""
        return sorted(self.weights)

    @cached_property
    def total(self) -> int:
        """The sum of the weights (equal to `denom` unless mass was cut off)."""
        return sum(self.weights.values())

    @property
    def mass(self) -> Fraction:
        """The probability the distribution accounts for: 1 − residual."""
        return Fraction(self.total, self.denom)

    @property
    def residual(self) -> Fraction:
        """The probability mass cut off (0 for an exact, complete distribution)."""
        return 1 - self.mass

    @property
    def mean(self) -> Fraction:
        """The mean over the mass that is there (the cut-off tail is not guessed at)."""
        if not self.weights:
            raise ValueError("an empty distribution has no mean")
        return Fraction(sum(v * w for v, w in self.weights.items()), self.total)

    @property
    def min(self) -> Value:
        """The lowest possible value."""
        return self.values_sorted[0]

    @property
    def max(self) -> Value:
        """The highest possible value."""
        return self.values_sorted[-1]

    def probs(self) -> dict[Value, Fraction]:
        """Every value's probability, lowest value first."""
        return {v: Fraction(self.weights[v], self.denom) for v in self.values_sorted}

    @cached_property
    def integral(self) -> bool:
        """True when every value is an int (the fast packed convolution applies)."""
        return all(type(v) is int for v in self.weights)

    # ---- transformations ----

    def map(self, fn: Callable[[Value], Value]) -> Dist:
        """The distribution of fn(X)."""
        out: dict[Value, int] = {}
        for v, w in self.weights.items():
            r = exact(fn(v))
            out[r] = out.get(r, 0) + w
        return Dist(out, self.denom)

    def __neg__(self) -> Dist:
        return Dist({-v: w for v, w in self.weights.items()}, self.denom)

    def split(self, pred: Callable[[Value], bool]) -> tuple[Dist, Dist]:
        """The parts where `pred` holds and where it does not (each short of the other's mass)."""
        yes = {v: w for v, w in self.weights.items() if pred(v)}
        no = {v: w for v, w in self.weights.items() if not pred(v)}
        return Dist(yes, self.denom), Dist(no, self.denom)

    def scaled(self, factor: int, denom_factor: int = 1) -> Dist:
        """The same values with weights × factor over denom × denom_factor (mixtures)."""
        return Dist({v: w * factor for v, w in self.weights.items()}, self.denom * denom_factor)

    def __add__(self, other: Dist) -> Dist:
        return self.plus(other)

    def plus(self, other: Dist, what: str = "") -> Dist:
        """The distribution of X + Y for independent X and Y; `what` names them in errors."""
        return Dist(convolve(self.weights, other.weights, what), self.denom * other.denom)

    def __sub__(self, other: Dist) -> Dist:
        return self + (-other)

    def combine(self, other: Dist, op: Callable[[Value, Value], Value], what: str = "") -> Dist:
        """The distribution of op(X, Y) for independent X and Y, pair by pair."""
        if op is operator.add:
            return self + other
        pairs = len(self.weights) * len(other.weights)
        long = (self.denom.bit_length() + other.denom.bit_length()) // 2048
        if pairs * (1 + long) > MAX_PAIRS:
            raise too_much_work(what or "this expression")
        out: dict[Value, int] = {}
        for a, wa in self.weights.items():
            for b, wb in other.weights.items():
                r = exact(op(a, b))
                out[r] = out.get(r, 0) + wa * wb
        if len(out) > MAX_OUTCOMES:
            raise too_many(what or "this expression", len(out))
        return Dist(out, self.denom * other.denom)

    def sum_of(self, n: int, what: str = "") -> Dist:
        """The distribution of the sum of n independent copies."""
        if n < 0:
            raise ValueError("a count of copies is never negative")
        if n == 0:
            return Dist.constant(0)
        if n == 1:
            return self
        label = what or f"{n} copies"
        if (len(self.weights) - 1) * n + 1 > MAX_OUTCOMES:
            raise too_many(label, (len(self.weights) - 1) * n + 1)
        width = int(self.max) - int(self.min) if self.integral else 0
        if self.integral and len(self.weights) * 4 >= width + 1:
            # dense: the sum is packed into big numbers, whose size is known in advance
            span = n * width + 1
            if span > MAX_OUTCOMES:
                raise too_many(label, span)
            digits = span * (n * self.total.bit_length() * 30103 // 100_000)
            if digits > 2 * MAX_PACKED_DIGITS:
                raise too_much_work(label)
        if self.integral:
            lattice = Lattice.of(cast(Mapping[int, int], self.weights))
            if lattice.recurrent(n):
                # the weights' digits in all: what the odds print, and what computing them costs
                digits = (n * lattice.degree + 1) * (n * self.denom.bit_length() * 30103 // 100_000)
                if digits > MAX_PACKED_DIGITS:
                    raise too_much_work(label)
                return Dist(cast(Mapping[Value, int], lattice.power(n)), self.denom**n)
        result: Dist | None = None
        power = self
        while True:
            if n & 1:
                result = power if result is None else Dist(
                    convolve(result.weights, power.weights, label), result.denom * power.denom
                )
            n >>= 1
            if not n:
                break
            power = Dist(convolve(power.weights, power.weights, label), power.denom**2)
        assert result is not None
        return result


def mixture(parts: Sequence[Dist]) -> Dist:
    """The sum of sub-distributions (disjoint cases of one experiment) over a common denominator."""
    if not parts:
        raise ValueError("a mixture needs at least one part")
    denom = math.lcm(*(p.denom for p in parts))
    out: dict[Value, int] = {}
    for part in parts:
        k = denom // part.denom
        for v, w in part.weights.items():
            out[v] = out.get(v, 0) + w * k
    return Dist(out, denom)


def convolve(a: Mapping[Value, int], b: Mapping[Value, int], what: str = "") -> dict[Value, int]:
    """The weights of X + Y from the weights of X and of Y."""
    if len(a) > len(b):
        a, b = b, a
    if not a:
        return {}
    if len(a) == 1:
        ((v, w),) = a.items()
        if type(v) is int:  # an int plus an exact key is exact already
            return {v + k: w * x for k, x in b.items()}
        return {exact(v + k): w * x for k, x in b.items()}
    label = what or "this sum"
    if len(a) + len(b) - 1 > MAX_OUTCOMES:
        raise too_many(label, len(a) + len(b) - 1)
    pairs = len(a) * len(b)
    if pairs > 64 and all(type(v) is int for v in a) and all(type(v) is int for v in b):
        packed = _packed_convolve(a, b, label, pairs)
        if packed is not None:
            return packed
    long = (max(a.values()).bit_length() + max(b.values()).bit_length()) // 2048
    if pairs * (1 + long) > MAX_PAIRS:
        raise too_much_work(label)
    out: dict[Value, int] = {}
    get = out.get
    for x, wx in a.items():
        for y, wy in b.items():
            s = x + y
            out[s] = get(s, 0) + wx * wy
    if len(out) > MAX_OUTCOMES:
        raise too_many(label, len(out))
    return {exact(v): w for v, w in out.items()}


def _packed_convolve(
    a: Mapping[Value, int], b: Mapping[Value, int], label: str, pairs: int
) -> dict[Value, int] | None:
    """X + Y through one big multiplication, or None when the supports are too sparse for it."""
    alo, ahi, blo, bhi = int(min(a)), int(max(a)), int(min(b)), int(max(b))
    span = ahi - alo + bhi - blo + 1
    if span > 2 * pairs:
        return None
    if span > MAX_OUTCOMES:
        raise too_many(label, span)
    bits = max(a.values()).bit_length() + max(b.values()).bit_length() + len(a).bit_length()
    nbytes = bits // 8 + 1
    if span * nbytes <= _BINARY_BYTES:
        pa = _pack(a, alo, ahi - alo + 1, nbytes)
        pb = pa if a is b else _pack(b, blo, bhi - blo + 1, nbytes)
        return _unpack(pa * pb, alo + blo, span, nbytes)
    # CPython multiplies huge ints by Karatsuba; `decimal` (libmpdec) uses a number-theoretic
    # transform, ten times faster at a million digits, so big products go through decimal text
    ndigits = bits * 30103 // 100_000 + 2
    if ndigits > _MAX_SLOT_DIGITS or span * ndigits > MAX_PACKED_DIGITS:
        raise too_much_work(label)
    da = _dec_pack(a, alo, ahi - alo + 1, ndigits)
    db = da if a is b else _dec_pack(b, blo, bhi - blo + 1, ndigits)
    return _dec_unpack(_DECIMAL.multiply(da, db), alo + blo, span, ndigits)


def _dec_pack(weights: Mapping[Value, int], lo: int, span: int, ndigits: int) -> Decimal:
    """Weights as one decimal integer, `ndigits` digits per value from `lo`."""
    zero = "0" * ndigits
    parts = [zero] * span
    for v, w in weights.items():
        parts[span - 1 - (int(v) - lo)] = str(w).zfill(ndigits)
    return _DECIMAL.create_decimal("".join(parts))


def _dec_unpack(packed: Decimal, lo: int, span: int, ndigits: int) -> dict[Value, int]:
    """The weights back from a packed decimal product."""
    text = str(packed).zfill(span * ndigits)
    end = len(text)
    out: dict[Value, int] = {}
    for k in range(span):
        w = int(text[end - (k + 1) * ndigits : end - k * ndigits])
        if w:
            out[lo + k] = w
    return out


def _pack(weights: Mapping[Value, int], lo: int, span: int, nbytes: int) -> int:
    """Weights as one big integer, `nbytes` bytes per value from `lo` (Kronecker substitution)."""
    buf = bytearray(span * nbytes)
    for v, w in weights.items():
        i = (int(v) - lo) * nbytes
        buf[i : i + nbytes] = w.to_bytes(nbytes, "little")
    return int.from_bytes(buf, "little")


def _unpack(packed: int, lo: int, span: int, nbytes: int) -> dict[Value, int]:
    """The weights back from a packed product."""
    data = memoryview(packed.to_bytes(span * nbytes, "little"))
    from_bytes = int.from_bytes
    out: dict[Value, int] = {}
    for k in range(span):
        w = from_bytes(data[k * nbytes : (k + 1) * nbytes], "little")
        if w:
            out[lo + k] = w
    return out
