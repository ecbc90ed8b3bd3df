"""Tiers NPC kinds (003:L97, L111, L122, L230, L236) and Vigor only in combat (003:L121)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.errors import RuleError, SheetError, UsageError
from tests.support.cli import invoke
from tests.support.tiers import changes, character, data, kell, run, text

GOB = {"name": "Gob", "system": "tiers", "kind": "minor", "tier": 1,
       "stats": {"sense": 10, "heart": 10}, "max": {"vigor": 3}}
OGRE = {"name": "Ogre", "system": "tiers", "kind": "major", "tier": 2, "ac": 15,
        "stats": {"heart": 14, "body": 16}, "dice": {"body": "d8", "sense": "d4", "fate": "d4"},
        "max": {"stamina": 2}}
FIGHTING = ["in-combat"]


def test_the_kind_is_a_sheet_key_of_five_words() -> None:
    assert character(kell(kind="Sovereign")).field("kind") == "sovereign"
    assert character(kell(kind="pc")).field("kind") == "player"
    with pytest.raises(SheetError) as err:
        character(kell(kind="boss"))
    assert err.value.message == ("sheet key 'kind' is one of player, minor, major, sovereign,"
                                 " retainer, not 'boss'")


# ---- a Minor's whole pool is Vigor ----


def test_a_minors_whole_pool_is_vigor_and_vigor_damage_is_damage() -> None:
    res = run("attack on Gob stat mind mystic", [12, 2], others=[GOB])
    assert text(res) == ("attack on Gob stat mind mystic → 12+0 = 12 vs 10 · hit · 2 Vigor damage\n"
                         "Gob · Vigor 3 → 1 (attack)\n"
                         "Gob's AC: unarmored 10, Sense +0 = 10\n"
                         "Gob: Vigor takes 2")
    gob = {**GOB, "pools": {"vigor": 1}}
    res = run("attack on Gob stat body", [12, 4], others=[gob])
    assert changes(res) == [("vigor", 1, 0, "attack"), ("defeated", False, True, "attack")]
    assert res.notes[-2:] == ("Gob: Vigor takes 1 · defeated",
                              "Gob is a Minor: its whole pool is Vigor, and at 0 it is out of"
                              " the fight")
    with pytest.raises(RuleError, match="Gob is out of the fight \\(defeated\\); nothing changed"):
        run("attack on Gob stat body", [12, 4], others=[{**gob, "flags": ["defeated"],
                                                          "pools": {"vigor": 0}}])


def test_a_minors_vigor_size_is_asked_for() -> None:
    nameless = {k: v for k, v in GOB.items() if k != "max"}
    with pytest.raises(UsageError) as err:
        run("hurt 1", sheet=nameless)
    assert err.value.message == ("Gob: a Minor's whole pool is Vigor and the excerpt does"
                                 " not give its size: add [max] vigor = N to the sheet")


def test_a_minors_attack_is_a_minor_hit_unless_major_is_given() -> None:
    res = run("attack ac 10 stat sense bonus 1", [12], sheet=GOB)
    assert text(res) == "attack ac 10 stat sense bonus 1 → 12+0+1 = 13 vs 10 · hit · 1 damage"
    res = run("attack ac 10 stat sense major", [12, 3], sheet={**GOB, "dice": {"body": "d4"}})
    assert text(res) == "attack ac 10 stat sense major → 12+0 = 12 vs 10 · hit · 3 damage"


# ---- Majors and Sovereigns: no wounds ----


def test_an_npc_at_zero_vitality_is_defeated_without_a_wound() -> None:
    res = run("attack on Ogre stat body", [20, 4, 4], others=[{**OGRE, "pools": {"vigor": 0}}])
    assert text(res) == ("attack on Ogre stat body → 20+2 = 22 vs 15 · hit · crit · 4+4 = 8 damage\n"
                         "Ogre · Vitality 5 → 0 (attack)\n"
                         "Ogre · Defeated on (attack)\n"
                         "Ogre's AC 15 (sheet)\n"
                         "Ogre: Vitality to 0 · defeated\n"
                         "Ogre (major) is out of the fight: NPCs take no wounds")
    assert data(res)["dice"] == [{"die": "d20", "face": 20, "kept": True},
                                 {"die": "d6", "face": 4, "kept": True},
                                 {"die": "d6", "face": 4, "kept": True}]  # no injury roll


def test_majors_and_sovereigns_move_one_vigor_a_turn_minors_and_retainers_none() -> None:
    ogre = {**OGRE, "flags": FIGHTING, "pools": {"vigor": 1}}
    assert text(run("turn", sheet=ogre)) == "turn → Vigor 2\nOgre · Vigor 1 → 2 (turn)"  # not +2
    grim = {**ogre, "kind": "sovereign", "stats": {"heart": 6}, "tier": 5}  # Heart −2: cap 3
    assert changes(run("turn", sheet=grim)) == [("vigor", 1, 0, "turn")]
    gob = {**GOB, "flags": FIGHTING, "pools": {"vigor": 1}}
    assert text(run("turn", sheet=gob)) == ("turn → Vigor 1\n"
                                            "Gob is a minor: Minors and retainers do not"
                                            " regenerate\n"
                                            "Gob · Vigor stays 1")


def test_only_player_characters_and_minors_add_their_tier_to_saves() -> None:
    res = run("save body dc 12", [10, 3, 2], sheet=OGRE)
    assert text(res) == ("save body dc 12 → 10+3+2 = 15 vs 12 · pass\n"
                         "a major adds no Tier to a save (player characters and Minors do)")
    assert (res.total, data(res)["tier"]) == (15, 0)
    minor = run("save sense dc 12 sense=d4 fate=d4", [10, 3, 2], sheet=GOB)
    assert minor.total == 16  # Tier 1 added


def test_only_player_characters_have_fate() -> None:
    with pytest.raises(RuleError) as err:
        run("check body task 1 fate 1", sheet=OGRE)
    assert err.value.message == "Ogre is a major: only player characters have Fate points"


# ---- Vigor moves only in combat ----


def test_turn_is_refused_outside_combat_and_combat_end_closes_it() -> None:
    with pytest.raises(RuleError) as err:
        run("turn", sheet=kell(stats={"heart": 6}))
    assert (err.value.exit_status, err.value.message) == (
        1, "Kell is in no combat: Vigor moves only at the start of turns in combat, and outside"
           " combat nothing drains (start one with `combat`)")
    res = run("combat end", sheet=kell(flags=FIGHTING))
    assert text(res) == "combat end → out of combat\nKell · In combat off (combat end)"
    with pytest.raises(RuleError, match="Kell is in no combat: nothing to end"):
        run("combat end")
    rested = run("rest", sheet=kell(flags=FIGHTING, pools={"stamina": 4}))
    assert ("in-combat", True, False, "rest") in changes(rested)


def test_combat_and_turns_through_the_cli(tmp_path: Path) -> None:
    path = tmp_path / "kell.toml"
    path.write_text('name = "Kell"\nsystem = "tiers"\ntier = 1\n[stats]\nheart = 8\n',
                    encoding="utf-8")
    assert invoke("sheet", "import", str(path))[0] == 0
    code, _, err = invoke("--as", "Kell", "turn")
    assert code == 1 and err.startswith("roll: error: Kell is in no combat")
    code, out, _ = invoke("--as", "Kell", "combat")
    assert (code, out) == (0, "combat → Vigor 0\nKell · In combat on (combat)\n")
    code, out, _ = invoke("--as", "Kell", "turn")
    assert (code, out) == (0, "turn → Vigor 0\nKell · Vigor stays 0\n")
