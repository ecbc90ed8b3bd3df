"""The REPL lives in the fight: with nobody chosen, the toolbar shows whose turn it is and its
pools, the game is the fight's, the prompt tells combatants alike apart at 40 columns, a
Tiers foe's words name it where it is nobody's turn, and no error asks for a sheet import
when the campaign holds characters."""

from __future__ import annotations

import json
from pathlib import Path

from cli.base.settings import Settings
from cli.repl.prompt import prompt_text, shortened
from cli.repl.toolbar import toolbar_text
from cli.repl.view import TableView
from tests.support.cli import invoke
from tests.support.encounter import goblins_turn, imported, run
from tests.support.repl import repl, seen, view

ARA = ('name = "Ara"\nsystem = "tiers"\ntier = 2\n[stats]\nheart = 14\nmind = 12\n'
       '[dice]\nmind = "d6"\n')
OGRE = ('name = "Ogre"\nsystem = "tiers"\ntier = 3\nkind = "major"\n[stats]\nheart = 8\n'
        '[dice]\nmind = "d4"\n')


def test_the_toolbar_shows_whose_turn_it_is_and_its_pools(tmp_path: Path) -> None:
    goblins_turn(tmp_path)
    for nobody in (Settings(), Settings(character="")):  # none chosen, or `as -`
        fight = seen(nobody)
        assert (fight.system.id, fight.turn) == ("macchiato", True)
        assert toolbar_text(fight, 40) == "Goblin 1's turn:  HP 3/3  Foe"
        assert prompt_text(fight, 40) == "mac·gobli…1> "
    chosen = seen(Settings(character="Goblin 2"))
    assert toolbar_text(chosen, 40) == "Goblin 2:  HP 3/3  Foe"  # chosen: no turn mark
    assert prompt_text(chosen, 40) == "mac·gobli…2> "


def test_with_nobody_up_the_game_is_the_fights(tmp_path: Path) -> None:
    (tmp_path / "ara.toml").write_text(ARA, encoding="utf-8")
    assert invoke("sheet", "import", str(tmp_path / "ara.toml"))[0] == 0
    run("encounter start Ara --rolled 3,3")  # the Enemy Tactical Phase: nobody's turn
    fight = seen(Settings())
    assert (fight.system.id, fight.character, fight.turn) == ("tiers", None, False)
    assert prompt_text(fight, 40) == "tiers> "
    assert toolbar_text(fight, 40) == "tiers · nobody acts (as NAME)"


def test_the_prompt_keeps_a_trailing_number_when_it_shortens_a_name() -> None:
    prompts = [prompt_text(view("tiers", f"Goblin {n}"), 40) for n in (1, 2, 12)]
    assert prompts == ["tie·gobli…1> ", "tie·gobli…2> ", "tie·gobl…12> "]
    assert prompt_text(view("tiers", "Serafina Ashwood"), 40) == "tie·serafi…> "
    assert [shortened(n, 8) for n in ("Goblin 1", "Goblin Warrior 3", "Bo 2")] == [
        "Goblin 1", "Goblin…3", "Bo 2"]


def test_a_tiers_foe_declares_and_reacts_by_name_on_nobodys_turn(tmp_path: Path) -> None:
    for name, sheet in (("ara", ARA), ("ogre", OGRE)):
        (tmp_path / f"{name}.toml").write_text(sheet, encoding="utf-8")
        assert invoke("sheet", "import", str(tmp_path / f"{name}.toml"))[0] == 0
    run("encounter start Ara Ogre --rolled 3,3,2,2")  # no game chosen, nobody acts
    assert run("declare Ogre") == "Ogre declares a maneuver\nOgre · Declared on (declare)\n"
    assert run("react ogre") == "Ogre uses its reaction\nOgre · Reacted on (react)\n"
    code, out, _ = invoke("log", "--json")
    assert [(row["input"], row["character"]) for row in map(json.loads, out.splitlines())][
        -2:] == [("declare Ogre", "Ogre"), ("react ogre", "Ogre")]
    run("undo")
    run("undo")
    # in the REPL too, and after `as -` (nobody chosen again: the fight's game stays)
    status, out, err = repl("declare Ogre\ras Ara\ras -\rreact Ogre\rquit\r")
    assert (status, err) == (0, "")
    assert out == ("Ogre declares a maneuver\n  Ogre · Declared on (declare)\n"
                   "acting as Ara (tiers) until the turn\n  changes\nacting as nobody\n"
                   "Ogre uses its reaction\n  Ogre · Reacted on (react)\n")


def test_no_error_asks_for_a_sheet_import_when_the_campaign_holds_one(tmp_path: Path) -> None:
    (tmp_path / "ara.toml").write_text(ARA, encoding="utf-8")
    assert invoke("sheet", "import", str(tmp_path / "ara.toml"))[0] == 0
    assert invoke("-s", "tiers", "recover", "stamina", "1") == (
        2, "", "roll: error: this needs a character: use --as NAME (or `as NAME` in the REPL)\n")
    status, out, err = repl("use tiers\rrecover stamina 1\rquit\r")
    assert (status, err) == (0, "roll: error: this needs a character: act\n  as one (-a NAME, or as NAME)\n")


def test_an_empty_campaign_still_points_at_sheet_import() -> None:
    code, _, err = invoke("-s", "tiers", "recover", "stamina", "1")
    assert (code, err) == (2, "roll: error: this needs a character: use --as NAME (or `as NAME`"
                              " in the REPL), after `roll sheet import FILE.toml`\n")


def test_a_fight_markers_flag_reads_in_the_games_words_in_the_toolbar() -> None:
    """A Vagabond Status that lasts until a Group's next Turn shows as the fight says it, never
    as its id (`Until-turn:enemies:vulnerable`)."""
    from cli.repl.toolbar import toolbar_text
    from rules.campaign import Character
    from rules.systems import get_system

    bram = Character("Bram", "generic", {"max": {"hp": 3},
                                         "flags": ["until-turn:enemies:vulnerable"]})
    assert toolbar_text(TableView(get_system("generic"), bram), 80) == (
        "Bram:  HP 3/3  Vulnerable until the Enemies' next Turn")


def test_the_pane_reads_one_way_in_every_game(tmp_path: Path) -> None:
    from tests.support.encounter import TABLE

    imported(tmp_path, "wren", "ara", "mira", sheets=TABLE)
    run("-s vagabond foe add goblin hp=4")
    run("-s vagabond encounter start Mira")
    # a foe has no Luck or Mana of its own: not shown, never `—`
    assert toolbar_text(seen(Settings(character="Goblin")), 40) == (
        "Goblin:  HP 4/4  Fatigue 0/5  Foe")
    run("encounter end")
    run("-a Wren step down dex")
    assert toolbar_text(seen(Settings(character="Wren")), 40) == (
        "Wren:  Grit 3/3  STR d8 DEX d4 WIL d6")  # the current dice beside Grit
    run("-a Ara hurt 9 --rolled 1")
    ara = seen(Settings(character="Ara"))
    # Tiers' Wound slots read as wounds taken of slots, as Champions' Wounds do
    assert toolbar_text(ara, 80) == (
        "Ara:  Vigor 4/4  Vitality 5/5  Wounds 1/3  Stamina 4/4  Fate 3/3  Earned 0\nDestiny 0")
