"""Vagabond Checks and Saves, scripted: Difficulties, Favor/Hinder, Luck, Crits, Statuses."""

from __future__ import annotations

import pytest

from rules.errors import RuleError, UsageError
from tests.support.vagabond import changes, data, mira, run, text

# ---- check ----


def test_a_trained_check_doubles_the_stat() -> None:
    res = run("check dex trained", [14])
    assert text(res) == "check dex trained → 14 vs 10 · pass"
    assert (res.kind, res.total, res.target, res.outcome, res.crit) == ("check", 14, 10, "pass",
                                                                        False)
    assert res.changes == ()


def test_an_untrained_check_subtracts_the_stat_once() -> None:
    res = run("check sneak", [14])  # Dexterity 5, Sneak not trained on the sheet
    assert text(res) == "check sneak → 14 vs 15 · fail"
    assert (res.target, res.outcome) == (15, "fail")


def test_a_skill_the_sheet_lists_is_trained_and_untrained_overrides() -> None:
    assert run("check finesse", [10]).target == 10
    assert run("check fin", [10]).target == 10  # an unambiguous prefix
    assert run("check finesse untrained", [10]).target == 15
    assert run("check arcana", [10]).target == 10  # Reason 5, trained
    assert run("check detect", [10]).target == 14  # Awareness 3, trained


def test_the_crit_gains_one_luck() -> None:
    res = run("check dex trained", [20])
    assert text(res) == "check dex trained → 20 vs 10 · pass · crit\nMira · Luck 2 → 3 (crit)"
    assert res.crit is True
    assert changes(res) == [("luck", 2, 3, "crit")]


def test_the_crit_says_so_when_luck_is_full() -> None:
    res = run("check dex", [20], sheet=mira(pools={"luck": 3}))
    assert res.changes == ()
    assert text(res) == (
        "check dex → 20 vs 15 · pass · crit\nCrit: Mira's Luck is full (3, the Luck Stat):"
        " the word forgo takes the Crit's benefit instead"
    )


def test_the_crit_is_the_unmodified_20_whatever_the_hinder_die_shows() -> None:
    res = run("check dex hinder", [20, 6], sheet=mira(pools={"luck": 1}))
    assert text(res) == "check dex hinder → 20-6 = 14 vs 15 · fail · crit\nMira · Luck 1 → 2 (crit)"
    assert (res.total, res.crit, res.outcome) == (14, True, "fail")
    assert run("check dex favor", [19, 6]).crit is False


def test_forgo_takes_the_crit_benefit_instead_of_luck() -> None:
    res = run("check dex forgo", [20])
    assert res.changes == ()
    assert text(res) == ("check dex forgo → 20 vs 15 · pass · crit\n"
                         "Crit: Luck forgone for the Crit's benefit (the GM says what)")


def test_favor_adds_a_d6_and_hinder_subtracts_one() -> None:
    res = run("check dex favor", [12, 3])
    assert text(res) == "check dex favor → 12+3 = 15 vs 15 · pass"
    assert (res.total, data(res)["favor"]) == (15, "favor")
    res = run("check dex hinder", [16, 2])
    assert text(res) == "check dex hinder → 16-2 = 14 vs 15 · fail"
    assert data(res)["dice"] == [{"die": "d20", "face": 16, "kept": True},
                                 {"die": "d6", "face": 2, "kept": True}]


def test_favor_and_hinder_cancel_one_for_one_and_never_stack() -> None:
    res = run("check dex favor hinder", [12])
    assert text(res) == ("check dex favor hinder → 12 vs 15 · fail\n"
                         "Favor: favor · Hinder: hinder → they cancel")
    res = run("check dex favor favor", [12, 4])
    assert text(res) == ("check dex favor favor → 12+4 = 16 vs 15 · pass\n"
                         "Favored (+d6): favor ×2")
    res = run("check dex hinder favor hinder", [12, 4])
    assert text(res) == ("check dex hinder favor hinder → 12-4 = 8 vs 15 · fail\n"
                         "Favor: favor · Hinder: hinder ×2 → Hindered (-d6)")


