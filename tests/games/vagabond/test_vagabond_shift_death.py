"""Vagabond's Shift (a Breather once per Shift, 000:L73) and death kept (000:L75)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from rules.errors import RuleError
from tests.support.cli import invoke
from tests.support.sheets import AS_MIRA
from tests.support.vagabond import changes, data, mira, run, text


def sheet_json() -> dict[str, object]:
    code, out, _ = invoke("sheet", "show", "--json", "Mira")
    assert code == 0
    found: dict[str, object] = json.loads(out)["sheet"]
    return found


# ---- the Shift ----


def test_a_second_breather_in_one_shift_is_refused() -> None:
    with pytest.raises(RuleError) as err:
        run("breather", sheet=mira(pools={"hp": 2}, flags=["breather-taken"]))
    assert err.value.message == ("Mira has had a Breather this Shift (once per Shift; shift new"
                                 " starts the next); nothing changed")


def test_shift_new_gives_every_hero_a_breather_again() -> None:
    bob = mira(name="Bob", flags=["breather-taken"])
    ann = mira(name="Ann")
    res = run("shift new", sheet=mira(flags=["breather-taken"]), others=[bob, ann])
    assert text(res) == ("shift new → Shift 1: a Breather for every Hero\n"
                         "Party · Shift — → 1 (shift new)\n"
                         "Bob · Breather taken off (shift new)\n"
                         "Mira · Breather taken off (shift new)")
    assert data(res)["kind"] == "shift"


def test_a_rest_is_a_shift_of_its_own() -> None:
    res = run("rest", sheet=mira(pools={"hp": 3}, flags=["breather-taken"]))
    assert changes(res)[0] == ("breather-taken", True, False, "rest")


def test_the_shift_through_the_cli(mira_sheet: Path) -> None:
    assert invoke(*AS_MIRA, "set", "hp", "2")[0] == 0
    assert invoke(*AS_MIRA, "breather") == (
        0, "breather → HP 6\nMira · HP 2 → 6 (breather)\nMira · Breather taken on (breather)\n",
        "")
    assert invoke(*AS_MIRA, "breather") == (
        1, "", "roll: error: Mira has had a Breather this Shift (once per Shift; shift new"
        " starts the next); nothing changed\n")
    assert sheet_json()["pools"] == {"luck": 2, "fatigue": 0, "hp": 6}
    assert invoke("-s", "vagabond", "shift", "new")[0] == 0
    assert invoke(*AS_MIRA, "breather")[1] == ("breather → HP 8\nMira · HP 6 → 8 (breather)\n"
                                               "Mira · Breather taken on (breather)\n")


# ---- death ----


def test_zero_hp_marks_the_hero_dead() -> None:
    res = run("hurt 9")
    assert text(res) == ("hurt 9 → HP 0\nMira · HP 8 → 0 (hurt)\nMira · Dead on (0 HP)\n"
                         "Mira dies: 0 HP (no death saves)")


@pytest.mark.parametrize("line", ["check dex", "save will", "attack melee d6", "breather",
                                  "rest", "heal 2", "cast effect", "hit 1d6", "gain hp 1"])
def test_a_dead_hero_is_refused(line: str) -> None:
    with pytest.raises(RuleError) as err:
        run(line, sheet=mira(pools={"hp": 0}, flags=["dead"]))
    word = line.split()[0]
    assert err.value.message == (f"Mira is Dead (0 HP or 5 Fatigue; no death saves): no {word};"
                                 " nothing changed (undo the LINE that killed, or status rm dead)")


def test_the_table_may_still_set_pools_and_remove_the_flag() -> None:
    dead = mira(pools={"hp": 0}, flags=["dead"])
    assert changes(run("set hp 3", sheet=dead)) == [("hp", 0, 3, "set")]
    assert changes(run("status rm dead", sheet=dead)) == [("dead", True, False, "status")]


def test_the_victim_is_never_a_dead_hero() -> None:
    res = run("victim", sheet=mira(pools={"luck": 0}, flags=["dead"]), others=[mira(name="Bob")])
    assert text(res) == "victim → Bob (Luck 2)"


def test_death_through_the_cli_is_kept_and_shown(mira_sheet: Path) -> None:
    assert invoke(*AS_MIRA, "gain", "fatigue", "5")[0] == 0
    assert sheet_json()["flags"] == ["dead"]
    code, out, _ = invoke("sheet", "show", "Mira")
    assert "flags: Dead" in out
    assert invoke(*AS_MIRA, "--rolled", "12", "check", "dex") == (
        1, "", "roll: error: Mira is Dead (0 HP or 5 Fatigue; no death saves): no check;"
        " nothing changed (undo the LINE that killed, or status rm dead)\n")
    assert invoke(*AS_MIRA, "undo")[0] == 0
    assert invoke(*AS_MIRA, "--rolled", "12", "check", "dex")[0] == 0


@pytest.mark.slow
def test_the_installed_roll_keeps_a_death_and_refuses_the_dead(tmp_path: Path) -> None:
    from tests.support.installed import ROLL, run  # a real process of the installed roll

    if not Path(ROLL).exists():
        pytest.skip("roll is not installed")
    sheet = tmp_path / "mira.toml"
    sheet.write_text('name = "Mira"\nsystem = "vagabond"\n[stats]\nmight = 4\nluck = 3\n',
                     encoding="utf-8")
    env = {**os.environ, "ROLL_CAMPAIGN": str(tmp_path / "c.sqlite3")}
    assert run("sheet", "import", str(sheet), env=env).returncode == 0
    done = run("--as", "Mira", "hurt", "9", env=env)
    assert done.stdout == ("hurt 9 → HP 0\nMira · HP 4 → 0 (hurt)\nMira · Dead on (0 HP)\n"
                           "Mira dies: 0 HP (no death saves)\n")
    done = run("--as", "Mira", "breather", env=env)
    assert (done.returncode, done.stderr) == (1, "roll: error: Mira is Dead (0 HP or 5 Fatigue;"
                                              " no death saves): no breather; nothing changed"
                                              " (undo the LINE that killed, or status rm"
                                              " dead)\n")
