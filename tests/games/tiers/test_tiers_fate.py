"""Tiers' Fate reroll (003:L228, L230): 1 Fate rerolls the previous LINE's d20; the rest stand."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from rules.errors import RuleError, UsageError
from rules.exact import Odds, distribution
from rules.notation import parse, parse_expression
from rules.systems.tiers.fate import pay_fate
from tests.support.cli import invoke, invoke_json
from tests.support.tiers import (
    SYSTEM,
    after,
    changes,
    context,
    data,
    kell,
    logged,
    pools,
    reroll_after,
    run,
    text,
)


def test_a_save_rerolls_its_d20_and_the_stat_and_fate_dice_stand() -> None:
    _, res = reroll_after("save sense dc 16", [5, 3, 4], [15])
    assert text(res) == ("fate reroll: save sense dc 16 → 15+3+4+2 = 24 vs 16 · pass\n"
                         "Kell · Fate 3 → 2 (fate reroll)\n"
                         "Fate reroll: the d20 5 → 15")
    obj = data(res)
    assert (obj["kind"], obj["total"], obj["outcome"]) == ("save", 24, "pass")
    assert obj["dice"] == [{"die": "d20", "face": 15, "kept": True}]
    assert obj["reroll"]["dice"] == [{"die": "d20", "face": 15, "kept": True},
                                     {"die": "d4", "face": 3, "kept": True},
                                     {"die": "d8", "face": 4, "kept": True}]


def test_at_advantage_both_d20s_are_rerolled() -> None:
    _, res = reroll_after("save sense dc 16 adv", [5, 3, 2, 4], [9, 12])
    assert text(res) == ("fate reroll: save sense dc 16 adv → [~~9~~, 12]+2+4+2 = 20 vs 16 ·"
                         " pass\n"
                         "Kell · Fate 3 → 2 (fate reroll)\n"
                         "Fate reroll: the d20 5 → 9, the d20 3 → 12")


def test_it_may_be_paid_again_and_earned_fate_pays_after_session_fate() -> None:
    start = kell(pools={"fate": 1, "earned": 2})
    first = run("disrupt mind dc 14", [4], sheet=start)
    now = after(start, first)
    second = run("reroll", [6], sheet=now, last=logged(first, 1))
    assert changes(second) == [("fate", 1, 0, "fate reroll")]
    now = after(now, second)
    third = run("fate reroll", [13], sheet=now, last=logged(second, 2))
    assert text(third).splitlines()[:3] == [
        "fate reroll: disrupt mind dc 14 → 13+2 = 15 vs 14 · pass",
        "Kell · Earned 2 → 1 (fate reroll)",
        "Fate reroll: the d20 6 → 13"]


def test_an_attack_that_now_hits_rolls_its_tier_die_fresh() -> None:
    # the miss's Glancing Blow threw the Body d6; the hit's Tier d6 is a new die
    _, res = reroll_after("attack ac 13 stat body", [5, 2], [15, 4])
    assert text(res) == ("fate reroll: attack ac 13 stat body → 15+2 = 17 vs 13 · hit · 4 damage\n"
                         "Kell · Fate 3 → 2 (fate reroll)\n"
                         "Fate reroll: the d20 5 → 15")


def test_an_injury_roll_that_killed_is_rerolled_and_the_death_taken_back() -> None:
    _, res = reroll_after("hurt 15", [19], [10], sheet=kell(pools={"vitality": 1}))
    assert changes(res) == [
        ("fate", 3, 2, "fate reroll"),
        ("vigor", 0, 2, "undone: injury 31"),
        ("vitality", 0, 5, "Second Wind"),
        ("dead", True, False, "undone: injury 31"),
    ]
    assert text(res).splitlines()[:6] == [
        "fate reroll: hurt 15 → 12 past 0 Vitality · injury 10+12 = 22 · Second Wind",
        "Kell · Fate 3 → 2 (fate reroll)",
        "Kell · Vigor 0 → 2 (undone: injury 31)",
        "Kell · Vitality 0 → 5 (Second Wind)",
        "Kell · Dead off (undone: injury 31)",
        "Fate reroll: the d20 19 → 10",
    ]


def test_an_attack_with_an_injury_roll_rerolls_the_attack_d20_by_default() -> None:
    ash = kell(name="Ash", pools={"vitality": 1, "vigor": 0})
    first = run("attack ac 10 stat body on ash", [12, 6, 20], others=[ash])
    now = after(ash, first)
    res = run("fate reroll", [3, 2], others=[now], last=logged(first))
    assert text(res).splitlines()[:6] == [
        "fate reroll: attack ac 10 stat body on ash → 3+2 = 5 vs 10 · miss · Glancing Blow 2"
        " Vigor damage",
        "Kell · Fate 3 → 2 (fate reroll)",
        "Ash · Wound slots 2 → 3 (undone: injury 25)",
        "Ash · Vigor 2 → 0 (undone: Second Wind)",
        "Ash · Vitality 5 → 1 (undone: Second Wind)",
        "Fate reroll: the d20 12 → 3",
    ]
    with pytest.raises(RuleError) as err:
        run("fate reroll injury", [], others=[now], last=logged(first))
    assert err.value.message == ("that injury roll is Ash's: only the one who rolls a d20 can pay"
                                 " Fate to reroll it")


def test_fate_reroll_injury_picks_the_injury_roll() -> None:
    _, res = reroll_after("hurt 15", [19], [10], word="fate reroll injury",
                          sheet=kell(pools={"vitality": 1}))
    assert "Fate reroll: the d20 19 → 10" in text(res)


@pytest.mark.parametrize(
    ("line", "faces", "message"),
    [
        ("check body task 1", [5, 2, 3, 4], "Kell's previous LINE ('check body task 1') rolled"
         " no d20 to reroll (its dice: 1: d6 [5] (the Body check), 2: d6 [2] (the Body"
         " check), 3: d6 [3] (the Body check), 4: d6 [4] (the Body check))"),
        ("initiative", [3], "Kell's previous LINE ('initiative') rolled no d20 to reroll (its"
         " dice: 1: d8 [3] (initiative))"),
    ],
)
def test_a_line_without_a_d20_is_refused(line: str, faces: list[int], message: str) -> None:
    with pytest.raises(RuleError) as err:
        reroll_after(line, faces, [])
    assert err.value.message == message


def test_no_fate_is_refused() -> None:
    with pytest.raises(RuleError) as err:
        reroll_after("save sense dc 16", [5, 3, 4], [], sheet=kell(pools={"fate": 0}))
    assert err.value.message == "Kell has Fate 0 (session 0, earned 0); cannot spend 1"


def test_only_player_characters_have_fate() -> None:
    ctx, _ = context("fate reroll")
    retainer = replace(ctx.active, sheet={**ctx.active.sheet, "kind": "retainer"})
    with pytest.raises(RuleError) as err:
        pay_fate(ctx, retainer)
    assert err.value.message == "Kell is a retainer: only player characters have Fate points"


@pytest.mark.parametrize("line", ["fate", "fate spend", "fate reroll banana"])
def test_fate_words_are_checked(line: str) -> None:
    with pytest.raises(UsageError):
        run(line, [], last=logged(run("save sense dc 16", [5, 3, 4])))


def test_through_the_cli_and_undo(kell_campaign: Path) -> None:
    assert invoke("--as", "Kell", "--rolled", "5,3,4", "save", "sense", "dc", "16")[0] == 0
    code, [obj] = invoke_json("--as", "Kell", "--rolled", "15", "fate", "reroll")
    assert code == 0
    assert (obj["outcome"], obj["total"]) == ("pass", 24)
    assert pools()["fate"] == 2
    assert invoke("--as", "Kell", "undo")[0] == 0
    assert pools().get("fate", 3) == 3


def reroll_odds_after(line: str, faces: list[int], word: str = "odds fate reroll",
                      sheet: dict[str, Any] | None = None) -> Odds:
    start = sheet or kell()
    first = run(line, faces, sheet=start)
    text_ = word.removeprefix("odds ")
    ctx, _ = context(text_, (), after(start, first), last=logged(first))
    return SYSTEM.odds(parse(text_), ctx)


def test_the_odds_of_a_fate_reroll_reroll_only_the_d20s() -> None:
    # save sense dc 16 adv: both d20s again, the d4 (2) and d8 (4) stand, Tier 2
    got = reroll_odds_after("save sense dc 16 adv", [5, 3, 2, 4])
    want = distribution(parse_expression("2d20kh1 + 8")).probs()
    assert dict(got.distribution) == {int(v): p for v, p in want.items()}
    assert got.outcomes["pass"] == sum((p for v, p in want.items() if v >= 16), Fraction(0))
    assert got.outcomes["pass"] + got.outcomes["fail"] == 1


def test_the_odds_of_rerolling_an_attack_include_its_new_damage_dice() -> None:
    got = reroll_odds_after("attack ac 13 stat body", [5, 2], word="odds reroll")
    # d20 + 2 ≥ 13: a natural 11 or more; a miss throws a Glancing Blow's d6, a hit the Tier d6
    assert got.outcomes == {"hit": Fraction(1, 2), "miss": Fraction(1, 2), "crit": Fraction(1, 20)}
    assert sum(got.distribution.values()) == 1
