"""The grammar: round-trips, every notation row's tree, and errors with their columns."""

from __future__ import annotations

import contextlib
import gc
import weakref

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.errors import LimitError, NotationError, RollError
from rules.notation import ast, parse
from tests.support.strategies import expressions, roll_lines


@pytest.mark.slow
@given(roll_lines)
@settings(max_examples=300, deadline=None)
def test_str_of_a_tree_parses_back_to_the_same_tree(line: ast.RollLine) -> None:
    assert parse(str(line)) == line


@pytest.mark.slow
@given(expressions())
@settings(max_examples=200, deadline=None)
def test_round_trip_is_stable(expr: ast.Expr) -> None:
    text = str(parse(str(expr)))
    assert str(parse(text)) == text


@given(st.text(max_size=60))
@settings(max_examples=400, deadline=None)
def test_any_text_parses_or_raises_a_roll_error(text: str) -> None:
    with contextlib.suppress(RollError):
        parse(text)


@given(st.text(alphabet="0123456789d%F{},+-*/()!<>=khlrosfminax []#vsΔ", max_size=40))
@settings(max_examples=400, deadline=None)
def test_notation_soup_parses_or_raises_a_roll_error(text: str) -> None:
    with contextlib.suppress(RollError):
        parse(text)


D6 = ast.std_die(6)


@pytest.mark.parametrize(
    ("text", "tree"),
    [
        ("4d6", ast.Dice(4, D6)),
        ("d20", ast.Dice(1, ast.D20)),
        ("D20", ast.Dice(1, ast.D20)),
        ("d%", ast.Dice(1, ast.PERCENT)),
        ("4dF", ast.Dice(4, ast.FATE)),
        ("d{1,1,2,3}", ast.Dice(1, ast.Die("custom", 4, (1, 1, 2, 3)))),
        ("4d6kh3", ast.Dice(4, D6, (ast.Keep("kh", 3),))),
        ("4d6k3", ast.Dice(4, D6, (ast.Keep("kh", 3),))),
        ("4d6d1", ast.Dice(4, D6, (ast.Keep("dl", 1),))),
        ("2d20kl1", ast.Dice(2, ast.D20, (ast.Keep("kl", 1),))),
        ("5d6dh2", ast.Dice(5, D6, (ast.Keep("dh", 2),))),
        ("3d6!", ast.Dice(3, D6, (ast.Explode("!"),))),
        ("3d6!>=5", ast.Dice(3, D6, (ast.Explode("!", ast.Compare(">=", 5)),))),
        ("3d6!!", ast.Dice(3, D6, (ast.Explode("!!"),))),
        ("3d6!p", ast.Dice(3, D6, (ast.Explode("!p"),))),
        ("4d6r1", ast.Dice(4, D6, (ast.Reroll(ast.Compare("=", 1)),))),
        ("4d6r<3", ast.Dice(4, D6, (ast.Reroll(ast.Compare("<", 3)),))),
        ("4d6rr1", ast.Dice(4, D6, (ast.Reroll(ast.Compare("=", 1), spelling="rr"),))),
        ("4d6ro<3", ast.Dice(4, D6, (ast.Reroll(ast.Compare("<", 3), True, "ro"),))),
        ("4d6min2", ast.Dice(4, D6, (ast.Clamp("min", 2),))),
        ("4d6max5", ast.Dice(4, D6, (ast.Clamp("max", 5),))),
        ("8d10>=8", ast.Dice(8, ast.std_die(10), (ast.CountSuccesses(ast.Compare(">=", 8)),))),
        ("8d10=10", ast.Dice(8, ast.std_die(10), (ast.CountSuccesses(ast.Compare("=", 10)),))),
        (
            "8d10>7f1",
            ast.Dice(
                8,
                ast.std_die(10),
                (ast.CountSuccesses(ast.Compare(">", 7)), ast.CountFailures(ast.Compare("=", 1))),
            ),
        ),
        ("4d6sd", ast.Dice(4, D6, (ast.Sort(True, "sd"),))),
        ("Δ8", ast.Dice(1, ast.Die("risk", 8))),
        ("delta8", ast.Dice(1, ast.Die("risk", 8))),
        ("d20+f", ast.BinOp("+", ast.Dice(1, ast.D20), ast.Aid(True))),
        # modifiers act in a fixed order whatever order they are written in
        (
            "4d6kh3r1",
            ast.Dice(4, D6, (ast.Reroll(ast.Compare("=", 1)), ast.Keep("kh", 3))),
        ),
    ],
)
def test_notation_rows(text: str, tree: ast.Expr) -> None:
    line = parse(text)
    assert isinstance(line, ast.RollLine)
    assert line.expr == tree


