"""Tiers harm, scripted: Vigor → Vitality → Wounds, Second Wind, death; attacks and damage."""

from __future__ import annotations

from typing import Any

import pytest

from rules.errors import RuleError, UsageError
from rules.resolution import Change
from tests.support.tiers import changes, data, dice, kell, run, text

BOB: dict[str, Any] = {
    "name": "Bob", "system": "tiers", "tier": 1,
    "stats": {"heart": 10, "body": 10}, "dice": {"body": "0"}, "max": {"stamina": 3},
}  # fmt: skip
"""Tier 1, Heart +0, no armour: Vigor 1, Vitality 4, Wounds 2."""

DISRUPTION = "Vitality lost: a Declared Maneuver or Focus spell calls for a disruption check"


# ---- hurt: the three layers ----


def test_vigor_absorbs_first() -> None:
    res = run("hurt 2")
    assert text(res) == "hurt 2 → Vigor takes 2\nKell · Vigor 2 → 0 (hurt)"
    assert (res.kind, res.total, res.outcome, res.throws) == ("damage", 2, None, ())
    assert text(run("hurt 1")) == "hurt 1 → Vigor takes 1\nKell · Vigor 2 → 1 (hurt)"


def test_damage_past_vigor_comes_off_vitality() -> None:
    res = run("hurt 4")
    assert text(res) == (
        "hurt 4 → Vigor takes 2, Vitality takes 2\n"
        "Kell · Vigor 2 → 0 (hurt)\n"
        "Kell · Vitality 5 → 3 (hurt)\n"
        f"{DISRUPTION}"
    )
    assert text(run("hurt 1", sheet=kell(pools={"vigor": 0}))) == (
        f"hurt 1 → Vitality takes 1\nKell · Vitality 5 → 4 (hurt)\n{DISRUPTION}"
    )


def test_a_hit_to_zero_vitality_costs_a_wound_and_catches_a_second_wind() -> None:
    res = run("hurt 7", [20])  # Vigor 2 + Vitality 5: exactly to 0
    assert text(res) == (
        "hurt 7 → Vitality to 0 · injury 20 · Second Wind\n"
        "Kell · Wound slots 3 → 2 (injury 20)\n"
        "injury 20: a lasting injury (the excerpt lacks the Lasting Injuries table)\n"
        "Second Wind: Vitality and Vigor back to full, the rest of the hit negated\n"
        f"{DISRUPTION}"
    )
    assert (res.outcome, dice(res)) == ("wound", [("d20", 20, True)])
    assert (data(res)["injury"], data(res)["overflow"]) == (20, 0)


def test_the_injury_roll_adds_how_far_past_zero_the_hit_reached() -> None:
    res = run("hurt 10", [14], sheet=kell(pools={"vigor": 1, "vitality": 3}))
    assert text(res).splitlines()[:4] == [
        "hurt 10 → 6 past 0 Vitality · injury 14+6 = 20 · Second Wind",
        "Kell · Wound slots 3 → 2 (injury 20)",
        "Kell · Vigor 1 → 2 (Second Wind)",
        "Kell · Vitality 3 → 5 (Second Wind)",
    ]
    assert (data(res)["injury"], data(res)["overflow"], res.total) == (20, 6, 10)


def test_an_injury_roll_of_31_or_more_kills() -> None:
    res = run("hurt 18", [20])  # 11 past 0: 20 + 11 = 31
    assert text(res) == (
        "hurt 18 → 11 past 0 Vitality · injury 20+11 = 31 · dead\n"
        "Kell · Wound slots 3 → 2 (injury 31)\n"
        "Kell · Vigor 2 → 0 (injury 31)\n"
        "Kell · Vitality 5 → 0 (injury 31)\n"
        "Kell · Dead on (injury 31)\n"
        "Kell dies: an injury roll of 31 or more kills"
    )
    assert res.outcome == "dead"
    assert res.changes[-1] == Change("Kell", "dead", False, True, "injury 31", "flag")
    assert run("hurt 18", [19]).outcome == "wound"


