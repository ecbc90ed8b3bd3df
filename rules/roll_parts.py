"""The pieces results are shown with: dice lists and totals as parts (rules/said.py: each die
a `Face` with its flags, which plain text writes `~~2~~` when not kept), pool names as text.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.dice.results import (
    DieRoll,
    Roll,
    Rolled,
    RolledConst,
    RolledGroup,
    RolledLabel,
    RolledOp,
    RolledTerm,
    Throw,
)
from rules.said import Face, OutcomeWord, Part, Said
from rules.titles import TITLES as TITLES
from rules.titles import capitalized as capitalized
from rules.titles import pool_title as pool_title

if TYPE_CHECKING:
    from rules.dice.results import Exact

MAX_SHOWN = 24
_PRECEDENCE = {"+": 1, "-": 1, "*": 2, "/": 2}


Pieces = list[Part]
"""Parts written in order, made a `Said` once."""


def die_parts(d: DieRoll) -> Said:
    """One die: `5`, `6!` (exploded), `1↻4` (rerolled), `~~2~~` (dropped), `8*` (success),
    `6+6+2!` (compounded), `1↻6+3!` (rerolled, then compounded), as plain text writes it."""
    out: Pieces = []
    _die(d, out)
    return Said(tuple(out))


def _die(d: DieRoll, out: Pieces) -> None:
    discarded = d.discarded or (len(d.faces) - 1 if d.rerolled and not d.exploded else 0)
    if d.exploded and len(d.faces) - discarded > 1:
        text = "+".join(str(f) for f in d.faces[discarded:]) + "!"
    else:
        text = str(d.value) + ("!" if d.exploded else "")
    if d.success > 0:
        text += "*" * d.success  # `10**`: a success counted twice (`t10`)
    elif d.success < 0:
        text += "-"
    for face in d.faces[:discarded]:  # joined to the face that replaced it: one word
        out.append(Face(str(face), False, rerolled=True, replaced=True))
    out.append(Face(text, d.kept, d.exploded, d.rerolled))


def throws_parts(throws: tuple[Throw, ...], named: bool = False) -> Said:
    """One die as its face (`7`); several as `[~~15~~, 7]`, the ones not kept struck;
    `named`: each face after its die (`[d8 ~~3~~, d12 9]`), for dice of different sizes."""
    if len(throws) == 1:
        return Said((Face(str(throws[0].face)),))
    out: Pieces = ["["]
    for i, t in enumerate(throws):
        if i:
            out.append(", ")
        if named:
            out.append(f"{t.die} ")
        out.append(Face(str(t.face), t.kept))
    out.append("]")
    return Said(tuple(out))


def dice_parts(dice: tuple[DieRoll, ...]) -> Said:
    out: Pieces = []
    _dice(dice, out)
    return Said(tuple(out))


def _dice(dice: tuple[DieRoll, ...], out: Pieces) -> None:
    out.append("[")
    for i, d in enumerate(dice[:MAX_SHOWN]):
        if i:
            out.append(", ")
        _die(d, out)
    _more(len(dice), out)


def _faces(term: RolledTerm, out: Pieces) -> None:
    """A term whose dice are their one face each: `[6, ~~1~~, 4]`, as `_dice` writes its
    DieRolls, without making them (`100000d6` shows 24)."""
    out.append("[")
    kept = term.kept
    for i, face in enumerate(term.faces[:MAX_SHOWN]):
        if i:
            out.append(", ")
        out.append(Face(str(face), True if kept is None else kept[i]))
    _more(len(term.faces), out)


def _more(count: int, out: Pieces) -> None:
    """The close of a dice list: how many were not shown, and `]`."""
    if count > MAX_SHOWN:
        out.append(f", … {count - MAX_SHOWN:,} more")
    out.append("]")


def number(value: Exact) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{value}"


def tree_parts(node: Rolled) -> Said:
    """The evaluated expression with each term's dice in place of its notation."""
    out: Pieces = []
    _tree(node, out)
    return Said(tuple(out))


