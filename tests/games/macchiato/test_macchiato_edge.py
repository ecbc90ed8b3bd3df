"""Macchiato advantage on other dice (001:L8: "Best and worst above can mean either high or low,
depending on the kind of die"): a risk die keeps the higher at advantage, the lower at
disadvantage; so does any lone die but the d20."""

from __future__ import annotations

from fractions import Fraction

import pytest

from cli.render.json import resolution_to_json
from cli.render.text import plain_text
from rules.errors import UsageError
from rules.exact.risk_odds import expected_uses, step_down_chance, survival
from rules.resolution import Change
from tests.support.cli import invoke
from tests.support.macchiato import mira, odds, resolve


def test_a_risk_die_at_advantage_keeps_the_higher() -> None:
    res = resolve("Δ8 adv", [2, 7])
    assert plain_text(res) == "Δ8 adv → [~~2~~, 7] · hold"
    obj = resolution_to_json(res, plain_text(res))
    assert (obj["total"], obj["outcome"], obj["advantage"]) == (7, "hold", "adv")
    assert obj["dice"] == [{"die": "Δ8", "face": 2, "kept": False},
                           {"die": "Δ8", "face": 7, "kept": True}]


def test_a_risk_die_at_disadvantage_keeps_the_lower() -> None:
    res = resolve("delta8 dis", [2, 7])
    assert plain_text(res) == "delta8 dis → [2, ~~7~~] · step-down to Δ6"
    assert (res.total, res.outcome, dict(res.extra)["after"]) == (2, "step-down", "Δ6")


def test_a_named_risk_die_at_advantage_is_recorded_from_the_kept_face() -> None:
    res = resolve("risk torches adv", [1, 3], active=mira())
    assert plain_text(res) == ("risk torches adv → [~~1~~, 3] on Δ6 · step-down\n"
                               "Mira · Torches Δ6 → Δ4 (risk)")
    assert res.changes == (Change("Mira", "torches", "Δ6", "Δ4", "risk", "risk"),)
    held = resolve("risk torches adv", [1, 4], active=mira())
    assert (held.outcome, held.changes) == ("hold", ())
    both = resolve("risk torches adv dis", [1], active=mira())  # they cancel: one die
    assert plain_text(both).splitlines()[0] == "risk torches adv dis → 1 on Δ6 · step-down"


def test_risk_add_takes_no_advantage() -> None:
    with pytest.raises(UsageError, match="adv and dis go with a roll of a risk die"):
        resolve("risk add rope Δ8 adv", [], active=mira())


def test_another_lone_die_keeps_the_higher_at_advantage() -> None:
    assert plain_text(resolve("d6 adv", [2, 5])) == "d6 adv → [~~2~~, 5] = 5"
    assert plain_text(resolve("d6 dis", [2, 5])) == "d6 dis → [2, ~~5~~] = 2"


def test_the_odds_of_a_risk_die_at_advantage() -> None:
    got = odds("Δ8 adv")
    assert dict(got.distribution) == {f: Fraction(2 * f - 1, 64) for f in range(1, 9)}
    assert dict(got.outcomes) == {"hold": Fraction(55, 64), "step-down": Fraction(9, 64)}
    assert got.expected_uses == Fraction(16, 9) + 4 + Fraction(64, 9)
    dis = odds("risk torches dis", active=mira())
    assert dict(dis.distribution) == {f: Fraction(2 * (6 - f) + 1, 36) for f in range(1, 7)}
    assert dict(dis.outcomes) == {"hold": Fraction(1, 4), "step-down": Fraction(3, 4)}


@pytest.mark.parametrize("edge", [None, "adv", "dis"])
@pytest.mark.parametrize("sides", [4, 6, 8, 10, 12])
def test_step_down_chances_match_brute_force(sides: int, edge: str | None) -> None:
    pairs = [(a, b) for a in range(1, sides + 1) for b in range(1, sides + 1)]
    keep = {"adv": max, "dis": min, None: lambda a, b: a}[edge]
    down = Fraction(sum(keep(a, b) <= 3 for a, b in pairs), len(pairs))
    assert step_down_chance(sides, edge) == down
    assert expected_uses(sides, edge) == sum(
        (1 / step_down_chance(s, edge) for s in (4, 6, 8, 10, 12) if s <= sides), Fraction(0))


def test_survival_at_advantage_by_hand() -> None:
    # a Δ4 at advantage survives one roll unless both dice show 1–3: 1 − 9/16
    assert survival(4, 1, "adv") == Fraction(7, 16)
    assert survival(4, 2, "adv") == Fraction(7, 16) ** 2
    assert survival(6, 1, "dis") == 1  # a Δ6 steps down to Δ4 at worst


def test_odds_through_the_cli() -> None:
    code, out, err = invoke("-s", "macchiato", "odds", "Δ8 adv uses 5")
    assert (code, err) == (0, "")
    assert out.splitlines()[-2:] == ["expected rolls until it fizzles: 12.89",
                                     "Δ8 adv survives 5 rolls: 88.36%"]
    assert invoke("-s", "macchiato", "--rolled", "2,7", "Δ8", "adv") == (
        0, "Δ8 adv → [~~2~~, 7] · hold\n", "")


@pytest.mark.parametrize("edge", [None, "adv", "dis"])
def test_survival_matches_a_step_by_step_chain(edge: str | None) -> None:
    sizes = [4, 6, 8, 10, 12]
    for rolls in range(6):
        alive = {12: Fraction(1)}
        for _ in range(rolls):
            nxt: dict[int, Fraction] = {}
            for s, p in alive.items():
                down = step_down_chance(s, edge)
                nxt[s] = nxt.get(s, Fraction(0)) + p * (1 - down)
                if s > 4:
                    below = sizes[sizes.index(s) - 1]
                    nxt[below] = nxt.get(below, Fraction(0)) + p * down
            alive = nxt
        assert survival(12, rolls, edge) == sum(alive.values(), Fraction(0))
