"""The words a command's arguments and a sheet's values are read as (rules/notation/words.py):
exact cases, and the same answers as the patterns they replaced, for any text."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from rules.notation.words import die_word, extra_dice_word, signed_whole, step_word

WORDS = st.text(alphabet="+-dDΔδeltah0123456789 ²٣x", max_size=8)


def test_exact_words() -> None:
    assert [signed_whole(w) for w in ("12", "+3", "-4", "", "+", "1.5", "--2", "²")] == [
        True, True, True, False, False, False, False, False]
    assert [die_word(w) for w in ("d8", "-D4", "d", "dd8", "8", "-d", "d²")] == [
        (1, 8), (-1, 4), None, None, None, None, None]
    assert [step_word(w) for w in ("d8", " Δ8 ", "delta10", "8", "0", "d0", "x8", "")] == [
        (True, 8), (True, 8), (True, 10), (False, 8), (False, 0), (True, 0), None, None]
    assert [extra_dice_word(w) for w in ("+2", "+2d6", "+d6", "2", "+2d8", "+")] == [
        2, 2, None, None, None, None]


@given(WORDS)
def test_the_same_answers_as_the_patterns_they_replaced(text: str) -> None:
    signed = re.fullmatch(r"[+-]?\d+", text)
    assert signed_whole(text) == (signed is not None)
    die = re.fullmatch(r"(-?)d(\d+)", text, re.IGNORECASE)
    assert die_word(text) == (None if die is None else (
        -1 if die.group(1) else 1, int(die.group(2))))
    step = re.fullmatch(r"\s*(d|Δ|δ|delta)?(\d+)\s*", text, re.IGNORECASE)
    assert step_word(text) == (None if step is None else (
        step.group(1) is not None, int(step.group(2))))
    extra = re.fullmatch(r"\+(\d+)(?:d6)?", text)
    assert extra_dice_word(text) == (None if extra is None else int(extra.group(1)))
