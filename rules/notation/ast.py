"""The syntax tree of a LINE: frozen nodes whose `str()` gives the notation back, under one name.

The nodes live in modules by concern: rules/notation/sum_nodes.py (dice, numbers, `+ -`, keeps,
the RollLine: all a plain sum is made of), modifiers.py, groups.py (groups, calls, labels,
Vagabond's atoms), command_nodes.py and advantage.py (`adv`/`dis`). `ast.Name` imports a
name's module when it is first asked for, so a plain `roll 2d6+3` never makes the classes of a
group or a command word (each dataclass costs a fraction of a millisecond to make).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rules.notation.advantage import advantaged as advantaged
    from rules.notation.advantage import combined as combined
    from rules.notation.advantage import has_advantage as has_advantage
    from rules.notation.advantage import is_plain_d20 as is_plain_d20
    from rules.notation.advantage import is_plain_die as is_plain_die
    from rules.notation.advantage import lone_die as lone_die
    from rules.notation.advantage import no_d20_for as no_d20_for
    from rules.notation.advantage import plain_again as plain_again
    from rules.notation.advantage import with_advantage as with_advantage
    from rules.notation.command_nodes import Arg as Arg
    from rules.notation.command_nodes import CommandLine as CommandLine
    from rules.notation.command_nodes import ExprArg as ExprArg
    from rules.notation.command_nodes import KeyValue as KeyValue
    from rules.notation.command_nodes import Line as Line
    from rules.notation.command_nodes import Word as Word
    from rules.notation.groups import Aid as Aid
    from rules.notation.groups import Call as Call
    from rules.notation.groups import Expr as Expr
    from rules.notation.groups import FunctionName as FunctionName
    from rules.notation.groups import Group as Group
    from rules.notation.groups import Labeled as Labeled
    from rules.notation.modifiers import Clamp as Clamp
    from rules.notation.modifiers import Compare as Compare
    from rules.notation.modifiers import CountFailures as CountFailures
    from rules.notation.modifiers import Counting as Counting
    from rules.notation.modifiers import CountSuccesses as CountSuccesses
    from rules.notation.modifiers import CountTwice as CountTwice
    from rules.notation.modifiers import Crit as Crit
    from rules.notation.modifiers import Explode as Explode
    from rules.notation.modifiers import Explosion as Explosion
    from rules.notation.modifiers import Modifier as Modifier
    from rules.notation.modifiers import Reroll as Reroll
    from rules.notation.modifiers import Sort as Sort
    from rules.notation.modifiers import explosion as explosion
    from rules.notation.modifiers import in_stage_order as in_stage_order
    from rules.notation.modifiers import mixed_explosions as mixed_explosions
    from rules.notation.modifiers import mods_notation as mods_notation
    from rules.notation.sum_nodes import D6 as D6
    from rules.notation.sum_nodes import D20 as D20
    from rules.notation.sum_nodes import FATE as FATE
    from rules.notation.sum_nodes import PERCENT as PERCENT
    from rules.notation.sum_nodes import Advantage as Advantage
    from rules.notation.sum_nodes import BinOp as BinOp
    from rules.notation.sum_nodes import CompareOp as CompareOp
    from rules.notation.sum_nodes import Dice as Dice
    from rules.notation.sum_nodes import Die as Die
    from rules.notation.sum_nodes import DieKind as DieKind
    from rules.notation.sum_nodes import Keep as Keep
    from rules.notation.sum_nodes import Neg as Neg
    from rules.notation.sum_nodes import Num as Num
    from rules.notation.sum_nodes import RollLine as RollLine
    from rules.notation.sum_nodes import children as children
    from rules.notation.sum_nodes import risk_die as risk_die
    from rules.notation.sum_nodes import std_die as std_die
    from rules.notation.sum_nodes import walk as walk
    from rules.notation.sum_nodes import written_once as written_once

HOMES = {
    "sum_nodes": ("Advantage BinOp CompareOp D6 D20 Dice Die DieKind FATE Keep Neg Num PERCENT"
                  " RollLine children risk_die std_die walk written_once"),
    "modifiers": ("Clamp Compare CountFailures CountSuccesses CountTwice Counting Crit Explode"
                  " Explosion Modifier Reroll Sort explosion in_stage_order mixed_explosions"
                  " mods_notation"),
    "groups": "Aid Call Expr FunctionName Group Labeled",
    "command_nodes": "Arg CommandLine ExprArg KeyValue Line Word",
    "advantage": ("advantaged combined has_advantage is_plain_d20 is_plain_die lone_die"
                  " no_d20_for plain_again with_advantage"),
}
"""Which module of rules/notation holds each name of the tree."""

_HOME = {name: module for module, names in HOMES.items() for name in names.split()}


if not TYPE_CHECKING:  # mypy reads the imports above; a mistyped name stays its error

    def __getattr__(name: str) -> object:
        """`ast.Name`: the name from its module, imported the first time it is asked for (kept
        here after, so the next `ast.Name` is an ordinary attribute)."""
        module = _HOME.get(name)
        if module is None:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        value = getattr(import_module(f"rules.notation.{module}"), name)
        globals()[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted({*globals(), *_HOME})
