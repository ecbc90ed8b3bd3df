"""Tiers pools, scripted: Fate spends, Recovery trades, Rest, sessions, Vigor upkeep, buyouts."""

from __future__ import annotations

import pytest

from rules.errors import RuleError, UsageError
from tests.support.tiers import changes, kell, logged, run, text

# ---- Fate ----


def test_spending_fate_takes_session_fate_first() -> None:
    res = run("spend fate 2", sheet=kell(pools={"fate": 1, "earned": 2}))
    assert text(res) == (
        "spend fate 2 → Fate 1 (session 0, earned 1)\n"
        "Kell · Fate 1 → 0 (spend)\n"
        "Kell · Earned 2 → 1 (spend)"
    )
    assert res.kind == "pool"
    assert changes(run("spend fate")) == [("fate", 3, 2, "spend")]


def test_fate_that_cannot_be_spent_is_refused() -> None:
    with pytest.raises(RuleError, match=r"Kell has Fate 3 \(session 3, earned 0\); cannot spend 4"):
        run("spend fate 4")


def test_gained_fate_is_earned_fate() -> None:
    res = run("gain fate 2")
    assert text(res) == "gain fate 2 → Fate 5 (session 3, earned 2)\nKell · Earned 0 → 2 (gain)"


def test_set_fate_sets_session_fate_and_other_pools_work_as_everywhere() -> None:
    assert changes(run("set fate 1")) == [("fate", 3, 1, "set")]
    with pytest.raises(UsageError, match="Fate goes from 0 to 3; cannot set it to 4"):
        run("set fate 4")
    assert text(run("spend stamina 2")) == "spend stamina 2 → Stamina 2\nKell · Stamina 4 → 2 (spend)"
    with pytest.raises(RuleError, match="Kell has 4 Stamina; cannot spend 5"):
        run("spend stamina 5")
    assert changes(run("gain destiny 1")) == [("destiny", 0, 1, "gain")]
    assert changes(run("spend wounds")) == [("wounds", 3, 2, "spend")]


# ---- recovery ----


def test_recover_trades_fate_for_stamina() -> None:
    res = run("recover stamina 2", sheet=kell(pools={"stamina": 1, "fate": 1, "earned": 1}))
    assert text(res) == (
        "recover stamina 2 → Stamina 3\n"
        "Kell · Fate 1 → 0 (recover)\n"
        "Kell · Earned 1 → 0 (recover)\n"
        "Kell · Stamina 1 → 3 (recover)"
    )


def test_recover_trades_two_stamina_for_one_vitality() -> None:
    res = run("recover vitality 1", sheet=kell(pools={"vitality": 3}))
    assert text(res) == (
        "recover vitality 1 → Stamina 2, Vitality 4\n"
        "Kell · Stamina 4 → 2 (recover)\n"
        "Kell · Vitality 3 → 4 (recover)"
    )
    res = run("recover stamina 1 vitality 1", sheet=kell(pools={"vitality": 3, "stamina": 1}))
    assert changes(res) == [("fate", 3, 2, "recover"), ("stamina", 1, 2, "recover"),
                            ("stamina", 2, 0, "recover"), ("vitality", 3, 4, "recover")]


@pytest.mark.parametrize(("line", "pools", "message"), [
    ("recover stamina 1", {}, "Kell has 4 of 4 Stamina: 1 Fate would buy past the maximum"),
    ("recover stamina 2", {"stamina": 0, "fate": 1}, r"Kell has Fate 1 \(session 1, earned 0\);"
     " cannot spend 2"),
    ("recover vitality 1", {"vitality": 4, "stamina": 1}, "Kell has 1 Stamina; 1 Vitality costs 2"),
    ("recover vitality 1", {}, "Kell has 5 of 5 Vitality: 2 Stamina would buy past the maximum"),
])  # fmt: skip
def test_recoveries_that_cannot_be_paid_change_nothing(line: str, pools: dict[str, int],
                                                      message: str) -> None:
    with pytest.raises(RuleError, match=message):
        run(line, sheet=kell(pools=pools))


def test_recover_needs_something_to_buy() -> None:
    for line in ("recover", "recover stamina 0", "recover luck 1"):
        with pytest.raises(UsageError):
            run(line)


# ---- rest, session, combat ----


