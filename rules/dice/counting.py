"""What a success counts, for a term's dice and a group's members alike: `>=7` a success, `t10`
one counted twice, `f1` a failure against them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rules.errors import EvaluationError
from rules.notation import syntax

if TYPE_CHECKING:
    from rules.dice.results import Exact


def check_counting(node: object, mods: Sequence[syntax.Counting]) -> None:
    """Refuses a `t` or `f` point with no success point before it."""
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
