"""A term whose dice are their one face each (`2d6`, `4d6kh3`) keeps its faces and which of them
count, and makes each die's DieRoll only when `dice` is read (rules/dice/results.py); its text
is written from the faces (rules/roll_parts.py `_faces`). Both are held here to what the
DieRolls themselves say, over any plain term."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

import rules
from rules import ScriptedSource
from rules.dice.results import DieRoll, RolledTerm, walk
from rules.roll_parts import dice_parts, tree_parts

KEEPS = ("", "kh", "kl", "dh", "dl")


@st.composite
def plain_terms(draw: st.DrawFn) -> tuple[str, list[int]]:
    """A plain term (`NdX`, or with one keep/drop) and faces for every die it throws."""
    count = draw(st.integers(1, 40))
    sides = draw(st.sampled_from((2, 4, 6, 8, 10, 12, 20, 100)))
    keep = draw(st.sampled_from(KEEPS))
    line = f"{count}d{sides}" + (f"{keep}{draw(st.integers(1, count))}" if keep else "")
    return line, draw(st.lists(st.integers(1, sides), min_size=count, max_size=count))


def _term(line: str, faces: list[int]) -> tuple[RolledTerm, rules.Resolution]:
    res = rules.roll(line, source=ScriptedSource(faces))
    (term,) = [n for n in walk(res.rolls[0].tree) if isinstance(n, RolledTerm)]
    return term, res


@given(plain_terms())
def test_a_plain_terms_dice_are_its_faces_each_kept_as_the_term_says(
        case: tuple[str, list[int]]) -> None:
    line, faces = case
    term, res = _term(line, faces)
    assert term.histories is None and term.faces == tuple(faces)
    kept = term.kept or (True,) * len(faces)
    assert term.dice == tuple(DieRoll(term.die, (f,), f, k) for f, k in zip(faces, kept,
                                                                              strict=True))
    assert [(t.face, t.kept) for t in res.throws] == list(zip(faces, kept, strict=True))
    assert term.value == sum(f for f, k in zip(faces, kept, strict=True) if k) == res.total


@given(plain_terms())
def test_a_plain_terms_text_is_what_its_dierolls_would_write(
        case: tuple[str, list[int]]) -> None:
    term, _ = _term(*case)
    assert tree_parts(term).parts == dice_parts(term.dice).parts


def test_a_term_of_many_dice_shows_the_first_24_faces_and_counts_the_rest() -> None:
    res = rules.roll("30d6", source=ScriptedSource([1, 2, 3, 4, 5, 6] * 5))
    assert res.summary == ("30d6 → [" + ", ".join(["1", "2", "3", "4", "5", "6"] * 4)
                           + ", … 6 more] = 105")


def test_a_terms_history_is_kept_when_it_is_more_than_its_faces() -> None:
    term, _ = _term("3d6r1", [1, 4, 5, 6])
    assert term.histories is not None and term.dice is term.histories
    assert [d.faces for d in term.dice] == [(1, 6), (4,), (5,)]  # the 1 rerolled last
