"""Macchiato Monsters risk dice through the system: lone rolls, named dice, add, rm, list."""

from __future__ import annotations

import pytest

from cli.render.text import plain_text
from rules.errors import ScriptError, UsageError
from rules.resolution import Change
from tests.support.macchiato import mira, resolve


@pytest.mark.parametrize(
    ("text", "face", "shown", "outcome", "die", "after"),
    [
        ("Δ8", 2, "Δ8 → 2 · step-down to Δ6", "step-down", "Δ8", "Δ6"),
        ("delta8", 3, "delta8 → 3 · step-down to Δ6", "step-down", "Δ8", "Δ6"),
        ("Δ8", 4, "Δ8 → 4 · hold", "hold", "Δ8", "Δ8"),
        ("Δ12", 1, "Δ12 → 1 · step-down to Δ10", "step-down", "Δ12", "Δ10"),
        ("Δ4", 3, "Δ4 → 3 · fizzle", "fizzle", "Δ4", None),
        ("DELTA4", 1, "DELTA4 → 1 · fizzle", "fizzle", "Δ4", None),
    ],
)
def test_a_lone_risk_die_holds_steps_down_or_fizzles(
    text: str, face: int, shown: str, outcome: str, die: str, after: str | None
) -> None:
    res = resolve(text, [face])
    assert plain_text(res) == shown
    assert (res.kind, res.total, res.outcome, res.changes) == ("risk", face, outcome, ())
    assert (res.crit, res.fumble) == (False, False)
    assert dict(res.extra)["risk_die"] == die
    assert dict(res.extra)["after"] == after
    assert [(t.die, t.face, t.kept) for t in res.throws] == [(die, face, True)]


def test_the_highest_face_is_a_lucky_break() -> None:
    res = resolve("Δ10", [10])
    assert plain_text(res) == "Δ10 → 10 · hold\n10 is a lucky break (the highest face)"
    assert dict(res.extra)["lucky_break"] is True
    assert resolve("Δ4", [4]).outcome == "hold"


def test_risk_dice_in_expressions_are_plain_dice_and_odd_sizes_are_refused() -> None:
    res = resolve("Δ8+1", [3])
    assert (res.kind, res.total, plain_text(res)) == ("roll", 4, "Δ8+1 → [3] + 1 = 4")
    with pytest.raises(UsageError, match="a risk die is Δ4, Δ6, Δ8, Δ10 or Δ12, not Δ7"):
        resolve("Δ7", [1])


def test_a_risk_die_needs_its_face() -> None:
    with pytest.raises(ScriptError, match="need a Δ8 for Δ8"):
        resolve("Δ8", [])
    with pytest.raises(ScriptError, match="face 9 .* does not fit a Δ8"):
        resolve("Δ8", [9])


def test_risk_name_rolls_and_records_the_step_down() -> None:
    res = resolve("risk torches", [2], active=mira())
    assert plain_text(res) == "risk torches → 2 on Δ6 · step-down\nMira · Torches Δ6 → Δ4 (risk)"
    assert res.changes == (Change("Mira", "torches", "Δ6", "Δ4", "risk", "risk"),)
    assert res.throws[0].die == "Δ6"
    hold = resolve("risk torches", [5], active=mira())
    assert (plain_text(hold), hold.changes) == ("risk torches → 5 on Δ6 · hold", ())


def test_a_fizzled_risk_die_is_gone() -> None:
    res = resolve("risk torches", [1], active=mira(risk={"torches": "Δ4"}))
    assert plain_text(res) == (
        "risk torches → 1 on Δ4 · fizzle\n"
        "Mira · Torches Δ4 → — (risk)\n"
        "Torches fizzled: the die is gone"
    )
    assert res.changes == (Change("Mira", "torches", "Δ4", None, "risk", "risk"),)


