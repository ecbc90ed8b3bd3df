"""Issue 37: a GM runs a whole fight from a 40×24 pane. Foes made by one line fight at once,
`encounter` shows each combatant at a glance, fight commands say what changed in a few lines,
NPCs carry the pools seed 003 gives them, and the order's edge cases cost nobody a turn."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli.base.settings import Settings
from tests.support.cli import invoke
from tests.support.encounter import SHEETS, imported, refused, run, state
from tests.support.repl import repl

VEX = ('name = "Vex"\nsystem = "tiers"\ntier = 2\narmor = "light"\n[stats]\nbody = 14\n'
       'mind = 12\nsense = 12\nheart = 12\n[dice]\nbody = "d6"\nmind = "d4"\n')
OGRE = "foe add major ogre tier=3 heart=8 mind=d4 body=16 body=d8 ac=13"
GOBLINS = "foe add 3 minor goblins tier=1 mind=d4 vigor=2 body=12 ac=11"


def vex_fight(tmp_path: Path) -> None:
    """Vex 7 (5+2), the Ogre 8 (7+1), Goblin 1 4, Goblin 2 9, Goblin 3 3; round 1's phase."""
    (tmp_path / "vex.toml").write_text(VEX, encoding="utf-8")
    assert invoke("sheet", "import", str(tmp_path / "vex.toml"))[0] == 0
    run("encounter start Vex --rolled 5,2")
    run(f"{OGRE} --rolled 7,1")
    run(f"{GOBLINS} --rolled 3,1,8,1,2,1")


def test_the_readme_foes_fight_at_once_and_foe_add_of_three_says_its_join_once(
        tmp_path: Path) -> None:
    (tmp_path / "vex.toml").write_text(VEX, encoding="utf-8")
    invoke("sheet", "import", str(tmp_path / "vex.toml"))
    run("encounter start Vex --rolled 5,2")
    run(f"{OGRE} --rolled 7,1")
    assert run(f"{GOBLINS} --rolled 3,1,8,1,2,1") == (
        f"{GOBLINS} → Goblin 1 … Goblin 3 join\n"
        "initiative: Goblin 2 9, Goblin 1 4, Goblin 3 3 · next: Goblin 2\n")
    # a foe attacks untrained, melee by Body; Vex's AC is light 11 + Sense +1
    assert run("attack on Vex --as Ogre --rolled 10,5") == (
        "attack on Vex → 10+3 = 13 vs 12 · hit · 5 damage\n"
        "Vex · Vigor 3 → 0 (attack)\n"
        "Vex · Vitality 5 → 3 (attack)\n"
        "Vex's AC: light armour 11, Sense +1 = 12\n"
        "Vex: Vigor takes 3, Vitality takes 2\n"
        "Vitality lost: a Declared Maneuver or Focus spell calls for a disruption check\n")
    assert run('attack on Goblin 2 stat body --as Vex --rolled 12,3').startswith(
        'attack on Goblin 2 stat body → 12+2 = 14 vs 11 · hit · 3 damage\n'
        "Goblin 2 · Vigor 2 → 0 (attack)\n"
        "Goblin 2 · Defeated on (attack)\n")


