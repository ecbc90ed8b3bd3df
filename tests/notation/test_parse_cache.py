"""The one text cache of a LINE's path (rules/notation/__init__.py `_tree`) gives what the plain
path gives: the tree the reader or the grammar makes of the text, read again."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.errors import RollError
from rules.notation import _tree, parse
from tests.support.strategies import habit_spellings, roll_lines

TEXTS = st.one_of(roll_lines.map(str), habit_spellings.map(lambda pair: pair[0]))
"""A LINE as a player may type it: any tree the grammar writes back, or another tool's spelling."""


def uncached(text: str) -> object:
    """The tree the plain path makes (the kept function itself, past its cache), or the error."""
    try:
        return _tree.__wrapped__(text)
    except RollError as error:
        return (type(error), str(error))


def cached(text: str) -> object:
    try:
        return parse(text)
    except RollError as error:
        return (type(error), str(error))


@settings(max_examples=200)
@given(st.lists(TEXTS, min_size=1, max_size=6), st.data())
def test_a_line_read_again_is_the_tree_the_plain_path_makes(lines: list[str], data: st.DataObject) -> None:
    for text in lines + data.draw(st.permutations(lines)):
        seen = cached(text)
        assert seen == uncached(text)
        assert str(seen) == str(uncached(text))


@settings(max_examples=100)
@given(st.text(max_size=30))
def test_any_text_read_twice_answers_as_the_plain_path(text: str) -> None:
    assert cached(text) == uncached(text)
    assert cached(text) == uncached(text)
