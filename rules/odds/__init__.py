"""Exact odds for the roller's syntax tree: rational distributions, no sampling, no I/O."""

import sys
from types import ModuleType
from typing import Any

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


class _OddsPackage(ModuleType):
    """`rules.odds` is this package and the library's `odds(LINE)` (SPEC §1 names both):
    importing a subpackage sets its name on `rules`, so the package itself answers the call."""

    def __call__(self, line: str, **given: Any) -> Odds:
        from rules.library import odds

        return odds(line, **given)


sys.modules[__name__].__class__ = _OddsPackage
