"""Seed 003, GM Option - Narrative Consequences: "the GM can replace the standard stamina cost with
a more fitting narrative consequence instead … The player still gains the Fate point."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from rules.systems.tiers.help import HELP
from tests.support.cli import invoke, invoke_json
from tests.support.tiers import changes, data, kell, odds, pools, run, text

NOTE = ("GM option, narrative consequences: each 1 is a setback the GM names instead of Stamina;"
        " its Fate is still gained")


def test_the_ones_cost_no_stamina_and_still_earn_fate() -> None:
    res = run("check body task 2 narrative", [6, 1, 1, 5, 3])
    assert text(res) == ("check body task 2 narrative → [6!*, 1, 1, 5*, 3] = 2 successes vs 2 ·"
                         " pass\n"
                         "Kell · Earned 0 → 2 (rolled 1s)\n"
                         f"{NOTE}")
    assert data(res)["changes"] == [{"character": "Kell", "pool": "earned", "before": 0,
                                     "after": 2, "reason": "rolled 1s", "kind": "pool"}]


def test_at_zero_stamina_the_fate_is_still_gained() -> None:
    res = run("check body task 1 narrative", [1, 5, 2, 2], sheet=kell(pools={"stamina": 0}))
    assert changes(res) == [("earned", 0, 1, "rolled 1s")]


def test_a_failure_still_climbs_the_stamina_ladder() -> None:
    res = run("check body task 3 narrative", [1, 2, 2, 3], sheet=kell(pools={"stamina": 0}))
    assert changes(res) == [("earned", 0, 1, "rolled 1s"),
                            ("exhausted", False, True, "failed at 0 Stamina")]


def test_without_a_one_it_says_nothing_and_the_odds_are_the_same() -> None:
    assert text(run("check body task 1 narrative", [5, 2, 2, 3])) == (
        "check body task 1 narrative → [5*, 2, 2, 3] = 1 success vs 1 · pass")
    assert odds("check body task 2 narrative").outcomes == odds("check body task 2").outcomes


def test_the_help_example_runs_as_typed_and_undo(kell_campaign: Path) -> None:
    example = re.search(r"e\.g\. (check body task 2 narrative)", HELP)
    assert example is not None
    code, [obj] = invoke_json("--as", "Kell", "--rolled", "1,5,5,2",
                              *shlex.split(example.group(1)))
    assert (code, obj["outcome"], obj["successes"]) == (0, "pass", 2)
    assert pools() == {"earned": 1, "flags": []}
    assert invoke("--as", "Kell", "undo")[0] == 0
    assert pools() == {"earned": 0, "flags": []}
