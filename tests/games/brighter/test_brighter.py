"""Brighter Worlds through its system: saves, hits, Grit, stepping attributes, rest, odds."""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from typing import Any

import pytest

from cli.render.text import plain_text
from rules.errors import ScriptError, SheetError, UsageError
from tests.support.brighter import SYSTEM, ann, dice, odds, resolve

# ---- saves ----


def test_a_save_passes_on_four_or_more() -> None:
    res = resolve("save dex", [4], ann())
    assert plain_text(res) == "save dex → 4 vs 4 · pass"
    assert (res.kind, res.total, res.target, res.outcome) == ("save", 4, 4, "pass")
    assert (res.crit, res.fumble, res.changes) == (False, False, ())
    assert dice(res) == [("d6", 4, True)]
    assert resolve("save dex", [3], ann()).outcome == "fail"
    assert resolve("save strength", [3], ann()).throws[0].die == "d8"


def test_enhanced_adds_a_d12_and_keeps_the_higher() -> None:
    res = resolve("save dex enhanced", [3, 9], ann())
    assert plain_text(res) == "save dex enhanced → [d6 ~~3~~, d12 9] vs 4 · pass"  # the d12
    assert dice(res) == [("d6", 3, False), ("d12", 9, True)]
    assert res.total == 9
    res = resolve("save dex enhanced", [5, 2], ann())
    assert plain_text(res) == "save dex enhanced → [d6 5, d12 ~~2~~] vs 4 · pass"
    assert resolve("save dex enhanced", [1, 3], ann()).outcome == "fail"


def test_impaired_rolls_a_d4_instead() -> None:
    res = resolve("save str impaired", [4], ann())
    assert plain_text(res) == "save str impaired → 4 vs 4 · pass"
    assert dice(res) == [("d4", 4, True)]
    with pytest.raises(ScriptError, match="face 5 .* does not fit a d4"):
        resolve("save str impaired", [5], ann())


def test_an_attribute_at_zero_fails_without_a_roll() -> None:
    res = resolve("save wil", [], ann(stats={"wil": "0"}))
    assert plain_text(res) == (
        "save wil → WIL 0 · fail\nWIL is at zero: the save fails without a roll"
    )
    assert (res.outcome, res.total, res.throws) == ("fail", None, ())
    assert resolve("save wil=0 enhanced").outcome == "fail"


def test_an_automatic_failure_still_names_the_target_it_could_not_roll_against() -> None:
    assert resolve("save wil", [], ann(stats={"wil": "0"})).target == 4
    assert resolve("save wil=0 vs 3").target == 3
    assert resolve("save wil=0 vs dex of Bob").target is None  # no die of theirs was rolled


def test_vs_damage_must_roll_higher() -> None:
    res = resolve("save str vs 3", [3], ann())
    assert plain_text(res) == "save str vs 3 → 3 > 3 · fail"
    assert (res.target, res.outcome) == (3, "fail")
    assert resolve("save str vs 3", [4], ann()).outcome == "pass"
    assert resolve("save str enhanced vs 9", [2, 10], ann()).outcome == "pass"


def test_opposed_saves_roll_higher_and_ties_go_to_the_cause() -> None:
    res = resolve("save dex vs dex of Bob", [5, 5], ann())
    assert plain_text(res) == (
        "save dex vs dex of Bob → 5 > 5 · fail\n"
        "Bob's DEX d8 rolled 5\n"
        "a tie goes to the side causing the consequence"
    )
    assert dice(res) == [("d6", 5, True), ("d8", 5, True)]
    assert (res.target, res.outcome) == (5, "fail")
    won = resolve("save str vs str of bob", [6, 5], ann())
    assert (won.outcome, dice(won)) == ("pass", [("d8", 6, True), ("d10", 5, True)])


