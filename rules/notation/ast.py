"""The syntax tree of a LINE: frozen nodes whose `str()` gives the notation back, under one name.

The nodes live in modules by concern: rules/notation/sum_nodes.py (dice, numbers, `+ -`, keeps,
the RollLine: all a plain sum is made of), modifiers.py, groups.py (groups, calls, labels,
Vagabond's atoms), command_nodes.py and advantage.py (`adv`/`dis`). `ast.Name` imports a
name's module when it is first asked for, so a plain `roll 2d6+3` never makes the classes of a
group or a command word (each dataclass costs a fraction of a millisecond to make). Type
checkers read ast.pyi beside it, which imports every name from its module; the node modules
name each other's types through `ast` too, so their imports go one way.
"""

from __future__ import annotations

from importlib import import_module

HOMES = {
    "sum_nodes": ("Advantage BinOp CompareOp D6 D20 Dice Die DieKind FATE Keep Neg Num PERCENT"
                  " RollLine children risk_die std_die walk written_once"),
    "modifiers": ("Clamp Compare CountFailures CountSuccesses CountTwice Counting Crit Explode"
                  " Explosion Modifier Reroll Sort explosion in_stage_order mixed_explosions"
                  " mods_notation"),
    "groups": "Aid Call Expr FunctionName Group Labeled inner_nodes",
    "command_nodes": "Arg CommandLine ExprArg KeyValue Line Word",
    "advantage": ("advantaged combined has_advantage is_bare_d20 is_bare_die lone_die"
                  " no_d20_for bare_again with_advantage"),
}
"""Which module of rules/notation holds each name of the tree."""

_HOME = {name: module for module, names in HOMES.items() for name in names.split()}


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
