"""Tiers ranged attacks (seed 003, Ranged): "Normal range: No penalty; Long range: Disadvantage on
attack; Beyond long range: Cannot attack"."""

from __future__ import annotations

import re
import shlex
from fractions import Fraction

import pytest

from rules.errors import RuleError, UsageError
from rules.systems.tiers.help import HELP
from tests.support.cli import invoke, invoke_json
from tests.support.tiers import data, odds, run, text


def test_long_range_is_disadvantage() -> None:
    res = run("attack ac 12 stat body range long", [15, 8, 3])
    assert text(res) == ("attack ac 12 stat body range long → [~~15~~, 8]+2 = 10 vs 12 · miss ·"
                         " Glancing Blow 3 Vigor damage\n"
                         "long range: disadvantage")
    assert data(res)["dice"] == [{"die": "d20", "face": 15, "kept": False},
                                 {"die": "d20", "face": 8, "kept": True},
                                 {"die": "d6", "face": 3, "kept": True}]


def test_advantage_cancels_it_and_it_does_not_stack() -> None:
    res = run("attack ac 12 stat body range long adv", [15, 3])
    assert text(res) == ("attack ac 12 stat body range long adv → 15+2 = 17 vs 12 · hit · 3"
                         " damage\n"
                         "long range: disadvantage (cancels the advantage)")
    both = run("attack ac 12 stat body range long through 1", [15, 8, 3])
    assert [t.die for t in both.throws] == ["d20", "d20", "d6"]  # still two d20s, not three
    assert both.notes == ("firing through a creature: disadvantage; a natural 1 hits it instead;"
                          " long range: disadvantage",)


def test_normal_range_is_no_penalty() -> None:
    assert text(run("attack ac 12 stat body range normal", [15, 3])) == (
        "attack ac 12 stat body range normal → 15+2 = 17 vs 12 · hit · 3 damage")


@pytest.mark.parametrize(
    ("line", "error", "message"),
    [
        ("attack ac 12 stat body range beyond", RuleError,
         "beyond long range: cannot attack; nothing changed"),
        ("attack ac 12 stat body range far", UsageError,
         "attack: range is normal, long, beyond, not 'far'"),
        ("attack ac 12 melee range long", UsageError,
         "attack: a melee attack has its reach (5 feet), not a range"),
        ("attack ac 12 stat mind mystic range long", UsageError,
         "attack: a mystic attack has a 120 ft range and no long range"),
    ],
)
def test_refusals(line: str, error: type[Exception], message: str) -> None:
    with pytest.raises(error) as err:
        run(line)
    assert err.value.message == message  # type: ignore[attr-defined]


def test_the_odds_at_long_range_are_the_odds_at_disadvantage() -> None:
    far = odds("attack ac 12 stat body range long")
    # 2d20 keep the lower + 2 ≥ 12: both d20s 10 or more, (11/20)²
    assert far.outcomes == {"hit": Fraction(121, 400), "miss": Fraction(279, 400),
                            "crit": Fraction(1, 400)}
    assert far.outcomes == odds("attack ac 12 stat body dis").outcomes


def test_the_help_example_runs_as_typed() -> None:
    example = re.search(r"e\.g\. (attack ac 12 stat body range long .*)", HELP)
    assert example is not None
    code, out, err = invoke("-s", "tiers", "--rolled", "15,8,3", *shlex.split(example.group(1)))
    assert (code, err) == (0, "")
    assert out.splitlines()[-1] == "long range: disadvantage"
    code, [obj] = invoke_json("-s", "tiers", "attack", "ac", "12", "range", "beyond", "tier=2",
                              "body=d6", "stat", "body", "body=14")
    assert (code, obj["error"]) == (1, "beyond long range: cannot attack; nothing changed")
