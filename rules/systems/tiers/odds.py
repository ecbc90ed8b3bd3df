"""Exact odds of Tiers checks, saves, disruption checks and attacks, from the plans they roll.

A check's successes: each die of the pool ends its chain on a face that is not a 6, so a pool of
n dice throws exactly n non-6 faces and some number X of 6s, X negative-binomial
(P(X = x) = C(x + n − 1, x) (1/6)^x (5/6)^n). Each 6 is a success; each final face succeeds with
P((6 − threshold)/5) independently of X. Successes = X + Binomial(n, that). P(fail) needs only
X < task, so the outcomes are exact; the distribution's tail is cut under 1e-12 (its residual).
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

from rules.errors import LimitError
from rules.exact import EPSILON, Odds, Value, distribution
from rules.exact.dist import convolve
from rules.limits import MAX_POOL
from rules.notation import syntax
from rules.systems.protocol import Context, OddsFn
from rules.systems.tiers.checks import CheckPlan, plan_check
from rules.systems.tiers.combat import attack_words, plan_attack
from rules.systems.tiers.saves import D20Plan, plan_disrupt, plan_save
from rules.systems.tiers.vocabulary import d20_expr


def finals(n: int, threshold: int) -> list[int]:
    """Weights (over 5^n) of k of the n final, non-6 faces succeeding, k = 0..n: a final face
    succeeds on 4–5 (4+), on 5 (5+) or never (6 only)."""
    good = max(0, 6 - threshold)
    return [comb(n, k) * good**k * (5 - good) ** (n - k) for k in range(n + 1)]


def enough_sixes(n: int) -> int:
    """The least x0 with P(X > x0) < 1e-12, in whole numbers: Σ_{x ≤ x0} P(X = x) over 6^(x0+n)."""
    x0, kept, five = 0, 5**n, 5**n
    while (6 ** (x0 + n) - kept) * EPSILON.denominator >= 6 ** (x0 + n) * EPSILON.numerator:
        x0 += 1
        kept = kept * 6 + comb(x0 + n - 1, x0) * five
    return x0


def successes_distribution(n: int, threshold: int) -> dict[int, Fraction]:
    """P(successes = s) for a pool of n d6s, each exact, for s up to where less than 1e-12 of the
    mass is left: s > x0 + n needs more than x0 sixes, and P(X > x0) < 1e-12."""
    top = enough_sixes(n) + n
    # P(X = x) · P(k finals succeed) = C(x+n-1, x) · finals[k] / 6^(x+n): over 6^(top+n)
    by_sixes: dict[Value, int] = {x: comb(x + n - 1, x) * 6 ** (top - x) for x in range(top + 1)}
    by_finals: dict[Value, int] = dict(enumerate(finals(n, threshold)))
    weights = convolve(by_sixes, by_finals, "a check's successes")
    denom = 6 ** (top + n)
    return {int(s): Fraction(w, denom) for s, w in sorted(weights.items()) if s <= top}


def fail_chance(n: int, threshold: int, task: int) -> Fraction:
    """P(successes < task), exactly: only fewer than `task` sixes can fail."""
    below = [0]
    for w in finals(n, threshold):
        below.append(below[-1] + w)  # below[m]: weight of fewer than m final successes
    last = task - 1
    weight = sum(comb(x + n - 1, x) * 6 ** (last - x) * below[min(n + 1, task - x)]
                 for x in range(task))
    return Fraction(weight, 6 ** (last + n))


def plan_odds(plan: CheckPlan) -> Odds:
    """The successes of a planned check, and its exact P(pass) / P(fail)."""
    if plan.pool > MAX_POOL:
        raise LimitError(f"exact odds of a check handle pools of at most {MAX_POOL} dice,"
                         f" not {plan.pool}")
    fail = fail_chance(plan.pool, plan.threshold, plan.task)
    return Odds(successes_distribution(plan.pool, plan.threshold),
                {"pass": 1 - fail, "fail": fail})


def check_odds(ctx: Context, line: syntax.CommandLine) -> Odds:
    return plan_odds(plan_check(ctx, line))


def d20_odds(plan: D20Plan) -> Odds:
    """The totals of a save or disruption check and P(total ≥ DC)."""
    return Odds.from_dist(distribution(plan.expr()), plan.dc)


def save_odds(ctx: Context, line: syntax.CommandLine) -> Odds:
    return d20_odds(plan_save(ctx, line))


def disrupt_odds(ctx: Context, line: syntax.CommandLine) -> Odds:
    return d20_odds(plan_disrupt(ctx, line))


def attack_odds(ctx: Context, line: syntax.CommandLine) -> Odds:
    """P(hit), P(miss), P(crit) of the attack roll, and P(in-the-way) when firing through a
    creature (the damage is not priced)."""
    plan = plan_attack(ctx, attack_words(line))
    naturals = distribution(d20_expr(plan.edge)).probs()
    totals: dict[int, Fraction] = {}
    outcomes = {"hit": Fraction(0), "miss": Fraction(0), "crit": Fraction(0)}
    if plan.in_the_way:
        outcomes["in-the-way"] = Fraction(0)  # 003:L69: a natural 1 hits the creature instead
    for natural, p in naturals.items():
        total, hit, crit = plan.judge(int(natural))
        totals[total] = totals.get(total, Fraction(0)) + p
        outcomes["hit" if hit else "miss"] += p
        outcomes["crit"] += p if crit else 0
        if plan.hits_in_the_way(int(natural)):
            outcomes["in-the-way"] += p
    return Odds(totals, outcomes)


def odds_hooks() -> dict[str, OddsFn]:
    """The odds hooks of `check`, `save`, `disrupt` and `attack`."""
    return {"check": check_odds, "save": save_odds, "disrupt": disrupt_odds,
            "attack": attack_odds}
