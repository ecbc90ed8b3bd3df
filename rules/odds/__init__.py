"""Exact odds for the roller's syntax tree: rational distributions, no sampling, no I/O."""

from rules.odds.dist import Dist, Value
from rules.odds.engine import EPSILON, clear_cache, distribution, line_odds
from rules.odds.result import Odds, OddsHook

__all__ = [
    "EPSILON",
    "Dist",
    "Odds",
    "OddsHook",
    "Value",
    "clear_cache",
    "distribution",
    "line_odds",
]