def test_foe_add_asks_for_what_the_fight_needs_naming_the_inline_form(tmp_path: Path) -> None:
    imported(tmp_path, "ara")
    run("encounter start Ara --rolled 5,3")
    asked = [refused(line)[1] for line in (
        "foe add major ogre tier=3 heart=8",
        "foe add major ogre tier=3 heart=8 mind=d4",
        "foe add major ogre tier=3 heart=8 mind=d4 ac=13",
        "foe add major ogre tier=3 heart=8 mind=d4 ac=13 body=16",
        "foe add major ogre tier=3 mind=d4 ac=13 body=16 body=d8",
        "foe add minor rat tier=1 mind=d4 ac=10 body=10")]
    assert asked == [
        "roll: error: foe add: Ogre's initiative is d8 + Mind die (the score→die table is"
        " OPEN): give it as mind=d4\n",
        "roll: error: foe add: Ogre's AC is armour base + Sense modifier: give it as sense=N"
        " (armor=light…), or ac=N\n",
        "roll: error: foe add: Ogre's attack is untrained melee, by its Body modifier: give it"
        " as body=N\n",
        "roll: error: foe add: Ogre's missed attack deals a Glancing Blow by its Body die"
        " (OPEN): give it as body=d6 (body=none, body=-d4)\n",
        "roll: error: foe add: Ogre's Vigor cap is Tier + Heart modifier: give its Heart as"
        " heart=N\n",
        "roll: error: foe add: Rat's whole pool is Vigor, its size OPEN: give it as vigor=N\n"]
    # a value no command of the fight asks at foe add names the foe's line, not a sheet
    run(f"{OGRE} --rolled 7,1")
    assert refused("save heart dc 10 --as Ogre")[1] == (
        "roll: error: Ogre has no Heart die: the rules text leaves the score→die table OPEN,"
        " so a foe's values come with its line: foe add … heart=d6\n")
    assert state()["takers"] == ["Enemy Tactical Phase", "Ara", "Ogre"]


def test_champions_foes_are_asked_for_might_armor_and_weapon_and_fight_at_once(
        tmp_path: Path) -> None:
    imported(tmp_path, "kael")
    run("encounter start Kael")
    assert refused("foe add thug cohort house=Red guard=11")[1] == (
        "roll: error: foe add: Thug needs its Might, which its attack adds (OPEN): give it as"
        " might=…\n")
    assert refused("foe add thug cohort house=Red guard=11 might=1")[1].startswith(
        "roll: error: foe add: Thug needs its Armor")
    assert refused("foe add thug cohort house=Red guard=11 might=1 armor=0")[1].startswith(
        "roll: error: foe add: Thug needs its weapon die")
    run("foe add 2 cohort thugs house=Red guard=11 might=1 armor=0 weapon=standard")
    run("next")
    assert run('attack Kael --as "Thug 1" --rolled 11,3').startswith(
        "attack Kael → 11+1 = 12 vs 12 · hit")


def test_the_order_at_a_glance_marks_the_turn_the_fallen_and_the_pools(tmp_path: Path) -> None:
    vex_fight(tmp_path)
    run("next")
    run('hurt 2 --as "Goblin 1"')
    assert run("encounter") == (
        "round 1 · Goblin 2's turn · next: Ogre\n"
        "▸  9 Goblin 2 · Vigor 2\n"
        "   8 Ogre · Vigor 2 · Vitality 6\n"
        "   7 Vex · Vigor 3 · Vitality 5\n"
        "   4 Goblin 1 · defeated · Vigor 0\n"
        "   3 Goblin 3 · Vigor 2\n")
    order = state()["order"]
    # NPCs carry the text's pools: a Minor's whole pool is Vigor; no Wounds, no Fate
    assert [(c["name"], c["pools"], c["state"], c["glance"]) for c in order] == [
        ("Goblin 2", {"vigor": 2}, ["turn"], {"vigor": 2}),
        ("Ogre", {"vigor": 2, "vitality": 6}, [], {"vigor": 2, "vitality": 6}),
        ("Vex", {"vigor": 3, "vitality": 5, "wounds": 3, "stamina": None, "fate": 3,
                 "earned": 0, "destiny": 0}, [], {"vigor": 3, "vitality": 5}),
        ("Goblin 1", {"vigor": 0}, ["defeated"], {"vigor": 0}),
        ("Goblin 3", {"vigor": 2}, [], {"vigor": 2})]
    # the next round's order: who is out rolls none, and shows none
    for _ in range(3):
        run("next")
    run("next --rolled 1,1,1,1,1,1,1,1")  # round 2: four roll, Goblin 1 none
    assert run("encounter").endswith("   – Goblin 1 · defeated · Vigor 0\n")


