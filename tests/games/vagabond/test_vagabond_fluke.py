"""`fluke`: 1 Luck rerolls the d20 of the Hero's previous LINE, which resolves again."""

from __future__ import annotations

from fractions import Fraction

import pytest

from cli.store.records import from_section3
from rules.campaign import LogEntry
from rules.dice.evaluate import Roller
from rules.dice.source import ScriptedSource
from rules.errors import RuleError, UsageError
from rules.exact import Odds
from rules.notation import parse
from rules.record import secret_mark
from rules.systems.protocol import Context
from rules.systems.vagabond.system import SYSTEM
from rules.table_state import TableState
from tests.support.vagabond import (
    after,
    changes,
    character,
    data,
    fluke_after,
    logged,
    mira,
    run,
    text,
)


def test_a_fluke_rerolls_the_d20_and_resolves_the_line_again() -> None:
    _, res = fluke_after("check dex", [10], [16])
    assert text(res) == ("fluke: check dex → 16 vs 15 · pass\n"
                         "Mira · Luck 2 → 1 (fluke)\n"
                         "Fluke: the d20 10 → 16")
    assert (res.kind, res.total, res.target, res.outcome) == ("check", 16, 15, "pass")
    obj = data(res)
    assert obj["input"] == "fluke"
    assert obj["dice"] == [{"die": "d20", "face": 16, "kept": True}]
    assert obj["fluke"]["input"] == "check dex"


def test_the_favor_die_is_kept() -> None:
    _, res = fluke_after("check dex favor", [8, 3], [13])
    assert text(res).startswith("fluke: check dex favor → 13+3 = 16 vs 15 · pass\n")
    assert data(res)["fluke"]["dice"] == [{"die": "d20", "face": 13, "kept": True},
                                          {"die": "d6", "face": 3, "kept": True}]


def test_a_crit_that_no_longer_happens_gives_its_luck_back() -> None:
    _, res = fluke_after("check dex", [20], [5])
    assert changes(res) == [("luck", 3, 2, "fluke"), ("luck", 2, 1, "undone: crit")]


def test_a_luck_spend_of_the_line_is_not_paid_twice() -> None:
    first, res = fluke_after("check dex +luck", [10, 2], [14])
    assert changes(first) == [("luck", 2, 1, "+luck")]
    assert changes(res) == [("luck", 1, 0, "fluke")]
    assert res.total == 16


def test_a_dodge_that_now_passes_gives_back_the_ignored_die() -> None:
    first, res = fluke_after("hit 2d6 dodge", [3, 5, 4], [15])
    assert changes(first) == [("hp", 8, 0, "hit"), ("dead", False, True, "0 HP")]
    assert text(res) == ("fluke: hit 2d6 dodge → 15 vs 12 · pass · 3 damage\n"
                         "Mira · Luck 2 → 1 (fluke)\n"
                         "Mira · HP 0 → 5 (hit)\n"
                         "Mira · Dead off (undone: 0 HP)\n"
                         "Fluke: the d20 3 → 15\n"
                         "Damage 2d6 → [5, 4] = 9, -5 (the Save ignores a d6), -1 Armor = 3")


def test_a_miss_that_now_hits_throws_the_damage_die_fresh() -> None:
    _, res = fluke_after("attack melee 1d8", [4], [17, 6])
    assert text(res) == ("fluke: attack melee 1d8 → 17 vs 16 · hit · 6 damage\n"
                         "Mira · Luck 2 → 1 (fluke)\n"
                         "Fluke: the d20 4 → 17\n"
                         "Damage 1d8 → [6] = 6")
    assert [d["die"] for d in data(res)["dice"]] == ["d20", "d8"]


def test_a_fluke_of_a_fluke_rerolls_the_same_line_again() -> None:
    start = mira()
    first = run("hit 1d6 dodge", [2, 6], sheet=start)
    now = after(start, first)
    second = run("fluke", [5], sheet=now, last=logged(first, 1))
    now = after(now, second)
    third = run("fluke", [19], sheet=now, last=logged(second, 2))
    assert text(third) == ("fluke: hit 1d6 dodge → 19 vs 12 · pass · 0 damage\n"
                           "Mira · Luck 1 → 0 (fluke)\n"
                           "Mira · HP 3 → 8 (undone: hit)\n"
                           "Fluke: the d20 5 → 19\n"
                           "Damage 1d6 → [6] = 6, -6 (the Save ignores a d6), -1 Armor = 0")


def test_a_plain_dice_line_can_be_fluked() -> None:
    _, res = fluke_after("d20+f vs 12", [3, 4], [9])
    assert text(res) == ("fluke: d20+f vs 12 → [9] + Favor [4] = 13 vs 12 · pass\n"
                         "Mira · Luck 2 → 1 (fluke)\nFluke: the d20 3 → 9")


@pytest.mark.parametrize(
    ("case", "message"),
    [
        ("no luck", "Mira has no Luck to spend"),
        ("no line", "Mira has no previous LINE to Fluke"),
        ("undone", "Mira's previous LINE ('check dex') was undone; nothing to Fluke"),
        ("no d20", "Mira's previous LINE ('rest') rolled no d20 to reroll"),
        ("secret marker", "Mira's previous LINE was a secret roll this role cannot read; the GM"
                          " can Fluke it"),  # not `unknown word 'secret'` (issue 52)
    ],
)
def test_refusals_change_nothing(case: str, message: str) -> None:
    sheet = mira(pools={"luck": 0}) if case == "no luck" else mira(pools={"hp": 3})
    first = run("rest" if case == "no d20" else "check dex",
                [] if case == "no d20" else [10], sheet=sheet)
    last = None if case == "no line" else logged(first, undone=case == "undone")
    if case == "secret marker":  # what a player's role on PostgreSQL reads after a GM's secret
        mark = secret_mark(last.record) if last is not None else None
        assert mark is not None
        last = LogEntry(1, mark.input, "Mira", "vagabond", mark, ())
    with pytest.raises(RuleError) as err:
        run("fluke", [], sheet=after(sheet, first) if case == "no d20" else sheet, last=last)
    assert err.value.message == message


