"""The whole game files of docs/games played with scripted faces, and their exact odds held
against brute force over every face, written from each game's own rules (not from our engine)."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from tests.support.gamefile import character, dice, game, odds, resolve, shown

D6 = range(1, 7)


# ---- Powered by the Apocalypse ----


def test_pbta_bands_of_two_d6_plus_a_stat() -> None:
    pbta = game("pbta")
    res = resolve(pbta, "move cool=2", [3, 5])
    assert shown(res) == "move cool=2 → [3, 5] +2 = 10 · strong hit"
    assert (res.kind, res.total, res.outcome, res.target) == ("check", 10, "strong hit", None)
    assert shown(resolve(pbta, "move coo=1", [3, 3])) == "move coo=1 → [3, 3] +1 = 7 · weak hit"
    assert shown(resolve(pbta, "move sharp=1 forward +2", [2, 2])) == (
        "move sharp=1 forward +2 → [2, 2] +4 = 8 · weak hit")


def test_pbta_a_miss_marks_xp_on_the_acting_character() -> None:
    pbta = game("pbta")
    mira = character("Mira", "pbta", stats={"cool": 1, "hard": -1})
    res = resolve(pbta, "move hard", [1, 2], mira)
    assert shown(res) == "move hard → [1, 2] -1 = 2 · miss\nMira · XP 0 → 1 (move)"
    assert [(c.pool, c.before, c.after) for c in res.changes] == [("xp", 0, 1)]
    nobody = resolve(pbta, "move hard=-1", [1, 2])
    assert (nobody.changes, nobody.notes) == ((), ("nobody acts: xp +1 not marked",))


@pytest.mark.parametrize("stat", [-3, -1, 0, 1, 3])
def test_pbta_odds_are_brute_force(stat: int) -> None:
    counts = {"miss": 0, "weak hit": 0, "strong hit": 0}
    for a, b in product(D6, D6):
        total = a + b + stat
        counts["miss" if total <= 6 else "weak hit" if total <= 9 else "strong hit"] += 1
    got = odds(game("pbta"), f"move cool={stat}")
    assert dict(got.outcomes) == {k: Fraction(v, 36) for k, v in counts.items()}
    assert got.mean == 7 + stat


# ---- Blades in the Dark ----


def test_blades_the_highest_die_decides_and_two_sixes_are_critical() -> None:
    blades = game("blades")
    res = resolve(blades, "act prowl=2 risky", [3, 5])
    assert shown(res) == "act prowl=2 risky → [~~3~~, 5] = 5 · partial success"
    assert dice(res) == [("d6", 3, False), ("d6", 5, True)]
    assert dict(res.extra)["words"] == ["risky"]
    res = resolve(blades, "act hunt=2 push", [6, 2, 6])
    assert shown(res) == ("act hunt=2 push → [6, ~~2~~, ~~6~~] = 6 · critical\n"
                          "nobody acts: stress +2 not marked")
    assert (res.crit, res.outcome) == (True, "critical")
    assert resolve(blades, "act sway=1", [2]).outcome == "bad outcome"


def test_blades_zero_dots_roll_two_and_keep_the_lowest_never_critical() -> None:
    res = resolve(game("blades"), "act prowl=0", [6, 6])
    assert shown(res) == "act prowl=0 → [6, ~~6~~] = 6 · full success"
    assert res.crit is False
    assert shown(resolve(game("blades"), "act prowl=0", [5, 2])) == (
        "act prowl=0 → [~~5~~, 2] = 2 · bad outcome")


def test_blades_resistance_takes_six_minus_the_highest_in_stress() -> None:
    blades = game("blades")
    cutter = character("Cutter", "blades", stats={"prowl": 2}, pools={"stress": 3})
    res = resolve(blades, "resist rating=2", [4, 2], cutter)
    assert shown(res) == "resist rating=2 → [4, ~~2~~] = 4 · 2 stress\nCutter · Stress 3 → 5 (resist)"
    res = resolve(blades, "resist rating=3", [6, 1, 6], cutter)
    assert shown(res) == (
        "resist rating=3 → [6, ~~1~~, ~~6~~] = 6 · clear 1 stress\nCutter · Stress 3 → 2 (resist)")


def blades_brute(dots: int) -> dict[str, Fraction]:
    counts = {"bad outcome": 0, "partial success": 0, "full success": 0, "critical": 0}
    rolled = 2 if dots == 0 else dots
    for faces in product(D6, repeat=rolled):
        top = min(faces) if dots == 0 else max(faces)
        if dots > 0 and faces.count(6) >= 2:
            counts["critical"] += 1
        else:
            counts["bad outcome" if top <= 3 else "partial success" if top <= 5
                   else "full success"] += 1
    return {k: Fraction(v, 6**rolled) for k, v in counts.items()}


@pytest.mark.parametrize("dots", [0, 1, 2, 3, 4])
def test_blades_odds_are_brute_force(dots: int) -> None:
    got = dict(odds(game("blades"), f"act prowl={dots}").outcomes)
    expected = blades_brute(dots)
    assert got == {**expected, "crit": expected["critical"]}


# ---- Year Zero ----


def test_year_zero_counts_sixes_and_a_push_rolls_the_others_again() -> None:
    yz = game("yearzero")
    res = resolve(yz, "test melee=2 str=3 gear=1", [1, 6, 3, 2, 5, 6])
    assert shown(res) == "test melee=2 str=3 gear=1 → [1, 6, 3, 2, 5, 6] = 2 successes vs 1 · pass"
    assert (res.successes, res.total, res.target, dict(res.extra)["compare"]) == (2, 2, 1, ">=")
    res = resolve(yz, "test melee=1 str=2 push", [1, 6, 3, 6, 2])
    assert shown(res) == (
        "test melee=1 str=2 push → [~~1~~, 6, ~~3~~, 6, 2] = 2 successes vs 1 · pass")
    assert dice(res) == [("d6", 1, False), ("d6", 6, True), ("d6", 3, False), ("d6", 6, True),
                         ("d6", 2, True)]


def test_year_zero_a_failure_gives_willpower() -> None:
    ada = character("Ada", "yearzero", stats={"agility": 2, "move": 1})
    res = resolve(game("yearzero"), "test move", [1, 2, 3], ada)
    assert shown(res) == "test move → [1, 2, 3] = 0 successes vs 1 · fail\nAda · Willpower 0 → 1 (test)"


def year_zero_brute(dice_count: int, pushed: bool, need: int) -> Fraction:
    passing = 0
    rolls = [(a, b) for a in D6 for b in D6] if pushed else [(a, 0) for a in D6]
    for pairs in product(rolls, repeat=dice_count):
        sixes = sum(1 for a, b in pairs if a == 6 or (pushed and b == 6))
        passing += sixes >= need
    return Fraction(passing, len(rolls) ** dice_count)


@pytest.mark.parametrize(("line", "count", "pushed", "need"), [
    ("test str=2 might=1", 3, False, 1), ("test str=2 might=1 push", 3, True, 1),
    ("test str=1 melee=1 gear=1 need=2 push", 3, True, 2), ("test str=4", 4, False, 1),
])
def test_year_zero_odds_are_brute_force(line: str, count: int, pushed: bool, need: int) -> None:
    got = odds(game("yearzero"), line).outcomes
    assert got["pass"] == year_zero_brute(count, pushed, need)
    assert got["pass"] + got["fail"] == 1


# ---- Mörk Borg ----


def test_mork_borg_d20_plus_ability_against_dr_with_crits_and_fumbles() -> None:
    mb = game("morkborg")
    assert shown(resolve(mb, "test str=1", [11])) == "test str=1 → 11 +1 = 12 vs 12 · pass"
    assert shown(resolve(mb, "test str=1", [20])) == "test str=1 → 20 +1 = 21 vs 12 · pass · crit"
    res = resolve(mb, "test agi=3 dr=14", [1])
    assert shown(res) == "test agi=3 dr=14 → 1 +3 = 4 vs 14 · fail · fumble"
    assert (res.fumble, res.target) == (True, 14)
    assert shown(resolve(mb, "defend agility=-3 dr=10", [20])) == (
        "defend agility=-3 dr=10 → 20 -3 = 17 vs 10 · pass · crit")


@pytest.mark.parametrize(("ability", "dr"), [(-3, 12), (0, 12), (3, 14), (-3, 18)])
def test_mork_borg_odds_are_brute_force(ability: int, dr: int) -> None:
    passing = sum(1 for f in range(1, 21) if f == 20 or (f != 1 and f + ability >= dr))
    got = odds(game("morkborg"), f"test str={ability} dr={dr}").outcomes
    assert dict(got) == {"pass": Fraction(passing, 20), "fail": Fraction(20 - passing, 20),
                         "crit": Fraction(1, 20), "fumble": Fraction(1, 20)}


@pytest.mark.parametrize("stem", ["pbta", "blades", "yearzero", "morkborg"])
def test_odds_agree_with_the_rolls_over_every_face(stem: str) -> None:
    system = game(stem)
    line = system.examples[0]
    priced = odds(system, line)
    count = {"pbta": 2, "blades": 2, "yearzero": 4, "morkborg": 1}[stem]
    sides = 20 if stem == "morkborg" else 6
    seen: dict[str, Fraction] = {}
    for faces in product(range(1, sides + 1), repeat=count):
        res = resolve(system, line, faces)
        assert res.outcome is not None
        seen[res.outcome] = seen.get(res.outcome, Fraction(0)) + Fraction(1, sides**count)
    assert {k: v for k, v in priced.outcomes.items() if v and k not in ("crit", "fumble")} == seen


def test_blades_pushing_yourself_costs_two_stress() -> None:
    blades = game("blades")
    cutter = character("Cutter", "blades", stats={"prowl": 1}, pools={"stress": 8})
    res = resolve(blades, "act prowl push", [4, 5], cutter)
    assert shown(res) == ("act prowl push → [~~4~~, 5] = 5 · partial success\n"
                          "Cutter · Stress 8 → 9 (act)")
    nobody = resolve(blades, "act prowl=1 push", [4, 5])
    assert nobody.notes == ("nobody acts: stress +2 not marked",)