def test_champions_and_vagabond_glance_at_wounds_med_flags_and_hp(tmp_path: Path) -> None:
    imported(tmp_path, "kael", "wren")
    run("encounter start Kael Wren")
    run("foe add thug cohort house=Red guard=11 might=1 armor=0 weapon=standard")
    run('attack Wren weapon d10 --as Thug --rolled 15,9')
    assert run("encounter") == (
        "round 1 · House Blue's turn · next: Red\n"
        "▸ Kael [Blue] · Wounds 0/3\n"  # wounds taken of slots (SPEC §9)
        "  Wren · Downed · Wounds 2/2\n"  # 40 columns: the side gives way, and the Downed
        "      · Med Flag 3\n"  # have no turn mark; what does not fit goes on, never cut
        "  Thug [Red] · Wounds 0/2\n")


def test_a_group_with_nobody_left_standing_takes_no_turn(tmp_path: Path) -> None:
    imported(tmp_path, "ash")
    run("encounter start Ash")
    run("foe add wolf hp=2")
    run("hurt 2 --as Wolf")
    assert "dead" in state()["order"][1]["state"]
    assert (state()["turn"], state()["next"]) == ("heroes", None)  # as the text: never the one up
    assert run("next") == ("next → round 2 begins · the Heroes' Turn\n"
                           "Encounter · R1 heroes → R2 heroes (next)\n"
                           "enemies: nobody left standing, no turn\n")  # never the one up


def test_the_order_is_a_set_and_a_delay_or_pin_moves_no_turn(tmp_path: Path) -> None:
    imported(tmp_path, "mira", "bo", "ash")
    run("encounter start Mira Bo Mira")
    assert state()["takers"] == ["Mira", "Bo"]
    assert refused("encounter add Bo")[1] == (
        "roll: error: Bo is already in the encounter; nothing changed\n")
    assert refused("encounter add Ash") == (2, (
        "roll: error: Ash is a vagabond character: this fight is macchiato's (an encounter"
        " is of one game)\n"))


def test_a_delay_waits_for_the_next_one_standing(tmp_path: Path) -> None:
    imported(tmp_path, "ara")
    run("encounter start Ara --rolled 5,3")
    run("foe add 2 minor rats tier=1 mind=d4 vigor=1 body=10 ac=10 --rolled 1,1,2,1")
    run("next")
    run('hurt 1 --as "Rat 2"')
    # Rat 2 (defeated) keeps its place and gets no turn: Ara waits for Rat 1
    assert run("delay") == ("delay → Rat 1's turn\n"
                            "Encounter · R1 Ara → R1 Rat 1 (delay)\n"
                            "Ara delays until after Rat 1\n"
                            "next: Ara\n")
    assert [c["name"] for c in state()["order"]] == ["Rat 2", "Rat 1", "Ara"]
    assert run("next") == ("next → round 1 · Ara's turn\n"
                           "Encounter · R1 Rat 1 → R1 Ara (next)\n"
                           "Ara takes the turn it delayed\n"
                           "next: Enemy Tactical Phase\n")


def test_declare_react_and_focus_live_in_a_fight_and_declare_in_the_tactical_phase(
        tmp_path: Path) -> None:
    imported(tmp_path, "ara")
    assert refused("declare --as Ara") == (1, (
        "roll: error: declare belongs to a fight's round: encounter start first; nothing"
        " changed\n"))
    assert refused("react --as Ara")[0] == 1 and refused("focus --as Ara")[0] == 1
    run("encounter start Ara --rolled 5,3")
    run("declare --as Ara")
    run("next")
    run("declare done --as Ara")
    assert refused("declare --as Ara") == (1, (
        "roll: error: a Declared Maneuver is announced in the Enemy Tactical Phase (it is"
        " Ara's now); nothing changed\n"))


