"""The die-step ladder d4 ↔ d6 ↔ d8 ↔ d10 ↔ d12 (below d4: gone) of risk and attribute dice."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.dice.steps import (
    GONE,
    LADDER,
    die_name,
    on_ladder,
    parse_step,
    risk_name,
    rung,
    step,
    step_down,
    step_up,
    steps_between,
)

dice = st.sampled_from(LADDER)
anything = st.sampled_from((GONE, *LADDER))


def test_the_ladder_is_the_five_dice_in_order() -> None:
    assert LADDER == (4, 6, 8, 10, 12)
    assert [step_down(s) for s in LADDER] == [GONE, 4, 6, 8, 10]
    assert [step_up(s) for s in LADDER] == [6, 8, 10, 12, 12]


def test_below_d4_is_gone_and_gone_steps_up_to_d4() -> None:
    assert step_down(4) == GONE
    assert step_down(GONE) == GONE
    assert step_up(GONE) == 4
    assert step_down(12, 5) == GONE
    assert step_down(12, 4) == 4
    assert step_up(GONE, 9) == 12


def test_rungs_count_steps_above_d4() -> None:
    assert [rung(s) for s in (GONE, *LADDER)] == [-1, 0, 1, 2, 3, 4]
    assert steps_between(4, 8) == 2
    assert steps_between(12, 6) == -3
    with pytest.raises(ValueError, match="d7 is not on the die-step ladder"):
        rung(7)


def test_parsing_and_naming() -> None:
    assert [parse_step(t) for t in ("d8", "D10", "Δ6", "δ4", "delta12", "12", "0", 0)] == [
        8, 10, 6, 4, 12, 12, 0, 0,
    ]
    assert [parse_step(t) for t in ("d7", "d0", "Δ0", "x8", "", True, 3.0, None, 20)] == [None] * 9
    assert [die_name(s) for s in (GONE, 4, 12)] == ["0", "d4", "d12"]
    assert [risk_name(s) for s in (GONE, 4, 12)] == [None, "Δ4", "Δ12"]
    assert on_ladder(10) and not on_ladder(GONE) and not on_ladder(20)


@given(anything)
def test_names_parse_back(sides: int) -> None:
    assert parse_step(die_name(sides)) == sides
    named = risk_name(sides)
    assert named is None or parse_step(named) == sides


@given(dice, st.integers(0, 6))
def test_stepping_is_monotonic_and_bounded(sides: int, n: int) -> None:
    up, down = step_up(sides, n), step_down(sides, n)
    assert down <= sides <= up
    assert up == 12 or up in LADDER and rung(up) == rung(sides) + n
    assert down == GONE or rung(down) == rung(sides) - n


@given(dice)
def test_down_then_up_returns_and_up_then_down_returns_below_the_top(sides: int) -> None:
    assert step_up(step_down(sides)) == sides
    if sides != 12:
        assert step_down(step_up(sides)) == sides


@given(anything, st.integers(-6, 6), st.integers(-6, 6))
def test_steps_add_up_while_inside_the_ladder(sides: int, a: int, b: int) -> None:
    if sides != GONE and 0 <= rung(sides) + a <= 4 and 0 <= rung(sides) + a + b <= 4:
        assert step(step(sides, a), b) == step(sides, a + b)
