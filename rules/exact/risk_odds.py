"""Macchiato risk dice: a ΔN steps down on 1–3 (Δ12 → Δ10 → Δ8 → Δ6 → Δ4 → fizzle)."""

from __future__ import annotations

import math
from fractions import Fraction

from rules.dice import steps
from rules.errors import LimitError, UsageError
from rules.exact.result import Odds

RISK_SIDES = steps.LADDER
"""The risk dice, smallest first: the one die-step ladder of `rules.dice.steps`."""
STEP_DOWN_FACES = 3
"""A roll of 1 to this steps the die down."""
MAX_ROLLS = 10_000
"""`survival` looks at most this many rolls ahead."""


def check_sides(sides: int) -> None:
    """Refuse anything but Δ4, Δ6, Δ8, Δ10, Δ12."""
    if sides not in RISK_SIDES:
        raise UsageError(f"a risk die is Δ4, Δ6, Δ8, Δ10 or Δ12, not Δ{sides}")


def step_down(sides: int) -> int | None:
    """The die after a step down: Δ8 → 6; None when a Δ4 fizzles."""
    check_sides(sides)
    after = steps.step(sides, -1)
    return None if after == steps.GONE else after


def step_down_chance(sides: int, edge: str | None = None) -> Fraction:
    """P(one roll of ΔN steps it down (or fizzles a Δ4)): 3/N, so Δ8 → 3/8. With advantage two
    are rolled and the higher kept (both must show 1–3); with disadvantage the lower (either)."""
    check_sides(sides)
    low = Fraction(STEP_DOWN_FACES, sides)
    if edge == "adv":
        return low * low
    if edge == "dis":
        return 1 - (1 - low) ** 2
    return low


def expected_uses(sides: int, edge: str | None = None) -> Fraction:
    """The expected number of rolls until a ΔN fizzles: Δ4 4/3, Δ6 10/3 … Δ12 40/3 (every roll
    at advantage or disadvantage with `edge`).

    Each size lasts a geometric number of rolls with mean 1/P(step down); the sizes are passed
    in turn.
    """
    check_sides(sides)
    return sum((1 / step_down_chance(s, edge) for s in RISK_SIDES if s <= sides), Fraction(0))


def survival(sides: int, rolls: int, edge: str | None = None) -> Fraction:
    """P(a fresh ΔN has not fizzled after `rolls` rolls (each at `edge`, if given))."""
    check_sides(sides)
    if rolls < 0:
        raise UsageError("a number of rolls is never negative")
    if rolls > MAX_ROLLS:
        raise LimitError(f"risk odds look at most {MAX_ROLLS:,} rolls ahead")
    chances = [step_down_chance(s, edge) for s in RISK_SIDES if s <= sides]
    # alive[i]: weight of "the die is now the i-th size", over the common denominator lcm**k
    lcm = math.lcm(*(c.denominator for c in chances))
    downs = [c.numerator * (lcm // c.denominator) for c in chances]
    alive = [0] * len(chances)
    alive[-1] = 1
    for _ in range(rolls):
        nxt = [0] * len(chances)
        for i, down in enumerate(downs):
            w = alive[i]
            if w:
                nxt[i] += w * (lcm - down)
                if i:
                    nxt[i - 1] += w * down
        alive = nxt
    return Fraction(sum(alive), lcm**rolls)


def fizzle_chance(sides: int, rolls: int) -> Fraction:
    """P(a fresh ΔN has fizzled within `rolls` rolls)."""
    return 1 - survival(sides, rolls)


def risk_odds(sides: int) -> Odds:
    """The odds of one roll of ΔN: its face, and `hold` / `step-down` (`fizzle` for a Δ4)."""
    check_sides(sides)
    faces = {f: Fraction(1, sides) for f in range(1, sides + 1)}
    down = "fizzle" if step_down(sides) is None else "step-down"
    return Odds.judged(faces, lambda f: down if f <= STEP_DOWN_FACES else "hold")
