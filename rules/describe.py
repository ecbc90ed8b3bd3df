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
from rules.said import Face, Said, Text, joined, said

if TYPE_CHECKING:
    from rules.dice.results import Exact

MAX_SHOWN = 24
TITLES = {
    "hp": "HP", "xp": "XP", "str": "STR", "dex": "DEX", "wil": "WIL",
    "med-flag": "Med Flag", "supply": "Healing Supply",
}
_PRECEDENCE = {"+": 1, "-": 1, "*": 2, "/": 2}


def capitalized(name: str) -> str:
    """A game's word as output writes it: `dexterity` → Dexterity (the rest as it is)."""
    return name[:1].upper() + name[1:]


def pool_title(name: str) -> str:
    """How a pool or flag is written in output, in the game's words: `hp` → HP, `luck` → Luck,
    `breather-taken` → Breather taken (an id's hyphens are spaces in prose)."""
    return TITLES.get(name) or capitalized(name.replace("-", " ") if ":" not in name else name)


def die_parts(d: DieRoll) -> Said:
    """One die: `5`, `6!` (exploded), `~~1~~ 4` (rerolled), `~~2~~` (dropped), `8*` (success),
    `6+6+2!` (compounded), `~~1~~ 6+3!` (rerolled, then compounded), as plain text writes it."""
    discarded = d.discarded or (len(d.faces) - 1 if d.rerolled and not d.exploded else 0)
    standing = d.faces[discarded:]
    if d.exploded and len(standing) > 1:
        text = "+".join(str(f) for f in standing) + "!"
    else:
        text = str(d.value) + ("!" if d.exploded else "")
    if d.success > 0:
        text += "*" * d.success  # `10**`: a success counted twice (`t10`)
    elif d.success < 0:
        text += "-"
    face = Face(text, d.kept, d.exploded, d.rerolled)
    if not discarded:
        return Said((face,))
    away = [Face(str(f), False, rerolled=True) for f in d.faces[:discarded]]
    return joined([*away, face], " ")


def throws_parts(throws: tuple[Throw, ...]) -> Said:
    """One die as its face (`7`); several as `[~~15~~, 7]`, the ones not kept struck."""
    if len(throws) == 1:
        return Said((Face(str(throws[0].face)),))
    return "[" + joined([Face(str(t.face), t.kept) for t in throws], ", ") + "]"


def dice_parts(dice: tuple[DieRoll, ...]) -> Said:
    shown: list[str | Said] = [die_parts(d) for d in dice[:MAX_SHOWN]]
    if len(dice) > MAX_SHOWN:
        shown.append(f"… {len(dice) - MAX_SHOWN:,} more")
    return "[" + joined(shown, ", ") + "]"


def number(value: Exact) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{value}"


def tree_parts(node: Rolled) -> Said:
    """The evaluated expression with each term's dice in place of its notation."""
    return _tree(node)


def _tree(node: Rolled, counted: bool = True) -> Said:
    """`describe_tree`; a counting term or group without its ` = 2 successes` when not
    `counted` (a label goes before the count)."""
    if isinstance(node, RolledTerm):
        text = dice_parts(node.dice)
        if node.dice and node.dice[0].why in ("Favor", "Hinder"):
            text = f"{node.dice[0].why} " + text
        return text + _count_of(node) if counted else text
    if isinstance(node, RolledConst):
        return said(number(node.value))
    if isinstance(node, RolledLabel):
        inner = node.inner
        if isinstance(inner, (RolledTerm, RolledGroup)) and inner.counts_successes:
            # `[5*, 3, 4*] hits = 2 successes`: the label names the dice, not the count
            return _tree(inner, counted=False) + f" {node.label}" + _count_of(inner)
        return _tree(inner) + f" {node.label}"
    if isinstance(node, RolledGroup):
        parts: list[Said] = []
        scores = node.scores or (0,) * len(node.members)
        for member, kept, score in zip(node.members, node.kept, scores, strict=True):
            text = _tree(member)
            if not isinstance(member, RolledConst) and not _counts(member):
                text += f" = {number(member.value)}"
            text += "*" if score > 0 else "-" if score < 0 else ""
            # a dropped member is struck as a whole: no strike-through inside a strike-through
            parts.append(text if kept else Said((Face(_unmarked(text), False),)))
        return "{" + joined(parts, ", ") + "}" + (_count_of(node) if counted else "")
    if node.op == "neg":
        return "-" + _wrapped(node.children[0], 3)
    if node.op in _PRECEDENCE:
        mine = _PRECEDENCE[node.op]
        left = _wrapped(node.children[0], mine)
        right = _wrapped(node.children[1], mine + 1)
        return left + f" {node.op} " + right
    return f"{node.op}(" + joined([_tree(c) for c in node.children], ", ") + ")"


def _unmarked(text: Said) -> str:
    """A group member's parts as one text, its dice without their own marks."""
    return "".join(p.text if isinstance(p, (Text, Face)) else p.word for p in text.parts)


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


def _wrapped(node: Rolled, level: int) -> Said:
    text = _tree(node)
    if isinstance(node, RolledOp) and node.op in _PRECEDENCE and _PRECEDENCE[node.op] < level:
        return "(" + text + ")"
    return text


def roll_parts(roll: Roll) -> Said:
    """`[6, 5, ~~2~~, 4] = 15`; a lone counting term or group reads `[8*, 2] = 1 success`."""
    body = _tree(roll.tree)
    tree = roll.tree
    while isinstance(tree, RolledLabel):
        tree = tree.inner
    if _counts(tree):
        return body
    if isinstance(tree, RolledConst):
        return said(str(roll.total))
    if roll.exact.denominator != 1:
        return body + f" = {roll.total} ({number(roll.exact)} rounded down)"
    return body + f" = {roll.total}"


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
