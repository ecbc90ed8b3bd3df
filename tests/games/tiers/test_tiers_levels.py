"""Tiers levels by Destiny (seed 003, Destiny: "gaining a level costs at least 1 … It resets to 0
when you gain a level"): refused without Destiny, the cost the excerpt leaves OPEN asked for."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from rules.errors import RuleError, UsageError
from rules.systems.tiers.help import HELP
from tests.support.cli import invoke, invoke_json
from tests.support.tiers import changes, data, kell, pools, run, text

COST_OPEN = ("level up: a level costs at least 1 Destiny, and how much more is OPEN (not in the"
             " excerpt): say it (level up cost 1) or add level_cost = N to the sheet")
NO_DESTINY = ("Kell has 0 Destiny: gaining a level costs at least 1 (earned Fate left unspent"
              " becomes Destiny at a Rest); nothing changed")


def test_a_level_spends_its_cost_and_destiny_resets_to_zero() -> None:
    res = run("level up cost 2", sheet=kell(pools={"destiny": 3}))
    assert text(res) == ("level up cost 2 → Level 2\n"
                         "Kell · Level 1 → 2 (level up)\n"
                         "Kell · Destiny 3 → 0 (level up: 2 spent, Destiny resets to 0)\n"
                         "the excerpt does not say what a level brings: a level changes no Tier")
    obj = data(res)
    assert (obj["kind"], obj["total"], obj["dice"]) == ("level", 2, [])
    assert obj["changes"] == [
        {"character": "Kell", "pool": "level", "before": 1, "after": 2, "reason": "level up",
         "kind": "field"},
        {"character": "Kell", "pool": "destiny", "before": 3, "after": 0,
         "reason": "level up: 2 spent, Destiny resets to 0", "kind": "pool"}]


def test_the_sheet_may_say_the_cost_and_the_level() -> None:
    res = run("level up", sheet=kell(level=3, level_cost=1, pools={"destiny": 1}))
    assert changes(res) == [("level", 3, 4, "level up"),
                            ("destiny", 1, 0, "level up: 1 spent, Destiny resets to 0")]
    # the LINE's cost comes before the sheet's
    assert changes(run("level up cost 2", sheet=kell(level_cost=1, pools={"destiny": 2})))[1] \
        == ("destiny", 2, 0, "level up: 2 spent, Destiny resets to 0")


def test_without_destiny_it_is_refused_whatever_the_cost() -> None:
    for line in ("level up", "level up cost 1"):
        with pytest.raises(RuleError) as err:
            run(line)
        assert err.value.message == NO_DESTINY


@pytest.mark.parametrize(
    ("line", "sheet", "error", "message"),
    [
        ("level up", {"pools": {"destiny": 2}}, UsageError, COST_OPEN),
        ("level up cost 0", {"pools": {"destiny": 2}}, UsageError,
         "level up: cost 0: gaining a level costs at least 1 Destiny"),
        ("level up cost 3", {"pools": {"destiny": 2}}, RuleError,
         "Kell has 2 Destiny; this level costs 3; nothing changed"),
        ("level up cost 1", {"pools": {"destiny": 2}, "flags": ["in-combat"]}, RuleError,
         "Kell is in combat: Destiny is spent in downtime (combat end first); nothing changed"),
        ("level", {"pools": {"destiny": 2}}, UsageError,
         "level: level up [cost N] (a level costs at least 1 … · help tiers"),
    ],
)
def test_refusals_say_why(line: str, sheet: dict[str, object], error: type[Exception],
                          message: str) -> None:
    with pytest.raises(error) as err:
        run(line, sheet=kell(**sheet))
    assert err.value.message == message  # type: ignore[attr-defined]


def test_the_tier_stays() -> None:
    res = run("level up cost 1", sheet=kell(pools={"destiny": 1}))
    assert "tier" not in [c.pool for c in res.changes]


def test_through_the_cli_with_destiny_from_a_rest_and_undo(kell_campaign: Path) -> None:
    assert invoke("--as", "Kell", "level", "up", "cost", "1") == (1, "", f"roll: error: {NO_DESTINY}\n")
    invoke("--as", "Kell", "--rolled", "1,1,5,2", "check", "body", "task", "1")  # 2 earned Fate
    invoke("--as", "Kell", "rest")  # earned Fate → Destiny 2
    assert invoke("--as", "Kell", "level", "up") == (2, "", f"roll: error: {COST_OPEN}\n")
    assert pools()["destiny"] == 2
    code, [obj] = invoke_json("--as", "Kell", "level", "up", "cost", "1")
    assert (code, obj["kind"], obj["total"]) == (0, "level", 2)
    assert obj["text"].splitlines()[:3] == [
        "level up cost 1 → Level 2", "Kell · Level 1 → 2 (level up)",
        "Kell · Destiny 2 → 0 (level up: 1 spent, Destiny resets to 0)"]
    assert pools()["destiny"] == 0
    code, out, _ = invoke("sheet", "show", "Kell")
    assert "  level: 2" in out.splitlines()
    assert invoke("--as", "Kell", "undo")[0] == 0
    assert pools()["destiny"] == 2
    assert "  level: 1" in invoke("sheet", "show", "Kell")[1].splitlines()


def test_the_help_example_runs_as_typed(kell_campaign: Path) -> None:
    example = re.search(r"e\.g\. (level up .*)", HELP)
    assert example is not None
    invoke("--as", "Kell", "set", "destiny", "1")
    code, out, err = invoke("--as", "Kell", *shlex.split(example.group(1)))
    assert (code, err) == (0, "")
    assert out.startswith(f"{example.group(1)} → Level 2\n")
