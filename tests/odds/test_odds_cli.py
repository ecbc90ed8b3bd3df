"""`roll odds` as a user types it: SPEC §7 JSON, the chart, risk dice over K rolls, errors."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction

import pytest

from tests.support.cli import invoke


def odds_json(*args: str) -> dict[str, object]:
    code, out, err = invoke("odds", "--json", *args)
    assert (code, err) == (0, "")
    obj: dict[str, object] = json.loads(out)
    return obj


def test_4d6kh3_as_spec_7() -> None:
    obj = odds_json("4d6kh3")
    assert obj["kind"] == "odds"
    assert (obj["mean"], obj["min"], obj["max"], obj["residual"]) == ("15869/1296", 3, 18, "0")
    dist = obj["distribution"]
    assert isinstance(dist, dict)
    assert dist["3"] == "1/1296" and dist["18"] == "7/432"  # 21/1296
    assert "outcomes" not in obj


def test_vs_gives_outcomes_and_adv_shifts_them() -> None:
    assert odds_json("d20 vs 11")["outcomes"] == {"pass": "1/2", "fail": "1/2"}
    assert odds_json("d20 adv vs 11")["outcomes"] == {"pass": "3/4", "fail": "1/4"}


def brute_survival(sides: int, rolls: int) -> Fraction:
    """Every sequence of faces, rolled on whatever die is left: is the die still there?"""
    ladder = [4, 6, 8, 10, 12]
    alive = Fraction(0)

    def walk(die: int, left: int, p: Fraction) -> None:
        nonlocal alive
        if die == 0:
            return
        if left == 0:
            alive += p
            return
        for face in range(1, die + 1):
            after = die if face > 3 else (ladder[ladder.index(die) - 1] if die > 4 else 0)
            walk(after, left - 1, p / die)

    walk(sides, rolls, Fraction(1))
    return alive


@pytest.mark.parametrize(("sides", "rolls"), list(itertools.product([4, 8], [1, 3, 5])))
def test_risk_die_survives_k_rolls(sides: int, rolls: int) -> None:
    obj = odds_json("-s", "macchiato", f"Δ{sides}", "uses", str(rolls))
    assert obj["survives"] == str(brute_survival(sides, rolls))
    assert obj["uses"] == rolls


def test_uses_text_and_its_error() -> None:
    code, out, _ = invoke("-s", "macchiato", "odds", "Δ8", "uses", "5", "--width", "40")
    assert code == 0
    assert out.splitlines()[-2:] == ["expected rolls until it fizzles: 6",
                                     "Δ8 survives 5 rolls: 48.36%"]
    # a risk die is Macchiato's: elsewhere its odds are refused, naming the game
    assert invoke("odds", "Δ8", "uses", "5") == (2, "", "roll: error: Δ8 is a Macchiato Monsters"
                                                 " risk die: use -s macchiato (or d8 for a plain"
                                                 " die)\n")
    code, out, _ = invoke("-s", "macchiato", "odds", "Δ8 dis", "uses", "3", "--width", "80")
    assert out.splitlines()[-1] == "Δ8 dis survives 3 rolls: 57.15%"
    code, out, _ = invoke("-s", "macchiato", "odds", "Δ8", "uses", "5")
    assert out.count("6 rolls") + out.count("rolls until it fizzles: 6") == 1, out
    assert "/" not in out
    code, _, err = invoke("odds", "2d6", "uses", "5")
    assert code == 2 and "lone risk die" in err


def test_the_chart_fits_a_40_column_pane() -> None:
    code, out, _ = invoke("odds", "3d6", "--width", "40")
    assert code == 0
    assert all(len(line) <= 40 for line in out.splitlines())
    assert out.splitlines()[1] == "mean 10.5 · min 3 · max 18"


def test_system_commands_have_odds() -> None:
    obj = odds_json("-s", "vagabond", "check", "dex=7")
    assert obj["outcomes"]["pass"] == "2/5"  # type: ignore[index]
    # "the best untrained roll in the game still fails three times in five"
    assert obj["outcomes"]["fail"] == "3/5"  # type: ignore[index]


@pytest.mark.parametrize("line", ["100000d1000000", "d1000000", "2000d6", "100d1000kh50", "1/0"])
def test_too_big_or_bad_lines_fail_fast(line: str) -> None:
    code, _, err = invoke("odds", line)  # (bench/budgets.py counts its work)
    assert code == 2 and err.startswith("roll: error: ")


@pytest.mark.parametrize("args, stdin, said", [
    (["odds", "3d6"], None, "roll: error: internal error: ValueError: boom\n"),
    ([], "odds 3d6\n", "roll: error: line 1: internal error: ValueError: boom\n"),
])  # fmt: skip
def test_a_bug_in_the_odds_is_an_error_line_not_a_traceback(
    monkeypatch: pytest.MonkeyPatch, args: list[str], stdin: str | None, said: str
) -> None:
    import rules.exact.engine

    def broken(line: object, natural: bool = False) -> None:
        raise ValueError("boom")

    monkeypatch.setattr(rules.exact.engine, "line_odds", broken)
    assert invoke(*args, input=stdin) == (2, "", said)
