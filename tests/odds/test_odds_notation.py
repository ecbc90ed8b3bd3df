"""Exact odds of every notation row, checked against the roller itself.

The reference is brute force: every sequence of faces fed to the real roller through a
`ScriptedSource`, each weighted by its probability. Explosions are enumerated to a depth and
compared within the mass both sides leave out.
"""

from __future__ import annotations

import math
from fractions import Fraction

import icepool
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.dice.evaluate import Roller
from rules.dice.source import RandomSource
from rules.errors import EvaluationError, LimitError, RollError
from rules.exact import EPSILON, Dist, Odds, clear_cache, distribution, line_odds
from rules.notation import parse, syntax
from tests.support.odds import brute


def assert_matches_roller(text: str, max_faces: int = 64) -> Odds:
    """The engine's odds equal the roller's, exactly or within both sides' cut-off mass."""
    line = parse(text)
    assert isinstance(line, syntax.RollLine)
    odds = line_odds(line)
    expected, cut = brute(line, max_faces)
    if cut == 0 and odds.residual == 0:
        assert dict(odds.distribution) == expected
    else:
        assert odds.residual < EPSILON
        for v in set(expected) | set(odds.distribution):
            ours, theirs = odds.distribution.get(v, Fraction(0)), expected.get(v, Fraction(0))
            assert ours <= theirs + cut and theirs <= ours + odds.residual, v
    if line.target is not None:
        passing = sum((p for v, p in expected.items() if v >= line.target), Fraction(0))
        assert abs(odds.outcomes["pass"] - passing) <= cut + odds.residual
    return odds


# ---- every notation row against brute force ----

PLAIN = ["3d6", "d%", "dF", "4dF", "d{1,1,2,3}", "2d{1,1,2,3}", "d{-2,0,5}", "0d6", "Δ8", "2d4+3"]
ARITHMETIC = [
    "d6+d4-2", "2*d6", "d6*d4", "d6/2", "d6/d4", "-d6", "(d6+1)/(d4+1)", "floor(d6/4)",
    "ceil(d6/4)", "round(d6/4)", "round(d{1,2,3}/2)", "abs(d6-d6)", "min(d6,d6)",
    "max(d6,d4,d3)", "min(d4,3)", "2d6/3", "d6/4 + d6/4", "3-d4*2",
]
KEEP = [
    "4d6kh3", "4d6kl1", "4d6dh1", "4d6dl1", "4d6d1", "4d6k2", "5d4kh3kl2", "3d6kh5",
    "3d6dl5", "4d4dh1dl1", "2d20kh1", "2d20kl1", "5d3kh2", "4dFkh2", "3d{1,1,2,5}kl2",
]
EXPLODE = [
    "2d6!", "d6!>=5", "2d6!!", "2d6!p", "3d4!", "2d4!<2", "2d6!=3", "d6!!>=5", "d4!p>=3",
    "2d{1,2,2}!", "d6r1!", "d6ro<3!p", "d6!min2", "2d4!max3", "2d4!>=3>=3", "d6!>=5>=4f1",
]
EXPLODE_KEEP = ["3d4!kh2", "2d4!pkh1", "2d4!dl1", "3d4!kl1", "2d4!!kh1", "d4r1!kh1", "d6!>=5kh2"]
REROLL = [
    "2d6r1", "2d6r<3", "2d6ro<3", "2d6rr1", "2d6r1ro<3", "d6ro1ro2", "2d6r1kh1", "d8r>6",
    "3d4ro1kh2", "2dFr-1", "d{1,1,2,3}ro1",
]
CLAMP = ["4d6min2", "4d6max4", "3d6min2max5", "2d6max4min5", "3d4min3kh2", "2d6min7"]
COUNTING = [
    "5d6>=5", "4d6>=5f1", "4d6kh2>=5", "3d10>4f<3", "4d6=6", "5d4<2", "4d6>=5f>=6",
    "3d6min3>=3", "4dF>0f<0",
]
GROUPS = [
    "{d6, d8}kh1", "{2d4, d6, 3}kl1", "{d6, d6, d6}>=4", "{d6, d8, d10}dh1", "{d6/2, d4}kh1",
    "{d4, d4, d4}kh1>=3", "{d6, d4}", "{d4+1, 2d4}kh1 + 1", "{d4, d6, d8, d4}dl2",
    "{d6, d6}>=4f1", "{d4, d6}sd", "{d6}kh1", "{d4, d4, d4, d4}kh2kl1", "{d6, 2d6}",
]
AID = ["d20+f", "d20+h", "d6+f-h", "f", "2*h"]
VS = [
    "3d6 vs 10", "d20 adv vs 11", "d20 dis vs 11", "d20+5 adv vs 15", "d20+f vs 15",
    "d4 + d20 dis", "2d6 vs 20", "2d6 vs -3", "d6s", "4d6kh3sd",
]


