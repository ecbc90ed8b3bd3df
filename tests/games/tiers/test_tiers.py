"""Tiers sheets, checks (d6 success pools), saves, disruption checks and initiative, scripted."""

from __future__ import annotations

import pytest

from rules.errors import RuleError, SheetError, UsageError
from rules.systems.tiers.system import SYSTEM
from tests.support.tiers import changes, character, data, dice, kell, run, text

# ---- sheets and pools ----


def test_kells_pools_follow_tier_heart_and_armour() -> None:
    kell_ = character()
    maxima = {p.name: SYSTEM.pool_max(kell_, p) for p in SYSTEM.pools}
    assert maxima == {"vigor": 2, "vitality": 5, "wounds": 3, "stamina": 4, "fate": 3,
                      "earned": None, "destiny": None}
    values = {p.name: SYSTEM.pool_value(kell_, p) for p in SYSTEM.pools}
    assert values == {"vigor": 2, "vitality": 5, "wounds": 3, "stamina": 4, "fate": 3,
                      "earned": 0, "destiny": 0}


@pytest.mark.parametrize(("armor", "heart", "vigor"), [
    ("none", 13, 3), ("light", 13, 3), ("medium", 13, 2), ("heavy", 13, 1),
    ("none", 6, 0), ("heavy", 11, 0), ("none", 18, 6),
])  # fmt: skip
def test_the_vigor_cap_is_tier_plus_heart_less_armour(armor: str, heart: int, vigor: int) -> None:
    kell_ = character(kell(armor=armor, stats={"heart": heart}))
    assert SYSTEM.pool_max(kell_, SYSTEM.pool("vigor")) == vigor


def test_mods_override_the_score() -> None:
    kell_ = character(kell(mods={"hrt": 3}))
    assert kell_.sheet["mods"] == {"heart": 3}
    assert SYSTEM.pool_max(kell_, SYSTEM.pool("vigor")) == 4


@pytest.mark.parametrize(("change", "message"), [
    ({"dice": {"body": "d"}}, "sheet key 'dice.body' must be a die such as \"d6\""),
    ({"dice": {"luck": "d6"}}, "sheet key 'dice.luck' is not a Tiers stat"),
    ({"mods": {"body": "2"}}, "sheet key 'mods.body' must be a whole number"),
    ({"armor": "plate"}, "sheet key 'armor' is one of none, light, medium, heavy"),
    ({"tier": 6}, "sheet key 'tier' must be from 1 to 5, not 6"),
    ({"pools": {"vigor": 3}}, "sheet key 'pools.vigor' must be from 0 to 2, not 3"),
])  # fmt: skip
def test_bad_sheets_name_the_key(change: dict[str, object], message: str) -> None:
    with pytest.raises(SheetError, match=message.replace("(", r"\(")):
        character(kell(**change))


def test_a_sheet_without_heart_has_no_vigor_cap_and_says_what_to_add() -> None:
    sheet = kell()
    del sheet["stats"]["heart"]
    kell_ = character(sheet)
    assert SYSTEM.pool_max(kell_, SYSTEM.pool("vigor")) is None
    with pytest.raises(UsageError, match=r"Kell: Vigor's cap is Tier \+ Heart modifier: add tier"):
        SYSTEM.pool_value(kell_, SYSTEM.pool("vigor"))


# ---- check ----


def test_a_check_counts_fives_and_sixes_and_a_six_explodes() -> None:
    res = run("check body task 2", [6, 5, 3, 1, 4])
    assert text(res) == (
        "check body task 2 → [6!*, 5*, 3, 1, 4] = 2 successes vs 2 · pass\n"
        "Kell · Stamina 4 → 3 (rolled 1s)\n"
        "Kell · Earned 0 → 1 (rolled 1s)"
    )
    assert (res.kind, res.total, res.successes, res.target, res.outcome) == (
        "check", 2, 2, 2, "pass")
    assert dice(res) == [("d6", f, True) for f in (6, 5, 3, 1, 4)]
    obj = data(res)
    assert (obj["stat"], obj["modifier"], obj["tier"], obj["pool"], obj["threshold"]) == (
        "body", 2, 2, 4, 5)
    assert obj["changes"] == [
        {"character": "Kell", "pool": "stamina", "before": 4, "after": 3, "reason": "rolled 1s",
         "kind": "pool"},
        {"character": "Kell", "pool": "earned", "before": 0, "after": 1, "reason": "rolled 1s",
         "kind": "pool"},
    ]


