"""roll-rules' domain: dice notation, dice, odds and game systems. Pure: no I/O.

As a library (SPEC §1):

    import rules
    rules.roll("4d6kh3", seed=7)                        # a Resolution: .total, .summary, …
    rules.roll("check dex=5 trained", system="vagabond",
               source=rules.ScriptedSource([14]))
    rules.odds("2d6 vs 7").outcomes["pass"]            # an exact Fraction (7/12)
    rules.parse("3x 1d6 # fire").repeat                # the syntax tree

A game is a `rules.System` (the five built-in ones, a game file's `GameSystem` made by
`rules.read_game(text, where)`, a package's through the entry point group
`roll_rules.systems`); `rules.check_system(game)` says which of the protocol's promises it
breaks (docs/games/protocol.md).

A speed device, kept: `import rules` loads nothing, each name below is imported when first
read (module `__getattr__`). Every `import rules.x` runs this module first, and the face's
modules (the odds engine, game files, the protocol kit) cost a plain `roll 2d6+3` 74 ms of CPU
(bench/devices.py, row "lazy face of rules/__init__.py"; docs/architecture.md). The names are
written in the type checker's imports, in `_FROM` and in `__all__`;
tests/dice/test_library_face.py holds the three equal and each name the one its module defines.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rules.campaign import Character
    from rules.dice.results import DieRoll, Roll, Throw
    from rules.dice.source import DiceSource, RandomSource, ScriptedSource
    from rules.errors import (
        EvaluationError,
        LimitError,
        NotationError,
        RollError,
        RuleError,
        ScriptError,
        SheetError,
        UsageError,
    )
    from rules.exact.result import Odds
    from rules.library import odds, parse, repeat, roll
    from rules.resolution import Change, Resolution
    from rules.systems import SYSTEMS, System, get_system
    from rules.systems.gamefile.reader import read_game
    from rules.systems.gamefile.system import GameSystem
    from rules.systems.protocol import CommandFn, Context, OddsFn
    from rules.systems.sheet_terms import Pool, Stat
    from rules.table_state import TableState
    from rules.testing import check_system

_FROM = {
    "parse": "rules.library",
    "roll": "rules.library",
    "repeat": "rules.library",
    "odds": "rules.library",
    "SYSTEMS": "rules.systems",
    "System": "rules.systems",
    "get_system": "rules.systems",
    "Context": "rules.systems.protocol",
    "CommandFn": "rules.systems.protocol",
    "OddsFn": "rules.systems.protocol",
    "Stat": "rules.systems.sheet_terms",
    "Pool": "rules.systems.sheet_terms",
    "GameSystem": "rules.systems.gamefile.system",
    "read_game": "rules.systems.gamefile.reader",
    "check_system": "rules.testing",
    "Resolution": "rules.resolution",
    "Change": "rules.resolution",
    "Roll": "rules.dice.results",
    "DieRoll": "rules.dice.results",
    "Throw": "rules.dice.results",
    "Odds": "rules.exact.result",
    "DiceSource": "rules.dice.source",
    "RandomSource": "rules.dice.source",
    "ScriptedSource": "rules.dice.source",
    "TableState": "rules.table_state",
    "Character": "rules.campaign",
    "RollError": "rules.errors",
    "NotationError": "rules.errors",
    "LimitError": "rules.errors",
    "EvaluationError": "rules.errors",
    "ScriptError": "rules.errors",
    "SheetError": "rules.errors",
    "UsageError": "rules.errors",
    "RuleError": "rules.errors",
}
"""Each name of the library face, and the module that defines it."""

__all__ = [
    "SYSTEMS",
    "Change",
    "Character",
    "CommandFn",
    "Context",
    "DiceSource",
    "DieRoll",
    "EvaluationError",
    "GameSystem",
    "LimitError",
    "NotationError",
    "Odds",
    "OddsFn",
    "Pool",
    "RandomSource",
    "Resolution",
    "Roll",
    "RollError",
    "RuleError",
    "ScriptError",
    "ScriptedSource",
    "SheetError",
    "Stat",
    "System",
    "TableState",
    "Throw",
    "UsageError",
    "check_system",
    "get_system",
    "odds",
    "parse",
    "read_game",
    "repeat",
    "roll",
]


def __getattr__(name: str) -> Any:
    """A name of the face, imported on first use (and kept: the next read is a plain one)."""
    where = _FROM.get(name)
    if where is None:
        raise AttributeError(f"module 'rules' has no attribute {name!r}")
    value = getattr(import_module(where), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