@pytest.mark.parametrize(
    "text",
    PLAIN + ARITHMETIC + KEEP + CLAMP + COUNTING + GROUPS + AID + VS,
)
def test_exact_rows_match_the_roller(text: str) -> None:
    odds = assert_matches_roller(text)
    assert odds.residual == 0


@pytest.mark.parametrize("text", REROLL)
def test_reroll_rows_are_exact_and_match_the_roller(text: str) -> None:
    # the roller may reroll forever; brute force stops after a few extra faces
    odds = assert_matches_roller(text, max_faces=7)
    assert odds.residual == 0


@pytest.mark.parametrize("text", EXPLODE + EXPLODE_KEEP)
def test_exploding_rows_match_the_roller_within_the_cut(text: str) -> None:
    odds = assert_matches_roller(text, max_faces=8)
    assert 0 < odds.residual < EPSILON


# ---- known values ----


def test_known_means_and_outcomes() -> None:
    assert line_odds(parse("3d6")).mean == Fraction(21, 2)  # type: ignore[arg-type]
    assert line_odds(parse("4d6kh3")).mean == Fraction(15869, 1296)  # type: ignore[arg-type]
    adv = line_odds(parse("d20 adv vs 11"))  # type: ignore[arg-type]
    assert adv.outcomes == {"pass": Fraction(3, 4), "fail": Fraction(1, 4)}
    dis = line_odds(parse("d20 dis vs 11"))  # type: ignore[arg-type]
    assert dis.outcomes == {"pass": Fraction(1, 4), "fail": Fraction(3, 4)}
    assert line_odds(parse("2d6")).distribution[7] == Fraction(1, 6)  # type: ignore[arg-type]
    assert line_odds(parse("d20 vs 11")).outcomes["pass"] == Fraction(1, 2)  # type: ignore[arg-type]
    favor = line_odds(parse("d20+f vs 20"))  # type: ignore[arg-type]
    ways = sum(1 for d in range(1, 21) for f in range(1, 7) if d + f >= 20)
    assert favor.outcomes["pass"] == Fraction(ways, 120)


def test_exploding_d6_mean_is_21_over_5_up_to_the_cut() -> None:
    odds = line_odds(parse("d6!"))  # type: ignore[arg-type]
    assert abs(odds.mean - Fraction(21, 5)) < Fraction(1, 10**9)
    assert odds.residual < EPSILON
    many = line_odds(parse("10d6!"))  # type: ignore[arg-type]
    assert abs(many.mean - 42) < Fraction(1, 10**9)
    assert 0 < many.residual < EPSILON


def test_rerolls_until_are_exact_conditioned_dice() -> None:
    d = distribution(parse("d6r<3").expr)  # type: ignore[union-attr]
    assert d.residual == 0 and dict(d) == {f: Fraction(1, 4) for f in (3, 4, 5, 6)}
    once = distribution(parse("d6ro<3").expr)  # type: ignore[union-attr]
    assert once[1] == Fraction(1, 18) and once[6] == Fraction(2, 9)


def test_exact_division_floors_only_the_total() -> None:
    d = distribution(parse("d6/4 + d6/4").expr)  # type: ignore[union-attr]
    assert Fraction(1, 2) in d and d.max == 3
    odds = line_odds(parse("d6/4 + d6/4"))  # type: ignore[arg-type]
    assert odds.max == 3 and set(odds.distribution) == {0, 1, 2, 3}


def test_the_wave_limit_cuts_what_the_roller_refuses() -> None:
    # d6!>=2 explodes with 5/6: 100 waves are often not enough, and that mass is cut
    odds = line_odds(parse("d6!>=2"))  # type: ignore[arg-type]
    assert odds.residual == Fraction(5, 6) ** 101  # a first 2+, then 100 more in a row


# ---- icepool agrees ----

