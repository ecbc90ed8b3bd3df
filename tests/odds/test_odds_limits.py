"""Odds limits decided before the work, from one estimate for NdX and for a chain of terms;
exact fractions of any length in JSON, decimals in text; a die's cost independent of its faces."""

from __future__ import annotations

import json
from decimal import Decimal
from fractions import Fraction

import pytest

from rules.errors import LimitError
from rules.exact import distribution
from rules.notation import parse_expression
from tests.support.cli import invoke


def _chain(term: str, n: int) -> str:
    return "+".join([term] * n)


@pytest.mark.parametrize(("chain", "dice"), [("d6", "12d6"), ("d99", "40d99"), ("dF", "9dF")])
def test_a_chain_of_like_terms_is_their_nd_x(chain: str, dice: str) -> None:
    n = int(dice.split("d")[0])
    assert distribution(parse_expression(_chain(chain, n))) == distribution(
        parse_expression(dice))


def test_a_chain_of_unlike_terms_adds_exactly() -> None:
    mixed = distribution(parse_expression("d4+d6-d8+2+d4-1"))
    assert mixed.residual == 0
    assert mixed.mean == Fraction(5, 2) + Fraction(7, 2) - Fraction(9, 2) + 2 + Fraction(5, 2) - 1
    assert (mixed.min, mixed.max) == (1 + 1 - 8 + 2 + 1 - 1, 4 + 6 - 1 + 2 + 4 - 1)


@pytest.mark.parametrize("line", [_chain("d99", 247), _chain("d1000", 64), "247d99", "64d1000"])
def test_the_chain_is_refused_where_its_nd_x_is(line: str) -> None:
    with pytest.raises(LimitError, match="would take too long"):
        distribution(parse_expression(line))


def test_a_refused_chain_is_named_shortly() -> None:
    code, out, err = invoke("odds", _chain("d99", 247))
    assert (code, out) == (2, "")
    assert err == ("roll: error: the exact odds of 1d99 + 1d99 + 1d99 + 1d99 + 1d99 + 1d99 …"
                   " (247 terms) would take too long to compute; try fewer dice\n")


def _fraction(text: str) -> Fraction:
    """A fraction of any length (Fraction(text) stops at Python's 4,300-digit limit)."""
    top, _, bottom = text.partition("/")
    return Fraction(int(Decimal(top)), int(Decimal(bottom or "1")))


def test_fractions_past_the_digit_limit_stay_exact_in_json() -> None:
    code, out, err = invoke("odds", "--json", "5568d6kh3")
    assert (code, err) == (0, "")
    obj = json.loads(out)
    assert _fraction(obj["distribution"]["3"]) == Fraction(1, 6**5568)
    assert len(obj["distribution"]["3"]) > 4300
    assert sum(_fraction(v) for v in obj["distribution"].values()) == 1


def test_text_odds_of_huge_fractions_show_decimals() -> None:
    code, out, err = invoke("odds", "5568d6kh3")
    assert (code, err) == (0, "")
    assert out.splitlines()[:2] == ["5568d6kh3", "mean 18 · min 3 · max 18"]


def test_big_dice_roll_without_a_list_of_faces() -> None:
    line = "+".join(f"d{1_000_000 - i}" for i in range(8))
    code, out, err = invoke("--rolled", "1000000,5,6,7,8,9,10,999993", line)
    assert (code, err) == (0, "")
    assert out.endswith("= 2000038\n")
    code, _, err = invoke("odds", line)
    assert code == 2 and "have about 7,999,965 possible values" in err


def test_big_dice_reroll_and_explode_checks_need_no_list() -> None:
    code, out, _ = invoke("--rolled", "1,2", "d1000000r1")
    assert out == "d1000000r1 → [1↻2] = 2\n"
    code, _, err = invoke("--rolled", "1", "d1000000r<=1000000")
    assert code == 2 and "would reroll every face of a d1000000, forever" in err
    code, _, err = invoke("--rolled", "1", "d1000000!>=1")
    assert code == 2 and "would never stop" in err


def test_a_chain_of_unlike_terms_is_priced_by_its_merges() -> None:
    unlike = "+".join(f"d{999 - i}" for i in range(60))
    with pytest.raises(LimitError, match="would take too long"):
        distribution(parse_expression(unlike))
    fine = distribution(parse_expression("+".join(f"d{99 - i}" for i in range(90))))
    assert (fine.min, fine.max, fine.residual) == (90, sum(99 - i for i in range(90)), 0)


@pytest.mark.parametrize("line", ["1200d4dh1", "2021d4dh"])
def test_a_huge_drop_is_refused_before_the_work(line: str) -> None:
    with pytest.raises(LimitError, match="would take too long"):
        distribution(parse_expression(line))
