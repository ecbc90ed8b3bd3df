"""Exact odds of a Champions & Cohorts attack, priced from the very plan the roll uses."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rules.exact import Odds
from rules.notation import syntax
from rules.systems.champions.combat import AttackPlan, guard_notes, plan_attack
from rules.systems.protocol import Context


@dataclass(frozen=True)  # no slots: Odds caches its mean and tails
class AttackOdds(Odds):
    """The wounds one attack deals (0 on a miss), with P(hit), P(miss) and P(Downed)."""

    explained: tuple[str, ...] = ()

    @property
    def extra(self) -> dict[str, str]:
        """The distribution counts wounds, not the d20 total."""
        return {"counts": "wounds"}

    @property
    def notes(self) -> tuple[str, ...]:
        return self.explained


def attack_distribution(plan: AttackPlan) -> tuple[dict[int, Fraction], Fraction, Fraction]:
    """P(wounds dealt) over every d20 × weapon face, P(hit), and P(the target goes Downed)."""
    weight = Fraction(1, 20 * plan.sides)
    dist: dict[int, Fraction] = {}
    hit = Fraction(0)
    downed = Fraction(0)
    for d20 in range(1, 21):
        if not plan.hits(d20):
            dist[0] = dist.get(0, Fraction(0)) + Fraction(plan.sides) * weight
            continue
        hit += Fraction(1, 20)
        for face in range(1, plan.sides + 1):
            wounds = plan.wounds(face)
            dist[wounds] = dist.get(wounds, Fraction(0)) + weight
            if plan.downs(wounds):
                downed += weight
    return dist, hit, downed


def attack_odds(ctx: Context, line: syntax.CommandLine) -> Odds:
    """`odds attack …`: hit and miss exactly, and how many wounds the attack deals."""
    plan = plan_attack(ctx, line)
    dist, hit, downed = attack_distribution(plan)
    target = plan.target
    sign = "+" if plan.might >= 0 else "-"
    explained = [
        f"totals are the wounds the attack deals (0: a miss); d20{sign}{abs(plan.might)} vs"
        f" Guard {target.total_guard}, d{plan.sides} − {target.armor} Armor"
    ]
    explained += guard_notes(target)
    if plan.capped:
        explained.append("an untagged attack marks at most 2 wounds on a Champion")
    if target.downed:
        explained.append(f"{target.name} is already Downed")
    return AttackOdds(dist, {"hit": hit, "miss": 1 - hit, "downed": downed}, tuple(explained))
