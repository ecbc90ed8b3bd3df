"""Fled (SPEC §9: "out (dead, Downed, incapacitated, fled, removed)"): `encounter flee NAME`
(or `foe flee NAME`) puts one out of the fight until it ends: skipped by `next`, never
`next:`, marked fled in `encounter`, its JSON and the REPL's toolbar; undo takes it back, and
a character that fled is back for the next fight."""

from __future__ import annotations

import json
from pathlib import Path

from cli.repl.encounter_line import encounter_line
from cli.repl.toolbar import toolbar_text
from tests.support.cli import invoke
from tests.support.encounter import TABLE, goblins_turn, imported, refused, run, state
from tests.support.repl import seen


def test_a_goblin_that_flees_is_out_of_the_order(tmp_path: Path) -> None:
    goblins_turn(tmp_path)
    assert run("encounter flee Goblin 2") == ("encounter flee Goblin 2 → Goblin 2 flees the fight\n"
                                             "Goblin 2 · Fled on (flees)\n"
                                             "next: Goblin 3\n")
    assert refused("foe flee goblin 2") == (1, "roll: error: Goblin 2 has fled already;"
                                               " nothing changed\n")
    assert run("encounter") == ("R1 ▸ Goblin 1 · next Goblin 3\n"  # 40 columns
                                "  Mira\n"
                                "▸ Goblin 1 · HP 3\n"
                                "  Goblin 2 · fled · HP 3\n"
                                "  Goblin 3 · HP 3\n")
    fled = next(c for c in state()["order"] if c["name"] == "Goblin 2")
    assert (fled["out"], fled["state"], fled["flags"]) == (True, ["fled"], ["fled", "foe"])
    assert state()["next"] == "Goblin 3"
    assert run("next") == ("next → round 1 · Goblin 3's turn\n"
                           "Encounter · R1 Goblin 1 → R1 Goblin 3 (next)\n"
                           "Goblin 2 has fled: no turn (foe rm Goblin 2)\n"
                           "next: Mira\n")


def test_the_toolbar_marks_the_fled_and_never_names_one_next(tmp_path: Path) -> None:
    goblins_turn(tmp_path)
    run("foe flee Goblin 2")
    view = seen()
    assert encounter_line(view.party, 40, view.fallen) == "R1 ▸ Goblin 1 · next Goblin 3"
    run("foe flee Goblin 1")  # on its own turn: marked, and the turn still its until next
    view = seen()
    assert toolbar_text(view, 40) == "Goblin 1's turn:  HP 3/3  Fled  Foe"
    assert encounter_line(view.party, 40, view.fallen) == "R1 ▸ Goblin 1 · next Goblin 3"


def test_undo_takes_a_flight_back_and_the_fight_logs_it_as_nobodys(tmp_path: Path) -> None:
    goblins_turn(tmp_path)
    run("encounter flee Goblin 3")
    row = json.loads(invoke("log", "--json", "-n", "1")[1])
    assert (row["input"], row["character"], row["changes"]) == (
        "encounter flee Goblin 3", None,
        [{"character": "Goblin 3", "pool": "fled", "before": False, "after": True,
          "reason": "flees", "kind": "flag"}])
    assert run("undo") == ("undid #4 (nobody): encounter flee Goblin 3\n"
                           "   Goblin 3 · Fled off (undo flees)\n")
    assert [c["out"] for c in state()["order"]] == [False, False, False, False]


def test_a_character_that_fled_is_back_for_the_next_fight(tmp_path: Path) -> None:
    imported(tmp_path, "pip", sheets=TABLE)
    run("-s macchiato foe add goblin hp=4")
    run("encounter start Pip roll d20 --rolled 14,3")
    run("encounter flee Pip")
    assert run("encounter end") == ("encounter end → the fight is over after 1 round\n"
                                    "Pip · Fled off (the fight ends)\n"
                                    "Goblin · leaves the campaign (the fight ends)\n")
    assert json.loads(invoke("sheet", "show", "Pip", "--json")[1])["flags"] == []


def test_a_vagabond_group_that_fled_takes_no_turn(tmp_path: Path) -> None:
    imported(tmp_path, "mira", "bram", sheets=TABLE)
    run("-s vagabond foe add 2 goblins hp=5")
    run("encounter start Mira Bram")
    run("encounter flee Goblin 1")
    run("encounter flee Goblin 2")
    assert run("next") == ("next → round 2 begins · the Heroes' Turn\n"
                           "Encounter · R1 heroes → R2 heroes (next)\n"
                           "enemies: nobody left standing, no turn\n")


def test_help_encounter_says_how_to_flee() -> None:
    code, out, _ = invoke("help", "encounter")
    assert code == 0
    assert "  encounter flee NAME   one flees (foe flee NAME): out of the fight" in out
    assert "dead, defeated, Downed, incapacitated, fled" in out
    assert ("On whom: hurt 3 on Goblin 1 is the actor's action on Goblin 1 (log and JSON:"
            " character, on); a save the target rolls is its own, by the actor, and its"
            " headline says whose (Bram's save: pass · 15), as a foe's roll does.") in " ".join(
        out.split())


def test_a_tiers_goblin_that_fled_rolls_no_initiative(tmp_path: Path) -> None:
    imported(tmp_path, "ara", sheets=TABLE)
    run("-s tiers foe add 2 minor goblins tier=1 mind=d4 vigor=2 body=12 ac=11")
    run("encounter start Ara --rolled 5,3,2,1,6,4")  # Goblin 2 10, Ara 8, Goblin 1 3
    run("encounter flee Goblin 1")
    run("next")
    run("next")
    assert run("next --rolled 4,4,1,1") == (  # two rolled: Goblin 2's and Ara's d8 + Mind die
        "next → round 2 begins · Enemy Tactical Phase\n"
        "Encounter · R1 Ara → R2 Enemy Tactical Phase (next)\n"
        "Goblin 1 has fled: no turn (foe rm Goblin 1)\n"
        "initiative: Goblin 2 8, Ara 2 · next: Goblin 2\n"
        "the enemies name their maneuvers: declare, then next\n")
    assert [(c["name"], c["initiative"], c["out"]) for c in state()["order"]] == [
        ("Goblin 2", 8, False), ("Ara", 2, False), ("Goblin 1", None, True)]