def test_the_f_and_h_atoms_are_favor_and_hinder_words() -> None:
    assert run("check dex f", [12, 3]).total == 15
    assert run("check dex h", [12, 3]).total == 9


def test_inline_stats_work_without_a_character() -> None:
    res = run("check dex=5 trained", [10], active=False)
    assert text(res) == "check dex=5 trained → 10 vs 10 · pass"
    assert res.character is None
    assert run("check finesse dex=7", [9], active=False).target == 13
    assert run("check dex=2", [18], active=True).target == 18  # inline beats the sheet


def test_a_crit_without_a_character_is_noted() -> None:
    res = run("check dex=5", [20], active=False)
    assert res.changes == () and res.crit
    assert res.notes == ("Crit: +1 Luck (no character to give it to)",)


def test_check_json_has_the_fixed_keys_and_the_check_die() -> None:
    obj = data(run("check finesse +luck", [12, 4]))
    assert obj["kind"] == "check"
    assert (obj["total"], obj["target"], obj["outcome"], obj["crit"]) == (16, 10, "pass", False)
    assert obj["changes"] == [{"character": "Mira", "pool": "luck", "before": 2, "after": 1,
                               "reason": "+luck", "kind": "pool"}]
    assert (obj["stat"], obj["skill"], obj["trained"], obj["check_die"]) == (
        "dexterity", "finesse", True, 0)
    assert obj["text"] == ("check finesse +luck → 12+4 = 16 vs 10 · pass\n"
                           "Mira · Luck 2 → 1 (+luck)\nFavored (+d6): +luck")


def test_luck_spent_then_a_crit_gives_it_back() -> None:
    res = run("check dex +luck", [20, 1])
    assert changes(res) == [("luck", 2, 1, "+luck"), ("luck", 1, 2, "crit")]


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("check dex +luck", "Mira has no Luck to spend"),
        ("check dex favor +luck", "this roll is Favored already and Favor does not stack:"
         " +luck would be spent for nothing"),
    ],
)
def test_refused_luck_spends_change_nothing(line: str, message: str) -> None:
    sheet = mira(pools={"luck": 0}) if "favor" not in line else None
    with pytest.raises(RuleError) as err:
        run(line, [], sheet=sheet)
    assert err.value.message == message


def test_plus_luck_cancels_a_hinder() -> None:
    res = run("check dex hinder +luck", [12])
    assert text(res) == ("check dex hinder +luck → 12 vs 15 · fail\n"
                         "Mira · Luck 2 → 1 (+luck)\n"
                         "Favor: +luck · Hinder: hinder → they cancel")


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("check", "check needs one Stat or Skill: check STAT|SKILL [trained] [favor|hinder …]"
         " … · help vagabond"),
        ("check swim", "check: 'swim' is neither a Stat nor a Skill (check STAT|SKILL [trained]"
         " [favor|hinder …] … · help vagabond)"),
        ("check dex=9", "dex=9 is out of range (2–7)"),
        ("check dex guard=3", "check: unknown guard= (inline Stats: dex=5 …)"),
        ("check dex +luck +luck", "check: +luck once is enough (Favor does not stack)"),
    ],
)
def test_usage_errors_name_what_to_give(line: str, message: str) -> None:
    with pytest.raises(UsageError) as err:
        run(line)
    assert err.value.message == message


def test_a_check_without_character_or_inline_stat_asks_for_one() -> None:
    with pytest.raises(UsageError) as err:
        run("check dex", active=False)
    assert err.value.message == ("this needs Dexterity: give it inline (dex=N) or act as a"
                                 " character (--as NAME)")


# ---- saves ----


@pytest.mark.parametrize(
    ("save", "target"), [("reflex", 12), ("endure", 12), ("will", 12), ("ref", 12)],
)
def test_save_difficulties(save: str, target: int) -> None:
    # Reflex 20 − (5 + 3), Endure 20 − 2×4, Will 20 − (5 + 3)
    res = run(f"save {save}", [12])
    assert (res.kind, res.target, res.outcome) == ("save", target, "pass")


