"""Macchiato Monsters through its system: checks, the free advantage, sessions, risk dice, odds."""

from __future__ import annotations

from fractions import Fraction

import pytest

from cli.render.text import plain_text
from rules.campaign import Character
from rules.errors import RuleError, SheetError, UsageError
from rules.exact.risk_odds import expected_uses
from rules.resolution import Change
from rules.systems.macchiato.checks import FREE_FLAG
from rules.systems.macchiato.odds import RiskOdds
from tests.support.macchiato import SYSTEM, mira, odds, resolve

# ---- checks ----


def test_check_rolls_d20_under_or_equal_to_the_stat() -> None:
    res = resolve("check str", [12], active=mira())
    assert plain_text(res) == "check str → 12 ≤ 12 · pass"
    assert (res.kind, res.total, res.target, res.outcome) == ("check", 12, 12, "pass")
    assert (res.crit, res.fumble, res.changes) == (False, False, ())
    res = resolve("check strength", [13], active=mira())
    assert plain_text(res) == "check strength → 13 ≤ 12 · fail"


def test_inline_stats_need_no_character() -> None:
    res = resolve("check dex=5", [5])
    assert (plain_text(res), res.character) == ("check dex=5 → 5 ≤ 5 · pass", None)
    assert resolve("check cha=18", [18]).outcome == "pass"


def test_natural_one_is_a_crit_and_natural_twenty_a_fumble() -> None:
    res = resolve("check str", [1], active=mira())
    assert plain_text(res) == (
        "check str → 1 ≤ 12 · pass · crit\ncrit: double the effect or add a consequence"
    )
    assert (res.outcome, res.crit, res.fumble) == ("pass", True, False)
    res = resolve("check con=18", [20])
    assert plain_text(res) == (
        "check con=18 → 20 ≤ 18 · fail · fumble\nfumble: double the effect or add a consequence"
    )
    assert (res.outcome, res.crit, res.fumble) == ("fail", False, True)


def test_advantage_keeps_the_lower_and_disadvantage_the_higher() -> None:
    res = resolve("check str adv", [15, 7], active=mira())
    assert plain_text(res) == "check str adv → [~~15~~, 7] ≤ 12 · pass"
    assert [(t.die, t.face, t.kept) for t in res.throws] == [("d20", 15, False), ("d20", 7, True)]
    res = resolve("check str dis", [15, 7], active=mira())
    assert plain_text(res) == "check str dis → [15, ~~7~~] ≤ 12 · fail"
    assert res.total == 15


def test_advantage_crit_and_disadvantage_fumble_read_the_kept_die() -> None:
    assert resolve("check str=10 adv", [20, 1]).crit
    assert not resolve("check str=10 adv", [20, 2]).fumble
    assert resolve("check str=10 dis", [20, 1]).fumble
    assert not resolve("check str=10 dis", [1, 1]).fumble


def test_advantage_and_disadvantage_cancel_to_one_die() -> None:
    res = resolve("check str adv dis", [9], active=mira())
    assert plain_text(res) == "check str adv dis → 9 ≤ 12 · pass"
    assert len(res.throws) == 1


def test_free_spends_the_sessions_free_advantage() -> None:
    res = resolve("check str free", [18, 4], active=mira())
    assert plain_text(res) == (
        "check str free → [~~18~~, 4] ≤ 12 · pass\n"
        "Mira · Free advantage spent on (free advantage)"
    )
    assert res.changes == (Change("Mira", FREE_FLAG, False, True, "free advantage", "flag"),)
    # with disadvantage it is spent and cancels: one die
    res = resolve("check str dis free", [14], active=mira())
    assert (res.outcome, len(res.throws), len(res.changes)) == ("fail", 1, 1)


def test_free_is_refused_once_spent_before_any_die() -> None:
    spent = mira(flags=[FREE_FLAG])
    with pytest.raises(RuleError, match="Mira has used the free advantage this session") as err:
        resolve("check str free", [], active=spent)
    assert err.value.exit_status == 1
    # a plain check still works
    assert resolve("check str", [3], active=spent).outcome == "pass"


def test_free_with_adv_is_refused_as_wasted() -> None:
    with pytest.raises(RuleError, match="advantage does not stack"):
        resolve("check str adv free", [], active=mira())


def test_free_needs_a_character() -> None:
    with pytest.raises(UsageError, match="this needs a character"):
        resolve("check str=12 free", [1, 2])


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("check", "check needs a stat"),
        ("check luck", "no Macchiato stat 'luck'"),
        ("check str=19", "strength 19 is outside the stat range 3–18"),
        ("check str=x", "a Macchiato stat is a number 3–18"),
        ("check str twice", "check takes adv, dis or free after the stat, not 'twice'"),
        ("check wis", "Mira has no wisdom on the sheet: add \\[stats\\] wisdom = N"),
    ],
)
def test_check_usage_errors(text: str, message: str) -> None:
    with pytest.raises(UsageError, match=message):
        resolve(text, [10], active=mira())


def test_check_without_a_character_says_how_to_choose_one() -> None:
    with pytest.raises(UsageError, match="--as NAME"):
        resolve("check str", [10])


