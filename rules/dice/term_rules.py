"""What a term's modifiers decide once its dice lie, for dice and for groups alike: which
entries a keep or drop leaves standing, and the notation's functions (`floor`, `max` …) on exact
values; what a success counts is rules/dice/counting.py's (a plain sum never counts)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rules.dice.results import Exact
    from rules.notation.die_nodes import Keep


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


def keep_indices(kept: list[bool], values: Sequence[Exact], mod: Keep) -> None:
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
