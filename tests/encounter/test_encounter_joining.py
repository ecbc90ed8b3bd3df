"""Foes from round one (SPEC §9): foes made before `encounter start` wait and join it with
initiative rolled with everyone's; one added before anybody acted takes its round-1 place;
one added later acts from the next round, and the line that adds it says so."""

from __future__ import annotations

import json
from pathlib import Path

from tests.support.encounter import TABLE, imported, refused, run, state


def order() -> list[tuple[str, int | None, bool]]:
    return [(c["name"], c["initiative"], c["sits_out"]) for c in state()["order"]]


def test_foes_made_before_the_fight_join_it_with_initiative(tmp_path: Path) -> None:
    imported(tmp_path, "pip", "wren", sheets=TABLE)
    assert refused("foe add 2 wolves hp=4")[1] == (
        "roll: error: which game's foes? no fight is running: choose the game with -s"
        " (foe add 2 goblins hp=4 -s macchiato)\n")
    assert run("foe add 2 wolves hp=4 -s macchiato") == (
        "foe add 2 wolves hp=4 → Wolf 1 … Wolf 2 join the fight at encounter start\n"
        "Wolf 1 · joins the campaign (foe add)\n"
        "Wolf 2 · joins the campaign (foe add)\n")
    assert run("foe rm Wolf 2") == "foe rm Wolf 2 → Wolf 2 leaves\nWolf 2 · leaves the campaign (foe rm)\n"
    assert run("encounter start Pip roll d20 --rolled 14,9") == (
        "encounter start Pip roll d20 → round 1 · Pip's turn\n"
        "Encounter · off → R1 Pip (encounter start)\n"
        "initiative: Pip 14, Wolf 1 9 · next: Wolf 1\n")
    assert order() == [("Pip", 14, False), ("Wolf 1", 9, False)]


def test_a_foe_added_before_anybody_acted_takes_its_round_one_place(tmp_path: Path) -> None:
    imported(tmp_path, "pip", sheets=TABLE)
    run("encounter start Pip roll d20 --rolled 14")
    # issue 48: the goblins rolled 17 and 16 over Pip's 14 and never acted in round 1
    assert run("foe add 2 goblins hp=4 --rolled 16,18") == (
        "foe add 2 goblins hp=4 → Goblin 1 … Goblin 2 join · Goblin 2's turn\n"
        "initiative: Goblin 2 18, Goblin 1 16 · next: Goblin 1\n")
    assert (state()["round"], state()["turn"]) == (1, "Goblin 2")
    assert run("next") == ("next → round 1 · Goblin 1's turn\n"
                           "Encounter · R1 Goblin 2 → R1 Goblin 1 (next)\n"
                           "next: Pip\n")
    # somebody has acted: a newcomer waits for the next round, whatever its initiative
    assert run("foe add ogre hp=9 --rolled 20") == (
        "foe add ogre hp=9 → Ogre joins, acting from round 2\n"
        "initiative: Ogre 20 · next: Pip\n")
    assert order() == [("Ogre", 20, True), ("Goblin 2", 18, False), ("Goblin 1", 16, False),
                       ("Pip", 14, False)]
    assert run("encounter").startswith("round 1 · Goblin 1's turn · next: Pip\n"
                                       "  20 Ogre · sits out · HP 9\n")
    assert run("next").endswith("next: Ogre\n")
    assert run("next") == ("next → round 2 begins · Ogre's turn\n"
                           "Encounter · R1 Pip → R2 Ogre (next)\n"
                           "next: Goblin 2\n")
    assert [c[2] for c in order()] == [False] * 4


def test_a_brighter_fight_started_the_readme_way_has_its_foes_in_round_one(
        tmp_path: Path) -> None:
    imported(tmp_path, "wren", sheets=TABLE)
    assert run("foe add wolf str=d6 dex=d8 wil=d4 -s brighter").startswith(
        "foe add wolf str=d6 dex=d8 wil=d4 → Wolf joins the fight at encounter start\n")
    assert run("encounter start roll d6 --rolled 2,5") == (
        "encounter start roll d6 → round 1 · Wolf's turn\n"
        "Encounter · off → R1 Wolf (encounter start)\n"
        "initiative: Wolf 5, Wren 2 · next: Wren\n")
    assert run("next").startswith("next → round 1 · Wren's turn\n")


def test_foe_add_says_its_join_once_and_its_json_and_undo_keep_every_change(
        tmp_path: Path) -> None:
    imported(tmp_path, "pip", sheets=TABLE)
    run("encounter start Pip roll d20 --rolled 14")
    # issue 48: `Goblin 1 … Goblin 2 join` and `Goblin 1, Goblin 2 · join the campaign and the
    # order` said the same twice; the headline says it alone
    said = json.loads(run("foe add 2 goblins hp=4 --json --rolled 3,5"))
    assert said["text"] == ("foe add 2 goblins hp=4 → Goblin 1 … Goblin 2 join\n"
                            "initiative: Goblin 2 5, Goblin 1 3 · next: Goblin 2")
    assert [(c["character"], c["pool"], c["before"], c["reason"]) for c in said["changes"]] == [
        ("Goblin 1", "sheet", None, "foe add"), ("Goblin 2", "sheet", None, "foe add"),
        (None, "encounter", said["changes"][2]["before"], "foe add")]
    # undo has no headline: its rows say who leaves
    assert run("undo") == ("undid #2 (nobody): foe add 2 goblins hp=4\n"
                           "   Encounter · 3 → 1 in the order (undo foe add)\n"
                           "   Goblin 2, Goblin 1 · leave the campaign (undo foe add)\n")
