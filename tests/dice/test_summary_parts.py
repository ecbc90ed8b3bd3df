"""A result's summary is parts (rules/said.py), not marked-up text: the dice as `Face`s with
their flags, the outcome as an `OutcomeWord`; its plain text is what JSON and the log keep."""

from __future__ import annotations

import pytest

import rules
from rules import ScriptedSource
from rules.said import Face, Note, OutcomeWord, Said, note, said
from tests.support.cli import invoke_json


def test_a_roll_says_its_dice_with_their_flags_and_its_outcome_as_a_word() -> None:
    res = rules.roll("2d20kh1 vs 12", source=ScriptedSource([9, 14]))
    assert res.summary_parts.parts == (
        "2d20kh1 vs 12 → ", "[", Face("9", kept=False), ", ", Face("14"), "]", " = 14",
        " vs 12 · ", OutcomeWord("pass"))
    assert res.summary == "2d20kh1 vs 12 → [~~9~~, 14] = 14 vs 12 · pass"


def test_a_rerolled_die_says_the_face_rerolled_away_and_the_one_that_stands() -> None:
    res = rules.roll("1d6r1", source=ScriptedSource([1, 4]))
    assert res.summary_parts.parts == (
        "1d6r1 → ", "[", Face("1", kept=False, rerolled=True, replaced=True),
        Face("4", rerolled=True), "]", " = 4")
    assert res.summary == "1d6r1 → [1↻4] = 4"


def test_a_face_rerolled_away_and_a_dropped_die_read_differently_in_text_alone() -> None:
    code, (obj,) = invoke_json("--rolled", "1,2,5,6", "3d6r1dl1")
    assert (code, obj["text"]) == (0, "3d6r1dl1 → [1↻6, ~~2~~, 5] = 11")  # both were ~~N~~
    assert obj["dice"] == [{"die": "d6", "face": f, "kept": k} for f, k in  # JSON as it was: roll order
                           [(1, False), (2, False), (5, True), (6, True)]]
    res = rules.roll("2d6r1kl1", source=ScriptedSource([1, 3, 6]))
    assert res.summary == "2d6r1kl1 → [1↻~~6~~, 3] = 3"  # rerolled, then dropped: both marks


def test_an_exploded_die_and_a_success_keep_their_marks_in_the_face() -> None:
    res = rules.roll("3d6!", source=ScriptedSource([6, 2, 3, 1]))
    faces = [p for p in res.summary_parts.parts if isinstance(p, Face)]
    assert faces[0] == Face("6!", exploded=True) and res.summary == "3d6! → [6!, 2, 3, 1] = 12"


def test_parts_join_with_plus_and_never_turn_into_text_by_accident() -> None:
    line = "Δ8 → " + said(Face("2")) + " · " + OutcomeWord("step-down")
    assert line.plain == "Δ8 → 2 · step-down"
    with pytest.raises(TypeError):
        f"{line}"  # noqa: B018  # an f-string would lose the parts
    assert Said().plain == "" and not Said()
    assert line.after("Δ8 → ") == said(Face("2"), " · ", OutcomeWord("step-down"))
    assert line.after("Δ6") is None


def test_a_note_is_its_plain_text_to_every_reader_and_carries_its_parts() -> None:
    made = note(OutcomeWord("crit"), ": double the effect")
    assert isinstance(made, Note) and made == "crit: double the effect"
    assert made.said.parts == (OutcomeWord("crit"), ": double the effect")
