"""An encounter in each of the five games, run from a shell with scripted faces: the order by
each game's rules, the upkeep as logged changes, and undo of each advance."""

from __future__ import annotations

from pathlib import Path

from tests.support.encounter import imported, refused, run, state


def test_tiers_three_rounds_with_a_major_three_minors_vigor_and_a_lost_maneuver(
        tmp_path: Path) -> None:
    imported(tmp_path, "ara")
    assert run("encounter start Ara --rolled 5,3") == (
        "encounter start Ara → round 1 · Enemy Tactical Phase\n"
        "Ara · In combat on (encounter)\n"
        "Encounter · off → R1 Enemy Tactical Phase (encounter start)\n"
        "initiative: Ara 8 · next: Ara\n"
        "the enemies name their maneuvers: declare, then next\n")
    assert run("foe add major ogre tier=3 heart=8 mind=d4 body=16 body=d8 ac=13"
               " --rolled 7,1").endswith("initiative: Ogre 8 · next: Ara\n")
    assert run("foe add 3 minor goblins tier=1 mind=d4 vigor=2 body=12 ac=11 --rolled 2,1,3,1,6,4") == (
        "foe add 3 minor goblins tier=1 mind=d4 vigor=2 body=12 ac=11 → Goblin 1 … Goblin 3"
        " join\n"
        "initiative: Goblin 3 10, Goblin 2 4, Goblin 1 3 · next: Goblin 3\n")
    assert [c["name"] for c in state()["order"]] == ["Goblin 3", "Ara", "Ogre", "Goblin 2",
                                                     "Goblin 1"]
    run("declare --as Ogre")
    assert run("next") == ("next → round 1 · Goblin 3's turn\n"
                           "Encounter · R1 Enemy Tactical Phase → R1 Goblin 3 (next)\n"
                           "next: Ara\n")
    run("hurt 3 --as Ara")
    # a player regains the Heart modifier (+2) at the start of its own turn
    assert run("next") == ("next → round 1 · Ara's turn\n"
                           "Ara · Vigor 1 → 3 (turn starts)\n"
                           "Encounter · R1 Goblin 3 → R1 Ara (next)\n"
                           "next: Ogre\n")
    # a Major with a negative Heart modifier loses 1
    assert run("next").startswith("next → round 1 · Ogre's turn\nOgre · Vigor 2 → 1 (turn"
                                  " starts)\n")
    # Minors do not regenerate
    assert run("next") == ("next → round 1 · Goblin 2's turn\n"
                           "Encounter · R1 Ogre → R1 Goblin 2 (next)\n"
                           "next: Goblin 1\n")
    run("next")
    end_of_round = run("next --rolled 1,1,2,2,3,3,4,4,5,4")
    assert end_of_round == (
        "next → round 2 begins · Enemy Tactical Phase\n"
        "Ogre · Declared off (lost: unresolved at round's end)\n"
        "Encounter · R1 Goblin 1 → R2 Enemy Tactical Phase (next)\n"
        "initiative: Goblin 1 9, Goblin 2 8, Ogre 6, Ara 4, Goblin 3 2 · next: Goblin 1\n"
        "the enemies name their maneuvers: declare, then next\n")
    # undo puts the round back: its order, its turn, and the Declared Maneuver
    assert run("undo") == (
        "undid #11 (nobody): next\n"
        "   Encounter · R2 Enemy Tactical Phase → R1 Goblin 1 (undo next)\n"
        "   Ogre · Declared on (undo lost: unresolved at round's end)\n")
    got = state()
    assert (got["round"], got["turn"], got["order"][0]["name"]) == (1, "Goblin 1", "Goblin 3")
    run("next --rolled 1,1,2,2,3,3,4,4,5,4")
    for _ in range(5):
        run("next")
    third = run("next --rolled 1,1,1,1,1,1,8,6,1,1")
    assert third.startswith("next → round 3 begins · Enemy Tactical Phase\n")
    assert "initiative: Ara 14, " in third
    # ended in round 3, the fight lasted 3 rounds; the headline alone says it is over
    assert run("encounter end") == (
        "encounter end → the fight is over after 3 rounds\n"
        "Ara · In combat off (out of the fight)\n"
        "Goblin 1, Goblin 2, Ogre, Goblin 3 · leave the campaign (the fight ends)\n")
    assert run("sheet list") == "  Ara              tiers\n"


