"""Brighter Worlds harm and recovery through the system: hits, Grit, steps, breath, rest."""

from __future__ import annotations

from fractions import Fraction

import pytest

from cli.render.text import plain_text
from rules.campaign import Character
from rules.errors import RuleError, UsageError
from rules.resolution import Change
from rules.systems.brighter.vocabulary import grit_max
from tests.support.brighter import BOB, SYSTEM, ann, dice, odds, resolve


def test_a_hit_comes_off_armor_then_grit() -> None:
    res = resolve("hit 3", [], ann())
    assert plain_text(res) == "hit 3 → Grit takes 2, no Direct Damage\nAnn · Grit 4 → 2 (hit)\n" \
        "armor 1 stops 1"
    assert (res.kind, res.total, res.outcome, res.target) == ("damage", 3, None, None)
    assert res.changes == (Change("Ann", "grit", 4, 2, "hit"),)
    assert plain_text(resolve("hit 1", [], ann())) == (
        "hit 1 → Grit takes 0, no Direct Damage\narmor 1 stops 1"
    )


def test_direct_damage_calls_the_critical_damage_save() -> None:
    res = resolve("hit 7", [6], ann(pools={"grit": 3}))
    assert plain_text(res) == (
        "hit 7 → 3 Direct Damage · STR 6 > 3 · pass\nAnn · Grit 3 → 0 (hit)\narmor 1 stops 1"
    )
    assert (res.outcome, res.target, dict(res.extra)["direct_damage"]) == ("pass", 3, 3)
    res = resolve("hit 7", [3], ann(pools={"grit": 3}))
    assert plain_text(res) == (
        "hit 7 → 3 Direct Damage · STR 3 > 3 · fail\n"
        "Ann · Grit 3 → 0 (hit)\n"
        "Ann · STR d8 → d6 (critical damage)\n"
        "armor 1 stops 1"
    )
    assert res.changes[1] == Change("Ann", "str", "d8", "d6", "critical damage", "stat")


def test_the_save_can_be_on_another_attribute() -> None:
    res = resolve("hit 2 dex", [1], ann(pools={"grit": 0}, armor=0))
    assert plain_text(res) == (
        "hit 2 dex → 2 Direct Damage · DEX 1 > 2 · fail\nAnn · DEX d6 → d4 (critical damage)"
    )
    assert dice(res) == [("d6", 1, True)]


def test_direct_damage_no_face_beats_fails_the_save_and_steps_down_once() -> None:
    # seeds/README.md (004): "higher than the Direct Damage, or step that attribute down
    # once": 8 against a d8 cannot be beaten, and however large it is the step is one
    for damage in ("8", "30"):
        res = resolve(f"hit {damage}", [], ann(pools={"grit": 0}, armor=0))
        assert plain_text(res) == (
            f"hit {damage} → {damage} Direct Damage · STR d8 · fail\n"
            "Ann · STR d8 → d6 (critical damage)\n"
            f"no face of d8 beats {damage}: the save fails, STR d8 → d6 (once)"
        )
        assert (res.outcome, res.throws, res.target) == ("fail", (), int(damage))
    res = resolve("hit 9", [], ann(pools={"grit": 0}, armor=0, stats={"str": "d4"}))
    assert res.changes[1] == Change("Ann", "incapacitated", False, True, "STR below d4", "flag")
    assert res.notes[-1] == "Ann is incapacitated (STR below d4)"


def test_a_failed_save_below_d4_incapacitates() -> None:
    res = resolve("hit 2 wil", [2], ann(pools={"grit": 0}, armor=0, stats={"wil": "d6"}))
    assert res.changes == (Change("Ann", "wil", "d6", "d4", "critical damage", "stat"),)
    res = resolve("hit 3 wil", [2], ann(pools={"grit": 0}, armor=0))
    assert [c.after for c in res.changes] == ["0", True]
    assert res.notes[-1] == "Ann is incapacitated (WIL below d4)"


def test_damage_on_an_attribute_at_zero_fails_without_a_roll() -> None:
    zero = ann(pools={"grit": 0}, stats={"str": "0"}, flags=["incapacitated"])
    res = resolve("hit 5", [], zero)
    assert plain_text(res) == (
        "hit 5 → 4 Direct Damage · STR 0 · fail\n"
        "armor 1 stops 1\n"
        "STR is at zero: the save fails without a roll"
    )
    assert res.changes == ()
    assert (res.outcome, res.target) == ("fail", 4)  # the Direct Damage it had to beat