def test_saves_are_never_doubled_by_training() -> None:
    res = run("save will trained", [11])
    assert text(res) == "save will trained → 11 vs 12 · fail\nSaves are never doubled by training"


def test_save_inline_and_crit() -> None:
    res = run("save endure mit=6", [20], active=False)
    assert text(res) == ("save endure mit=6 → 20 vs 8 · pass · crit\n"
                         "Crit: +1 Luck (no character to give it to)")
    res = run("save reflex forgo", [20])
    assert res.notes == ("Crit: Luck forgone: unaffected by what provoked the Save",)


def test_block_is_an_endure_save_hindered_by_ranged_unless_shield() -> None:
    assert text(run("block", [12])) == "block → 12 vs 12 · pass"
    assert text(run("block ranged", [14, 3])) == ("block ranged → 14-3 = 11 vs 12 · fail\n"
                                                  "Hindered (-d6): ranged, no Shield")
    assert text(run("block ranged shield", [12])) == "block ranged shield → 12 vs 12 · pass"
    res = run("block ranged favor", [12])
    assert res.notes == ("Favor: favor · Hinder: ranged, no Shield → they cancel",)
    assert data(res)["defence"] == "block" and data(res)["save"] == "endure"


def test_dodge_is_a_reflex_save_hindered_in_heavy_armor() -> None:
    assert text(run("dodge", [12])) == "dodge → 12 vs 12 · pass"
    assert text(run("dodge heavy", [13, 1])) == ("dodge heavy → 13-1 = 12 vs 12 · pass\n"
                                                 "Hindered (-d6): Heavy Armor")


# ---- Statuses on the rolls they touch ----


def test_vulnerable_hinders_saves_and_attacks_but_not_plain_checks() -> None:
    sheet = mira(flags=["vulnerable"])
    assert text(run("save will", [13, 2], sheet=sheet)) == (
        "save will → 13-2 = 11 vs 12 · fail\nHindered (-d6): Vulnerable")
    assert text(run("check dex", [13], sheet=sheet)) == "check dex → 13 vs 15 · fail"


def test_blinded_and_restrained_make_the_hero_vulnerable_once() -> None:
    sheet = mira(flags=["blinded", "restrained"])
    res = run("dodge", [13, 2], sheet=sheet)
    assert res.notes == ("Hindered (-d6): Vulnerable (Blinded)",)


def test_confused_hinders_checks_and_saves_and_stacks_as_a_source() -> None:
    sheet = mira(flags=["confused", "vulnerable"])
    assert run("check dex", [13, 2], sheet=sheet).notes == ("Hindered (-d6): Confused",)
    res = run("save will favor", [13, 2], sheet=sheet)  # one Favor cancels one of two Hinders
    assert res.notes == ("Favor: favor · Hinder: Vulnerable, Confused → Hindered (-d6)",)


def test_incapacitated_fails_might_and_dexterity_and_cannot_block() -> None:
    sheet = mira(flags=["incapacitated"])
    res = run("check finesse", [], sheet=sheet)
    assert text(res) == "check finesse → fails automatically (Incapacitated) vs 10 · fail"
    assert (res.total, res.outcome, data(res)["dice"]) == (None, "fail", [])
    assert text(run("dodge", [], sheet=sheet)) == (
        "dodge → fails automatically (Incapacitated: can't Dodge) vs 12 · fail")
    assert run("save endure", [], sheet=sheet).outcome == "fail"
    assert run("check reason", [15], sheet=sheet).outcome == "pass"  # Reason is untouched
    will = run("save will", [12, 1], sheet=sheet)  # Vulnerable: Hindered
    assert will.notes == ("Hindered (-d6): Vulnerable (Incapacitated)",)
    with pytest.raises(RuleError):
        run("block +luck", [], sheet=sheet)


def test_an_unknown_status_flag_changes_no_roll() -> None:
    assert text(run("save will", [12], sheet=mira(flags=["hexed", "fatigued"]))) == (
        "save will → 12 vs 12 · pass")