def test_explosions_come_in_waves() -> None:
    res = run("check body task 5", [6, 6, 2, 3, 6, 1, 5])
    assert text(res).splitlines()[0] == (
        "check body task 5 → [6!*, 6!*, 2, 3, 6!*, 1, 5*] = 4 successes vs 5 · fail"
    )
    assert res.successes == 4
    assert changes(res)[:2] == [("stamina", 4, 3, "rolled 1s"), ("earned", 0, 1, "rolled 1s")]


def test_advantage_succeeds_on_four_and_disadvantage_on_six() -> None:
    res = run("check body task 2 adv", [4, 4, 3, 2])
    assert text(res) == (
        "check body task 2 adv → [4*, 4*, 3, 2] = 2 successes vs 2 · pass\n"
        "advantage: successes on 4+"
    )
    res = run("check body task 2 dis", [5, 5, 6, 2, 3])
    assert text(res).splitlines() == [
        "check body task 2 dis → [5, 5, 6!*, 2, 3] = 1 success vs 2 · fail",
        "disadvantage: successes on 6 only",
        "failed: spend Stamina to succeed with buyout S (the Tier DCs table, not in the excerpt,"
        " sets S)",
    ]
    assert run("check body task 1 adv dis", [5, 2, 2, 2]).successes == 1  # they cancel


def test_a_negative_modifier_rolls_tier_dice_and_needs_sixes() -> None:
    res = run("check cun task 1", [6, 5, 2])
    assert text(res) == (
        "check cun task 1 → [6!*, 5, 2] = 1 success vs 1 · pass\n"
        "negative Cunning modifier: 2 Tier dice, successes on 6 only"
    )
    assert data(res)["threshold"] == 6
    res = run("check cunning task 1 adv", [5, 4])
    assert res.notes[1] == "advantage does not lower a negative stat's 6"
    assert res.successes == 0


def test_a_zero_modifier_is_no_penalty() -> None:
    res = run("check fate task 1", [5, 2])  # Fate 11: +0, two Tier dice at 5+
    assert text(res).splitlines()[0] == "check fate task 1 → [5*, 2] = 1 success vs 1 · pass"


def test_fate_buys_dice_session_fate_first() -> None:
    res = run("check sense task 2 fate 1", [5, 2, 2, 3])  # Sense +1, Tier 2, 1 Fate: 4 dice
    assert text(res).splitlines()[:2] == [
        "check sense task 2 fate 1 → [5*, 2, 2, 3] = 1 success vs 2 · fail",
        "Kell · Fate 3 → 2 (fate dice)",
    ]
    assert data(res)["fate_dice"] == 1
    res = run("check sense task 1 fate 3", [5, 2, 2, 3, 4, 4],
              sheet=kell(pools={"fate": 1, "earned": 2}))
    assert changes(res) == [("fate", 1, 0, "fate dice"), ("earned", 2, 0, "fate dice")]


def test_fate_that_cannot_be_paid_is_refused() -> None:
    with pytest.raises(RuleError, match=r"Kell has Fate 1 \(session 0, earned 1\); cannot spend 2"):
        run("check body task 1 fate 2", sheet=kell(pools={"fate": 0, "earned": 1}))


def test_ones_cost_stamina_only_while_it_lasts() -> None:
    res = run("check body task 1", [1, 1, 5, 2], sheet=kell(pools={"stamina": 1}))
    assert text(res) == (
        "check body task 1 → [1, 1, 5*, 2] = 1 success vs 1 · pass\n"
        "Kell · Stamina 1 → 0 (rolled 1s)\n"
        "Kell · Earned 0 → 1 (rolled 1s)\n"
        "1 of the 1s found no Stamina: they cost nothing and pay no Fate"
    )
    res = run("check body task 1", [1, 5, 2, 2], sheet=kell(pools={"stamina": 0}))
    assert res.changes == ()


def test_a_failure_at_zero_stamina_exhausts() -> None:
    res = run("check body task 2", [1, 5, 2, 2], sheet=kell(pools={"stamina": 1}))
    assert text(res) == (
        "check body task 2 → [1, 5*, 2, 2] = 1 success vs 2 · fail\n"
        "Kell · Stamina 1 → 0 (rolled 1s)\n"
        "Kell · Earned 0 → 1 (rolled 1s)\n"
        "Kell · Exhausted on (failed at 0 Stamina)\n"
        "failed at 0 Stamina: exhaustion (disadvantage on every roll until a Rest)"
    )
    assert res.changes[-1].kind == "flag"


