"""Macchiato risk dice: step-down chance, expected uses, survival — exact."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.errors import LimitError, UsageError
from rules.exact.risk_odds import (
    expected_uses,
    fizzle_chance,
    risk_odds,
    step_down,
    step_down_chance,
    survival,
)

USES = {4: Fraction(4, 3), 6: Fraction(10, 3), 8: Fraction(6), 10: Fraction(28, 3),
        12: Fraction(40, 3)}


def test_step_down_chance_is_three_faces_in_n() -> None:
    assert step_down_chance(8) == Fraction(3, 8)
    assert [step_down_chance(n) for n in (4, 6, 10, 12)] == [
        Fraction(3, 4), Fraction(1, 2), Fraction(3, 10), Fraction(1, 4)
    ]


def test_the_die_steps_down_the_ladder_then_fizzles() -> None:
    assert [step_down(n) for n in (12, 10, 8, 6, 4)] == [10, 8, 6, 4, None]


@pytest.mark.parametrize(("sides", "uses"), sorted(USES.items()))
def test_expected_uses(sides: int, uses: Fraction) -> None:
    assert expected_uses(sides) == uses


@pytest.mark.parametrize("sides", sorted(USES))
def test_expected_uses_is_the_sum_of_survival(sides: int) -> None:
    # E[rolls until fizzle] = Σ_k P(alive after k rolls); the tail past 400 rolls is negligible
    partial = sum((survival(sides, k) for k in range(400)), Fraction(0))
    assert 0 <= expected_uses(sides) - partial < Fraction(1, 10**20)


def test_survival_small_cases_by_hand() -> None:
    assert survival(8, 0) == 1
    assert survival(4, 1) == Fraction(1, 4)
    assert survival(4, 2) == Fraction(1, 16)
    assert survival(6, 1) == 1  # a Δ6 cannot fizzle in one roll
    # Δ6 fizzles in two rolls only by stepping down twice: 1/2 · 3/4
    assert survival(6, 2) == 1 - Fraction(1, 2) * Fraction(3, 4)
    assert survival(12, 4) == 1
    assert survival(12, 5) == 1 - Fraction(1, 4) * Fraction(3, 10) * Fraction(3, 8) * Fraction(
        1, 2) * Fraction(3, 4)
    assert fizzle_chance(4, 1) == Fraction(3, 4)


def test_survival_brute_force() -> None:
    # every sequence of faces over three rolls of a Δ8
    def alive(sides: int | None, rolls: int) -> Fraction:
        if sides is None:
            return Fraction(0)
        if rolls == 0:
            return Fraction(1)
        return sum(
            (alive(step_down(sides) if f <= 3 else sides, rolls - 1) for f in range(1, sides + 1)),
            Fraction(0),
        ) / sides

    for sides in (4, 6, 8):
        for k in range(5):
            assert survival(sides, k) == alive(sides, k)


def test_one_roll_odds() -> None:
    odds = risk_odds(8)
    assert odds.outcomes == {"step-down": Fraction(3, 8), "hold": Fraction(5, 8)}
    assert odds.mean == Fraction(9, 2)
    assert risk_odds(4).outcomes == {"fizzle": Fraction(3, 4), "hold": Fraction(1, 4)}


def test_bad_input() -> None:
    with pytest.raises(UsageError, match="Δ4, Δ6, Δ8, Δ10 or Δ12"):
        expected_uses(20)
    with pytest.raises(UsageError):
        survival(8, -1)
    with pytest.raises(LimitError):
        survival(8, 10**9)