def test_party_risk_dice_roll_without_a_character_or_when_the_character_lacks_one() -> None:
    party = {"risk": {"rations": "Δ10"}}
    res = resolve("risk rations", [3], party=party)
    assert plain_text(res) == (
        "risk rations → 3 on Δ10 · step-down\nParty · Rations Δ10 → Δ8 (risk)"
    )
    assert res.changes == (Change(None, "rations", "Δ10", "Δ8", "risk", "risk"),)
    assert resolve("risk rations", [3], active=mira(), party=party).changes[0].character is None
    both = {"risk": {"torches": "Δ12"}}
    assert resolve("risk torches party", [9], active=mira(), party=both).throws[0].die == "Δ12"
    assert resolve("risk torches", [5], active=mira(), party=both).throws[0].die == "Δ6"


def test_an_unknown_risk_die_is_a_usage_error() -> None:
    with pytest.raises(UsageError, match="no risk die 'rope' on Mira or the party: risk add"):
        resolve("risk rope", [2], active=mira())
    with pytest.raises(UsageError, match="no risk die 'rope' on the party"):
        resolve("risk rope", [2])


def test_risk_add_gives_the_die_to_the_character_or_the_party() -> None:
    res = resolve("risk add rope Δ8", active=mira())
    assert plain_text(res) == "risk add rope Δ8 → Mira · Rope Δ8\nMira · Rope — → Δ8 (risk add)"
    assert res.changes == (Change("Mira", "rope", None, "Δ8", "risk add", "risk"),)
    res = resolve("risk add rope delta10 party", active=mira())
    assert res.changes == (Change(None, "rope", None, "Δ10", "risk add", "risk"),)
    res = resolve("risk add food Δ12")
    assert plain_text(res) == (
        "risk add food Δ12 → Party · Food Δ12\nParty · Food — → Δ12 (risk add)"
    )


def test_risk_add_knows_the_presets() -> None:
    assert resolve("risk add torches").changes[0].after == "Δ6"
    assert resolve("risk add arrows").changes[0].after == "Δ8"
    assert resolve("risk add armour chain", active=mira()).changes[0].after == "Δ8"
    assert resolve('risk add armour "full plate"', active=mira()).changes[0].after == "Δ10"
    assert resolve("risk add armour leather", active=mira()).changes[0].after == "Δ4"
    replaced = resolve("risk add torches Δ8", active=mira())
    assert replaced.changes == (Change("Mira", "torches", "Δ6", "Δ8", "risk add", "risk"),)
    assert resolve("risk add torches Δ6", active=mira()).changes == ()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("risk add rope", "risk add rope needs its die"),
        ("risk add rope Δ20", "a risk die is Δ4, Δ6, Δ8, Δ10 or Δ12, not Δ20"),
        ("risk add rope sturdy", "give the die .* or a preset"),
        ("risk add", "risk add needs a name"),
        ("risk", "risk needs a die or a word"),
        ("risk torches now", "unexpected 'now'"),
        ("risk rm", "risk rm needs one name"),
        ("risk rm rope", "no risk die 'rope'"),
    ],
)
def test_risk_usage_errors(text: str, message: str) -> None:
    with pytest.raises(UsageError, match=message):
        resolve(text, [1], active=mira())


def test_risk_rm_and_list() -> None:
    res = resolve("risk rm torches", active=mira())
    assert plain_text(res) == (
        "risk rm torches → Mira · Torches removed\nMira · Torches Δ6 → — (risk rm)"
    )
    listed = resolve("risk list", active=mira(), party={"risk": {"food": "Δ10"}})
    assert plain_text(listed) == "risk list → 2 risk dice\nMira · Torches Δ6\nParty · Food Δ10"
    assert dict(listed.extra)["risk_dice"] == [
        {"character": "Mira", "name": "torches", "die": "Δ6"},
        {"character": None, "name": "food", "die": "Δ10"},
    ]
    assert plain_text(resolve("risk list")) == "risk list → no risk dice (risk add NAME ΔN)"
    assert plain_text(resolve("risk party", party={"risk": {"food": "Δ10"}})) == (
        "risk party → 1 risk die\nParty · Food Δ10"
    )


def test_risk_with_a_bare_die_is_a_lone_roll() -> None:
    assert plain_text(resolve("risk Δ6", [1])) == "risk Δ6 → 1 · step-down to Δ4"