def test_exhausted_checks_roll_at_disadvantage_and_a_failure_costs_vitality() -> None:
    sheet = kell(pools={"stamina": 0}, flags=["exhausted"])
    res = run("check body task 1", [5, 4, 2, 2], sheet=sheet)
    assert text(res) == (
        "check body task 1 → [5, 4, 2, 2] = 0 successes vs 1 · fail\n"
        "Kell · Vitality 5 → 4 (failed at 0 Stamina)\n"
        "exhausted: disadvantage\n"
        "disadvantage: successes on 6 only\n"
        "failed at 0 Stamina while exhausted: 1 Vitality, past Vigor\n"
        "Vitality lost: a Declared Maneuver or Focus spell calls for a disruption check"
    )
    assert data(res)["edge"] == "dis"
    assert run("check body task 1 adv", [5, 2, 2, 2], sheet=sheet).notes[0] == (
        "exhausted: disadvantage (cancels the advantage)"
    )


def test_the_exhausted_failure_can_wound() -> None:
    sheet = kell(pools={"stamina": 0, "vitality": 1}, flags=["exhausted"])
    res = run("check body task 1", [5, 4, 2, 2, 12], sheet=sheet)
    assert changes(res) == [("wounds", 3, 2, "injury 12"), ("vitality", 1, 5, "Second Wind")]
    assert dice(res)[-1] == ("d20", 12, True)


def test_an_inline_check_needs_no_character() -> None:
    res = run("check body task 1 body=14 tier=1", [1, 5, 2], active=False)
    assert text(res) == (
        "check body task 1 body=14 tier=1 → [1, 5*, 2] = 1 success vs 1 · pass\n"
        "each 1 costs 1 Stamina and gains 1 Fate (no character to charge)"
    )
    assert (res.character, res.changes) == (None, ())
    assert run("check task 1 mind=16 tier=1", [2, 2, 2, 2], active=False).target == 1


def test_inline_values_override_the_sheet() -> None:
    assert data(run("check body task 1 body=10 tier=1", [5]))["pool"] == 1


def test_mods_set_the_pool() -> None:
    res = run("check body task 1", [5, 2], sheet=kell(mods={"body": 0}))
    assert data(res)["pool"] == 2


@pytest.mark.parametrize(("line", "message"), [
    ("check body", "check needs the task's tier, the successes it needs"),
    ("check task 2", "check needs a stat: check STAT task N"),
    ("check body task 0", "check: task 0: a task needs 1 success or more"),
    ("check body task 2 trained", "check: unknown word 'trained'"),
    ("check body task", "check: 'task' needs a number after it"),
    ("check luck task 1", "check: unknown word 'luck'"),
    ("check body task 1 tier=7", "tier=7 is out of range"),
    ("check body task 1 task 2", "check: 'task' is given twice"),
])  # fmt: skip
def test_check_usage_errors(line: str, message: str) -> None:
    with pytest.raises(UsageError, match=message):
        run(line)


def test_check_asks_for_the_open_values() -> None:
    with pytest.raises(UsageError, match="this needs a Tier: give it inline"):
        run("check body task 1 body=12", active=False)
    with pytest.raises(UsageError, match=r"Kell has no Tier: add tier = N \(1–5\)"):
        run("check body task 1", sheet={k: v for k, v in kell().items() if k != "tier"})
    with pytest.raises(UsageError, match=r"give it on the sheet: \[max\] stamina = N"):
        run("check body task 1", sheet=kell(max={}))
    with pytest.raises(UsageError, match="fate K spends a character's Fate"):
        run("check body task 1 fate 1 body=12 tier=1", active=False)


def test_the_dead_roll_no_checks() -> None:
    with pytest.raises(RuleError, match="Kell is dead; nothing changed"):
        run("check body task 1", sheet=kell(flags=["dead"]))


# ---- save, disruption, initiative ----


