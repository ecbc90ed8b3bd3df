"""Success counts whose target no face of the die reaches (`3d6 >= 10`: a compare right after
dice counts dice, and a d6 never shows 10), said as a warning with what was likely meant."""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from typing import Any

from rules.notation import syntax
from rules.notation.modifiers import Clamp, CountSuccesses, Explode


def _dice_terms(node: Any) -> list[syntax.Dice]:
    """Every dice term of a tree, in order (a group's members and a function's arguments too)."""
    if isinstance(node, syntax.Dice):
        return [node]
    if isinstance(node, tuple):
        return [d for item in node for d in _dice_terms(item)]
    if is_dataclass(node) and not isinstance(node, type):
        return [d for f in fields(node) for d in _dice_terms(getattr(node, f.name, None))]
    return []


def out_of_reach(line: syntax.Line) -> list[str]:
    """A warning for each dice term that counts successes on a target no face of its die meets
    (explosions and clamps left aside: they change what a die shows)."""
    said: list[str] = []
    for term in _dice_terms(line):
        if any(isinstance(m, Explode | Clamp) for m in term.mods):
            continue
        for mod in term.mods:
            if isinstance(mod, CountSuccesses) and not any(mod.when.matches(f) for f in term.die.faces):
                said.append(_warning(term, mod))
    return said


WORDS = {">=": "{} or more", ">": "more than {}", "<=": "{} or less", "<": "less than {}", "=": "{}"}
"""A compare point in words."""


def _warning(term: syntax.Dice, mod: CountSuccesses) -> str:
    op, value = mod.when.op, mod.when.value
    text = f"no {term.die} shows {WORDS[op].format(value)}: {term} counts 0 successes"
    if op in (">=", ">"):  # what a player of other tools meant: the total against a target
        text += f" (a total against a target is written vs: {term.count}{term.die} vs {value + (op == '>')})"
    return text
