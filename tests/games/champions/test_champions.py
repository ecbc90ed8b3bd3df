"""Champions & Cohorts `attack` with scripted faces: Guard, weapon dice, Armor, wounds, Downed."""

from __future__ import annotations

import pytest

from rules.errors import ScriptError, SheetError, UsageError
from rules.systems import get_system
from rules.systems.champions.system import SYSTEM
from rules.systems.champions.vocabulary import wounds_for
from tests.support.champions import ASH, KAEL, MIRA, camp, data, sheet, text


def test_the_system_is_registered_with_its_stats_and_fields() -> None:
    assert get_system("champions") is SYSTEM
    assert [s.name for s in SYSTEM.stats] == ["might", "insight", "presence"]
    assert {"guard", "armor", "kind", "house"} <= set(SYSTEM.fields)
    assert {"attack", "turn", "stabilize", "field-heal"} <= set(SYSTEM.commands())


def test_a_hit_rolls_the_weapon_die_less_armor_and_marks_wounds() -> None:
    c = camp()
    res = c.run("attack Kael weapon heavy", [12, 6])
    assert text(res) == (
        "attack Kael weapon heavy → 12+3 = 15 vs 14 · hit · 2 wounds\n"
        "Kael · Wounds 0 → 2 (attack)\n"
        "Damage d8: 6 − 1 Armor = 5 → 2 wounds"
    )
    assert (res.kind, res.total, res.target, res.outcome) == ("attack", 15, 14, "hit")
    obj = data(res)
    assert obj["dice"] == [{"die": "d20", "face": 12, "kept": True},
                           {"die": "d8", "face": 6, "kept": True}]
    assert obj["changes"] == [{"character": "Kael", "pool": "wounds", "before": 0, "after": 2,
                               "reason": "attack", "kind": "pool"}]
    assert (obj["damage"], obj["wounds"], obj["weapon"], obj["downed"]) == (5, 2, "d8", False)
    assert (obj["target_name"], obj["target_kind"], obj["armor"]) == ("Kael", "champion", 1)
    assert c.wounds("Kael") == 2


def test_ties_hit_and_one_below_misses_without_a_weapon_die() -> None:
    c = camp()
    assert c.run("attack Kael weapon light", [11, 1]).outcome == "hit"  # 11 + 3 = 14
    res = c.run("attack Kael weapon light", [10])
    assert text(res) == "attack Kael weapon light → 10+3 = 13 vs 14 · miss"
    assert (res.changes, data(res)["damage"], data(res)["wounds"]) == ((), None, None)


@pytest.mark.parametrize(("weapon", "sides"), [
    ("light", 4), ("standard", 6), ("heavy", 8), ("exceptional", 10), ("d12", 12), ("d3", 3),
])
def test_weapon_dice(weapon: str, sides: int) -> None:
    res = camp().run(f"attack Kael weapon {weapon}", [20, 1])
    assert data(res)["dice"][1]["die"] == f"d{sides}"


def test_damage_is_at_least_one_and_wounds_come_from_damage() -> None:
    res = camp().run("attack Kael weapon light", [15, 1])
    assert res.notes == ("Damage d4: 1 − 1 Armor = 0, at least 1 → 1 wound",)
    assert [wounds_for(d) for d in range(1, 11)] == [1, 1, 1, 2, 2, 2, 3, 3, 3, 3]


def test_an_untagged_attack_marks_at_most_two_wounds_on_a_champion() -> None:
    c = camp()
    res = c.run("attack Kael weapon exceptional", [15, 9])
    assert text(res) == (
        "attack Kael weapon exceptional → 15+3 = 18 vs 14 · hit · 2 wounds\n"
        "Kael · Wounds 0 → 2 (attack)\n"
        "Damage d10: 9 − 1 Armor = 8 → 3 wounds; 2 on a Champion (untagged)"
    )


