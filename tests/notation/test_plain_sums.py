"""Plain sums of dice and numbers (`2d6+3`, `4d6kh3`, `d%`) are read without the grammar
(rules/notation/fast_sums.py) into the very tree the grammar builds; everything else, errors
included, is the grammar's."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.errors import NotationError
from rules.notation import grammar, parse, parse_expression, syntax
from rules.notation.fast_sums import read
from tests.support.json_schema import checked


def same_tree(text: str) -> None:
    """`text` is read without the grammar, into the grammar's tree, every field alike."""
    fast = read(text)
    assert fast is not None, text
    slow = grammar.parse(text)
    assert fast == slow
    assert repr(fast) == repr(slow)  # `shown` and `comment` too (no part of ==)
    assert str(fast) == str(slow)


spaces = st.sampled_from(["", " ", "  "])
digits = st.integers(0, 10**7).map(str) | st.sampled_from(["0", "00", "07"])
keeps = st.tuples(
    st.sampled_from(["kh", "kl", "dh", "dl", "k", "KH", "Kl", "dL", "K", "d", "D"]),
    st.sampled_from(["", "1", "3", "12", "0"]),
).filter(lambda k: k[0] not in ("d", "D") or k[1] != "").map("".join)
dice_terms = st.builds(
    lambda count, d, die, mods: count + d + die + "".join(mods),
    st.sampled_from(["", "1", "2", "4", "10", "0", "003"]) | digits,
    st.sampled_from(["d", "D"]),
    st.sampled_from(["6", "20", "%", "100", "1", "0", "1000000", "06"])
    | st.integers(0, 1_000_000).map(str),
    st.lists(keeps, max_size=3),
)
terms = dice_terms | digits
plain_sums = st.builds(
    lambda lead, first, rest, trail: lead + first + "".join(
        before + sign + after + term for before, sign, after, term in rest) + trail,
    spaces,
    terms,
    st.lists(st.tuples(spaces, st.sampled_from(["+", "-"]), spaces, terms), max_size=5),
    spaces,
)


@pytest.mark.parametrize("text", ["2d6+3", "d20", "1d20+5", "4d6kh3", "2d20kl1+2", "1d10+1d6",
                                  "1d20-1", "4d6k3", "4d6d1", "5d6dh2", "d%", "2D6 + 3", "0d6",
                                  "  3d8 - 2 + 1d4  ", "7", "d6kh"])
def test_the_lines_typed_most_are_read_without_the_grammar(text: str) -> None:
    same_tree(text)


@given(plain_sums)
@settings(max_examples=400, deadline=None)
def test_a_plain_sum_is_read_into_the_grammars_tree(text: str) -> None:
    same_tree(text)


@given(st.text(alphabet="0123456789dDkKhHlL%+- x!rf>=<(){}[]#*/,adv", max_size=24))
@settings(max_examples=600, deadline=None)
def test_whatever_is_read_without_the_grammar_is_what_the_grammar_reads(text: str) -> None:
    if read(text) is not None:
        same_tree(text)


@pytest.mark.parametrize("text", ["", "   ", "2d6+", "2d6 3", "+3", "-1d4", "d", "4d6d", "2d6kh3x",
                                  "d6 adv", "3d6 # a", "6x 4d6", "2d6>=3", "１d6", "2d6\t+3",
                                  "d1000001", "1d6!", "4d6 kh3", "(2d6)", "2d6*2", "d%5"])
def test_anything_more_is_left_to_the_grammar(text: str) -> None:
    assert read(text) is None
    try:
        expected: object = grammar.parse(text)
    except NotationError as error:
        expected = (error.message, error.column)
    try:
        got: object = parse(text)
    except NotationError as error:
        got = (error.message, error.column)
    assert got == expected


def test_an_expression_is_read_the_same_way() -> None:
    assert parse_expression("2d6+3") == grammar.parse_expression("2d6+3")
    assert parse_expression("d8") == syntax.Dice(1, syntax.std_die(8))
    with pytest.raises(NotationError) as raised:
        parse_expression("2d6+")
    assert raised.value.message == "expected a term, found the end of the line"


@pytest.mark.slow
def test_a_sum_as_long_as_a_line_may_be_rolls(tmp_path: Path) -> None:
    """450 terms in 949 characters: a tree 449 deep, written back and rolled, in a process
    where no grammar ran first (its walkers need more than Python's 1,000 frames)."""
    text = "+".join(["1"] * 400 + ["d1"] * 50)
    assert read(text) is not None
    env = dict(os.environ, ROLL_CAMPAIGN=str(tmp_path / "none.sqlite3"), NO_COLOR="1")
    for args in (["-q", text], ["--json", text]):
        done = subprocess.run([sys.executable, "-m", "cli", *args], capture_output=True, text=True,
                              env=env, timeout=60, check=False)
        assert (done.returncode, done.stderr) == (0, ""), done.stderr[-300:]
        assert done.stdout.startswith("450") or checked(done.stdout)["total"] == 450
    assert str(parse(text)) == " + ".join(["1"] * 400 + ["1d1"] * 50)