def test_tiers_round_end_ends_an_unsustained_focus_spell_and_gives_reactions_back(
        tmp_path: Path) -> None:
    imported(tmp_path, "ara")
    run("encounter start Ara --rolled 5,3")
    run("focus --as Ara")
    run("react --as Ara")
    assert refused("react --as Ara")[1] == (
        "roll: error: Ara has used its reaction this round (ONE per round)\n")
    out = run("next")
    out = run("next --rolled 1,1")  # round 2: the spell cast in round 1 needs no sustaining
    # the spell's round-1 mark and the reaction go together: one line
    assert "Focus off" not in out and "Ara · Focus cast, Reacted off (end of round)\n" in out
    out = run("next")
    out = run("next --rolled 1,1")  # round 3: not sustained in round 2
    assert "Ara · Focus off (not sustained)\n" in out
    assert "Ara's Focus spell ends: not sustained\n" in out


def test_champions_house_turns_count_a_downed_cohorts_med_flag(tmp_path: Path) -> None:
    imported(tmp_path, "kael", "wren")
    assert run("encounter start Kael Wren") == (
        "encounter start Kael Wren → round 1 · House Blue's turn\n"
        "Encounter · off → R1 Blue (encounter start)\n")  # no `next:` naming the one up
    assert run("foe add 2 cohorts house=Red guard=11 might=1 armor=0 weapon=d6") == (
        "foe add 2 cohorts house=Red guard=11 might=1 armor=0 weapon=d6 → Cohort 1 … Cohort 2"
        " join\n"
        "next: Red\n")
    run("next")  # Red's turn: a Cohort downs Wren
    assert "Wren · Downed on (attack)" in run('attack Wren weapon d6 --as "Cohort 1"'
                                              " --rolled 15,5")
    # the end of the turn Wren fell in (Red's): its Med Flag stays
    assert run("next") == ("next → round 2 begins · House Blue's turn\n"
                           "Wren · Fell off (turn end)\n"
                           "Encounter · R1 Red → R2 Blue (next)\n"
                           "next: Red\n")
    # the end of its owner's House Turn: it counts down
    assert run("next") == ("next → round 2 · House Red's turn\n"
                           "Wren · Med Flag 3 → 2 (turn end)\n"
                           "Encounter · R2 Blue → R2 Red (next)\n"
                           "next: Blue\n")
    assert state()["order"][1]["name"] == "Wren"
    assert run("undo").startswith("undid #")
    assert (state()["round"], state()["turn"]) == (2, "Blue")
    assert refused("foe add 2 cohorts guard=11")[1] == (
        "roll: error: foe add: Cohort 3 needs the House whose turns it takes: give it as"
        " house=…\n")


