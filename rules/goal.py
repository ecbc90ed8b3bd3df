"""How a result's outcome came from its total and its target (SPEC §3 `compare`), and how
its text says so: `vs 15` is ≥ everywhere, so every other compare is written as itself."""

from __future__ import annotations

import re
from typing import Final, Literal

Compare = Literal[">=", ">", "<=", "<", "="]

AT_LEAST: Final = ">="
"""The total meets the target at it or above (`vs 15`: most checks, saves and attacks)."""
ABOVE: Final = ">"
"""The total must beat the target (Brighter Worlds' damage and opposed saves)."""
AT_MOST: Final = "<="
"""A roll-under: the total passes at the target or below (Macchiato's check)."""
BELOW: Final = "<"
"""A roll-under that must stay beneath the target (`d20 < 5`)."""
EXACTLY: Final = "="
"""The total must equal the target (`2d6 = 7`)."""

_SAID: Final = {AT_LEAST: "vs", ABOVE: ">", AT_MOST: "≤", BELOW: "<", EXACTLY: "="}


def against(compare: str | None, target: int | str) -> str:
    """The words a result's text compares its total with: `vs 15` (≥), `> 3`, `≤ 14`, `< 5`,
    `= 7`; `≤` reads back as `<=` (rules/notation/normal.py), so a copied line means it."""
    return f"{_SAID.get(compare or AT_LEAST, compare)} {target}"


_WRITTEN: Final = re.compile(r" (vs >|vs |>=|<=|≤|>|<|=) ?(-?\d+)\b")
"""A compare as a result's text wrote it before results carried `compare`."""


def compare_in_text(text: str, target: int, system: str, kind: str) -> str:
    """The compare of a result logged before results carried one, read from its text: the
    last `vs N`, `vs >N`, `<= N` … naming its target (`vs` was ≤ in Macchiato's check);
    ≥, what most games do, when the text says none."""
    written = [m.group(1) for m in _WRITTEN.finditer(text) if int(m.group(2)) == target]
    if not written:
        return AT_LEAST
    said = written[-1]
    if said == "vs ":
        return AT_MOST if (system, kind) == ("macchiato", "check") else AT_LEAST
    return {"vs >": ABOVE, "≤": AT_MOST}.get(said, said)
