"""Plain-text pieces the results are shown with: dice lists, totals, pool names.

Dropped dice are written `~~2~~` (the text renderer turns that into strike-through on a TTY).
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


def strike(text: str) -> str:
    return f"~~{text}~~"


def describe_die(d: DieRoll) -> str:
    """One die: `5`, `6!` (exploded), `~~1~~ 4` (rerolled), `~~2~~` (dropped), `8*` (success),
    `6+6+2!` (compounded), `~~1~~ 6+3!` (rerolled, then compounded)."""
    discarded = d.discarded or (len(d.faces) - 1 if d.rerolled and not d.exploded else 0)
    standing = d.faces[discarded:]
    if d.exploded and len(standing) > 1:
        text = "+".join(str(f) for f in standing) + "!"
    else:
        text = str(d.value) + ("!" if d.exploded else "")
    if discarded:
        text = " ".join(strike(str(f)) for f in d.faces[:discarded]) + f" {text}"
    if d.success > 0:
        text += "*" * d.success  # `10**`: a success counted twice (`t10`)
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


def number(value: Exact) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{value}"


def describe_tree(node: Rolled) -> str:
    """The evaluated expression with each term's dice in place of its notation."""
    if isinstance(node, RolledTerm):
        text = describe_dice(node.dice)
        if node.dice and node.dice[0].why in ("Favor", "Hinder"):
            text = f"{node.dice[0].why} {describe_dice(node.dice)}"
        return text + _count_of(node)
    if isinstance(node, RolledConst):
        return number(node.value)
    if isinstance(node, RolledLabel):
        inner = node.inner
        if isinstance(inner, (RolledTerm, RolledGroup)) and inner.counts_successes:
            # `[5*, 3, 4*] hits = 2 successes`: the label names the dice, not the count
            shown = describe_tree(inner)
            return f"{shown[: len(shown) - len(_count_of(inner))]} {node.label}{_count_of(inner)}"
        return f"{describe_tree(inner)} {node.label}"
    if isinstance(node, RolledGroup):
        parts = []
        scores = node.scores or (0,) * len(node.members)
        for member, kept, score in zip(node.members, node.kept, scores, strict=True):
            text = describe_tree(member)
            if not isinstance(member, RolledConst) and not _counts(member):
                text += f" = {number(member.value)}"
            text += "*" if score > 0 else "-" if score < 0 else ""
            # a dropped member is struck as a whole: no strike-through inside a strike-through
            parts.append(text if kept else strike(text.replace("~~", "")))
        return "{" + ", ".join(parts) + "}" + _count_of(node)
    if node.op == "neg":
        return f"-{_wrapped(node.children[0], 3)}"
    if node.op in _PRECEDENCE:
        mine = _PRECEDENCE[node.op]
        left = _wrapped(node.children[0], mine)
        right = _wrapped(node.children[1], mine + 1)
        return f"{left} {node.op} {right}"
    return f"{node.op}(" + ", ".join(describe_tree(c) for c in node.children) + ")"


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


def _wrapped(node: Rolled, level: int) -> str:
    text = describe_tree(node)
    if isinstance(node, RolledOp) and node.op in _PRECEDENCE and _PRECEDENCE[node.op] < level:
        return f"({text})"
    return text


def describe_roll(roll: Roll) -> str:
    """`[6, 5, ~~2~~, 4] = 15`; a lone counting term or group reads `[8*, 2] = 1 success`."""
    body = describe_tree(roll.tree)
    tree = roll.tree
    while isinstance(tree, RolledLabel):
        tree = tree.inner
    if _counts(tree):
        return body
    if isinstance(tree, RolledConst):
        return str(roll.total)
    if roll.exact.denominator != 1:
        return f"{body} = {roll.total} ({number(roll.exact)} rounded down)"
    return f"{body} = {roll.total}"
