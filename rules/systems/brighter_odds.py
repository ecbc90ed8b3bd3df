"""Exact odds of Brighter Worlds saves, next to the rules they price."""

from __future__ import annotations

from rules.notation import ast
from rules.odds import Odds
from rules.systems.base import Context
from rules.systems.brighter_save import own_probs, parse_save, pass_probability


def save_odds(ctx: Context, line: ast.CommandLine) -> Odds:
    """`odds save ATTR [enhanced|impaired] [vs …]`: P(pass) exactly (an enhanced d8: 29/32)."""
    spec = parse_save(ctx, line)
    passing = pass_probability(spec)
    return Odds(own_probs(spec.sides, spec.mode), {"pass": passing, "fail": 1 - passing})