def test_inline_opposed_saves_need_no_character() -> None:
    res = resolve("save dex=d8 vs dex=d6", [3, 2])
    assert plain_text(res) == "save dex=d8 vs dex=d6 → 3 > 2 · pass\nDEX d6 rolled 2"
    assert res.character is None
    res = resolve("save wil=d4 vs d12", [4, 4])
    assert plain_text(res) == (
        "save wil=d4 vs d12 → 4 > 4 · fail\n"
        "their d12 rolled 4\n"
        "a tie goes to the side causing the consequence"
    )
    zero = resolve("save dex=d4 vs dex=0", [1])
    assert plain_text(zero) == (
        "save dex=d4 vs dex=0 → 1 > 0 · pass\nDEX is at zero: it counts as 0"
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("save", "save needs an attribute"),
        ("save luck", "no Brighter Worlds attribute 'luck'"),
        ("save dex=d7", "dex=d7: an attribute is a die"),
        ("save dex lucky", "save takes enhanced or impaired"),
        ("save dex enhanced impaired", "not both"),
        ("save dex vs", "unexpected 'vs'"),
        ("save dex vs -2", "vs N takes the damage, 0 or more"),
        ("save dex vs 2d6", "vs takes a number, a die d4–d12 or ATTR of NAME"),
        ("save dex vs dex of Zed", "no character named 'Zed'"),
        ("save dex vs dex from Bob", "vs takes N, ATTR of NAME or ATTR=dN"),
        ("save wil vs wil of Bob", "Bob has no WIL on the sheet"),
    ],
)
def test_save_usage_errors(text: str, message: str) -> None:
    with pytest.raises(UsageError, match=message):
        resolve(text, [4, 4], ann())


# ---- sheets ----


def test_sheets_normalize_dice_and_keep_each_attributes_max() -> None:
    sheet = SYSTEM.validate_sheet({"name": "Ann", "armor": 2,
                                   "stats": {"STR": "D8", "dexterity": "d6", "wil": 0},
                                   "max": {"wil": "d6", "dex": "d8"}, "pools": {"grit": 4}})
    assert sheet["stats"] == {"str": "d8", "dex": "d6", "wil": "0"}
    assert sheet["max"] == {"wil": "d6", "dex": "d8", "str": "d8"}
    assert sheet["pools"] == {"grit": 4}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"stats": {"str": "d7"}}, "'stats.str' must be a die"),
        ({"stats": {"str": "d8"}, "max": {"str": "d6"}}, "above its maximum"),
        ({"stats": {"str": "0"}}, "'stats.str' is 0: give its maximum"),
        ({"max": {"dex": "0"}}, "'max.dex' must be a die"),
        ({"armor": 4}, "'armor' must be from 0 to 3, not 4"),
        ({"stats": {"dex": "d4", "wil": "d4"}, "pools": {"grit": 2}},
         "'pools.grit' must be from 0 to 1, not 2"),
        ({"pools": {"str": 2}}, "STR is an attribute die, not a pool"),
    ],
)
def test_bad_sheets_are_refused(data: dict[str, Any], message: str) -> None:
    with pytest.raises(SheetError, match=message):
        SYSTEM.validate_sheet({"name": "Ann", **data})


def test_help_names_every_command() -> None:
    text = SYSTEM.help()
    for piece in ("save ATTR [enhanced|impaired]", "vs ATTR of NAME", "hit N", "step up|down",
                  "breath", "rest ATTR", "Max Grit"):
        assert piece in text


# ---- odds ----


def test_an_enhanced_d8_save_passes_29_in_32() -> None:
    o = odds("save dex=d8 enhanced")
    assert o.outcomes == {"pass": Fraction(29, 32), "fail": Fraction(3, 32)}
    assert odds("save dex", ann()).outcomes["pass"] == Fraction(1, 2)


def _faces(sides: int) -> range:
    return range(1, sides + 1)


@pytest.mark.parametrize("sides", [4, 6, 8, 10, 12])
@pytest.mark.parametrize("mode", ["", " enhanced", " impaired"])
def test_save_odds_by_brute_force(sides: int, mode: str) -> None:
    if mode == " enhanced":
        kept = [max(a, b) for a, b in product(_faces(sides), _faces(12))]
    elif mode == " impaired":
        kept = list(_faces(4))
    else:
        kept = list(_faces(sides))
    n = len(kept)
    assert odds(f"save str=d{sides}{mode}").outcomes["pass"] == Fraction(
        sum(k >= 4 for k in kept), n
    )
    assert odds(f"save str=d{sides}{mode} vs 5").outcomes["pass"] == Fraction(
        sum(k > 5 for k in kept), n
    )
    pairs = [(k, t) for k in kept for t in _faces(8)]
    assert odds(f"save str=d{sides}{mode} vs dex of Bob").outcomes["pass"] == Fraction(
        sum(k > t for k, t in pairs), len(pairs)
    )


def test_save_odds_at_zero_never_pass() -> None:
    assert odds("save str=0").outcomes == {"pass": 0, "fail": 1}
    assert odds("save dex=d4 vs dex=0").outcomes["pass"] == 1
