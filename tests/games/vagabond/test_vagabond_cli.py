"""Vagabond through the real CLI (CliRunner): import, a Crit and its Luck, undo, refusals, fluke."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.support.cli import invoke, invoke_json
from tests.support.sheets import AS_MIRA, import_wizard


def pools() -> dict[str, Any]:
    code, out, _ = invoke("sheet", "show", "--json", "Mira")
    assert code == 0
    found: dict[str, Any] = json.loads(out)["sheet"]["pools"]
    return found


def test_import_then_a_crit_gains_luck_and_undo_takes_it_back(mira_sheet: Path) -> None:
    assert pools() == {"luck": 2, "fatigue": 0}
    code, [obj] = invoke_json(*AS_MIRA, "--rolled", "20", "check", "dex", "trained")
    assert code == 0
    assert (obj["kind"], obj["total"], obj["target"], obj["outcome"], obj["crit"]) == (
        "check", 20, 10, "pass", True)
    assert obj["changes"] == [{"character": "Mira", "pool": "luck", "before": 2, "after": 3,
                               "reason": "crit", "kind": "pool"}]
    assert obj["dice"] == [{"die": "d20", "face": 20, "kept": True}]
    assert pools()["luck"] == 3
    code, out, _ = invoke("undo")
    assert code == 0 and out.startswith("undid #1 (Mira): check dex trained\n")
    assert pools()["luck"] == 2


def test_text_output_of_a_favored_check(mira_sheet: Path) -> None:
    code, out, err = invoke(*AS_MIRA, "--rolled", "20,3", "check", "dex", "trained", "favor")
    assert (code, err) == (0, "")
    assert out == ("check dex trained favor → 20+3 = 23 vs 10 · pass · crit\n"
                   "Mira · Luck 2 → 3 (crit)\n")


def test_a_refused_luck_spend_exits_1_and_changes_nothing(tmp_path: Path) -> None:
    import_wizard(tmp_path, luck=0)
    code, out, err = invoke(*AS_MIRA, "--rolled", "12,4", "check", "dex", "+luck")
    assert (code, out, err) == (1, "", "roll: error: Mira has no Luck to spend\n")
    assert pools()["luck"] == 0
    code, out, _ = invoke("log")
    assert "check dex +luck" not in out


def test_inline_stats_need_no_sheet() -> None:
    code, out, err = invoke("-s", "vagabond", "--rolled", "13", "check", "dex=7")
    assert (code, out, err) == (0, "check dex=7 → 13 vs 13 · pass\n", "")


def test_fluke_rerolls_the_previous_line_and_undo_reverts_it(mira_sheet: Path) -> None:
    assert invoke(*AS_MIRA, "--rolled", "3,5,4", "hit", "2d6", "dodge")[1] == (
        "hit 2d6 dodge → 3 vs 12 · fail · 8 damage\nMira · HP 8 → 0 (hit)\n"
        "Mira · Dead on (0 HP)\nDamage 2d6 → [5, 4] = 9, -1 Armor = 8\nMira dies: 0 HP (no death saves)\n")
    code, [obj] = invoke_json(*AS_MIRA, "--rolled", "15", "fluke")
    assert code == 0
    assert (obj["kind"], obj["outcome"], obj["total"], obj["damage"]) == ("save", "pass", 15, 3)
    assert [(c["pool"], c["before"], c["after"], c["reason"]) for c in obj["changes"]] == [
        ("luck", 2, 1, "fluke"), ("hp", 0, 5, "hit"), ("dead", True, False, "undone: 0 HP")]
    assert pools() == {"luck": 1, "fatigue": 0, "hp": 5}
    code, out, _ = invoke("log")
    assert [line.split(" ", 2)[::2] for line in out.splitlines()] == [
        ["#1", "Mira hit 2d6 dodge → 3 fail · HP 8→0 · Dead on"],
        ["#2", "Mira fluke → 15 pass · Luck 2→1 · HP 0→5 · Dead off"]]
    assert invoke("undo")[0] == 0
    assert pools() == {"luck": 2, "fatigue": 0, "hp": 0}


def test_fluke_at_zero_luck_is_refused(tmp_path: Path) -> None:
    import_wizard(tmp_path, luck=0)
    invoke(*AS_MIRA, "--rolled", "3", "check", "dex")
    code, out, err = invoke(*AS_MIRA, "--rolled", "15", "fluke")
    assert (code, err) == (1, "roll: error: Mira has no Luck to spend\n")


def test_cast_spends_mana_and_a_refusal_exits_1(mira_sheet: Path) -> None:
    code, out, _ = invoke(*AS_MIRA, "cast", "both", "sphere")
    assert code == 0 and "Mira · Mana 6 → 3 (cast)" in out
    code, _, err = invoke(*AS_MIRA, "cast", "both", "4", "sphere")
    assert code == 1 and "one Cast spends at most 6" in err
    assert pools()["mana"] == 3


def test_help_vagabond_shows_the_odds_table() -> None:
    code, out, _ = invoke("help", "vagabond")
    assert code == 0
    assert "   7   40% 57.5%  22.5%    75% 91.7%  57.5%" in out
    assert "The best untrained roll (Stat 7, plain) still fails 3 times in 5." in out


def test_cast_enlarge_asks_for_its_cost() -> None:
    # 000:L103: "enlarging any area costs more": the excerpt has no amount, so it is asked for
    assert invoke("-s", "vagabond", "cast", "damage", "sphere", "enlarge", "class=wizard",
                  "level=1", "rsn=5") == (
        2, "", "roll: error: cast: enlarging an area costs more Mana, but the text"
        " does not say how much: give the extra cost as enlarge=N\n")
    code, out, _ = invoke("-s", "vagabond", "--rolled", "3", "cast", "damage", "+1", "sphere",
                          "enlarge=1", "class=wizard", "level=1", "rsn=5")
    assert (code, out.splitlines()[0]) == (0, "cast damage +1 sphere enlarge=1 class=wizard"
                                              " level=1 rsn=5 → 4 Mana · +3 damage")


def test_a_breather_at_full_hp_is_refused_and_kept_for_later(mira_sheet: Path) -> None:
    assert invoke(*AS_MIRA, "breather") == (
        1, "", "roll: error: Mira is at full HP (8/8): a Breather would heal nothing, so this"
        " Shift's Breather is kept; nothing changed\n")
    assert invoke(*AS_MIRA, "hurt", "5")[0] == 0
    code, out, _ = invoke(*AS_MIRA, "breather")
    assert (code, out) == (0, "breather → HP 7\nMira · HP 3 → 7 (breather)\n"
                              "Mira · Breather taken on (breather)\n")
