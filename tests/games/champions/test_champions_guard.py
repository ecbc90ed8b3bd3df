"""Champions & Cohorts, issue 14: the Guard bonus capped at +2 (002:L20), field healing an ally."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.errors import RuleError, SheetError
from tests.support.champions import KAEL, MIRA, camp, data, sheet, text
from tests.support.cli import invoke, invoke_json

# ---- field-heal: an ally, never oneself (002:L24) ----


def test_field_healing_refuses_the_healer_itself() -> None:
    c = camp()
    c.run("attack Mira weapon heavy", [15, 6], active="Kael")
    with pytest.raises(RuleError) as err:
        c.run("field-heal Mira")
    assert (err.value.exit_status, err.value.message) == (
        1, "Mira cannot field-heal itself: field healing clears a wound from an adjacent ally")
    assert c.wounds("Mira") == 2 and c.sheets["mira"].get("pools", {}).get("supply") is None


# ---- the Guard bonus ----


def test_a_guard_bonus_word_raises_the_guard_the_attack_must_meet() -> None:
    c = camp()
    res = c.run("attack Kael weapon heavy guard-bonus 1", [12, 2])
    assert text(res).splitlines()[:2] == [
        "attack Kael weapon heavy guard-bonus 1 → 12+3 = 15 vs 15 · hit · 1 wound",
        "Kael · Wounds 0 → 1 (attack)"]
    res = c.run("attack Kael weapon heavy guard-bonus 2", [12])
    assert text(res) == ("attack Kael weapon heavy guard-bonus 2 → 12+3 = 15 vs 16 · miss\n"
                         "Guard 14 +2 temporary bonus = 16")
    got = data(res)
    assert (got["target"], got["guard_bonus"], got["outcome"], got["dice"]) == (
        16, 2, "miss", [{"die": "d20", "face": 12, "kept": True}])


def test_guard_bonuses_are_capped_at_plus_two_with_the_sheets_own() -> None:
    c = camp(MIRA, sheet(KAEL, **{"guard-bonus": 1}))
    res = c.run("attack Kael weapon heavy guard-bonus=2", [14, 3])
    assert text(res) == (
        "attack Kael weapon heavy guard-bonus=2 → 14+3 = 17 vs 16 · hit · 1 wound\n"
        "Kael · Wounds 0 → 1 (attack)\n"
        "Guard 14 +2 temporary bonus = 16 (+3 given; temporary Guard bonuses are capped at +2)\n"
        "Damage d8: 3 − 1 Armor = 2 → 1 wound")
    assert data(res)["target"] == 16 and data(res)["guard_bonus"] == 2
    res = c.run("attack Kael weapon heavy", [11])
    assert text(res) == ("attack Kael weapon heavy → 11+3 = 14 vs 15 · miss\n"
                         "Guard 14 +1 temporary bonus = 15")
    assert res.target == 15  # the sheet's +1 alone


def test_the_guard_bonus_inline_and_its_odds() -> None:
    c = camp()
    res = c.run("attack guard=12 guard-bonus 3 weapon d6 might=2", [12, 3], active=None)
    assert text(res) == (
        "attack guard=12 guard-bonus 3 weapon d6 might=2 → 12+2 = 14 vs 14 · hit · 1 wound\n"
        "Guard 12 +2 temporary bonus = 14 (+3 given; temporary Guard bonuses are capped at +2)\n"
        "Damage d6: 3 → 1 wound\n"
        "(inline target: nothing recorded)")
    odds = c.odds("attack guard=12 guard-bonus 3 weapon d6 might=2", active=None)
    assert odds.outcomes["hit"] == Fraction(9, 20)  # d20 ≥ 12 needs 12..20
    plain = c.odds("attack guard=12 weapon d6 might=2", active=None)
    assert plain.outcomes["hit"] == Fraction(11, 20)


def test_guard_bonus_words_that_are_wrong_and_the_sheet_key() -> None:
    from rules.errors import UsageError

    c = camp()
    with pytest.raises(UsageError, match="guard-bonus needs a whole number ≥ 0"):
        c.run("attack Kael weapon heavy guard-bonus", active="Mira")
    with pytest.raises(SheetError, match="guard-bonus' must be 0 or more, not -1"):
        sheet(KAEL, **{"guard-bonus": -1})


def test_the_guard_bonus_through_the_cli(tmp_path: object) -> None:
    code, out, err = invoke("-s", "champions", "--rolled", "11,4", "attack", "guard=12",
                            "guard-bonus", "2", "weapon", "d6", "might=3")
    assert (code, err) == (0, "")
    assert out.splitlines()[0] == ("attack guard=12 guard-bonus 2 weapon d6 might=3 → 11+3 = 14"
                                   " vs 14 · hit · 2 wounds")
    code, objs = invoke_json("-s", "champions", "odds", "attack", "guard=12", "guard-bonus", "5",
                             "weapon", "d6", "might=3")
    assert code == 0 and objs[0]["outcomes"]["hit"] == "1/2"


def test_the_repl_offers_guard_bonus_after_attack() -> None:
    from cli.repl.word_lists import own_words
    from rules.systems.champions.system import SYSTEM

    assert own_words(SYSTEM, "attack") == ("guard-bonus",)
    assert "guard-bonus" in SYSTEM.help()
