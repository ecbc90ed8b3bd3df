"""On whom (SPEC §9): `on NAME` on every command that harms, heals or tests another, in every
game, the change going to that combatant's pools by its game's rules, as the action of whose
turn it is (said: `(as Pip: its turn)`)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.support.cli import invoke
from tests.support.encounter import TABLE, imported, refused, run, state


def pools(name: str) -> dict[str, object]:
    found: dict[str, object] = next(c for c in state()["order"] if c["name"] == name)["pools"]
    return found


def test_macchiato_hurt_and_heal_on_a_goblin_on_pips_turn(tmp_path: Path) -> None:
    imported(tmp_path, "pip", "mira", sheets=TABLE)
    run("-s macchiato foe add 2 goblins hp=4")
    run("encounter start Pip roll d20 --rolled 14,3,2")
    assert run("hurt 3 on Goblin 1") == ("(as Pip: its turn)\n"  # Pip's action on Goblin 1
                                         "hurt 3 on Goblin 1 → HP 1\n"
                                         "Goblin 1 · HP 4 → 1 (hurt)\n")
    assert run("heal 1 on Goblin 1") == ("(as Pip: its turn)\n"
                                         "heal 1 on Goblin 1 → HP 2\n"
                                         "Goblin 1 · HP 1 → 2 (heal)\n")
    assert (pools("Goblin 1"), pools("Goblin 2")) == ({"hp": 2}, {"hp": 4})
    code, out, _ = invoke("log", "--json", "-n", "1")
    row = json.loads(out)
    # Pip's action (the turn's holder) on Goblin 1: the log says who acted and on whom
    assert (row["character"], row["on"], row["changes"][0]["before"],
            row["changes"][0]["after"]) == ("Pip", "Goblin 1", 1, 2)
    assert "whose" not in row  # no roll of the goblin's: the headline names nobody
    assert refused("hurt 3 on Mira")[1] == (
        "roll: error: Mira is a vagabond character: hurt … on NAME takes a macchiato one"
        " (-s vagabond hurt … on Mira)\n")
    assert refused("hurt 3 on")[1] == "roll: error: hurt: on needs whom: hurt … on NAME\n"


def test_vagabond_attack_on_a_goblin_through_its_armor_and_hit_on_bram(tmp_path: Path) -> None:
    imported(tmp_path, "mira", "bram", sheets=TABLE)
    run("-s vagabond foe add 2 goblins hp=5 armor=1")
    run("encounter start Mira Bram")
    assert run("-a Mira attack finesse d6 on Goblin 1 --rolled 12,5") == (
        "attack finesse d6 on Goblin 1 → 12 vs 10 · hit · 4 damage\n"
        "Goblin 1 · HP 5 → 1 (attack)\n"
        "Damage 1d6 → [5] = 5, -1 Armor = 4\n")
    assert run("odds -a Mira attack finesse d6 on Goblin 1").startswith(
        "attack finesse d6 on Goblin 1\nhit 55.00% · miss 45.00%")
    assert run("hit 2d6 on Bram block --rolled 15,4,3") == (
        "hit 2d6 on Bram block → 15 vs 14 · pass · 3 damage\n"
        "Bram · HP 3 → 0 (hit)\n"
        "Bram · Dead on (0 HP)\n"
        "Damage 2d6 → [4, 3] = 7, -4 (the Save ignores a d6) = 3\n"
        "Bram dies: 0 HP (no death saves)\n")
    assert run("-a Mira attack finesse d6 on Goblin 1 --rolled 12,6").startswith(
        "attack finesse d6 on Goblin 1 → 12 vs 10 · hit · 5 damage\n"
        "Goblin 1 · HP 1 → 0 (attack)\n"
        "Goblin 1 · Dead on (0 HP)\n")
    assert run("encounter") == ("R1 ▸ heroes · next enemies\n"
                                "▸ Mira [heroes] · HP 8\n"
                                "  Bram [heroes] · dead · HP 0\n"
                                "  Goblin 1 [enemies] · dead · HP 0\n"
                                "  Goblin 2 [enemies] · HP 5\n")


def test_brighter_hit_on_the_wolf_through_its_grit_and_save(tmp_path: Path) -> None:
    imported(tmp_path, "wren", sheets=TABLE)
    run("-s brighter foe add wolf str=d6 dex=d6 wil=d4")
    run("encounter start roll d6 --rolled 5,2")  # Wren 5, Wolf 2: Wren's turn
    assert run("hit 3 on Wolf --rolled 6") == (
        "(as Wren: its turn)\n"
        "hit 3 on Wolf → 1 Direct Damage · STR 6 > 1 · pass\n"
        "Wolf · Grit 2 → 0 (hit)\n")
    assert pools("Wolf") == {"grit": 0}


def test_champions_attack_on_a_raider_by_a_line_of_its_own_in_a_house_turn(
        tmp_path: Path) -> None:
    imported(tmp_path, "kael", "sera", sheets=TABLE)
    run("-s champions foe add raider cohort house=Red guard=11 might=1 armor=0 weapon=d6")
    run("encounter start Kael Sera")
    assert run("-a Kael attack on Raider weapon standard --rolled 15,3") == (
        "attack on Raider weapon standard → 15+2 = 17 vs 11 · hit · 1 wound\n"
        "Raider · Wounds 0 → 1 (attack)\n"
        "Damage d6: 3 → 1 wound\n")
    assert run("hurt 1 on Sera") == "hurt 1 on Sera → Wounds 1 of 3\nSera · Wounds 0 → 1 (hurt)\n"
    assert run("heal 1 on Sera") == "heal 1 on Sera → Wounds 0 of 3\nSera · Wounds 1 → 0 (heal)\n"
    assert pools("Raider")["wounds"] == 1


def test_tiers_hurt_on_a_minor_runs_through_its_vigor(tmp_path: Path) -> None:
    imported(tmp_path, "ara", sheets=TABLE)
    run("-s tiers foe add 2 minor goblins tier=1 mind=d4 vigor=2 body=12 ac=11")
    run("encounter start Ara --rolled 5,3,2,1,6,4")
    assert run("hurt 3 on Goblin 1") == (
        "hurt 3 on Goblin 1 → Vigor takes 2 · defeated\n"
        "Goblin 1 · Vigor 2 → 0 (hurt)\n"
        "Goblin 1 · Defeated on (hurt)\n"
        "Goblin 1 is a Minor: its whole pool is Vigor, and at 0 it is out of the fight\n")
    assert run("hurt 2 on Ara") == "hurt 2 on Ara → Vigor takes 2\nAra · Vigor 4 → 2 (hurt)\n"
    assert (pools("Goblin 1")["vigor"], pools("Ara")["vigor"]) == (0, 2)


def test_the_repl_headline_says_whose_critical_damage_save_it_was(tmp_path: Path) -> None:
    from cli.base.settings import Settings
    from tests.support.repl import repl

    imported(tmp_path, "wren", sheets=TABLE)
    run("-s brighter foe add wolf str=d6 dex=d6 wil=d4")
    run("encounter start roll d6 --rolled 5,2")
    status, out, err = repl("hit 3 on Wolf\nquit\n", Settings(rolled="6"))
    assert (status, err) == (0, "")
    assert out == ("(as Wren: its turn)\n"
                   "Wolf's Critical Damage save: pass · 3\n"
                   "  1 Direct Damage · STR 6 > 1\n"
                   "  Wolf · Grit 2 → 0 (hit)\n")
