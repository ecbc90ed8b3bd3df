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
"""

from __future__ import annotations

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