@pytest.mark.parametrize("tag", ["heavy", "critical", "relic", "major"])
def test_a_tagged_attack_marks_three_wounds_and_downs_a_champion(tag: str) -> None:
    c = camp()
    res = c.run(f"attack Kael weapon exceptional {tag}", [15, 9])
    assert text(res) == (
        f"attack Kael weapon exceptional {tag} → 15+3 = 18 vs 14 · hit · 3 wounds\n"
        "Kael · Wounds 0 → 3 (attack)\n"
        "Kael · Downed on (attack)\n"
        "Kael · Med Flag — → 3 (attack)\n"
        "Kael · Fell on (attack)\n"
        "Damage d10: 9 − 1 Armor = 8 → 3 wounds\n"
        "Kael is Downed: Med Flag at 3, counting down at the end of House Blue's turns"
        " (not this one)"
    )
    assert data(res)["tags"] == [tag] and data(res)["downed"] is True
    assert c.flags("Kael") == ["downed", "fell"] and c.field("Kael", "med-flag") == 3


def test_weapon_heavy_is_the_die_and_a_second_heavy_is_the_tag() -> None:
    res = camp().run("attack Kael weapon heavy heavy", [15, 8])
    assert (data(res)["weapon"], data(res)["tags"], data(res)["wounds"]) == ("d8", ["heavy"], 3)


def test_a_champion_downed_by_wounds_adding_up() -> None:
    c = camp()
    c.run("attack Kael weapon heavy", [15, 6])
    res = c.run("attack Kael weapon heavy", [15, 2])
    assert text(res).splitlines()[1:3] == ["Kael · Wounds 2 → 3 (attack)",
                                           "Kael · Downed on (attack)"]
    again = c.run("attack Kael weapon heavy", [15, 2])
    assert again.changes == ()
    assert again.notes == ("Damage d8: 2 − 1 Armor = 1 → 1 wound", "Kael is already Downed")


def test_a_cohort_has_two_slots_and_no_cap() -> None:
    c = camp()
    res = c.run("attack Ash weapon exceptional", [9, 10])  # Guard 10, Armor 0
    assert text(res) == (
        "attack Ash weapon exceptional → 9+3 = 12 vs 10 · hit · 3 wounds\n"
        "Ash · Wounds 0 → 2 (attack)\n"
        "Ash · Downed on (attack)\n"
        "Ash · Med Flag — → 3 (attack)\n"
        "Ash · Fell on (attack)\n"
        "Damage d10: 10 → 3 wounds\n"
        "Ash is Downed: Med Flag at 3, counting down at the end of House Blue's turns"
        " (not this one)"
    )


def test_a_target_without_a_house_is_told_how_its_flag_will_count() -> None:
    c = camp(MIRA, sheet(ASH, house=None))
    res = c.run("attack Ash weapon standard", [20, 6])
    assert res.notes[-1] == ("Ash is Downed: Med Flag at 3; set house = NAME on the sheet so"
                             " `turn end NAME` counts it down")


def test_inline_targets_are_reported_not_recorded() -> None:
    c = camp()
    res = c.run("attack guard=12 armor=2 cohort weapon d6 might=1", [15, 2], active=None)
    assert text(res) == (
        "attack guard=12 armor=2 cohort weapon d6 might=1 → 15+1 = 16 vs 12 · hit · 1 wound\n"
        "Damage d6: 2 − 2 Armor = 0, at least 1 → 1 wound\n"
        "(inline target: nothing recorded)"
    )
    assert res.character is None and res.changes == ()
    res = c.run("attack guard=12 cohort weapon d12", [2])  # Mira's Might 3, no armor
    assert text(res) == (
        "attack guard=12 cohort weapon d12 → 2+3 = 5 vs 12 · miss")
    res = c.run("attack guard=5 cohort weapon d12", [2, 7])
    assert res.notes == ("Damage d12: 7 → 3 wounds",
                         "(inline target: nothing recorded; that fills a Cohort's 2 slots:"
                         " Downed, Med Flag at 3)")
    assert data(c.run("attack guard=5 weapon d12", [2, 7]))["wounds"] == 2  # a Champion


