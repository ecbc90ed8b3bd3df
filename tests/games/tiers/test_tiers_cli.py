"""Tiers through `roll`: an imported sheet, checks, hits through the layers, buyouts, undo."""

from __future__ import annotations

from pathlib import Path

from tests.support.cli import invoke, invoke_json
from tests.support.tiers import pools


def test_sheet_show_lists_the_pools_with_their_maxima(kell_campaign: Path) -> None:
    code, out, _ = invoke("sheet", "show", "Kell")
    assert code == 0
    assert out.splitlines()[4:] == [
        "  Vigor: 2/2", "  Vitality: 5/5", "  Wound slots: 3/3", "  Stamina: 4/4", "  Fate: 3/3",
        "  Earned: 0", "  Destiny: 0",
    ]


def test_a_check_pays_its_ones_and_undo_takes_them_back(kell_campaign: Path) -> None:
    code, out, err = invoke("--as", "Kell", "--rolled", "6,5,3,1,4", "check", "body", "task", "2")
    assert (code, err) == (0, "")
    assert out == (
        "check body task 2 → [6!*, 5*, 3, 1, 4] = 2 successes vs 2 · pass\n"
        "Kell · Stamina 4 → 3 (rolled 1s)\n"
        "Kell · Earned 0 → 1 (rolled 1s)\n"
    )
    assert pools() == {"stamina": 3, "earned": 1, "flags": []}
    assert invoke("undo")[0] == 0
    assert pools() == {"stamina": 4, "earned": 0, "flags": []}


def test_check_json(kell_campaign: Path) -> None:
    code, [obj] = invoke_json("--as", "Kell", "--rolled", "5,2,2,3", "check", "sense", "task", "2",
                              "fate", "1")
    assert code == 0
    assert (obj["kind"], obj["total"], obj["successes"], obj["target"], obj["outcome"]) == (
        "check", 1, 1, 2, "fail")
    assert obj["dice"] == [{"die": "d6", "face": f, "kept": True} for f in (5, 2, 2, 3)]
    assert obj["changes"] == [{"character": "Kell", "pool": "fate", "before": 3, "after": 2,
                               "reason": "fate dice", "kind": "pool"}]
    assert pools()["fate"] == 2


def test_a_hit_through_the_layers_a_wound_and_undo(kell_campaign: Path) -> None:
    assert invoke("--as", "Kell", "hurt", "4") == (0, (
        "hurt 4 → Vigor takes 2, Vitality takes 2\n"
        "Kell · Vigor 2 → 0 (hurt)\n"
        "Kell · Vitality 5 → 3 (hurt)\n"
        "Vitality lost: a Declared Maneuver or Focus spell calls for a disruption check\n"
    ), "")
    code, out, _ = invoke("--as", "Kell", "--rolled", "9", "hurt", "5")
    assert code == 0
    assert out.splitlines()[:4] == [
        "hurt 5 → 2 past 0 Vitality · injury 9+2 = 11 · Second Wind",
        "Kell · Wound slots 3 → 2 (injury 11)",
        "Kell · Vigor 0 → 2 (Second Wind)",
        "Kell · Vitality 3 → 5 (Second Wind)",
    ]
    assert pools() == {"vigor": 2, "vitality": 5, "wounds": 2, "flags": []}
    assert invoke("undo")[0] == 0
    assert pools() == {"vigor": 0, "vitality": 3, "wounds": 3, "flags": []}


def test_death_and_the_refusals_after_it(kell_campaign: Path) -> None:
    code, [obj] = invoke_json("--as", "Kell", "--rolled", "20", "hurt", "18")
    assert (code, obj["outcome"], obj["injury"]) == (0, "dead", 31)
    assert pools()["flags"] == ["dead"]
    code, out, err = invoke("--as", "Kell", "hurt", "1")
    assert (code, out, err) == (1, "", "roll: error: Kell is dead; nothing changed\n")
    assert invoke("undo")[0] == 0
    assert pools()["flags"] == []


def test_a_refused_spend_changes_nothing(kell_campaign: Path) -> None:
    code, out, err = invoke("--as", "Kell", "recover", "stamina", "1")
    assert (code, out) == (1, "")
    assert "Kell has 4 of 4 Stamina: 1 Fate would buy past the maximum; nothing changed" in err
    code, _, err = invoke("--as", "Kell", "--rolled", "5", "check", "body", "task", "1", "fate", "4")
    assert code == 1 and "cannot spend 4" in err
    assert pools() == {"flags": []}
    code, _, err = invoke("--as", "Kell", "save", "sense")
    assert code == 2 and "save needs the DC: dc N" in err


def test_a_buyout_reads_the_previous_line_from_the_log(kell_campaign: Path) -> None:
    invoke("--as", "Kell", "--rolled", "5,2,2,3", "check", "body", "task", "3")
    assert invoke("--as", "Kell", "buyout", "2") == (
        0, "buyout 2 → check body task 3 · pass\nKell · Stamina 4 → 2 (buyout)\n", "")
    code, _, err = invoke("--as", "Kell", "buyout", "2")
    assert code == 1 and "previous LINE is not a failed check" in err


def test_rest_recover_and_a_new_session(kell_campaign: Path) -> None:
    invoke("--as", "Kell", "--rolled", "1,1,5,2", "check", "body", "task", "1")
    invoke("--as", "Kell", "spend", "fate", "3")
    assert invoke("--as", "Kell", "recover", "stamina", "1")[1] == (
        "recover stamina 1 → Stamina 3\nKell · Earned 2 → 1 (recover)\n"
        "Kell · Stamina 2 → 3 (recover)\n"
    )
    code, out, _ = invoke("--as", "Kell", "rest")
    assert out.splitlines()[1:4] == [
        "Kell · Stamina 3 → 4 (rest)", "Kell · Earned 1 → 0 (rest: becomes Destiny)",
        "Kell · Destiny 0 → 1 (rest)",
    ]
    assert invoke("-s", "tiers", "session", "new")[1] == (
        "session new → session Fate 3 for every character\nKell · Fate 0 → 3 (new session)\n"
    )


def test_attack_and_odds_through_the_cli(kell_campaign: Path) -> None:
    assert invoke("--as", "Kell", "--rolled", "20,3,5", "attack", "ac", "14", "stat", "body") == (
        0, "attack ac 14 stat body → 20+2 = 22 vs 14 · hit · crit · 3+5 = 8 damage\n", "")
    code, [obj] = invoke_json("--as", "Kell", "odds", "check", "cun", "task", "1")
    assert code == 0
    assert obj["outcomes"] == {"pass": "11/36", "fail": "25/36"}
    code, [obj] = invoke_json("-s", "tiers", "odds", "save", "body", "dc", "10", "body=d6",
                              "fate=d4", "tier=1")
    assert (obj["min"], obj["max"], obj["residual"]) == (4, 31, "0")


def test_help_lists_the_commands() -> None:
    code, out, _ = invoke("help", "tiers")
    assert code == 0
    for word in ("check STAT task N", "save STAT dc N", "attack ac N", "hurt N|DICE", "recover",
                 "buyout S", "session new"):
        assert word in out
