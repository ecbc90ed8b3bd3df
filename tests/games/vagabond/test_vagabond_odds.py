"""Exact odds of Vagabond rolls, checked by brute force over every face through the real roller."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.dice.evaluate import Roller
from rules.dice.source import ScriptedSource
from rules.errors import UsageError
from rules.exact import Odds
from rules.notation import parse
from rules.systems.protocol import Context
from rules.systems.vagabond.odds import pass_chance, roll_distribution
from rules.systems.vagabond.system import SYSTEM
from rules.table_state import TableState
from tests.support.vagabond import character, mira, run

AIDS = {0: "", 1: " favor", -1: " hinder"}


def odds_of(line: str, sheet: bool = False, flags: tuple[str, ...] = ()) -> Odds:
    me = character(mira(flags=list(flags))) if sheet else None
    table = TableState(me, {"mira": me} if me else {}, {}, None)
    ctx = Context(SYSTEM, table, Roller(ScriptedSource([])), line)
    odds = SYSTEM.odds(parse(line), ctx)
    assert isinstance(odds, Odds)
    return odds


def faces_of(net: int) -> list[list[int]]:
    """Every equally likely way the dice of a check can fall."""
    if net == 0:
        return [[d20] for d20 in range(1, 21)]
    return [[d20, d6] for d20, d6 in itertools.product(range(1, 21), range(1, 7))]


@pytest.mark.parametrize("net", [0, 1, -1])
@pytest.mark.parametrize("trained", [False, True])
def test_check_odds_match_every_roll_of_the_real_command(net: int, trained: bool) -> None:
    for stat in range(2, 8):
        line = f"check dex={stat}" + (" trained" if trained else "") + AIDS[net]
        ways = faces_of(net)
        outcomes = [run(line, faces, active=False) for faces in ways]
        passed = Fraction(sum(r.outcome == "pass" for r in outcomes), len(ways))
        crits = Fraction(sum(r.crit for r in outcomes), len(ways))
        odds = odds_of(line)
        assert odds.outcomes["pass"] == passed == pass_chance(20 - stat * (1 + trained), net)
        assert odds.outcomes["fail"] == 1 - passed
        assert odds.outcomes["crit"] == crits == Fraction(1, 20)
        totals: dict[int, Fraction] = {}
        for r in outcomes:
            assert r.total is not None
            totals[r.total] = totals.get(r.total, Fraction(0)) + Fraction(1, len(ways))
        assert dict(odds.distribution) == totals


def test_the_favor_and_hinder_distributions_by_hand() -> None:
    favored = roll_distribution(1)
    assert (min(favored), max(favored), favored[2], favored[14]) == (
        2, 26, Fraction(1, 120), Fraction(6, 120))
    hindered = roll_distribution(-1)
    assert (min(hindered), max(hindered)) == (-5, 19)
    assert roll_distribution(0) == {t: Fraction(1, 20) for t in range(1, 21)}


def test_the_best_untrained_roll_still_fails_three_times_in_five() -> None:
    odds = odds_of("check dex=7")
    assert odds.outcomes["fail"] == Fraction(3, 5)
    assert "still fails 3 times in 5" in SYSTEM.help()


def test_save_block_and_dodge_odds_carry_their_hindrances() -> None:
    assert odds_of("save will rsn=5 prs=3").outcomes["pass"] == Fraction(9, 20)
    assert odds_of("block mit=4").outcomes["pass"] == pass_chance(12, 0)
    assert odds_of("block ranged mit=4").outcomes["pass"] == pass_chance(12, -1)
    assert odds_of("block ranged shield mit=4").outcomes["pass"] == pass_chance(12, 0)
    assert odds_of("dodge heavy dex=5 awr=3").outcomes["pass"] == pass_chance(12, -1)
    assert odds_of("save reflex", sheet=True, flags=("vulnerable",)).outcomes["pass"] == (
        pass_chance(12, -1))


def test_odds_count_plus_luck_as_favor_and_automatic_failure_as_certain() -> None:
    assert odds_of("check dex +luck", sheet=True).outcomes["pass"] == pass_chance(15, 1)
    assert odds_of("check dex hinder +luck", sheet=True).outcomes["pass"] == pass_chance(15, 0)
    lost = odds_of("dodge", sheet=True, flags=("incapacitated",))
    assert [lost.outcomes[k] for k in ("pass", "fail", "crit")] == [0, 1, 0]


WORDS = {"favor": 1, "favored": 1, "f": 1, "hinder": -1, "hindered": -1, "h": -1}


@given(st.lists(st.sampled_from(sorted(WORDS)), max_size=8), st.integers(1, 20),
       st.integers(1, 6))
def test_any_order_and_count_of_favor_and_hinder_gives_the_net_die(
    words: list[str], d20: int, d6: int
) -> None:
    score = sum(WORDS[w] for w in words)
    net = (score > 0) - (score < 0)
    faces = [d20, d6] if net else [d20]
    res = run("check dex=4 " + " ".join(words), faces, active=False)  # every face used, no more
    assert res.total == d20 + net * d6
    assert [d.die for d in res.throws] == (["d20", "d6"] if net else ["d20"])
    assert res.crit == (d20 == 20)


def test_attack_odds_are_hit_miss_and_crit() -> None:
    odds = odds_of("attack melee 1d8 trained", sheet=True)  # Might 4 trained: Difficulty 12
    assert dict(odds.outcomes) == {"hit": Fraction(9, 20), "miss": Fraction(11, 20),
                                   "crit": Fraction(1, 20)}
    assert odds_of("attack ranged 1d6 dex=2 awr=7").outcomes["hit"] == Fraction(2, 5)


def test_odds_of_a_dice_line_roll_one_net_favor_or_hinder_die() -> None:
    assert odds_of("d20+f+f vs 12").outcomes["pass"] == pass_chance(12, 1)
    assert odds_of("d20+f+h+h vs 12").outcomes["pass"] == pass_chance(12, -1)
    assert odds_of("d20+h+f vs 12").outcomes["pass"] == pass_chance(12, 0)
    assert dict(odds_of("d20+f+f").distribution) == roll_distribution(1)


@given(st.lists(st.sampled_from(["+f", "+h", "-f", "-h"]), min_size=1, max_size=6),
       st.integers(1, 20), st.integers(1, 6))
def test_any_f_and_h_atoms_in_a_dice_line_roll_the_net_die(
    atoms: list[str], d20: int, d6: int
) -> None:
    score = sum((1 if a[1] == "f" else -1) * (1 if a[0] == "+" else -1) for a in atoms)
    net = (score > 0) - (score < 0)
    res = run("d20" + "".join(atoms), [d20, d6] if net else [d20], active=False)
    assert res.total == d20 + net * d6
    assert [d.die for d in res.throws] == (["d20", "d6"] if net else ["d20"])


def test_cast_odds_price_the_cast_check_against_an_unwilling_target() -> None:
    # Mira: a wizard casts with Arcana (trained), Reason 5: Difficulty 10
    odds = odds_of("cast effect unwilling", sheet=True)
    assert dict(odds.outcomes) == {"pass": pass_chance(10, 0), "fail": 1 - pass_chance(10, 0),
                                   "crit": Fraction(1, 20)}
    assert odds_of("cast both +1 unwilling hinder", sheet=True).outcomes["pass"] == (
        pass_chance(10, -1))
    with pytest.raises(UsageError, match="no Cast Check"):
        odds_of("cast effect", sheet=True)


def test_cast_odds_without_a_check_price_the_extra_damage_dice() -> None:
    odds = odds_of("cast damage +2", sheet=True)
    assert dict(odds.distribution) == {t: Fraction(6 - abs(t - 7), 36) for t in range(2, 13)}


def test_hit_odds_price_the_save_or_the_damage() -> None:
    # Mira: Might 4, Endure Difficulty 12; Dexterity 5 + Awareness 3, Reflex 12; Armor 1
    assert odds_of("hit 2d6 block", sheet=True).outcomes["pass"] == pass_chance(12, 0)
    assert odds_of("hit 2d6 block ranged", sheet=True).outcomes["pass"] == pass_chance(12, -1)
    assert odds_of("hit 1d8 dodge heavy", sheet=True).outcomes["pass"] == pass_chance(12, -1)
    plain = odds_of("hit 1d6", sheet=True)  # less Armor 1, never below 0
    assert dict(plain.distribution) == {n: Fraction(1, 6) for n in range(6)}
    assert dict(odds_of("hit 1d6 armor=3", sheet=True).distribution) == {
        0: Fraction(3, 6), 1: Fraction(1, 6), 2: Fraction(1, 6), 3: Fraction(1, 6)}
    assert dict(plain.outcomes) == {}
    assert dict(odds_of("hit 1d6 immune", sheet=True).distribution) == {0: 1}
    assert odds_of("hit 1d6 weak", sheet=True).max == 12  # one more die, Armor ignored
