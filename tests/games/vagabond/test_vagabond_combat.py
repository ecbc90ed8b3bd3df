"""Vagabond `attack`, `hit` and `cast` with scripted faces: damage, Saves, Armor, Mana."""

from __future__ import annotations

import pytest

from rules.errors import RuleError, UsageError
from tests.support.vagabond import changes, data, mira, run, text

# ---- attack ----


def test_an_attack_is_the_skill_check_then_the_damage_on_a_hit() -> None:
    res = run("attack melee 1d8 trained", [13, 5])  # Might 4 trained: Difficulty 12
    assert text(res) == "attack melee 1d8 trained → 13 vs 12 · hit · 5 damage\nDamage 1d8 → [5] = 5"
    assert (res.kind, res.total, res.target, res.outcome) == ("attack", 13, 12, "hit")
    obj = data(res)
    assert (obj["damage"], obj["skill"], obj["stat"]) == (5, "melee", "might")
    assert [d["die"] for d in obj["dice"]] == ["d20", "d8"]


def test_a_miss_rolls_no_damage() -> None:
    res = run("attack ranged 1d6", [16])  # Awareness 3 untrained: 17
    assert text(res) == "attack ranged 1d6 → 16 vs 17 · miss"
    assert data(res)["damage"] is None


def test_a_crit_with_forgo_adds_the_stat_used_to_the_damage() -> None:
    res = run("attack finesse 1d6 forgo", [20, 6])
    assert text(res) == ("attack finesse 1d6 forgo → 20 vs 10 · hit · crit · 11 damage\n"
                         "Damage 1d6 → [6] = 6, +5 Crit (Dexterity) = 11")
    assert res.changes == ()


def test_a_crit_without_forgo_gains_luck() -> None:
    res = run("attack brawl 1d4", [20, 2])
    assert changes(res) == [("luck", 2, 3, "crit")]
    assert data(res)["damage"] == 2


def test_the_targets_armor_immune_and_weak() -> None:
    assert run("attack melee 2d6 armor=2", [19, 3, 4]).notes == (
        "Damage 2d6 → [3, 4] = 7, -2 Armor = 5",)
    assert run("attack melee 2d6 immune", [19, 3, 4]).notes == (
        "Damage 2d6 → [3, 4] = 7, Immune: no damage = 0",)
    res = run("attack melee 2d6 weak armor=2", [19, 3, 4, 1])
    assert res.notes == ("Damage 3d6 → [3, 4, 1] = 8, Weak: Armor ignored = 8",)


def test_frightened_deals_two_less_damage() -> None:
    res = run("attack melee 1d8", [19, 5], sheet=mira(flags=["frightened"]))
    assert res.notes == ("Damage 1d8 → [5] = 5, -2 Frightened = 3",)


def test_vulnerable_attacks_are_hindered_and_incapacitated_heroes_cannot_attack() -> None:
    res = run("attack melee 1d8", [19, 2, 4], sheet=mira(flags=["vulnerable"]))
    assert text(res).startswith("attack melee 1d8 → 19-2 = 17 vs 16 · hit · 4 damage\n")
    with pytest.raises(RuleError) as err:
        run("attack melee 1d8", [], sheet=mira(flags=["unconscious"]))
    assert err.value.message == ("Mira is Unconscious: no Actions, so no attack (public rules)")


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("attack 1d8", "attack needs the weapon's Skill: attack melee|ranged|brawl|finesse DAMAGE"
         " … · help vagabond"),
        ("attack sneak 1d8", "attack: 'sneak' is not melee, ranged, brawl or finesse"),
        ("attack melee", "attack needs the damage dice: attack melee|ranged|brawl|finesse DAMAGE"
         " … · help vagabond"),
        # refused before the d20 is thrown, whether the attack would hit or miss
        ("attack melee 1d8 armor=x", "armor=x: give a whole number"),
        ("attack melee 1d8 armor=-1", "armor=-1 is out of range (0–3)"),
    ],
)
def test_attack_usage(line: str, message: str) -> None:
    with pytest.raises(UsageError) as err:
        run(line)
    assert err.value.message == message


# ---- hit ----


def test_a_hit_without_a_save_takes_the_damage_less_armor() -> None:
    res = run("hit 2d6", [5, 3])
    assert text(res) == ("hit 2d6 → 7 damage\nMira · HP 8 → 1 (hit)\n"
                         "Damage 2d6 → [5, 3] = 8, -1 Armor = 7")
    assert (res.kind, res.total, res.target, res.outcome) == ("damage", 7, None, None)