def test_with_no_wound_left_the_character_dies() -> None:
    res = run("hurt 8", [], sheet=kell(pools={"wounds": 0}))
    assert text(res) == (
        "hurt 8 → 1 past 0 Vitality · no wound left · dead\n"
        "Kell · Vigor 2 → 0 (no wound left)\n"
        "Kell · Vitality 5 → 0 (no wound left)\n"
        "Kell · Dead on (no wound left)\n"
        "Kell dies: no wound left to spend"
    )
    assert (res.throws, data(res)["injury"]) == ((), None)


def test_vigor_damage_stops_at_the_shield() -> None:
    res = run("hurt 5 vigor")
    assert text(res) == (
        "hurt 5 vigor → Vigor takes 2\nKell · Vigor 2 → 0 (hurt)\nVigor damage stops at the shield"
    )


def test_resistance_immunity_vulnerability() -> None:
    assert text(run("hurt 3 resist")) == (
        "hurt 3 resist → Vigor takes 2\nKell · Vigor 2 → 0 (hurt)\n"
        "resistance: 1 less point (3 → 2)"
    )
    res = run("hurt 3 immune")
    assert (res.summary, res.changes, res.total) == ("hurt 3 immune → no damage", (), 0)
    assert run("hurt 1 vulnerable").changes == (Change("Kell", "vigor", 2, 0, "hurt"),)
    with pytest.raises(UsageError, match="one of resist, immune, vulnerable at most"):
        run("hurt 3 resist immune")


def test_hurt_rolls_dice() -> None:
    res = run("hurt 1d4", [3])
    assert text(res).splitlines()[0] == "hurt 1d4 → [3] = 3 · Vigor takes 2, Vitality takes 1"
    assert dice(res) == [("d4", 3, True)]


@pytest.mark.parametrize(("line", "message"), [
    ("hurt", "hurt needs the damage"),
    ("hurt -2", "hurt takes damage 0 or more, not -2"),
    ("hurt 2 twice", "hurt: unknown word 'twice'"),
])  # fmt: skip
def test_hurt_usage(line: str, message: str) -> None:
    with pytest.raises(UsageError, match=message):
        run(line)


def test_the_dead_take_no_more_hits_and_heal_no_more() -> None:
    for line in ("hurt 1", "heal 1"):
        with pytest.raises(RuleError, match="Kell is dead; nothing changed"):
            run(line, sheet=kell(flags=["dead"]))


def test_heal_restores_vitality() -> None:
    res = run("heal 2", sheet=kell(pools={"vitality": 2}))
    assert text(res) == "heal 2 → Vitality 4\nKell · Vitality 2 → 4 (heal)"
    assert text(run("heal 9")) == "heal 9 → Vitality 5\nKell · Vitality stays 5"
    with pytest.raises(UsageError, match="heal needs a whole number"):
        run("heal")


# ---- attack ----


def test_an_attack_that_hits_rolls_the_tier_die() -> None:
    res = run("attack ac 14 stat body bonus 1", [15, 4])
    assert text(res) == "attack ac 14 stat body bonus 1 → 15+2+1 = 18 vs 14 · hit · 4 damage"
    assert (res.kind, res.total, res.target, res.outcome, res.crit) == (
        "attack", 18, 14, "hit", False)
    assert dice(res) == [("d20", 15, True), ("d6", 4, True)]
    obj = data(res)
    assert (obj["natural"], obj["modifier"], obj["damage"], obj["vigor_damage"]) == (15, 2, 4, False)
    assert run("attack ac 17 stat body", [15, 1]).outcome == "hit"  # meeting the AC hits


