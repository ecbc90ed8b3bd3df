"""`roll fair` and `roll luck` through the command line on logs of known faces (SPEC §11):
the text a 40-column pane shows, and the JSON, its statistics computed again here."""

from __future__ import annotations

import json
import math
from fractions import Fraction

import pytest

from tests.support.cli import invoke
from tests.support.paths import ROOT_DIR

SHEETS = ROOT_DIR / "tests" / "sheets"
COUNTS = [5, 8, 9, 10, 13, 15]
"""A physical d6's faces: 60 throws, 5 ones … 15 sixes."""


def setup_log() -> list[int]:
    """Mira and Kell; Mira throws 60 physical d6 (COUNTS) and 4 drawn ones (--seed 3);
    the drawn faces, as the log shows them."""
    for name in ("mira", "kell"):
        assert invoke("sheet", "import", str(SHEETS / f"{name}.toml"))[0] == 0
    faces = ",".join(str(f) for f, n in enumerate(COUNTS, start=1) for _ in range(n))
    assert invoke("--as", "Mira", "60d6", "--rolled", faces)[0] == 0
    assert invoke("--as", "Mira", "4d6", "--seed", "3")[0] == 0
    assert invoke("--as", "Kell", "d20+2", "--rolled", "3")[0] == 0
    last = json.loads(invoke("log", "--json", "-n", "2")[1].splitlines()[0])
    return [d["face"] for d in last["dice"]]


def p_of_5_df(x: float) -> float:
    """P(χ²_5 ≥ x) written out: erfc(√(x/2)) + e^{-x/2} ((x/2)^½/Γ(3/2) + (x/2)^{3/2}/Γ(5/2))."""
    h = x / 2
    return math.erfc(math.sqrt(h)) + math.exp(-h) * (h ** 0.5 / math.gamma(1.5)
                                                    + h ** 1.5 / math.gamma(2.5))


def test_fair_charts_each_die_physical_apart_from_drawn() -> None:
    drawn = setup_log()
    code, out, err = invoke("fair", "d6")
    assert (code, err) == (0, "")
    assert out.split("\n\n")[0].splitlines() == [
        "d6 · physical · 60 rolls",
        "1 ███████████▋                         5",
        "2 ██████████████████▋                  8",
        "3 █████████████████████                9",
        "4 ███████████████████████▍            10",
        "5 ██████████████████████████████▍     13",
        "6 ███████████████████████████████████ 15",
        "chi² 6.40 · df 5 · p 0.2692",
        "too few rolls to tell: 2,406 more would",
        "  show a face 20% heavier"]
    assert max(len(line) for line in out.splitlines()) <= 40
    code, out, _ = invoke("fair", "--json")
    answer = json.loads(out)
    assert answer["kind"] == "fair"
    assert [(d["die"], d["source"], d["rolls"]) for d in answer["dice"]] == [
        ("d6", "physical", 60), ("d6", "drawn", 4), ("d20", "physical", 1)]
    physical, seeded, d20 = answer["dice"]
    assert physical["counts"] == {str(f): n for f, n in enumerate(COUNTS, start=1)}
    assert physical["chi2"] == pytest.approx(sum((n - 10) ** 2 / 10 for n in COUNTS))
    assert physical["p"] == pytest.approx(p_of_5_df(6.4), abs=1e-9)
    assert (physical["df"], d20["df"]) == (5, 19)
    assert set(physical) == {"die", "source", "rolls", "counts", "chi2", "df", "p", "verdict"}
    assert seeded["counts"] == {str(f): drawn.count(f) for f in range(1, 7)}
    expected = sum((drawn.count(f) - 4 / 6) ** 2 / (4 / 6) for f in range(1, 7))
    assert seeded["p"] == pytest.approx(p_of_5_df(expected), abs=1e-9)


def test_fair_names_an_unfair_die_and_takes_who_and_since() -> None:
    setup_log()
    assert invoke("--as", "Kell", "10d4", "--rolled", ",".join(["4"] * 10))[0] == 0
    code, out, _ = invoke("fair", "d4", "--as", "Kell")
    assert out.splitlines()[-2:] == ["chi² 30.00 · df 3 · p 0.0000",
                                     "not fair: too many 4s (p 0.0000)"]
    assert json.loads(invoke("fair", "--as", "Kell", "--json")[1])["dice"][0]["p"] == (
        pytest.approx(math.erfc(math.sqrt(15)) + math.exp(-15) * 15 ** 0.5 / math.gamma(1.5),
                      abs=1e-12))  # P(χ²_3 ≥ 30), written out
    assert invoke("fair", "--since", "2999-01-01T00:00") == (
        0, "no dice in the log to test yet\n", "")
    assert invoke("fair", "--json", "--since", "2999-01-01T00:00")[1] == (
        '{"kind": "fair", "dice": []}\n')
    assert invoke("fair", "d7x") == (
        2, "", "roll: error: fair takes a numbered die such as d20, not 'd7x'\n")


def test_luck_is_each_characters_mean_percentile_against_exact_odds() -> None:
    for name in ("mira", "kell"):
        assert invoke("sheet", "import", str(SHEETS / f"{name}.toml"))[0] == 0
    for face in ("20", "18", "15"):  # a Vagabond check: the d20's face against 1..20
        assert invoke("--as", "Mira", "check", "dex", "--rolled", face)[0] == 0
    assert invoke("--as", "Mira", "spend", "luck")[0] == 0  # no total: not priced
    assert invoke("--as", "Kell", "d20+2", "--rolled", "3")[0] == 0
    code, out, _ = invoke("luck", "--json")
    answer = json.loads(out)
    assert answer["kind"] == "luck" and [c["name"] for c in answer["characters"]] == [
        "Kell", "Mira"]
    kell, mira = answer["characters"]
    var = (1 - 20 * Fraction(1, 20) ** 3) / 12  # a d20's mid-percentile variance
    assert (kell["rolls"], kell["percentile"]) == (1, pytest.approx(100 * 2.5 / 20))
    assert kell["p"] == pytest.approx(math.erfc(abs(0.125 - 0.5) / math.sqrt(2 * var)),
                                      abs=1e-12)
    mean = (19.5 + 17.5 + 14.5) / 60
    assert (mira["rolls"], mira["percentile"]) == (3, pytest.approx(100 * mean))
    z = (3 * mean - 1.5) / math.sqrt(3 * var)
    assert mira["p"] == pytest.approx(math.erfc(abs(z) / math.sqrt(2)), abs=1e-12)
    assert invoke("luck")[1].splitlines() == [
        "mean percentile of each roll (50: par)",
        "Kell · 1 roll · 12 · p 0.19",
        "  ├──●───────┼──────────┤ as the odds say",
        "Mira · 3 rolls · 86 · p 0.03",
        "  ├──────────┼──────●───┤ hot dice"]
    assert invoke("luck", "--since", "2999-01-01T00:00")[1] == "no priced rolls in the log yet\n"
