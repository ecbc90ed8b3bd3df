"""Whose roll and on whom (issue 48): a foe's or a target's roll says whose in the headline in
every game, a command landing `on NAME` is the acting combatant's action on that one (the
log's `character` and `on`), the waiting foes' game starts the fight, and `on` a combatant of
another game names that game."""

from __future__ import annotations

import json
from pathlib import Path

from cli.base.settings import Settings
from tests.support.cli import invoke
from tests.support.encounter import TABLE, imported, refused, run
from tests.support.repl import repl


def last_logged(count: int = 1) -> list[dict[str, object]]:
    rows = invoke("log", "--json", "-n", str(count))[1].splitlines()
    return [json.loads(row) for row in rows]


def in_pane(lines: str, rolled: str) -> str:
    """The REPL's 40-column answer to `lines` with these faces."""
    status, out, err = repl(lines + "\nquit\n", Settings(rolled=rolled))
    assert (status, err) == (0, "")
    return out


def test_a_macchiato_goblins_check_says_whose_it_was(tmp_path: Path) -> None:
    imported(tmp_path, "pip", sheets=TABLE)
    run("-s macchiato foe add 2 goblins hp=4 str=9")
    run("encounter start Pip roll d20 --rolled 14,3,2")
    assert in_pane('-a "Goblin 1" check str', "5") == "Goblin 1's check: pass · 5\n  5 ≤ 9\n"
    row = last_logged()[0]
    assert (row["character"], row["whose"]) == ("Goblin 1", "Goblin 1's check")
    assert in_pane("check str", "5") == "(as Pip: its turn)\npass · 5\n  5 ≤ 10\n"  # Pip's own


def test_hurt_on_a_goblin_is_pips_action_on_it(tmp_path: Path) -> None:
    imported(tmp_path, "pip", sheets=TABLE)
    run("-s macchiato foe add 2 goblins hp=4")
    run("encounter start Pip roll d20 --rolled 14,3,2")
    code, out, err = invoke("--json", "hurt", "2", "on", "Goblin 2")
    assert (code, err) == (0, "")
    result = json.loads(out)
    assert (result["character"], result["on"], result["changes"]) == ("Pip", "Goblin 2", [
        {"character": "Goblin 2", "pool": "hp", "before": 4, "after": 2, "reason": "hurt",
         "kind": "pool"}])
    assert "whose" not in result
    assert invoke("log", "-n", "1")[1].split(" ", 2)[2].startswith("Pip hurt 2 on Goblin 2")
    assert run("undo") == ("undid #3 (Pip): hurt 2 on Goblin 2\n"  # Pip's action: Pip's undo
                           "   Goblin 2 · HP 2 → 4 (undo hurt)\n")
    run("next")  # Goblin 1's turn: a hurt now is the goblin's action
    code, out, _ = invoke("--json", "hurt", "1", "on", "Goblin 2")
    assert (json.loads(out)["character"], json.loads(out)["on"]) == ("Goblin 1", "Goblin 2")


def test_vagabond_hit_on_bram_is_bram_s_save_and_the_attack_names_its_target(
        tmp_path: Path) -> None:
    imported(tmp_path, "mira", "bram", sheets=TABLE)
    run("-s vagabond foe add 2 goblins hp=5 armor=1")
    run("encounter start Mira Bram")
    assert in_pane("hit 2d6 on Bram block", "15,4,3") == (
        "Bram's save: pass · 15\n"
        "  15 vs 14 · 3 damage\n"
        "  Bram · HP 3 → 0 (hit)\n"
        "  Bram · Dead on (0 HP)\n"
        "  Damage 2d6 → [4, 3] = 7, -4 (the Save\n"
        "    ignores a d6) = 3\n"
        "  Bram dies: 0 HP (no death saves)\n")
    assert in_pane("-a Mira attack finesse d6 on Goblin 1", "12,5") == (
        "hit · 12\n"
        "  12 vs 10 · 4 damage\n"
        "  Goblin 1 · HP 5 → 1 (attack)\n"
        "  Damage 1d6 → [5] = 5, -1 Armor = 4\n")
    save, attack = last_logged(2)
    # Bram's own save (his Luck may Fluke it), made on the Heroes' Turn: by nobody in particular
    assert (save["character"], save["on"], save["by"], save["whose"]) == (
        "Bram", "Bram", None, "Bram's save")
    assert (attack["character"], attack["on"], "whose" in attack) == ("Mira", "Goblin 1", False)


def test_a_save_made_on_bram_is_his_to_fluke_and_says_who_made_him_roll(
        tmp_path: Path) -> None:
    imported(tmp_path, "mira", "bram", sheets=TABLE)
    run("-s vagabond foe add goblin hp=5")
    run("encounter start Mira Bram")
    run("next")  # the Enemies' Turn: the goblin's attack is Bram's Save to Block
    run("-a Goblin hit 1d6 on Bram block --rolled 3,2")
    row = last_logged()[0]
    assert (row["character"], row["on"], row["by"], row["outcome"]) == (
        "Bram", "Bram", "Goblin", "fail")
    assert run("-a Bram fluke --rolled 15") == (
        "fluke: hit 1d6 on Bram block → 15 vs 14 · pass · 0 damage\n"
        "Bram · Luck 2 → 1 (fluke)\n"
        "Bram · HP 1 → 3 (undone: hit)\n"
        "Fluke: the d20 3 → 15\n"
        "Damage 1d6 → [2] = 2, -2 (the Save ignores a d6) = 0\n")


