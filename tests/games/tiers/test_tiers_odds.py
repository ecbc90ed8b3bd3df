"""Exact odds of Tiers checks, saves and attacks against brute force, and against the rolls."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from rules.errors import LimitError, ScriptError, UsageError
from rules.exact import EPSILON
from rules.notation import parse
from rules.systems.tiers.odds import fail_chance, successes_distribution
from rules.systems.tiers.system import SYSTEM
from tests.support.tiers import context, kell, odds, run

SIXTH = Fraction(1, 6)


def brute_successes(n: int, threshold: int, cap: int) -> dict[int, Fraction]:
    """P(successes = s) for s < cap, face by face; every path reaching `cap` is lumped as `cap`."""
    out: dict[int, Fraction] = {}

    def throw(left: int, successes: int, p: Fraction) -> None:
        if successes >= cap:
            out[cap] = out.get(cap, Fraction(0)) + p
            return
        if left == 0:
            out[successes] = out.get(successes, Fraction(0)) + p
            return
        for face in range(1, 7):
            hit = face >= threshold
            throw(left - (face != 6), successes + hit, p * SIXTH)

    throw(n, 0, Fraction(1))
    return out


@pytest.mark.parametrize("n", [1, 2, 3, 4])
@pytest.mark.parametrize("threshold", [4, 5, 6])
def test_the_successes_distribution_matches_brute_force(n: int, threshold: int) -> None:
    cap = 5
    brute = brute_successes(n, threshold, cap)
    exact = successes_distribution(n, threshold)
    for s in range(cap):
        assert exact[s] == brute.get(s, 0), s
    for task in range(1, cap + 1):
        assert fail_chance(n, threshold, task) == sum(
            (brute.get(s, Fraction(0)) for s in range(task)), Fraction(0))
    residual = 1 - sum(exact.values(), Fraction(0))
    assert 0 < residual < EPSILON


def test_a_single_die_at_five_plus_by_hand() -> None:
    # 0: a 1–4 (2/3); 1: a 5 (1/6) or a 6 then 1–4 (1/6 · 2/3); each further 6 × 1/6
    dist = successes_distribution(1, 5)
    assert (dist[0], dist[1], dist[2]) == (Fraction(2, 3), Fraction(5, 18), Fraction(5, 108))


def test_the_check_hook_prices_the_planned_pool() -> None:
    got = odds("check body task 2")  # Body +2, Tier 2: 4 dice at 5+
    fail = fail_chance(4, 5, 2)
    assert (got.outcomes["pass"], got.outcomes["fail"]) == (1 - fail, fail)
    assert got.distribution[0] == Fraction(2, 3) ** 4
    assert 0 < got.residual < EPSILON
    assert odds("check cun task 1").outcomes["fail"] == Fraction(5, 6) ** 2  # 2 dice, 6s only
    assert odds("check body task 1 adv fate 1").outcomes["fail"] == Fraction(1, 2) ** 5
    inline = odds("check body task 1 body=10 tier=1", active=False)
    assert inline.outcomes["pass"] == Fraction(1, 3)


def pass_chance_by_rolling(line: str, task: int) -> Fraction:
    """P(pass) of the real `check` command, every face sequence in turn; a sequence with `task`
    sixes passes whatever follows, so the enumeration ends."""
    total = Fraction(0)
    stack: list[tuple[int, ...]] = [()]
    while stack:
        faces = stack.pop()
        if faces.count(6) >= task:
            total += SIXTH ** len(faces)
            continue
        ctx, source = context(line, faces, kell(pools={"stamina": 9}, max={"stamina": 9}))
        try:
            res = SYSTEM.resolve(parse(line), ctx)
        except ScriptError:
            stack.extend(faces + (f,) for f in range(1, 7))
            continue
        assert source.left == 0
        total += SIXTH ** len(faces) * (res.outcome == "pass")
    return total


@pytest.mark.parametrize(("line", "task"), [("check mind task 2", 2), ("check cun task 1 dis", 1),
                                            ("check mind task 1 adv", 1)])
def test_the_odds_are_those_of_the_rolls(line: str, task: int) -> None:
    assert pass_chance_by_rolling(line, task) == odds(line).outcomes["pass"]


# ---- saves and attacks ----


def test_save_odds_match_every_roll_of_the_save() -> None:
    line = "save sense dc 14"  # d20 + d4 + d8 + 2
    got = odds(line)
    totals: Counter[int] = Counter()
    passes = 0
    for faces in product(range(1, 21), range(1, 5), range(1, 9)):
        res = run(line, faces)
        assert res.total is not None
        totals[res.total] += 1
        passes += res.outcome == "pass"
    assert dict(got.distribution) == {t: Fraction(c, 640) for t, c in totals.items()}
    assert got.outcomes["pass"] == Fraction(passes, 640)
    assert got.residual == 0


def test_save_odds_with_advantage_negative_dice_and_the_fate_save() -> None:
    got = odds("save cunning dc 12 adv")  # 2d20kh1 − d4 + d8 + 2
    brute: Counter[int] = Counter()
    for a, b, c, d in product(range(1, 21), range(1, 21), range(1, 5), range(1, 9)):
        brute[max(a, b) - c + d + 2] += 1
    assert dict(got.distribution) == {t: Fraction(n, 12800) for t, n in brute.items()}
    fate = odds("save fate dc 12")  # the Fate die once: d20 + d8 + 2
    assert (fate.min, fate.max) == (4, 30)
    assert fate.outcomes["pass"] == Fraction(sum(1 for a, b in product(range(1, 21), range(1, 9))
                                                 if a + b + 2 >= 12), 160)
    assert odds("disrupt sense dc 10").max == 26  # d20 + d4 + 2, no Fate die


def test_attack_odds_count_crits_as_hits() -> None:
    got = odds("attack ac 25 stat body crit 19")  # 19–20 crit; 21+2 never reaches 25 otherwise
    assert (got.outcomes["hit"], got.outcomes["crit"]) == (Fraction(1, 10), Fraction(1, 10))
    got = odds("attack ac 14 stat body")
    wins = 0
    for natural in range(1, 21):
        ctx, _ = context("attack ac 14 stat body", [natural, 1, 1])
        wins += SYSTEM.resolve(parse("attack ac 14 stat body"), ctx).outcome == "hit"
    assert got.outcomes["hit"] == Fraction(wins, 20) == Fraction(9, 20)
    assert odds("attack ac 12 bonus 3 minor", active=False).outcomes["hit"] == Fraction(12, 20)


def test_huge_pools_are_a_limit_not_a_hang() -> None:
    with pytest.raises(LimitError, match="pools of at most 500 dice, not 1004"):
        odds("check body task 1 fate 1000")


def test_commands_without_an_outcome_have_no_odds() -> None:
    with pytest.raises(UsageError, match="no odds for 'hurt' in tiers"):
        odds("hurt 3")
    with pytest.raises(UsageError, match="save needs the DC"):
        odds("save sense")
