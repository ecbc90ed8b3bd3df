"""Vagabond between rolls: Statuses, Breather and Rest, victim, XP, level up, pools and help."""

from __future__ import annotations

import pytest

from rules.errors import RuleError, UsageError
from rules.systems.vagabond.system import SYSTEM
from tests.support.vagabond import changes, character, data, mira, run, text

# ---- statuses ----


def test_status_add_sets_flags_and_says_what_they_do() -> None:
    res = run("status add Vulnerable confused")
    assert text(res) == (
        "status add Vulnerable confused → Mira: Confused, Vulnerable\n"
        "Mira · Vulnerable on (status)\n"
        "Mira · Confused on (status)\n"
        "Vulnerable: its attacks and Saves are Hindered; attacks on it are Favored (public rules)\n"
        "Confused: its Checks and Saves are Hindered (public rules)"
    )
    assert [(c.pool, c.before, c.after, c.kind) for c in res.changes] == [
        ("vulnerable", False, True, "flag"), ("confused", False, True, "flag")]


def test_a_gms_own_status_is_kept_without_effect() -> None:
    # issue 14: an unknown word is an error (tests/notation/test_bad_words.py); custom: is the GM's own
    res = run("status add custom:hexed")
    assert res.notes == ("Hexed: kept as a flag; it has no automatic effect here",)
    assert changes(res) == [("hexed", False, True, "status")]


def test_status_rm_and_list() -> None:
    sheet = mira(flags=["blinded", "fatigued"])
    res = run("status rm blinded", sheet=sheet)
    assert text(res) == "status rm blinded → Mira: Fatigued\nMira · Blinded off (status)"
    assert run("status rm prone", sheet=sheet).notes == ("Mira is not Prone: nothing to remove",)
    assert run("status add blinded", sheet=sheet).changes == ()
    listed = run("status", sheet=sheet)
    assert text(listed) == (
        "Mira: Blinded, Fatigued\n"
        "Blinded: can't see; Vulnerable (public rules)\n"
        "Fatigued: no effect on rolls (each Fatigue fills an Item Slot; 3+: no Rush; 5: death;"
        " count it in the fatigue pool) (public rules)"
    )
    assert text(run("status list")) == "Mira: no Statuses"
    with pytest.raises(UsageError):
        run("status add")


def test_a_flag_spelled_with_capitals_on_the_sheet_is_found_and_removed() -> None:
    res = run("status rm vulnerable", sheet=mira(flags=["Vulnerable"]))
    assert [(c.pool, c.before, c.after) for c in res.changes] == [("Vulnerable", True, False)]
    assert run("save will", [13, 1], sheet=mira(flags=["Vulnerable"])).total == 12


# ---- breather, rest, pools ----


def test_a_breather_restores_might_hp() -> None:
    res = run("breather", sheet=mira(pools={"hp": 2}))
    assert text(res) == ("breather → HP 6\nMira · HP 2 → 6 (breather)\n"
                         "Mira · Breather taken on (breather)")
    assert changes(run("breather", sheet=mira(pools={"hp": 6}))) == [
        ("hp", 6, 8, "breather"), ("breather-taken", False, True, "breather")]
    with pytest.raises(RuleError, match=r"Mira is at full HP \(8/8\): a Breather would heal"
                       " nothing, so this Shift's Breather is kept; nothing changed"):
        run("breather")


def test_sickened_heals_two_less() -> None:
    res = run("breather", sheet=mira(pools={"hp": 2}, flags=["sickened"]))
    assert changes(res)[0] == ("hp", 2, 4, "breather")
    assert res.notes == ("Sickened: -2 healing (public rules)",)


def test_rest_fills_hp_luck_and_mana() -> None:
    res = run("rest", sheet=mira(pools={"hp": 3, "luck": 0, "mana": 1, "fatigue": 2}))
    assert text(res) == ("Mira rests\nMira · HP 3 → 8 (rest)\nMira · Luck 0 → 3 (rest)\n"
                         "Mira · Mana 1 → 6 (rest)")


