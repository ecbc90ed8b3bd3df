"""A fight on each store (issue 48: "held-out suites of fights … on SQLite and PostgreSQL"):
foes waiting for the fight, the order, `on NAME`, undo of a turn, the fallen and the fled
out of the order, the same text and JSON on a SQLite file and a PostgreSQL database."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.support.cli import invoke
from tests.support.encounter import TABLE, imported, run, state


def test_a_macchiato_fight_on_each_store(store_where: str, tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ROLL_CAMPAIGN", store_where)
    imported(tmp_path, "pip", "mira", sheets=TABLE)  # two games in one campaign
    run("-s macchiato foe add 3 goblins hp=4")
    assert run("encounter start roll d20 --rolled 14,3,9,2") == (
        "encounter start roll d20 → round 1 · Pip's turn\n"
        "Encounter · off → R1 Pip (encounter start)\n"
        "initiative: Pip 14, Goblin 2 9, Goblin 1 3, Goblin 3 2 · next: Goblin 2\n")
    assert run("hurt 4 on Goblin 2") == (
        "(as Pip: its turn)\n"
        "hurt 4 on Goblin 2 → HP 0\n"
        "Goblin 2 · HP 4 → 0 (hurt)\n"
        "Goblin 2 · Defeated on (0 HP)\n"
        "Goblin 2 is defeated: 0 HP, out of the fight (help macchiato)\n")
    row = json.loads(invoke("log", "--json", "-n", "1")[1])
    assert (row["character"], row["on"]) == ("Pip", "Goblin 2")
    run("encounter flee Goblin 3")
    assert run("next") == ("next → round 1 · Goblin 1's turn\n"
                           "Encounter · R1 Pip → R1 Goblin 1 (next)\n"
                           "Goblin 2 is defeated: no turn (foe rm Goblin 2)\n"
                           "next: Pip\n")
    assert run("next") == ("next → round 2 begins · Pip's turn\n"
                           "Encounter · R1 Goblin 1 → R2 Pip (next)\n"
                           "Goblin 3 has fled: no turn (foe rm Goblin 3)\n"
                           "next: Goblin 1\n")
    assert run("undo") == ("undid #6 (nobody): next\n"
                           "   Encounter · R2 Pip → R1 Goblin 1 (undo next)\n")
    assert run("-s vagabond check dex=4 --rolled 17") == (  # another game beside the fight
        "check dex=4 → 17 vs 16 · pass\n")
    assert [(c["name"], c["out"], c["state"], c["pools"]) for c in state()["order"]] == [
        ("Pip", False, [], {}),
        ("Goblin 2", True, ["defeated"], {"hp": 0}),
        ("Goblin 1", False, ["turn"], {"hp": 4}),
        ("Goblin 3", True, ["fled"], {"hp": 4})]
    assert run("encounter end") == (
        "encounter end → the fight is over after 1 round\n"
        "Goblin 2, Goblin 1, Goblin 3 · leave the campaign (the fight ends)\n")
