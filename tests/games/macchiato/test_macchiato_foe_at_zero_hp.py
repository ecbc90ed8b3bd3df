"""A Macchiato foe at 0 HP is out of the fight (SPEC §9, issue 48): the excerpt of 001 gives
0 HP no rule, so it is `defeated` (skipped by `next`, never `next:`, marked in `encounter`
and its JSON), `help macchiato` says so, and a heal above 0 brings it back."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.support.cli import invoke
from tests.support.encounter import TABLE, imported, run, state


def goblins_fight(tmp_path: Path) -> None:
    imported(tmp_path, "pip", sheets=TABLE)
    run("-s macchiato foe add 2 goblins hp=4")
    run("encounter start Pip roll d20 --rolled 14,3,2")


def test_a_goblin_at_0_hp_is_defeated_and_out_of_the_order(tmp_path: Path) -> None:
    goblins_fight(tmp_path)
    assert run("hurt 5 on Goblin 1") == (
        "(as Pip: its turn)\n"
        "hurt 5 on Goblin 1 → HP 0\n"
        "Goblin 1 · HP 4 → 0 (hurt)\n"
        "Goblin 1 · Defeated on (0 HP)\n"
        "Goblin 1 is defeated: 0 HP, out of the fight (help macchiato)\n")
    assert run("encounter") == ("round 1 · Pip's turn · next: Goblin 2\n"
                                "▸ 14 Pip\n"
                                "   3 Goblin 1 · defeated · HP 0\n"
                                "   2 Goblin 2 · HP 4\n")
    down = next(c for c in state()["order"] if c["name"] == "Goblin 1")
    assert (down["out"], down["state"], down["glance"]) == (True, ["defeated"], {"hp": 0})
    assert run("next") == ("next → round 1 · Goblin 2's turn\n"
                           "Encounter · R1 Pip → R1 Goblin 2 (next)\n"
                           "Goblin 1 is defeated: no turn (foe rm Goblin 1)\n"
                           "next: Pip\n")


def test_a_heal_above_0_brings_it_back_and_undo_takes_the_fall_back(tmp_path: Path) -> None:
    goblins_fight(tmp_path)
    run("hurt 4 on Goblin 2")
    assert run("heal 2 on Goblin 2") == ("(as Pip: its turn)\n"
                                         "heal 2 on Goblin 2 → HP 2\n"
                                         "Goblin 2 · HP 0 → 2 (heal)\n"
                                         "Goblin 2 · Defeated off (HP above 0)\n")
    assert state()["next"] == "Goblin 1"
    run("hurt 2 on Goblin 2")
    assert run("undo") == ("undid #5 (Pip): hurt 2 on Goblin 2\n"
                           "   Goblin 2 · Defeated off (undo 0 HP)\n"
                           "   Goblin 2 · HP 0 → 2 (undo hurt)\n")


def test_a_players_character_at_0_hp_is_not_marked(tmp_path: Path) -> None:
    sheet = tmp_path / "bo.toml"
    sheet.write_text('name = "Bo"\nsystem = "macchiato"\n[stats]\nstrength = 10\n[max]\nhp = 3\n',
                     encoding="utf-8")
    assert invoke("sheet", "import", str(sheet))[0] == 0
    code, out, _ = invoke("--json", "hurt", "3", "--as", "Bo")
    assert [c["pool"] for c in json.loads(out)["changes"]] == ["hp"]  # no rule to guess


def test_help_macchiato_says_what_0_hp_is() -> None:
    code, out, _ = invoke("help", "macchiato")
    assert code == 0
    assert ("The text gives 0 HP no rule (no death, no\n  dying): a foe at 0 HP is defeated,"
            " out of the fight (skipped by next), and\n  what became of it is the GM's to"
            " tell; heal above 0 brings it back.\n") in out


def test_a_foes_hp_is_asked_for_at_foe_add(tmp_path: Path) -> None:
    imported(tmp_path, "pip", sheets=TABLE)
    assert invoke("-s", "macchiato", "foe", "add", "goblin") == (2, "", (
        "roll: error: foe add: Goblin's HP is OPEN (the text gives no HP): give it as hp=N"
        " (foe add 2 goblins hp=4)\n"))
    assert invoke("sheet", "list", "--json") == (0, '{"name": "Pip", "system": "macchiato"}\n',
                                                 "")


def test_a_foe_without_a_maximum_is_told_to_give_it_at_foe_add() -> None:
    from rules.campaign import Character
    from rules.errors import UsageError
    from rules.systems import get_system

    system = get_system("brighter")
    wolf = Character("Wolf", "brighter", {"name": "Wolf", "system": "brighter",
                                          "flags": ["foe"], "stats": {"str": "d6"}})
    with pytest.raises(UsageError) as refused:
        system.pool_value(wolf, system.pool("grit", wolf))
    assert str(refused.value) == ("Wolf has no Grit maximum: the rules leave it OPEN, so give it as the foe"
                    " is added: foe add Wolf … grit=N")
