"""The die-step ladder d4 ↔ d6 ↔ d8 ↔ d10 ↔ d12 that risk dice and attribute dice move along.

A die is written by its sides; 0 (`GONE`) is below d4: a risk die that fizzled, an attribute at
zero. Stepping up from 0 gives a d4; stepping up a d12 stays a d12; stepping a d4 down gives 0.
"""

from __future__ import annotations

from rules.notation.words import step_word

LADDER: tuple[int, ...] = (4, 6, 8, 10, 12)
"""The dice of the ladder, smallest first."""

GONE = 0
"""Below d4: a fizzled risk die, an attribute at zero."""

SMALLEST = LADDER[0]
LARGEST = LADDER[-1]



def on_ladder(sides: int) -> bool:
    """Whether `sides` is a die of the ladder (d4 … d12); GONE is not."""
    return sides in LADDER


def rung(sides: int) -> int:
    """How many steps above d4 a die is (d4 → 0, d12 → 4); GONE is −1."""
    if sides == GONE:
        return -1
    if not on_ladder(sides):
        raise ValueError(f"d{sides} is not on the die-step ladder d4–d12")
    return LADDER.index(sides)


def step(sides: int, by: int) -> int:
    """The die `by` steps up (positive) or down (negative); capped at d12, GONE below d4."""
    index = rung(sides) + by
    if index < 0:
        return GONE
    return LADDER[min(index, len(LADDER) - 1)]


def step_down(sides: int, times: int = 1) -> int:
    """The die stepped down `times` (d4 → GONE; GONE stays GONE)."""
    return step(sides, -times)


def step_up(sides: int, times: int = 1) -> int:
    """The die stepped up `times` (GONE → d4; d12 stays d12)."""
    return step(sides, times)


def steps_between(low: int, high: int) -> int:
    """How many steps lead from `low` up to `high` (negative when `high` is smaller)."""
    return rung(high) - rung(low)


def parse_step(text: object) -> int | None:
    """Sides of `"d8"`, `"Δ8"`, `"delta8"`, `"8"`; 0 for `"0"`; None when not a ladder die."""
    if isinstance(text, bool):
        return None
    if isinstance(text, int):
        return text if text == GONE or on_ladder(text) else None
    if not isinstance(text, str):
        return None
    word = step_word(text)
    if word is None:
        return None
    prefixed, sides = word
    if sides == GONE and not prefixed:
        return GONE
    return sides if on_ladder(sides) else None


def die_name(sides: int) -> str:
    """An attribute die as sheets write it: `"d8"`, or `"0"` below d4."""
    return "0" if sides == GONE else f"d{sides}"


def risk_name(sides: int) -> str | None:
    """A risk die as sheets write it: `"Δ8"`, or None once it has fizzled."""
    return None if sides == GONE else f"Δ{sides}"