def test_a_natural_in_the_crit_range_rolls_two_tier_dice() -> None:
    res = run("attack ac 14 stat body", [20, 3, 5])
    assert text(res) == "attack ac 14 stat body → 20+2 = 22 vs 14 · hit · crit · 3+5 = 8 damage"
    assert (res.crit, data(res)["damage"]) == (True, 8)
    res = run("attack ac 30 stat body crit 19", [19, 1, 2])
    assert text(res) == "attack ac 30 stat body crit 19 → 19+2 = 21 vs 30 · hit · crit · 1+2 = 3 damage"


def test_a_majors_miss_deals_a_glancing_blow() -> None:
    res = run("attack ac 14 stat body", [5, 3])
    assert text(res) == "attack ac 14 stat body → 5+2 = 7 vs 14 · miss · Glancing Blow 3 Vigor damage"
    assert (res.outcome, data(res)["damage"], data(res)["vigor_damage"]) == ("miss", 3, True)
    res = run("attack ac 14 stat body", [5], sheet=kell(dice={"body": "0"}))
    assert res.summary.endswith("· miss · Glancing Blow 1 Vigor damage")
    res = run("attack ac 14 stat body", [5], sheet=kell(dice={"body": "-d4"}))
    assert text(res) == "attack ac 14 stat body → 5+2 = 7 vs 14 · miss\na negative Body die: no Glancing Blow"


def test_a_minors_hit_is_flat_and_its_crit_the_floored_tier_die() -> None:
    res = run("attack ac 12 minor bonus 3 tier=1", [10], active=False)
    assert text(res) == "attack ac 12 minor bonus 3 tier=1 → 10+3 = 13 vs 12 · hit · 1 damage"
    assert run("attack ac 12 minor bonus 3 tier=1", [2], active=False).summary.endswith("· miss")
    res = run("attack ac 25 minor tier=3 crit 18", [19], active=False)
    assert (res.crit, res.outcome, res.notes) == (False, "miss", ("a Minor crits on a natural 20 only",))
    res = run("attack ac 12 minor tier=3", [20, 2], active=False)
    assert text(res) == (
        "attack ac 12 minor tier=3 → 20 vs 12 · hit · crit · 3 damage\n"
        "the Tier die showed 2: a crit is floored at the flat 3"
    )
    assert dice(res) == [("d20", 20, True), ("d8", 2, True)]


def test_a_mystic_attack_deals_vigor_damage() -> None:
    res = run("attack ac 12 mystic stat mind", [12, 3])
    assert text(res) == "attack ac 12 mystic stat mind → 12+0 = 12 vs 12 · hit · 3 Vigor damage"
    assert data(res)["vigor_damage"] is True


def test_untrained_attacks_use_body_or_cunning_and_advantage_keeps_the_higher() -> None:
    assert run("attack ac 10 ranged", [12, 2]).summary == (
        "attack ac 10 ranged → 12-1 = 11 vs 10 · hit · 2 damage"
    )
    assert run("attack ac 10 melee adv", [4, 15, 4]).summary == (
        "attack ac 10 melee adv → [~~4~~, 15]+2 = 17 vs 10 · hit · 4 damage"
    )
    res = run("attack ac 10 stat body", [4, 15, 4], sheet=kell(flags=["exhausted"]))
    assert res.summary == (
        "attack ac 10 stat body → [4, ~~15~~]+2 = 6 vs 10 · miss · Glancing Blow 4 Vigor damage"
    )


def test_an_attack_on_a_character_runs_through_their_layers() -> None:
    res = run("attack ac 10 stat body on Bob", [15, 4], others=[BOB])
    assert text(res) == (
        "attack ac 10 stat body on Bob → 15+2 = 17 vs 10 · hit · 4 damage\n"
        "Bob · Vigor 1 → 0 (attack)\n"
        "Bob · Vitality 4 → 1 (attack)\n"
        "Bob: Vigor takes 1, Vitality takes 3\n"
        f"{DISRUPTION}"
    )
    res = run("attack ac 10 mystic stat mind on bob", [15, 6], others=[BOB])
    assert changes(res) == [("vigor", 1, 0, "attack")]
    assert res.notes == ("Bob: Vigor takes 1", "Vigor damage stops at the shield")