def test_session_new_gives_every_free_advantage_back() -> None:
    bob = Character("Bob", "macchiato", {"name": "Bob", "flags": [FREE_FLAG]})
    ann = Character("Ann", "brighter", {"name": "Ann", "flags": [FREE_FLAG]})
    res = resolve("session new", active=mira(flags=[FREE_FLAG]), others=[bob, ann],
                  party={"session": 3})  # fmt: skip
    assert plain_text(res) == (
        "session new → session 4: free advantage for all\n"
        "Party · Session 3 → 4 (session new)\n"
        "Bob · Free advantage spent off (session new)\n"
        "Mira · Free advantage spent off (session new)"
    )
    assert res.changes[0] == Change(None, "session", 3, 4, "session new", "field")
    first = resolve("session new")
    assert first.changes == (Change(None, "session", None, 1, "session new", "field"),)
    with pytest.raises(UsageError, match="session new starts a session"):
        resolve("session")


# ---- sheets and help ----


def test_sheets_normalize_risk_dice_and_refuse_bad_ones() -> None:
    sheet = SYSTEM.validate_sheet({"name": "Mira", "stats": {"str": 12},
                                   "risk": {"Torches": "delta6", "rope": "d8"}})  # fmt: skip
    assert sheet["risk"] == {"torches": "Δ6", "rope": "Δ8"}
    assert sheet["stats"] == {"strength": 12}
    with pytest.raises(SheetError, match="'risk.rope' must be a risk die"):
        SYSTEM.validate_sheet({"name": "Mira", "risk": {"rope": "Δ7"}})
    with pytest.raises(SheetError, match="'stats.strength' must be from 3 to 18, not 19"):
        SYSTEM.validate_sheet({"name": "Mira", "stats": {"str": 19}})


def test_help_lists_the_commands_and_the_presets() -> None:
    text = SYSTEM.help()
    for piece in ("check STAT [adv|dis] [free]", "session new", "risk add NAME", "delta8",
                  "torches Δ6", "arrows Δ8", "leather Δ4", "chain Δ8", "full-plate Δ10"):
        assert piece in text
    assert all(len(line) <= 80 for line in text.splitlines())


# ---- odds ----


def test_risk_odds_hold_against_step_down_and_the_expected_rolls() -> None:
    o = odds("Δ8")
    assert isinstance(o, RiskOdds)
    assert dict(o.outcomes) == {"hold": Fraction(5, 8), "step-down": Fraction(3, 8)}
    assert o.expected_uses == 6
    assert dict(o.distribution) == {f: Fraction(1, 8) for f in range(1, 9)}
    assert o.notes == ("expected rolls until it fizzles: 6",)
    assert o.extra == {"expected_uses": 6}
    assert dict(odds("delta4").outcomes) == {"hold": Fraction(1, 4), "fizzle": Fraction(3, 4)}
    assert odds("risk torches", active=mira()).outcomes["step-down"] == Fraction(1, 2)


def test_expected_uses_match_the_public_rules() -> None:
    wanted = {4: Fraction(4, 3), 6: Fraction(10, 3), 8: Fraction(6), 10: Fraction(28, 3),
              12: Fraction(40, 3)}  # fmt: skip
    assert {s: expected_uses(s) for s in wanted} == wanted


def test_expected_uses_by_brute_force() -> None:
    # E[rolls] from the Markov chain, solved exactly rung by rung: E(s) = s/3 + E(below)
    def solve(sides: int) -> Fraction:
        below = {4: None, 6: 4, 8: 6, 10: 8, 12: 10}[sides]
        down = Fraction(3, sides)
        rest = Fraction(0) if below is None else solve(below)
        # E = 1 + (1 - down) E + down * rest  →  E = (1 + down * rest) / down
        return (1 + down * rest) / down

    assert all(solve(s) == expected_uses(s) for s in (4, 6, 8, 10, 12))


@pytest.mark.parametrize("edge", ["", " adv", " dis", " adv dis"])
@pytest.mark.parametrize("stat", [3, 10, 18])
def test_check_odds_by_brute_force(stat: int, edge: str) -> None:
    o = odds(f"check str={stat}{edge}")
    pairs = [(a, b) for a in range(1, 21) for b in range(1, 21)]
    if edge == " adv":
        kept = [min(a, b) for a, b in pairs]
    elif edge == " dis":
        kept = [max(a, b) for a, b in pairs]
    else:
        kept = [a for a, _ in pairs]
    n = len(kept)
    assert o.outcomes["pass"] == Fraction(sum(k <= stat for k in kept), n)
    assert o.outcomes["fail"] == Fraction(sum(k > stat for k in kept), n)
    assert o.outcomes["crit"] == Fraction(kept.count(1), n)
    assert o.outcomes["fumble"] == Fraction(kept.count(20), n)


def test_check_odds_examples() -> None:
    assert odds("check str=12 adv").outcomes["pass"] == Fraction(21, 25)
    assert odds("check str free", active=mira(flags=[FREE_FLAG])).outcomes["crit"] == Fraction(
        39, 400
    )
    assert odds("check str=12").outcomes == {"pass": Fraction(3, 5), "fail": Fraction(2, 5),
                                             "crit": Fraction(1, 20), "fumble": Fraction(1, 20)}