def test_encounter_end_says_it_in_five_rows_of_a_pane_after_the_rounds_fought(
        tmp_path: Path) -> None:
    vex_fight(tmp_path)
    for _ in range(5):
        run("next")
    run("next --rolled 1,1,1,1,1,1,1,1,1,1")  # round 2's phase
    run("react --as Vex")
    # issue 48: ended in round 2, the fight lasted 2 rounds (it said 1); the headline says the
    # fight is over, so no `Encounter · … → off` row says it again
    assert run("encounter end") == (
        "encounter end → the fight is over after 2 rounds\n"
        "Vex · In combat, Reacted off (out of the fight)\n"
        "Goblin 2, Ogre, Goblin 1, Goblin 3 · leave the campaign (the fight ends)\n")
    assert run("undo") == (
        "undid #11 (nobody): encounter end\n"
        "   Encounter · off → R2 Enemy Tactical Phase (undo encounter end)\n"
        "   Goblin 3, Goblin 1, Ogre, Goblin 2 · join the campaign (undo the fight ends)\n"
        "   Goblin 3, Goblin 1, Ogre, Goblin 2 · In combat on (undo out of the fight)\n"
        "   Vex · Reacted, In combat on (undo out of the fight)\n")
    # the 40-column pane: five rows (it took seven)
    assert repl("encounter end\rquit\r", Settings()) == (0, (
        "the fight is over after 2 rounds\n"
        "  Vex · In combat, Reacted off (out of\n"
        "    the fight)\n"
        "  Goblin 2, Ogre, Goblin 1, Goblin 3 ·\n"
        "    leave the campaign (the fight ends)\n"), "")


def test_encounter_end_in_round_one_says_one_round(tmp_path: Path) -> None:
    vex_fight(tmp_path)
    assert run("encounter end").startswith("encounter end → the fight is over after 1 round\n")


def test_an_error_shows_a_brief_usage_and_points_at_help(tmp_path: Path) -> None:
    imported(tmp_path, "ara")
    assert refused("attack banana --as Ara")[1] == (
        "roll: error: attack: unknown word 'banana' (attack ac N|on NAME [stat"
        " STAT|melee|ranged] … · help tiers)\n")
    assert refused("foe sing")[1] == (
        "roll: error: foe takes: foe add [N] NAME [KIND] [stat=N …] | foe rm NAME … · help"
        " encounter\n")


def test_a_foe_described_without_add_is_answered_with_the_add(tmp_path: Path) -> None:
    usage = "foe add [N] NAME [KIND] [stat=N …] | foe rm NAME … · help encounter"
    for typed, spelled in [("foe Goblin hp=5", "foe add Goblin hp=5"),
                           ("foe 3 Raider", "foe add 3 Raider"),
                           ("foe goblin hp=5", "foe add goblin hp=5")]:
        assert refused(typed)[1] == (
            f"roll: error: a foe joins with foe add: {spelled} (foe takes: {usage})\n")
    code, out, _ = invoke("--json", "-s", "tiers", "foe", "Goblin", "hp=5")
    assert code == 2 and json.loads(out)["hint"] == "foe add Goblin hp=5"


def test_help_tiers_documents_the_fights_words() -> None:
    code, out, _ = invoke("help", "tiers")
    assert code == 0
    assert "  declare [done|drop]   in a fight (help encounter), in the Enemy\n" in out
    assert "  react         the one reaction of the round" in out
    assert "  focus [sustain|drop]   a Focus spell cast" in out