def test_vagabond_surprise_round_turns_by_group_and_effects_until_the_next_turn(
        tmp_path: Path) -> None:
    imported(tmp_path, "ash", "bree")
    # Ash (detect trained: 20 − 8 = 12) passes on 15; Bree (20 − 3 = 17) fails on 9
    assert run("encounter start surprised --rolled 15,9") == (
        "encounter start surprised → round 1 · the Heroes' Turn\n"
        "Encounter · off → R1 heroes (encounter start)\n"
        "Ash Detect: 15 vs 12 · pass\n"
        "Bree Detect: 9 vs 17 · fail\n"
        "Bree sits out the first Turn (failed the Detect Check)\n")
    assert refused("foe add 2 wolves") == (2, "roll: error: foe add: Wolf 1's HP is OPEN (the"
                                              " text gives it per enemy): give it as hp=N\n")
    run("foe add 2 wolves hp=4 armor=1")
    run("status add custom:blessed until-turn --as Bree")
    assert run("next") == ("next → round 1 · the Enemies' Turn\n"
                           "Encounter · R1 heroes → R1 enemies (next)\n"
                           "enemies don't roll to hit: Heroes Save to Block or Dodge\n"
                           "next: heroes\n")
    assert run("next") == ("next → round 2 begins · the Heroes' Turn\n"
                           "Bree · Blessed until the Heroes' next Turn off (its Turn"
                           " comes)\n"
                           "Bree · Blessed off (until the next Turn)\n"
                           "Encounter · R1 enemies → R2 heroes (next)\n"
                           "Bree: blessed ends (the Heroes' next Turn)\n"
                           "next: enemies\n")
    assert state()["order"][1]["sits_out"] is False
    run("undo")
    assert "blessed" in state()["order"][1]["flags"]
    run("hurt 4 --as \"Wolf 1\"")
    assert run('foe rm "Wolf 1"') == (
        "foe rm Wolf 1 → Wolf 1 leaves the fight\n"  # the words as the shell passed them
        "Wolf 1 · leaves the campaign (leaves the fight)\n"
        "Encounter · 4 → 3 in the order (leaves)\n"
        "next: heroes\n")


def test_macchiato_the_gm_rolls_the_order_with_a_named_die_pins_and_delays(
        tmp_path: Path) -> None:
    imported(tmp_path, "mira", "bo")
    assert run("encounter start Mira Bo roll d20 --rolled 5,17") == (
        "encounter start Mira Bo roll d20 → round 1 · Bo's turn\n"
        "Encounter · off → R1 Bo (encounter start)\n"
        "initiative: Bo 17, Mira 5 · next: Mira\n")
    run("foe add 3 goblins hp=4 --rolled 9,2,12")
    assert [(c["name"], c["initiative"]) for c in state()["order"]] == [
        ("Bo", 17), ("Goblin 3", 12), ("Goblin 1", 9), ("Mira", 5), ("Goblin 2", 2)]
    # pinned mid-round, Mira moves among those yet to act: no turn lost or gained
    assert run("pin Mira 20") == ("pin Mira 20 → Mira's initiative 20, pinned\n"
                                  "Encounter · order changed (pin)\n"
                                  "next: Mira\n")
    run("next")
    assert run("delay") == ("delay → Goblin 3's turn\n"
                            "Encounter · R1 Mira → R1 Goblin 3 (delay)\n"
                            "Mira delays until after Goblin 3\n"
                            "next: Mira\n")
    assert run("next").startswith("next → round 1 · Mira's turn\nEncounter · R1 Goblin 3 →"
                                  " R1 Mira (next)\nMira takes the turn it delayed\n")
    assert run("undo").startswith("undid #")
    assert state()["turn"] == "Goblin 3"


def test_brighter_worlds_the_gm_sets_the_order_and_a_foe_falls(tmp_path: Path) -> None:
    imported(tmp_path, "tam")
    run("encounter start Tam")
    run("foe add raider grit=2 armor=1")
    assert state()["takers"] == ["Tam", "Raider"]
    assert run("next") == ("next → round 1 · Raider's turn\n"
                           "Encounter · R1 Tam → R1 Raider (next)\n"
                           "next: Tam\n")
    # the foe falls on its own turn: the turn passes, then it leaves
    assert run("foe rm raider") == (
        "foe rm raider → Raider leaves the fight\n"
        "Raider · leaves the campaign (leaves the fight)\n"
        "Encounter · R1 Raider → R2 Tam (leaves)\n")
    assert run("undo").startswith("undid #")
    assert state()["turn"] == "Raider"
    assert run("encounter") == ("round 1 · Raider's turn · next: Tam\n"
                                "  Tam · Grit 3 · STR d8 DEX d6 WIL d6\n"
                                "▸ Raider · Grit 2\n")  # its dice beside Grit: SPEC §9


