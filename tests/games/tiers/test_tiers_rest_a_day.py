"""Tiers: "No more than one Rest a day" (seed 003, Rest, Requires): a Rest marks the day, a second
is refused with nothing changed, and `day new` (the party's day) lets every character Rest again."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.errors import RuleError, UsageError
from rules.systems.tiers.help import HELP
from tests.support.cli import invoke, invoke_json
from tests.support.tiers import changes, data, kell, pools, run, text

REFUSED = ("Kell has had a Rest today (no more than one Rest a day; day new starts the next day);"
           " nothing changed")


def test_a_rest_marks_the_day() -> None:
    res = run("rest", sheet=kell(pools={"vitality": 3}))
    assert text(res) == (
        "Kell rests\n"
        "Kell · Vitality 3 → 5 (rest)\n"
        "Kell · Rested on (rest)\n"
        "a Rest by itself closes no wound; Vigor refills at the start of a fight (combat)"
    )
    assert data(res)["changes"][-1] == {"character": "Kell", "pool": "rested",
                                        "before": False, "after": True, "reason": "rest",
                                        "kind": "flag"}


@pytest.mark.parametrize("line", ["rest", "rest healer"])
def test_a_second_rest_in_one_day_is_refused(line: str) -> None:
    with pytest.raises(RuleError) as err:
        run(line, sheet=kell(pools={"vitality": 1}, flags=["rested"]))
    assert err.value.message == REFUSED


def test_day_new_lets_every_character_rest_again() -> None:
    bob = {"name": "Bob", "system": "tiers", "tier": 1, "flags": ["rested"]}
    ann = {"name": "Ann", "system": "tiers", "tier": 1}
    res = run("day new", sheet=kell(flags=["rested"]), others=[bob, ann])
    assert text(res) == ("day new → Day 1: a Rest for every character\n"
                         "Party · Day — → 1 (day new)\n"
                         "Bob · Rested off (day new)\n"
                         "Kell · Rested off (day new)")
    obj = data(res)
    assert (obj["kind"], obj["total"], obj["dice"]) == ("day", None, [])
    assert obj["changes"][0] == {"character": None, "pool": "day", "before": None, "after": 1,
                                 "reason": "day new", "kind": "field"}
    assert changes(run("rest", sheet=kell(pools={"stamina": 2}))) == [
        ("stamina", 2, 4, "rest"), ("rested", False, True, "rest")]


@pytest.mark.parametrize("line", ["day", "day old", "day new new"])
def test_day_takes_new(line: str) -> None:
    with pytest.raises(UsageError) as err:
        run(line)
    assert err.value.message == "day new starts the next day (a Rest for every character)"


def test_rest_hurt_rest_through_the_cli(kell_campaign: Path) -> None:
    assert invoke("--as", "Kell", "rest")[0] == 0
    assert invoke("--as", "Kell", "hurt", "4")[0] == 0
    assert pools() == {"vigor": 0, "vitality": 3, "flags": ["rested"]}
    assert invoke("--as", "Kell", "rest") == (1, "", f"roll: error: {REFUSED}\n")
    code, [obj] = invoke_json("--as", "Kell", "rest")
    assert (code, obj) == (1, {"input": "rest", "error": REFUSED, "column": None})
    assert pools() == {"vigor": 0, "vitality": 3, "flags": ["rested"]}
    assert invoke("-s", "tiers", "day", "new") == (
        0, "day new → Day 1: a Rest for every character\nParty · Day — → 1 (day new)\n"
           "Kell · Rested off (day new)\n", "")
    assert invoke("--as", "Kell", "rest")[1].splitlines()[:3] == [
        "Kell rests", "Kell · Vitality 3 → 5 (rest)", "Kell · Rested on (rest)"]
    assert invoke("-s", "tiers", "day", "new")[1].splitlines()[1] == "Party · Day 1 → 2 (day new)"


def test_undo_takes_back_a_rest_and_a_day(kell_campaign: Path) -> None:
    invoke("--as", "Kell", "hurt", "4")
    invoke("--as", "Kell", "rest")
    assert invoke("--as", "Kell", "undo")[0] == 0
    assert pools() == {"vigor": 0, "vitality": 3, "flags": []}
    invoke("--as", "Kell", "rest")
    invoke("-s", "tiers", "day", "new")
    assert invoke("undo")[0] == 0
    assert pools()["flags"] == ["rested"]
    assert invoke("--as", "Kell", "rest")[0] == 1


def test_the_help_line_and_its_words(kell_campaign: Path) -> None:
    assert "  day new       the next day: every character may Rest again" in HELP
    assert invoke("-s", "tiers", "day", "new")[0] == 0  # as the help line writes it


def test_the_installed_roll_refuses_a_second_rest(tmp_path: Path) -> None:
    import os

    from tests.support.installed import ROLL, run  # a real process of the installed roll
    from tests.support.sheets import KELL

    if not Path(ROLL).exists():
        pytest.skip("roll is not installed")
    sheet = tmp_path / "kell.toml"
    sheet.write_text(KELL, encoding="utf-8")
    env = {**os.environ, "ROLL_CAMPAIGN": str(tmp_path / "c.sqlite3"), "NO_COLOR": "1"}
    assert run("sheet", "import", str(sheet), env=env).returncode == 0
    assert run("--as", "Kell", "rest", env=env).returncode == 0
    done = run("--as", "Kell", "rest", env=env)
    assert (done.returncode, done.stdout, done.stderr) == (1, "", f"roll: error: {REFUSED}\n")
    assert run("-s", "tiers", "day", "new", env=env).returncode == 0
    assert run("--as", "Kell", "rest", env=env).returncode == 0