def test_the_luck_of_the_crit_being_rerolled_cannot_pay_for_it() -> None:
    with pytest.raises(RuleError) as err:
        fluke_after("check dex", [20], [5], sheet=mira(pools={"luck": 0}))
    assert err.value.message == ("Mira's only Luck came from that roll, and a Fluke rerolls"
                                 " before the roll resolves")


def test_a_pool_changed_since_refuses() -> None:
    start = mira()
    first = run("hit 1d6 dodge", [2, 6], sheet=start)
    moved = after(start, first)
    moved["pools"] = {**moved["pools"], "hp": 1}
    with pytest.raises(RuleError):
        run("fluke", [], sheet=moved, last=logged(first))


def test_fluke_d6_rerolls_the_favor_die_and_the_d20_stands() -> None:
    # 000:L39 "Fluke — reroll a die you rolled": any die, not only the d20
    _, res = fluke_after("check dex favor", [8, 3], [5], word="fluke d6")
    assert text(res) == ("fluke: check dex favor → 8+5 = 13 vs 15 · fail\n"
                         "Mira · Luck 2 → 1 (fluke)\n"
                         "Fluke: the d6 3 → 5")
    obj = data(res)
    assert obj["input"] == "fluke d6"
    assert obj["dice"] == [{"die": "d6", "face": 5, "kept": True}]
    assert obj["fluke"]["dice"] == [{"die": "d20", "face": 8, "kept": True},
                                    {"die": "d6", "face": 5, "kept": True}]


def test_fluke_damage_rerolls_the_damage_die() -> None:
    _, res = fluke_after("attack melee 1d8", [17, 2], [7], word="fluke damage")
    assert text(res) == ("fluke: attack melee 1d8 → 17 vs 16 · hit · 7 damage\n"
                         "Mira · Luck 2 → 1 (fluke)\n"
                         "Fluke: the d8 2 → 7\n"
                         "Damage 1d8 → [7] = 7")
    assert data(res)["damage"] == 7


def test_a_place_picks_one_of_several_dice() -> None:
    _, res = fluke_after("attack melee 2d6", [16, 3, 4], [6], word="fluke 3")
    assert text(res).splitlines()[0] == "fluke: attack melee 2d6 → 16 vs 16 · hit · 9 damage"
    assert "Fluke: the d6 4 → 6" in text(res)


def test_an_ambiguous_pick_lists_the_dice() -> None:
    with pytest.raises(UsageError) as err:
        fluke_after("attack melee 2d6", [16, 3, 4], [], word="fluke damage")
    assert err.value.message == (
        "fluke damage: 2 dice fit and a Fluke rerolls one; say which by its place (fluke 2):"
        " 2: d6 [3] (damage), 3: d6 [4] (damage)")


def test_a_pick_that_fits_no_die_lists_the_dice() -> None:
    start = mira()
    first = run("check dex", [10], sheet=start)
    with pytest.raises(UsageError) as err:
        run("fluke d8", [], sheet=after(start, first), last=logged(first))
    assert err.value.message == ("fluke d8: no die of 'check dex' fits (its dice:"
                                 " 1: d20 [10] (check dexterity))")


def odds_after(line: str, faces: list[int], word: str) -> Odds:
    """`odds WORD` as Mira right after `line` rolled `faces`."""
    start = mira()
    first = run(line, faces, sheet=start)
    me = character(after(start, first))
    table = TableState(me, {"mira": me}, {}, logged(first))
    ctx = Context(SYSTEM, table, Roller(ScriptedSource([])), word)
    return SYSTEM.odds(parse(word), ctx)


def test_the_odds_of_a_fluke_reroll_the_picked_die_only() -> None:
    got = odds_after("check dex favor", [8, 3], "fluke")  # d20 + 3 vs 15
    assert dict(got.distribution) == {t: Fraction(1, 20) for t in range(4, 24)}
    assert got.outcomes == {"pass": Fraction(9, 20), "fail": Fraction(11, 20),
                            "crit": Fraction(1, 20)}
    got = odds_after("check dex favor", [8, 3], "fluke d6")  # 8 + d6 vs 15: never
    assert got.outcomes == {"fail": Fraction(1)}
    got = odds_after("attack melee 2d6", [16, 3, 4], "fluke 2")
    assert dict(got.distribution) == {16: Fraction(1)}
    assert got.outcomes == {"hit": Fraction(1)}


def test_a_fluke_logged_before_any_die_could_be_picked_is_fluked_again() -> None:
    # older logs kept the Fluke's d20 as check_die beside the dice, with no result
    record = {"input": "check dex favor", "check_die": 0, "effects": [],
              "dice": [{"die": "d20", "face": 9, "kept": True},
                       {"die": "d6", "face": 2, "kept": True}]}
    logged = from_section3({"input": "fluke", "kind": "check", "fluke": record}, ())
    entry = LogEntry(3, "fluke", "Mira", "vagabond", logged, ())  # as the migration reads it
    res = run("fluke", [14], last=entry)
    assert text(res).splitlines()[0] == "fluke: check dex favor → 14+2 = 16 vs 15 · pass"