def test_rolled_damage_is_shown_and_thrown_first() -> None:
    res = resolve("hit d8", [8, 6], ann())
    assert plain_text(res) == (
        "hit d8 → 8 · 3 Direct Damage · STR 6 > 3 · pass\nAnn · Grit 4 → 0 (hit)\n"
        "armor 1 stops 1"
    )
    assert dice(res) == [("d8", 8, True), ("d8", 6, True)]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("hit", "hit needs the damage"),
        ("hit str", "hit needs the damage"),
        ("hit 3 str dex", "hit takes the damage, one NAME and one attribute"),
        ("hit 3 luck", "'luck' is neither an attribute .str, dex, wil. nor a character"),
        ("hit 3 Bob Bob", "hit takes the damage, one NAME and one attribute"),
        ("hit -3", "hit takes damage 0 or more"),
    ],
)
def test_hit_usage_errors(text: str, message: str) -> None:
    with pytest.raises(UsageError, match=message):
        resolve(text, [4], ann())


def test_hit_needs_a_character() -> None:
    with pytest.raises(UsageError, match="this needs a character"):
        resolve("hit 3")


def test_hit_names_the_character_it_lands_on() -> None:
    """SPEC §8: `hit N [NAME]`: NAME takes the hit, whoever is acting (or nobody)."""
    cat = Character("Cat", "brighter", {"name": "Cat", "stats": {
        "str": "d10", "dex": "d8", "wil": "d4"}, "max": {
        "str": "d10", "dex": "d8", "wil": "d4"}})  # no armor, Max Grit 1 + 2 + 0 = 3
    res = resolve("hit 9 Cat", [3], others=(BOB, cat))
    assert plain_text(res) == (
        "hit 9 Cat → 6 Direct Damage · STR 3 > 6 · fail\n"
        "Cat · Grit 3 → 0 (hit)\n"
        "Cat · STR d10 → d8 (critical damage)"
    )
    assert dict(res.extra)["defender"] == "Cat"
    res = resolve("hit 5 dex cat", [2], ann(), others=(BOB, cat))
    assert [(c.character, c.pool, c.after) for c in res.changes] == [
        ("Cat", "grit", 0), ("Cat", "dex", "d6")]
    assert dict(resolve("hit 1", [], ann()).extra)["defender"] == "Ann"


# ---- Grit, steps, rest ----


def test_max_grit_counts_steps_of_max_dex_and_wil_above_d4() -> None:
    assert grit_max(ann()) == 4
    assert grit_max(ann(max={"dex": "d12", "wil": "d12"})) == 9
    bare = Character("X", "brighter", {"name": "X", "stats": {"dex": "d4", "wil": "d6"}})
    assert grit_max(bare) == 2
    assert grit_max(Character("Y", "brighter", {"name": "Y"})) is None


def test_breath_restores_all_grit() -> None:
    res = resolve("breath", [], ann(pools={"grit": 1}))
    assert plain_text(res) == "breath → Grit 4\nAnn · Grit 1 → 4 (breath)"
    assert res.changes == (Change("Ann", "grit", 1, 4, "breath"),)
    assert plain_text(resolve("breath", [], ann())) == "breath → Grit 4 (full)"


def test_step_down_and_up_move_the_attribute_within_its_max() -> None:
    res = resolve("step down str", [], ann())
    assert plain_text(res) == "step down str → STR d6\nAnn · STR d8 → d6 (step down)"
    res = resolve("step up str", [], ann())
    assert res.changes == (Change("Ann", "str", "d8", "d10", "step up", "stat"),)
    with pytest.raises(RuleError, match="Ann's STR is d10, its maximum; `step up max str`"):
        resolve("step up str", [], ann(stats={"str": "d10"}))


def test_stepping_down_from_d4_incapacitates_and_back_up_recovers() -> None:
    res = resolve("step down wil", [], ann())
    assert plain_text(res) == (
        "step down wil → WIL 0\n"
        "Ann · WIL d4 → 0 (step down)\n"
        "Ann · Incapacitated on (WIL below d4)\n"
        "Ann is incapacitated (WIL below d4)"
    )
    down = ann(stats={"wil": "0"}, flags=["incapacitated"])
    with pytest.raises(RuleError, match="Ann's WIL is at zero already"):
        resolve("step down wil", [], down)
    res = resolve("step up wil", [], down)
    assert res.changes == (
        Change("Ann", "wil", "0", "d4", "step up", "stat"),
        Change("Ann", "incapacitated", True, False, "step up", "flag"),
    )


def test_a_missing_maximum_is_kept_the_first_time_the_die_steps_down() -> None:
    bare = Character("X", "brighter", {"name": "X", "stats": {"str": "d8"}})
    res = resolve("step down str", [], bare)
    assert res.changes == (
        Change("X", "str", None, "d8", "max kept", "max"),
        Change("X", "str", "d8", "d6", "step down", "stat"),
    )
    with pytest.raises(RuleError, match="its maximum"):
        resolve("step up str", [], bare)