ICEPOOL = {
    "3d6": lambda: 3 @ icepool.d6,
    "4d6kh3": lambda: icepool.d6.highest(4, 3),
    "5d8dl2": lambda: icepool.d8.highest(5, 3),
    "4d10kl2": lambda: icepool.d10.lowest(4, 2),
    "20d10kh3": lambda: icepool.d10.highest(20, 3),
    "8d10>=8": lambda: 8 @ icepool.d10.map(lambda x: int(x >= 8)),
    "d6r1 + d8": lambda: icepool.d6.reroll([1], depth="inf") + icepool.d8,
    "{d6, d8}kh1": lambda: icepool.highest(icepool.d6, icepool.d8),
    "4dF": lambda: 4 @ icepool.Die([-1, 0, 1]),
    "10d6!": lambda: 10 @ icepool.d6.explode(depth=20),
    "3d8!>=7": lambda: 3 @ icepool.d8.explode([7, 8], depth=30),
}


@pytest.mark.parametrize("text", sorted(ICEPOOL))
def test_icepool_agrees(text: str) -> None:
    ours = line_odds(parse(text))  # type: ignore[arg-type]
    theirs = ICEPOOL[text]()
    slack = ours.residual + Fraction(1, 10**15)
    for outcome, quantity in theirs.items():
        p = Fraction(quantity, theirs.denominator())
        assert abs(ours.distribution.get(outcome, Fraction(0)) - p) <= slack, outcome
    assert set(ours.distribution) <= set(theirs.outcomes())


# ---- the roller's own dice, sampled ----


def _chi_square_p(stat: float, dof: int) -> float:
    """Upper tail of chi-square (Wilson–Hilferty): plenty for a sanity bound."""
    z = ((stat / dof) ** (1 / 3) - (1 - 2 / (9 * dof))) / math.sqrt(2 / (9 * dof))
    return 0.5 * math.erfc(z / math.sqrt(2))


@pytest.mark.parametrize(
    "text", ["3d6", "4d6kh3", "2d6!", "d20 adv", "5d10>=7f1", "{d6, d8}kh1", "d6ro<3 + d4r1",
             "3d6!pkl2", "d8/3 + d6"],
)
def test_sampled_rolls_fit_the_exact_odds(text: str) -> None:
    line = parse(text)
    assert isinstance(line, syntax.RollLine)
    odds = line_odds(line)
    expr = syntax.with_advantage(line.expr, line.advantage)
    source = RandomSource(seed=20240611)
    runs = 3000
    seen: dict[int, int] = {}
    for _ in range(runs):
        total = Roller(source).roll(expr).total
        seen[total] = seen.get(total, 0) + 1
    assert set(seen) <= set(odds.distribution)
    cells: list[tuple[float, int]] = []
    exp_acc, obs_acc = 0.0, 0
    for v, p in odds.distribution.items():
        exp_acc += float(p) * runs
        obs_acc += seen.get(v, 0)
        if exp_acc >= 5:
            cells.append((exp_acc, obs_acc))
            exp_acc, obs_acc = 0.0, 0
    if exp_acc or obs_acc:
        e, o = cells.pop()
        cells.append((e + exp_acc, o + obs_acc))
    stat = sum((o - e) ** 2 / e for e, o in cells)
    assert _chi_square_p(stat, len(cells) - 1) > 1e-4


# ---- errors and limits: as the roller's, and fast ----


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("1d0", EvaluationError),
        ("d1!", EvaluationError),
        ("d6!<7", EvaluationError),
        ("d6r<7", EvaluationError),
        ("d6/(d2-1)", EvaluationError),
        ("6d6f1", EvaluationError),
        ("{d6, d6}r1", EvaluationError),
        ("100001d6", LimitError),
        ("60000d6 + 60000d6", LimitError),
    ],
)
def test_errors_match_the_roller(text: str, error: type[RollError]) -> None:
    line = parse(text)
    assert isinstance(line, syntax.RollLine)
    with pytest.raises(error):
        line_odds(line)
    with pytest.raises(error):
        if error is LimitError:
            Roller(RandomSource(1)).roll(line.expr)
        else:
            brute(line, max_faces=8)


@pytest.mark.parametrize(
    "text",
    [
        "100000d1000000", "d1000000", "3000d6", "200d1000", "1000d1000kh500", "300d6*300d6",
        "100d100!kh50", "{d100, d99, d98, d97, d96, d95, d94, d93}dh2dl2",
        "50d20!>=2kh3", "1000d6>=2 * 1000d6>=2 * 1000d6>=2", "d1000!>=2", "d100000!",
    ],
)
def test_limits_fail_fast_with_a_clear_message(text: str) -> None:
    line = parse(text)
    assert isinstance(line, syntax.RollLine)

    def refused() -> None:
        with pytest.raises(LimitError, match="odds"):
            line_odds(line)

    refused()  # (bench/budgets.py counts its work)