def test_the_repls_help_lists_encounter_and_undo_wraps_at_words(tmp_path: Path) -> None:
    (tmp_path / "ara.toml").write_text(SHEETS["ara"], encoding="utf-8")
    invoke("sheet", "import", str(tmp_path / "ara.toml"))
    run("encounter start Ara --rolled 5,3")
    run("hurt 3 --as Ara")
    run("next")
    status, out, _ = repl("undo\rquit\r", Settings())
    # the 40-column pane: at words, under a hanging indent, never cut mid-word
    assert (status, out) == (0, "undid #3 (nobody): next\n"
                                "   Encounter · R1 Ara → R1 Enemy\n"
                                "     Tactical Phase (undo next)\n"
                                "   Ara · Vigor 3 → 1 (undo turn starts)\n")
    status, out, _ = repl("help\rquit\r", Settings())
    assert out.endswith("Topics: notation · tables · generic ·\n  vagabond · macchiato ·"
                        " champions ·\n  tiers · brighter · sheets · encounter\n  · games · config\n")



def test_encounter_add_reads_names_of_several_words_as_every_command_does(tmp_path: Path) -> None:
    """`encounter add Old Tom Vex Junior` names two characters (Context.named joins each name,
    the longest winning over `Vex`), and a word that is nobody's name is refused, naming who
    is known."""
    vex_fight(tmp_path)
    for name in ("Old Tom", "Vex Junior"):
        (tmp_path / "pc.toml").write_text(VEX.replace('"Vex"', f'"{name}"'), encoding="utf-8")
        assert invoke("sheet", "import", str(tmp_path / "pc.toml"))[0] == 0
    assert run("encounter add Old Tom Vex Junior --rolled 6,1,2,1").startswith(
        "encounter add Old Tom Vex Junior → Old Tom, Vex Junior join\n")
    status, error = refused("encounter add Young Tom")
    assert status == 2
    assert error.startswith("roll: error: no character named 'Young' in this campaign (known:")


@pytest.mark.parametrize(("game", "typed", "message", "hint"), [
    ("vagabond", "encounter next", "encounter next is written next here", "next"),
    ("tiers", "encounter stop", "encounter stop is written encounter end here", "encounter end"),
    ("macchiato", "encounter status", "encounter status is written encounter here", "encounter"),
    ("vagabond", "foe list", "the foes are listed by encounter", "encounter"),
    ("vagabond", "end turn", "a turn is ended with next here", "next"),
    ("champions", "end turn", "a turn is ended with turn end here", "turn end"),
    ("generic", "start combat", "a fight starts with encounter start here", "encounter start"),
    ("tiers", "Begin Encounter", "a fight starts with encounter start here", "encounter start"),
    ("macchiato", "fight over", "a fight ends with encounter end here", "encounter end"),
    ("brighter", "end battle", "a fight ends with encounter end here", "encounter end"),
    ("vagabond", "init begin", "a fight starts with encounter start here", "encounter start"),
    ("champions", "init next", "a turn passes with next here", "next"),
    ("generic", "init", "the fight's order and whose turn it is are shown by encounter here",
     "encounter"),
    ("vagabond", "init add Old Tom",
     "a combatant joins with encounter add Old Tom here (a foe: foe add Old Tom)",
     "encounter add Old Tom"),
    ("tiers", "init add 3 Goblin", "a combatant joins with encounter add NAME here",
     "encounter add NAME"),
    ("macchiato", "init remove Ogre", "a combatant leaves with encounter rm Ogre here",
     "encounter rm Ogre"),
    ("brighter", "init madd 2 Goblin", "a fight is run with encounter, foe and next here",
     "help encounter"),
])  # fmt: skip
def test_a_gms_other_words_for_the_fight_say_the_line_that_does_it(
        game: str, typed: str, message: str, hint: str) -> None:
    """Words of other tools and tables (Avrae's `init` tracker, `start combat`, `end turn`)
    that no game has: the error says the LINE that runs the fight here, and its JSON `hint`
    is that LINE."""
    code, out, err = invoke("--json", "-s", game, *typed.split())
    obj = json.loads(out)
    assert (code, obj["hint"]) == (2, hint) and obj["error"].startswith(message)
    assert err.startswith(f"roll: error: {message}")
