"""Colour on a terminal comes from the result's fields (its outcome, crit, fumble, a dropped
die), never from words in the text: a label that spells an outcome stays the user's."""

from __future__ import annotations

import rules
from cli.render.marks import dropped
from cli.render.text import RESET, STYLES, plain_text, render
from rules import ScriptedSource


def test_a_label_that_spells_an_outcome_is_not_coloured() -> None:
    res = rules.roll("1d20 [pass] + 3", source=ScriptedSource([12]))
    assert render(res, True) == plain_text(res) == "1d20 [pass] + 3 → [12] pass + 3 = 15"


def test_the_outcome_and_a_crit_are_coloured_from_the_result() -> None:
    res = rules.roll("1d20 [fail] vs 10", source=ScriptedSource([20]))
    assert (res.outcome, res.crit) == ("pass", True)
    assert render(res, True) == (
        f"1d20 [fail] vs 10 → [20] fail = 20 vs 10 · {STYLES['pass']}pass{RESET}"
        f" · {STYLES['crit']}crit{RESET}")


def test_a_dropped_die_is_marked_and_plain_text_keeps_its_bytes() -> None:
    res = rules.roll("2d20kh1 vs 12", source=ScriptedSource([9, 14]))
    assert plain_text(res) == "2d20kh1 vs 12 → [~~9~~, 14] = 14 vs 12 · pass"
    assert render(res, True) == (
        f"2d20kh1 vs 12 → [{dropped('9')}, 14] = 14 vs 12 · {STYLES['pass']}pass{RESET}")
