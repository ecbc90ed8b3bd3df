"""Plain-text pieces the results are shown with: dice lists, totals, pool names.

Dropped dice are written `~~2~~` (the text renderer turns that into strike-through on a TTY).
"""

from __future__ import annotations

from fractions import Fraction

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

MAX_SHOWN = 24
TITLES = {
    "hp": "HP", "xp": "XP", "str": "STR", "dex": "DEX", "wil": "WIL",
    "med-flag": "Med Flag", "supply": "Healing Supply",
}
_PRECEDENCE = {"+": 1, "-": 1, "*": 2, "/": 2}


def pool_title(name: str) -> str:
    """How a pool is written in output: `hp` → HP, `luck` → Luck."""
    return TITLES.get(name, name[:1].upper() + name[1:])


def strike(text: str) -> str:
    return f"~~{text}~~"


def describe_die(d: DieRoll) -> str:
    """One die: `5`, `6!` (exploded), `~~1~~ 4` (rerolled), `~~2~~` (dropped), `8*` (success)."""
    if d.rerolled:
        text = " ".join(strike(str(f)) for f in d.faces[:-1]) + f" {d.value}"
    elif d.exploded and len(d.faces) > 1:
        text = "+".join(str(f) for f in d.faces) + "!"
    else:
        text = str(d.value) + ("!" if d.exploded else "")
    if d.success > 0:
        text += "*"
    elif d.success < 0:
        text += "-"
    return text if d.kept else strike(text)


def describe_throws(throws: tuple[Throw, ...]) -> str:
    """One die as its face (`7`); several as `[~~15~~, 7]`, the ones not kept struck."""
    if len(throws) == 1:
        return str(throws[0].face)
    return "[" + ", ".join(str(t.face) if t.kept else strike(str(t.face)) for t in throws) + "]"


def describe_dice(dice: tuple[DieRoll, ...]) -> str:
    shown = [describe_die(d) for d in dice[:MAX_SHOWN]]
    if len(dice) > MAX_SHOWN:
        shown.append(f"… {len(dice) - MAX_SHOWN:,} more")
    return "[" + ", ".join(shown) + "]"


def number(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{value}"


def describe_tree(node: Rolled) -> str:
    """The evaluated expression with each term's dice in place of its notation."""
    if isinstance(node, RolledTerm):
        text = describe_dice(node.dice)
        if node.dice and node.dice[0].why in ("Favor", "Hinder"):
            text = f"{node.dice[0].why} {describe_dice(node.dice)}"
        if node.counts_successes:
            text += f" = {number(node.value)} success" + ("" if node.value == 1 else "es")
        return text
    if isinstance(node, RolledConst):
        return number(node.value)
    if isinstance(node, RolledLabel):
        return f"{describe_tree(node.inner)} {node.label}"
    if isinstance(node, RolledGroup):
        parts = []
        for member, kept in zip(node.members, node.kept, strict=True):
            text = describe_tree(member)
            if not isinstance(member, RolledConst):
                text += f" = {number(member.value)}"
            parts.append(text if kept else strike(text))
        return "{" + ", ".join(parts) + "}"
    if node.op == "neg":
        return f"-{_wrapped(node.children[0], 3)}"
    if node.op in _PRECEDENCE:
        mine = _PRECEDENCE[node.op]
        left = _wrapped(node.children[0], mine)
        right = _wrapped(node.children[1], mine + 1)
        return f"{left} {node.op} {right}"
    return f"{node.op}(" + ", ".join(describe_tree(c) for c in node.children) + ")"


def _wrapped(node: Rolled, level: int) -> str:
    text = describe_tree(node)
    if isinstance(node, RolledOp) and node.op in _PRECEDENCE and _PRECEDENCE[node.op] < level:
        return f"({text})"
    return text


def describe_roll(roll: Roll) -> str:
    """`[6, 5, ~~2~~, 4] = 15`; a lone counting term reads `[8*, 2] = 1 success`."""
    body = describe_tree(roll.tree)
    tree = roll.tree
    while isinstance(tree, RolledLabel):
        tree = tree.inner
    if isinstance(tree, RolledTerm) and tree.counts_successes:
        return body
    if isinstance(tree, RolledConst):
        return str(roll.total)
    if roll.exact.denominator != 1:
        return f"{body} = {roll.total} ({number(roll.exact)} rounded down)"
    return f"{body} = {roll.total}"