def test_a_passed_dodge_ignores_one_of_the_highest_damage_dice() -> None:
    res = run("hit 2d6 dodge", [14, 5, 3])
    assert text(res) == ("hit 2d6 dodge → 14 vs 12 · pass · 2 damage\n"
                         "Mira · HP 8 → 6 (hit)\n"
                         "Damage 2d6 → [5, 3] = 8, -5 (the Save ignores a d6), -1 Armor = 2")
    assert (res.kind, res.total, res.target, res.outcome) == ("save", 14, 12, "pass")
    assert data(res)["damage"] == 2 and data(res)["check_die"] == 0


def test_a_failed_block_against_ranged_is_hindered_and_the_hero_dies_at_zero() -> None:
    res = run("hit 2d6+2 block ranged", [13, 2, 6, 6], sheet=mira(pools={"hp": 8}))
    assert text(res) == ("hit 2d6+2 block ranged → 13-2 = 11 vs 12 · fail · 13 damage\n"
                         "Mira · HP 8 → 0 (hit)\n"
                         "Mira · Dead on (0 HP)\n"
                         "Hindered (-d6): ranged, no Shield\n"
                         "Damage 2d6 + 2 → [6, 6] + 2 = 14, -1 Armor = 13\n"
                         "Mira dies: 0 HP (no death saves)")


def test_a_crit_save_with_forgo_is_unaffected() -> None:
    res = run("hit 3d8 block forgo", [20])
    assert text(res) == ("hit 3d8 block forgo → 20 vs 12 · pass · crit · 0 damage\n"
                         "Crit: Luck forgone: unaffected by the attack")
    assert res.changes == ()


def test_hit_with_immune_weak_and_armor_override() -> None:
    assert run("hit 1d6 immune", [4]).changes == ()
    res = run("hit 1d6 weak", [4, 2])
    assert changes(res) == [("hp", 8, 2, "hit")]
    assert res.notes == ("Damage 2d6 → [4, 2] = 6, Weak: Armor ignored = 6",)
    assert run("hit 1d6 armor=3", [4]).notes == ("Damage 1d6 → [4] = 4, -3 Armor = 1",)


def test_an_incapacitated_hero_cannot_block() -> None:
    res = run("hit 1d6 block", [4], sheet=mira(flags=["incapacitated"]))
    assert text(res) == ("hit 1d6 block → fails automatically (Incapacitated: can't Block)"
                         " vs 12 · fail · 3 damage\n"
                         "Mira · HP 8 → 5 (hit)\n"
                         "Damage 1d6 → [4] = 4, -1 Armor = 3")


def test_hit_without_a_character_reports_the_damage_only() -> None:
    res = run("hit 1d6 dodge dex=2 awr=2 armor=0", [20, 5], active=False)
    assert res.changes == ()
    assert data(res)["damage"] == 0


def test_hit_usage() -> None:
    with pytest.raises(UsageError):
        run("hit block")
    with pytest.raises(UsageError):
        run("hit 1d6 block dodge")
    with pytest.raises(UsageError):
        run("hit 1d6 favor")


# ---- cast ----


def test_an_effect_alone_is_free_and_needs_no_check() -> None:
    res = run("cast effect")
    assert text(res) == ("cast effect → 0 Mana\n"
                         "Cost 0 Mana (nothing extra); at most 6 per Cast (Reason 5 + Level 2/2"
                         " rounded up)\nNo Cast Check: no unwilling target")
    assert (res.kind, res.outcome, res.changes) == ("cast", None, ())


def test_both_extra_dice_and_delivery_are_priced_and_spent() -> None:
    res = run("cast both 2 sphere", [4, 6])
    assert changes(res) == [("mana", 6, 1, "cast")]
    assert text(res) == ("cast both 2 sphere → 5 Mana · +10 damage\n"
                         "Mira · Mana 6 → 1 (cast)\n"
                         "Cost 5 Mana (damage and effect 1, +2d6 2, Sphere 2); at most 6"
                         " per Cast (Reason 5 + Level 2/2 rounded up)\n"
                         "No Cast Check: no unwilling target\n"
                         "Damage: the spell's own dice + 2d6 → [4, 6] = 10")
    obj = data(res)
    assert (obj["mana"], obj["cap"], obj["extra_damage"]) == (5, 6, 10)
    assert obj["dice"] == [{"die": "d6", "face": 4, "kept": True},
                           {"die": "d6", "face": 6, "kept": True}]