def test_lines_with_words() -> None:
    line = parse("6x 4d6kh3 # stats")
    assert line == ast.RollLine(ast.Dice(4, D6, (ast.Keep("kh", 3),)), repeat=6)
    assert line.comment == "stats"
    vs = parse("d20 adv vs 15")
    assert vs == ast.RollLine(ast.advantaged(ast.Dice(1, ast.D20), "adv"), target=15)
    cmd = parse("check dex=5 trained +luck")
    assert cmd == ast.CommandLine(
        "check", (ast.KeyValue("dex", "5"), ast.Word("trained"), ast.Word("+luck"))
    )
    hit = parse("hit 2d6 ranged")
    assert hit == ast.CommandLine("hit", (ast.ExprArg(ast.Dice(2, D6)), ast.Word("ranged")))
    assert parse('as "Mira Vex"') == ast.CommandLine("as", (ast.Word("Mira Vex"),))


@pytest.mark.parametrize(
    ("text", "message", "column"),
    [
        ("2d6+*3", "expected a term, found '*'", 5),
        ("1d6 foo", "a word after the dice is a label in brackets, 1d6 [foo], or a comment after"
                    " #: 1d6 # foo", 5),
        ("(1+2", "expected ')', found the end of the line", 5),
        ("d20 vs", "expected a number, found the end of the line", 7),
        ("d1000001", "a die has at most 1,000,000 sides", 1),
        ("d{}", "a custom die needs at least one face: d{1,2,3}", 1),
        ("max(1)", "expected ',', found ')'", 6),
        ("3 + é", "expected a term, found 'é'", 5),
        ("", "empty LINE: give dice (2d6+1) or a command", 1),
    ],
)
def test_syntax_errors_name_the_column(text: str, message: str, column: int) -> None:
    with pytest.raises(NotationError) as info:
        parse(text)
    assert info.value.message == message
    assert info.value.column == column


def test_limits_of_the_line() -> None:
    with pytest.raises(LimitError, match="at most 1,000 characters"):
        parse("1+" * 600 + "1")
    with pytest.raises(LimitError, match="nests at most 50"):
        parse("(" * 51 + "1" + ")" * 51)
    with pytest.raises(LimitError, match="Nx repeats"):
        parse("100001x d6")
    assert parse("(" * 50 + "1" + ")" * 50) == ast.RollLine(ast.Num(1))


def test_a_die_in_brackets_takes_adv_at_any_depth() -> None:
    """`adv` after a bracketed plain die is the die's, however deep: each bracket is read once
    (a LINE of 50 read twice at each would never end)."""
    d20_adv = ast.advantaged(ast.Dice(1, ast.D20), "adv")
    deep = "(" * 50 + "d20" + ")" * 50 + " adv + 1"
    assert parse(deep) == ast.RollLine(ast.BinOp("+", d20_adv, ast.Num(1)))
    assert parse("((d20 adv dis)) adv + 5") == ast.RollLine(ast.BinOp("+", d20_adv, ast.Num(5)))
    assert parse("(d6) dis") == ast.RollLine(ast.advantaged(ast.Dice(1, ast.std_die(6)), "dis"))
    with pytest.raises(NotationError) as info:
        parse("(2d20) adv + 5")
    assert info.value.column == 8


def test_a_parse_keeps_nothing_of_its_caller_alive() -> None:
    """Nothing of a parse (a failed alternative's traceback up through the caller's frames)
    outlives it: the caller's locals die with its next collection (the 30,000 results of
    `-n 30000 3d6` were once kept until exit, then scanned)."""

    class Held:
        pass

    def caller() -> weakref.ref[Held]:
        held = Held()
        parse("7d7+77 - 3d3 # a LINE no other test parses (parse() caches by text)")
        return weakref.ref(held)

    held = caller()
    gc.collect()
    assert held() is None
