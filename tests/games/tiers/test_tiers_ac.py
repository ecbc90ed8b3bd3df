"""Tiers attacks, issue 14: AC from the sheet and cover (003:L49–51, L65), riders and the extra
Tier die (003:L80–81), firing through a creature (003:L67–71)."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from rules.errors import RuleError, SheetError, UsageError
from rules.notation import parse
from rules.systems.tiers.system import SYSTEM
from tests.support.tiers import character, context, data, dice, kell, odds, run, text

OGRE = {"name": "Ogre", "system": "tiers", "kind": "major", "tier": 2, "ac": 15,
        "stats": {"heart": 14}}
BOB = {"name": "Bob", "system": "tiers", "tier": 1, "armor": "light",
       "stats": {"sense": 14, "heart": 10}}


# ---- AC from the sheet ----


def test_attack_on_a_character_reads_its_ac_from_armour_sense_and_shield() -> None:
    # Kell: medium armour 12, Sense 12 (+1), and a shield +1
    shielded = kell(shield=True)
    res = run("attack on Kell bonus 2 minor tier=1", [11], active=False, others=[shielded])
    assert text(res) == ("attack on Kell bonus 2 minor tier=1 → 11+2 = 13 vs 14 · miss\n"
                         "Kell's AC: medium armour 12, Sense +1, shield +1 = 14")
    assert (res.target, data(res)["outcome"]) == (14, "miss")
    # Bob: light armour 11, Sense 14 (+2), no shield
    res = run("attack on Bob stat body", [11, 3], others=[BOB])
    assert text(res).splitlines()[0] == "attack on Bob stat body → 11+2 = 13 vs 13 · hit · 3 damage"
    assert "Bob's AC: light armour 11, Sense +2 = 13" in res.notes


def test_unarmoured_is_ten_plus_sense_and_a_sheets_own_ac_stands() -> None:
    bare = {**BOB, "armor": "none"}
    del bare["armor"]
    assert run("attack on Bob stat body", [1, 3], others=[bare]).target == 12
    res = run("attack on Ogre stat body", [12, 5], others=[OGRE])
    assert res.target == 15 and "Ogre's AC 15 (sheet)" in res.notes


def test_cover_adds_to_the_sheets_ac_or_to_ac_n() -> None:
    res = run("attack on Bob stat body cover three-quarters", [15, 2], others=[BOB])
    assert text(res).splitlines()[0] == ("attack on Bob stat body cover three-quarters → 15+2 = 17"
                                         " vs 18 · miss · Glancing Blow 2 Vigor damage")
    assert "Bob's AC: light armour 11, Sense +2 = 13; three-quarters cover +5 = 18" in res.notes
    res = run("attack ac 12 cover half bonus 1 minor tier=1", [12], active=False)
    assert text(res) == ("attack ac 12 cover half bonus 1 minor tier=1 → 12+1 = 13 vs 14 · miss\n"
                         "AC 12; half cover +2 = 14")
    with pytest.raises(UsageError, match=re.escape("attack: cover is half|three-quarters, not 'full'")):
        run("attack ac 12 cover full bonus 1 minor tier=1", active=False)


def test_an_ac_the_sheet_cannot_give_is_asked_for() -> None:
    no_sense = {"name": "Rat", "system": "tiers", "tier": 1}
    with pytest.raises(UsageError) as err:
        run("attack on Rat stat body", others=[no_sense])
    assert err.value.message == (
        "Rat's AC is armour base + Sense modifier: add [stats] sense = N (or [mods] sense = N)"
        " to the sheet, ac = N for its own AC, or give ac N")
    with pytest.raises(UsageError, match="attack needs the target's AC: ac N, or on NAME"):
        run("attack stat body")
    with pytest.raises(SheetError, match="sheet key 'shield' is true or false"):
        character(kell(shield="yes"))


def test_the_odds_of_an_attack_on_a_character_use_its_ac() -> None:
    ctx, _ = context("attack on Ogre stat body", (), None, True, [OGRE])
    priced = SYSTEM.odds(parse("attack on Ogre stat body"), ctx)
    assert priced.outcomes["hit"] == Fraction(2, 5)  # d20 + 2 ≥ 15: 13..20


# ---- riders and the extra Tier die ----


def test_only_the_largest_rider_applies_and_one_extra_tier_die_at_most() -> None:
    res = run("attack ac 10 stat body rider 1 rider 3 extra-die extra-die", [15, 6, 2])
    assert text(res) == (
        "attack ac 10 stat body rider 1 rider 3 extra-die extra-die → 15+2 = 17 vs 10 · hit"
        " · 6+2+3 = 11 damage\n"
        "only the largest flat rider applies: +3\n"
        "a hit rolls at most one extra Tier die")
    assert dice(res) == [("d20", 15, True), ("d6", 6, True), ("d6", 2, True)]
    assert data(res)["damage"] == 11
    crit = run("attack ac 10 stat body extra-die", [20, 6, 2, 3])
    assert text(crit) == ("attack ac 10 stat body extra-die → 20+2 = 22 vs 10 · hit · crit ·"
                          " 6+2+3 = 11 damage")
    minor = run("damage minor extra-die rider 2 tier=3", [5], active=False)
    assert text(minor) == "damage minor extra-die rider 2 tier=3 → 3+5+2 = 10 damage"
    with pytest.raises(UsageError, match="'crit' is given twice"):
        run("attack ac 10 stat body crit 19 crit 18")


# ---- firing through a creature ----


def test_one_creature_in_the_way_is_disadvantage_and_a_natural_one_hits_it() -> None:
    res = run("attack ac 10 stat body through 1", [1, 15, 4])
    assert text(res) == (
        "attack ac 10 stat body through 1 → [1, ~~15~~]+2 = 3 vs 10 · miss · hits the creature in"
        " the way: 4 damage\n"
        "firing through a creature: disadvantage; a natural 1 hits it instead\n"
        "nothing recorded for the creature in the way: name it with ally NAME")
    assert (data(res)["in_the_way"], data(res)["damage"], data(res)["edge"]) == (True, None, "dis")
    assert dice(res) == [("d20", 1, True), ("d20", 15, False), ("d6", 4, True)]
    plain = run("attack ac 10 stat body through 1", [12, 15, 4])
    assert plain.outcome == "hit" and data(plain)["in_the_way"] is False
    cancel = run("attack ac 10 stat body through 1 adv", [12, 3])
    assert cancel.notes == ("firing through a creature: disadvantage; a natural 1 hits it instead"
                            " (cancels the advantage)",)


def test_the_ally_in_the_way_takes_the_hit_of_a_natural_one() -> None:
    res = run("attack on Bob stat body ally Kell", [1, 15, 4], others=[BOB], sheet=kell())
    assert text(res) == (
        "attack on Bob stat body ally Kell → [1, ~~15~~]+2 = 3 vs 13 · miss · hits Kell: 4 damage\n"
        "Kell · Vigor 2 → 0 (attack)\n"
        "Kell · Vitality 5 → 3 (attack)\n"
        "Bob's AC: light armour 11, Sense +2 = 13\n"
        "firing through a creature: disadvantage; a natural 1 hits it instead\n"
        "Kell: Vigor takes 2, Vitality takes 2\n"
        "Vitality lost: a Declared Maneuver or Focus spell calls for a disruption check")
    missed = run("attack on Bob stat body ally Kell", [5, 15, 3], others=[BOB])
    assert text(missed).splitlines()[:2] == [
        "attack on Bob stat body ally Kell → [5, ~~15~~]+2 = 7 vs 13 · miss · Glancing Blow 3"
        " Vigor damage", "Bob · Vigor 1 → 0 (attack)"]  # an ordinary miss: the ally is untouched
    with pytest.raises(UsageError, match="ally NAME is the one creature in the way"):
        run("attack on Bob stat body ally Kell through 2", others=[BOB])


def test_two_creatures_in_the_way_forbid_the_attack_and_mystic_attacks_ignore_them() -> None:
    with pytest.raises(RuleError) as err:
        run("attack ac 10 stat body through 2")
    assert err.value.message == ("2 creatures in the line of fire: a ranged weapon attack cannot"
                                 " target past them (mystic attacks can)")
    res = run("attack ac 10 stat mind mystic through 2", [1, 2])
    assert res.outcome == "miss" and data(res)["edge"] is None
    assert "a mystic attack is not affected by creatures in the line of fire" in res.notes


def test_the_odds_of_firing_through_a_creature() -> None:
    got = odds("attack ac 12 bonus 3 through 1", active=False)
    assert got.outcomes == {"hit": Fraction(9, 25), "miss": Fraction(16, 25),
                            "crit": Fraction(1, 400), "in-the-way": Fraction(39, 400)}