def test_a_rest_restores_vitality_and_stamina_and_turns_earned_fate_into_destiny() -> None:
    sheet = kell(pools={"vitality": 1, "stamina": 0, "earned": 2, "destiny": 1, "vigor": 0,
                        "wounds": 1}, flags=["exhausted"])
    res = run("rest", sheet=sheet)
    assert text(res) == (
        "Kell rests\n"
        "Kell · Vitality 1 → 5 (rest)\n"
        "Kell · Stamina 0 → 4 (rest)\n"
        "Kell · Exhausted off (rest)\n"
        "Kell · Earned 2 → 0 (rest: becomes Destiny)\n"
        "Kell · Destiny 1 → 3 (rest)\n"
        "Kell · Rested on (rest)\n"
        "a Rest by itself closes no wound; Vigor refills at the start of a fight (combat)"
    )
    assert res.kind == "rest"
    healed = run("rest healer", sheet=sheet)
    assert changes(healed)[-2:] == [("wounds", 1, 2, "a healer closes a light wound"),
                                    ("rested", False, True, "rest")]
    assert healed.notes == ("a healer closes one light wound (Severity 1 or 2) over a Rest",)
    assert text(run("rest")) == (
        "Kell rests: nothing to restore\n"
        "Kell · Rested on (rest)\n"
        "a Rest by itself closes no wound; Vigor refills at the start of a fight (combat)"
    )


def test_a_new_session_gives_every_character_three_session_fate() -> None:
    bob = {"name": "Bob", "system": "tiers", "tier": 1, "pools": {"fate": 0}}
    res = run("session new", sheet=kell(pools={"fate": 1, "earned": 2}), others=[bob])
    assert text(res) == (
        "session new → session Fate 3 for every character\n"
        "Bob · Fate 0 → 3 (new session)\n"
        "Kell · Fate 1 → 3 (new session)"
    )
    with pytest.raises(UsageError, match="session new"):
        run("session old")


def test_combat_fills_vigor_and_each_turn_regains_the_heart_modifier() -> None:
    # issue 14: `combat` also sets the flag in-combat, and `turn` needs it (tests/games/tiers/test_tiers_npc)
    assert text(run("combat", sheet=kell(pools={"vigor": 0}))) == (
        "combat → Vigor 2\nKell · Vigor 0 → 2 (combat)\nKell · In combat on (combat)"
    )
    fighting = ["in-combat"]
    assert text(run("turn", sheet=kell(pools={"vigor": 0}, flags=fighting))) == (
        "turn → Vigor 1\nKell · Vigor 0 → 1 (turn)"
    )
    assert text(run("turn", sheet=kell(flags=fighting))) == "turn → Vigor 2\nKell · Vigor stays 2"
    hearty = kell(stats={"heart": 6}, armor="none", tier=5, pools={"vigor": 3}, flags=fighting)
    assert changes(run("turn", sheet=hearty)) == [("vigor", 3, 2, "turn")]  # −2: cap 3
    assert run("turn", sheet=kell(stats={"heart": 10}, flags=fighting)).changes == ()


# ---- buyout ----


def test_a_buyout_turns_the_previous_failed_check_into_a_pass() -> None:
    failed = run("check body task 3", [5, 2, 2, 3])
    assert failed.outcome == "fail"
    res = run("buyout 2", last=logged(failed, 7))
    assert text(res) == "buyout 2 → check body task 3 · pass\nKell · Stamina 4 → 2 (buyout)"
    assert (res.kind, res.outcome, res.target, res.successes) == ("check", "pass", 3, 1)
    assert dict(res.extra)["bought"] == 7


def test_a_buyout_is_refused_without_a_failed_check_or_the_stamina() -> None:
    passed = run("check body task 1", [5, 2, 2, 3])
    with pytest.raises(RuleError, match="Kell's previous LINE is not a failed check"):
        run("buyout 1", last=logged(passed))
    failed = run("check body task 3", [5, 2, 2, 3])
    with pytest.raises(RuleError, match="Kell's previous LINE is not a failed check"):
        run("buyout 1", last=logged(failed, undone=True))
    with pytest.raises(RuleError, match="Kell has 4 Stamina; the buyout costs 5; nothing changed"):
        run("buyout 5", last=logged(failed))
    with pytest.raises(RuleError, match="Kell has no Stamina: a failure at 0 Stamina costs"):
        run("buyout 1", sheet=kell(pools={"stamina": 0}), last=logged(failed))
    with pytest.raises(UsageError, match="buyout needs the Stamina it costs"):
        run("buyout", last=logged(failed))