def test_a_save_adds_the_stat_die_the_fate_die_and_tier() -> None:
    res = run("save sense dc 12", [14, 3, 5])
    assert text(res) == "save sense dc 12 → 14+3+5+2 = 24 vs 12 · pass"
    assert (res.kind, res.total, res.target, res.outcome, res.successes) == (
        "save", 24, 12, "pass", None)
    assert dice(res) == [("d20", 14, True), ("d4", 3, True), ("d8", 5, True)]
    assert data(res)["stat_dice"] == [3, 5]
    assert run("save sense dc 24", [14, 3, 5]).outcome == "pass"  # a total equal to the DC
    assert run("save sense dc 25", [14, 3, 5]).outcome == "fail"


def test_negative_and_missing_dice_and_the_fate_save() -> None:
    assert text(run("save cunning dc 15", [9, 3, 6])) == (
        "save cunning dc 15 → 9-3+6+2 = 14 vs 15 · fail"
    )
    assert text(run("save mind dc 10", [9, 4])) == "save mind dc 10 → 9+4+2 = 15 vs 10 · pass"
    res = run("save fate dc 12 bonus 1", [9, 6])  # the Fate die once, as the save stat
    assert text(res) == "save fate dc 12 bonus 1 → 9+6+2+1 = 18 vs 12 · pass"
    assert dice(res) == [("d20", 9, True), ("d8", 6, True)]


def test_save_advantage_keeps_the_higher_d20_and_exhaustion_forces_disadvantage() -> None:
    assert text(run("save sense dc 12 adv", [4, 14, 3, 5])) == (
        "save sense dc 12 adv → [~~4~~, 14]+3+5+2 = 24 vs 12 · pass"
    )
    res = run("save sense dc 12 dis", [4, 14, 3, 5])
    assert text(res) == "save sense dc 12 dis → [4, ~~14~~]+3+5+2 = 14 vs 12 · pass"
    assert dice(res)[:2] == [("d20", 4, True), ("d20", 14, False)]
    assert text(run("save sense dc 12 adv dis", [4, 3, 5])) == (
        "save sense dc 12 adv dis → 4+3+5+2 = 14 vs 12 · pass"
    )
    res = run("save heart dc 20", [4, 14, 3, 5], sheet=kell(flags=["exhausted"]))
    assert text(res) == (
        "save heart dc 20 → [4, ~~14~~]+3+5+2 = 14 vs 20 · fail\nexhausted: disadvantage"
    )


def test_an_inline_save() -> None:
    res = run("save body dc 10 body=-d4 fate=d6 tier=1", [10, 4, 2], active=False)
    assert text(res) == "save body dc 10 body=-d4 fate=d6 tier=1 → 10-4+2+1 = 9 vs 10 · fail"


@pytest.mark.parametrize(("line", "message", "sheet"), [
    ("save sense", "save needs the DC: dc N", None),
    ("save dc 12", "save needs the save's stat", None),
    ("save sense dc 12 body=d7x", r"body=d7x: give a whole number \(or a die such as d6\)", None),
    ("save sense dc 12", r"Kell has no Sense die: the rules text leaves the score→die table OPEN,"
     r" so add \[dice\] sense = \"d6\"", kell(dice={"sense": "0"}) | {"dice": {"fate": "d8"}}),
])  # fmt: skip
def test_save_usage_errors(line: str, message: str, sheet: dict[str, object] | None) -> None:
    with pytest.raises(UsageError, match=message):
        run(line, sheet=sheet)


def test_a_save_without_a_sheet_asks_for_the_die() -> None:
    with pytest.raises(UsageError, match=r"this needs the Sense die: give it inline \(sense=d6"):
        run("save sense dc 12 tier=1", active=False)


def test_a_disruption_check_has_no_fate_die() -> None:
    res = run("disrupt sense dc 15", [9, 3])
    assert text(res) == (
        "disrupt sense dc 15 → 9+3+2 = 14 vs 15 · fail\n"
        "failed: spend Stamina equal to the declaration's tier to maintain it (spend stamina T),"
        " or lose it"
    )
    assert (res.kind, res.target) == ("disruption", 15)
    assert text(run("disrupt body dc 8", [9, 3])) == "disrupt body dc 8 → 9+3+2 = 14 vs 8 · pass"


def test_initiative_is_d8_plus_the_mind_die() -> None:
    res = run("initiative", [5])  # Kell's Mind has no die
    assert text(res) == "initiative → 5\ninitiative is rerolled at the end of each round"
    assert dice(res) == [("d8", 5, True)]
    res = run("initiative mind=d6", [5, 4])
    assert (res.summary, res.total, res.kind) == ("initiative mind=d6 → 5+4 = 9", 9, "initiative")
