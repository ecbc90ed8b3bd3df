"""The closing count of a repeated LINE with an outcome: `4 of 6 pass`, and its JSON object.

A `Tally` keeps counts only, so repeats streamed one by one (`-n 100000`) need no list of them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from rules.resolution import Resolution


@dataclass(slots=True)
class Tally:
    """How the repeats of one LINE came out, counted as they come."""

    input: str = ""
    system: str = ""
    character: str | None = None
    times: int = 0
    passed: int = 0
    outcomes: Counter[str] = field(default_factory=Counter)
    passing: Counter[str] = field(default_factory=Counter)

    @classmethod
    def of(cls, results: Iterable[Resolution]) -> Tally:
        tally = cls()
        for res in results:
            tally.add(res)
        return tally

    def add(self, res: Resolution) -> None:
        if not self.times:
            self.input, self.system, self.character = res.input, res.system, res.character
        self.times += 1
        if res.outcome is not None:
            self.outcomes[res.outcome] += 1
            if res.passed:
                self.passed += 1
                self.passing[res.outcome] += 1

    @property
    def closes(self) -> bool:
        """A LINE repeated (`6x d20+5 vs 15`, `-n 6`) whose results have an outcome."""
        return self.times > 1 and bool(self.outcomes)

    @property
    def word(self) -> str:
        """What passing was: pass, hit, hold … (the most common passing word)."""
        if self.passing:
            return self.passing.most_common(1)[0][0]
        return "hit" if "miss" in self.outcomes else "pass"

    def text(self) -> str:
        """`4 of 6 pass`."""
        return f"{self.passed} of {self.times} {self.word}"

    def to_json(self) -> dict[str, Any]:
        """The object after the repeats' own: `{"input", "system", "character", "kind":
        "repeats", "times", "passed", "failed", "outcomes": {word: count}, "text"}`."""
        return {
            "input": self.input,
            "system": self.system,
            "character": self.character,
            "kind": "repeats",
            "times": self.times,
            "passed": self.passed,
            "failed": self.times - self.passed,
            "outcomes": dict(sorted(self.outcomes.items())),
            "text": self.text(),
        }