def test_rest_at_full_hp_removes_one_fatigue_instead() -> None:
    res = run("rest", sheet=mira(pools={"fatigue": 2}))
    assert changes(res) == [("fatigue", 2, 1, "rest"), ("luck", 2, 3, "rest")]
    assert text(run("rest", sheet=mira(pools={"luck": 3}))) == "Mira rests: nothing to restore"


def test_fatigue_starts_at_zero_and_five_is_death() -> None:
    assert character().sheet["pools"]["fatigue"] == 0
    assert SYSTEM.pool_value(character(), SYSTEM.pool("fatigue")) == 0
    res = run("gain fatigue 2", sheet=mira(pools={"fatigue": 3}))
    assert text(res) == ("gain fatigue 2 → Fatigue 5\nMira · Fatigue 3 → 5 (gain)\n"
                         "Mira · Dead on (5 Fatigue)\nMira dies: 5 Fatigue")
    assert run("hurt 9").notes == ("Mira dies: 0 HP (no death saves)",)


def test_pool_maxima() -> None:
    me = character(mira(level=3))
    assert SYSTEM.pool_max(me, SYSTEM.pool("hp")) == 12  # Might × Level
    assert SYSTEM.pool_max(me, SYSTEM.pool("luck")) == 3  # the Luck Stat
    assert SYSTEM.pool_max(me, SYSTEM.pool("mana")) == 6  # the sheet's [max]
    assert SYSTEM.pool_max(me, SYSTEM.pool("fatigue")) == 5


# ---- victim ----


def test_victim_is_the_hero_with_the_least_luck() -> None:
    bo = mira(name="Bo", pools={"luck": 0})
    res = run("victim", others=[bo])
    assert text(res) == "victim → Bo (Luck 0)"
    assert data(res)["victim"] == "Bo"


def test_a_victim_tie_is_broken_by_a_shown_roll() -> None:
    bo, ann = mira(name="Bo"), mira(name="Ann")
    res = run("victim", [2], others=[bo, ann], active=False)
    assert text(res) == "victim → d2 [2] → Bo (Luck 2)\ntied at Luck 2: 1 Ann, 2 Bo"
    assert data(res)["dice"] == [{"die": "d2", "face": 2, "kept": True}]


def test_victim_needs_heroes() -> None:
    with pytest.raises(UsageError):
        run("victim", active=False)


# ---- advancement ----


def test_xp_questionnaire_gives_one_xp_per_yes() -> None:
    res = run("xp quest fail hindered", sheet=mira(xp=4))
    assert text(res) == ("xp quest fail hindered → +3 XP (quest, failure, hindered)\n"
                         "Mira · XP 4 → 7 (xp)\n"
                         "The text gives no XP per Level: level up when the table says so")
    assert [(c.pool, c.kind) for c in res.changes] == [("xp", "field")]
    assert changes(run("xp 2")) == [("xp", 0, 2, "xp")]
    assert text(run("xp", sheet=mira(xp=4))).startswith("Mira: 4 XP\n")
    with pytest.raises(UsageError):
        run("xp quest quest")
    with pytest.raises(UsageError):
        run("xp treasure")


def test_an_odd_level_raises_max_hp_and_reminds_of_a_perk() -> None:
    res = run("level up", sheet=mira(pools={"hp": 5}))
    assert text(res) == ("level up → Level 3\nMira · Level 2 → 3 (level up)\n"
                         "Mira · HP 5 → 9 (level up)\nMax HP 8 → 12\nLevel 3: choose a Perk\n"
                         "Gain the Class Features of Level 3")


def test_an_even_level_raises_a_stat() -> None:
    res = run("level up mit", sheet=mira(level=3))
    assert [(c.pool, c.before, c.after, c.kind) for c in res.changes] == [
        ("level", 3, 4, "field"), ("might", 4, 5, "stat")]
    assert res.notes == ("Max HP 12 → 20", "Gain the Class Features of Level 4")


