"""Exact odds of Champions & Cohorts attacks, against brute force over d20 × the weapon die."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.support.champions import KAEL, MIRA, camp, sheet


def brute(might: int, guard: int, sides: int, armor: int, cap: int | None, slots_free: int
          ) -> tuple[dict[int, Fraction], Fraction, Fraction]:
    """Every d20 × weapon face, by the rules text: P(wounds dealt), P(hit), P(Downed)."""
    dist: dict[int, Fraction] = {}
    hits = downs = 0
    for d20 in range(1, 21):
        for face in range(1, sides + 1):
            if d20 + might < guard:
                wounds = 0
            else:
                hits += 1
                damage = max(1, face - armor)
                wounds = 1 if damage <= 3 else 2 if damage <= 6 else 3
                if cap is not None:
                    wounds = min(wounds, cap)
                downs += wounds >= slots_free
            dist[wounds] = dist.get(wounds, Fraction(0)) + Fraction(1, 20 * sides)
    n = 20 * sides
    return dist, Fraction(hits, n), Fraction(downs, n)


@pytest.mark.parametrize(("line", "might", "guard", "sides", "armor", "cap", "free"), [
    ("attack Kael weapon heavy", 3, 14, 8, 1, 2, 3),
    ("attack Kael weapon exceptional", 3, 14, 10, 1, 2, 3),
    ("attack Kael weapon exceptional relic", 3, 14, 10, 1, None, 3),
    ("attack Kael weapon light", 3, 14, 4, 1, 2, 3),
    ("attack Ash weapon d12", 3, 10, 12, 0, None, 2),
    ("attack guard=25 armor=2 weapon d20 might=4", 4, 25, 20, 2, 2, 3),
    ("attack guard=1 cohort weapon d6 might=0", 0, 1, 6, 0, None, 2),
    ("attack guard=17 armor=2 cohort weapon standard mit=-1", -1, 17, 6, 2, None, 2),
])
def test_attack_odds_match_brute_force(line: str, might: int, guard: int, sides: int, armor: int,
                                       cap: int | None, free: int) -> None:
    odds = camp().odds(line)
    dist, hit, downed = brute(might, guard, sides, armor, cap, free)
    assert dict(odds.distribution) == {k: p for k, p in dist.items() if p}
    assert dict(odds.outcomes) == {"hit": hit, "miss": 1 - hit, "downed": downed}
    assert odds.residual == 0


def test_the_odds_of_a_heavy_hit_on_kael_in_numbers() -> None:
    odds = camp().odds("attack Kael weapon heavy")
    assert dict(odds.outcomes) == {"hit": Fraction(1, 2), "miss": Fraction(1, 2),
                                   "downed": Fraction(0)}
    assert dict(odds.distribution) == {0: Fraction(1, 2), 1: Fraction(1, 4), 2: Fraction(1, 4)}
    assert odds.mean == Fraction(3, 4) and odds.extra == {"counts": "wounds"}
    assert odds.notes == ("totals are the wounds the attack deals (0: a miss); d20+3 vs Guard 14,"
                          " d8 − 1 Armor",
                          "an untagged attack marks at most 2 wounds on a Champion")


def test_the_odds_see_wounds_already_marked() -> None:
    c = camp(MIRA, sheet(KAEL, pools={"wounds": 2}))
    odds = c.odds("attack Kael weapon heavy")
    assert odds.outcomes["downed"] == odds.outcomes["hit"] == Fraction(1, 2)
    c = camp(MIRA, sheet(KAEL, pools={"wounds": 3}, flags=["downed"]))
    odds = c.odds("attack Kael weapon heavy")
    assert odds.outcomes["downed"] == 0 and odds.notes[-1] == "Kael is already Downed"


def test_rolls_agree_with_the_odds_face_by_face() -> None:
    """Every scripted d20 × d6 attack lands on the wounds the odds counted for it."""
    odds = camp().odds("attack Kael weapon standard")
    seen: dict[int, Fraction] = {}
    for d20 in range(1, 21):
        faces = [d20] if d20 + 3 < 14 else [d20, 1]
        for face in range(1, 7):
            if len(faces) == 2:
                faces = [d20, face]
            res = camp().run("attack Kael weapon standard", faces)
            wounds = dict(res.extra)["wounds"] or 0
            seen[wounds] = seen.get(wounds, Fraction(0)) + Fraction(1, 120)
    assert seen == dict(odds.distribution)
