"""`next:` never names one out of the fight (dead, defeated) or one who sits out this round,
in a LINE's hint, `encounter`, its JSON and the pane's encounter line; `next` passes them by."""

from __future__ import annotations

import json
from pathlib import Path

from cli.base.settings import Settings
from cli.repl.encounter_line import encounter_line
from cli.repl.view import ViewReader
from rules.encounter.in_words import next_taker
from rules.encounter.rules import EncounterRules
from rules.encounter.turn_order import Combatant, Encounter
from tests.support.cli import invoke
from tests.support.encounter import TABLE, imported, run, state


def rats_fight(tmp_path: Path) -> None:
    """Ara 8, Rat 2 3, Rat 1 2; Ara's turn, Rat 2 defeated."""
    imported(tmp_path, "ara")
    run("encounter start Ara --rolled 5,3")
    run("foe add 2 minor rats tier=1 mind=d4 vigor=1 body=10 ac=10 --rolled 1,1,2,1")
    assert run("next").endswith("next: Rat 2\n")
    assert "Rat 2 · Defeated on (hurt)\n" in run('hurt 1 --as "Rat 2"')


def test_a_defeated_foe_is_never_named_next(tmp_path: Path) -> None:
    rats_fight(tmp_path)
    assert run("encounter") == ("round 1 · Ara's turn · next: Rat 1\n"
                                "▸  8 Ara · Vigor 4 · Vitality 5\n"
                                "   3 Rat 2 · defeated · Vigor 0\n"
                                "   2 Rat 1 · Vigor 1\n")
    assert state()["next"] == "Rat 1"
    assert run("next") == (
        "next → round 1 · Rat 1's turn\nEncounter · R1 Ara → R1 Rat 1 (next)\n"
        "Rat 2 is defeated: no turn (foe rm Rat 2)\nnext: Enemy Tactical Phase\n")


def test_the_panes_encounter_line_reads_who_is_out_of_the_fight(tmp_path: Path) -> None:
    rats_fight(tmp_path)
    view = ViewReader(Settings()).read()
    assert view.fallen == ("Rat 2",)
    assert encounter_line(view.party, 40) == "round 1 · Ara's turn · next: Rat 2"
    assert encounter_line(view.party, 40, view.fallen) == "round 1 · Ara's turn · next: Rat 1"
    assert encounter_line(view.party, 20, view.fallen) == "R1 Ara · next Rat 1"


def test_the_last_one_standing_is_next_after_the_round(tmp_path: Path) -> None:
    rats_fight(tmp_path)
    run('hurt 1 --as "Rat 1"')
    code, out, _ = invoke("--json", "encounter")
    assert json.loads(out)["encounter"]["next"] == "Enemy Tactical Phase"


def test_encounter_start_never_names_next_the_one_already_up(tmp_path: Path) -> None:
    imported(tmp_path, "wren", sheets=TABLE)
    # issue 48: `encounter start Wren` said `next: Wren`, the one up
    assert run("encounter start Wren") == ("encounter start Wren → round 1 · Wren's turn\n"
                                           "Encounter · off → R1 Wren (encounter start)\n")
    assert run("encounter") == ("round 1 · Wren's turn\n"
                                "▸ Wren · Grit 3 · STR d8 DEX d6 WIL d6\n")
    assert (state()["turn"], state()["next"]) == ("Wren", None)
    run("encounter end")
    run("foe add wolf str=d6 dex=d8 grit=2 -s brighter")
    assert run("encounter start Wren roll d6 --rolled 5,2") == (
        "encounter start Wren roll d6 → round 1 · Wren's turn\n"
        "Encounter · off → R1 Wren (encounter start)\n"
        "initiative: Wren 5, Wolf 2 · next: Wolf\n")
    assert (state()["turn"], state()["next"]) == ("Wren", "Wolf")


def test_who_sits_out_is_passed_by_this_round_only() -> None:
    enc = Encounter("macchiato", 1, (Combatant("Mira"), Combatant("Bo"), Combatant("Goblin")),
                    "Mira", out=("Bo",))
    rules = EncounterRules()
    assert next_taker(enc, rules) == "Goblin"
    assert next_taker(enc, rules, gone={"Goblin"}) == "Mira"
    last = Encounter("macchiato", 1, enc.order, "Goblin", out=("Mira",))
    assert next_taker(last, rules) == "Mira"  # the next round: nobody sits out
    assert next_taker(Encounter("macchiato", 1, enc.order, "Mira"), rules,
                      gone={"Bo", "Goblin"}) == "Mira"
    assert next_taker(Encounter("macchiato", 1, (), None), rules) is None
