"""Notation modifiers: signs after `!`, combined explosions, `-q` outcomes, `adv` on its d20, natural
20s and 1s, comments that name a roll, and labels' subtotals in JSON."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings

from rules.dice.evaluate import Roller
from rules.dice.source import ScriptedSource
from rules.errors import NotationError
from rules.exact import line_odds
from rules.notation import parse, syntax
from tests.support.cli import invoke, invoke_json
from tests.support.strategies import roll_lines

D6 = syntax.std_die(6)


def odds_of(text: str) -> tuple[Fraction, dict[int, Fraction]]:
    line = parse(text)
    assert isinstance(line, syntax.RollLine)
    odds = line_odds(line)
    return odds.mean, dict(odds.distribution)


# ---- a sign after `!`, `!!` or `!p` is a subtraction, never a compare point ----


@pytest.mark.parametrize(
    ("args", "out"),
    [
        (("--rolled", "5", "1d6!-1"), "1d6!-1 → [5] - 1 = 4\n"),
        (("--rolled", "5,2", "1d6!-1d4"), "1d6!-1d4 → [5] - [2] = 3\n"),
        (("--rolled", "6,2,3", "1d6!-1d4"), "1d6!-1d4 → [6!, 2] - [3] = 5\n"),
        (("--rolled", "6,2", "1d6!!-1"), "1d6!!-1 → [6+2!] - 1 = 7\n"),
        (("--rolled", "6,2", "1d6!p-1"), "1d6!p-1 → [6!, 1] - 1 = 6\n"),
        (("--rolled", "5,2", "1d6!5-1"), "1d6!5-1 → [5!, 2] - 1 = 6\n"),
        (("--rolled", "1,4", "1d6r-1+1d6"), None),  # `r` needs its number: no sign trouble
    ],
)
def test_a_sign_after_an_explosion_subtracts(args: tuple[str, ...], out: str | None) -> None:
    code, text, err = invoke(*args)
    if out is None:
        assert code == 0 and err == ""
        return
    assert (code, text, err) == (0, out, "")


def test_the_odds_of_an_explosion_minus_one() -> None:
    mean, _ = odds_of("1d6!-1")
    plain, _ = odds_of("1d6!")
    assert mean == plain - 1
    assert abs(mean - Fraction(16, 5)) < Fraction(1, 10**9)  # 7/2 · 6/5 − 1, less a cut tail
    code, out, _ = invoke("odds", "1d6!-1")
    assert code == 0 and out.splitlines()[1].startswith("mean 3.2 · min 0")


def test_a_bare_number_and_a_compare_point_still_explode() -> None:
    assert parse("1d6!5").expr == syntax.Dice(1, D6, (syntax.Explode("!", syntax.Compare("=", 5)),))  # type: ignore[union-attr]
    assert parse("1d6!>=5").expr == syntax.Dice(  # type: ignore[union-attr]
        1, D6, (syntax.Explode("!", syntax.Compare(">=", 5)),)
    )
    assert parse("4dF!=-1").expr == syntax.Dice(  # type: ignore[union-attr]
        4, syntax.FATE, (syntax.Explode("!", syntax.Compare("=", -1)),)
    )
    assert str(syntax.Explode("!", syntax.Compare("=", -1))) == "!=-1"


# ---- two explode modifiers on one term combine ----


def test_two_explode_points_combine_when_rolled() -> None:
    assert invoke("--rolled", "5,6,2", "1d6!5!6") == (0, "1d6!5!6 → [5!, 6!, 2] = 13\n", "")
    assert invoke("--rolled", "6,5,1", "1d6!5!") == (0, "1d6!5! → [6!, 5!, 1] = 12\n", "")
    assert invoke("--rolled", "4", "1d6!5!6") == (0, "1d6!5!6 → [4] = 4\n", "")


def test_two_explode_points_combine_in_the_odds() -> None:
    assert odds_of("1d6!5!6") == odds_of("1d6!>=5")
    assert odds_of("2d6!1!6kh1") == odds_of("2d6!6!1kh1")
    _, dist = odds_of("1d6!5!6")
    assert dist[4] == Fraction(1, 6) and 5 not in dist and dist[6] == Fraction(1, 36)  # 5, 1
    assert dist[7] == Fraction(1, 18)  # 5 then 2, or 6 then 1


def test_explosions_of_two_styles_are_refused() -> None:
    code, out, err = invoke("1d6!!5!6")
    assert (code, out) == (2, "")
    assert err == (
        "roll: error: one term explodes one way: !!5!6 mixes ! and !! (several points of one"
        " style combine: 1d6!5!6 explodes on 5 or 6)\n  1d6!!5!6\n        ^\n"
    )  # the caret under the `!` of the other style
    assert invoke("odds", "1d6!p!!")[0] == 2


# ---- -q prints the outcome word of any LINE that has one ----


def test_quiet_prints_the_outcome_of_a_vs_line() -> None:
    assert invoke("-q", "--rolled", "12", "d20 vs 10") == (0, "pass\n", "")
    assert invoke("-q", "--rolled", "3", "d20+5 vs 10") == (0, "fail\n", "")
    assert invoke("-q", "--rolled", "3", "d20+5") == (0, "8\n", "")


# ---- adv and dis belong to the d20 they follow ----


@pytest.mark.parametrize(
    ("line", "faces", "out"),
    [
        ("d20 adv + 5", "3,15", "d20 adv + 5 → [~~3~~, 15] + 5 = 20\n"),
        ("d20 dis + 5", "3,15", "d20 dis + 5 → [3, ~~15~~] + 5 = 8\n"),
        ("1d4 + d20 adv", "2,3,15", "1d4 + d20 adv → [2] + [~~3~~, 15] = 17\n"),
        ("d20+5 adv", "3,15", "d20+5 adv → [~~3~~, 15] + 5 = 20\n"),
        ("d20 adv [attack] + 2 vs 18", "17,4", "d20 adv [attack] + 2 vs 18 → [17, ~~4~~] attack"
         " + 2 = 19 vs 18 · pass\n"),
    ],
)
def test_adv_and_dis_go_with_their_d20(line: str, faces: str, out: str) -> None:
    assert invoke("--rolled", faces, line) == (0, out, "")


def test_adv_anywhere_has_the_odds_of_2d20kh1() -> None:
    assert odds_of("d20 adv + 5") == odds_of("2d20kh1 + 5")
    assert odds_of("5 + d20 dis") == odds_of("5 + 2d20kl1")
    assert parse("d20 adv + 5") == parse("d20 + 5 adv")


def test_adv_after_anything_but_a_d20_is_a_syntax_error() -> None:
    with pytest.raises(NotationError) as info:
        parse("2d6 adv")
    assert (info.value.message, info.value.column) == (
        "'adv' rolls one die twice and keeps the higher (d20 adv is 2d20kh1): write it right"
        " after the die (d8 adv + 2), or give the line a plain d20 (d20+5 adv)", 5)
    assert invoke("odds", "d6 + 2 dis")[0] == 2


@pytest.mark.slow
@given(roll_lines)
@settings(max_examples=200, deadline=None)
def test_lines_with_adv_terms_parse_back_to_the_same_tree(line: syntax.RollLine) -> None:
    assert parse(str(line)) == line


# ---- a natural 20 or 1 on the one kept d20 of a generic LINE ----


def test_a_natural_20_is_a_crit_and_a_natural_1_a_fumble() -> None:
    assert invoke("--rolled", "20", "d20+5") == (0, "d20+5 → [20] + 5 = 25 · crit\n", "")
    assert invoke("--rolled", "1", "d20 vs 3") == (0, "d20 vs 3 → [1] = 1 vs 3 · fail · fumble\n", "")
    code, objs = invoke_json("--rolled", "1,20", "d20 adv")
    assert code == 0 and (objs[0]["crit"], objs[0]["fumble"]) == (True, False)
    assert objs[0]["text"] == "d20 adv → [~~1~~, 20] = 20 · crit"
    code, objs = invoke_json("--rolled", "1", "d20+5")
    assert (objs[0]["crit"], objs[0]["fumble"], objs[0]["total"]) == (False, True, 6)


def test_no_crit_without_exactly_one_kept_d20() -> None:
    for args in (("--rolled", "20,20", "2d20"), ("--rolled", "20,3", "1d20!"),
                 ("--rolled", "12", "1d12 + 8"), ("--rolled", "20,20,1", "2d20 + 1d20")):
        code, objs = invoke_json(*args)
        assert (objs[0]["crit"], objs[0]["fumble"]) == (False, False), args
    code, objs = invoke_json("--rolled", "20,1", "2d20kl1")
    assert (objs[0]["crit"], objs[0]["fumble"]) == (False, True)


def test_a_system_keeps_its_own_crits() -> None:
    code, objs = invoke_json("-s", "vagabond", "--rolled", "1", "d20")
    assert (objs[0]["crit"], objs[0]["fumble"]) == (False, False)


# ---- a comment names the roll; labels give their subtotals ----


def test_a_comment_names_the_roll_in_text_and_json_keeps_the_line() -> None:
    assert invoke("--rolled", "12", "d20+5 # longsword") == (
        0, "longsword: d20+5 → [12] + 5 = 17\n", "")
    code, objs = invoke_json("--rolled", "12", "d20+5 # longsword")
    assert objs[0]["input"] == "d20+5 # longsword"
    assert objs[0]["text"] == "longsword: d20+5 → [12] + 5 = 17"


def test_labels_give_each_subtotal_in_json() -> None:
    code, objs = invoke_json("--rolled", "3,1", "1d8 [slashing] + 1d6 [fire]")
    assert code == 0 and objs[0]["labels"] == {"slashing": 3, "fire": 1}
    code, objs = invoke_json("--rolled", "3,1,2", "1d8 [fire] + 1d6 [fire] - 1d4 [cold]")
    assert objs[0]["labels"] == {"fire": 4, "cold": 2} and objs[0]["total"] == 2
    code, objs = invoke_json("--rolled", "3", "1d8 + 2")
    assert "labels" not in objs[0]
    code, objs = invoke_json("--rolled", "3", "(1d8 / 2) [half]")
    assert objs[0]["labels"] == {"half": "3/2"}


def test_a_roll_knows_its_labels() -> None:
    expr = parse("(1d6 [a] + 2) [b] + 1d4 [a]").expr  # type: ignore[union-attr]
    roll = Roller(ScriptedSource([5, 3])).roll(expr)
    assert roll.labels == {"b": 7, "a": 8}
