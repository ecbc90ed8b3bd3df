"""The one retry schedule of roll: how long to wait before trying a campaign again."""

from __future__ import annotations

from dataclasses import dataclass

_MOST_DOUBLINGS = 64
"""Past this many tries every schedule is at its longest wait (and `factor ** tries` stays a float)."""


@dataclass(frozen=True, slots=True)
class Backoff:
    """Waits that grow from `first` by `factor` at each failed try, never past `most` seconds."""

    first: float
    most: float
    factor: float = 2.0

    def wait(self, tries: int) -> float:
        """Seconds to wait after `tries` failed tries before this one (0: after the first)."""
        return min(self.first * self.factor ** min(tries, _MOST_DOUBLINGS), self.most)


FOLLOW = Backoff(first=0.25, most=4.0)
"""`roll log --follow` reaching a campaign that stopped answering: 0.25, 0.5, 1, 2, 4, 4 … s."""

VIEW = Backoff(first=1.0, most=8.0)
"""The REPL's toolbar reaching a campaign that stopped answering: 1, 2, 4, 8, 8 … s."""

BUSY = Backoff(first=0.01, most=0.01, factor=1.0)
"""SQLite opening a new file another process opens too: it answers busy at once, so open again
soon (until the busy timeout's deadline); 10 ms, a fraction of one LINE's time."""