def test_inline_might_and_the_sheets_weapon() -> None:
    c = camp()
    assert c.run("attack Mira", [1], active="Kael").total == 3  # Kael's heavy, Might 2
    res = c.run("attack Mira weapon light mit=-2", [12], active="Kael")
    assert text(res).splitlines()[0] == "attack Mira weapon light mit=-2 → 12-2 = 10 vs 13 · miss"
    assert c.run("attack Mira weapon=d6", [12, 4], active="Kael").notes[0] == (
        "Damage d6: 4 − 1 Armor = 3 → 1 wound")


@pytest.mark.parametrize(("line", "message"), [
    ("attack Kael", "attack needs the weapon: weapon light|standard|heavy|exceptional|dN (the"
                    " rules give no default; a sheet may set weapon = \"standard\")"),
    ("attack weapon d6", "attack needs a TARGET: attack TARGET [weapon … · help champions"),
    ("attack Kael weapon 2d6", "attack: a weapon is light|standard|heavy|exceptional or one die"
                               " dN, not '2d6'"),
    ("attack Kael weapon", "attack: weapon needs light|standard|heavy|exceptional|dN"),
    ("attack Kael Ash weapon d6", "attack takes one TARGET, not 'Kael' and 'Ash' (tags: heavy"
                                  " critical relic major)"),
    ("attack Kael guard=3 weapon d6", "attack: give the target by name or inline (guard=N"
                                      " armor=N [cohort]), not both"),
    ("attack guard=12 armor=3 weapon d6", "attack: armor must be from 0 to 2, not 3 (Normal Micro Armor"
                                          " is capped at 2)"),
    ("attack guard=x weapon d6", "attack: guard must be a whole number, not 'x'"),
    ("attack guard=12 speed=3 weapon d6", "attack: unknown 'speed=3' (inline: guard=N armor=N"
                                          " might=N weapon=…)"),
    ("attack Bob weapon d6", "no character named 'Bob' in this campaign (known: Ash, Kael,"
                             " Mira)"),
])
def test_attack_usage_errors(line: str, message: str) -> None:
    with pytest.raises(UsageError) as err:
        camp().run(line, [])
    assert err.value.message == message


def test_attack_needs_might_and_the_targets_guard() -> None:
    with pytest.raises(UsageError, match="attacker's Might: act --as a character, or give might=N"):
        camp().run("attack guard=12 weapon d6", [], active=None)
    c = camp(MIRA, sheet(KAEL, guard=None))
    with pytest.raises(UsageError, match="Kael has no Guard: add guard = N to the sheet"):
        c.run("attack Kael weapon d6", [])
    c = camp(MIRA, sheet(KAEL, kind=None))
    with pytest.raises(UsageError, match='Kael has no kind: set kind = "champion"'):
        c.run("attack Kael weapon d6", [])


def test_scripted_faces_name_the_die_they_need() -> None:
    with pytest.raises(ScriptError, match="need a d8 for the weapon"):
        camp().run("attack Kael weapon heavy", [20])


def test_sheets_check_kind_weapon_and_armor_and_start_unwounded() -> None:
    assert sheet(MIRA)["pools"] == {"wounds": 0}
    assert sheet(ASH, kind="Cohort")["kind"] == "cohort"
    with pytest.raises(SheetError, match="'kind' must be \"champion\" or \"cohort\""):
        sheet(MIRA, kind="hero")
    with pytest.raises(SheetError, match="sheet key 'weapon': a weapon is"):
        sheet(MIRA, weapon="club")
    with pytest.raises(SheetError, match="'armor' must be from 0 to 2, not 3"):
        sheet(MIRA, armor=3)
    with pytest.raises(SheetError, match="'pools.wounds' must be from 0 to 2, not 3"):
        sheet(ASH, pools={"wounds": 3})


def test_help_lists_every_command_with_examples() -> None:
    shown = SYSTEM.help()
    for word in ("attack TARGET", "attack Kael weapon heavy", "turn end [HOUSE]",
                 "stabilize NAME", "field-heal NAME", "hurt N", "odds attack", "OPEN"):
        assert word in shown
    assert max(len(line) for line in shown.splitlines()) <= 80
