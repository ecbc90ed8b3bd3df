"""A LINE nobody was chosen for (no `--as`, no ROLL_AS) in a running encounter acts as whose
turn it is, from a shell as in the REPL, and says so; plain dice still need no campaign."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.support.cli import invoke
from tests.support.encounter import imported, run


def log_rows() -> list[dict[str, object]]:
    return [json.loads(row) for row in invoke("log", "--json")[1].splitlines()]


def test_a_one_shot_check_acts_as_whose_turn_it_is_and_says_so(tmp_path: Path) -> None:
    imported(tmp_path, "mira", "bo")
    run("encounter start Mira Bo")
    assert run("check dex --rolled 7") == "(as Mira: its turn)\ncheck dex → 7 ≤ 14 · pass\n"
    run("next")
    code, out, err = invoke("--json", "check", "str", "--rolled", "13")
    result = json.loads(out)
    assert (code, err) == (0, "")
    assert (result["character"], result["outcome"], result["target"]) == ("Bo", "fail", 10)
    assert [(e["input"], e["character"]) for e in log_rows()][-3:] == [
        ("check dex", "Mira"), ("next", None), ("check str", "Bo")]


def test_as_and_roll_as_still_choose_who_acts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                              ) -> None:
    imported(tmp_path, "mira", "bo")
    run("encounter start Mira Bo")
    assert run("check str --rolled 7", "--as", "Bo") == "check str → 7 ≤ 10 · pass\n"
    monkeypatch.setenv("ROLL_AS", "Bo")
    assert run("check str --rolled 7") == "check str → 7 ≤ 10 · pass\n"
    assert [e["character"] for e in log_rows()][-2:] == ["Bo", "Bo"]
    monkeypatch.delenv("ROLL_AS")
    code, out, err = invoke("-s", "macchiato", "check", "str", "--as", "", "--rolled", "7")
    assert (code, out) == (2, "")  # nobody, chosen: no stats to check
    assert "its turn" not in err and "--as NAME" in err


def test_the_encounters_own_words_and_plain_dice_act_as_nobody(tmp_path: Path) -> None:
    imported(tmp_path, "mira", "bo")
    run("encounter start Mira Bo")
    assert run("2d6 --rolled 3,4") == "2d6 → [3, 4] = 7\n"
    assert run("next").startswith("next → round 1 · Bo's turn\n")
    assert [e["character"] for e in log_rows()][-1:] == [None]


def test_plain_dice_need_no_campaign_even_unreachable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ROLL_CAMPAIGN", "postgresql://gm@127.0.0.1:1/nowhere?connect_timeout=1")
    assert invoke("2d6", "--rolled", "3,4") == (0, "2d6 → [3, 4] = 7\n", "")


def test_a_groups_turn_has_no_one_acting(tmp_path: Path) -> None:
    imported(tmp_path, "ash", "bree")
    run("encounter start Ash Bree")
    code, out, err = invoke("check", "might", "--rolled", "5")
    assert "its turn" not in out + err


def test_the_odds_of_a_check_are_of_whose_turn_it_is(tmp_path: Path) -> None:
    imported(tmp_path, "mira", "bo")
    run("encounter start Mira Bo")
    assert run("odds check dex").startswith(
        "(as Mira: its turn)\ncheck dex\npass 70.00% · fail 30.00%")  # dex 14 on a d20
    run("next")
    code, out, _ = invoke("--json", "odds", "check", "str")
    assert (code, json.loads(out)["outcomes"]["pass"]) == (0, "1/2")  # Bo's strength 10
    code, _, err = invoke("odds", "check", "dex")
    assert (code, err) == (2, "roll: error: Bo has no dexterity on the sheet: add [stats]"
                              " dexterity = N, or check dex=N\n")


GOBLIN = ('name = "Goblin 2"\nsystem = "tiers"\ntier = 1\nkind = "major"\n[stats]\nheart = 8\n'
          '[dice]\nmind = "d4"\n')


def aras_turn(tmp_path: Path) -> None:
    """A Tiers fight at Ara's turn, Goblin 2 beside her (issue 37)."""
    imported(tmp_path, "ara")
    (tmp_path / "goblin.toml").write_text(GOBLIN, encoding="utf-8")
    assert invoke("sheet", "import", str(tmp_path / "goblin.toml"))[0] == 0
    run("encounter start Ara 'Goblin 2' --rolled 8,6,1,1")  # Ara 14, Goblin 2 2
    assert run("next").startswith("next → round 1 · Ara's turn\n")


def test_a_line_naming_whom_it_acts_for_says_no_turn_note(tmp_path: Path) -> None:
    from tests.support.repl import repl

    aras_turn(tmp_path)
    reacted = "Goblin 2 uses its reaction\nGoblin 2 · Reacted on (react)\n"
    assert run("react Goblin 2") == reacted
    assert [(e["input"], e["character"]) for e in log_rows()][-1] == ("react Goblin 2",
                                                                      "Goblin 2")
    run("undo")
    assert run("focus Goblin 2") == ("Goblin 2 casts a Focus spell\n"
                                     "Goblin 2 · Focus on (focus)\n"
                                     "Goblin 2 · Focus cast on (focus)\n")
    run("undo")
    assert repl("react Goblin 2\rquit\r") == (
        0, "Goblin 2 uses its reaction\n  Goblin 2 · Reacted on (react)\n", "")


def test_a_bare_react_on_someones_turn_asks_who_reacts(tmp_path: Path) -> None:
    from tests.support.repl import repl

    aras_turn(tmp_path)
    asked = "who reacts? it is Ara's turn, and a reaction is made on another's: react NAME"
    assert invoke("react") == (2, "", f"roll: error: {asked}\n")
    assert [e["input"] for e in log_rows()][-1] == "next"  # nothing changed
    assert invoke("react", "--as", "Ara") == (
        0, "Ara uses its reaction\nAra · Reacted on (react)\n", "")  # chosen: as asked
    status, out, err = repl("react\rquit\r")
    assert (status, out) == (0, "")
    assert err == ("roll: error: who reacts? it is Ara's\n  turn, and a reaction is made on\n"
                   "  another's: react NAME\n")


def test_a_refused_line_says_nothing_of_the_fight(tmp_path: Path) -> None:
    imported(tmp_path, "mira", "bo")
    run("encounter start Mira Bo")
    code, out, err = invoke("banana")
    assert (code, out) == (2, "")  # no `(as Mira: its turn)` before the error
    assert err.startswith("roll: error: unknown word 'banana'")
    code, out, err = invoke("check", "wits", "--rolled", "7")
    assert (code, out) == (2, "")
    assert run("check dex --rolled 7") == "(as Mira: its turn)\ncheck dex → 7 ≤ 14 · pass\n"


def test_a_refused_line_in_the_repl_says_nothing_of_the_fight(tmp_path: Path) -> None:
    from tests.support.repl import repl

    imported(tmp_path, "mira", "bo")
    run("encounter start Mira Bo")
    status, out, err = repl("banana\nexit\n")
    assert status == 0
    assert "its turn" not in out + err
    assert "unknown word 'banana'" in err
