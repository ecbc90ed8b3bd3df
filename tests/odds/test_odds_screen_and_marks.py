"""`roll odds` as it reads on a screen and in JSON (SPEC §7): a row for each total unless the
chart would not fit the screen's height, one format for means, P(crit) and P(fumble) wherever
the roll marks them (a natural 20/1 of the one kept d20 too, checked against every face the
roller could throw), and `--at-least` / `--at-most` as cumulative JSON fields."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from rules.exact import Odds, line_odds
from rules.notation import parse
from tests.support.cli import invoke, invoke_json
from tests.support.odds import brute_marks

ADV_AT_40_BY_24 = """\
d20+5 vs 15 adv
pass 79.75% · fail 20.25%
mean 18.82 · min 6 · max 25
  6–7  1.00% █▍
  8–9  3.00% ████▎
10–11  5.00% ███████
12–13  7.00% █████████▉
14–15  9.00% ████████████▊
16–17 11.00% ███████████████▋
18–19 13.00% ██████████████████▍
20–21 15.00% █████████████████████▎
22–23 17.00% ████████████████████████▏
24–25 19.00% ███████████████████████████
(totals grouped 2 to a row)
crit 9.75% · fumble 0.25%
"""
"""24 rows cannot hold its 20 totals, the header, the crit line and the prompt: grouped."""


def screen(monkeypatch: pytest.MonkeyPatch, columns: int, lines: int) -> None:
    monkeypatch.setenv("COLUMNS", str(columns))
    monkeypatch.setenv("LINES", str(lines))


def test_a_short_screen_groups_the_totals(monkeypatch: pytest.MonkeyPatch) -> None:
    screen(monkeypatch, 40, 24)
    assert invoke("odds", "d20+5 vs 15 adv") == (0, ADV_AT_40_BY_24, "")


def test_a_tall_screen_shows_every_total(monkeypatch: pytest.MonkeyPatch) -> None:
    screen(monkeypatch, 80, 50)
    code, out, err = invoke("odds", "d20+5 vs 15 adv")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[:3] == ["d20+5 vs 15 adv", "pass 79.75% · fail 20.25%",
                         "mean 18.82 · min 6 · max 25"]
    rows = lines[3:-1]
    assert [row.split()[:2] for row in rows] == [
        [str(total), f"{(2 * (total - 5) - 1) / 4:.2f}%"] for total in range(6, 26)]
    assert rows[12] == "18 6.25% " + "█" * 45 + "▌"  # P(exactly 18) can be read
    assert rows[-1] == "25 9.75% " + "█" * 71
    assert lines[-1] == "crit 9.75% · fumble 0.25%"
    assert "grouped" not in out


def test_a_chart_that_fits_is_never_grouped(monkeypatch: pytest.MonkeyPatch) -> None:
    screen(monkeypatch, 40, 24)
    code, out, _ = invoke("odds", "3d6")
    assert code == 0
    assert out.splitlines()[:4] == ["3d6", "mean 10.5 · min 3 · max 18",
                                    " 3  0.46% █", " 4  1.39% ███▎"]
    assert len(out.splitlines()) == 18


def test_a_pipe_has_no_screen_to_fit() -> None:
    code, out, _ = invoke("odds", "d20+5 vs 15 adv")  # no LINES, not a terminal
    assert code == 0 and "grouped" not in out
    assert len(out.splitlines()) == 3 + 20 + 1


@pytest.mark.parametrize(("line", "mean"), [
    ("1d4", "2.5"), ("2d6", "7"), ("4d6kh3", "12.24"), ("d20 adv", "13.82"),
    ("d3/2", "0.67"), ("d20-11", "-0.5"), ("d4-3", "-0.5"), ("1d6!-1", "3.2"),
])  # fmt: skip
def test_one_format_for_means(line: str, mean: str) -> None:
    code, out, _ = invoke("odds", "--", line)
    assert code == 0
    assert out.splitlines()[1].startswith(f"mean {mean} · "), out


# ---- crit and fumble ----

MARKED = [
    # (LINE, P(crit), P(fumble))
    ("d20", "1/20", "1/20"),
    ("d20+5 vs 15 adv", "39/400", "1/400"),
    ("d20 dis + d6", "1/400", "39/400"),
    ("3d20kl1", "1/8000", "1141/8000"),
    ("{d20, d20}kh1 + 2", "39/400", "1/400"),
    ("2*d20", "1/20", "1/20"),
    ("d20cs>=19", "1/10", "1/20"),  # a range decides crit; the natural 1 the fumble
    ("d20cs>=19cf<=2", "1/10", "1/10"),
    ("d20ro1", "21/400", "1/400"),
]


@pytest.mark.parametrize(("line", "crit", "fumble"), MARKED)
def test_crit_and_fumble_odds_in_json(line: str, crit: str, fumble: str) -> None:
    code, (obj,) = invoke_json("odds", line)
    assert code == 0
    assert (obj["crit"], obj["fumble"]) == (crit, fumble)
    assert brute_marks(line, max_faces=4) == (Fraction(crit), Fraction(fumble))


@pytest.mark.parametrize("line", ["2d20", "d20+d20", "max(d20, d20)", "3d6", "d20!", "d8 adv"])
def test_no_crit_odds_where_the_roll_marks_none_or_cannot_say(line: str) -> None:
    code, (obj,) = invoke_json("odds", line)
    assert code == 0
    assert "crit" not in obj and "fumble" not in obj
    if line != "d20!":  # an exploding d20 is past the brute force's faces
        assert brute_marks(line, max_faces=4) == (0, 0)


def test_crit_odds_in_text() -> None:
    code, out, _ = invoke("odds", "d20")
    assert code == 0 and out.splitlines()[-1] == "crit 5.00% · fumble 5.00%"


def test_other_games_mark_no_natural_d20() -> None:
    code, (obj,) = invoke_json("-s", "vagabond", "odds", "d20+5")
    assert code == 0 and "crit" not in obj


def test_the_engine_marks_a_natural_d20_only_when_asked() -> None:
    line = parse("d20+5")
    assert line_odds(line).extra == {}
    marked = line_odds(line, natural=True)
    assert isinstance(marked, Odds)
    assert marked.extra == {"crit": Fraction(1, 20), "fumble": Fraction(1, 20)}


# ---- --at-least / --at-most ----


def test_at_least_adds_its_table_to_the_json() -> None:
    code, out, err = invoke("odds", "--at-least", "--json", "2d6")
    assert (code, err) == (0, "")
    obj = json.loads(out)
    assert obj["at_least"] == {"2": "1", "3": "35/36", "4": "11/12", "5": "5/6", "6": "13/18",
                               "7": "7/12", "8": "5/12", "9": "5/18", "10": "1/6",
                               "11": "1/12", "12": "1/36"}
    assert "at_most" not in obj
    assert obj["distribution"]["7"] == "1/6"  # the distribution stays


def test_at_most_adds_its_table_to_the_json() -> None:
    code, (obj,) = invoke_json("odds", "--at-most", "1d4")
    assert code == 0
    assert obj["at_most"] == {"1": "1/4", "2": "1/2", "3": "3/4", "4": "1"}
    assert "at_least" not in obj


def test_cumulative_fields_sum_the_distribution() -> None:
    _, (least,) = invoke_json("odds", "--at-least", "4d6kh3 vs 12")
    _, (most,) = invoke_json("odds", "--at-most", "4d6kh3 vs 12")
    dist = {int(v): Fraction(p) for v, p in least["distribution"].items()}
    for total in dist:
        assert Fraction(least["at_least"][str(total)]) == sum(
            p for v, p in dist.items() if v >= total)
        assert Fraction(most["at_most"][str(total)]) == sum(
            p for v, p in dist.items() if v <= total)
    assert least["outcomes"]["pass"] == least["at_least"]["12"]


def test_a_batch_odds_line_with_at_least_answers_in_json() -> None:
    code, (obj,) = invoke_json(input="odds --at-least 1d4\n")
    assert code == 0
    assert obj["at_least"] == {"1": "1", "2": "3/4", "3": "1/2", "4": "1/4"}
