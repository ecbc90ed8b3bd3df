"""The grammar: round-trips, every notation row's tree, and errors with their columns."""

from __future__ import annotations

import contextlib
import gc
import weakref

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.errors import LimitError, NotationError, RollError
from rules.notation import parse, syntax
from tests.support.strategies import expressions, roll_lines


@pytest.mark.slow
@given(roll_lines)
@settings(max_examples=300, deadline=None)
def test_str_of_a_tree_parses_back_to_the_same_tree(line: syntax.RollLine) -> None:
    assert parse(str(line)) == line


@pytest.mark.slow
@given(expressions())
@settings(max_examples=200, deadline=None)
def test_round_trip_is_stable(expr: syntax.Expr) -> None:
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


D6 = syntax.std_die(6)


@pytest.mark.parametrize(
    ("text", "tree"),
    [
        ("4d6", syntax.Dice(4, D6)),
        ("d20", syntax.Dice(1, syntax.D20)),
        ("D20", syntax.Dice(1, syntax.D20)),
        ("d%", syntax.Dice(1, syntax.PERCENT)),
        ("4dF", syntax.Dice(4, syntax.FATE)),
        ("d{1,1,2,3}", syntax.Dice(1, syntax.Die("custom", 4, (1, 1, 2, 3)))),
        ("4d6kh3", syntax.Dice(4, D6, (syntax.Keep("kh", 3),))),
        ("4d6k3", syntax.Dice(4, D6, (syntax.Keep("kh", 3),))),
        ("4d6d1", syntax.Dice(4, D6, (syntax.Keep("dl", 1),))),
        ("2d20kl1", syntax.Dice(2, syntax.D20, (syntax.Keep("kl", 1),))),
        ("5d6dh2", syntax.Dice(5, D6, (syntax.Keep("dh", 2),))),
        ("3d6!", syntax.Dice(3, D6, (syntax.Explode("!"),))),
        ("3d6!>=5", syntax.Dice(3, D6, (syntax.Explode("!", syntax.Compare(">=", 5)),))),
        ("3d6!!", syntax.Dice(3, D6, (syntax.Explode("!!"),))),
        ("3d6!p", syntax.Dice(3, D6, (syntax.Explode("!p"),))),
        ("4d6r1", syntax.Dice(4, D6, (syntax.Reroll(syntax.Compare("=", 1)),))),
        ("4d6r<3", syntax.Dice(4, D6, (syntax.Reroll(syntax.Compare("<", 3)),))),
        ("4d6rr1", syntax.Dice(4, D6, (syntax.Reroll(syntax.Compare("=", 1), spelling="rr"),))),
        ("4d6ro<3", syntax.Dice(4, D6, (syntax.Reroll(syntax.Compare("<", 3), True, "ro"),))),
        ("4d6min2", syntax.Dice(4, D6, (syntax.Clamp("min", 2),))),
        ("4d6max5", syntax.Dice(4, D6, (syntax.Clamp("max", 5),))),
        ("8d10>=8", syntax.Dice(8, syntax.std_die(10), (syntax.CountSuccesses(syntax.Compare(">=", 8)),))),
        ("8d10=10", syntax.Dice(8, syntax.std_die(10), (syntax.CountSuccesses(syntax.Compare("=", 10)),))),
        (
            "8d10>7f1",
            syntax.Dice(
                8,
                syntax.std_die(10),
                (syntax.CountSuccesses(syntax.Compare(">", 7)), syntax.CountFailures(syntax.Compare("=", 1))),
            ),
        ),
        ("4d6sd", syntax.Dice(4, D6, (syntax.Sort(True, "sd"),))),
        ("Δ8", syntax.Dice(1, syntax.Die("risk", 8))),
        ("delta8", syntax.Dice(1, syntax.Die("risk", 8))),
        ("d20+f", syntax.BinOp("+", syntax.Dice(1, syntax.D20), syntax.Aid(True))),
        # modifiers act in a fixed order whatever order they are written in
        (
            "4d6kh3r1",
            syntax.Dice(4, D6, (syntax.Reroll(syntax.Compare("=", 1)), syntax.Keep("kh", 3))),
        ),
    ],
)
def test_notation_rows(text: str, tree: syntax.Expr) -> None:
    line = parse(text)
    assert isinstance(line, syntax.RollLine)
    assert line.expr == tree


def test_lines_with_words() -> None:
    line = parse("6x 4d6kh3 # stats")
    assert line == syntax.RollLine(syntax.Dice(4, D6, (syntax.Keep("kh", 3),)), repeat=6)
    assert line.comment == "stats"
    vs = parse("d20 adv vs 15")
    assert vs == syntax.RollLine(syntax.advantaged(syntax.Dice(1, syntax.D20), "adv"), target=15)
    cmd = parse("check dex=5 trained +luck")
    assert cmd == syntax.CommandLine(
        "check", (syntax.KeyValue("dex", "5"), syntax.Word("trained"), syntax.Word("+luck"))
    )
    hit = parse("hit 2d6 ranged")
    assert hit == syntax.CommandLine("hit", (syntax.ExprArg(syntax.Dice(2, D6)), syntax.Word("ranged")))
    assert parse('as "Mira Vex"') == syntax.CommandLine("as", (syntax.Word("Mira Vex"),))


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
    assert parse("(" * 50 + "1" + ")" * 50) == syntax.RollLine(syntax.Num(1))


def test_a_die_in_brackets_takes_adv_at_any_depth() -> None:
    """`adv` after a bracketed plain die is the die's, however deep: each bracket is read once
    (a LINE of 50 read twice at each would never end)."""
    d20_adv = syntax.advantaged(syntax.Dice(1, syntax.D20), "adv")
    deep = "(" * 50 + "d20" + ")" * 50 + " adv + 1"
    assert parse(deep) == syntax.RollLine(syntax.BinOp("+", d20_adv, syntax.Num(1)))
    assert parse("((d20 adv dis)) adv + 5") == syntax.RollLine(syntax.BinOp("+", d20_adv, syntax.Num(5)))
    assert parse("(d6) dis") == syntax.RollLine(syntax.advantaged(syntax.Dice(1, syntax.std_die(6)), "dis"))
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
