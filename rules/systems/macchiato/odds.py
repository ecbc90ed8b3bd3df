"""Exact odds of Macchiato Monsters checks and risk dice, next to the rules they price."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rules.dice.steps import GONE, step_down
from rules.errors import UsageError
from rules.exact import Odds, distribution
from rules.exact.risk_odds import expected_uses, step_down_chance
from rules.notation import syntax
from rules.systems.macchiato.checks import Edge, parse_check
from rules.systems.macchiato.risk import (
    PARTY,
    arg_sides,
    find_owner,
    owned_dice,
    risk_expr,
    risk_sides,
    split_edge,
    who,
)
from rules.systems.protocol import Context


@dataclass(frozen=True)  # no slots: Odds caches its mean and tails
class RiskOdds(Odds):
    """The odds of one roll of a risk die, plus how many rolls it lasts on average."""

    expected_uses: Fraction = Fraction(0)

    @property
    def extra(self) -> dict[str, Fraction]:
        """More keys for the odds JSON."""
        return {"expected_uses": self.expected_uses}

    @property
    def notes(self) -> tuple[str, ...]:
        """What a person reads beside the distribution."""
        return (f"expected rolls until it fizzles: {decimal(self.expected_uses)}",)


def decimal(x: Fraction) -> str:
    """`6`, `4.04`: a number a person reads, as `roll odds` writes its mean (two decimals at
    most, trailing zeros cut; the exact fraction is the JSON's)."""
    return str(x.numerator) if x.denominator == 1 else f"{float(x):.2f}".rstrip("0").rstrip(".")


def check_odds(ctx: Context, line: syntax.CommandLine) -> Odds:
    """`odds check STAT [adv|dis] [free]`: pass, fail, crit and fumble (free is not spent)."""
    spec = parse_check(ctx, line)
    return Odds(kept_face_probs(spec.edge), check_outcomes(spec.value, spec.edge))


def risk_odds(sides: int, edge: Edge = None) -> RiskOdds:
    """`odds Δ8 [adv|dis]`: hold against step-down (fizzle for a Δ4), and the expected rolls to
    fizzle (every roll with that advantage), priced from the dice the roll throws."""
    probs = {int(f): p for f, p in distribution(risk_expr(sides, edge)).probs().items()}
    return RiskOdds(probs, risk_outcomes(sides, edge), expected_uses(sides, edge))


def risk_command_odds(ctx: Context, line: syntax.CommandLine) -> Odds:
    """`odds risk NAME` (or `odds risk Δ8`): the odds of that risk die as it stands."""
    given, edge, _ = split_edge(line.args)
    args = list(given)
    party = bool(args) and str(args[-1]).lower() == PARTY
    if party:
        args = args[:-1]
    if len(args) != 1:
        raise UsageError("odds risk NAME [adv|dis] [party] (or odds Δ8)")
    sides = arg_sides(args[0])
    if sides is None:
        if not isinstance(args[0], syntax.Word):
            raise UsageError(f"odds risk NAME: a risk die's name, not '{args[0]}'")
        name = args[0].text.strip().lower()
        owner = find_owner(ctx, name, party)
        sides = risk_sides(owned_dice(ctx, owner)[name], f"{who(owner)}'s {name}")
    return risk_odds(sides, edge)


def kept_face_probs(edge: Edge) -> dict[int, Fraction]:
    """P(kept d20 face) for a check: brute force over the one or two d20s."""
    if edge is None:
        return {f: Fraction(1, 20) for f in range(1, 21)}
    pick = min if edge == "adv" else max
    counts: dict[int, int] = {}
    for a in range(1, 21):
        for b in range(1, 21):
            kept = pick(a, b)
            counts[kept] = counts.get(kept, 0) + 1
    return {f: Fraction(counts[f], 400) for f in sorted(counts)}


def check_outcomes(value: int, edge: Edge) -> dict[str, Fraction]:
    """P(pass), P(fail), P(crit), P(fumble) of a check against `value`."""
    probs = kept_face_probs(edge)
    passing = sum((p for f, p in probs.items() if f <= value), Fraction(0))
    return {
        "pass": passing,
        "fail": 1 - passing,
        "crit": probs.get(1, Fraction(0)),
        "fumble": probs.get(20, Fraction(0)),
    }


def risk_outcomes(sides: int, edge: Edge = None) -> dict[str, Fraction]:
    """P(hold) and P(step-down) (P(fizzle) for a Δ4) of one roll of a risk die."""
    down = step_down_chance(sides, edge)
    word = "fizzle" if step_down(sides) == GONE else "step-down"
    return {"hold": 1 - down, word: down}