def test_big_but_fine_lines_are_computed() -> None:
    for text in ("100d6", "20d10kh3", "10d6!", "8d10>=8", "4d6!kh3", "d1000+d1000"):
        clear_cache()
        line = parse(text)
        assert isinstance(line, syntax.RollLine)
        odds = line_odds(line)  # (bench/budgets.py counts its work)
        assert odds.min <= odds.mean <= odds.max and sum(odds.distribution.values()) > 0


# ---- the Dist and Odds types ----


def test_dist_is_a_frozen_mapping_of_probabilities() -> None:
    d = Dist.uniform([1, 2, 2, 3])
    assert dict(d) == {1: Fraction(1, 4), 2: Fraction(1, 2), 3: Fraction(1, 4)}
    assert d.min == 1 and d.max == 3 and d.mean == 2 and d.residual == 0
    assert (d + d)[4] == Fraction(3, 8)
    assert d.sum_of(3) == d + d + d
    assert d.map(lambda v: v % 2)[0] == Fraction(1, 2)
    assert Dist.from_probs({0: Fraction(1, 3)}).residual == Fraction(2, 3)
    with pytest.raises(AttributeError):
        d.denom = 5  # type: ignore[misc]


def test_odds_from_any_mapping_for_game_systems() -> None:
    check = Odds.judged({v: Fraction(1, 20) for v in range(1, 21)},
                        lambda t: "pass" if t <= 12 else "fail")
    assert check.outcomes == {"pass": Fraction(3, 5), "fail": Fraction(2, 5)}
    assert check.mean == Fraction(21, 2) and check.residual == 0
    partial = Odds({1: Fraction(1, 2)})
    assert partial.residual == Fraction(1, 2) and partial.mean == 1 and not partial.outcomes
    with pytest.raises(ValueError):
        Odds({1: Fraction(3, 2)})


# ---- small random terms against the roller ----

small_dice = st.one_of(
    st.integers(1, 4).map(syntax.std_die),
    st.just(syntax.FATE),
    st.lists(st.integers(-2, 4), min_size=1, max_size=3).map(
        lambda faces: syntax.Die("custom", len(faces), tuple(faces))
    ),
)
small_compares = st.builds(syntax.Compare, st.sampled_from(["=", ">", ">=", "<", "<="]),
                           st.integers(-2, 5))
small_mods = st.lists(
    st.one_of(
        st.builds(syntax.Reroll, small_compares, st.booleans()),
        st.builds(syntax.Explode, st.sampled_from(["!", "!!", "!p"]), st.none() | small_compares),
        st.builds(syntax.Clamp, st.sampled_from(["min", "max"]), st.integers(-1, 4)),
        st.builds(syntax.Keep, st.sampled_from(["kh", "kl", "dh", "dl"]), st.integers(0, 3)),
        st.builds(syntax.CountSuccesses, small_compares),
        st.builds(syntax.CountFailures, small_compares),
    ),
    max_size=3,
).map(tuple)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 3), small_dice, small_mods)
def test_random_small_terms_match_the_roller(
    count: int, die: syntax.Die, mods: tuple[syntax.Modifier, ...]
) -> None:
    node = syntax.Dice(count, die, mods)
    line = syntax.RollLine(node)
    try:
        odds = line_odds(line)
    except EvaluationError:
        with pytest.raises(EvaluationError):
            brute(line, max_faces=count + 6)
        return
    except LimitError:
        return  # a cut too deep to compute is refused, never wrong
    expected, cut = brute(line, max_faces=count + 6)
    for v in set(expected) | set(odds.distribution):
        ours, theirs = odds.distribution.get(v, Fraction(0)), expected.get(v, Fraction(0))
        assert ours <= theirs + cut and theirs <= ours + odds.residual, (str(node), v)


def test_a_die_that_always_rerolls_then_explodes_keeps_its_one_value() -> None:
    """`1d2!kh1r1`: the die is 2 after its 1s are rerolled, and a 2 always explodes; the pool
    of dice that stopped is empty, and no roll has one (Hypothesis found it crashing)."""
    line = parse("1d2!kh1r1")
    assert isinstance(line, syntax.RollLine)
    odds = line_odds(line)
    assert set(odds.distribution) == {2}
    assert sum(odds.distribution.values()) + odds.residual == 1
