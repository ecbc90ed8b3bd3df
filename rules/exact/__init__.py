"""Exact distributions of the roller's syntax tree: rational odds, no sampling, no I/O
(`rules.odds(LINE)`, rules/library.py, is the face a player calls)."""

from __future__ import annotations

from rules.exact.dist import Dist, Value
from rules.exact.engine import EPSILON, clear_cache, distribution, line_odds
from rules.exact.result import Odds, OddsHook

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
