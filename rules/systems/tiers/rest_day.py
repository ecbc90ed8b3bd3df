"""The party's day, for a Tiers Rest (seed 003, Rest, Requires: "No more than one Rest a day"):
a Rest sets a flag, `day new` moves the party's day counter on and takes the flag off everyone."""

from __future__ import annotations

from rules.notation import syntax
from rules.resolution import Resolution
from rules.systems.periods import new_period
from rules.systems.protocol import Context

RESTED = "rested"
"""The flag a Rest sets and `day new` clears."""
DAY_FIELD = "day"
"""The party's day counter, moved by `day new`."""


def day(ctx: Context, line: syntax.CommandLine) -> Resolution:
    """`day new`: the party's next day; every Tiers character may Rest again."""
    changes, number = new_period(ctx, line, DAY_FIELD, RESTED,
                                 "day new starts the next day (a Rest for every character)")
    return ctx.resolution("day", f"{ctx.input.strip()} → Day {number}: a Rest for every"
                          " character", changes=tuple(changes))
