"""Champions & Cohorts after the blows: Med Flags across `turn end`, stabilize, field healing."""

from __future__ import annotations

import pytest

from rules.errors import RuleError, UsageError
from tests.support.champions import ASH, KAEL, MIRA, Camp, camp, data, sheet, text


def downed_kael() -> Camp:
    """Mira (Red) downs Kael (Blue) with a tagged hit, during Red's turn."""
    c = camp()
    c.run("attack Kael weapon exceptional major", [15, 9])
    return c


# ---- turn end: the Med Flag counts down ----


def test_the_med_flag_does_not_count_on_the_turn_it_fell_then_counts_down() -> None:
    c = downed_kael()
    res = c.run("turn end Blue")
    assert text(res) == ("turn end Blue → no Med Flag counts down\n"
                         "Kael · Fell off (turn end)\n"
                         "Kael fell this turn: its Med Flag stays at 3")
    assert (res.kind, res.outcome, data(res)["house"], data(res)["counted"]) == (
        "turn", None, "Blue", 0)
    res = c.run("turn end Blue")
    assert text(res) == ("turn end Blue → 1 Med Flag counts down\n"
                         "Kael · Med Flag 3 → 2 (turn end)")
    assert text(c.run("turn end Blue")) == ("turn end Blue → 1 Med Flag counts down\n"
                                            "Kael · Med Flag 2 → 1 (turn end)")
    res = c.run("turn end Blue")
    assert text(res) == (
        "turn end Blue → 1 Med Flag counts down\n"
        "Kael · Med Flag 1 → — (turn end)\n"
        "Kael's Med Flag is removed without stabilization: the rules text does not say what"
        " follows (OPEN)"
    )
    assert data(res)["changes"] == [{"character": "Kael", "pool": "med-flag", "before": 1,
                                     "after": None, "reason": "turn end", "kind": "field"}]
    assert c.flags("Kael") == ["downed"] and c.field("Kael", "med-flag") is None
    assert text(c.run("turn end Blue")) == "turn end Blue → no Med Flag counts down"


def test_another_houses_turn_end_only_ends_the_turn_it_fell_in() -> None:
    c = downed_kael()  # Kael fell during Red's turn
    res = c.run("turn end")  # Mira is Red: her House's turn ends
    assert text(res) == ("turn end → House Red: no Med Flag counts down\n"
                         "Kael · Fell off (turn end)")
    assert text(c.run("turn end blue", active=None)).splitlines()[1] == (
        "Kael · Med Flag 3 → 2 (turn end)")


def test_turn_end_counts_every_downed_member_of_the_house_only() -> None:
    c = camp(MIRA, KAEL, ASH, sheet(MIRA, name="Rook", house="Red"))
    c.run("attack Kael weapon exceptional relic", [15, 9])
    c.run("attack Ash weapon standard", [15, 6])
    c.run("attack Rook weapon exceptional relic", [15, 9], active="Kael")
    c.run("turn end Green")  # nobody's House: only the `fell` markers go
    assert text(c.run("turn end Blue")) == ("turn end Blue → 2 Med Flags count down\n"
                                            "Ash · Med Flag 3 → 2 (turn end)\n"
                                            "Kael · Med Flag 3 → 2 (turn end)")
    assert c.field("Rook", "med-flag") == 3


def test_turn_end_words() -> None:
    with pytest.raises(UsageError, match=r"turn takes: turn end \[HOUSE\]"):
        camp().run("turn over")
    with pytest.raises(UsageError, match="turn end needs the HOUSE whose turn ends"):
        camp().run("turn end", active=None)
    res = camp().run("turn end Green")
    assert res.notes == ("no character of House Green in this campaign",)


# ---- stabilize ----


def test_a_stabilized_champion_stands_with_two_wounds() -> None:
    c = downed_kael()
    c.run("turn end Blue")
    c.run("turn end Blue")
    res = c.run("stabilize Kael")
    assert text(res) == (
        "stabilize Kael → stable · stands at 2 wounds\n"
        "Kael · Wounds 3 → 2 (stabilize)\n"
        "Kael · Downed off (stabilize)\n"
        "Kael · Med Flag 2 → — (stabilize)\n"
        "Mira's Command (an adjacent Healer)"
    )
    assert (res.kind, res.outcome, res.passed) == ("stabilize", "stable", True)
    assert c.flags("Kael") == [] and c.wounds("Kael") == 2


def test_stabilizing_on_the_turn_it_fell_clears_the_marker_too() -> None:
    c = downed_kael()
    res = c.run("stabilize Kael", active=None)
    assert text(res).splitlines()[0] == "stabilize Kael → stable · stands at 2 wounds"
    assert "Kael · Fell off (stabilize)" in text(res)
    assert c.flags("Kael") == []


