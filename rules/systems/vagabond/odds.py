"""Exact odds of Vagabond Checks and Saves, priced from the very plans the rolls use."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from rules.errors import UsageError
from rules.exact import Odds, distribution
from rules.notation import parse_expression, syntax
from rules.systems.protocol import Context, OddsFn
from rules.systems.vagabond.check_roll import CheckSpec
from rules.systems.vagabond.checks import (
    Plan,
    plan_block,
    plan_check,
    plan_dodge,
    plan_save_line,
)
from rules.systems.vagabond.combat import plan_attack, plan_hit, with_extra_die
from rules.systems.vagabond.fluke import fluke_odds
from rules.systems.vagabond.magic import extra_damage_expr, plan_cast
from rules.systems.vagabond.vocabulary import difficulty

ROLLS = {0: "d20", 1: "d20+f", -1: "d20+h"}
CRIT = Fraction(1, 20)  # the unmodified 20, whatever the Favor/Hinder d6 shows


def roll_distribution(net: int) -> dict[int, Fraction]:
    """P(total) of d20 (net 0), d20 + d6 (Favored, +1) or d20 − d6 (Hindered, −1)."""
    dist = distribution(parse_expression(ROLLS[net]))
    return {int(v): p for v, p in dist.probs().items()}


def net_aid(spec: CheckSpec) -> int:
    """The Favor/Hinder of a planned roll, counting a +luck spend as one more Favor."""
    return spec.aid.with_favor("+luck").net if spec.luck else spec.aid.net


def pass_chance(target: int, net: int) -> Fraction:
    """P(d20 (± d6) ≥ Difficulty)."""
    return sum((p for t, p in roll_distribution(net).items() if t >= target), Fraction(0))


def spec_odds(spec: CheckSpec, win: str = "pass", lose: str = "fail") -> Odds:
    """The exact odds of a planned roll: its totals, and P(pass), P(fail), P(crit)."""
    if spec.auto_fail:
        return Odds({0: Fraction(1)}, {win: Fraction(0), lose: Fraction(1), "crit": Fraction(0)})
    dist = roll_distribution(net_aid(spec))
    passed = sum((p for t, p in dist.items() if t >= spec.difficulty), Fraction(0))
    return Odds(dist, {win: passed, lose: 1 - passed, "crit": CRIT})


def _hook(planner: Callable[[Context, syntax.CommandLine], Plan]) -> OddsFn:
    def price(ctx: Context, line: syntax.CommandLine) -> Odds:
        return spec_odds(planner(ctx, line).spec)

    return price


def attack_odds(ctx: Context, line: syntax.CommandLine) -> Odds:
    """P(hit), P(miss), P(crit) of the attack Check (the damage is not priced)."""
    from rules.systems.on_whom import on_whom

    target, line = on_whom(ctx.table, ctx.system.id, line)
    return spec_odds(plan_attack(ctx, line, target).spec, "hit", "miss")


def cast_odds(ctx: Context, line: syntax.CommandLine) -> Odds:
    """P(pass), P(fail), P(crit) of the Cast Check, made only against an unwilling target;
    without one, the extra damage dice the spell paid for."""
    plan = plan_cast(ctx, line)
    if plan.spec is not None:
        return spec_odds(plan.spec)
    extra = extra_damage_expr(plan.spell)
    if extra is None:
        raise UsageError("cast: no Cast Check without an unwilling target and no extra damage"
                         " dice, so nothing to price (add unwilling, or +N)")
    return Odds({int(v): p for v, p in distribution(extra).probs().items()})


def hit_odds(ctx: Context, line: syntax.CommandLine) -> Odds:
    """With Block or Dodge: the Save's odds. Without: the damage taken (Armor, Immune, Weak)."""
    plan = plan_hit(ctx, line)
    if plan.save is not None:
        return spec_odds(plan.save.spec)
    if plan.words.has("immune") and not plan.words.has("weak"):
        return Odds({0: Fraction(1)})
    expr, armor = plan.expr, plan.armor
    if plan.words.has("weak"):
        expr, armor = with_extra_die(expr) or expr, 0
    dist = distribution(expr)
    taken: dict[int, Fraction] = {}
    for value, p in dist.probs().items():
        amount = max(0, int(value) - armor)
        taken[amount] = taken.get(amount, Fraction(0)) + p
    return Odds(taken)


def odds_hooks() -> dict[str, OddsFn]:
    """The odds hooks of `check`, `save`, `block`, `dodge`, `attack`, `cast`, `hit`, `fluke`."""
    return {
        "check": _hook(plan_check),
        "save": _hook(plan_save_line),
        "block": _hook(plan_block),
        "dodge": _hook(plan_dodge),
        "attack": attack_odds,
        "cast": cast_odds,
        "hit": hit_odds,
        "fluke": fluke_odds,
    }


# ---- the odds table of `roll help vagabond` ----


def percent(p: Fraction) -> str:
    """`40%`, `47.5%`, `45.8%` (one decimal, exact when it fits)."""
    value = p * 100
    if value.denominator == 1:
        return f"{value.numerator}%"
    return f"{float(value):.1f}%"


def odds_table() -> str:
    """Chance to pass a plain Check, Stat 2–7 × untrained/trained × plain/Favored/Hindered."""
    heads = ("plain", "Favor", "Hinder")
    lines = [  # cells apart by tabs: a table the layout stacks in a narrow pane
        "Chance to pass a plain Check (exact odds):",
        "\tuntrained\t\t\ttrained\t\t",
        "\t".join(("Stat", *heads, *heads)),
    ]
    for stat in range(2, 8):
        cells = [str(stat)]
        for trained in (False, True):
            target = difficulty(stat, trained)
            cells += [percent(pass_chance(target, n)) for n in (0, 1, -1)]
        lines.append("\t".join(cells))
    best = 1 - pass_chance(difficulty(7, False), 0)
    lines.append(f"The best untrained roll (Stat 7, plain) still fails {best.numerator} times"
                 f" in {best.denominator}.")
    return "\n".join(lines)
