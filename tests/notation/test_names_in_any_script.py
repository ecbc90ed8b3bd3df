"""A name in a command LINE is read as written in any script (`hurt 1 on Zoë`, `foe add Ölaf`,
`さくら`, `नमस्ते` with its combining marks), bare as an ASCII name is; the dice stay ASCII
(`٣d6` is no dice) and the highlighter reads the same word the grammar does."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from rules.errors import NotationError
from rules.notation import parse, syntax
from rules.notation.name_words import written
from rules.notation.tokens import tokens

LETTERS = st.characters(categories=("Lu", "Ll", "Lo", "Lm"), min_codepoint=0x80,
                        exclude_characters="Δδ")
"""A name's first letter, past ASCII (an ASCII word may be dice, `d6`, or a word of the
notation, `adv`; `Δ8` is Macchiato's risk die)."""
GOES_ON = st.characters(categories=("Lu", "Ll", "Lo", "Lm", "Mn", "Mc", "Nd"))


@st.composite
def names(draw: st.DrawFn) -> str:
    """A one-word name as the grammar reads it back: a letter, then letters, marks, digits (the
    form NFKC leaves as it is: the LINE is read in that form, rules/notation/normal.py)."""
    name = draw(LETTERS) + draw(st.text(GOES_ON, max_size=8))
    normal = unicodedata.normalize("NFKC", name)
    return normal if normal[:1].isalpha() else "Zoë"


def words_of(text: str) -> list[str]:
    line = parse(text)
    assert isinstance(line, syntax.CommandLine)
    return [a.text if isinstance(a, syntax.Word) else str(a) for a in line.args]


@pytest.mark.parametrize(("typed", "args"), [
    ("hurt 1 on Zoë", ["1", "on", "Zoë"]),
    ("foe add Ölaf hp=3", ["add", "Ölaf", "hp=3"]),
    ("encounter add Björn Ærinsson", ["add", "Björn", "Ærinsson"]),
    ("hurt 1 on さくら", ["1", "on", "さくら"]),
    ("heal 2 on नमस्ते", ["2", "on", "नमस्ते"]),  # its vowel sign and virama are marks
    ("hurt 1d6+2 on Łukasz", ["1d6 + 2", "on", "Łukasz"]),
    ("status add Zoë custom:ébloui", ["add", "Zoë", "custom:ébloui"]),
    ("hurt 1 on Zoe\u0308", ["1", "on", "Zoë"]),  # typed decomposed: read as NFKC composes it
])  # fmt: skip
def test_a_name_beyond_ascii_is_a_word_as_written(typed: str, args: list[str]) -> None:
    assert words_of(typed) == args


@given(names())
def test_any_scripts_name_is_read_back_as_it_is(name: str) -> None:
    assert words_of(f"hurt 1 on {name}") == ["1", "on", name]
    assert words_of(f"foe add {name} hp=3") == ["add", name, "hp=3"]
    assert [t.kind for t in tokens(f"on {name}")] == ["word", "space", "word"]
    assert written(name) == name  # roll writes it bare too (a hint, a completion)
    assert words_of(f"hurt 1 on {written(name + ' 2')}") == ["1", "on", name, "2"]


@given(st.text(max_size=12))
def test_any_name_roll_writes_is_read_back_as_that_name(name: str) -> None:
    """Bare or quoted, any name as roll writes it into a LINE (`written`) reads back
    as one name the campaign can find (its words, or one quoted word)."""
    name = " ".join(name.split())
    assume(name)
    try:
        args = parse(f"hurt 1 on {written(name)}").args  # type: ignore[union-attr]
    except NotationError:
        assert written(name).startswith('"')  # only a quoted name may hold what no word can
        return
    words = [a.text if isinstance(a, syntax.Word) else str(a) for a in args[2:]]
    if written(name).startswith('"'):
        assert len(words) == 1
    else:
        assert " ".join(words) == name


def test_the_dice_stay_ascii() -> None:
    with pytest.raises(NotationError):
        parse("٣d6")  # another script's digit is no number of dice
    assert words_of("hurt 3d6 on Zoë") == ["3d6", "on", "Zoë"]


def test_a_name_is_quoted_where_a_word_of_it_would_read_otherwise() -> None:
    """Bare only where each word reads back as that word: `01` reads as 1, `D6` and `F` (Favor)
    as dice, `'` and `.` need quotes; a name in any script is bare like an ASCII one."""
    assert [written(n) for n in ("Zoë", "Björn Ærinsson", "Goblin 01", "Ork D6", "F", "F-",
                                 "Fred", "Hé", "Ölaf 2", "Zoe\u0301")] == [
        "Zoë", "Björn Ærinsson", '"Goblin 01"', '"Ork D6"', '"F"', '"F-"', "Fred", "Hé",
        "Ölaf 2", '"Zoe\u0301"']  # the last as typed decomposed: NFKC reads it otherwise