def test_step_max_moves_the_maximum_and_max_grit() -> None:
    res = resolve("step up max dex", [], ann())
    assert plain_text(res) == (
        "step up max dex → max DEX d10\nAnn · Max DEX d8 → d10 (step up max)\nMax Grit 4 → 5"
    )
    assert res.changes == (Change("Ann", "dex", "d8", "d10", "step up max", "max"),)
    res = resolve("step down max dex", [], ann(stats={"dex": "d8"}, pools={"grit": 4}))
    assert res.changes == (
        Change("Ann", "dex", "d8", "d6", "step down max", "max"),
        Change("Ann", "dex", "d8", "d6", "step down max", "stat"),
        Change("Ann", "grit", 4, 3, "Max Grit"),
    )
    assert res.notes == ("Max Grit 4 → 3",)
    assert resolve("step up max str", [], ann()).notes == ()
    with pytest.raises(RuleError, match="Ann's max STR is d12, the largest die"):
        resolve("step up max str", [], ann(max={"str": "d12"}))
    with pytest.raises(RuleError, match="Ann's max WIL is d4, the smallest maximum"):
        resolve("step down max wil", [], ann(max={"wil": "d4"}))


@pytest.mark.parametrize("text", ["step", "step up", "step sideways str", "step up top str",
                                  "step up str dex extra"])
def test_step_usage_errors(text: str) -> None:
    with pytest.raises(UsageError, match="step up\\|down \\[max\\] ATTR"):
        resolve(text, [], ann())


def test_rest_restores_one_step_toward_the_max() -> None:
    res = resolve("rest str", [], ann())
    assert plain_text(res) == "rest str → STR d10\nAnn · STR d8 → d10 (rest)"
    with pytest.raises(RuleError, match="Ann's STR is d10, its maximum; nothing changed"):
        resolve("rest str", [], ann(stats={"str": "d10"}))
    only = ann(stats={"str": "d10", "dex": "d8"})
    assert resolve("rest", [], only).changes == (Change("Ann", "wil", "d4", "d6", "rest", "stat"),)
    with pytest.raises(UsageError, match="rest ATTR: which attribute\\? \\(STR, DEX, WIL"):
        resolve("rest", [], ann())
    full = ann(stats={"str": "d10", "dex": "d8", "wil": "d6"})
    assert plain_text(resolve("rest", [], full)) == "Ann rests: every attribute is at its max"


def test_attributes_are_not_pools() -> None:
    with pytest.raises(UsageError, match="STR is an attribute die, not a pool"):
        resolve("spend str 1", [], ann())
    assert resolve("hurt 2", [], ann()).changes == (Change("Ann", "grit", 4, 2, "hurt"),)
    assert [p.name for p in SYSTEM.all_pools(ann())] == ["grit"]


def test_hit_odds_price_the_critical_damage_save() -> None:
    # Ann: armor 1, Grit 4 (full), STR d8
    sure = odds("hit 3", ann())
    assert dict(sure.distribution) == {3: 1}
    assert dict(sure.outcomes) == {"pass": 0, "fail": 0, "absorbed": 1}
    seven = odds("hit 7", ann())  # 6 past the Armor, 4 off Grit, 2 Direct: d8 must beat 2
    assert dict(seven.outcomes) == {"pass": Fraction(6, 8), "fail": Fraction(2, 8),
                                    "absorbed": 0}
    assert odds("hit 13", ann()).outcomes["fail"] == 1  # 8 Direct: Critical Damage, no save
    rolled = odds("hit d8 dex", ann(pools={"grit": 0}, armor=0))  # DEX d6 must beat the d8
    assert rolled.outcomes["pass"] == Fraction(sum(6 - d for d in range(1, 6)), 6 * 8)
    assert dict(rolled.distribution) == {d: Fraction(1, 8) for d in range(1, 9)}


@pytest.mark.parametrize("line", ["hit d8 dex", "hit 2d4", "hit d12 wil"])
def test_hit_odds_match_every_roll_of_the_real_command(line: str) -> None:
    """Brute force: every damage face, then every face of the save it calls for."""
    who = ann(pools={"grit": 1})
    priced = odds(line, who)
    seen = {"pass": Fraction(0), "fail": Fraction(0), "absorbed": Fraction(0)}
    damage_rolls = [[a, b] for a in range(1, 5) for b in range(1, 5)] if "2d4" in line else [
        [d] for d in range(1, 13 if "d12" in line else 9)]
    for faces in damage_rolls:
        weight = Fraction(1, len(damage_rolls))
        first = resolve(line, [*faces, 1], who)  # the save's die, if any, shows 1
        if first.outcome is None:
            seen["absorbed"] += weight
            continue
        if not first.throws[len(faces):]:  # no save: Critical Damage or an attribute at zero
            seen["fail"] += weight
            continue
        sides = int(first.throws[-1].die[1:])
        for face in range(1, sides + 1):
            res = resolve(line, [*faces, face], who)
            seen[str(res.outcome)] += weight / sides
    assert dict(priced.outcomes) == seen
