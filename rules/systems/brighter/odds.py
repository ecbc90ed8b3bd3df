"""Exact odds of Brighter Worlds saves and hits, next to the rules they price."""

from __future__ import annotations

from fractions import Fraction

from rules.dice.steps import GONE
from rules.exact import Odds, distribution
from rules.notation import syntax
from rules.systems.brighter.harm import absorb, read_hit
from rules.systems.brighter.saves import own_probs, parse_save, pass_probability
from rules.systems.brighter.vocabulary import current_die
from rules.systems.protocol import Context


def save_odds(ctx: Context, line: syntax.CommandLine) -> Odds:
    """`odds save ATTR [enhanced|impaired] [vs …]`: P(pass) exactly (an enhanced d8: 29/32)."""
    spec = parse_save(ctx, line)
    passing = pass_probability(spec)
    return Odds(own_probs(spec.sides, spec.mode), {"pass": passing, "fail": 1 - passing})


def critical_save(die: int, direct: int) -> Fraction:
    """P(the Critical Damage save passes): roll higher than the Direct Damage; none at zero or
    when the Direct Damage reaches the die's highest face (stepped down without a save)."""
    if die == GONE or direct >= die:
        return Fraction(0)
    return Fraction(die - direct, die)


def hit_odds(ctx: Context, line: syntax.CommandLine) -> Odds:
    """`odds hit N|DICE [NAME] [ATTR]`: the damage, and P(pass)/P(fail) of the Critical Damage
    save; `absorbed` is P(Armor and Grit take it all, no save)."""
    spec = read_hit(ctx, line)
    damages: dict[int, Fraction] = {}
    if spec.fixed is not None:
        damages = {spec.fixed: Fraction(1)}
    else:
        damages = {}
        for value, p in distribution(spec.damage).probs().items():
            taken = max(0, int(value))
            damages[taken] = damages.get(taken, Fraction(0)) + p
    die = current_die(spec.character, spec.attr)
    outcomes = {"pass": Fraction(0), "fail": Fraction(0), "absorbed": Fraction(0)}
    for damage, p in damages.items():
        direct = absorb(ctx, spec.character, damage).direct
        if direct == 0:
            outcomes["absorbed"] += p
            continue
        passing = critical_save(die, direct)
        outcomes["pass"] += p * passing
        outcomes["fail"] += p * (1 - passing)
    return Odds(damages, outcomes)