def test_a_stabilized_cohort_stays_downed_and_its_flag_stops() -> None:
    c = camp()
    c.run("attack Ash weapon standard", [15, 6])
    res = c.run("stabilize Ash")
    assert text(res) == (
        "stabilize Ash → stable · still Downed\n"
        "Ash · Med Flag 3 → — (stabilize)\n"
        "Ash · Fell off (stabilize)\n"
        "Ash · Stabilized on (stabilize)\n"
        "Mira's Command (an adjacent Healer)\n"
        "the rules say how a Champion returns; a stabilized Cohort's return is OPEN: its Med"
        " Flag stops, it stays Downed (`heal N` when you decide)"
    )
    assert c.flags("Ash") == ["downed", "stabilized"]
    assert text(c.run("turn end Blue")) == "turn end Blue → no Med Flag counts down"
    with pytest.raises(RuleError, match="Ash is already stabilized"):
        c.run("stabilize Ash")


def test_stabilizing_after_the_flag_ran_out_says_it_is_open() -> None:
    c = downed_kael()
    for _ in range(4):
        c.run("turn end Blue")
    res = c.run("stabilize Kael")
    assert res.notes == ("Mira's Command (an adjacent Healer)",
                         "Kael's Med Flag had been removed: the rules text does not say what"
                         " follows (OPEN)",)


def test_stabilize_refusals() -> None:
    c = camp()
    with pytest.raises(RuleError) as err:
        c.run("stabilize Kael")
    assert (err.value.message, err.value.exit_status) == ("Kael is not Downed: nothing to"
                                                          " stabilize", 1)
    c = downed_kael()
    with pytest.raises(RuleError, match="Kael cannot stabilize itself: an adjacent Healer does"):
        c.run("stabilize Kael", active="Kael")
    with pytest.raises(UsageError, match="stabilize needs one character's name"):
        c.run("stabilize")


# ---- field healing ----


def test_field_healing_spends_supply_and_clears_one_wound_once_a_round() -> None:
    c = camp()
    c.run("attack Kael weapon heavy", [15, 6])
    res = c.run("field-heal Kael")
    assert text(res) == ("field-heal Kael → 1 wound cleared\n"
                         "Mira · Healing Supply 2 → 1 (field-heal)\n"
                         "Kael · Wounds 2 → 1 (field-heal)\n"
                         "Kael · Field healed on (field-heal)")
    assert res.kind == "field-heal" and data(res)["target_name"] == "Kael"
    with pytest.raises(RuleError) as err:
        c.run("field-heal Kael")
    assert (err.value.exit_status, err.value.message) == (
        1, "Kael was already field-healed this round (1 wound per round; the end of its House's"
           " turn starts a new one)")
    assert text(c.run("turn end Red")) == "turn end Red → no Med Flag counts down"
    with pytest.raises(RuleError, match="already field-healed"):
        c.run("field-heal Kael")  # Red's turn end is not Kael's round
    assert text(c.run("turn end Blue")).splitlines()[1] == "Kael · Field healed off (turn end)"
    assert c.run("field-heal Kael").changes[0].after == 0  # Mira's last Healing Supply
    c.run("turn end Blue")
    c.run("attack Kael weapon heavy", [15, 6])
    with pytest.raises(RuleError) as err:
        c.run("field-heal Kael")
    assert err.value.message == "Mira has no Healing Supply left"


def test_field_healing_refusals() -> None:
    c = camp()
    with pytest.raises(RuleError, match="Kael has no wound to clear"):
        c.run("field-heal Kael")
    c = downed_kael()
    with pytest.raises(RuleError, match="Kael is Downed: field healing needs a standing ally"
                                        r" \(stabilize first\)"):
        c.run("field-heal Kael")
    c = camp()
    c.run("attack Mira weapon heavy", [15, 6], active="Kael")
    with pytest.raises(UsageError, match="Kael has no Healing Supply maximum: the rules leave it"
                                         r" OPEN, so give it on the sheet: \[max\] supply = N"):
        c.run("field-heal Mira", active="Kael")
    with pytest.raises(UsageError, match="this needs a character"):
        c.run("field-heal Mira", active=None)


# ---- hurt, heal, rest on wounds that count up ----


def test_hurt_marks_wounds_and_heal_stands_a_downed_character_up() -> None:
    c = camp()
    res = c.run("hurt 1", active="Ash")
    assert text(res) == "hurt 1 → Wounds 1 of 2\nAsh · Wounds 0 → 1 (hurt)"
    res = c.run("hurt 5", active="Ash")
    assert text(res).splitlines()[:3] == ["hurt 5 → Wounds 2 of 2", "Ash · Wounds 1 → 2 (hurt)",
                                          "Ash · Downed on (hurt)"]
    res = c.run("heal 1", active="Ash")
    assert text(res) == ("heal 1 → Wounds 1 of 2\n"
                         "Ash · Wounds 2 → 1 (heal)\n"
                         "Ash · Downed off (heal)\n"
                         "Ash · Med Flag 3 → — (heal)\n"
                         "Ash · Fell off (heal)\n"
                         "Ash stands again")
    assert c.flags("Ash") == []
    with pytest.raises(UsageError, match="hurt N: a number of wounds"):
        c.run("hurt")


def test_rest_refills_the_supply_but_never_the_wounds() -> None:
    c = camp(sheet(MIRA, pools={"supply": 0, "wounds": 1}))
    res = c.run("rest")
    assert text(res) == ("Mira rests\n"
                         "Mira · Healing Supply 0 → 2 (rest)\n"
                         "Wounds stay: the rules text gives resting no healing (OPEN); use heal N")
    assert c.wounds("Mira") == 1
