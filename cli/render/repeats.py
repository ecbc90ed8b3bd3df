"""The closing count of a repeated LINE with an outcome: `4 of 6 pass`, and its JSON object."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from rules.resolution import Resolution


def has_summary(results: Sequence[Resolution]) -> bool:
    """A LINE repeated (`6x d20+5 vs 15`, `-n 6`) whose results have an outcome."""
    return len(results) > 1 and any(res.outcome is not None for res in results)


def counts(results: Sequence[Resolution]) -> tuple[int, int, str]:
    """(how many passed, of how many, the word that passing was: pass, hit, hold …)."""
    passing = [res.outcome for res in results if res.passed]
    word = Counter(passing).most_common(1)[0][0] if passing else _passing_word(results)
    return len(passing), len(results), word or "pass"


def _passing_word(results: Sequence[Resolution]) -> str:
    outcomes = {res.outcome for res in results}
    return "hit" if "miss" in outcomes else "pass"


def summary_text(results: Sequence[Resolution]) -> str:
    """`4 of 6 pass`."""
    passed, times, word = counts(results)
    return f"{passed} of {times} {word}"


def summary_json(results: Sequence[Resolution]) -> dict[str, Any]:
    """The object after the repeats' own: `{"input", "kind": "repeats", "times", "passed",
    "failed", "outcomes": {word: count}, "text"}`."""
    passed, times, _ = counts(results)
    outcomes = Counter(res.outcome for res in results if res.outcome is not None)
    return {
        "input": results[0].input,
        "system": results[0].system,
        "character": results[0].character,
        "kind": "repeats",
        "times": times,
        "passed": passed,
        "failed": times - passed,
        "outcomes": dict(sorted(outcomes.items())),
        "text": summary_text(results),
    }