def test_a_foe_from_a_sheet_fights_on_the_enemies_side_and_stays_in_the_campaign(
        tmp_path: Path) -> None:
    imported(tmp_path, "ash", "bree")
    run("encounter start Ash")
    assert run("encounter add Bree foe").startswith("encounter add Bree foe → Bree joins\n")
    assert [(c["name"], c["side"]) for c in state()["order"]] == [("Ash", "heroes"),
                                                                 ("Bree", "enemies")]
    assert state()["takers"] == ["heroes", "enemies"]
    run("encounter end")
    assert run("sheet list") == "  Ash              vagabond\n  Bree             vagabond\n"


def test_values_the_rules_leave_open_are_asked_for(tmp_path: Path) -> None:
    imported(tmp_path, "ara")
    run("encounter start Ara --rolled 5,3")
    assert refused("foe add major ogre heart=8 mind=d4") == (
        2, "roll: error: foe add: Ogre's Tier is OPEN (the text gives it per creature): give it"
           " as tier=N\n")
    assert refused("foe add ogre tier=3")[1].startswith(
        "roll: error: foe add: which kind of NPC is Ogre? the text has major, minor,")
    assert refused("foe add minor rat tier=1 vigor=1")[1] == (
        "roll: error: foe add: Rat's initiative is d8 + Mind die (the score→die table is OPEN):"
        " give it as mind=d4\n")
    assert refused("encounter start Ara")[1] == (
        "roll: error: an encounter is running already: encounter end first (or encounter add"
        " NAME)\n")
    assert refused("foe add 3 goblins banana=2")[1].startswith(
        "roll: error: foe add: banana= is not a tiers stat, pool or field")
    assert state()["takers"] == ["Enemy Tactical Phase", "Ara"]


def test_every_move_undoes_back_to_no_encounter(tmp_path: Path) -> None:
    imported(tmp_path, "ara")
    moves = ["encounter start Ara --rolled 5,3",
             "foe add major ogre tier=3 heart=8 mind=d4 body=16 body=d8 ac=13 --rolled 7,1",
             "foe add 2 minor rats tier=1 mind=d4 vigor=1 body=10 ac=10 --rolled 1,1,1,1",
             "next", "next", "next", "next",
             "next --rolled 1,1,2,2,1,1,1,1", "next", "delay", "pin Ara 3", "encounter end"]
    for move in moves:
        run(move)
    for _ in moves:
        assert run("undo").startswith("undid #")
    assert refused("undo") == (1, "roll: error: nothing to undo\n")
    assert run("encounter") == "no encounter: encounter start [NAMES…]\n"
    assert run("sheet list") == "  Ara              tiers\n"
    assert "in-combat" not in run("sheet show Ara")


def test_a_defeated_minor_takes_no_turn_and_rolls_no_initiative(tmp_path: Path) -> None:
    imported(tmp_path, "ara")
    run("encounter start Ara --rolled 5,3")
    run("foe add 2 minor rats tier=1 mind=d4 vigor=1 body=10 ac=10 --rolled 1,1,2,1")
    assert "Rat 1 · Defeated on (hurt)\n" in run('hurt 1 --as "Rat 1"')
    run("next")
    run("next")
    assert run("next --rolled 1,1,2,2") == (
        "next → round 2 begins · Enemy Tactical Phase\n"
        "Encounter · R1 Rat 2 → R2 Enemy Tactical Phase (next)\n"
        "Rat 1 is defeated: no turn (foe rm Rat 1)\n"
        "initiative: Rat 2 4, Ara 2 · next: Rat 2\n"
        "the enemies name their maneuvers: declare, then next\n")
