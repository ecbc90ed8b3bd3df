"""`adv` and `dis`: one die rolled twice keeping the higher or the lower, where the words may go,
how they combine, and why a LINE is refused them."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from rules.notation.die_nodes import D20, Advantage, Keep
from rules.notation.expr_nodes import BinOp, Call, Dice, Expr, Group, Labeled, Neg, RollLine, walk


def is_bare_d20(node: Expr) -> bool:
    """A lone `d20` with no modifiers: the term `adv` and `dis` may follow."""
    return (isinstance(node, Dice) and node.count == 1 and node.die == D20 and not node.mods
            and node.advantage is None)


def is_bare_die(node: Expr) -> bool:
    """A lone die with no modifiers (`d20`, `d6`, `Δ8`): the term `adv` and `dis` may follow."""
    return (isinstance(node, Dice) and node.count == 1 and not node.mods
            and node.advantage is None)


def lone_die(line: RollLine) -> Dice | None:
    """The LINE's one die, alone or rolled at `adv`/`dis` (`Δ8`, `Δ8 adv`), else None."""
    expr = line.expr
    if line.target is not None or not isinstance(expr, Dice):
        return None
    return expr if expr.advantage is not None or is_bare_die(expr) else None


def has_advantage(line: RollLine) -> bool:
    """Whether a d20 of the LINE already rolls with `adv` or `dis`."""
    return line.advantage is not None or any(
        isinstance(n, Dice) and n.advantage is not None for n in walk(line.expr)
    )


def advantaged(node: Dice, advantage: Advantage) -> Dice:
    """`d20 adv` (2d20kh1) or `d6 dis` (2d6kl1) from one bare die: the better or worse of two."""
    keep = Keep("kh" if advantage == "adv" else "kl", 1)
    return replace(node, count=2, mods=(keep,), advantage=advantage)


def combined(words: Iterable[str]) -> Advantage | None:
    """Several `adv`/`dis` words as one: the same word twice is once (advantage never stacks),
    both cancel to one die (Macchiato's text; 5e's too)."""
    given = {w.lower() for w in words}
    if given == {"adv"}:
        return "adv"
    if given == {"dis"}:
        return "dis"
    return None


def bare_again(node: Dice) -> Dice:
    """`d20 adv` back to its one die (a `dis` after it cancels it)."""
    return replace(node, count=1, mods=(), advantage=None)


def with_advantage(expr: Expr, advantage: Advantage | None) -> Expr:
    """Give the first bare d20 of `expr` advantage (2d20kh1) or disadvantage (2d20kl1); a d20
    already rolled the other way goes back to one die (adv and dis cancel), the same way stays."""
    if advantage is None:
        return expr
    if not any(is_bare_d20(n) for n in walk(expr)):
        return _with_second_word(expr, advantage)
    done = False

    def visit(node: Expr) -> Expr:
        nonlocal done
        if done:
            return node
        if isinstance(node, Dice):
            if is_bare_d20(node):
                done = True
                return advantaged(node, advantage)
            return node
        if isinstance(node, BinOp):
            left = visit(node.left)
            return replace(node, left=left, right=visit(node.right))
        if isinstance(node, Neg):
            return replace(node, operand=visit(node.operand))
        if isinstance(node, Labeled):
            return replace(node, inner=visit(node.inner))
        if isinstance(node, Call):
            return replace(node, args=tuple(visit(a) for a in node.args))
        if isinstance(node, Group):
            return replace(node, members=tuple(visit(m) for m in node.members))
        return node

    out = visit(expr)
    if not done:
        from rules.errors import UsageError

        raise UsageError(no_d20_for(advantage))
    return out


def _with_second_word(expr: Expr, advantage: Advantage) -> Expr:
    """`d20 adv dis`: the LINE's word meets a d20 that has one already."""
    first = next((n for n in walk(expr) if isinstance(n, Dice) and n.advantage is not None
                  and n.die == D20), None)
    if first is None:
        from rules.errors import UsageError

        raise UsageError(no_d20_for(advantage))
    if first.advantage == advantage:
        return expr
    return _replaced(expr, first, bare_again(first))


def _replaced(expr: Expr, old: Expr, new: Expr) -> Expr:
    """`expr` with its first node `old` (by identity) replaced by `new`."""
    if expr is old:
        return new
    if isinstance(expr, BinOp):
        left = _replaced(expr.left, old, new)
        if left is not expr.left:
            return replace(expr, left=left)
        right = _replaced(expr.right, old, new)
        return expr if right is expr.right else replace(expr, right=right)
    if isinstance(expr, Neg):
        inner = _replaced(expr.operand, old, new)
        return expr if inner is expr.operand else replace(expr, operand=inner)
    if isinstance(expr, Labeled):
        inner = _replaced(expr.inner, old, new)
        return expr if inner is expr.inner else replace(expr, inner=inner)
    if isinstance(expr, (Call, Group)):
        items = expr.args if isinstance(expr, Call) else expr.members
        for i, item in enumerate(items):
            got = _replaced(item, old, new)
            if got is not item:
                changed = (*items[:i], got, *items[i + 1:])
                return (replace(expr, args=changed) if isinstance(expr, Call)
                        else replace(expr, members=changed))
    return expr


def no_d20_for(advantage: Advantage, expr: Expr | None = None, typed: str | None = None) -> str:
    """Why `adv`/`dis` found no die, saying the rule: it takes one die (the one it follows, or
    at a LINE's end its one plain d20), so `2d20 adv` is ambiguous."""
    word = typed or advantage
    keep, better = ("kh1", "higher") if advantage == "adv" else ("kl1", "lower")
    rule = f"'{word}' rolls one die twice and keeps the {better} (d20 {advantage} is 2d20{keep})"
    d20 = next((n for n in walk(expr) if isinstance(n, Dice) and n.die == D20), None) if (
        expr is not None) else None
    if d20 is not None:
        return (f"{rule}: {d20} is not one die, so '{d20} {word}' is ambiguous; write"
                f" {d20.count if d20.count > 1 else 2}d20{keep}, or d20 {advantage}")
    return (f"{rule}: write it right after the die (d8 {advantage} + 2), or give the line a"
            f" plain d20 (d20+5 {advantage})")