@pytest.mark.parametrize(
    ("delivery", "cost"),
    [("touch", 0), ("remote", 0), ("cube", 1), ("aura", 2), ("cone", 2), ("glyph", 2),
     ("line", 2), ("sphere", 2)],
)
def test_delivery_costs(delivery: str, cost: int) -> None:
    assert data(run(f"cast damage {delivery}"))["mana"] == cost


def test_an_unwilling_target_calls_for_the_cast_check_with_the_class_skill() -> None:
    res = run("cast damage 1 cone unwilling", [11, 5])  # Wizard: Arcana (Reason 5), trained
    assert text(res) == ("cast damage 1 cone unwilling → 11 vs 10 · pass · 3 Mana · +5 damage\n"
                         "Mira · Mana 6 → 3 (cast)\n"
                         "Cost 3 Mana (+1d6 1, Cone 2); at most 6 per Cast (Reason 5 + Level"
                         " 2/2 rounded up)\nDamage: the spell's own dice + 1d6 → [5] = 5")
    assert (res.target, res.outcome, data(res)["extra_damage"]) == (10, "pass", 5)


def test_a_failed_cast_check_rolls_no_extra_damage() -> None:
    res = run("cast damage 1 cone unwilling", [9])
    assert text(res).splitlines()[0] == "cast damage 1 cone unwilling → 9 vs 10 · fail · 3 Mana"
    assert data(res)["extra_damage"] is None


def test_an_enlarged_area_costs_what_the_caster_says() -> None:
    # 000:L103: "enlarging any area costs more": the amount is not in the excerpt
    res = run("cast damage sphere enlarge=2")
    assert res.notes[0] == ("Cost 4 Mana (Sphere 2, enlarged 2); at most 6 per Cast (Reason 5 +"
                            " Level 2/2 rounded up)")
    assert changes(res) == [("mana", 6, 2, "cast")]


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("cast damage sphere enlarge", "cast: enlarging an area costs more Mana, but"
         " the text does not say how much: give the extra cost as enlarge=N"),
        ("cast damage touch enlarge=1", "cast: only an area is enlarged (aura, cone, cube, glyph,"
         " line, sphere), not touch"),
        ("cast damage cube enlarge=0", "enlarge=0 is out of range (1 or more)"),
    ],
)
def test_enlarge_asks_for_its_cost(line: str, message: str) -> None:
    with pytest.raises(UsageError) as err:
        run(line)
    assert err.value.message == message


def test_cast_crit_forgo_adds_the_casting_stat() -> None:
    res = run("cast damage unwilling forgo", [20])
    assert res.notes[-1] == "Crit: Luck forgone: +5 damage (Reason)"


def test_cast_inline_without_a_character() -> None:
    res = run("cast both cube class=druid level=3 awr=4", active=False)
    assert res.notes[0] == ("Cost 2 Mana (damage and effect 1, Cube 1); at most 6 per Cast"
                            " (Awareness 4 + Level 3/2 rounded up)")
    assert res.notes[1] == "no character: no Mana spent"


def test_cast_refuses_a_cost_above_the_cap_or_the_pool() -> None:
    with pytest.raises(RuleError) as err:
        run("cast both 4 sphere")
    assert err.value.message == ("this spell costs 7 Mana; one Cast spends at most 6"
                                 " (Reason 5 + Level 2/2 rounded up)")
    with pytest.raises(RuleError) as err:
        run("cast both 1 sphere", sheet=mira(pools={"mana": 3}))
    assert err.value.message == "Mira has 3 Mana; this spell costs 4"


@pytest.mark.parametrize(
    ("line", "sheet_class", "message"),
    [
        ("cast", "wizard", "cast: damage, effect or both? (cast damage|effect|both [+N] … · help"
         " vagabond)"),
        ("cast effect 2", "wizard", "cast: +N adds damage dice; cast damage or both"),
        ("cast damage cone sphere", "wizard", "cast: one delivery, not cone and sphere"),
        ("cast damage", "bard", "cast: the text names the casting Skill of wizard, magus, druid,"
         " luminary, witch, sorcerer, revelator; not of 'bard'"),
        ("cast damage +luck", "wizard", "cast: a Cast Check is made only against an unwilling"
         " target: add unwilling"),
    ],
)
def test_cast_usage(line: str, sheet_class: str, message: str) -> None:
    with pytest.raises(UsageError) as err:
        run(line, sheet=mira(**{"class": sheet_class}))
    assert err.value.message == message