@pytest.mark.parametrize(("line", "message"), [
    ("attack stat body", "attack needs the target's AC: ac N"),
    ("attack ac 12", "attack needs the stat of your martial or mystic tree: stat STAT"),
    ("attack ac 12 stat body melee", "stat STAT or melee/ranged"),
    ("attack ac 12 melee ranged", "melee or ranged, not both"),
    ("attack ac 12 melee major minor", "major or minor, not both"),
    ("attack ac 12 melee crit 1", "the crit range starts at a natural 2–20"),
    ("attack ac 12 stat luck", "'luck' is not a Tiers stat"),
    ("attack ac 12 melee on Zed", "no character named 'Zed'"),
    ("attack ac 12 melee rider -1", "a flat rider adds points"),
])  # fmt: skip
def test_attack_usage(line: str, message: str) -> None:
    with pytest.raises(UsageError, match=message):
        run(line)


def test_an_attack_without_a_body_die_asks_for_it() -> None:
    with pytest.raises(UsageError, match=r"add \[dice\] body"):
        run("attack ac 12 melee", sheet={**kell(), "dice": {"fate": "d8"}})


# ---- damage ----


def test_damage_rolls_the_tier_die_and_two_on_a_crit() -> None:
    res = run("damage", [3])
    assert text(res) == "damage → 3 damage"
    assert (res.kind, res.total, res.crit, data(res)["die"]) == ("damage", 3, False, "d6")
    res = run("damage crit", [3, 6])
    assert (text(res), res.total, res.crit) == ("damage crit → 3+6 = 9 damage", 9, True)


@pytest.mark.parametrize(("tier", "die"), [(1, "d4"), (2, "d6"), (3, "d8"), (4, "d10"), (5, "d12")])
def test_the_tier_die_ladder(tier: int, die: str) -> None:
    res = run(f"damage tier={tier}", [1], active=False)
    assert dice(res) == [(die, 1, True)]


def test_minor_damage_and_riders_and_glancing_blows() -> None:
    assert (run("damage minor").summary, run("damage minor").total) == ("damage minor → 2 damage", 2)
    res = run("damage minor crit", [1])
    assert text(res) == "damage minor crit → 2 damage\nthe Tier die showed 1: a crit is floored at the flat 2"
    assert run("damage minor crit", [5]).total == 5
    res = run("damage mystic rider 1 resist", [5])
    assert text(res) == (
        "damage mystic rider 1 resist → 5+1 = 6 Vigor damage\nresistance: 1 less point (6 → 5)"
    )
    assert res.total == 5
    assert text(run("damage glancing", [5])) == "damage glancing → Glancing Blow 5 Vigor damage"
    res = run("damage glancing", sheet=kell(dice={"body": "-d6"}))
    assert (res.summary, res.total) == ("damage glancing → no Glancing Blow", 0)
    with pytest.raises(UsageError, match="damage glancing is a Major's miss"):
        run("damage glancing minor")


def test_damage_on_a_character_can_wound_them() -> None:
    res = run("damage crit on Bob", [4, 4, 11], others=[BOB])  # 8: Vigor 1, Vitality 4, 3 past
    assert text(res) == (
        "damage crit on Bob → 4+4 = 8 damage\n"
        "Bob · Wound slots 2 → 1 (injury 14)\n"
        "Bob: 3 past 0 Vitality · injury 11+3 = 14 · Second Wind\n"
        "injury 14: a lasting injury (the excerpt lacks the Lasting Injuries table)\n"
        "Second Wind: Vitality and Vigor back to full, the rest of the hit negated\n"
        f"{DISRUPTION}"
    )
    assert res.outcome == "wound"
    assert res.changes[0].character == "Bob"