def test_a_brighter_wolfs_save_says_whose_it_was(tmp_path: Path) -> None:
    imported(tmp_path, "wren", sheets=TABLE)
    run("-s brighter foe add wolf str=d6 dex=d6 wil=d4")
    run("encounter start roll d6 --rolled 2,5")  # Wren 2, Wolf 5: the Wolf's turn
    assert in_pane("save str", "3") == "(as Wolf: its turn)\nWolf's save: fail · 3\n  3 vs 4\n"


def test_a_champions_raiders_attack_says_whose_it_was_and_on_whom(tmp_path: Path) -> None:
    imported(tmp_path, "kael", "sera", sheets=TABLE)
    run("-s champions foe add raider cohort house=Red guard=11 might=1 armor=0 weapon=d6")
    run("encounter start Kael Sera")
    assert in_pane("-a Raider attack on Kael weapon standard", "15,3") == (
        "Raider's attack: hit · 16\n"
        "  15+1 = 16 vs 12 · 1 wound\n"
        "  Kael · Wounds 0 → 1 (attack)\n"
        "  Damage d6: 3 − 1 Armor = 2 → 1 wound\n")
    row = last_logged()[0]
    assert (row["character"], row["on"], row["whose"]) == ("Raider", "Kael", "Raider's attack")


def test_the_waiting_foes_game_starts_the_fight(tmp_path: Path) -> None:
    imported(tmp_path, "pip", "mira", "wren", sheets=TABLE)
    assert refused("encounter start") == (2, (
        "roll: error: which game's encounter? this campaign holds brighter, macchiato and"
        " vagabond: name who takes part (encounter start Mira Bo), or choose the game with -s"
        " (-s GAME encounter start)\n"))
    run("-s brighter foe add wolf str=d6 dex=d6 wil=d4")
    assert run("encounter start roll d6 --rolled 2,5") == (
        "encounter start roll d6 → round 1 · Wolf's turn\n"
        "Encounter · off → R1 Wolf (encounter start)\n"
        "initiative: Wolf 5, Wren 2 · next: Wren\n")
    run("encounter end")
    run("-s brighter foe add wolf str=d6 dex=d6 wil=d4")
    run("-s macchiato foe add 2 goblins hp=4")
    assert refused("encounter start") == (2, (
        "roll: error: which game's encounter? foes of brighter and macchiato wait for it: name"
        " who takes part (encounter start Mira Bo), or choose the game with -s"
        " (-s GAME encounter start)\n"))
    assert run("encounter start Pip").startswith("encounter start Pip → round 1 · Pip's turn\n")


def test_on_a_combatant_of_another_game_names_its_game(tmp_path: Path) -> None:
    imported(tmp_path, "pip", "mira", sheets=TABLE)
    run("-s macchiato foe add 2 goblins hp=4")
    run("encounter start Pip roll d20 --rolled 14,3,2")
    assert refused("-s vagabond hurt 1 on Goblin 1") == (2, (
        "roll: error: Goblin 1 is a macchiato foe: hurt … on NAME takes a vagabond one"
        " (-s macchiato hurt … on Goblin 1)\n"))
    assert refused("-s vagabond -a Mira attack finesse d6 on Goblin 1") == (2, (
        "roll: error: Goblin 1 is a macchiato foe: attack … on NAME takes a vagabond one"
        " (-s macchiato attack … on Goblin 1)\n"))
    assert [c["pools"] for c in json.loads(invoke("encounter", "--json")[1])["encounter"][
        "order"]] == [{}, {"hp": 4}, {"hp": 4}]  # nothing changed (Pip's HP is OPEN)


def test_a_brighter_foe_is_asked_for_its_grit_at_foe_add(tmp_path: Path) -> None:
    imported(tmp_path, "wren", sheets=TABLE)
    assert refused("-s brighter foe add wolf str=d6 dex=d8") == (2, (
        "roll: error: foe add: Wolf's Grit is 1 + the steps its DEX and WIL stand above d4"
        " (public rules), and it has no WIL: give wil=dN, or its Grit as grit=N (foe add wolf"
        " str=d6 dex=d8 grit=2)\n"))
    assert refused("-s brighter foe add wolf str=d6")[1].startswith(
        "roll: error: foe add: Wolf's Grit is 1 + the steps its DEX and WIL stand above d4"
        " (public rules), and it has no DEX and WIL: give dex=dN wil=dN, or its Grit as grit=N")
    assert invoke("sheet", "list", "--json") == (  # a refused foe add added nobody
        0, '{"name": "Wren", "system": "brighter"}\n', "")
    run("-s brighter foe add wolf str=d6 dex=d8 grit=2")
    run("encounter start roll d6 --rolled 5,2")  # Wren 5, Wolf 2
    assert run("hit 4 on Wolf --rolled 5") == (
        "(as Wren: its turn)\n"
        "hit 4 on Wolf → 2 Direct Damage · STR 5 > 2 · pass\n"
        "Wolf · Grit 2 → 0 (hit)\n")
    assert run("encounter") == ("round 1 · Wren's turn · next: Wolf\n"
                                "▸  5 Wren · Grit 3 STR d8 DEX d6 WIL d6\n"
                                "   2 Wolf · Grit 0 · STR d6 DEX d8\n")
