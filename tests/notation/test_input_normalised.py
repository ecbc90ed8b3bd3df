"""A LINE is read as it shows (SPEC §5): NFKC, and typographic signs as their ASCII meaning.
The echo shows what was understood; a caret stays under the character that was typed."""

from __future__ import annotations

import pytest

from rules.errors import NotationError
from rules.notation import parse
from rules.notation.normal import normalise
from tests.support.cli import invoke, invoke_json


@pytest.mark.parametrize(("typed", "read"), [
    ("1d20\u22122", "1d20-2"),  # − minus sign, as roll's own output writes it
    ("1d20\u20132", "1d20-2"),  # – en dash
    ("1d20\u20142", "1d20-2"),  # — em dash
    ("2d6\u00d73", "2d6*3"),  # × multiplication sign
    ("\uff12\uff44\uff16\uff0b\uff11", "2d6+1"),  # full-width digits, letter and sign (NFKC)
    ("2d6\ufe631", "2d6-1"),  # ﹣ small hyphen-minus (NFKC)
    ("d20+5 vs\u00a015", "d20+5 vs 15"),  # a no-break space (NFKC)
    ("6\u00d7 4d6kh3", "6x 4d6kh3"),  # a leading N× and a space repeats
    ("d20 \u2265 15", "d20 >= 15"),  # ≥
])
def test_each_character_class_reads_as_ascii(typed: str, read: str) -> None:
    assert normalise(typed).text == read
    assert parse(typed) == parse(read)


def test_the_echo_shows_what_was_understood() -> None:
    code, out, err = invoke("--rolled", "12", "1d20\u22122")
    assert (code, err) == (0, "")
    assert out == "1d20-2 → [12] - 2 = 10\n"
    code, out, _ = invoke("--rolled", "3,4", "\uff12\uff44\uff16\uff0b\uff11")
    assert out == "2d6+1 → [3, 4] + 1 = 8\n"


def test_json_keeps_the_line_as_given() -> None:
    _, (obj,) = invoke_json("--rolled", "12", "1d20\u22122")
    assert obj["input"] == "1d20\u22122"
    assert (obj["total"], obj["text"]) == (10, "1d20-2 → [12] - 2 = 10")


def test_a_repeat_with_the_times_sign() -> None:
    code, out, _ = invoke("--rolled", "1,2", "2\u00d7 d6")
    assert (code, out) == (0, "d6 → [1] = 1\nd6 → [2] = 2\n")


def test_the_caret_stays_under_the_typed_character() -> None:
    with pytest.raises(NotationError) as info:
        parse("\uff12\uff44\uff16\uff0b\uff0b")
    assert info.value.column == 5  # the second full-width plus
    code, _, err = invoke("\uff11d20\u2212*2")
    assert code == 2
    assert err == "roll: error: expected a term, found '*'\n  \uff11d20\u2212*2\n        ^\n"
    # (the full-width 1 takes two columns of the terminal)


def test_other_scripts_digits_stay_refused() -> None:
    with pytest.raises(NotationError):
        parse("\u0663d6")  # ٣ is a digit, but not of this notation