def _tree(node: Rolled, out: Pieces, counted: bool = True) -> None:
    """`tree_parts` into `out`; a counting term or group without its ` = 2 successes` when
    not `counted` (a label goes before the count)."""
    if isinstance(node, RolledTerm):
        if node.histories is None:
            _faces(node, out)
        else:
            if node.histories and node.histories[0].why in ("Favor", "Hinder"):
                out.append(f"{node.histories[0].why} ")
            _dice(node.histories, out)
        if counted and node.counts_successes:
            out.append(_count_of(node))
    elif isinstance(node, RolledConst):
        out.append(number(node.value))
    elif isinstance(node, RolledLabel):
        inner = node.inner
        if isinstance(inner, (RolledTerm, RolledGroup)) and inner.counts_successes:
            # `[5*, 3, 4*] hits = 2 successes`: the label names the dice, not the count
            _tree(inner, out, counted=False)
            out.append(f" {node.label}{_count_of(inner)}")
        else:
            _tree(inner, out)
            out.append(f" {node.label}")
    elif isinstance(node, RolledGroup):
        out.append("{")
        scores = node.scores or (0,) * len(node.members)
        for i, (member, kept, score) in enumerate(
                zip(node.members, node.kept, scores, strict=True)):
            if i:
                out.append(", ")
            shown: Pieces = out if kept else []
            _tree(member, shown)
            if not isinstance(member, RolledConst) and not _counts(member):
                shown.append(f" = {number(member.value)}")
            if score:
                shown.append("*" if score > 0 else "-")
            if not kept:
                # a dropped member is struck as a whole: no strike-through inside one
                out.append(Face(_unmarked(shown), False))
        out.append("}")
        if counted and node.counts_successes:
            out.append(_count_of(node))
    elif node.op == "neg":
        out.append("-")
        _wrapped(node.children[0], 3, out)
    elif node.op in _PRECEDENCE:
        mine = _PRECEDENCE[node.op]
        _wrapped(node.children[0], mine, out)
        out.append(f" {node.op} ")
        _wrapped(node.children[1], mine + 1, out)
    else:
        out.append(f"{node.op}(")
        for i, child in enumerate(node.children):
            if i:
                out.append(", ")
            _tree(child, out)
        out.append(")")


def _unmarked(pieces: Pieces) -> str:
    """A group member's pieces as one text, its dice without their own marks."""
    return "".join(p if isinstance(p, str) else p.word if isinstance(p, OutcomeWord) else p.text
                   for p in pieces)


def _counts(node: Rolled) -> bool:
    """Whether `node` (under its labels) is a counting term or group: it shows its own count."""
    while isinstance(node, RolledLabel):
        node = node.inner
    return isinstance(node, (RolledTerm, RolledGroup)) and node.counts_successes


def _count_of(node: RolledTerm | RolledGroup) -> str:
    """` = 2 successes` after a counting term or group; empty for anything else."""
    if not node.counts_successes:
        return ""
    return f" = {number(node.value)} success" + ("" if node.value == 1 else "es")


def _wrapped(node: Rolled, level: int, out: Pieces) -> None:
    bracketed = (isinstance(node, RolledOp) and node.op in _PRECEDENCE
                 and _PRECEDENCE[node.op] < level)
    if bracketed:
        out.append("(")
    _tree(node, out)
    if bracketed:
        out.append(")")


def roll_parts(roll: Roll) -> Said:
    """`[6, 5, ~~2~~, 4] = 15`; a lone counting term or group reads `[8*, 2] = 1 success`."""
    tree = roll.tree
    while isinstance(tree, RolledLabel):
        tree = tree.inner
    if isinstance(tree, RolledConst):
        return Said((str(roll.total),))
    out: Pieces = []
    _tree(roll.tree, out)
    if not _counts(tree):
        out.append(f" = {roll.total}")
        if roll.exact.denominator != 1:
            out.append(f" ({number(roll.exact)} rounded down)")
    return Said(tuple(out))


def describe_roll(roll: Roll) -> str:
    """`roll_parts` as plain text: `[6, 5, ~~2~~, 4] = 15`."""
    return roll_parts(roll).plain


def describe_dice(dice: tuple[DieRoll, ...]) -> str:
    """`dice_parts` as plain text: `[6, ~~2~~]`."""
    return dice_parts(dice).plain


def describe_throws(throws: tuple[Throw, ...]) -> str:
    """`throws_parts` as plain text: `7`, `[~~15~~, 7]`."""
    return throws_parts(throws).plain


def describe_tree(node: Rolled) -> str:
    """`tree_parts` as plain text."""
    return tree_parts(node).plain
