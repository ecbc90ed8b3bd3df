"""What a term's modifiers decide once its dice lie, for dice and for groups alike: which
entries a keep or drop leaves standing, what a success counts, and the notation's functions
(`floor`, `max` …) on exact values."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from rules.errors import EvaluationError
from rules.notation import syntax

if TYPE_CHECKING:
    from rules.dice.results import Exact


def apply_function(fn: str, args: list[Exact]) -> Exact:
    """The value of `floor ceil round abs min max` on exact values (round: halves go up)."""
    if fn == "floor":
        return math.floor(args[0])
    if fn == "ceil":
        return math.ceil(args[0])
    if fn == "round":
        return math.floor(args[0] * 2 + 1) // 2
    if fn == "abs":
        return -args[0] if args[0] < 0 else args[0]
    if fn == "min":
        return min(args)
    return max(args)


def keep_indices(kept: list[bool], values: Sequence[Exact], mod: syntax.Keep) -> None:
    """Mark which of the kept entries survive `mod`; of equal lows the later goes first, of equal
    highs the earlier (tests/dice/test_dice.py)."""
    live = [i for i, k in enumerate(kept) if k]
    n = min(mod.count, len(live))
    if mod.op in ("kh", "dh"):  # highest first, the earlier of equals first (a stable sort)
        ranked = sorted(live, key=values.__getitem__, reverse=True)
    else:  # lowest first, the later of equals first
        ranked = sorted(reversed(live), key=values.__getitem__)
    drop = ranked[n:] if mod.op in ("kh", "kl") else ranked[:n]
    for i in drop:
        kept[i] = False


def check_counting(node: object, mods: Sequence[syntax.Counting]) -> None:
    if not any(isinstance(m, syntax.CountSuccesses) for m in mods):
        word = "t counts a success twice" if any(
            isinstance(m, syntax.CountTwice) for m in mods) else "f counts failures against successes"
        example = "10d10>=7t10" if word[0] == "t" else "8d10>=8f1"
        raise EvaluationError(f"{word}: give a success point first, "
                              f"as in {example} (not {node})")


def success_of(value: Exact, mods: Sequence[syntax.Counting]) -> int:
    """+1 for a success (+1 more where a `t` point counts it twice), −1 for a failure."""
    score = 0
    if any(isinstance(m, syntax.CountSuccesses) and m.when.matches(value) for m in mods):
        score += 1
        if any(isinstance(m, syntax.CountTwice) and m.when.matches(value) for m in mods):
            score += 1
    if any(isinstance(m, syntax.CountFailures) and m.when.matches(value) for m in mods):
        score -= 1
    return score