@pytest.mark.parametrize(
    ("line", "sheet", "error"),
    [
        ("level up", {"level": 3}, UsageError),
        ("level up dex", {"level": 2}, UsageError),
        ("level up", {"level": 10}, RuleError),
        ("level", {}, UsageError),
    ],
)
def test_level_up_refusals(line: str, sheet: dict[str, int], error: type[Exception]) -> None:
    with pytest.raises(error):
        run(line, sheet=mira(**sheet))


def test_a_stat_at_seven_cannot_rise() -> None:
    sheet = mira(level=3)
    sheet["stats"] = {**sheet["stats"], "dexterity": 7}
    with pytest.raises(RuleError) as err:
        run("level up dex", sheet=sheet)
    assert err.value.message == "Mira's Dexterity is 7 already (max 7)"


# ---- dice lines and help ----


def test_a_dice_line_marks_the_crit_of_its_lone_d20() -> None:
    res = run("d20+h vs 15", [20, 4])
    assert text(res) == ("d20+h vs 15 → [20] + Hinder [-4] = 16 vs 15 · pass\n"
                         "Crit: the unmodified 20")
    assert res.crit and res.changes == ()
    assert run("d20+f", [19, 1]).crit is False


def test_f_and_h_atoms_in_a_dice_line_cancel_one_for_one_and_never_stack() -> None:
    res = run("d20+f+f vs 12", [9, 4])  # one Favor d6, not two
    assert text(res) == ("d20+f+f vs 12 → [9] + Favor [4] = 13 vs 12 · pass\n"
                         "Favored (+d6): favor ×2")
    assert [d.die for d in res.throws] == ["d20", "d6"]
    res = run("d20+f+h+h", [9, 4])
    assert text(res) == ("d20+f+h+h → [9] + Hinder [-4] = 5\n"
                         "Favor: favor · Hinder: hinder ×2 → Hindered (-d6)")
    res = run("d20+h+f+3", [9])
    assert text(res) == "d20+h+f+3 → [9] + 3 = 12\nFavor: favor · Hinder: hinder → they cancel"
    assert run("d20-h", [9, 4]).total == 13  # subtracting a Hinder die is one Favor die
    assert run("d20+f", [19, 1]).notes == ()


def test_help_lists_the_commands_and_the_odds_table() -> None:
    page = SYSTEM.help()
    for word in ("check STAT|SKILL", "save reflex|endure|will", "block [ranged] [shield]",
                 "dodge [heavy]", "fluke", "attack melee|ranged|brawl|finesse DAMAGE",
                 "hit DAMAGE", "cast damage|effect|both", "status", "breather", "rest",
                 "victim", "xp quest", "level up"):
        assert word in page
    from cli.render.layout import reflow

    table = reflow(page[page.index("Chance to pass"):], 80).splitlines()
    assert table[1:4] == ["     untrained           trained",
                          "Stat plain Favor Hinder  plain Favor Hinder",
                          "   2   15% 32.5%   2.5%    25% 42.5%   8.3%"]
    assert table[8] == "   7   40% 57.5%  22.5%    75% 91.7%  57.5%"
    assert table[9] == "The best untrained roll (Stat 7, plain) still fails 3 times in 5."
    assert reflow(page[page.index("Chance to pass"):], 40).splitlines()[2:13] == [
        "     untrained", "Stat plain Favor Hinder",
        "   2   15% 32.5%   2.5%", "   3   20% 37.5%     5%", "   4   25% 42.5%   8.3%",
        "   5   30% 47.5%  12.5%", "   6   35% 52.5%  17.5%", "   7   40% 57.5%  22.5%",
        "     trained", "Stat plain Favor Hinder", "   2   25% 42.5%   8.3%"]
