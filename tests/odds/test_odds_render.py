"""Rendering `roll odds`: the exact SPEC §7 JSON, and a bar chart that fits the pane."""

from __future__ import annotations

import json
import re
from fractions import Fraction

import pytest

from cli.render.odds_chart import mean_text, odds_json, odds_text, percent
from rules.exact import Odds, line_odds
from rules.notation import parse, syntax


def odds_of(text: str) -> Odds:
    line = parse(text)
    assert isinstance(line, syntax.RollLine)
    return line_odds(line)


def test_json_is_exactly_spec_7() -> None:
    out = odds_json(odds_of("4d6kh3"), "4d6kh3", "generic")
    assert list(out) == ["input", "system", "kind", "mean", "min", "max", "distribution",
                         "residual"]
    assert out["kind"] == "odds"
    assert out["mean"] == "15869/1296"
    assert (out["min"], out["max"]) == (3, 18)
    assert out["distribution"]["3"] == "1/1296"
    assert out["distribution"]["18"] == "7/432"  # 21/1296
    assert out["residual"] == "0"
    assert "outcomes" not in out
    assert json.loads(json.dumps(out)) == out


def test_json_outcomes_only_with_a_target() -> None:
    out = odds_json(odds_of("d20 adv vs 11"), "d20 adv vs 11", "generic")
    assert out["outcomes"] == {"pass": "3/4", "fail": "1/4"}
    assert list(out)[-2:] == ["outcomes", "residual"]
    assert sum(Fraction(p) for p in out["distribution"].values()) == 1


def test_json_integers_and_residual_as_strings() -> None:
    out = odds_json(odds_of("100d6"), "100d6", "generic")
    assert out["mean"] == "350"
    exploding = odds_json(odds_of("d6!"), "d6!", "generic")
    assert 0 < Fraction(exploding["residual"]) < Fraction(1, 10**12)
    assert odds_json(odds_of("3"), "3", "generic")["distribution"] == {"3": "1"}


def test_percent_never_rounds_a_possibility_away() -> None:
    assert percent(Fraction(1, 2)) == "50.00%"
    assert percent(Fraction(1, 10**9)) == "<0.01%"
    assert percent(1 - Fraction(1, 10**9)) == ">99.99%"
    assert (percent(Fraction(0)), percent(Fraction(1))) == ("0%", "100%")
    assert percent(Fraction(1, 1296)) == "0.08%"


def test_mean_text() -> None:
    assert mean_text(Fraction(15869, 1296)) == "12.24"
    assert mean_text(Fraction(350)) == "350"
    assert mean_text(Fraction(21, 5)) == "4.2"
    assert mean_text(Fraction(788, 195)) == "4.04"
    assert mean_text(Fraction(10**30 + 1, 3 * 10**28)) == "33.33"


def test_text_4d6kh3_at_40_columns() -> None:
    text = odds_text(odds_of("4d6kh3"), "odds 4d6kh3", width=40)
    lines = text.splitlines()
    assert lines[0] == "odds 4d6kh3"
    assert lines[1] == "mean 12.24 · min 3 · max 18"
    assert lines[2] == " 3  0.08% ▏"
    assert lines[12] == "13 13.27% ██████████████████████████████"
    assert len(lines) == 2 + 16
    assert all(len(line) <= 40 for line in lines)


def test_text_outcomes_and_cumulative_views() -> None:
    odds = odds_of("d20 adv vs 11")
    text = odds_text(odds, "odds d20 adv vs 11", width=40, at_least=True)
    lines = text.splitlines()
    assert "pass 75.00% · fail 25.00%" in lines
    assert "P(total ≥ value)" in lines
    assert next(line for line in lines if line.startswith("11 ")).startswith("11 75.00%")
    at_most = odds_text(odds, "d20 adv", width=40, at_most=True).splitlines()
    assert next(line for line in at_most if line.startswith("20 ")).startswith("20   100%")


@pytest.mark.parametrize("width", [40, 60, 100])
@pytest.mark.parametrize("text", ["3d6", "10d6!", "100d6", "d100", "d20+f vs 15", "4dF",
                                  "d1000", "2d6*10"])
def test_every_line_fits_the_width(text: str, width: int) -> None:
    rendered = odds_text(odds_of(text), f"odds {text}", width=width)
    lines = rendered.splitlines()
    assert all(len(line) <= width for line in lines), rendered
    bar_lines = [line for line in lines if re.match(r"^\s*-?\d", line)]
    assert 1 <= len(bar_lines) <= 41


def test_many_totals_are_trimmed_then_grouped_and_say_so() -> None:
    text = odds_text(odds_of("10d6!"), "odds 10d6!", width=40)
    assert "tail cut off: " in text
    assert re.search(r"\(\d[\d,]* totals under 0\.005% each not shown\)", text)
    assert "(totals grouped 2 to a row)" in text
    flat = odds_text(odds_of("d1000"), "odds d1000", width=40)
    assert "(totals grouped 25 to a row)" in flat
    assert "1–25 2.50%" in flat


def test_color_only_when_asked() -> None:
    odds = odds_of("d20 vs 11")
    assert "\x1b[" not in odds_text(odds, "d20 vs 11")
    colored = odds_text(odds, "d20 vs 11", color=True)
    assert "\x1b[32;1mpass\x1b[0m 50.00%" in colored and "\x1b[36m" in colored


def test_systems_can_render_their_own_odds() -> None:
    odds = Odds.judged({v: Fraction(1, 20) for v in range(1, 21)},
                       lambda t: "pass" if t <= 12 else "fail")
    out = odds_json(odds, "check dex", "macchiato")
    assert out["outcomes"] == {"pass": "3/5", "fail": "2/5"}
    assert "pass 60.00% · fail 40.00%" in odds_text(odds, "check dex", width=40)


def test_subclass_extras_and_notes_are_rendered() -> None:
    from dataclasses import dataclass

    @dataclass(frozen=True)
    class Lasting(Odds):
        uses: Fraction = Fraction(0)

        @property
        def extra(self) -> dict[str, object]:
            return {"expected_uses": self.uses, "kind": "ignored: fixed keys win"}

        @property
        def notes(self) -> tuple[str, ...]:
            return (f"expected rolls until it fizzles: {self.uses} and a long tail of words",)

    odds = Lasting({1: Fraction(1, 2), 2: Fraction(1, 2)}, {"hold": Fraction(1)}, Fraction(6))
    out = odds_json(odds, "Δ8", "macchiato")
    assert out["expected_uses"] == "6" and out["kind"] == "odds"
    text = odds_text(odds, "Δ8", width=40)
    assert "expected rolls until it fizzles: 6 and" in text
    assert all(len(line) <= 40 for line in text.splitlines())
