"""What `roll odds` reports: a frozen distribution of whole totals and its outcomes."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from types import MappingProxyType
from typing import Any, Protocol

from rules.exact.dist import Dist
from rules.notation import syntax


@dataclass(frozen=True)  # no slots: its mean, tails and max are cached
class Odds:
    """The exact odds of a LINE: P(total) for each whole total, and P(outcome) per outcome word.

    Build one from any `{total: probability}` mapping (a game system pricing its own command);
    probabilities may sum to less than 1, the rest being `residual` (a cut-off tail).
    """

    distribution: Mapping[int, Fraction]
    outcomes: Mapping[str, Fraction] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if type(self.distribution) is _Checked:  # from_dist: sorted, exact and checked already
            object.__setattr__(self, "distribution", MappingProxyType(dict(self.distribution)))
            object.__setattr__(self, "outcomes", MappingProxyType(dict(self.outcomes)))
            return
        dist = {int(v): Fraction(p) for v, p in sorted(self.distribution.items()) if p}
        if not dist:
            raise ValueError("odds need at least one possible total")
        if any(p.numerator < 0 for p in dist.values()) or exact_sum(dist.values()) > 1:
            raise ValueError("probabilities must be non-negative and sum to at most 1")
        outcomes = {str(k): Fraction(p) for k, p in self.outcomes.items()}
        object.__setattr__(self, "distribution", MappingProxyType(dist))
        object.__setattr__(self, "outcomes", MappingProxyType(outcomes))

    def __hash__(self) -> int:
        return hash((tuple(self.distribution.items()), tuple(self.outcomes.items())))

    @classmethod
    def from_dist(cls, dist: Dist, target: int | None = None, op: syntax.CompareOp = ">=") -> Odds:
        """The odds of a whole-number distribution; with a target, P(pass) is P(total ≥ target)
        (or P(total `op` target): `> 15`, `<= 5`).

        Every sum is taken over the distribution's one integer denominator: each probability is
        reduced once, and no common denominator of many fractions is ever searched for."""
        weights: dict[int, int] = {}
        for v in dist.values_sorted:
            w = dist.weights[v]
            if w:
                weights[int(v)] = weights.get(int(v), 0) + w
        if not weights:
            raise ValueError("odds need at least one possible total")
        denom = dist.denom
        total = sum(weights.values())
        if total > denom or any(w < 0 for w in weights.values()):
            raise ValueError("probabilities must be non-negative and sum to at most 1")
        outcomes: dict[str, Fraction] = {}
        if target is not None:
            goal = syntax.Compare(op, target)
            passing = sum(w for v, w in weights.items() if goal.matches(v))
            outcomes = {"pass": Fraction(passing, denom), "fail": Fraction(total - passing, denom)}
        reduced: dict[int, Fraction] = {}  # equal weights (a symmetric sum's halves) share one
        probs = _Checked()
        for v, w in weights.items():
            p = reduced.get(w)
            if p is None:
                p = reduced[w] = Fraction(w, denom)
            probs[v] = p
        odds = cls(probs, outcomes)
        odds.__dict__["residual"] = Fraction(denom - total, denom)
        odds.__dict__["mean"] = Fraction(sum(v * w for v, w in weights.items()), total)
        return odds

    @classmethod
    def judged(cls, distribution: Mapping[int, Fraction], judge: Callable[[int], str]) -> Odds:
        """Odds whose outcomes come from `judge(total)`: e.g. `lambda t: "pass" if t <= 12 else
        "fail"` for a roll-under check, or "hold"/"step-down" for a risk die."""
        outcomes: dict[str, Fraction] = {}
        for total, p in distribution.items():
            word = judge(total)
            outcomes[word] = outcomes.get(word, Fraction(0)) + p
        return cls(distribution, outcomes)

    @cached_property
    def residual(self) -> Fraction:
        """The probability not accounted for (cut-off explosion tails); 0 when exact."""
        return 1 - exact_sum(self.distribution.values())

    @cached_property
    def mean(self) -> Fraction:
        """The mean total (over the mass that is there)."""
        numerators, _ = over_common_denominator(self.distribution.values())
        weighted = sum(v * n for v, n in zip(self.distribution, numerators, strict=True))
        return Fraction(weighted, sum(numerators))

    @property
    def min(self) -> int:
        """The lowest possible total."""
        return next(iter(self.distribution))

    @cached_property
    def max(self) -> int:
        """The highest possible total."""
        return max(self.distribution)

    @property
    def extra(self) -> Mapping[str, object]:
        """More keys for the odds JSON (a system's subclass adds e.g. `expected_uses`)."""
        return {}

    @property
    def notes(self) -> tuple[str, ...]:
        """Lines a person reads under the chart (a system's subclass adds its own)."""
        return ()

    def at_least(self, total: int) -> Fraction:
        """P(total ≥ `total`)."""
        return exact_sum(p for v, p in self.distribution.items() if v >= total)

    def at_most(self, total: int) -> Fraction:
        """P(total ≤ `total`)."""
        return exact_sum(p for v, p in self.distribution.items() if v <= total)


class _Checked(dict[int, Fraction]):
    """Probabilities that `Odds.from_dist` built sorted, reduced and summing to at most 1."""


def over_common_denominator(probs: Iterable[Fraction]) -> tuple[list[int], int]:
    """The numerators of `probs` over their least common denominator, and that denominator."""
    probs = list(probs)
    denom = math.lcm(*(p.denominator for p in probs))
    return [p.numerator * (denom // p.denominator) for p in probs], denom


def exact_sum(probs: Iterable[Fraction]) -> Fraction:
    """The exact sum, added over one common denominator (not reduced at every step)."""
    numerators, denom = over_common_denominator(probs)
    return Fraction(sum(numerators), denom)


class OddsHook(Protocol):
    """What a game system provides to price one of its commands: the odds of that LINE.

    `ctx` is the system's context (character, table); build the result with `Odds(...)`,
    `Odds.judged(...)` or `Odds.from_dist(distribution(expr), target)`.
    """

    def __call__(self, ctx: Any, line: syntax.CommandLine) -> Odds: ...


def fraction_text(p: Fraction) -> str:
    """A probability as its exact fraction, `"15869/1296"`, however many digits it has (past
    Python's 4,300-digit int-to-text limit too: decimal's conversion has none)."""
    if p.denominator == 1:
        return integer_text(p.numerator)
    return f"{integer_text(p.numerator)}/{integer_text(p.denominator)}"


def integer_text(n: int) -> str:
    """`str(n)` for an integer of any length."""
    if n.bit_length() < 14_000:  # well under 4,300 digits
        return str(n)
    from decimal import Decimal

    return str(Decimal(n))

