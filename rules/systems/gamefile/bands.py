"""A command's bands (`10+`, `7-9`, `6-`): read, and checked to cover every total once."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from rules.systems.gamefile.model import Band

if TYPE_CHECKING:
    from rules.systems.gamefile.where import Where

MAX_BANDS = 20

_RANGE = re.compile(r"\s*(-?\d{1,6})\s*(?:(\+)|(-)|[-–]\s*(-?\d{1,6}))?\s*$")


def read_range(text: str) -> tuple[int | None, int | None] | None:
    """`10+` → (10, None), `6-` → (None, 6), `7-9` → (7, 9), `12` → (12, 12); None if neither."""
    match = _RANGE.match(text.replace("–", "-"))
    if match is None:
        return None
    first = int(match.group(1))
    if match.group(2):
        return first, None
    if match.group(3):
        return None, first
    if match.group(4) is not None:
        return first, int(match.group(4))
    return first, first


def read_bands(at: Where, key: str, value: Any) -> tuple[Band, ...]:
    """Bands from lowest to highest; an uncovered total or an overlap is the file's error."""
    if not isinstance(value, list) or not value or len(value) > MAX_BANDS:
        at.fail(key, f"must be a list of 1 to {MAX_BANDS} {{ range = \"10+\", outcome = … }}")
    bands: list[Band] = []
    for i, item in enumerate(value):
        where = f"{key}.{i}"
        table = at.table(item, where)
        at.keys(table, where, frozenset({"range", "outcome"}))
        given = table.get("range")
        span = read_range(given) if isinstance(given, str) else None
        if span is None:
            at.fail(f"{where}.range", "a range is \"10+\", \"7-9\", \"6-\" or \"12\"")
        lo, hi = span
        if lo is not None and hi is not None and lo > hi:
            at.fail(f"{where}.range", f"{lo} is over {hi}")
        outcome = at.text(table.get("outcome"), f"{where}.outcome")
        if not outcome:
            at.fail(f"{where}.outcome", "names the outcome, such as \"strong hit\"")
        bands.append(Band(lo, hi, outcome))
    ordered = sorted(bands, key=lambda b: -10**9 if b.lo is None else b.lo)
    if ordered[0].lo is not None:
        at.fail(key, f"no band takes a total under {ordered[0].lo} (write the lowest as"
                     f" \"{ordered[0].lo - 1}-\")")
    if ordered[-1].hi is not None:
        at.fail(key, f"no band takes a total over {ordered[-1].hi} (write the highest as"
                     f" \"{ordered[-1].hi + 1}+\")")
    for low, high in zip(ordered, ordered[1:], strict=False):
        if low.hi is None or high.lo is None or high.lo <= low.hi:
            at.fail(key, f"the bands {low.outcome!r} and {high.outcome!r} overlap")
        if high.lo > low.hi + 1:
            at.fail(key, f"no band takes a total of {low.hi + 1}")
    return tuple(ordered)
